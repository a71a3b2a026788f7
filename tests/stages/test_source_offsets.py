"""Aligned evidence located by its own offsets, not by searching its text (issue 77, item 1: no ``str.find``).

Cases written for this test (a leisure centre's passes, a museum's hours), not taken from any evaluation set.
"""

from __future__ import annotations

import json

from veracity.detectors.reader import ReaderDetector
from veracity.detectors.reader.premises import premise_writer
from veracity.schema import Document
from veracity.stages.sources import SourceIndex, Sources

PASSES = "# Day pass\n\nIncludes the pool and the sauna.\n\n# Evening pass\n\nIncludes the pool and the sauna.\n"


def test_a_line_written_twice_is_located_where_each_copy_is():
    index = SourceIndex([PASSES])
    windows = index.align("The evening pass includes the pool and the sauna.", top_k=2, window=0)
    assert [(w.start, w.end) for w in windows] == [(12, 44), (62, 94)]
    assert all(PASSES[w.start : w.end] == w.text for w in windows)
    # the report's evidence: the second copy is where it is, not where its text first occurs
    spans = [ReaderDetector.as_evidence([Document(id="p", text=PASSES)], w).span for w in windows]
    assert [s.start for s in spans] == [12, 62]


def test_each_copy_is_written_after_its_own_heading_as_a_premise():
    index = SourceIndex([PASSES])
    windows = index.align("The evening pass includes the pool and the sauna.", top_k=2, window=0)
    written = premise_writer(Sources([Document(id="p", text=PASSES)]))
    assert [written(w) for w in windows] == [
        "Day pass: Includes the pool and the sauna.",
        "Evening pass: Includes the pool and the sauna.",
    ]


def test_a_window_across_lines_spans_the_document_as_written():
    text = "Museum hours\nOpen daily from 10:00.\nClosed on 25 December.\nFree entry on Sundays."
    index = SourceIndex([text])
    (window,) = index.align("The museum is closed on 25 December.", top_k=1, window=1)
    assert window.start is not None and window.end is not None
    assert text[window.start : window.end].split() == window.text.split()  # the text joins its lines by spaces
    span = ReaderDetector.as_evidence([Document(id="m", text=text)], window).span
    assert (span.start, span.end) == (window.start, window.end) and "\n" in span.text


def test_the_pieces_of_a_very_long_sentence_are_located_word_for_word():
    words = [f"item{k}" for k in range(150)]
    text = "Stock list: " + ",  ".join(words) + "."
    index = SourceIndex([text])
    assert len(index.sentences) == 3
    for piece in index.sentences:
        assert text[piece.start : piece.end].split() == piece.text.split()


def test_a_records_lines_are_not_located_and_fall_back_to_the_record():
    record = json.dumps({"name": "Harbour Museum", "closed": "Mondays"})
    index = SourceIndex([record])
    (window,) = index.align("The Harbour Museum is closed on Mondays.", top_k=1, window=0)
    assert window.start is None and window.end is None
    span = ReaderDetector.as_evidence([Document(id="r", text=record)], window).span
    assert span.text == window.text  # not in the record's JSON as written: the window's own text

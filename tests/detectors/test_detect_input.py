"""The one input type: every context form converted once, and the first wrong field named."""

from __future__ import annotations

import re

import pytest

from veracity.detectors.base import DetectInput, to_documents
from veracity.errors import InputError
from veracity.schema import Document


def test_every_context_form_becomes_the_same_documents():
    text = "Marie Curie was born in Warsaw."
    as_string = DetectInput.of("Warsaw.", text).context
    as_list = DetectInput.of("Warsaw.", [text]).context
    as_object = DetectInput.of("Warsaw.", {"text": text}).context
    as_document = DetectInput.of("Warsaw.", Document(id="doc-1", text=text)).context
    assert as_string == as_list == as_object == as_document == [Document(id="doc-1", text=text)]
    titled = DetectInput.of("a", [{"id": "bio", "text": text, "title": "Curie"}, "second"]).context
    assert [(d.id, d.title) for d in titled] == [("bio", "Curie"), ("doc-2", None)]
    assert to_documents(["", "x"])[0].text == ""  # empty documents are the detector's to drop, not the input's


@pytest.mark.parametrize(
    ("answer", "context", "question", "named"),
    [
        (None, ["x"], None, "'answer'"),
        (3, ["x"], None, "'answer'"),
        ("a", 7, None, "'context'"),
        ("a", None, None, "'context'"),
        ("a", ["x", 5], None, "'context[1]'"),
        ("a", [{"title": "no text"}], None, "'context[0]'"),
        ("a", [{"id": "d", "text": "x"}, {"id": "d", "text": "y"}], None, "unique"),
        ("a", ["x"], ["a list"], "'question'"),
    ],
)
def test_the_first_wrong_field_is_named(answer, context, question, named):
    with pytest.raises(InputError, match=re.escape(named)):
        DetectInput.of(answer, context, question)


def test_open_domain_takes_no_context_and_the_input_is_frozen():
    item = DetectInput.of("Paris is in France.", None, None, id="r1", open_domain=True)
    assert item.context == [] and item.id == "r1"
    with pytest.raises(ValueError):
        item.answer = "changed"  # type: ignore[misc]


def test_a_detector_reads_each_passage_once_and_no_empty_one():
    """Issue 53: empty documents and repeated passages (whitespace aside) are dropped, the first id kept, and named."""
    from veracity.detectors.base import as_documents, dropped_documents

    context = ["Kyoto is old.", "", "Kyoto is old.", {"id": "k", "text": "Kyoto  is old.\n"}, "Nara is older.", "  "]
    kept = as_documents(context)
    assert [(d.id, d.text) for d in kept] == [("doc-1", "Kyoto is old."), ("doc-5", "Nara is older.")]
    note = dropped_documents(to_documents(context))
    assert note == (
        "context: dropped 2 empty documents (doc-2, doc-6); 2 repeats of doc-1 (doc-3, k) — each passage is read once"
    )
    assert dropped_documents(kept) is None
    fifty = dropped_documents(to_documents(["Kyoto is old."] * 51))
    assert fifty is not None and "50 repeats of doc-1 (doc-2, doc-3, doc-4 … doc-51)" in fifty
    with pytest.raises(InputError, match="no context"):
        as_documents(["", "  "])

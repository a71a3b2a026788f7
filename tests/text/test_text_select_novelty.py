"""Model-free text tools of the RAG detectors: lexical novelty and fitting context and answer into one window."""

from __future__ import annotations

import json
import math

import pytest

from veracity.detectors.novelty import NoveltyDetector
from veracity.errors import InputError
from veracity.text.novelty import content_words, lexical_signals, merge_word_spans, novel_words, novelty
from veracity.text.select import (
    answer_windows,
    context_segments,
    json_as_text,
    select_segments,
    window_inputs,
)


def words_count(text: str) -> int:
    return len(text.split())


def test_content_words_drop_stop_words_and_normalise():
    words = content_words("The Companies' 1,000 cars were in Paris.")
    assert [w.form for w in words] == ["companie", "1000", "car", "pari"]
    assert [(w.start, w.end) for w in words][:1] == [(4, 13)]


def test_novelty_by_hand():
    # content words: tokyo capital japan 1868 → only "tokyo" is novel: 1/4
    assert novelty("Tokyo was the capital of Japan in 1868.", ["Kyoto was the capital of Japan until 1868."]) == 0.25
    assert novelty("It is what it is.", ["anything"]) == 0.0  # no content words
    assert [w.form for w in novel_words("Zürich and Kraków", ["Kraków"])] == ["zürich"]


def test_merge_word_spans_joins_neighbours_only():
    text = "born in New York City near the river Thames"
    novel = [w for w in content_words(text) if w.form in {"new", "york", "city", "thame"}]
    spans = merge_word_spans(text, novel)
    assert [text[s:e] for s, e in spans] == ["New York City", "Thames"]


def test_lexical_signals_by_hand():
    signals = lexical_signals("Tokyo had 40 million people.", ["Kyoto had many people."])
    # content words: tokyo 40 million people → novel: tokyo, 40, million
    assert signals["novelty"] == 0.75
    assert signals["novel_words_log"] == pytest.approx(math.log1p(3))
    assert signals["novel_numbers_log"] == pytest.approx(math.log1p(1))
    assert signals["novel_names_log"] == 0.0  # "Tokyo" opens the sentence
    # bigrams (tokyo,40) (40,million) (million,people): none is in the source
    assert signals["novel_bigrams"] == 1.0
    assert lexical_signals("", ["x"])["novelty"] == 0.0


def test_novelty_detector_spans_and_bad_input():
    detector = NoveltyDetector.from_config(threshold=0.3)
    report = detector.detect("Café Zürich is in Kraków and sells tea.", ["Café Zürich is in Kraków."])
    assert [s.text for s in report.hallucinated_spans] == ["sells tea"]
    assert report.verdict == "hallucinated" and report.score == pytest.approx(2 / 5)  # café zürich kraków sell tea
    quiet = detector.detect("It is what it is.", ["Anything."])
    assert quiet.score == 0.0 and any("no content words" in n for n in quiet.notes)
    with pytest.raises(InputError):
        detector.detect("Paris.", ["   "])


def test_json_as_text_reads_records_as_lines():
    record = json.dumps({"name": "Café", "attributes": {"WiFi": None, "BusinessParking": {"lot": True}}, "x": [1, 2]})
    assert json_as_text(record).splitlines() == [
        "name: Café",
        "attributes, Wi Fi: null",
        "attributes, Business Parking, lot: true",
        "x 1: 1",
        "x 2: 2",
    ]
    assert json_as_text("{not json") == "{not json"
    assert json_as_text("plain text") == "plain text"


def test_context_segments_cut_one_huge_line():
    line = " ".join(f"w{i}" for i in range(100))
    segments = context_segments([line], max_words=40)
    assert [words_count(s.text) for s in segments] == [40, 40, 20]
    assert all(line[s.start : s.end] == s.text for s in segments)


def test_select_segments_keeps_the_related_ones_in_document_order():
    documents = ["Alpha beta gamma. The harbour of Gdańsk opened in 1358. Delta epsilon zeta. Kraków has a castle."]
    segments = context_segments(documents)
    selection = select_segments(segments, "Gdańsk opened its harbour in 1358 and Kraków", 12, words_count)
    assert [s.text for s in selection.segments] == ["The harbour of Gdańsk opened in 1358.", "Kraków has a castle."]
    assert selection.cut and selection.kept_tokens == 11 and selection.total_tokens == 17
    assert "…" in selection.text()
    everything = select_segments(segments, "anything", 100, words_count)
    assert not everything.cut and len(everything.segments) == 4


def test_answer_windows_cover_a_long_answer():
    answer = " ".join(f"Sentence number {i} says a thing." for i in range(10))
    windows = answer_windows(answer, 12, words_count)
    assert all(words_count(answer[s:e]) <= 12 for s, e in windows)
    assert " ".join(answer[s:e] for s, e in windows) == answer
    assert answer_windows("short one", 12, words_count) == [(0, 9)]
    one_long_sentence = " ".join(["word"] * 30) + "."
    pieces = answer_windows(one_long_sentence, 12, words_count)
    assert len(pieces) == 3 and all(words_count(one_long_sentence[s:e]) <= 12 for s, e in pieces)


def test_window_inputs_keep_the_question_and_note_the_cut():
    context = [" ".join(f"Filler sentence {i} about nothing." for i in range(60)) + " The tower is 330 metres tall."]
    inputs = window_inputs("The tower is 330 metres tall.", context, "How tall is it?", words_count, max_length=60)
    assert len(inputs) == 1
    window = inputs[0]
    assert window.context.startswith("How tall is it?\n")
    assert "330 metres" in window.context and window.kept_tokens < window.total_tokens


def test_idf_overlap_by_hand() -> None:
    """Three candidates: 'tram' in one (idf log 4), 'fare' in two (log 2.5), '2024' in one, weighed a quarter."""
    import math

    from veracity.text.select import document_frequencies, idf_overlap

    candidates = [{"tram", "fare"}, {"fare", "bus"}, {"2024", "bus"}]
    query = {"tram", "fare", "2024"}
    assert document_frequencies(candidates) == {"tram": 1, "fare": 2, "bus": 2, "2024": 1}
    scores = idf_overlap(query, candidates, number_weight=0.25)
    assert scores == [math.log(4) + math.log(2.5), math.log(2.5), 0.25 * math.log(4)]
    # a word no candidate holds weighs nothing (no division by a zero count)
    assert idf_overlap({"ferry"}, candidates) == [0.0, 0.0, 0.0]
    assert idf_overlap(query, []) == []

"""The reader's marks in whole words and whole values, with no word the sources state about the same thing (issue 76).

The real reader (its shipped model, the NLI model, the checkers, the span model); cases written for this test. Only
the marks change: each answer's verdict and P are those the reader gives with its marks as the models and checkers
make them (:class:`RawMarks`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from veracity.detectors.reader import ReaderDetector
from veracity.detectors.reader.detector import UnitReading
from veracity.schema import Document, Finding, Report
from veracity.text.spans import value_spans

DAY = ("Day tickets cost £4.50.", "Day tickets cost £6.50 and weekly tickets cost £20.")
WEEKLY = ("A weekly pass costs £13.50.", "Weekly pass: £15 for seven consecutive days.")
COFFEE = ("A coffee is £3.50 in the café.", "The café sells hot drinks from £2.20.")
CARD = ("The replacement card fee is £3.50.", "A replacement card costs £5.00.")
MUSEUM = ("The museum charges £3.50 for entry and opens at 10 am.", "The museum is free to enter and opens at 10:00.")
DOSE = ("Take two 250 mg capsules four times a day, which is 2 g a day.",
        "Take two 250 mg capsules four times a day (2,000 mg a day).")  # fmt: skip
PARK = ("Visitors pay £3.50 to park for 2,000 minutes.", "Visitors park free for two hours.")
CASES = [DAY, WEEKLY, COFFEE, CARD, MUSEUM, DOSE, PARK]


class RawMarks(ReaderDetector):
    """The reader with the marks as its models and checkers give them, unsnapped and untrimmed (before issue 76)."""

    @staticmethod
    def unit_marks(answer: str, reading: UnitReading, findings: Sequence[Finding]) -> list[tuple[int, int]]:
        found = [(f.span.start, f.span.end) for f in findings if reading.start <= f.span.start < reading.end]
        return list(reading.marks) + found + list(reading.span_marks) or [(reading.start, reading.end)]

    @staticmethod
    def span_marks(
        answer: str,
        reading: UnitReading,
        marks: Sequence[tuple[int, int]] | None = None,
        keep: Sequence[tuple[int, int]] = (),
    ) -> list[tuple[int, int]]:
        return list(reading.span_marks)


@pytest.fixture(scope="module")
def reader() -> ReaderDetector:
    return ReaderDetector.from_config()


@pytest.fixture(scope="module")
def raw(reader: ReaderDetector) -> RawMarks:
    return RawMarks(reader.model, reader.settings, reader.model_path, reader.stages)


def marks(report: Report) -> list[str]:
    return [span.text for span in report.hallucinated_spans]


def test_a_word_the_source_states_about_the_same_thing_is_not_marked(reader) -> None:
    report = reader.detect(DAY[0], [DAY[1]])
    assert report.verdict == "hallucinated"
    assert marks(report) == ["£4.50"]  # not "Day"; "cost" too is stated next to "tickets"
    assert [s.text for s in report.sentences[0].error_spans] == ["£4.50"]


def test_a_stated_word_in_another_case_is_not_marked_nor_a_full_stop(reader) -> None:
    report = reader.detect(WEEKLY[0], [WEEKLY[1]])
    assert report.verdict == "hallucinated"
    assert not any("weekly" in m.lower() for m in marks(report))
    assert not any(m.endswith(".") for m in marks(report))
    assert "£13.50" in " ".join(marks(report))


def test_the_text_rendering_shows_the_same_marks(reader) -> None:
    from veracity.cli.render import render_report

    text = render_report(reader.detect(DAY[0], [DAY[1]]))
    assert "Day tickets cost [[£4.50]]." in text and "[[Day]]" not in text


@pytest.mark.parametrize(("answer", "source"), [COFFEE, CARD, MUSEUM])
def test_a_price_is_marked_whole(reader, answer, source) -> None:
    report = reader.detect(answer, [source])
    assert report.verdict == "hallucinated"
    assert "£3.50" in marks(report)


def test_a_span_models_mark_inside_a_price_takes_the_whole_price(reader) -> None:
    answer, source = COFFEE
    [reading], findings, _ = reader.read(answer, [Document(id="d", text=source)], None)
    cut = answer.index("50")
    reading.span_marks = [(cut, cut + 2)]  # a run inside a price, as the span model gave (8-bit weights: "50")
    assert [answer[s:e] for s, e in reading.marks] == ["3.50"]  # the value checker's: no currency
    assert [answer[s:e] for s, e in reader.unit_marks(answer, reading, findings)] == ["£3.50", "£3.50"]


@pytest.mark.parametrize(("answer", "source"), CASES)
def test_no_mark_cuts_a_word_or_a_value_or_ends_in_punctuation(reader, answer, source) -> None:
    report = reader.detect(answer, [source])
    values = value_spans(answer)
    words = [(m.start(), m.end()) for m in re.finditer(r"\w+(?:[.,:]\d+)*", answer)]
    for span in report.hallucinated_spans + [e for s in report.sentences for e in s.error_spans]:
        assert span.text.strip() == span.text and span.text[-1] not in ".,;:!?" and span.text[0] not in ".,;:!?"
        for a, b in words + values:
            assert not (a < span.start < b or a < span.end < b), (span.text, answer[a:b])


@pytest.mark.parametrize(("answer", "source"), CASES)
def test_only_the_marks_change(reader, raw, answer, source) -> None:
    snapped, before = reader.detect(answer, [source]), raw.detect(answer, [source])
    assert snapped.verdict == before.verdict and snapped.score == before.score
    scores = [(s.score, s.hallucinated) for s in snapped.sentences]
    assert scores == [(s.score, s.hallucinated) for s in before.sentences]
    assert snapped.details.findings == before.details.findings


def test_the_reproductions_verdicts_are_as_before(raw) -> None:
    assert raw.detect(DAY[0], [DAY[1]]).verdict == "hallucinated"  # pinned at 8bd1e31
    assert raw.detect(WEEKLY[0], [WEEKLY[1]]).verdict == "hallucinated"
    # (the raw marks issue 76 reports, "Day" and "cost £4.50", came from the span model with 8-bit weights; with
    # 7-bit weights it marks nothing there, so the trimming rule is held to constructed readings below)


def test_a_flagged_unit_whose_span_marks_are_all_stated_keeps_them(reader) -> None:
    """When trimming leaves a flagged unit no mark, its snapped span marks stay (never the bare unit)."""
    reading = UnitReading(0, len(DAY[0]), {}, [], [], span_marks=[(0, 3), (4, 11)])
    reading.evidence = reader.read(DAY[0], [Document(id="d", text=DAY[1])], None)[0][0].evidence
    kept = reader.unit_marks(DAY[0], reading, [])
    assert [DAY[0][s:e] for s, e in kept] == ["Day", "tickets"]
    assert reader.span_marks(DAY[0], reading) == []  # an unflagged unit's weaker signs: dropped


def test_the_unit_itself_as_its_mark_has_no_full_stop(reader) -> None:
    reading = UnitReading(0, len(DAY[0]), {}, [], [])
    assert [DAY[0][s:e] for s, e in reader.unit_marks(DAY[0], reading, [])] == ["Day tickets cost £4.50"]

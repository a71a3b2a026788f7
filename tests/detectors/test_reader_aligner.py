"""Masked frames with the learned aligner (issue 77): a line under a heading is about the heading's thing."""

from __future__ import annotations

import pytest

from veracity.detectors.reader import ReaderConfig, ReaderDetector
from veracity.models.embedder import SentenceTransformerEmbedder
from veracity.schema import Document
from veracity.stages.sources import AnswerUnits, Sources
from veracity.stages.verify.checkers.masked import ALIGNED_MARGIN, MARGIN, MaskedFrameChecker, told_apart

BIKES = (
    "Bike hire\n\nCity bikes\nUp to 3 hours: £12. A full day: £25. Helmet included.\n\n"
    "Electric bikes\nUp to 3 hours: £30. A full day: £55. Helmet and charger included."
)


@pytest.fixture(scope="module")
def reader() -> ReaderDetector:
    return ReaderDetector.from_config(ReaderConfig(masked_frames=True))


def test_the_bike_hire_page_gives_the_electric_bikes_day_price_with_the_right_line(reader):
    # issue 77's reproduction: FAITHFUL 0.13 before, with the city bikes' line as its evidence
    report = reader.detect("Hiring an electric bike for a full day costs £25.", [BIKES])
    assert report.verdict == "hallucinated"
    found = [f for f in report.details.findings if f.relation == "contradicted" and f.span.text == "£25"]
    assert found and any("£55" in f.explanation for f in found)
    [masked] = [f for f in found if f.source_text == "A full day: £55."]
    assert BIKES[masked.source_span.start : masked.source_span.end] == "A full day: £55."


def test_the_city_bikes_day_price_passes(reader):
    report = reader.detect("Hiring a city bike for a full day costs £25.", [BIKES])
    assert report.verdict == "faithful"


def test_the_aligned_checker_reads_clauses_under_their_headings_and_has_its_own_margin():
    aligner = SentenceTransformerEmbedder("veracity-aligner-small")
    checker = MaskedFrameChecker(aligner, aligned=True)
    assert checker.margin == ALIGNED_MARGIN != MARGIN
    answer = "Hiring an electric bike for a full day costs £25."
    sources = Sources([Document(id="b", text=BIKES)])
    [attached] = checker.attachments(AnswerUnits.of(answer, [(0, len(answer))]), sources)
    assert attached.other is not None and attached.other.about == ("Electric bikes",)
    assert attached.own is not None and attached.own.about == ("City bikes",)
    assert attached.gap is not None and attached.gap > ALIGNED_MARGIN


def test_without_the_aligner_the_checker_reads_as_before():
    config = ReaderConfig(masked_frames=True, aligner=None)
    assert config.aligner is None
    assert ReaderConfig().aligner == "veracity-aligner-small"


def test_a_page_of_thousands_of_lines_is_read_up_to_the_cap_with_a_note():
    checker = MaskedFrameChecker(SentenceTransformerEmbedder("veracity-aligner-small"), aligned=True,
                                 max_source_frames=50)  # fmt: skip
    page = "# Price list\n\n" + "\n".join(f"## Item {k}\n- A full day: £{k + 10}" for k in range(3000))
    page += "\n\n## Seaside hut\n- A full day: £900"
    answer = "A full day in the seaside hut costs £900."
    read = AnswerUnits.of(answer, [(0, len(answer))])
    checker.findings(read, Sources([Document(id="p", text=page), Document(id="q", text="Der Preis: 12 €.")]))
    assert any("only the first 50 value frames" in note for note in read.notes)


def test_unit_gaps_read_each_value_on_its_own_so_a_correct_detail_cannot_clear_it():
    checker = MaskedFrameChecker(SentenceTransformerEmbedder("veracity-aligner-small"), aligned=True)
    sources = Sources([Document(id="b", text=BIKES)])
    wrong = "Hiring an electric bike for a full day costs £25."
    right = "Hiring a city bike for a full day costs £25."
    answer = f"{wrong} {right}"
    units = [(0, len(wrong)), (len(wrong) + 1, len(answer))]
    gaps = checker.unit_gaps(AnswerUnits.of(answer, units), sources)
    assert gaps[0] > ALIGNED_MARGIN  # the electric bike's day is £55 on its own line
    assert gaps[1] <= ALIGNED_MARGIN
    detailed = "Hiring an electric bike for a full day costs £25, and a helmet and charger are included."
    [gap] = checker.unit_gaps(AnswerUnits.of(detailed, [(0, len(detailed))]), sources)
    assert gap > ALIGNED_MARGIN
    assert checker.unit_gaps(AnswerUnits.of("Bikes can be hired.", [(0, 19)]), sources) == [0.0]


def test_the_aligned_signal_is_clipped_to_a_scale_that_does_not_grow():
    from veracity.detectors.reader.signals import DIRECTIONS, aligned_signals

    assert aligned_signals(-0.3) == {"aligned_gap": 0.0}
    assert aligned_signals(0.02) == {"aligned_gap": 0.02}
    assert aligned_signals(3.0) == {"aligned_gap": 0.5}
    assert DIRECTIONS["aligned_gap"] == 1


def test_the_two_bounds_of_one_range_are_one_things_so_no_gap_between_them():
    checker = MaskedFrameChecker(SentenceTransformerEmbedder("veracity-aligner-small"), aligned=True)
    sources = Sources([Document(id="v", text="Visiting hours: 14:00 to 00:00.")])
    answer = "Visiting ends at midnight."
    assert checker.unit_gaps(AnswerUnits.of(answer, [(0, len(answer))]), sources) == [0.0]
    assert checker.findings(AnswerUnits.of(answer, [(0, len(answer))]), sources) == []


def test_structured_only_keeps_a_finding_a_heading_tells_apart_and_drops_one_in_prose():
    aligner = SentenceTransformerEmbedder("veracity-aligner-small")
    structured = MaskedFrameChecker(aligner, aligned=True, structured_only=True)
    everywhere = MaskedFrameChecker(aligner, aligned=True)
    answer = "Hiring an electric bike for a full day costs £25."
    units = [(0, len(answer))]
    [found] = structured.findings(AnswerUnits.of(answer, units), Sources([Document(id="b", text=BIKES)]))
    assert found.span.text == "£25" and found.source_text == "A full day: £55."
    prose = (
        "A city bike costs £12 for up to three hours and £25 for a full day. "
        "An electric bike costs £30 for up to three hours and £55 for a full day."
    )
    sources = Sources([Document(id="p", text=prose)])
    assert structured.findings(AnswerUnits.of(answer, units), sources) == []
    assert [told_apart(a) for a in everywhere.attachments(AnswerUnits.of(answer, units), sources)] == [False]


def test_masked_frames_structured_is_a_setting_of_its_own():
    assert ReaderConfig(masked_frames="structured").masked_frames == "structured"
    with pytest.raises(ValueError):
        ReaderConfig(masked_frames="somewhere")

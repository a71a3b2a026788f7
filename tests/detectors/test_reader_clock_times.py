"""The reader on clock times in the other form and on a product stated in another unit (issue 76 §1–2).

Cases written for this test (a hospital's patient information), not taken from any evaluation set; the first five
are the issue's reproductions, each flagged before it.
"""

from __future__ import annotations

import pytest

from veracity.detectors.reader import ReaderDetector

PHARMACY = "Outpatient pharmacy: open 08:00 to 18:00, Monday to Saturday."


@pytest.fixture(scope="module")
def reader() -> ReaderDetector:
    return ReaderDetector.from_config()


@pytest.mark.parametrize(
    ("answer", "context"),
    [
        ("The pharmacy is open from 8 am to 6 pm.", PHARMACY),
        ("The library opens at 9 am on Saturdays.", "Saturday opening: 09:00 to 13:00."),
        ("The pharmacy is open from 08:00 to 18:00.", "Outpatient pharmacy: open 8 am to 6 pm, Monday to Saturday."),
        ("The clinic runs from 3 pm to 7 pm.", "Clinic hours: 15:00 to 19:00."),
        (
            "Take two 250 mg capsules four times a day, which is 2 g a day.",
            "Take two 250 mg capsules four times a day (2,000 mg a day).",
        ),
        ("Take eight 500 mg tablets a day, which is 4 g in all.", "Take eight 500 mg tablets a day."),
        ("Visiting ends at midnight.", "Visiting hours: 14:00 to 00:00."),
    ],
)
def test_the_same_time_or_amount_in_another_form_passes(reader: ReaderDetector, answer: str, context: str) -> None:
    report = reader.detect(answer, [context])
    assert report.verdict == "faithful", (report.score, [s.text for s in report.hallucinated_spans])
    assert not [f for f in report.details.findings if f.relation == "contradicted"]


@pytest.mark.parametrize(
    "answer",
    [
        "The pharmacy is open from 8 am to 7 pm.",
        "The pharmacy opens at 9 am.",
        "The pharmacy is open from 8 pm to 6 am.",
    ],
)
def test_another_time_is_still_flagged(reader: ReaderDetector, answer: str) -> None:
    assert reader.detect(answer, [PHARMACY]).verdict == "hallucinated"


def test_a_wrong_product_is_still_flagged(reader: ReaderDetector) -> None:
    leaflet = "Take eight 500 mg tablets a day."
    report = reader.detect("Take eight 500 mg tablets a day, which is 3 g in all.", [leaflet])
    assert report.verdict == "hallucinated"


@pytest.mark.parametrize("answer", ["Open until 25:00.", "Open at 13 pm.", "Open at 9.75am.", "Open noonish."])
def test_a_time_no_clock_has_gives_a_report_and_no_time_finding(reader: ReaderDetector, answer: str) -> None:
    report = reader.detect(answer, [PHARMACY])
    assert report.verdict in ("faithful", "hallucinated")
    assert not [f for f in report.details.findings if "(time)" in (f.explanation or "")]

"""A value under the wrong heading is caught (issue 77's bike-hire page): the heading says which bikes a line is about.

Cases written for this test (the issue's bike-hire page, and a holiday park of our own), not taken from any
evaluation set.
"""

from __future__ import annotations

import pytest

from veracity.detectors.reader import ReaderDetector

BIKES = (
    "Bike hire\n\nCity bikes\nUp to 3 hours: £12. A full day: £25. Helmet included.\n\n"
    "Electric bikes\nUp to 3 hours: £30. A full day: £55. Helmet and charger included.\n"
)
PARK = "## Lodges\nA night: £120. Sleeps six.\n\n## Family cabins\nA night: £89. Sleeps four.\n"


@pytest.fixture(scope="module")
def reader() -> ReaderDetector:
    return ReaderDetector.from_config()


def test_the_city_bikes_price_given_to_an_electric_bike_is_contradicted_by_the_electric_line(reader) -> None:
    report = reader.detect("Hiring an electric bike for a full day costs £25.", [BIKES])
    assert report.verdict == "hallucinated"
    [finding] = [f for f in report.details.findings if f.relation == "contradicted"]
    assert finding.span.text == "£25" and finding.source_text == "A full day: £55."


@pytest.mark.parametrize(
    ("answer", "context"),
    [
        ("Hiring an electric bike for a full day costs £55.", BIKES),
        ("A city bike costs £25 for a full day.", BIKES),
        ("A family cabin costs £89 a night.", PARK),
    ],
)
def test_the_right_headings_value_passes(reader, answer: str, context: str) -> None:
    report = reader.detect(answer, [context])
    assert not [f for f in report.details.findings if f.relation == "contradicted"]
    assert report.verdict == "faithful", report.score


def test_a_lodges_price_given_to_a_family_cabin_is_contradicted(reader) -> None:
    report = reader.detect("A family cabin costs £120 a night.", [PARK])
    assert report.verdict == "hallucinated"
    assert [f.span.text for f in report.details.findings if f.relation == "contradicted"] == ["£120"]

"""The reader with its table checker (on by default): a value from the neighbouring row of a source table is caught.

Cases written for this test (a bike-hire shop), not taken from any evaluation set.
"""

from __future__ import annotations

import pytest

from veracity.detectors.reader import ReaderDetector

BIKES = (
    "Hire prices at the Quayside shop, per bike.\n"
    "| Bike | Half day | Full day |\n"
    "|---|---|---|\n"
    "| City bike | £12 | £20 |\n"
    "| E-bike | £25 | £40 |\n"
    "| Tandem | £22 | £35 |\n"
    "Helmets and locks are free with every hire."
)


@pytest.fixture(scope="module")
def reader() -> ReaderDetector:
    return ReaderDetector.from_config()


def test_a_neighbouring_rows_price_is_flagged_with_the_named_cell_as_evidence(reader):
    report = reader.detect("Renting an e-bike for the whole day will set you back £35.", [BIKES])
    assert report.verdict == "hallucinated"
    [finding] = [f for f in report.details.findings if f.relation == "contradicted"]
    assert finding.span.text == "£35" and finding.source_text == "E-bike, Full day: £40"
    assert BIKES[finding.source_span.start : finding.source_span.end] == "£40"
    assert "£35" in [s.text for s in report.hallucinated_spans]


def test_the_right_rows_price_reworded_gives_no_table_finding(reader):
    report = reader.detect("Hiring an e-bike for a full day costs £40.", [BIKES])
    assert not [f for f in report.details.findings if f.relation == "contradicted"]

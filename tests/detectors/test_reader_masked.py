"""The reader with masked frames turned on (issue 70): a value the sources give another thing, reworded, is caught."""

from __future__ import annotations

import pytest

from veracity.detectors.reader import ReaderConfig, ReaderDetector

PAYMENTS = (
    "You can refund a card charge within 180 days of the original charge. "
    "SEPA Direct Debit payments can be refunded within 60 days."
)


@pytest.fixture(scope="module")
def reader() -> ReaderDetector:
    return ReaderDetector.from_config(ReaderConfig(masked_frames=True))


def test_the_payments_trials_reworded_miss_is_flagged_with_the_sources_value(reader):
    # the reproduction: faithful (0.064) without masked frames
    report = reader.detect(
        "SEPA Direct Debit payments can be refunded within 180 days of the original payment.", [PAYMENTS]
    )
    assert report.verdict == "hallucinated"
    [finding] = [f for f in report.details.findings if f.relation == "contradicted"]
    assert finding.span.text == "180 days" and "60 days" in finding.explanation
    assert finding.source_text == "SEPA Direct Debit payments can be refunded within 60 days."
    assert PAYMENTS[finding.source_span.start : finding.source_span.end] == finding.source_text


def test_the_faithful_rewording_passes_and_the_setting_is_off_by_default(reader):
    report = reader.detect("A SEPA Direct Debit payment can be refunded for up to 60 days.", [PAYMENTS])
    assert report.verdict == "faithful" and not report.details.findings
    assert ReaderConfig().masked_frames is False

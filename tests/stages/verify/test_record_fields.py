"""The record checker on records of any kind (key-value sheets, JSON product and policy records), field by field.

Each error case states a field's value that differs from the record's and must give one ``contradicted`` finding on
the stated value, naming the field and the record's value; its faithful twin (the same value reworded or in another
format) must give none.
"""

from __future__ import annotations

import json

import pytest

from veracity.stages.verify.checkers.records import check_record_claims, read_record_fields

PRODUCT = (
    "Name: X200 Printer\nPrice: $129\nWarranty: 24 months\nWeight: 3.2 kg\nColor: Black\nAccent color: White\n"
    "Release date: 2021-03-04\nWaterproof: No"
)
POLICY = json.dumps(
    {
        "policy": "Travel",
        "daily_meal_allowance": "€40",
        "max_hotel_rate": 180,
        "booking_deadline_days": 14,
        "effective_date": "1 January 2025",
        "approver": "Line manager",
        "escalation": "Finance director",
    }
)
DRUG = json.dumps({"drug": "Paracetamol", "max_daily_dose": "4 g", "dose_interval": "4 hours", "shelf_life": "3 years"})

ERRORS = [
    ("The X200 costs $150.", PRODUCT, "$150", "Price"),
    ("The printer weighs 4 kg.", PRODUCT, "4 kg", "Weight"),
    ("It comes with a 12-month warranty.", PRODUCT, "12-month", "Warranty"),
    ("The release date is March 5, 2021.", PRODUCT, "March 5, 2021", "Release date"),
    ("Its color is white.", PRODUCT, "white", "Color"),  # the accent colour's value, in the wrong field
    ("The daily meal allowance is €45.", POLICY, "€45", "daily_meal_allowance"),
    ("The max hotel rate is 200 euros a night.", POLICY, "200 euros", "max_hotel_rate"),
    ("The effective date is 1 February 2025.", POLICY, "1 February 2025", "effective_date"),
    ("The approver is the finance director.", POLICY, "finance director", "approver"),
    ("The max daily dose is 6 g.", DRUG, "6 g", "max_daily_dose"),
    ("The dose interval is 6 hours.", DRUG, "6 hours", "dose_interval"),
    ("Its shelf life is 5 years.", DRUG, "5 years", "shelf_life"),
]
FAITHFUL = [
    ("The X200 costs 129 dollars.", PRODUCT),
    ("The price is $129, and the printer weighs 3.2 kg.", PRODUCT),
    ("It comes with a two-year warranty.", PRODUCT),
    ("The release date is March 4, 2021.", PRODUCT),
    ("Its accent color is white.", PRODUCT),
    ("Its color is a deep matte black.", PRODUCT),
    ("The price was cut by $20 last week.", PRODUCT),  # no value beside the key
    ("The daily meal allowance is EUR 40.", POLICY),
    ("The max hotel rate is 180 euros a night.", POLICY),
    ("The effective date is January 1, 2025.", POLICY),
    ("The approver is your line manager.", POLICY),
    ("The max daily dose is 4 grams.", DRUG),
    ("The dose interval is four hours.", DRUG),
    ("Its shelf life is 36 months.", DRUG),
]


def check(answer: str, document: str) -> list[tuple[str, str, str]]:
    fields = read_record_fields("rec", document)
    assert fields
    findings = check_record_claims(answer, fields)
    for f in findings:
        assert answer[f.span.start : f.span.end] == f.span.text
        assert f.source_span is None or document[f.source_span.start : f.source_span.end] == f.source_span.text
    return [(f.relation, f.span.text, f.explanation) for f in findings]


@pytest.mark.parametrize(("answer", "document", "words", "field"), ERRORS)
def test_a_field_stated_with_another_value_is_contradicted(answer: str, document: str, words: str, field: str) -> None:
    [(relation, span, explanation)] = check(answer, document)
    assert (relation, span) == ("contradicted", words)
    assert f"source: {field}: " in explanation


@pytest.mark.parametrize(("answer", "document"), FAITHFUL)
def test_the_same_value_reworded_is_no_finding(answer: str, document: str) -> None:
    assert check(answer, document) == []


def test_the_explanation_names_the_records_value() -> None:
    [(_, _, explanation)] = check("The X200 costs $150.", PRODUCT)
    assert explanation == "answer: '$150'; source: Price: \"$129\""

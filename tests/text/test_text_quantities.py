"""Quantities compared as values: "€1,250" = "1250 euros" = "EUR 1,250", "two months" ≈ "60 days", and the
comparison and period words that make "less than six hours" and "€1,200 per month" other values."""

from __future__ import annotations

from decimal import Decimal

import pytest

from veracity.text.values import (
    DateValue,
    Value,
    bound_before,
    compare_values,
    date_supported,
    find_dates,
    period_near,
    read_values,
    singular,
    unit_name,
)


def one(text: str) -> Value:
    [found] = read_values(text)
    return found


def written(text: str, value: Value) -> str:
    return text[value.extent[0] : value.extent[1]]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("€1,250", "1250 euros"),
        ("€1,250", "EUR 1,250"),
        ("6 weeks", "six weeks"),
        ("two months", "60 days"),
        ("48 hours", "2 days"),
        ("24 months", "two years"),
        ("12 per cent", "12%"),
        ("$20 per month", "$240 a year"),
        ("€1,200 per calendar year", "€1,200 annually"),
        ("more than six hours", "over 6 hours"),
        ("up to 8 hours", "at most eight hours"),
    ],
)
def test_the_same_value_written_differently_agrees(a: str, b: str) -> None:
    assert compare_values(one(a), one(b)) == (True, "")


@pytest.mark.parametrize(
    ("a", "b", "what"),
    [
        ("less than six hours", "more than six hours", "comparison"),
        ("at least 4 grams", "at most 4 grams", "comparison"),
        ("up to 8 hours", "at least 8 hours", "comparison"),
        ("€1,200 per month", "€1,200 per calendar year", "period"),
        ("€40 per week", "€40 a day", "period"),
        ("8 days", "8 hours", "unit"),
        ("18 weeks", "6 weeks", "number"),
        ("four weeks", "two months", "number"),
    ],
)
def test_a_different_value_says_what_differs(a: str, b: str, what: str) -> None:
    assert compare_values(one(a), one(b)) == (False, what)


def test_units_of_different_kinds_are_not_compared() -> None:
    assert compare_values(one("30 pages"), one("30 euros")) == (None, "")


def test_values_read_units_comparisons_and_periods() -> None:
    text = "The fund charges an annual fee of 1.5%."
    [fee] = read_values(text)
    assert (fee.amount, fee.units, fee.bound, fee.period) == (Decimal("1.5"), ("percent",), None, "year")
    assert written(text, fee) == "1.5%"  # the period before the value is read, not covered
    text = "They get at least 18 weeks of paid leave per year."
    [leave] = read_values(text)
    assert (leave.amount, leave.units, leave.bound, leave.period) == (Decimal(18), ("week",), "min", "year")
    assert written(text, leave) == "at least 18 weeks of paid leave per year"
    assert text[leave.written[0] : leave.written[1]] == "18 weeks"
    names = [unit_name(v) for v in read_values("US$ 5 million, 3 kg, 20 pages and 45 pounds")]
    assert names == ["usd", "kg", "page", "lb/gbp"]


def test_a_value_in_one_of_its_units_is_compared_in_that_unit() -> None:
    """A value may be in two units ("45 pounds": weight or sterling): "£45" states it, "£50" is another."""
    assert compare_values(one("45 pounds"), one("£45")) == (True, "")
    assert compare_values(one("45 pounds"), one("£50")) == (False, "number")
    assert compare_values(one("45 pounds"), one("45 kg")) == (None, "")  # two units, one not surely mass


def test_a_plain_number_has_no_bound_or_period() -> None:
    text = "New hires receive 20 days of annual leave."
    assert bound_before(text, text.index("20")) is None
    assert period_near(text, text.index("20"), text.index(" of")) is None
    assert [singular(w) for w in ("Pages", "companies", "people", "glass")] == ["page", "company", "person", "glass"]


@pytest.mark.parametrize("text", ["1 January 2025", "January 1, 2025", "2025-01-01"])
def test_one_date_in_three_formats(text: str) -> None:
    [found] = find_dates(f"Withdrawals are allowed after {text}.")
    assert date_supported(found.value, [DateValue(2025, 1, 1)], [])

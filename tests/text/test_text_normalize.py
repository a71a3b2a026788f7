from decimal import Decimal

import pytest

from veracity.text.normalize import (
    DateValue,
    date_supported,
    find_dates,
    find_numbers,
    normalize_words,
    number_supported,
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1,000", Decimal(1000)),
        ("1000", Decimal(1000)),
        ("1.5 million", Decimal(1_500_000)),
        ("2.5bn", Decimal(2_500_000_000)),
        ("twenty-five", Decimal(25)),
        ("two hundred", Decimal(200)),
        ("three thousand", Decimal(3000)),
        ("3.14", Decimal("3.14")),
        ("the 3rd", Decimal(3)),
        ("-4", Decimal(-4)),
        ("12,000,000", Decimal(12_000_000)),
    ],
)
def test_numbers_are_normalised(text, value):
    found = find_numbers(text)
    assert [n.value for n in found] == [value]
    assert text[found[0].start : found[0].end] == found[0].text


def test_equal_numbers_written_differently_are_equal():
    a = find_numbers("It has 1,000 rooms.")[0].value
    b = find_numbers("It has 1000 rooms.")[0].value
    c = find_numbers("It has one thousand rooms.")
    assert a == b
    assert c == [] or c[0].value == a  # "one" alone is not read as a number; "one thousand" may be


def test_one_is_not_a_number_word():
    assert find_numbers("one of the best") == []


@pytest.mark.parametrize(
    "text",
    ["5 March 1901", "March 5, 1901", "March 5th 1901", "5th of March, 1901", "1901-03-05", "Mar. 5, 1901"],
)
def test_full_dates_are_normalised(text):
    dates = find_dates(f"It happened on {text} in town.")
    assert [d.value for d in dates] == [DateValue(1901, 3, 5)]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("in March 1901", DateValue(1901, 3, None)),
        ("on 5 March", DateValue(None, 3, 5)),
        ("May 3", DateValue(None, 5, 3)),
    ],
)
def test_partial_dates(text, value):
    assert [d.value for d in find_dates(text)] == [value]


def test_may_the_verb_is_not_a_date():
    assert find_dates("It may rain. You may go in 1999.") == []


def test_dates_are_not_also_numbers():
    text = "On 5 March 1901 there were 300 guests."
    assert [n.value for n in find_numbers(text)] == [Decimal(300)]


def test_date_support_rules():
    evidence = [DateValue(1901, 3, 5)]
    assert date_supported(DateValue(1901, 3, 5), evidence, [])
    assert date_supported(DateValue(1901, 3, None), evidence, [])  # less specific: fine
    assert date_supported(DateValue(1901, None, None), [], [Decimal(1901)])  # a bare year
    assert not date_supported(DateValue(1901, 3, 6), evidence, [])
    assert not date_supported(DateValue(1901, 3, 5), [DateValue(1901, None, None)], [])  # more specific
    assert not date_supported(DateValue(1902, 3, 5), evidence, [])


def test_number_support_rules():
    assert number_supported(Decimal(1901), [], [DateValue(1901, 3, 5)])  # "in 1901" vs "5 March 1901"
    assert number_supported(Decimal("1500000.0"), [Decimal(1_500_000)], [])
    assert not number_supported(Decimal(1902), [Decimal(1901)], [DateValue(1901, 1, 1)])


def test_normalize_words():
    assert normalize_words("Kraków's Old Town, the ÉCOLE") == ["krakow", "old", "town", "the", "ecole"]

from decimal import Decimal

import pytest

from veracity.text.normalize import normalize_words
from veracity.text.values import DateValue, date_supported, find_dates, find_numbers, number_supported


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


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("roughly forty-one thousand customers", [41000]),
        ("two hundred and fifty thousand pounds", [250000]),
        ("six thousand three hundred and twelve", [6312]),
        ("fifteen hundred", [1500]),
        ("two dozen eggs", [24]),
        ("five ten-minute breaks", [5, 10]),  # two numbers: a numeral's grammar breaks between them
        ("between two and three days", [2, 3]),  # "and" joins only after a hundred or a scale
        ("$3.3–3.4 billion", [3_300_000_000, 3_400_000_000]),  # the range's first end takes the scale
        ("3 to 4 million", [3_000_000, 4_000_000]),
        ("at minus 20 °C", [-20]),
    ],
)
def test_number_words_ranges_and_minus_are_read_as_values(text, values):
    assert [n.value for n in find_numbers(text)] == [Decimal(v) for v in values]


def test_a_compound_duration_is_also_read_whole():
    from veracity.text.values import duration_supported, find_durations, read_values

    found = {d.text: d.value for d in find_durations("The crossing takes 1 hour and 35 minutes.")}
    total = found["1 hour and 35 minutes"]
    assert (total.amount, total.units) == (Decimal(95), ("minute",))
    assert duration_supported(total, read_values("95 minutes"))
    assert duration_supported(total, read_values("5700 seconds"))
    assert not duration_supported(total, read_values("1 hour"))
    assert "a month and two weeks" not in {d.text for d in find_durations("a month and two weeks")}  # calendar units


@pytest.mark.parametrize(
    ("text", "amount", "unit"),
    [
        ("three quarters of an hour", "0.75", "hour"),
        ("a quarter of an hour", "0.25", "hour"),
        ("an hour and a half", "1.5", "hour"),
        ("2 hours and a half", "2.5", "hour"),
        ("two and a half days", "2.5", "day"),
        ("half an hour", "0.5", "hour"),
        ("a half-day session", "0.5", "day"),
        ("one extra week", "1", "week"),
        ("two more days", "2", "day"),
    ],
)
def test_halves_quarters_and_extra_units_of_time_are_read_whole(text, amount, unit):
    from veracity.text.values import find_durations

    [duration] = find_durations(text)  # before, "half an hour" was read as "an hour": 1 hour
    assert (duration.text, duration.value.amount, duration.value.units) == (duration.text, Decimal(amount), (unit,))
    assert duration.start == 0 and duration.end == len(text.removesuffix(" session"))


def test_a_half_or_a_quarter_vouches_only_for_its_own_length():
    from veracity.text.values import duration_supported, find_durations, read_values

    [three_quarters] = find_durations("Arrive three quarters of an hour before.")
    assert duration_supported(three_quarters.value, read_values("45 minutes"))
    assert not duration_supported(three_quarters.value, read_values("1 hour"))
    [half] = find_durations("It takes half an hour.")
    assert duration_supported(half.value, read_values("30 minutes"))
    assert not duration_supported(half.value, read_values("60 minutes"))


def test_values_in_other_units_of_their_measure():
    from veracity.text.values import in_base_unit, read_values

    text = "no more than 2.2 g in 24 hours; 175 watt-hours per kilogram"
    assert [(v.amount, v.units) for v in read_values(text)] == [
        (Decimal("2.2"), ("g",)),
        (Decimal(24), ("hour",)),
        (Decimal(175), ("wh",)),
    ]
    (taken,) = read_values("take 2200 mg")
    assert in_base_unit(Decimal("2.2"), "g") == in_base_unit(taken.amount, taken.units[0])
    assert in_base_unit(Decimal("2.2"), "kg") != in_base_unit(taken.amount, taken.units[0])
    assert in_base_unit(Decimal("1.5"), "km") == in_base_unit(Decimal(1500), "m")

"""The one value reader (issue 69): :mod:`veracity.text.values`, checked by hand."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from veracity.text.lexicon import NUMBER_WORDS, STOP_WORDS
from veracity.text.values import (
    TIME_OF_DAY,
    UNIT_DAYS,
    UNIT_TABLE,
    clock_times,
    find_dates,
    find_numbers,
    read_values,
    same_value,
)
from veracity.text.values.clock import SCHEDULE_TIME, clock_readings


def one(text: str):
    (value,) = read_values(text)
    return value


@pytest.mark.parametrize(
    ("answer", "source", "same"),
    [
        ("50.7 lb", "23 kg", True),  # 23 × 2.20462 = 50.706
        ("51 lb", "23 kg", True),  # within half a pound
        ("about 50 lb", "23 kg", True),  # "about": ± 5
        ("52 lb", "23 kg", False),
        ("10.4 kg", "23 lb", True),  # 23 × 0.45359 = 10.43: the conversion runs both ways
        ("2200 mg", "2.2 g", True),  # a power of ten: exact
        ("2200 km", "2.2 g", False),  # another measure
    ],
)
def test_kilograms_and_pounds_convert_within_the_stated_rounding(answer, source, same):
    assert same_value(one(answer), one(source)) is same


@pytest.mark.parametrize(
    ("answer", "source", "same"),
    [
        ("48 cents", "$0.48", True),
        ("$0.48", "48 cents", True),
        ("75p", "£0.75", True),
        ("£0.76", "75p", False),  # money converts exactly
        ("EUR 45", "45 euros", True),
        ("$45", "EUR 45", False),  # another currency
    ],
)
def test_money_and_its_sub_units(answer, source, same):
    assert same_value(one(answer), one(source)) is same


@pytest.mark.parametrize(
    ("answer", "source", "same"),
    [
        ("90 minutes", "1.5 hours", True),
        ("2 days", "48 hours", True),
        ("60 days", "2 months", True),  # calendar units within 3%
        ("4 weeks", "1 month", False),  # 28 days is 8% short of a month
    ],
)
def test_durations_compare_in_one_unit(answer, source, same):
    assert same_value(one(answer), one(source)) is same


def test_a_unit_of_time_is_one_length_in_days_for_every_reader():
    assert UNIT_DAYS["hour"] == Decimal(1) / 24
    assert UNIT_DAYS["month"] == Decimal("365.25") / 12
    assert UNIT_TABLE["lb"] == ("mass", Decimal("453.59237"))


def test_clock_times_and_their_numbers():
    assert [(t.text, t.minutes) for t in clock_times("at 07:45, 2:10 pm, 12 am, 24:00 and 12:30:45; gate 7")] == [
        ("07:45", 465),
        ("2:10 pm", 850),
        ("12 am", 0),
        ("24:00", 0),
        ("12:30:45", 750),
    ]
    assert clock_times("It costs 1.30 and sleeps 7.") == []
    # a clock time is one value of a time of day, its minutes after midnight (issue 76): never a bare 7 that
    # vouches for "7 hours"
    values = read_values("Doors open at 7 pm, for 3 hours.")
    assert [(v.amount, v.noun) for v in values] == [(Decimal(1140), TIME_OF_DAY), (Decimal(3), None)]
    assert values[0].clock == frozenset({1140})


@pytest.mark.parametrize(
    ("written", "minutes"),
    [
        ("7:00", {420, 1140}),  # no am/pm: either half of the day
        ("7 pm", {1140}),
        ("7 p.m.", {1140}),
        ("7AM", {420}),
        ("12 am", {0}),
        ("12 pm", {720}),
        ("12:30", {750, 30}),  # 12:30 pm or 0:30 am
        ("19:00", {1140}),  # past 12: the 24-hour clock, one reading
        ("0:00", {0}),
        ("24:00", {0}),
        ("21:00 pm", {1260}),  # as answers write it: 21:00
        ("11:0", {660, 1380}),  # a record's "11:0-21:0" copied into the answer
        ("noon", {720}),
        ("Midnight", {0}),
        (" 9:30 am ", {570}),
    ],
)
def test_clock_readings_are_the_minutes_a_time_may_mean(written, minutes):
    assert clock_readings(written) == frozenset(minutes)


@pytest.mark.parametrize(
    "written", ["7", "11", "25:00", "7:75", "24:60", "noon-ish", "", "at 7 pm", "$10", "4.5", "7:00:00", "13h"]
)
def test_what_says_no_time_alone_is_no_reading(written):
    assert clock_readings(written) is None


def test_a_schedule_time_is_found_in_a_phrase_and_clock_times_stays_as_it_was():
    text = "Open from 11 to 2 pm and 17:0 till midnight; $10, 4.5 stars."
    assert re.findall(SCHEDULE_TIME, text, re.IGNORECASE) == ["11", "2 pm", "17:0", "midnight"]
    assert [clock_readings(w) for w in re.findall(SCHEDULE_TIME, text, re.IGNORECASE)] == [
        None,
        {840},
        {1020},
        {0},
    ]
    # running text reads no hour past 12 with "pm" and no one-digit minutes, as before; "noon" is a time since
    # issue 76 (a word form of a clock time)
    assert [t.text for t in clock_times("closes at noon, or 21:00 pm, or 17:0")] == ["noon"]


def test_the_end_of_a_range_takes_the_unit_of_the_other_end():
    assert [(v.amount, v.units) for v in read_values("It weighs 20–25 kg and costs $20 to 25.")] == [
        (Decimal(20), ("kg",)),
        (Decimal(25), ("kg",)),
        (Decimal(20), ("usd",)),
        (Decimal(25), ("usd",)),
    ]


def test_about_widens_the_rounding_to_the_last_non_zero_digit():
    assert one("about 50 kg").approx and not one("50 kg").approx
    assert same_value(one("about 50 kg"), one("53 kg")) is False  # the same unit compares exactly
    assert same_value(one("about 50 lb"), one("24 kg"))  # 52.9 lb: within ± 5
    assert not same_value(one("50 lb"), one("24 kg"))  # ± 2.5 at most
    assert one("50.7 lb").half == Decimal("0.05")
    assert one("1.5 million dollars").half == Decimal(50000)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("forty-one thousand", [41000]),
        ("two hundred and fifty", [250]),
        ("two dozen", [24]),
        ("five ten", [5, 10]),
        ("one", []),  # alone, "one" is as often a pronoun
    ],
)
def test_number_words(text, values):
    assert [n.value for n in find_numbers(text)] == [Decimal(v) for v in values]
    assert NUMBER_WORDS["dozen"] == 12 and "the" in STOP_WORDS


@pytest.mark.parametrize(
    "text",
    [
        "1.2.3 kg",  # a malformed number
        "1.2.3",
        "€€5",  # a doubled currency sign
        "$$ 5",
        "31 February",  # a date no calendar has
        "on 31 February 2020",
        "29 February 2023",
        "2020-13-05",
        "31 April",
    ],
)
def test_what_cannot_be_read_stays_words(text):
    assert read_values(text) == []
    assert find_dates(text) == []


def test_a_possible_date_beside_an_impossible_one_is_read():
    assert [d.value.day for d in find_dates("29 February 2024, not 30 February 2024")] == [29]
    assert [v.amount for v in read_values("€€5 or €6")] == [Decimal(6)]


def test_values_compared_for_a_conflict_convert_by_the_one_table():
    """The copies disagreed (issue 69): the word-compared quantities called kg and lb not comparable, ``same_value``
    converts them. One value type and reader remain: ``compare_values`` compares ``read_values``' readings, within
    ``same_value``'s rounding."""
    from veracity.text.values import compare_values

    def one(text):
        [value] = read_values(text)
        return value

    kg = one("23 kg")
    assert compare_values(kg, one("50.7 lb")) == (True, "")
    assert compare_values(one("50.7 lb"), kg) == (True, "")
    assert compare_values(kg, one("60 lb")) == (False, "number")
    assert compare_values(one("1.5 km"), one("1500 metres")) == (True, "")
    assert compare_values(one("$5"), one("€5")) == (None, "")
    assert compare_values(one("€5"), one("5 pages")) == (None, "")

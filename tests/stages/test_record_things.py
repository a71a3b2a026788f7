"""A record's values read by the thing they belong to (issue 59, item 2: "a departure time is not vouched by the
arrival field")."""

from __future__ import annotations

import pytest

from veracity.stages.verify.checkers.records import check_record_claims
from veracity.stages.verify.checkers.records.things import misplaced_record_values
from veracity.text.records import read_record_fields

BOOKING = (
    '{"booking_reference": "FPWCGB", "flight": "CA 476", "date": "22 September 2025", '
    '"departure": {"airport": "Penvarrow", "time": "11:20"}, "arrival": {"airport": "Ostwick", "time": "13:35"}, '
    '"bags": [{"type": "cabin", "weight_kg": 8}, {"type": "checked", "weight_kg": 23}]}'
)
FIELDS = read_record_fields("booking", BOOKING)


@pytest.mark.parametrize(
    ("answer", "value", "evidence"),
    [
        # by hand: "departs" and "Penvarrow" name the departure; 13:35 is only the arrival's time
        ("Your flight departs from Penvarrow at 13:35.", "13:35", ("departure", "time")),
        # "Ostwick" names the arrival; 11:20 is only the departure's time
        ("You land in Ostwick at 11:20.", "11:20", ("arrival", "time")),
        # "cabin" names the first bag; 23 kg is the checked bag's weight
        ("Your cabin bag may weigh up to 23 kg.", "up to 23 kg", ("bags", "0", "weight_kg")),
        # "arrives" names the arrival; Penvarrow is only the departure's airport (and does not name it here)
        ("The flight arrives in Penvarrow at 13:35.", "Penvarrow", ("arrival", "airport")),
    ],
)
def test_a_value_given_to_the_other_thing_is_contradicted_by_that_things_field(answer, value, evidence):
    found = misplaced_record_values(answer, FIELDS)
    assert [(m.text, m.field.path) for m in found] == [(value, evidence)]
    finding = next(f for f in check_record_claims(answer, FIELDS) if f.span.text == value)
    assert finding.relation == "contradicted" and finding.kind == "record"


@pytest.mark.parametrize(
    "answer",
    [
        "Your flight departs from Penvarrow at 11:20.",
        "You land in Ostwick at 13:35.",
        "The flight leaves at 11:20 and lands at 13:35.",  # no thing named: nothing to misplace
        "It departs at 11:20 and arrives at 13:35.",  # each value beside its own thing
        "Your checked bag may weigh 23 kg and your cabin bag 8 kg.",
        "Your flight arrives at 9:15.",  # absent: the value checker's, not this rule's
        "You fly from Penvarrow to Ostwick.",  # names beside no other thing
    ],
)
def test_a_value_said_of_its_own_thing_or_of_no_thing_is_left_alone(answer):
    assert misplaced_record_values(answer, FIELDS) == []


def test_a_flat_record_or_a_broken_one_gives_nothing():
    flat = read_record_fields("r", '{"open": "9:00", "close": "17:00"}')
    assert misplaced_record_values("It opens at 9:00.", flat) == []
    assert misplaced_record_values("It opens at 9:00.", read_record_fields("r", '{"open": ')) == []


STAY = (
    '{"Guest": "Anna Berg", "Arrival": "5 October 2025", "Departure": "8 October 2025", "Deposit paid": "€80", '
    '"Balance due on arrival": "€100", "delivery_days": 5, "weight_kg": 21}'
)


@pytest.mark.parametrize(
    ("answer", "value", "evidence"),
    [
        # by hand: "balance" and "arrive" name "Balance due on arrival" (two key words); €80 is "Deposit paid"'s,
        # whose key the sentence does not use
        ("The balance of €80 is due when you arrive.", "€80", ("Balance due on arrival",)),
        ("Delivery takes 21 days.", "21 days", ("delivery_days",)),
    ],
)
def test_top_level_fields_are_things_named_by_their_keys(answer, value, evidence):
    found = misplaced_record_values(answer, read_record_fields("stay", STAY))
    assert [(m.text, m.field.path) for m in found] == [(value, evidence)]


@pytest.mark.parametrize(
    "answer", ["The balance of €100 is due when you arrive.", "You paid a deposit of €80.", "It weighs 21 kg."]
)
def test_a_top_level_value_under_its_own_key_is_left_alone(answer):
    assert misplaced_record_values(answer, read_record_fields("stay", STAY)) == []

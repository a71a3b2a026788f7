"""Bridges (issue 59): the conversion or sum the value checker verified, spelled out for the NLI model."""

from __future__ import annotations

from decimal import Decimal

from veracity.text.arithmetic import Derivation, derivation
from veracity.text.bridges import bridges, restated, value_text
from veracity.text.values import read_values


def test_a_conversion_the_checker_vouches_for_is_bridged_and_a_wrong_one_is_not():
    assert bridges("The pool is heated to 26 °C, about 79 °F.", "The pool is heated to 26 °C.") == [
        "26 °C is about 79 °F."
    ]
    # 26 °C is 78.8 °F: "about 90 °F" is no rounding of it, so nothing vouches and nothing is bridged
    assert bridges("The pool is heated to 26 °C, about 90 °F.", "The pool is heated to 26 °C.") == []
    assert bridges("The bag may weigh up to 50.7 lb.", "Checked bags may weigh up to 23 kg.") == ["23 kg is 50.7 lb."]
    assert bridges("It costs $0.48 a share.", "Net income was 48 cents per share.") == ["48 cents is $0.48."]


def test_products_and_sums_are_written_out_with_their_terms():
    # by hand: 2 × €75 = €150; two 45-minute sessions = 90 minutes; 1,500 + 750 = 2,250 (the question's figures)
    fares = "Changing the date of a Basic fare costs €75; changing the date of a Plus fare costs €35."
    assert bridges("Changing two Basic fares costs 2 × €75 = €150.", fares) == ["(2 × €75 = €150 in all.)"]
    induction = "New starters attend two 45-minute induction sessions in their first week."
    assert bridges("The two sessions take 90 minutes in all.", induction) == ["(2 × 45 minutes = 90 minutes in all.)"]
    question = "I have 1,500 points and will earn 750 points."
    assert bridges("You will have 2,250 points in all.", "Points never expire.", question) == [
        "(1,500 points + 750 points = 2,250 points in all.)"
    ]
    assert bridges("You will have 2,300 points in all.", "Points never expire.", question) == []


def test_a_value_the_premise_writes_as_such_needs_no_bridge():
    assert bridges("It costs €4.90.", "It costs EUR 4.90.") == []
    assert bridges("The museum opened in 1998.", "The museum opened in 1998.") == []


def test_derivation_says_how_and_value_text_keeps_the_unit():
    stated = read_values("Rooms cost EUR 80 per night. You booked 3 nights.")
    total = read_values("EUR 240")[0]
    assert derivation(total, stated) == Derivation("×", Decimal(3), Decimal(80), Decimal(240))
    text = "It is 26 °C and costs €75 for 45 minutes."
    assert [value_text(text, v) for v in read_values(text)] == ["26 °C", "€75", "45 minutes"]


def test_a_product_of_the_premises_values_written_in_the_sentence_is_bridged_and_a_bare_sum_is_not():
    dose = "Adults and children aged 12 and over take 15 ml up to 3 times a day."
    assert bridges("An adult taking 15 ml 3 times a day takes 45 ml a day.", dose) == ["(3 × 15 ml = 45 ml in all.)"]
    # 5 + 10 = 15 minutes, but the sentence does not say it adds up: two numbers that happen to, no bridge
    steps = "Heat it for 5 minutes. Leave it for 10 minutes."
    assert bridges("Leave it for 15 minutes.", steps) == []


def test_a_sum_of_one_stated_sentences_values_is_bridged_when_the_sentence_repeats_them_bare():
    study = "The study enrolled 199 patients at Elmsworth and 173 patients at Saltray between April and May."
    assert bridges("In all, the study enrolled 372 patients: 199 at Elmsworth and 173 at Saltray.", study) == [
        "(199 patients + 173 patients = 372 patients in all.)"
    ]


def test_a_difference_is_written_as_the_comparison_the_sentence_makes():
    field = "The marathon had 4,500 runners in the full marathon and 9,950 in the half marathon."
    assert bridges("The half marathon had 5,450 more runners than the full marathon.", field) == [
        "(9,950 is 5,450 more than 4,500.)"
    ]
    assert bridges("The half marathon had 5,000 more runners than the full marathon.", field) == []


def test_restated_writes_the_sentences_values_as_the_premise_writes_the_same_values():
    assert (
        restated("Nordhaus was fined €3,200,000 over forty-one thousand customers.",
                 "Nordhaus was fined 3.2 million euros after a breach of about 41,000 customers.")
        == "Nordhaus was fined 3.2 million euros over 41,000 customers."
    )  # fmt: skip
    leave = "Employees receive 29 days of paid annual leave per year."
    assert restated("Employees get twenty-nine days of leave.", leave) == "Employees get 29 days of leave."
    # a range's bounds change their numbers only; another amount, another unit, a time of day, words for digits: kept
    assert restated("Pairs fell from roughly 2300 to 1150.", "Pairs fell from about 2,300 to 1,150.") == (
        "Pairs fell from roughly 2,300 to 1,150."
    )
    assert restated("Employees get thirty days of leave.", leave) == "Employees get thirty days of leave."
    assert restated("The bag may weigh 29 kg.", leave) == "The bag may weigh 29 kg."
    assert restated("It opens at 4:00 PM.", "hours: 16:0-20:0, opens 4:0") == "It opens at 4:00 PM."
    assert restated("It has 2 pool tables.", "It has two pool tables.") == "It has 2 pool tables."
    assert restated("No values here.", leave) == "No values here."


def test_a_derivation_whose_terms_the_sentence_hides_is_bridged_only_when_asked():
    """A sum vouches for its arithmetic, not for which thing's value went into it: the span model's context gets a
    derivation only where the sentence writes its terms (issue 70). By hand: 200 × £1.62 = £324, £15 + £60 = £75."""
    fuel = "Diesel costs £1.38 a litre and petrol £1.62 a litre."
    hidden = "200 litres would cost about £324."
    assert bridges(hidden, fuel) == ["(200 × £1.62 = £324 in all.)"]
    assert bridges(hidden, fuel, derivations="shown") == []
    fees = "A standard transcript costs £15. A replacement certificate costs £60."
    shown = "Together they come to £75: £15 for the transcript plus £60 for the certificate."
    assert bridges(shown, fees, derivations="shown") == bridges(shown, fees) != []
    assert bridges("The bag may weigh up to 50.7 lb.", "Checked bags may weigh up to 23 kg.", derivations="none") == [
        "23 kg is 50.7 lb."
    ]
    fares = "Changing the date of a Basic fare costs €75; changing the date of a Plus fare costs €35."
    assert bridges("Changing two Basic fares costs 2 × €75 = €150.", fares, derivations="none") == []

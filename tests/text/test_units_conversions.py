"""Issue 59: numbers read with their units, conversions within the stated rounding, sums and products."""

from decimal import Decimal

import pytest

from veracity.text.arithmetic import arithmetic_cue, derived
from veracity.text.values import read_values, same_value, value_stated


def _one(text: str):
    (value,) = read_values(text)
    return value


@pytest.mark.parametrize(
    ("text", "amount", "units"),
    [
        ("EUR 45", 45, ("eur",)),
        ("€45", 45, ("eur",)),
        ("45 euros", 45, ("eur",)),
        ("45 EUR", 45, ("eur",)),
        ("US$45", 45, ("usd",)),
        ("45 dollars", 45, ("usd",)),
        ("A$45", 45, ()),  # a currency we do not tell apart: no unit
        ("45 pounds", 45, ("lb", "gbp")),
        ("£45", 45, ("gbp",)),
        ("45 lbs", 45, ("lb",)),
        ("a 45-minute session", 45, ("minute",)),
        ("45 mins", 45, ("minute",)),
        ("20 °C", 20, ("celsius",)),
        ("68 degrees Fahrenheit", 68, ("fahrenheit",)),
        ("45%", 45, ("percent",)),
        ("45 per cent", 45, ("percent",)),
        ("48 cents", 48, ("usd-cent", "eur-cent")),
        ("225 g", 225, ("g",)),
        ("the 5G network", 5, ()),  # not five grams
        ("100 km/h", 100, ()),  # a speed: no unit we convert
        ("3 m2", 3, ("m2",)),  # an area (square metres)
        ("a 40 sq ft patio", 40, ("ft2",)),
        ("45 points", 45, ()),
        ("the 3rd gate", 3, ()),
    ],
)
def test_a_number_is_read_with_its_unit(text, amount, units):
    value = _one(text)
    assert (value.amount, value.units) == (Decimal(amount), units)


def test_nouns_rates_ranges_counts_and_precision():
    assert _one("750 more points").noun == "point"
    assert _one("EUR 80 per night").per == "night"
    assert _one("45 minutes a day").per == "day"
    assert _one("3 nights").noun == "night"
    assert [v.units for v in read_values("20–25 kg")] == [("kg",), ("kg",)]
    assert [v.units for v in read_values("$20 to 25")] == [("usd",), ("usd",)]
    assert [v.times for v in read_values("two 45-minute sessions")] == [None, Decimal(2)]
    assert _one("50.7 lb").half == Decimal("0.05")
    assert _one("1.5 million").half == Decimal(50000)
    assert _one("about 50 lb").approx and not _one("50 lb").approx
    assert _one("45 m").loose


@pytest.mark.parametrize(
    ("answer", "source", "same"),
    [
        ("50.7 lb", "23 kg", True),
        ("51 lb", "23 kg", True),
        ("about 50 lb", "23 kg", True),
        ("50 lb", "23 kg", True),  # 23 kg is 50.7 lb; "50" and a source exact to 1% (22.77–23.23 kg) overlap
        ("52 lb", "23 kg", False),
        ("about 60 lb", "23 kg", False),
        ("100 lb", "23 kg", False),
        ("about 100 lb", "45 kg", True),
        ("19 miles", "30 km", True),
        ("about 20 miles", "30 km", True),
        ("20 miles", "30 km", False),
        ("4.8 km", "3 miles", True),
        ("10 ft", "3 m", True),
        ("15.6 inches", "39.6 cm", True),
        ("68 °F", "20 °C", True),
        ("70 °F", "20 °C", False),
        ("-4 °F", "-20 °C", True),
        ("10 gallons", "38 litres", True),
        ("1 gallon", "5 litres", False),
        ("8 oz", "225 g", True),
        ("2.2 g", "2200 mg", True),  # a power of ten apart: exact
        ("2.3 kg", "2250 g", False),
        ("$0.48", "48 cents", True),
        ("EUR 0.48", "48 cents", True),
        ("£0.48", "48 cents", False),
        ("$45", "EUR 45", False),  # no exchange rates
        ("45 lb", "45 kg", False),
        ("45 pounds", "£45", True),
        ("90 minutes", "1.5 hours", True),
        ("2 months", "60 days", True),
        ("45 minutes", "45 hours", False),
        ("45%", "45 minutes", False),
    ],
)
def test_a_conversion_agrees_within_the_stated_rounding(answer, source, same):
    assert same_value(_one(answer), _one(source)) is same


def test_the_same_digits_with_another_unit_do_not_vouch():
    stated = read_values("Checked bags cost EUR 45. The desk closes 45 minutes before. Row 45 has the limit.")
    assert value_stated(_one("45 lb"), stated[:2]) is False
    assert value_stated(_one("45 lb"), stated) is True  # "Row 45": a number with no unit still vouches
    assert value_stated(_one("45 lb"), read_values("a 45 m drop")) is True  # "m": metres, minutes or millions


@pytest.mark.parametrize(
    ("sentence", "number", "sources", "vouched"),
    [
        # two values the sources state in one sentence, with a cue that the answer adds up or takes away
        ("You will have 2,250 points in all.", "2,250", "I have 1,500 points and will earn 750 points.", True),
        ("You will have 2,300 points in all.", "2,300", "I have 1,500 points and will earn 750 points.", False),
        ("You will then have 2,250 points.", "2,250", "I have 1,500 points and will earn 750 points.", False),
        ("You need 750 more points.", "750", "Gold needs 2,250 points; you have 1,500 points.", True),
        ("You will have 2,250 miles in all.", "2,250", "I have 1,500 points and will earn 750 points.", False),
        ("You will have 2,250 in all.", "2,250", "I have 1,500 points and will earn 750 points.", False),  # no unit
        ("Both come to EUR 60.", "60", "The seat is EUR 25 and the bag EUR 35.", True),
        ("The seat costs EUR 10 more.", "10", "The seat is EUR 35 and the bag EUR 25.", True),
        ("Both come to USD 60.", "60", "The seat is EUR 25 and the bag EUR 35.", False),
        ("In total it is $1.25.", "1.25", "It costs $1 plus 25 cents.", True),  # money with its sub-unit
        (
            "16,950 runners took part in the two races.",
            "16,950",
            "It had 5,150 runners in the full marathon and 11,800 in the half marathon.",
            True,
        ),
        ("The crossing takes 110 minutes.", "110", "It takes 80 minutes; check in 30 minutes before.", False),
        ("Open 4 hours before and close 45 minutes before: for 195 minutes.", "195", "Desks open early.", True),
        ("Give 20 weeks' notice unless a longer period applies.", "20", "Give 8 weeks or 12 weeks.", False),
        (
            "The crossing takes 110 minutes in total.",
            "110",
            "It takes 80 minutes. Check in 30 minutes before.",
            False,
        ),  # two sentences apart
        # products: a count right before a value, a count of what a rate is per, a count of the sentence's own
        ("The course takes 90 minutes.", "90", "The course has two 45-minute sessions.", True),
        ("The course takes 1.5 hours.", "1.5", "The course has two 45-minute sessions.", True),  # time in any unit
        ("The course takes 135 minutes.", "135", "The course has two 45-minute sessions.", False),
        ("The stay costs EUR 240.", "240", "A room costs EUR 80 per night. I stay 3 nights.", True),
        ("The stay costs EUR 160.", "160", "A room costs EUR 80 per night. I stay 3 nights.", False),
        ("At EUR 2,350 each, two bikes cost EUR 4,700.", "4,700", "Members pay EUR 2,350.", True),
        ("Two bikes cost EUR 4,800.", "4,800", "Members pay EUR 2,350.", False),
        ("Taking 15 ml 3 times a day is 45 ml a day.", "45", "Adults take 15 ml up to 3 times a day.", True),
        ("Your 8 days at EUR 38 a day come to EUR 304.", "304", "Compact cars cost EUR 38 a day.", True),
        ("It is 2 × EUR 75 = EUR 150.", "150", "A change costs EUR 75.", True),
        ("You will have 1,750 + 1,500 = 3,250 points.", "3,250", "New cardholders get 1,500 bonus points.", True),
        # never a year or a temperature
        ("It then opened in 2019.", "2019", "Planned in 2009, it took 10 years.", False),
        ("In total it was 30 °C.", "30", "It was 10 °C, then 20 °C.", False),
    ],
)
def test_a_sum_difference_or_product_vouches(sentence, number, sources, vouched):
    own = read_values(sentence)
    (answer,) = [v for v in own if sentence[v.start : v.end] == number]
    assert derived(answer, read_values(sources), own, arithmetic_cue(sentence, answer.end)) is vouched


def test_terms_in_two_sentences_do_not_add_up():
    filler = " Nothing else is stated here." * 20
    stated = read_values("You have 1,500 points." + filler + " Earn 750 points.")
    assert not derived(_one("2,250 points"), stated, cue=True)


@pytest.mark.parametrize(
    ("sentence", "number", "sources", "vouched"),
    [
        # two sentences that share different words with the answer's sentence, with a cue that it adds up
        (
            "Open Water and Advanced back to back take 6 days.",
            "6",
            "Open Water runs over 4 days. Advanced takes 2 days.",
            True,
        ),
        (
            "Between them, hand-building and glazing give you 5 hours of teaching.",
            "5",
            "| Hand-building | Wednesday | 2 hours |\n| Glazing | Thursday | 3 hours |\n| Raku | Saturday | 4 hours |",
            True,
        ),
        ("A morning trip and kit hire come to £120 altogether.", "120", "The morning trip: £75.\nKit hire: £45.", True),
        ("Open Water, then Advanced: 6 days in all.", "6", "Open Water: 4 days. Advanced Open Water: 2 days.", True),
        # no cue, a wrong total, or sentences that share only a verb with it: no sum across sentences
        ("Open Water and Advanced take 6 days.", "6", "Open Water runs over 4 days. Advanced takes 2 days.", False),
        ("Open Water and Advanced back to back: 7 days.", "7", "Open Water runs 4 days. Advanced takes 2 days.", False),
        ("The crossing takes 110 minutes in total.", "110", "It takes 80 minutes. Boarding takes 30 minutes.", False),
        ("Raku and glazing take 5 hours in total.", "5", "Hand-building runs 2 hours. Glazing runs 3 hours.", False),
        (  # a wrong operand: £24 is the porcelain's, in the clause after the one that names Hexley Buff
            "Your monthly fee plus a bag of Hexley Buff comes to £89.",
            "89",
            "Open Studio membership costs £65 a month, plus a bag of Hexley Buff. "
            "Hexley Buff is £18 a bag and Pellworth porcelain is £24 a bag.",
            False,
        ),
    ],
)
def test_a_cued_sum_of_two_sentences_naming_different_things_vouches(sentence, number, sources, vouched):
    from veracity.text.arithmetic import related_values

    own = read_values(sentence)
    (answer,) = [v for v in own if sentence[v.start : v.end] == number]
    cue = arithmetic_cue(sentence, answer.end)
    related = related_values(sentence, sources) if cue else ()
    assert derived(answer, read_values(sources), own, cue, related) is vouched

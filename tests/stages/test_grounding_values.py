"""Issue 59, item 2: the grounding checker reads a number with its unit or currency as a value.

A number with a unit is vouched for only by the same value (a conversion within the stated rounding counts), never
by the same digits with another unit; a sum, difference or product of two values the sources state vouches, a year
never.
"""

from types import SimpleNamespace

import pytest

from conftest import missing_items
from veracity.detectors.reader.assembly import Lazy
from veracity.stages.verify.grounding import EvidenceFacts


@pytest.mark.parametrize(
    ("answer", "evidence", "missing"),
    [
        # the same digits with another unit or currency vouch for nothing
        ("The cabin bag may weigh 45 lb.", "Checked bags cost EUR 45 each.", ["45"]),
        ("The cabin bag may weigh 45 lb.", "The check-in desk closes 45 minutes before departure.", ["45"]),
        ("The fee is EUR 45.", "Cabin bags may weigh up to 45 lb; seats cost EUR 10.", ["45"]),
        ("Boarding closes 45 minutes before departure.", "The flight lasts 45 hours.", ["45"]),
        ("The refund is 45%.", "The refund takes 45 days.", ["45"]),
        ("It costs £45.", "It weighs 45 lb.", ["45"]),
        ("It costs $45.", "It costs EUR 45.", ["45"]),  # a currency exchange is not vouched for
        # the same value, however the unit is written
        ("The fee is 45 euros.", "The fee is EUR 45.", []),
        ("The fee is €45.", "The fee is 45 EUR.", []),
        ("The fee is $45.", "The fee is 45 dollars.", []),
        ("It weighs 45 pounds.", "It weighs 45 lb.", []),
        ("It costs £45.", "It costs 45 pounds.", []),  # "pounds": weight or sterling
        ("The session lasts 45 minutes.", "There is one 45-minute session.", []),
        ("It stays at 18 degrees Celsius.", "It stays at 18 °C.", []),
        ("It stays at 18 °C.", "It stays at 18 degrees.", []),  # "degrees": of which scale, the source leaves open
        ("The rent is 45 days late.", "The rent may be 45 working days late.", []),
        ("It costs $45.", "It costs 45 US dollars.", []),
        ("A withdrawal costs 75p.", "A withdrawal costs £0.75.", []),
        ("Journeys are repaid at £0.46 per mile.", "Journeys are repaid at 46p per mile.", []),
        ("The bin holds about 37 US gallons.", "The bin holds 140 litres.", []),
        ("The rate is 45 percent.", "The rate is 45%.", []),
        ("The limit is 20 to 25 kg.", "Bags of 20–25 kg are accepted.", []),
        # a number the sources state without a unit still vouches (the unit may sit in a label)
        ("The cabin bag may weigh 45 lb.", "Cabin bag weight limit (lb): 45", []),
        ("The bag may weigh 8 kg.", "Weight limit: 8", []),
    ],
)
def test_a_number_is_compared_with_its_unit(grounding_checker, answer, evidence, missing):
    assert missing_items(grounding_checker, answer, evidence) == missing


@pytest.mark.parametrize(
    ("answer", "evidence", "missing"),
    [
        ("Checked bags may weigh about 50 lb.", "Checked bags may weigh up to 23 kg.", []),
        ("Checked bags may weigh 50.7 lb.", "Checked bags may weigh up to 23 kg.", []),
        ("Checked bags may weigh 51 lb.", "Checked bags may weigh up to 23 kg.", []),
        ("Checked bags may weigh 55 lb.", "Checked bags may weigh up to 23 kg.", ["55"]),  # off by more than rounding
        ("Checked bags may weigh about 60 lb.", "Checked bags may weigh up to 23 kg.", ["60"]),
        ("Checked bags may weigh 23 kg.", "Checked bags may weigh up to 50 lb.", []),  # 22.7 kg
        ("Checked bags may weigh 25 kg.", "Checked bags may weigh up to 50 lb.", ["25"]),
        ("The trail is 19 miles long.", "The trail is 30 km long.", []),
        ("The trail is about 20 miles long.", "The trail is 30 km long.", []),
        ("The trail is 25 miles long.", "The trail is 30 km long.", ["25"]),
        ("The walk is 5 km.", "The walk is 3 miles.", []),
        ("The ceiling is 10 feet high.", "The ceiling is 3 m high.", []),
        ("The ceiling is 13 feet high.", "The ceiling is 3 m high.", ["13"]),
        ("The screen measures 15.6 inches.", "The screen measures 39.6 cm.", []),
        ("The screen measures 17 inches.", "The screen measures 39.6 cm.", ["17"]),
        ("It was 68 °F at noon.", "It was 20 °C at noon.", []),
        ("It was 20 °C at noon.", "It was 68 degrees Fahrenheit at noon.", []),
        ("It was 75 °F at noon.", "It was 20 °C at noon.", ["75"]),
        ("It was -4 °F.", "It was minus 20 °C.", []),
        ("The tank holds 10 gallons.", "The tank holds 38 litres.", []),
        ("The tank holds 12 gallons.", "The tank holds 38 litres.", ["12"]),
        ("Add 8 oz of flour.", "Add 225 g of flour.", []),
        ("Add 10 oz of flour.", "Add 225 g of flour.", ["10"]),
        ("Car journeys are repaid at about 32p per kilometre.", "Car journeys are repaid at 52p per mile.", []),
        ("Car journeys are repaid at about 42p per kilometre.", "Car journeys are repaid at 52p per mile.", ["42"]),
        ("Net income was $0.48 a share.", "Net income was 48 cents per share.", []),
        ("It costs 48 cents.", "It costs $0.48.", []),
        ("Take no more than 2.2 g a day.", "Take no more than 2200 mg a day.", []),
        ("Take no more than 2.2 kg a day.", "Take no more than 2200 mg a day.", ["2.2"]),
    ],
)
def test_a_conversion_vouches_within_the_stated_rounding(grounding_checker, answer, evidence, missing):
    assert missing_items(grounding_checker, answer, evidence) == missing


@pytest.mark.parametrize(
    ("answer", "evidence", "missing"),
    [
        ("You will have 2,250 points in all.", "I have 1,500 points and will earn 750 points on this trip.", []),
        ("You will have 2,500 points in all.", "I have 1,500 points and will earn 750 points on this trip.", ["2,500"]),
        ("You will have 2,250 points.", "I have 1,500 points and will earn 750 points on this trip.", ["2,250"]),
        ("You need 750 more points.", "Gold status needs 2,250 points; you have 1,500 points.", []),
        ("You need 850 more points.", "Gold status needs 2,250 points; you have 1,500 points.", ["850"]),
        ("The course takes 90 minutes in all.", "The course has two 45-minute sessions.", []),
        ("The course takes 100 minutes in all.", "The course has two 45-minute sessions.", ["100"]),
        ("The stay costs EUR 240.", "A room costs EUR 80 per night. The guest stays 3 nights.", []),
        ("The stay costs EUR 250.", "A room costs EUR 80 per night. The guest stays 3 nights.", ["250"]),
        ("The fees come to EUR 60.", "The seat fee is EUR 25 and the bag fee is EUR 35.", []),
        (
            "Desks open 4 hours before and close 45 minutes before, so for 195 minutes.",
            "Desks open 4 hours before departure and close 45 minutes before it.",
            [],
        ),
        (
            "You must give 20 weeks' notice, unless your contract sets a longer period.",
            "Staff give 8 weeks' notice, or 12 weeks in grade 6.",
            ["20"],
        ),
        ("The fees come to 60 minutes.", "The seat fee is EUR 25 and the bag fee is EUR 35.", ["60"]),  # units
        # a sum of stated values vouches only where the sentence says it adds up: not a plain wrong duration
        ("The crossing takes 110 minutes.", "The crossing takes 80 minutes; check in 30 minutes before.", ["110"]),
        (
            "With the bonus you will have 1,750 + 1,500 = 3,250 points.",
            "You have 1,750 points. The bonus is 1,500 points.",
            [],
        ),
        (
            "At EUR 2,350 each, two bikes cost EUR 4,700.",
            "Members pay EUR 2,350 for a bike. What do two bikes cost?",
            [],
        ),
        # never a year or a date
        ("The museum opened in 2019.", "It was planned in 2009 and took 10 years to build.", ["2019"]),
        ("It opened on 5 March 2019.", "It was planned on 5 March 2009 and took 10 years to build.", ["5 March 2019"]),
    ],
)
def test_a_sum_difference_or_product_of_stated_values_vouches(grounding_checker, answer, evidence, missing):
    assert missing_items(grounding_checker, answer, evidence) == missing


@pytest.mark.parametrize(
    ("answer", "evidence", "missing"),
    [
        ("It is open seven days a week.", "review date: 2019-12-16 06:07:14", ["seven"]),  # no 7 in a time
        ("It is open from 5:00 PM to 10:00 PM.", "Hours: 17:0-22:0", ["5", "10"]),  # not 10 + 0, nor 5 + 5
    ],
)
def test_a_clock_time_is_no_bare_number_and_does_no_sums(grounding_checker, answer, evidence, missing):
    assert missing_items(grounding_checker, answer, evidence) == missing


def test_the_reader_counts_a_number_with_another_unit_as_an_absent_value(grounding_checker):
    from veracity.detectors.reader import ReaderDetector
    from veracity.stages.sources import SourceIndex

    index = SourceIndex(
        ["Cabin bags may weigh up to 8 kg. Checked bags cost EUR 45 and may weigh up to 23 kg."],
        "How heavy may my cabin bag be?",
    )
    facts = EvidenceFacts.of(index.stated)
    reader = SimpleNamespace(stages=SimpleNamespace(values=Lazy.made(grounding_checker)))
    for text, absent in [
        ("Your cabin bag may weigh up to 45 lb.", 1),
        ("Your cabin bag may weigh up to 8 kg.", 0),
        ("Your checked bag may weigh up to about 50 lb.", 0),
    ]:
        counts, _, _ = ReaderDetector.value_reading(reader, text, 0, index, facts)  # type: ignore[arg-type]
        assert counts["value"] == absent, text

"""The attachment checker (issue 59): a value vouches only where the sources give it to the same thing."""

from __future__ import annotations

from collections import Counter

import pytest

from veracity.schema import Document
from veracity.stages.sources import AnswerUnits, Sources
from veracity.stages.verify.checkers.attachment import AttachmentChecker, misattributed, restates, source_clauses
from veracity.text.mentions import gives_value_elsewhere, in_ranges, value_mentions

PARCELS = (
    "Standard parcels weighing up to 2 kg cost EUR 4.90 to send within the country. "
    "Large parcels weighing up to 10 kg cost EUR 8.90."
)


def sources(*texts: str) -> Sources:
    """The input's sources read once, one document per text."""
    return Sources([Document(id=str(k), text=t) for k, t in enumerate(texts)])


def read(answer: str, *documents: str) -> list[str]:
    """The answer values the checker calls misattributed (their text)."""
    clauses = source_clauses(sources(*documents))
    df = Counter(w for c in clauses for w in c.words)
    return [m.value.text for m in misattributed(answer, clauses, df, len(clauses))]


def test_a_value_moved_to_the_sibling_thing_is_caught_with_the_right_clause_as_evidence():
    # by hand: "10 kg" is stated only in the large-parcel sentence; the answer's words "standard" and "send" occur only
    # in the standard-parcel sentence, which gives 2 kg, and the answer shares no word of the large-parcel sentence
    # that the standard one lacks ("large")
    assert read("You can send a standard parcel of up to 10 kg for EUR 4.90.", PARCELS) == ["up to 10 kg"]
    findings = AttachmentChecker().findings(
        AnswerUnits.of("You can send a standard parcel of up to 10 kg for EUR 4.90.", [(0, 59)]),
        Sources([Document(id="rates", text=PARCELS)]),
    )
    assert len(findings) == 1 and findings[0].relation == "contradicted" and findings[0].span.text == "up to 10 kg"
    assert findings[0].source_text.startswith("Standard parcels weighing up to 2 kg")
    assert "2 kg" in findings[0].explanation


@pytest.mark.parametrize(
    "answer",
    [
        "You can send a standard parcel of up to 2 kg for EUR 4.90.",  # the faithful twin
        "Sending a standard parcel costs EUR 4.90, a large one EUR 8.90.",  # both things, both values
        "Large parcels of up to 10 kg cost EUR 8.90.",  # the right thing
    ],
)
def test_a_value_said_of_its_own_thing_or_beside_the_other_value_is_not_caught(answer):
    assert read(answer, PARCELS) == []


def test_clock_times_are_values_and_the_clauses_of_one_sentence_are_siblings():
    times = "Flight LX 318 departs at 07:45 and arrives at 10:20."
    assert read("The flight departs at 10:20.", times) == ["10:20"]
    assert read("The flight departs at 7:45 am.", times) == []
    assert read("It arrives at 10:20.", times) == []


def test_passages_that_disagree_are_not_siblings():
    # two documents may give one thing two values (two recipes); the answer may follow either
    assert read("Preheat the oven to 200 °C for the bread.", "Preheat the oven to 180 °C for the cake.",
                "Bake the bread at 200 °C.") == []  # fmt: skip


def test_ranges_are_left_to_the_value_checker():
    text = "Prices rose by 2.5-3.5% and fees by 10 to 12 percent."
    values = value_mentions(text)
    assert {values[k].text for k in in_ranges(text, values)} >= {"3.5%", "12 percent"}
    assert read("Fruit prices rose by 2.5-3.5%.", "Fruit prices rose by 2.5%. Vegetable prices rose by 3.5%.") == []


def test_records_are_not_read_as_clauses():
    assert source_clauses(sources('{"departure": "07:45", "arrival": "10:20"}')) == []


CARS = "Compact cars cost €38 a day and include 150 km a day. Estate cars cost €60 a day and include 400 km a day."


def test_a_clause_after_and_without_a_subject_is_about_the_sentences_subject():
    # by hand: "include 150 km a day" has no subject of its own; it is the compact cars', so its words are
    # {include, compact, car} and it is read from the sentence's start ("Compact cars cost €38 a day and include…")
    clauses = {c.text: c for c in source_clauses(sources(CARS))}
    assert {"compact", "car", "include"} <= clauses["include 150 km a day."].words
    assert clauses["include 150 km a day."].premise == "Compact cars cost €38 a day and include 150 km a day."
    assert read("Compact cars include 400 km a day.", CARS) == ["400 km a day"]
    assert read("Estate cars include 400 km a day.", CARS) == []


def test_a_join_inside_a_noun_phrase_does_not_cut_the_clause():
    doses = "Adults and children aged 12 and over take 15 ml up to 4 times a day. Children aged 6 to 11 take 7 ml."
    texts = [c.text for c in source_clauses(sources(doses))]
    assert texts[0] == "Adults and children aged 12 and over take 15 ml up to 4 times a day."
    assert read("Adults and children aged 12 and over take 15 ml up to 4 times a day.", doses) == []


def test_areas_are_values_and_a_value_rounded_differently_is_no_rival():
    rooms = "Deluxe rooms measure 32 m² and sleep two. Suites measure 58 m² and sleep four."
    assert read("A Deluxe room measures 58 square metres.", rooms) == ["58 square metres"]
    sugar = "A cup of white sugar weighs 201 grams. A cup of flour weighs 125 grams."
    assert read("A cup of white sugar weighs 200 grams.", sugar, "Sugar weighs 200 grams a cup.") == []


def test_a_neighbour_gives_the_value_elsewhere_only_where_the_aligned_sentence_has_a_rival():
    standard, large = PARCELS.split(". ")
    unit = value_mentions("You can send a standard parcel of up to 10 kg for EUR 4.90.")
    # by hand: 10 kg is not in the standard sentence, is in the large one; the standard sentence states 2 kg, which
    # the unit does not -> the large sentence gives 10 kg to another thing
    assert gives_value_elsewhere(unit, value_mentions(standard), value_mentions(large))
    right = value_mentions("You can send a standard parcel of up to 2 kg for EUR 4.90.")
    assert not gives_value_elsewhere(right, value_mentions(standard), value_mentions(large))
    merged = value_mentions("Standard parcels up to 2 kg cost EUR 4.90 and large ones up to 10 kg EUR 8.90.")
    assert not gives_value_elsewhere(merged, value_mentions(standard), value_mentions(large))
    # no value of the kind in the aligned sentence: nothing says the neighbour's value is another thing's
    assert not gives_value_elsewhere(unit, value_mentions("Parcels are sent within the country."),
                                     value_mentions(large))  # fmt: skip


def test_a_value_the_sentence_derives_is_no_conflict_of_the_frame_checker():
    from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker
    from veracity.stages.verify.checks import relation_findings

    source = "Adults and children aged 12 and over take 15 ml up to 3 times a day."
    checker = ConsistencyChecker()
    docs = [Document(id="leaflet", text=source)]
    # by hand: 3 × 15 ml = 45 ml (the sentence shows its work); 50 ml is no product of the stated values
    right = "An adult taking 15 ml 3 times a day takes 45 ml a day."
    findings, _ = relation_findings(checker, right, [(0, len(right))], docs)
    assert not [f for f in findings if f.relation == "contradicted"]
    wrong = "An adult taking 15 ml 3 times a day takes 50 ml a day."
    findings, _ = relation_findings(checker, wrong, [(0, len(wrong))], docs)
    assert [f.span.text for f in findings if f.relation == "contradicted"] == ["50 ml"]


def test_a_sum_of_a_records_fields_is_no_misread_field():
    from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker
    from veracity.stages.verify.checks import relation_findings

    record = '{"player": "Casimir Wolanski", "appearances": 23, "goals": 6, "assists": 3}'
    docs = [Document(id="stats", text=record)]
    checker = ConsistencyChecker()
    # by hand: 6 + 3 = 9, and the sentence says it adds up ("in all"); 10 is no sum of its fields
    right = "Casimir Wolanski has 6 goals and 3 assists, 9 goal contributions in all."
    findings, _ = relation_findings(checker, right, [(0, len(right))], docs)
    assert not [f for f in findings if f.relation == "contradicted"]
    wrong = "Casimir Wolanski has 6 goals and 3 assists, 10 goal contributions in all."
    findings, _ = relation_findings(checker, wrong, [(0, len(wrong))], docs)
    assert [f.kind for f in findings if f.relation == "contradicted"] == ["record"]


def test_numbers_tie_a_sentence_to_its_group_and_a_number_of_the_other_thing_does_not_hold_it_there():
    dose = (
        "Children aged 6 to 11 take 5 ml up to 2 times a day. "
        "Adults and children aged 12 and over take 15 ml up to 3 times a day."
    )
    # by hand: "6", "11" and "2" are only the first sentence's; 15 ml is only the second's
    assert read("Children aged 6 to 11 take 15 ml up to 2 times a day.", dose) == ["15 ml"]
    assert read("Children aged 6 to 11 take 5 ml up to 2 times a day.", dose) == []
    rooms = "Deluxe rooms are 32 m² and sleep two. Suites are 58 m² and sleep four."
    # "four" is the suites' too, but a number is one more value given to the deluxe room, not a word naming suites
    assert read("A Deluxe room is 58 m², so it fits a family of four.", rooms) == ["58 m²"]
    assert read("Suites are 58 m², unlike Deluxe rooms.", rooms) == []  # it names the suites: their value


def test_a_copied_clause_with_another_things_value_is_confirmed_without_the_nli():
    fees = "Junior membership costs £85 a season; adult membership costs £170 a season."
    clauses = source_clauses(sources(fees))
    junior = next(c for c in clauses if c.text.startswith("Junior"))
    assert restates("Junior membership costs £170 a season.", junior)
    assert not restates("Junior members pay £170 a season for kit.", junior)  # words the clause lacks
    never = lambda pairs: [0.0] * len(pairs)  # noqa: E731 - an NLI that never confirms
    unit = "Junior membership costs £170 a season."
    findings = AttachmentChecker(never).findings(AnswerUnits.of(unit, [(0, len(unit))]), sources(fees))
    assert [f.span.text for f in findings] == ["£170"]


def test_a_clause_coordinated_with_the_first_verb_keeps_the_subject_even_where_a_word_before_parses_as_a_verb():
    desks = "Check-in desks open 4 hours before departure and close 45 minutes before departure."
    second = source_clauses(sources(desks))[1]
    assert second.text.startswith("close 45 minutes") and {"check", "desk"} <= second.words


def test_a_moved_value_that_a_product_of_the_sources_values_happens_to_equal_stays_caught():
    """Attachment's findings are not dropped as derived values: "$50,000" is 5 years × "$10,000 a year" by chance."""
    from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker
    from veracity.stages.verify.checks import relation_findings

    docs = [
        Document(id="rates", text="The 5-year fixed home loan has a minimum loan amount of $50,000."),
        Document(
            id="extra",
            text="During the fixed period, borrowers can make extra repayments of up to $10,000 a year without "
            "penalty. There is no fee for switching to a variable rate at the end of the fixed term.",
        ),
    ]
    answer = "While your rate is fixed, you can pay off up to $50,000 extra each year with no penalty."
    findings, _ = relation_findings(ConsistencyChecker(), answer, [(0, len(answer))], docs)
    assert [f.span.text for f in findings if f.relation == "contradicted"] == ["up to $50,000"]

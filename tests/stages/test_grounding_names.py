"""Issue 59, item 3: a name of several words is vouched for by itself or a short form the sources use for it.

Not by one of its words: "Northwind Travel Group" found nowhere is absent however often "Northwind", "travel" or
"group" occur elsewhere in the sources.
"""

from types import SimpleNamespace

import pytest

from conftest import missing_items
from veracity.detectors.reader.assembly import Lazy
from veracity.detectors.reader.signals import is_absent_name
from veracity.stages.sources import SourceIndex
from veracity.stages.verify.grounding import EvidenceFacts

# a long document that uses every word of the name, never the name
_LONG = " ".join(
    [
        "The Northwind wind farm lies off the coast and powers the airport terminals.",
        "Our travel desk helps each group of passengers with special assistance.",
        "Group bookings of ten or more travellers get a dedicated agent.",
    ]
    + [f"Rule {k}: passengers must keep their boarding pass until they leave the gate area." for k in range(200)]
)


@pytest.mark.parametrize(
    ("answer", "evidence", "missing"),
    [
        ("Tickets are sold by Northwind Travel Group.", _LONG, ["Northwind Travel Group"]),
        ("Tickets are sold by Northwind Travel Group.", "Northwind Travel Group sells the tickets.", []),
        ("Tickets are sold by Northwind Travel Group.", "Tickets are sold by NTG, the agency.", []),  # acronym
        ("Tickets are sold by Northwind Travel Group.", "Northwind Travel sells the tickets.", []),  # no suffix
        ("Tickets are sold by Northwind Travel Group.", "Northwind Travel Group's agents sell the tickets.", []),
        ("NTG sells the tickets.", "Northwind Travel Group (the agency) sells the tickets.", []),
        ("Tickets are sold by Northwind Travel.", "Northwind Travel Group sells the tickets.", []),
        ("Marie Curie won the prize.", "Curie won the prize in 1911.", []),  # a person's surname
        ("Marie Curie won the prize.", "Dr. Curie won the prize in 1911.", []),
        ("Jane Smith leads the team.", "John Smith leads the team. Jane Doe joined in May.", ["Jane Smith"]),
        ("John Kennedy was president.", "John F. Kennedy was president.", []),
        ("The St. Louis Cardinals won.", "The St. Louis Cardinals won the game.", []),
        ("Your property is in Band B. Appeals go to the council.", "Band B pays more. Appeals go to the council.", []),
        ("The University of Oslo hosts it.", "It is hosted by the University of Oslo.", []),
        (
            "The University of Oslo hosts it.",
            "The University in Bergen and a school in Oslo host it.",
            ["University of Oslo"],
        ),
        ("It is run by the World Health Organization.", "The WHO runs it.", []),
    ],
)
def test_a_name_is_vouched_for_as_a_phrase(grounding_checker, answer, evidence, missing):
    assert missing_items(grounding_checker, answer, evidence) == missing


def test_a_name_in_the_question_vouches_as_a_phrase_too(grounding_checker):
    answer = "Northwind Travel Group sells the tickets."
    _, missing = grounding_checker.check(
        answer, ["An agency sells the tickets."], extra_text="Is Northwind Travel Group it?"
    )
    assert missing == []
    _, missing = grounding_checker.check(
        answer, ["An agency sells the tickets."], extra_text="Is Northwind good? I joined a travel group."
    )
    assert [m.text for m in missing] == ["Northwind Travel Group"]


def test_a_name_of_several_words_is_absent_though_each_word_is_known():
    known = {"northwind", "travel", "group", "christian", "winter", "month"}
    assert is_absent_name("Northwind Travel Group", known)
    assert not is_absent_name("Christians", known)  # one word: word by word, as the novelty signals normalise it
    assert not is_absent_name("winter months", known)  # no capitalised word
    assert not is_absent_name("Monday", known | {"monday"})


def test_the_reader_counts_a_name_found_only_word_by_word_as_absent(grounding_checker):
    from veracity.detectors.reader import ReaderDetector

    reader = SimpleNamespace(stages=SimpleNamespace(values=Lazy.made(grounding_checker)))
    for sources, text, absent in [
        ([_LONG], "Tickets are sold by Northwind Travel Group.", 1),
        ([_LONG, "NTG sells the tickets."], "Tickets are sold by Northwind Travel Group.", 0),
        (["Curie won the prize in 1911."], "Marie Curie won the prize in 1911.", 0),
    ]:
        index = SourceIndex(sources)
        counts, _, _ = ReaderDetector.value_reading(  # type: ignore[arg-type]
            reader, text, 0, index, EvidenceFacts.of(index.stated)
        )
        assert counts["name"] == absent, text


@pytest.mark.parametrize(
    ("answer", "evidence", "missing"),
    [
        # an imperative the small parser tags a proper noun only because it opens the sentence capitalised
        ("Bear in mind that the gate closes at 6 pm.", "The gate closes at 6 pm.", []),
        ("Yes. Bear in mind that the gate closes at 6 pm.", "The gate closes at 6 pm.", []),  # after a full stop
        ("Yes. Hollis runs the Saturday class.", "Our Saturday class is run by Dana Merritt.", ["Hollis"]),
        # a name that opens a sentence is still a name ...
        ("Hollis runs the Saturday class.", "Our Saturday class is run by Dana Merritt.", ["Hollis"]),
        # ... and so is a run of capitalised words there
        ("Northwind Travel Group sells the tickets.", "An agency sells the tickets.", ["Northwind Travel Group"]),
    ],
)
def test_a_word_capitalised_only_by_opening_a_sentence_is_no_name(grounding_checker, answer, evidence, missing):
    assert missing_items(grounding_checker, answer, evidence) == missing

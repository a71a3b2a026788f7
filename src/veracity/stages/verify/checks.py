"""The rule checkers run together on one input, in one order (:func:`rule_checkers`).

One place that every detector takes them from (issue 59, item 7): the fused detector reads the frame and record
checkers' signals (:func:`check_consistency`), the ``auto`` router their findings, the reader every checker's
findings (:func:`relation_findings`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from veracity.schema import Document, Finding
from veracity.stages.sources import AnswerUnits, Sources
from veracity.stages.verify.checkers import Checker
from veracity.stages.verify.checkers.attachment import AttachmentChecker
from veracity.stages.verify.checkers.conditions import ConditionChecker
from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker, consistency_signals
from veracity.stages.verify.checkers.names import NameChecker
from veracity.stages.verify.checkers.records import RecordChecker, record_signals
from veracity.stages.verify.checkers.tables import TableChecker

__all__ = ["check_consistency", "relation_findings", "rule_checkers", "run_checkers"]

Confirm = Callable[[list[tuple[str, str]]], list[float]]


def rule_checkers(
    frames: ConsistencyChecker, confirm: Confirm | None = None, masked: Checker | None = None
) -> tuple[Checker, ...]:
    """The checkers in the order they run: frames, records, tables, attachment, masked (when given), names, conditions.

    ``frames`` is the frame checker (it holds a parse cache, so a detector keeps one); ``confirm`` is P(contradiction)
    of (premise, hypothesis) pairs, with which attachment confirms its candidates; ``masked`` the masked-frame checker
    (it holds its embedder and the source frames' vectors across inputs).
    """
    given = (masked,) if masked is not None else ()
    return (
        frames,
        RecordChecker(),
        TableChecker(),
        AttachmentChecker(confirm),
        *given,
        NameChecker(),
        ConditionChecker(),
    )


def run_checkers(checkers: Sequence[Checker], answer: AnswerUnits, sources: Sources) -> list[Finding]:
    """Every checker's findings, in order, each on words no earlier ``contradicted`` finding covers."""
    findings: list[Finding] = []
    taken: list[tuple[int, int]] = []
    for checker in checkers:
        found = [
            f
            for f in checker.findings(answer, sources)
            if not any(s < f.span.end and f.span.start < e for s, e in taken)
        ]
        findings += found
        taken += [(f.span.start, f.span.end) for f in found if f.relation == "contradicted"]
    return findings


def check_consistency(
    checker: ConsistencyChecker, answer: str, documents: Sources | Sequence[Document]
) -> tuple[dict[str, float], list[Finding], list[str]]:
    """The frame and record checkers on one input: their signals, their findings (prose, then records) and notes."""
    sources = Sources.of(documents)
    result = checker.check(answer, sources)
    record_findings = RecordChecker().findings(AnswerUnits.of(answer, []), sources)
    signals = {**consistency_signals(result), **record_signals(record_findings)}
    return signals, [*result.findings, *record_findings], result.notes


def relation_findings(
    checker: ConsistencyChecker,
    answer: str,
    units: Sequence[tuple[int, int]],
    documents: Sources | Sequence[Document],
    confirm: Confirm | None = None,
    masked: Checker | None = None,
) -> tuple[list[Finding], list[str]]:
    """Every checker's findings on the answer (:func:`run_checkers` over :func:`rule_checkers`), and their notes."""
    read = AnswerUnits.of(answer, units)
    findings = run_checkers(rule_checkers(checker, confirm, masked), read, Sources.of(documents))
    return findings, read.notes

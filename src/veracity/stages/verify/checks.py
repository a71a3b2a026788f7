"""The rule checkers run together on one input: frames (consistency), records by key, and attachment.

One place that every detector takes them from (issue 59, item 7): the fused detector reads their signals, the
``auto`` router their findings, the reader their findings with attachment's added where no frame conflict covers
the same words already.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from veracity.schema import Document, Finding
from veracity.stages.verify.attachment import attachment_findings
from veracity.stages.verify.conditions import condition_findings
from veracity.stages.verify.consistency import ConsistencyChecker, consistency_signals
from veracity.stages.verify.records import check_record_claims, read_record_fields, record_signals

__all__ = ["check_consistency", "relation_findings"]


def check_consistency(
    checker: ConsistencyChecker, answer: str, documents: Sequence[Document]
) -> tuple[dict[str, float], list[Finding], list[str]]:
    """The consistency checkers on one input: their signals, their findings (prose, then records) and notes."""
    result = checker.check(answer, documents)
    fields = [f for d in documents for f in read_record_fields(d.id, d.text)]
    record_findings = check_record_claims(answer, fields) if fields else []
    signals = {**consistency_signals(result), **record_signals(record_findings)}
    return signals, [*result.findings, *record_findings], result.notes


def relation_findings(
    checker: ConsistencyChecker,
    answer: str,
    units: Sequence[tuple[int, int]],
    documents: Sequence[Document],
    confirm: Callable[[list[tuple[str, str]]], list[float]] | None = None,
) -> tuple[list[Finding], list[str]]:
    """Every checker's findings on the answer, and their notes.

    The frame and record checkers' findings, then attachment's (a value the sources give only to another thing,
    read per unit of ``units`` and confirmed by ``confirm`` where given), then dropped conditions' (a unit that
    restates a source sentence without the condition that limits it), each on words no earlier finding covers.
    """
    _, findings, notes = check_consistency(checker, answer, documents)
    taken = [(f.span.start, f.span.end) for f in findings if f.relation == "contradicted"]
    for found in (attachment_findings(answer, units, documents, confirm), condition_findings(answer, units, documents)):
        found = [f for f in found if not any(s < f.span.end and f.span.start < e for s, e in taken)]
        findings += found
        taken += [(f.span.start, f.span.end) for f in found]
    return findings, notes

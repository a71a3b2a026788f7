"""The rule checkers run together on one input: frames (consistency), records by key, attachment and names attached.

One place that every detector takes them from (issue 59, item 7): the fused detector reads their signals, the
``auto`` router their findings, the reader their findings with attachment's added where no frame conflict covers
the same words already.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from veracity.schema import Document, Finding
from veracity.stages.verify.checkers.attachment import attachment_findings
from veracity.stages.verify.checkers.conditions import condition_findings
from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker, consistency_signals
from veracity.stages.verify.checkers.names import name_findings
from veracity.stages.verify.checkers.records import check_record_claims, read_record_fields, record_signals

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
    read per unit of ``units`` and confirmed by ``confirm`` where given), then moved names' (a source clause copied
    with another of the sources' names in a name's place), then dropped conditions' (a unit that restates a source
    sentence without the condition that limits it), each on words no earlier finding covers.
    """
    _, findings, notes = check_consistency(checker, answer, documents)
    findings = [f for f in findings if not _derived(answer, units, documents, f)]
    taken = [(f.span.start, f.span.end) for f in findings if f.relation == "contradicted"]
    for found in (
        attachment_findings(answer, units, documents, confirm),
        name_findings(answer, units, documents),
        condition_findings(answer, units, documents),
    ):
        found = [f for f in found if not any(s < f.span.end and f.span.start < e for s, e in taken)]
        findings += found
        taken += [(f.span.start, f.span.end) for f in found]
    return findings, notes


def _derived(answer: str, units: Sequence[tuple[int, int]], documents: Sequence[Document], finding: Finding) -> bool:
    """Whether a contradicted value is a product, sum or difference the value checker vouches for.

    "An adult taking 15 ml 3 times a day takes 45 ml a day" over "take 15 ml up to 3 times a day": the frame
    checker reads 45 ml against the source's 15 ml in the same slot, but the sentence derives it (3 × 15 ml), as
    :func:`veracity.text.arithmetic.derived` reads it; a derived value is the value checker's, not a conflict. So
    for the record checker: "6 goals and 3 assists, 9 goal contributions in all" is no misread "assists" field.
    """
    from veracity.text.arithmetic import arithmetic_cue, derived
    from veracity.text.units import read_values, stated_values

    if finding.kind not in ("value", "record") or finding.relation != "contradicted":
        return False
    unit = next(((s, e) for s, e in units if s <= finding.span.start < e), None)
    if unit is None:
        return False
    sentence = answer[unit[0] : unit[1]]
    start, end = finding.span.start - unit[0], finding.span.end - unit[0]
    values = read_values(sentence)
    value = next((v for v in values if start <= v.start < end), None)
    if value is None or not (value.units or value.noun):
        return False
    sources = stated_values("\n".join(d.text for d in documents))
    own = [v for v in values if v is not value]
    return derived(value, sources, own, arithmetic_cue(sentence, value.end))

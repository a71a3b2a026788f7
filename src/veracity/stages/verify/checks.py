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

__all__ = ["check_consistency", "relation_findings", "rule_checkers", "run_checkers"]

Confirm = Callable[[list[tuple[str, str]]], list[float]]


def rule_checkers(frames: ConsistencyChecker, confirm: Confirm | None = None) -> tuple[Checker, ...]:
    """The checkers in the order they run: frames, records, attachment, names, conditions.

    ``frames`` is the frame checker (it holds a parse cache, so a detector keeps one); ``confirm`` is P(contradiction)
    of (premise, hypothesis) pairs, with which attachment confirms its candidates.
    """
    return (frames, RecordChecker(), AttachmentChecker(confirm), NameChecker(), ConditionChecker())


def run_checkers(checkers: Sequence[Checker], answer: AnswerUnits, sources: Sources) -> list[Finding]:
    """Every checker's findings, in order, each on words no earlier ``contradicted`` finding covers.

    A value the answer derives (a sum, a product, a difference of the sources' values) is no conflict
    (:func:`derived_value`).
    """
    findings: list[Finding] = []
    taken: list[tuple[int, int]] = []
    for checker in checkers:
        found = [
            f
            for f in checker.findings(answer, sources)
            if not derived_value(answer, sources, f) and not any(s < f.span.end and f.span.start < e for s, e in taken)
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
) -> tuple[list[Finding], list[str]]:
    """Every checker's findings on the answer (:func:`run_checkers` over :func:`rule_checkers`), and their notes."""
    read = AnswerUnits.of(answer, units)
    findings = run_checkers(rule_checkers(checker, confirm), read, Sources.of(documents))
    return findings, read.notes


def derived_value(answer: AnswerUnits, sources: Sources, finding: Finding) -> bool:
    """Whether a contradicted value is a product, sum or difference the value checker vouches for.

    "An adult taking 15 ml 3 times a day takes 45 ml a day" over "take 15 ml up to 3 times a day": the frame
    checker reads 45 ml against the source's 15 ml in the same slot, but the sentence derives it (3 × 15 ml), as
    :func:`veracity.text.arithmetic.derived` reads it; a derived value is the value checker's, not a conflict. So
    for the record checker: "6 goals and 3 assists, 9 goal contributions in all" is no misread "assists" field.
    """
    from veracity.text.arithmetic import arithmetic_cue, derived
    from veracity.text.values import read_values, stated_values

    if finding.kind not in ("value", "record") or finding.relation != "contradicted":
        return False
    unit = next(((s, e) for s, e in answer.units if s <= finding.span.start < e), None)
    if unit is None:
        return False
    sentence = answer.text[unit[0] : unit[1]]
    start, end = finding.span.start - unit[0], finding.span.end - unit[0]
    values = read_values(sentence)
    value = next((v for v in values if start <= v.start < end), None)
    if value is None or not (value.units or value.noun):
        return False
    stated = sources.derived("checks.stated_values", lambda read: stated_values(read.raw_text))
    own = [v for v in values if v is not value]
    return derived(value, stated, own, arithmetic_cue(sentence, value.end))

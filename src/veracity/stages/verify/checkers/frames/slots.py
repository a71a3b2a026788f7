"""One slot of an answer frame against the same slot of source frames: its values, and who does what to whom.

The in-context comparisons of the consistency checker, each between frames with the same predicate:

* :func:`value_conflicts` — a value in a slot where a source frame about the same things has another of the same type
  ("founded in 2019" / "founded in 2017"): numbers as quantities, so that a flipped comparison ("less than" / "more
  than six hours"), another period ("per month" / "per year") or another unit is told apart and reported on the words
  around the value; a frame about a sibling thing ("primary" beside "secondary caregivers") that states the answer's
  value cancels the conflict unless the disagreeing frame names the answer's thing with all its words;
* :func:`role_conflict` — the subject and the object, or a prepositional argument, exchanged ("A acquired B" / "B
  acquired A", "A reports to B" / "B reports to A"); never for symmetric predicates ("A met B" = "B met A").

:class:`Conflict` is what every comparison of the checker returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from veracity.stages.verify.checkers.frames import Arg, Frame, SlotValue, acronym_of
from veracity.stages.verify.checkers.frames.args import (
    WEAK_PREDICATES,
    about_siblings,
    complements_match,
    exact_anchors,
    match_args,
    same_thing,
    same_words,
)
from veracity.text.lexicon import LEMMA_GLUE_WORDS
from veracity.text.polarity import SYMMETRIC_VERBS
from veracity.text.values import compare_values, date_supported, units_shared

__all__ = ["LOCATIVE_SLOTS", "Conflict", "role_conflict", "states_value", "value_conflicts"]


@dataclass(frozen=True)
class Conflict:
    """A disagreement between an answer frame and a source frame; offsets are in the answer sentence."""

    kind: Literal["value", "role", "polarity"]
    start: int
    end: int
    confidence: float
    explanation: str
    slot: str | None = None
    value: SlotValue | None = None
    source: Frame | None = None
    exact: bool = False
    """The source frame names the answer's things with no fewer words (then a sibling frame about a distinct thing,
    "Primary caregivers" beside "Secondary caregivers", does not cancel the conflict by stating the answer's value)."""


def _values_agree(a: SlotValue, b: SlotValue) -> bool | None:
    """True: the same value; False: a different value of the same type; None: not comparable."""
    return _compare_values(a, b)[0]


def _compare_values(a: SlotValue, b: SlotValue) -> tuple[bool | None, str]:
    """Whether two values agree and, if not, what differs: number, unit, comparison, period, date, or a name's label.

    Amounts are compared as values (:func:`veracity.text.values.compare_values`): "€1,250" = "1250
    euros", "two months" ≈ "60 days", "€100 per month" = "€1,200 per year"; "more than six hours" ≠ "less than six
    hours" (comparison), "€1,200 per month" ≠ "€1,200 per year" (period), "8 hours" ≠ "8 days" (unit).
    """
    if a.kind != b.kind:
        return None, ""
    if a.kind == "number":
        assert a.amount is not None and b.amount is not None
        return compare_values(a.amount, b.amount)
    if a.kind == "date":
        assert a.date is not None and b.date is not None
        if not (date_supported(a.date, [b.date], []) or date_supported(b.date, [a.date], [])):
            return False, "date"
        if a.bound and b.bound and a.bound != b.bound:
            return False, "comparison"
        return True, ""
    if a.label != b.label:
        return None, ""
    if a.words & b.words or acronym_of(a.words, b.words, b.text) or acronym_of(b.words, a.words, a.text):
        return True, ""
    return False, a.label


def states_value(frame: Frame, slot: str, value: SlotValue) -> bool:
    """Whether ``frame`` states ``value`` in ``slot``."""
    return any(_values_agree(value, v) is True for arg in frame.slot_args(slot) for v in arg.values)


# Prepositions after which a name says where something is or happens ("born in", "based at", "comes from").
LOCATIVE_SLOTS = frozenset({"prep:in", "prep:at", "prep:from", "prep:near"})


def _as_places(value: SlotValue, other: SlotValue, slot: str) -> tuple[SlotValue, SlotValue]:
    """Two names in a locative slot, one read as a person and one as a place by NER, both read as places.

    The small English pipeline labels unfamiliar place names as people ("born in Kraków": PERSON, beside "born in
    Warsaw": GPE); compared by label they would never meet. After "in", "at", "from" a person and a place compete
    for one slot only when NER misread one of them.
    """
    misread = {value.label, other.label} == {"person", "place"}
    if slot in LOCATIVE_SLOTS and value.kind == other.kind == "name" and misread:
        return replace(value, label="place"), replace(other, label="place")
    return value, other


_ROLE_PREPS = frozenset({"prep:to", "prep:for", "prep:under", "prep:from", "prep:over", "prep:above", "prep:below"})
"""Prepositional slots whose argument plays a role opposite the subject ("A reports to B", "A works for B")."""


def role_conflict(answer: Frame, same: Sequence[Frame]) -> Conflict | None:
    """Subject and object — or a prepositional argument: "A reports to B" — exchanged, in an asserting clause.

    Not for symmetric predicates ("A met B" = "B met A"), nor prepositions that pair things ("works with").
    """
    if not answer.main or answer.predicate in SYMMETRIC_VERBS or answer.subject is None or answer.subject.pronoun:
        return None
    subject = answer.subject
    for slot, other in [("object", answer.object), *[(n, a) for n, a in answer.slots if n in _ROLE_PREPS]]:
        if other is None or other.pronoun or same_thing(subject, other):
            continue
        reversed_ = [
            s
            for s in same
            if s.subject
            and s.slot_args(slot)
            and same_thing(subject, s.slot_args(slot)[0])
            and same_thing(other, s.subject)
            and not same_thing(subject, s.subject)
            and s.negated == answer.negated
            and s.main
        ]
        agreeing = [
            s
            for s in same
            if s.subject
            and s.slot_args(slot)
            and same_thing(subject, s.subject)
            and same_thing(other, s.slot_args(slot)[0])
        ]
        if reversed_ and not agreeing:
            start, end = min(subject.start, other.start), max(subject.end, other.end)
            return Conflict("role", start, end, 0.9, "subject and object are exchanged", slot, source=reversed_[0])
    return None


def _one_unit(a: SlotValue, b: SlotValue) -> bool:
    """Two dates, or two amounts in one unit (:func:`~veracity.text.values.units_shared`)."""
    return a.amount is None or b.amount is None or units_shared(a.amount, b.amount)


def value_conflicts(answer: Frame, same: Sequence[Frame]) -> list[Conflict]:
    """Value conflicts of every slot of the answer frame (a different value of the same type in the same slot)."""
    conflicts: list[Conflict] = []
    for slot, arg in answer.all_slots():
        for value in arg.values:
            # "18 weeks of paid leave and secondary caregivers 6 weeks": a gapped or listed second value beside one
            # the source states in this slot belongs to another clause the parse has merged: not compared
            siblings = [
                v
                for v in arg.values
                if v is not value and value.kind != "name" and v.kind == value.kind and _one_unit(v, value)
            ]
            if any(states_value(s, slot, v) for v in siblings for s in same):
                continue
            conflict = _value_conflict(answer, slot, arg, value, same)
            if conflict is not None:
                conflicts.append(conflict)
    return conflicts


def _clause_overlap(answer: Frame, source: Frame, arg: Arg) -> float:
    """The share of the answer clause's words (less the compared argument's) that the source clause has too.

    A word the source lacks does not count against it inside an argument the source's same slot names too ("the
    capital of Japan" / "the capital"): a modifier on a shared thing, not another clause.
    """
    source_words = {lemma for lemma, _, _ in source.lemmas}
    shared = [
        (a.start, a.end)
        for slot, a in answer.all_slots()
        if a is not arg and any(same_thing(a, b) for b in source.slot_args(slot))
    ]
    words = {
        lemma
        for lemma, start, _ in answer.lemmas
        if not (arg.start <= start < arg.end) and (lemma in source_words or not any(s <= start < e for s, e in shared))
    } - LEMMA_GLUE_WORDS
    if not words:
        return 0.0
    return len(words & source_words) / len(words)


def _other_heads(arg: Arg, value: SlotValue, other: Arg) -> bool:
    """Whether the two arguments' values qualify different things.

    "revenue of $3.3 billion" / "capital spending of $120 million" in the object of "expect": each head is a word
    outside its argument's values, and the heads differ.
    """
    if arg.pronoun or other.pronoun or not arg.head or not other.head or arg.head == other.head:
        return False
    return arg.head not in value.text.lower() and not any(other.head in v.text.lower() for v in other.values)


def _value_conflict(answer: Frame, slot: str, arg: Arg, value: SlotValue, same: Sequence[Frame]) -> Conflict | None:
    """A value of the answer's ``slot`` that every comparable source value in that slot contradicts.

    Names in a list ("A, B and C") are not compared: lists are often partial. Anchoring needs the subject or object
    (whichever is not the slot) to name the same thing; a light verb ("be", "have") needs both. A frame about a
    distinct kind of the thing ("primary" beside "secondary caregivers") that states the answer's value cancels the
    conflict unless the disagreeing frame names the answer's thing with all its words.
    """
    if value.kind == "name" and arg.is_list:
        return None
    disagreeing: list[tuple[SlotValue, SlotValue, Frame, str, bool]] = []
    sibling_agrees = False
    for s in same:
        anchors, clash = match_args(answer, s, slot)
        needed = 2 if answer.predicate in WEAK_PREDICATES and slot not in {"subject", "object"} else 1
        if answer.predicate == "be" and slot in {"attr", "acomp"} and same_words(answer.subject, s.subject):
            needed = 1  # "The meal allowance is €40 per day": a copula on the very same subject states its value
        if slot not in {"attr", "acomp"} and complements_match(answer, s):
            anchors += 1
        if s.negated != answer.negated:
            continue
        if clash:
            sibling_agrees = sibling_agrees or (about_siblings(answer, s, slot) and states_value(s, slot, value))
            continue
        if value.kind == "name" and _clause_overlap(answer, s, arg) < 0.7:
            continue  # a name is compared only between near-identical clauses ("X wrote Beloved" / "Y wrote Beloved")
        for other_arg in s.slot_args(slot):
            if value.kind == "name" and other_arg.is_list:
                continue
            if _other_heads(arg, value, other_arg):
                continue
            # "8 weeks' notice" / "four weeks' notice": the argument's own head, outside the value, anchors it too
            own = int(arg.head == other_arg.head and not arg.pronoun and arg.head not in value.text.lower())
            if anchors + own < needed:
                continue
            for other in other_arg.values:
                mine, theirs = _as_places(value, other, slot)
                agree, what = _compare_values(mine, theirs)
                if agree is True:
                    return None
                if agree is False:
                    disagreeing.append((mine, theirs, s, what, exact_anchors(answer, s, slot)))
    exact = [d for d in disagreeing if d[4]]
    if not disagreeing or (sibling_agrees and not exact):
        return None
    compared, other, source, what, is_exact = (exact or disagreeing)[0]
    confidence = 0.8 if value.kind in {"number", "date"} else 0.7
    if what in {"comparison", "period"}:
        # the conflict is in the words around the value: report them ("less than six hours", "€1,200 per month")
        start, end, words = value.phrase(what)
        explanation = f"answer: {words}; source: {other.phrase(what)[2]} ({what})"
        return Conflict("value", start, end, confidence, explanation, slot, value, source, is_exact)
    kind = value.kind if value.kind != "name" else compared.label
    if what in ("unit", "time"):
        kind = what
    explanation = f"answer: {value.text}; source: {other.text} ({kind})"
    return Conflict("value", value.start, value.end, confidence, explanation, slot, value, source, is_exact)

"""A consistency checker for aligned sentence pairs: what the answer says against what its source sentence says.

Every lexical signal asks whether the answer's words occur in the sources. This checker asks something else: for an
answer sentence and the source sentences it aligns with, do they say the *same thing* about the same things? Both
sides are parsed once (spaCy) into **frames** — a predicate lemma with its subject, object and prepositional slots,
passive voice normalised to active ("B was acquired by A" → subject A, object B), and a negation flag — and frames with
the same predicate that share at least one argument are compared:

* **value** — a name, number (with its unit) or date in a slot where the matched source frame has a different value
  of the same type in the same slot ("founded in 2019" / "founded in 2017"). The answer's value may occur elsewhere in
  the sources: that is the case word overlap cannot see. Numbers are compared as numbers ("1,500" = "1500" =
  "fifteen hundred"), only with the same unit; dates agree when every part both give agrees ("2017" and "May 2017").
* **role** — the same predicate with subject and object exchanged ("A acquired B" / "A was acquired by B").
* **polarity** — a negation on one side only ("can create" / "cannot create"), or a listed antonym
  (:data:`veracity.text.polarity.ANTONYM_PAIRS`) in place of the source's word.

Precision comes first. A conflict is claimed only when a source frame with the same predicate matches the answer's on
a non-pronoun argument and disagrees, and no other aligned source frame agrees with the answer. Paraphrases with other
verbs, pronouns on both sides, sentences that add something the sources do not state (the lexical signals' job),
numbers in different units and sentences the parser cannot read (over :data:`MAX_SENTENCE_WORDS` words, table rows)
never fire. What it cannot see: conflicts across different predicates ("sold" / "bought" with swapped roles), implicit
coreference ("the firm" for a name), and errors outside a verb frame (noun phrases alone).

The pure functions (:func:`frames_of`, :func:`compare_frames`) take parsed sentences; :class:`ConsistencyChecker`
aligns, parses (cached, batched) and returns :class:`veracity.schema.Finding` objects.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from veracity.schema import Document, Finding, TextSpan
from veracity.stages.verify.frames import (
    Arg,
    Frame,
    Value,
    acronym_of,
    frames_of,
    name_words,
    normalised_words,
)
from veracity.text._spacy import DEFAULT_SPACY_MODEL, load_spacy
from veracity.text.normalize import (
    Quantity,
    bound_before,
    compare_quantities,
    date_supported,
    find_dates,
    find_numbers,
    find_quantities,
    normalize_words,
)
from veracity.text.polarity import antonym_of
from veracity.text.split import split_sentences

__all__ = [
    "MAX_SENTENCE_WORDS",
    "Arg",
    "Conflict",
    "ConsistencyChecker",
    "ConsistencyResult",
    "Frame",
    "Value",
    "compare_frames",
    "consistency_signals",
    "frames_of",
]

MAX_SENTENCE_WORDS = 80
"""Answer sentences longer than this are not parsed (the other signals read them; the report says so)."""

_SOURCE_SENTENCE_WORDS = 150
_WEAK_PREDICATES = frozenset({"be", "have", "do", "make", "get", "say", "include", "use", "take", "give", "go"})
"""Light verbs: a frame of one needs two matching arguments before it is compared."""
_SYMMETRIC = frozenset(
    "touch meet marry border resemble equal match join merge partner collaborate compete tie fight play face "
    "date divorce neighbour neighbor contact connect link".split()
)
"""Predicates whose subject and object can be exchanged without changing what is said."""
_SYNONYM_GROUPS = (
    frozenset({"acquire", "buy", "purchase"}),
    frozenset({"close", "shut"}),
    frozenset({"beat", "defeat", "overcome"}),
    frozenset({"start", "begin", "commence", "launch"}),
    frozenset({"end", "finish", "conclude"}),
    frozenset({"hire", "employ", "recruit"}),
    frozenset({"found", "establish"}),
    frozenset({"allow", "permit", "let"}),
    frozenset({"require", "need"}),
    frozenset({"receive", "get", "obtain"}),
    frozenset({"manufacture", "produce", "make"}),
    frozenset({"lead", "head"}),
    frozenset({"approve", "authorize", "authorise"}),
    frozenset({"increase", "rise", "grow", "climb"}),
    frozenset({"decrease", "fall", "drop", "decline"}),
    frozenset({"sue", "prosecute"}),
)
"""Predicates that say the same of the same arguments (a short, documented list; each word in one group only)."""
_SYNONYM: dict[str, frozenset[str]] = {w: g for g in _SYNONYM_GROUPS for w in g}
_STOPWORDS = frozenset("a an the of and or in on at for to by with from as be have do will would can could".split())
_TABLE_ROW = re.compile(r"\|.*\||\t.*\t")


@dataclass(frozen=True)
class Conflict:
    """A disagreement between an answer frame and a source frame; offsets are in the answer sentence."""

    kind: Literal["value", "role", "polarity"]
    start: int
    end: int
    confidence: float
    explanation: str
    slot: str | None = None
    value: Value | None = None
    source: Frame | None = None
    exact: bool = False
    """The source frame names the answer's things with no fewer words (then a sibling frame about a distinct thing,
    "Primary caregivers" beside "Secondary caregivers", does not cancel the conflict by stating the answer's value)."""


# --------------------------------------------------------------------------------------------------- comparing


def same_thing(a: Arg, b: Arg) -> bool:
    """Two non-pronoun arguments that name the same thing: one's names within the other's, or one head, shared words.

    Within, not merely shared: "Pierre Curie" and "Marie Curie" share a surname and are two people; "Curie" and
    "Marie Curie" (or an alias: "Maria Skłodowska, later known as Marie Curie") can be one.
    """
    if a.pronoun or b.pronoun or distinct_things(a, b):
        return False
    if a.names and b.names:
        return a.names <= b.names or b.names <= a.names
    if a.head == b.head:
        return True
    smaller = min(len(a.words), len(b.words))
    return smaller > 0 and len(a.words & b.words) / smaller >= 0.5


def distinct_things(a: Arg, b: Arg) -> bool:
    """Two kinds of one thing: the same head, each with a modifier the other lacks.

    "primary caregivers" / "secondary caregivers", "the X100 printer" / "the X200 printer", "Pierre Curie" / "Marie
    Curie". Only where one of them is ``known`` (:func:`with_known_things`: the sources name the answer's thing as
    such): "a heartfelt tribute" for the source's "heart-rending tribute" is a paraphrase, not another tribute. Such
    arguments neither anchor a comparison nor cancel one: the neighbouring sentence about the other kind is where an
    answer's misplaced value comes from.
    """
    if a.pronoun or b.pronoun or not (a.known or b.known):
        return False
    if a.names and b.names and not (a.names <= b.names or b.names <= a.names):
        return bool(a.words & b.words)
    if a.head != b.head:
        return False
    return bool(a.words - b.words) and bool(b.words - a.words)


def with_known_things(answer: Frame, sources: Sequence[Frame]) -> Frame:
    """``answer`` with its arguments marked ``known`` where a source argument with the same head has all its words."""
    source_args = [arg for s in sources for _, arg in s.all_slots() if not arg.pronoun]

    def mark(arg: Arg) -> Arg:
        known = not arg.pronoun and any(s.head == arg.head and arg.words <= s.words for s in source_args)
        return replace(arg, known=known) if known else arg

    return replace(
        answer,
        subject=mark(answer.subject) if answer.subject else None,
        object=mark(answer.object) if answer.object else None,
        slots=tuple((name, mark(arg)) for name, arg in answer.slots),
    )


def covers(source: Arg, answer: Arg) -> bool:
    """The source argument says all the answer's does (its words and names), so it is the answer's very thing."""
    return not source.pronoun and not answer.pronoun and answer.words <= source.words and answer.names <= source.names


def different_thing(a: Arg, b: Arg) -> bool:
    """Two arguments that surely name different things: both carry names and share none of their words."""
    if a.pronoun or b.pronoun or not a.names or not b.names:
        return False
    return not (a.names & b.names) and not (a.words & b.words)


def _values_agree(a: Value, b: Value) -> bool | None:
    """True: the same value; False: a different value of the same type; None: not comparable."""
    return _compare_values(a, b)[0]


def _compare_values(a: Value, b: Value) -> tuple[bool | None, str]:
    """Whether two values agree and, if not, what differs: number, unit, comparison, period, date, or a name's label.

    Numbers are compared as quantities (:func:`veracity.text.normalize.compare_quantities`): "€1,250" = "1250
    euros", "two months" ≈ "60 days", "€100 per month" = "€1,200 per year"; "more than six hours" ≠ "less than six
    hours" (comparison), "€1,200 per month" ≠ "€1,200 per year" (period), "8 hours" ≠ "8 days" (unit).
    """
    if a.kind != b.kind:
        return None, ""
    if a.kind == "number":
        assert a.number is not None and b.number is not None
        return compare_quantities(
            Quantity(a.number, a.unit, a.bound, a.period), Quantity(b.number, b.unit, b.bound, b.period)
        )
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
    if a.label != b.label:
        return None
    if a.words & b.words or acronym_of(a.words, b.words, b.text) or acronym_of(b.words, a.words, a.text):
        return True
    return False


def same_predicate(a: str, b: str) -> bool:
    """The same lemma, or two of a listed synonym group ("acquire" / "buy")."""
    return a == b or b in _SYNONYM.get(a, frozenset())


def _match(answer: Frame, source: Frame, skip: str | None = None) -> tuple[int, bool]:
    """How many of subject and object (but ``skip``) name the same non-pronoun thing on both sides, and a clash.

    A clash: one argument surely names different things on the two sides (then the frames are about different facts).
    """
    anchors = 0
    clash = False
    for name in ("subject", "object"):
        if name == skip:
            continue
        a, s = answer.slot_args(name), source.slot_args(name)
        if a and s:
            if same_thing(a[0], s[0]):
                anchors += 1
            elif (
                different_thing(a[0], s[0])
                or distinct_things(a[0], s[0])
                or (not a[0].pronoun and not s[0].pronoun and a[0].head != s[0].head)
            ):
                clash = True
    return anchors, clash


def _complements_match(answer: Frame, source: Frame) -> bool:
    complement_a = answer.slot_args("attr") + answer.slot_args("acomp")
    complement_s = source.slot_args("attr") + source.slot_args("acomp")
    return bool(complement_a and complement_s and same_thing(complement_a[0], complement_s[0]))


def _polarity_comparable(answer: Frame, source: Frame) -> bool:
    """Frames about the same fact: the same non-pronoun subject, no argument that differs.

    A light verb like "be" needs one more argument the same; an imperative or a pronoun subject is never enough to
    claim a negation.
    """
    anchors, clash = _match(answer, source)
    if clash:
        return False
    if answer.subject is None and source.subject is None:
        # an agentless passive ("Ink is not covered"): its object stands before the verb, an imperative's after it
        return (
            answer.predicate not in _WEAK_PREDICATES
            and answer.object is not None
            and source.object is not None
            and answer.object.end <= answer.start
            and source.object.end <= source.start
            and _same_words(answer.object, source.object)
        )
    if not (answer.subject and source.subject and same_thing(answer.subject, source.subject)):
        return False
    if answer.predicate in _WEAK_PREDICATES:
        return anchors + _complements_match(answer, source) >= 2
    return anchors >= 1


def compare_frames(answer: Frame, sources: Sequence[Frame]) -> list[Conflict]:
    """The conflicts between one answer frame and the frames of its aligned source sentences.

    A conflict needs a source frame with the same predicate (or, for polarity, a listed antonym) anchored on a
    non-pronoun argument and disagreeing; any source frame that agrees on the same point cancels it.
    """
    same = [s for s in sources if same_predicate(s.predicate, answer.predicate)]

    # a comparison flipped ("less than" / "more than") is a value's conflict, reported on the value, not an antonym
    flipped = [c for c in _value_conflicts(answer, same) if c.explanation.endswith("(comparison)")]
    if flipped:
        return flipped

    role = _role_conflict(answer, same)
    if role is not None:
        return [role]

    # polarity: negation on one side only, or an antonym. Agreement is read leniently (any frame of the predicate
    # with a shared argument and none that differs), conflict strictly (asserting clauses on both sides, nothing
    # that differs).
    if not answer.main:
        return _value_conflicts(answer, same)
    comparable = [s for s in same if s.main and _polarity_comparable(answer, s)]
    lenient = [s for s in same if _match(answer, s)[0] >= 1 or _complements_match(answer, s)]
    if any(_exact_both(answer, s) for s in comparable):
        # a source clause about the very same things decides; one about other things ("Cosmetic surgery is not
        # covered" beside "Dental care is covered") cannot agree with the answer
        lenient = [s for s in lenient if not _match(answer, s)[1]]
    if comparable and not any(s.negated == answer.negated for s in lenient):
        where = answer.negation or (answer.start, answer.end)
        start, end = min(where[0], answer.start), max(where[1], answer.end)
        side = "the answer" if answer.negated else "the source"
        return [Conflict("polarity", start, end, 0.8, f"negated in {side} only", source=comparable[0])]
    agreeing_polarity = [s for s in lenient if s.negated == answer.negated]
    antonym = _antonym_clash(answer, [s for s in comparable if s.negated == answer.negated], agreeing_polarity)
    if antonym is not None:
        return [antonym]
    opposite = [
        s
        for s in sources
        if antonym_of(answer.predicate, s.predicate)
        and s.negated == answer.negated
        and s.main
        and _polarity_comparable(answer, s)
    ]
    if opposite and not agreeing_polarity:
        source_word = opposite[0].predicate
        return [
            Conflict(
                "polarity",
                answer.start,
                answer.end,
                0.75,
                f"answer: {answer.predicate}; source: {source_word}",
                source=opposite[0],
            )
        ]

    return _value_conflicts(answer, same)


_ROLE_PREPS = frozenset({"prep:to", "prep:for", "prep:under", "prep:from", "prep:over", "prep:above", "prep:below"})
"""Prepositional slots whose argument plays a role opposite the subject ("A reports to B", "A works for B")."""


def _role_conflict(answer: Frame, same: Sequence[Frame]) -> Conflict | None:
    """Subject and object — or a prepositional argument: "A reports to B" — exchanged, in an asserting clause.

    Not for symmetric predicates ("A met B" = "B met A"), nor prepositions that pair things ("works with").
    """
    if not answer.main or answer.predicate in _SYMMETRIC or answer.subject is None or answer.subject.pronoun:
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


def _value_conflicts(answer: Frame, same: Sequence[Frame]) -> list[Conflict]:
    """Value conflicts of every slot of the answer frame (a different value of the same type in the same slot)."""
    conflicts: list[Conflict] = []
    for slot, arg in answer.all_slots():
        for value in arg.values:
            # "18 weeks of paid leave and secondary caregivers 6 weeks": a gapped or listed second value beside one
            # the source states in this slot belongs to another clause the parse has merged: not compared
            siblings = [
                v
                for v in arg.values
                if v is not value and value.kind != "name" and v.kind == value.kind and v.unit == value.unit
            ]
            if any(_states(s, slot, v) for v in siblings for s in same):
                continue
            conflict = _value_conflict(answer, slot, arg, value, same)
            if conflict is not None:
                conflicts.append(conflict)
    return conflicts


def _antonym_clash(answer: Frame, sources: Sequence[Frame], lenient: Sequence[Frame]) -> Conflict | None:
    """A word of the answer's clause whose listed antonym every comparable source clause has instead of it.

    Any frame of the predicate that shares an argument and uses the answer's word (``lenient``) cancels it.
    """
    if not sources:
        return None
    answer_lemmas = {lemma for lemma, _, _ in answer.lemmas}
    for lemma, start, end in answer.lemmas:
        if any(lemma in {x for x, _, _ in s.lemmas} for s in lenient):
            continue
        opposite_everywhere = True
        for s in sources:
            source_lemmas = {x for x, _, _ in s.lemmas}
            if lemma in source_lemmas or not any(
                antonym_of(lemma, x) and x not in answer_lemmas for x in source_lemmas
            ):
                opposite_everywhere = False
                break
        if opposite_everywhere:
            other = next(x for x, _, _ in sources[0].lemmas if antonym_of(lemma, x))
            return Conflict("polarity", start, end, 0.75, f"answer: {lemma}; source: {other}", source=sources[0])
    return None


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
    } - _STOPWORDS
    if not words:
        return 0.0
    return len(words & source_words) / len(words)


def _value_conflict(answer: Frame, slot: str, arg: Arg, value: Value, same: Sequence[Frame]) -> Conflict | None:
    """A value of the answer's ``slot`` that every comparable source value in that slot contradicts.

    Names in a list ("A, B and C") are not compared: lists are often partial. Anchoring needs the subject or object
    (whichever is not the slot) to name the same thing; a light verb ("be", "have") needs both. A frame about a
    distinct kind of the thing ("primary" beside "secondary caregivers") that states the answer's value cancels the
    conflict unless the disagreeing frame names the answer's thing with all its words.
    """
    if value.kind == "name" and arg.is_list:
        return None
    disagreeing: list[tuple[Value, Value, Frame, str, bool]] = []
    sibling_agrees = False
    for s in same:
        anchors, clash = _match(answer, s, slot)
        needed = 2 if answer.predicate in _WEAK_PREDICATES and slot not in {"subject", "object"} else 1
        if answer.predicate == "be" and slot in {"attr", "acomp"} and _same_words(answer.subject, s.subject):
            needed = 1  # "The meal allowance is €40 per day": a copula on the very same subject states its value
        if slot not in {"attr", "acomp"} and _complements_match(answer, s):
            anchors += 1
        if s.negated != answer.negated:
            continue
        if clash:
            sibling_agrees = sibling_agrees or (_siblings(answer, s, slot) and _states(s, slot, value))
            continue
        if value.kind == "name" and _clause_overlap(answer, s, arg) < 0.7:
            continue  # a name is compared only between near-identical clauses ("X wrote Beloved" / "Y wrote Beloved")
        for other_arg in s.slot_args(slot):
            if value.kind == "name" and other_arg.is_list:
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
                    disagreeing.append((mine, theirs, s, what, _exact(answer, s, slot)))
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
    if what == "unit":
        kind = "unit"
    explanation = f"answer: {value.text}; source: {other.text} ({kind})"
    return Conflict("value", value.start, value.end, confidence, explanation, slot, value, source, is_exact)


def _exact_both(answer: Frame, source: Frame) -> bool:
    """The source frame names each of the answer's subject and object with the same words (nothing more or less)."""
    pairs = _anchor_pairs(answer, source, "")
    return bool(pairs) and all(_same_words(a, s) for a, s in pairs)


def _same_words(a: Arg | None, b: Arg | None) -> bool:
    """Two non-pronoun arguments with the same content words and names ("the meal allowance" / "meal allowance")."""
    return a is not None and b is not None and not a.pronoun and a.words == b.words and a.names == b.names


def _anchor_pairs(answer: Frame, source: Frame, skip: str) -> list[tuple[Arg, Arg]]:
    """The subject and object (but ``skip``) of both frames, paired, where the answer's is no pronoun."""
    pairs = []
    for name in ("subject", "object"):
        a, s = answer.slot_args(name), source.slot_args(name)
        if name != skip and a and s and not a[0].pronoun:
            pairs.append((a[0], s[0]))
    return pairs


def _exact(answer: Frame, source: Frame, slot: str) -> bool:
    """The source frame names each of the answer's anchoring things with all the answer's words."""
    pairs = _anchor_pairs(answer, source, slot)
    return bool(pairs) and all(covers(s, a) for a, s in pairs)


def _siblings(answer: Frame, source: Frame, slot: str) -> bool:
    """The frames are about distinct kinds of one thing ("primary" / "secondary caregivers"), nothing else differs."""
    pairs = _anchor_pairs(answer, source, slot)
    return any(distinct_things(a, s) for a, s in pairs) and all(
        distinct_things(a, s) or same_thing(a, s) for a, s in pairs
    )


def _states(frame: Frame, slot: str, value: Value) -> bool:
    """Whether ``frame`` states ``value`` in ``slot``."""
    return any(_values_agree(value, v) is True for arg in frame.slot_args(slot) for v in arg.values)


# Prepositions after which a name says where something is or happens ("born in", "based at", "comes from").
LOCATIVE_SLOTS = frozenset({"prep:in", "prep:at", "prep:from", "prep:near"})


def _as_places(value: Value, other: Value, slot: str) -> tuple[Value, Value]:
    """Two names in a locative slot, one read as a person and one as a place by NER, both read as places.

    The small English pipeline labels unfamiliar place names as people ("born in Kraków": PERSON, beside "born in
    Warsaw": GPE); compared by label they would never meet. After "in", "at", "from" a person and a place compete
    for one slot only when NER misread one of them.
    """
    misread = {value.label, other.label} == {"person", "place"}
    if slot in LOCATIVE_SLOTS and value.kind == other.kind == "name" and misread:
        return replace(value, label="place"), replace(other, label="place")
    return value, other


def mentions(text: str, value: Value) -> bool:
    """Whether ``text`` mentions ``value`` anywhere (by value for numbers and dates, by words for names)."""
    if value.kind == "name":
        words = set(normalize_words(text))
        return value.words <= words or name_words(text) >= value.words
    dates = find_dates(text)
    if value.kind == "date":
        assert value.date is not None
        if value.bound is not None:  # "before 1 May" is not stated by "after 1 May"
            dates = [d for d in dates if (bound_before(text, d.start) or (value.bound, 0))[0] == value.bound]
        years = [n.value for n in find_numbers(text, skip=[(d.start, d.end) for d in dates])]
        return date_supported(value.date, [d.value for d in dates], years)
    # as a quantity: "6 weeks" is not stated by "6 days", "less than 6 hours" not by "more than 6 hours"
    assert value.number is not None
    mine = Quantity(value.number, value.unit, value.bound, value.period)
    for q in find_quantities(text):
        agree = compare_quantities(mine, q.value)[0]
        if agree is True or (agree is None and q.value.amount == value.number):
            return True
    return False


def supported_elsewhere(answer: Frame, slot: str, value: Value, frames: Sequence[Frame]) -> bool:
    """Whether some frame with the same predicate, no clashing argument, states ``value`` in the same slot."""
    for f in frames:
        if (
            not same_predicate(f.predicate, answer.predicate)
            or f.negated != answer.negated
            or _match(answer, f, slot)[1]
        ):
            continue
        if _states(f, slot, value):
            return True
    return False


def _with_source_words(conflict: Conflict, sentence: str) -> str:
    """The explanation, with what the source says where it does not name it yet ("source: is covered").

    A role conflict names the source's clause from subject to the exchanged argument; a negation conflict the
    source's verb with its auxiliaries and negation. Value and antonym conflicts name the source's value already.
    """
    frame = conflict.source
    if frame is None or "source:" in conflict.explanation:
        return conflict.explanation
    if conflict.kind == "role" and frame.subject is not None and conflict.slot is not None:
        other = frame.slot_args(conflict.slot)
        if other:
            start, end = min(frame.subject.start, other[0].start), max(frame.subject.end, other[0].end)
            return f"{conflict.explanation}; source: {sentence[start:end]}"
    if conflict.kind == "polarity" and frame.verb_group is not None:
        start, end = frame.verb_group
        return f"{conflict.explanation}; source: {sentence[start:end]}"
    return conflict.explanation


# --------------------------------------------------------------------------------------------------- the stage


@dataclass(frozen=True)
class _SourceSentence:
    document_id: str
    start: int
    end: int
    text: str
    words: frozenset[str]


@dataclass
class ConsistencyResult:
    """The findings of one answer, and what was not read (in plain words, for the report's notes)."""

    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    sentences_checked: int = 0
    sentences_with_conflict: int = 0


def _idf_overlap(query: frozenset[str], candidates: Sequence[_SourceSentence], df: Counter[str], n: int) -> list[float]:
    return [sum(math.log(1 + n / df[w]) for w in query & c.words) for c in candidates]


def consistency_signals(result: ConsistencyResult) -> dict[str, float]:
    """Signals for a learned model: conflicts per kind, the highest confidence, the share of sentences with one."""
    contradicted = [f for f in result.findings if f.relation == "contradicted" and f.kind != "record"]
    counts = Counter(f.kind for f in contradicted)
    return {
        "conflict_value": float(counts["value"]),
        "conflict_role": float(counts["role"]),
        "conflict_polarity": float(counts["polarity"]),
        "conflict_max": max((f.confidence for f in contradicted), default=0.0),
        "conflict_share": result.sentences_with_conflict / result.sentences_checked
        if result.sentences_checked
        else 0.0,
    }


class ConsistencyChecker:
    """Aligns each answer sentence with the source sentences that share its rarest words, parses both, compares frames.

    Args:
        top_k: source sentences compared with each answer sentence.
        min_shared: content words an aligned source sentence must share with the answer sentence.
        spacy_model: the spaCy pipeline (English).
        cache_size: parsed sentences kept between calls (the cache is emptied when a call would pass it).
    """

    def __init__(
        self, top_k: int = 4, min_shared: int = 2, spacy_model: str = DEFAULT_SPACY_MODEL, cache_size: int = 20_000
    ) -> None:
        self.top_k = top_k
        self.min_shared = min_shared
        self.spacy_model = spacy_model
        self.cache_size = cache_size
        self._cache: dict[str, list[Frame]] = {}

    def config(self) -> dict[str, Any]:
        """Constructor arguments, as recorded in reports."""
        return {"top_k": self.top_k, "min_shared": self.min_shared, "spacy_model": self.spacy_model}

    def _frames(self, texts: Iterable[str]) -> dict[str, list[Frame]]:
        """Frames of each text, parsed once per process (batched; a cache of at most ``cache_size`` texts)."""
        wanted = list(dict.fromkeys(texts))
        found = {t: self._cache[t] for t in wanted if t in self._cache}
        todo = [t for t in wanted if t not in found]
        if todo:
            nlp = load_spacy(self.spacy_model, "full")
            if len(self._cache) + len(todo) > self.cache_size:
                self._cache.clear()  # what this call needs is in `found` already
            for text, doc in zip(todo, nlp.pipe(todo, batch_size=64), strict=True):
                try:
                    found[text] = frames_of(doc)
                except (ValueError, IndexError, AttributeError):  # a parse the frame reader cannot walk
                    found[text] = []
                self._cache[text] = found[text]
        return found

    def check(self, answer: str, documents: Sequence[Document]) -> ConsistencyResult:
        """The conflicts of ``answer`` with the prose sentences of ``documents`` (records are the record checker's)."""
        result = ConsistencyResult()
        sources: list[_SourceSentence] = []
        for document in documents:
            stripped = document.text.lstrip()
            if stripped[:1] in {"{", "["}:
                continue
            for sentence in split_sentences(document.text, "rules"):
                text = sentence.span.text
                if (
                    len(text.split()) > _SOURCE_SENTENCE_WORDS
                    or len(text) > 8 * _SOURCE_SENTENCE_WORDS
                    or _TABLE_ROW.search(text)
                ):
                    continue
                words = normalised_words(text)
                if words:
                    sources.append(_SourceSentence(document.id, sentence.span.start, sentence.span.end, text, words))
        if not sources:
            return result
        df: Counter[str] = Counter(w for s in sources for w in s.words)
        pairs: list[tuple[Any, list[_SourceSentence]]] = []
        skipped = 0
        for sentence in split_sentences(answer, "rules"):
            text = sentence.span.text
            if len(text.split()) > MAX_SENTENCE_WORDS or len(text) > 8 * MAX_SENTENCE_WORDS or _TABLE_ROW.search(text):
                skipped += 1
                continue
            words = normalised_words(text)
            scores = _idf_overlap(words, sources, df, len(sources))
            ranked = sorted(range(len(sources)), key=lambda i: -scores[i])[: self.top_k]
            aligned = [sources[i] for i in ranked if len(words & sources[i].words) >= self.min_shared]
            if aligned:
                pairs.append((sentence, aligned))
        if skipped:
            result.notes.append(
                f"consistency checker: {skipped} answer sentence(s) over {MAX_SENTENCE_WORDS} words (or "
                f"{8 * MAX_SENTENCE_WORDS} characters) or table rows "
                "not parsed (read by the other signals)"
            )
        frames = self._frames([s.span.text for s, _ in pairs] + [a.text for _, aligned in pairs for a in aligned])
        result.sentences_checked = len(pairs)
        for sentence, aligned in pairs:
            offset = sentence.span.start
            found = False
            source_frames = [(a, f) for a in aligned for f in frames[a.text]]
            for parsed in frames[sentence.span.text]:
                frame = with_known_things(parsed, [f for _, f in source_frames])
                for conflict in compare_frames(frame, [f for _, f in source_frames]):
                    source = next((a for a, f in source_frames if f is conflict.source), source_frames[0][0])
                    if conflict.value is not None and conflict.slot is not None:
                        if any(
                            mentions(a.text, conflict.value)
                            for a, f in source_frames
                            if same_predicate(f.predicate, frame.predicate)
                            and not (conflict.exact and _siblings(frame, f, conflict.slot))
                        ):
                            continue  # an aligned sentence of this predicate states the answer's value: no claim
                        elsewhere = [c.text for c in sources if mentions(c.text, conflict.value)][:20]
                        other_frames = [f for frames_of_c in self._frames(elsewhere).values() for f in frames_of_c]
                        if supported_elsewhere(frame, conflict.slot, conflict.value, other_frames):
                            continue
                    result.findings.append(
                        Finding(
                            kind=conflict.kind,
                            relation="contradicted",
                            span=TextSpan.of(answer, offset + conflict.start, offset + conflict.end),
                            source_document=source.document_id,
                            source_span=TextSpan(start=source.start, end=source.end, text=source.text),
                            source_text=source.text,
                            confidence=conflict.confidence,
                            explanation=_with_source_words(conflict, source.text),
                        )
                    )
                    found = True
            result.sentences_with_conflict += int(found)
        return result

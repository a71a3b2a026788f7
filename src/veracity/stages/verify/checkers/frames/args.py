"""Whether an answer frame and a source frame are about the same things: their predicates and their arguments.

The consistency checker compares frames only where they name the same things. Arguments are matched by their names
and content words (:func:`same_thing`: "Curie" and "Marie Curie" may be one person), told apart as two kinds of one
thing (:func:`distinct_things`: "primary" / "secondary caregivers") or as surely different things
(:func:`different_thing`); predicates by lemma or a short list of synonyms (:func:`same_predicate`). On two frames,
:func:`match_args` counts the subject and object they share and says whether one clashes, and :func:`exact_anchors`,
:func:`exact_both` and :func:`about_siblings` say how closely the source frame names the answer's things.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from veracity.stages.verify.checkers.frames import Arg, Frame

__all__ = [
    "WEAK_PREDICATES",
    "about_siblings",
    "complements_match",
    "covers",
    "different_thing",
    "distinct_things",
    "exact_anchors",
    "exact_both",
    "match_args",
    "same_predicate",
    "same_thing",
    "same_words",
    "with_known_things",
]

WEAK_PREDICATES = frozenset({"be", "have", "do", "make", "get", "say", "include", "use", "take", "give", "go"})
"""Light verbs: a frame of one needs two matching arguments before it is compared."""
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


def same_predicate(a: str, b: str) -> bool:
    """The same lemma, or two of a listed synonym group ("acquire" / "buy")."""
    return a == b or b in _SYNONYM.get(a, frozenset())


def match_args(answer: Frame, source: Frame, skip: str | None = None) -> tuple[int, bool]:
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


def complements_match(answer: Frame, source: Frame) -> bool:
    """The frames' first complements (``attr``, ``acomp``: "is *the capital*", "is *free*") name the same thing."""
    complement_a = answer.slot_args("attr") + answer.slot_args("acomp")
    complement_s = source.slot_args("attr") + source.slot_args("acomp")
    return bool(complement_a and complement_s and same_thing(complement_a[0], complement_s[0]))


def exact_both(answer: Frame, source: Frame) -> bool:
    """The source frame names each of the answer's subject and object with the same words (nothing more or less)."""
    pairs = _anchor_pairs(answer, source, "")
    return bool(pairs) and all(same_words(a, s) for a, s in pairs)


def same_words(a: Arg | None, b: Arg | None) -> bool:
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


def exact_anchors(answer: Frame, source: Frame, slot: str) -> bool:
    """The source frame names each of the answer's anchoring things with all the answer's words."""
    pairs = _anchor_pairs(answer, source, slot)
    return bool(pairs) and all(covers(s, a) for a, s in pairs)


def about_siblings(answer: Frame, source: Frame, slot: str) -> bool:
    """The frames are about distinct kinds of one thing ("primary" / "secondary caregivers"), nothing else differs."""
    pairs = _anchor_pairs(answer, source, slot)
    return any(distinct_things(a, s) for a, s in pairs) and all(
        distinct_things(a, s) or same_thing(a, s) for a, s in pairs
    )

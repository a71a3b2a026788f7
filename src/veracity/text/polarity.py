"""Negation cues and antonym pairs: the short, documented lists the consistency checker and the edit generator share.

Both lists are deliberately small. A pair is here when swapping one word for the other reverses what a sentence
states about the same things ("sales increased" / "sales decreased"); the checker compares them only inside clauses
about the same things (docs/rag.md, "What word overlap cannot see"), which is what makes the adjective pairs
("high" / "low", "long" / "short") safe enough there. Pairs whose sense turns on the sentence ("light" / "heavy")
are left out: the checker's precision matters more than its reach. Converse pairs ("buy" / "sell", "give" /
"receive") are not antonyms: "A sold B to C" and "C bought B from A" say the same; nor is "first" / "last" ("their
last period" is the previous one).
"""

from __future__ import annotations

__all__ = ["ANTONYM_PAIRS", "DIRECTION_GROUPS", "SYMMETRIC_VERBS", "antonym_of"]

ANTONYM_PAIRS: tuple[tuple[str, str], ...] = (
    ("increase", "decrease"),
    ("rise", "fall"),
    ("gain", "lose"),
    ("grow", "shrink"),
    ("before", "after"),
    ("more", "less"),
    ("more", "fewer"),
    ("higher", "lower"),
    ("larger", "smaller"),
    ("high", "low"),
    ("large", "small"),
    ("long", "short"),
    ("old", "young"),
    ("earliest", "latest"),
    ("maximum", "minimum"),
    ("allow", "forbid"),
    ("allow", "prohibit"),
    ("permit", "prohibit"),
    ("include", "exclude"),
    ("accept", "reject"),
    ("approve", "reject"),
    ("win", "lose"),
    ("above", "below"),
    ("enable", "disable"),
    ("support", "oppose"),
    ("open", "closed"),
    ("required", "optional"),
    ("mandatory", "optional"),
    ("public", "private"),
)
"""Lemma pairs (lower case) with opposite meaning about the same things."""

DIRECTION_GROUPS: tuple[frozenset[str], frozenset[str]] = (
    frozenset({"increase", "rise", "grow", "climb", "jump", "soar", "surge", "expand"}),
    frozenset({"decrease", "fall", "drop", "decline", "shrink", "plunge", "sink", "dip", "contract"}),
)
"""Verbs of change by direction: any word of one group is the antonym of any word of the other."""

_ANTONYMS: dict[str, frozenset[str]] = {}
for _up in DIRECTION_GROUPS[0]:
    for _down in DIRECTION_GROUPS[1]:
        _ANTONYMS[_up] = _ANTONYMS.get(_up, frozenset()) | {_down}
        _ANTONYMS[_down] = _ANTONYMS.get(_down, frozenset()) | {_up}
for _a, _b in ANTONYM_PAIRS:
    _ANTONYMS[_a] = _ANTONYMS.get(_a, frozenset()) | {_b}
    _ANTONYMS[_b] = _ANTONYMS.get(_b, frozenset()) | {_a}

SYMMETRIC_VERBS = frozenset(
    "touch meet marry border resemble equal match join merge partner collaborate compete tie fight play face "
    "date divorce neighbour neighbor contact connect link".split()
)
"""Predicates whose subject and object can be exchanged without changing what is said ("A met B" = "B met A"): the
frame checker's role rule and the name checker's exchanged names both leave them alone."""


def antonym_of(first: str, second: str) -> bool:
    """Whether two lemmas (any case) are a listed antonym pair."""
    return second.lower() in _ANTONYMS.get(first.lower(), frozenset())

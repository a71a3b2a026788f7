"""Attachment of an answer value to the source frames most like its own, and the decision rule (issue 70, item 2).

Pure functions over similarities (any matcher: word overlap, an embedder's cosine): a value is *misattached* when
the most alike same-kind source frame states another value and the frames stating the answer's own value are less
alike by more than a margin. A value the sources state nowhere (no frame states it), or that no other value
competes with, is left to the value checker (no finding here).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from veracity.text.novelty import normalise_word

try:
    from veracity.text.lexicon import STOP_WORDS
except ImportError:  # pragma: no cover - before issue 69's lexicon
    from veracity.text.novelty import STOP_WORDS

__all__ = [
    "Attachment",
    "attach",
    "content_words",
    "expected_reciprocal_rank",
    "expected_top1",
    "flags",
    "jaccard",
    "rank_of_best_positive",
]

_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
_PLACEHOLDER = re.compile(r"\[(?:other )?[A-Z]+\]")


def content_words(frame: str) -> frozenset[str]:
    """A frame's content words (placeholders, digits and stop words left out), normalised."""
    text = _PLACEHOLDER.sub(" ", frame)
    return frozenset(normalise_word(w) for w in _WORD.findall(text) if w.lower() not in STOP_WORDS)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """Word overlap of two frames: shared content words over all of them (0 when both are empty)."""
    return len(a & b) / len(a | b) if a or b else 0.0


@dataclass(frozen=True)
class Attachment:
    """Where an answer value attaches: the best frame stating its value (``own``, index into the candidates, with
    similarity ``own_sim``) and the best stating another value (``other``, ``other_sim``); ``gap`` = ``other_sim
    - own_sim`` (None when either side is missing: nothing to compare).
    """

    own: int | None
    own_sim: float | None
    other: int | None
    other_sim: float | None

    @property
    def gap(self) -> float | None:
        if self.own_sim is None or self.other_sim is None:
            return None
        return self.other_sim - self.own_sim

    def misattached(self, margin: float) -> bool:
        """The rule: the most alike frame states another value, the answer's own value's frames less alike by more
        than ``margin``.
        """
        gap = self.gap
        return gap is not None and gap > margin


def attach(similarities: Sequence[float] | NDArray[np.floating], states_value: Sequence[bool]) -> Attachment:
    """The attachment of one answer value given its similarity to each same-kind source frame and whether that
    frame states the answer's value.
    """
    sims = np.asarray(similarities, dtype=np.float64)
    own = [k for k, s in enumerate(states_value) if s]
    other = [k for k, s in enumerate(states_value) if not s]
    best_own = max(own, key=lambda k: sims[k]) if own else None
    best_other = max(other, key=lambda k: sims[k]) if other else None
    return Attachment(
        best_own,
        None if best_own is None else float(sims[best_own]),
        best_other,
        None if best_other is None else float(sims[best_other]),
    )


def rank_of_best_positive(pos_sims: Sequence[float], neg_sims: Sequence[float]) -> tuple[int, int]:
    """How many negatives are strictly more alike than the best positive, and how many exactly as alike (a tie is
    broken at random when scoring: :func:`expected_top1`, :func:`expected_reciprocal_rank`).
    """
    best = max(pos_sims)
    return sum(1 for s in neg_sims if s > best), sum(1 for s in neg_sims if s == best)


def expected_top1(above: int, ties: int) -> float:
    """The chance the best positive is ranked first, ties broken at random."""
    return 0.0 if above else 1.0 / (1 + ties)


def expected_reciprocal_rank(above: int, ties: int) -> float:
    """The reciprocal rank of the best positive, averaged over the random orders of its ties."""
    return sum(1.0 / (above + 1 + j) for j in range(ties + 1)) / (ties + 1)


def flags(gaps: Sequence[float | None], margin: float) -> list[bool]:
    """The rule over many values: whether each gap exceeds ``margin`` (a missing gap never fires)."""
    return [g is not None and g > margin for g in gaps]

"""Claim verification over ranked passages: LLM-OASIS Algorithm 1 (``../shared/papers/llm-oasis.txt`` §5.3).

Given a claim c, its top-k passages p_1 … p_k in ranking order and an NLI model Φ, each pair is labelled by
ŷ = argmax_y P(y | p_i, c) (Eq. 7). The first ENT decides "verified", the first CONTR decides "not verified"; when
every ŷ is NEUT the claim is verified, "as there is no contradicting evidence available".

The walk is sequential, but the scorer is a batch model, so :class:`RankedPassageVerifier` scores the passages of all
still-undecided claims a block at a time (``block`` passages per claim per round) and stops a claim at its first
decisive label: the result is the one of the sequential walk, with at most ``block − 1`` passages scored past the
decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from veracity.models.pair_scorer import CONTRADICTION, ENTAILMENT, NEUTRAL, PairScorer

__all__ = ["RankedCheck", "RankedPassageVerifier", "first_decision"]


def first_decision(labels: Sequence[int], neutral_verified: bool = True) -> tuple[bool, int | None]:
    """Algorithm 1 on the labels ŷ_1 … ŷ_k of a claim's ranked passages.

    The labels are column numbers: ``ENTAILMENT``, ``NEUTRAL`` or ``CONTRADICTION``. Returns ``(verified, i)``
    with ``i`` the position of the deciding passage, or ``None`` when all are neutral (verified, line 10 of the
    algorithm; ``neutral_verified=False`` turns that default around, an ablation).

    Example::

        >>> first_decision([NEUTRAL, CONTRADICTION, ENTAILMENT])
        (False, 1)
        >>> first_decision([NEUTRAL, NEUTRAL])
        (True, None)
    """
    for i, label in enumerate(labels):
        if label == ENTAILMENT:
            return True, i
        if label == CONTRADICTION:
            return False, i
    return neutral_verified, None


@dataclass(frozen=True)
class RankedCheck:
    """The outcome of Algorithm 1 for one claim.

    ``decided_by`` is the position of the deciding passage in the claim's ranking (``None``: all neutral, or no
    passage); ``probs`` are its (entailment, neutral, contradiction) probabilities (for an all-neutral walk, those of
    the passage with the largest P(neutral)); ``scored`` counts the pairs the model read.
    """

    verified: bool
    decided_by: int | None
    probs: tuple[float, float, float]
    scored: int


class RankedPassageVerifier:
    """Algorithm 1 over a pair scorer, batched by rounds of ``block`` passages per claim (module docstring)."""

    def __init__(
        self,
        scorer: PairScorer,
        block: int = 4,
        neutral_verified: bool = True,
        min_entailment: float | None = None,
        min_contradiction: float | None = None,
    ) -> None:
        if block < 1:
            raise ValueError(f"block must be at least 1, got {block}")
        self.scorer = scorer
        self.block = block
        self.neutral_verified = neutral_verified
        self.min_entailment = min_entailment
        self.min_contradiction = min_contradiction

    def label(self, row: NDArray[np.float32]) -> int:
        """ŷ of Eq. 7: the argmax, read as NEUTRAL when it is ENT or CONTR below its minimum probability, if set.

        The minimums are veracity's option, off by default (a small model's weak argmax on an unrelated passage).
        """
        label = int(np.argmax(row))
        if label == ENTAILMENT and self.min_entailment is not None and row[ENTAILMENT] < self.min_entailment:
            return NEUTRAL
        if (
            label == CONTRADICTION
            and self.min_contradiction is not None
            and row[CONTRADICTION] < self.min_contradiction
        ):
            return NEUTRAL
        return label

    def verify(self, claims: Sequence[str], passages: Sequence[Sequence[str]]) -> list[RankedCheck]:
        """One :class:`RankedCheck` per claim; ``passages[i]`` are claim i's passages, best first."""
        if len(claims) != len(passages):
            raise ValueError(f"{len(claims)} claims but {len(passages)} passage lists")
        labels: list[list[int]] = [[] for _ in claims]
        probs: list[list[NDArray[np.float32]]] = [[] for _ in claims]
        open_claims = [i for i, ranked in enumerate(passages) if ranked]
        position = 0
        while open_claims:
            pairs, owners = [], []
            for i in open_claims:
                for premise in passages[i][position : position + self.block]:
                    pairs.append((premise, claims[i]))
                    owners.append(i)
            scored = self.scorer.score(pairs)
            for owner, row in zip(owners, scored, strict=True):
                probs[owner].append(row)
                labels[owner].append(self.label(row))
            position += self.block
            open_claims = [
                i
                for i in open_claims
                if position < len(passages[i]) and first_decision(labels[i], self.neutral_verified)[1] is None
            ]
        checks = []
        for claim_labels, claim_probs in zip(labels, probs, strict=True):
            verified, decided_by = first_decision(claim_labels, self.neutral_verified)
            if decided_by is not None:
                row = claim_probs[decided_by]
            elif claim_probs:
                row = max(claim_probs, key=lambda r: float(r[NEUTRAL]))
            else:
                row = np.array([0.0, 1.0, 0.0], dtype=np.float32)
            checks.append(
                RankedCheck(
                    verified=verified,
                    decided_by=decided_by,
                    probs=(float(row[ENTAILMENT]), float(row[NEUTRAL]), float(row[CONTRADICTION])),
                    scored=len(claim_labels),
                )
            )
        return checks

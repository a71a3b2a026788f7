"""Stand-ins shared by the tests, in one place.

Only what cannot be a real part here: a pair scorer whose probabilities follow a rule small enough to check by hand
(the real NLI models are tested on their own; these tests check what a detector does with the probabilities). For
an LLM, use the library's own `veracity.models.llm.scripted.ScriptedLLM`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

Probabilities = tuple[float, float, float]  # P(entailment), P(neutral), P(contradiction)
ENTAILED: Probabilities = (1.0, 0.0, 0.0)
NEUTRAL: Probabilities = (0.0, 1.0, 0.0)
CONTRADICTED: Probabilities = (0.0, 0.0, 1.0)


class RuleScorer:
    """A PairScorer whose probabilities are ``rule(premise, hypothesis)``; ``calls`` keeps every batch it got."""

    def __init__(self, rule: Callable[[str, str], Sequence[float]], model_id: str = "rule") -> None:
        self.rule = rule
        self.model_id = model_id
        self.calls: list[list[tuple[str, str]]] = []

    @property
    def pairs(self) -> list[tuple[str, str]]:
        """Every pair scored, in order, across batches."""
        return [pair for batch in self.calls for pair in batch]

    def score(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        self.calls.append(list(pairs))
        return np.array([self.rule(p, h) for p, h in pairs], dtype=np.float32).reshape(-1, 3)


def _words(text: str) -> set[str]:
    return {w.strip('.,"?:').lower() for w in text.split()}


def overlap_scorer(stop: frozenset[str] = frozenset(), answer_after: str | None = None) -> RuleScorer:
    """Entailed when every word of the hypothesis (less ``stop``; after ``answer_after`` if given) is in the
    premise, else neutral."""

    def rule(premise: str, hypothesis: str) -> Probabilities:
        if answer_after is not None:
            hypothesis = hypothesis.split(answer_after)[-1]
        return ENTAILED if _words(hypothesis) - stop <= _words(premise) else NEUTRAL

    return RuleScorer(rule, "overlap")


def table_scorer(table: dict[str, list[float]]) -> RuleScorer:
    """Probabilities looked up by premise."""
    return RuleScorer(lambda premise, _: table[premise], "scripted")


def fixed_scorer(probabilities: Sequence[float]) -> RuleScorer:
    """The same probabilities for every pair."""
    return RuleScorer(lambda *_: probabilities, "recording")

"""The ``verifier`` detector: a :class:`~veracity.models.pair_scorer.PairScorer` applied directly.

On an answer it scores (the context documents joined, the answer — stated with its question as
``The answer to "{question}" is: {answer}`` when there is one): score = 1 − P(entailment). On NLI pair files
the harness calls :meth:`VerifierDetector.score_pairs` on (premise, hypothesis) and takes the arg-max label. It is
the baseline every graph- or claim-based detector must beat with the same model.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

import numpy as np
from numpy.typing import NDArray
from pydantic import BaseModel, ConfigDict, Field

from veracity.detectors.base import StageTimer, as_documents, empty_answer_report
from veracity.models.pair_scorer import ENTAILMENT, HFPairScorer, PairScorer
from veracity.schema import Document, Report

__all__ = ["VerifierConfig", "VerifierDetector"]

DEFAULT_VERIFIER = "veracity-nli-small"


class VerifierConfig(BaseModel):
    """Settings of the ``verifier`` detector."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    model: str = Field(DEFAULT_VERIFIER, description="Pair scorer: catalog name, local folder or cached HF id.")
    threshold: float = Field(0.5, ge=0.0, le=1.0, description="Hallucinated iff 1 − P(entailment) >= threshold.")
    max_length: int = Field(512, ge=8)
    batch_size: int = Field(32, ge=1)
    num_threads: int | None = Field(None, ge=1)
    question_template: str | None = Field(
        'The answer to "{question}" is: {answer}',
        description="Hypothesis when a question is given (Logic-Matters §3.5's H); None: the bare answer.",
    )


class VerifierDetector:
    """Scores the whole answer against the whole context with one pair-scorer call."""

    name = "verifier"

    def __init__(self, scorer: PairScorer, settings: VerifierConfig | None = None) -> None:
        self.scorer = scorer
        self.settings = settings or VerifierConfig()

    @classmethod
    def from_config(cls, config: VerifierConfig | None = None, **overrides: Any) -> Self:
        """Build the detector and its pair scorer from settings."""
        base = config or VerifierConfig()
        settings = VerifierConfig.model_validate({**base.model_dump(), **overrides})
        scorer = HFPairScorer(
            settings.model,
            batch_size=settings.batch_size,
            max_length=settings.max_length,
            num_threads=settings.num_threads,
        )
        return cls(scorer, settings)

    def config(self) -> dict[str, Any]:
        """The settings recorded in every report."""
        return self.settings.model_dump()

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> NDArray[np.float32]:
        """P(entailment), P(neutral), P(contradiction) per (premise, hypothesis)."""
        return self.scorer.score(pairs)

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """Score ``answer`` against all of ``context`` joined (truncated to the model's length)."""
        documents = as_documents(context)
        threshold = self.settings.threshold
        if not answer.strip():
            return empty_answer_report(self, answer, question, threshold, {"nli": self.scorer.model_id})
        template = self.settings.question_template
        hypothesis = (
            template.format(question=question.strip(), answer=answer.strip()) if question and template else answer
        )
        timer = StageTimer()
        with timer.stage("nli"):
            probs = self.scorer.score([("\n\n".join(d.text for d in documents), hypothesis)])[0]
        score = float(min(1.0, max(0.0, 1.0 - probs[ENTAILMENT])))
        return Report(
            answer=answer,
            question=question,
            verdict="hallucinated" if score >= threshold else "faithful",
            score=score,
            threshold=threshold,
            detector=self.name,
            config=self.config(),
            models={"nli": self.scorer.model_id},
            timings_ms=timer.timings_ms,
        )

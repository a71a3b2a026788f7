"""The ``novelty`` detector: a baseline, not a recommendation.

score = N / C, the share of the answer's content words (stop words removed) that appear in neither the context nor
the question (:func:`veracity.text.novelty.novelty`); its spans are the novel words, neighbours joined. No model,
about a millisecond an answer, any language with word boundaries.

Why it exists: on RAGTruth (answers that real LLMs wrote over retrieved passages) this trivial score ranks answers
better than every NLI-based detector veracity had (AUROC 0.77 on dev), because most real hallucinations are details
the sources never state. Every other detector is measured against it, task by task. It cannot see a wrong
relation between known words ("Paris is in Germany." against a text naming both), nor tell a paraphrase from an
invention.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field

from veracity.detectors.base import ConfiguredDetector, StageTimer, as_documents, empty_answer_report
from veracity.schema import Document, Report, TextSpan
from veracity.text.novelty import content_words, merge_word_spans, vocabulary

__all__ = ["NoveltyConfig", "NoveltyDetector"]


class NoveltyConfig(BaseModel):
    """Settings of the ``novelty`` detector."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    threshold: float = Field(
        0.25,
        ge=0.0,
        le=1.0,
        description="Hallucinated iff the novel share >= threshold (0.25: the F1-best threshold on ragtruth:train, "
        "benchmarks/results/ragtruth-train_novelty).",
    )
    question_as_source: bool = Field(True, description="Words of the question count as known.")


class NoveltyDetector(ConfiguredDetector[NoveltyConfig]):
    """Flags the answer's content words that no context document (or the question) uses."""

    name = "novelty"
    reads_english_only = False  # Unicode word runs: any language with word boundaries
    config_class = NoveltyConfig

    def __init__(self, settings: NoveltyConfig | None = None) -> None:
        self.settings = settings or NoveltyConfig()

    @classmethod
    def from_config(cls, config: NoveltyConfig | None = None, **overrides: Any) -> Self:
        """Build the detector from settings."""
        return cls(cls.settings_from(config, overrides))

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """Score ``answer`` by its novel content words.

        An empty answer is faithful (nothing to check); an answer with no content words scores 0 with a note.

        Raises:
            InputError: no non-empty context document.
        """
        documents = as_documents(context)
        threshold = self.settings.threshold
        if not answer.strip():
            return empty_answer_report(self, answer, question, threshold, {})
        timer = StageTimer()
        notes = []
        with timer.stage("novelty"):
            sources = [d.text for d in documents]
            if question and self.settings.question_as_source:
                sources.append(question)
            known = vocabulary(sources)
            words = content_words(answer)
            novel = [w for w in words if w.form not in known]
            score = len(novel) / len(words) if words else 0.0
            spans = [TextSpan.of(answer, start, end) for start, end in merge_word_spans(answer, novel)]
        if not words:
            notes.append("the answer has no content words: nothing to check, score 0")
        return self.report(
            timer=timer,
            answer=answer,
            question=question,
            score=score,
            threshold=threshold,
            hallucinated_spans=spans,
            notes=notes,
        )

"""The ``span`` detector: a token classifier marks the answer's unsupported tokens (LettuceDetect's idea).

One encoder (``veracity-span-small``: the verifier's MiniLM body with a token head, trained on RAGTruth's
human-marked spans, ``veracity train span``) reads ``question + context`` and the answer in one 512-position
window and gives each answer token P(unsupported). Long inputs (:func:`veracity.text.select.window_inputs`): the
answer is cut into windows of at most ``answer_tokens``, and each window reads the context sentences that share the
most rare words with it, in document order; the report says when the context was cut and how much was read.

* spans: runs of tokens with P ≥ ``token_threshold``, widened to whole words, each with its largest P;
* score: ``top5_mean`` (the mean of the five largest token P of the answer; default), ``max``, or ``noisy_or``
  (1 − Π over spans of (1 − P_span)); hallucinated iff score ≥ ``threshold``.

The defaults were chosen on ``ragtruth:dev`` by ``benchmarks/ragtruth/span_sweep.py`` (span-sweep.json): the token
threshold with the best character-level span F1, the aggregation with the best AUROC, the F1-best threshold on it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any, Literal, Self

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from veracity.detectors.base import (
    ConfiguredDetector,
    RuntimeSettings,
    StageTimer,
    as_documents,
    empty_answer_report,
)
from veracity.models.token_tagger import TokenTagger, read_span_model_info, token_runs
from veracity.schema import Document, Report, SentenceScore, TextSpan
from veracity.text.select import WindowInput, window_inputs
from veracity.text.split import split_sentences

__all__ = ["SpanConfig", "SpanDetector", "TokenProbabilities", "widen_to_words"]

DEFAULT_SPAN_MODEL = "veracity-span-small"
SPAN_THRESHOLD = 0.0571  # benchmarks/ragtruth/span-sweep.json: choice.threshold


class SpanConfig(RuntimeSettings):
    """Settings of the ``span`` detector."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    model: str = Field(DEFAULT_SPAN_MODEL, description="Span model: catalog name or local folder.")
    threshold: float = Field(
        SPAN_THRESHOLD, ge=0.0, le=1.0, description="Hallucinated iff score >= threshold (F1-best on ragtruth:dev)."
    )
    token_threshold: float = Field(
        0.1, ge=0.0, le=1.0, description="Tokens at or above this P form spans (span-F1-best on ragtruth:dev)."
    )
    aggregation: Literal["top5_mean", "max", "noisy_or"] = Field(
        "top5_mean", description="How token probabilities make the score (AUROC-best on ragtruth:dev)."
    )
    answer_tokens: int | None = Field(
        None, ge=16, description="Answer tokens per window; None: the model's own (span_model.json)."
    )
    batch_size: int = Field(8, ge=1, description="Inputs per model call.")


class TokenProbabilities(BaseModel):
    """P(unsupported) per answer token (answer character offsets), and what the windows read."""

    model_config = ConfigDict(frozen=True)

    offsets: list[tuple[int, int]]
    probs: list[float]
    windows: int
    context_kept_tokens: int
    context_total_tokens: int


_WORD_CHAR = re.compile(r"\w", re.UNICODE)


def widen_to_words(text: str, start: int, end: int) -> tuple[int, int]:
    """``[start, end)`` widened so that it neither starts nor ends inside a word of ``text``."""
    while start > 0 and _WORD_CHAR.match(text[start - 1]) and _WORD_CHAR.match(text[start]):
        start -= 1
    while end < len(text) and end > 0 and _WORD_CHAR.match(text[end]) and _WORD_CHAR.match(text[end - 1]):
        end += 1
    return start, end


class SpanDetector(ConfiguredDetector[SpanConfig]):
    """Marks unsupported answer tokens with a token classifier; the score follows from them."""

    name = "span"
    config_class = SpanConfig

    def __init__(self, tagger: TokenTagger, settings: SpanConfig | None = None) -> None:
        self.tagger = tagger
        self.settings = settings or SpanConfig()

    @classmethod
    def from_config(cls, config: SpanConfig | None = None, **overrides: Any) -> Self:
        """Build the detector (the model loads on first use)."""
        settings = cls.settings_from(config, overrides)
        tagger = TokenTagger(
            settings.model,
            batch_size=settings.batch_size,
            num_threads=settings.num_threads,
            device=settings.device,
            quantize=settings.quantize,
            backend=settings.backend,
        )
        return cls(tagger, settings)

    @functools.cached_property
    def window_sizes(self) -> tuple[int, int]:
        """(positions per window, answer tokens per window), from the model's span_model.json (read once)."""
        info = read_span_model_info(self.tagger.path)
        max_length = int(info.get("max_length", 512))
        answer_tokens = self.settings.answer_tokens or int(info.get("answer_tokens", 256))
        self.tagger.max_length = max_length
        return max_length, min(answer_tokens, max_length - 32)

    def token_probabilities(
        self, answer: str, documents: Sequence[str], question: str | None = None
    ) -> TokenProbabilities:
        """P(unsupported) for every answer token, over as many windows as the answer needs."""
        max_length, answer_tokens = self.window_sizes
        inputs: list[WindowInput] = window_inputs(
            answer, documents, question, self.tagger.count_tokens, max_length, answer_tokens
        )
        tagged = self.tagger.tag([(w.context, answer[w.start : w.end]) for w in inputs])
        offsets: list[tuple[int, int]] = []
        probs: list[float] = []
        for window, result in zip(inputs, tagged, strict=True):
            offsets += [(window.start + s, window.start + e) for s, e in result.offsets]
            probs += [float(p) for p in result.probs]
        return TokenProbabilities(
            offsets=offsets,
            probs=probs,
            windows=len(inputs),
            context_kept_tokens=min((w.kept_tokens for w in inputs), default=0),
            context_total_tokens=max((w.total_tokens for w in inputs), default=0),
        )

    def spans(self, answer: str, tokens: TokenProbabilities) -> list[tuple[int, int, float]]:
        """Runs of tokens at or above ``token_threshold``, widened to words, merged where they touch."""
        merged: list[tuple[int, int, float]] = []
        for start, end, p in token_runs(tokens.offsets, tokens.probs, self.settings.token_threshold):
            start, end = widen_to_words(answer, start, end)
            if merged and start <= merged[-1][1] + 1 and not answer[merged[-1][1] : start].strip():
                merged[-1] = (merged[-1][0], end, max(p, merged[-1][2]))
            else:
                merged.append((start, end, p))
        return merged

    def score(self, tokens: TokenProbabilities, spans: Sequence[tuple[int, int, float]]) -> float:
        """The answer's score from its token probabilities (``aggregation``)."""
        if not tokens.probs:
            return 0.0
        if self.settings.aggregation == "noisy_or":
            return float(1.0 - np.prod([1.0 - p for _, _, p in spans])) if spans else 0.0
        if self.settings.aggregation == "top5_mean":
            return float(np.mean(sorted(tokens.probs)[-5:]))
        return float(max(tokens.probs))

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """Tag ``answer`` against ``context``.

        Raises:
            InputError: no non-empty context document.
        """
        documents = as_documents(context)
        threshold = self.settings.threshold
        models = {"span": self.tagger.model_id}
        if not answer.strip():
            return empty_answer_report(self, answer, question, threshold, models)
        timer = StageTimer()
        with timer.stage("span_model"):
            tokens = self.token_probabilities(answer, [d.text for d in documents], question)
        spans = self.spans(answer, tokens)
        score = min(1.0, max(0.0, self.score(tokens, spans)))
        return self.report(
            timer=timer,
            answer=answer,
            question=question,
            score=score,
            threshold=threshold,
            hallucinated_spans=[TextSpan.of(answer, start, end) for start, end, _ in spans],
            sentences=token_sentence_scores(answer, tokens, [(s, e) for s, e, _ in spans], threshold),
            models=models,
            notes=window_notes(tokens),
        )


def token_sentence_scores(
    answer: str,
    tokens: TokenProbabilities,
    marked: Sequence[tuple[int, int]],
    threshold: float,
    contradicted: Sequence[tuple[int, int, float]] = (),
) -> list[SentenceScore]:
    """Each answer sentence's score: the span model's highest P(unsupported) of its tokens, or a contradiction's.

    ``contradicted`` holds (start, end, confidence) of findings that a source contradicts the answer's words; a
    sentence holding one scores at least its confidence (else it would read ✗ beside a score near 0). A sentence is
    judged hallucinated when its score reaches ``threshold`` or it holds a marked span; its error spans are the marked
    spans inside it.
    """
    scored = []
    for sentence in split_sentences(answer):
        start, end = sentence.span.start, sentence.span.end
        probs = [p for (s, e), p in zip(tokens.offsets, tokens.probs, strict=True) if s < end and start < e]
        probs += [c for s, e, c in contradicted if s < end and start < e]
        inside = [TextSpan.of(answer, s, e) for s, e in marked if s < end and start < e]
        score = min(1.0, max(0.0, max(probs, default=0.0)))
        hallucinated = score >= threshold or bool(inside)
        scored.append(SentenceScore(sentence=sentence, score=score, hallucinated=hallucinated, error_spans=inside))
    return scored


def window_notes(tokens: TokenProbabilities) -> list[str]:
    """What the windows read, in plain words, when it was not everything."""
    notes = []
    if tokens.windows > 1:
        notes.append(f"the answer was read in {tokens.windows} windows")
    if tokens.context_kept_tokens < tokens.context_total_tokens:
        share = tokens.context_kept_tokens / tokens.context_total_tokens if tokens.context_total_tokens else 0.0
        notes.append(
            f"context cut to fit the window: {tokens.context_kept_tokens} of {tokens.context_total_tokens} tokens "
            f"read ({share:.0%}), the sentences sharing most words with the answer"
        )
    return notes

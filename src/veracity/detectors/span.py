"""The ``span`` detector: a token classifier marks the answer's unsupported tokens (LettuceDetect's idea).

One encoder (``veracity-span-small``: the verifier's MiniLM body with a token head, trained on RAGTruth's
human-marked spans, ``veracity train span``) reads ``question + context`` and the answer in one 512-position
window and gives each answer token P(unsupported). Long inputs (:func:`veracity.text.select.window_inputs`): the
answer is cut into windows of at most ``answer_tokens``, and each window reads the context sentences that share the
most rare words with it, in document order; the report says when the context was cut and how much was read.

* spans: runs of tokens with P ≥ ``token_threshold``, widened to whole words, each with its largest P;
* score: ``mean`` (the mean token P of the answer; default for the span model v2), ``top5_mean`` (the mean of the
  five largest; v1's), ``max``, or ``noisy_or`` (1 − Π over spans of (1 − P_span)); hallucinated iff
  score ≥ ``threshold``.

The defaults were chosen on ``ragtruth:dev`` by ``benchmarks/ragtruth/span_sweep.py`` (span-sweep.json): the token
threshold with the best character-level span F1, the aggregation with the best AUROC, the F1-best threshold on it.

**LettuceDetect models.** ``model`` may also name a LettuceDetect token classifier (v1 ModernBERT, TinyLettuce on
Ettin, v2 mmBERT: a folder or a cached Hugging Face id such as ``KRLabsOrg/lettucedect-base-modernbert-en-v1``). It is
recognised from its files (``reader="auto"``; the rule is in :mod:`veracity.models.published.lettuce`) and read the
way LettuceDetect reads it, not with the windows above: its own prompt template (``lang``), the passages in chunks
that fit ``max_length`` (4096), the whole answer in every chunk, a token's P its largest over the chunks. Its
defaults are the reference's: a token is marked by the model's own decision (argmax; ``token_threshold`` 0.5), spans
are runs of marked tokens as LettuceDetect builds them (no widening to words, a byte-level token's leading space
kept; ``min_confidence`` drops weaker spans), the score is the largest token P (``aggregation="max"``) and the answer
is hallucinated at 0.5 — LettuceDetect's answer-level rule (any span). An empty passage is read as the reference reads
it (a numbered empty line). Setting a value the model's reader does not use (``answer_tokens`` for a LettuceDetect
model; ``lang``, ``max_length``, ``min_confidence`` for a veracity span model) is a ``ConfigError``.
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
    to_documents,
)
from veracity.errors import ConfigError, ModelNotAvailableError
from veracity.models.catalog import resolve_model_path
from veracity.models.published.lettuce import (
    DEFAULT_LANG,
    DEFAULT_MAX_LENGTH,
    PASSAGE_WORDS,
    LettuceDetectModel,
    LettuceReading,
    describe_checkpoint,
    is_lettucedetect_checkpoint,
    marked_spans,
)
from veracity.models.token_tagger import TokenTagger, read_span_model_info, token_runs
from veracity.schema import Document, Report, SentenceScore, TextSpan
from veracity.text.select import WindowInput, window_inputs
from veracity.text.split import split_sentences

__all__ = ["ResolvedSpanConfig", "SpanConfig", "SpanDetector", "TokenProbabilities", "widen_to_words"]

DEFAULT_SPAN_MODEL = "veracity-span-small"
SPAN_THRESHOLD = 0.0144  # benchmarks/ragtruth/span-sweep.json: choice.threshold (span model v2)
Reader = Literal["veracity", "lettucedetect"]
Aggregation = Literal["mean", "top5_mean", "max", "noisy_or"]
# Each reader's own defaults: veracity's from span-sweep.json; LettuceDetect's are its reference rules (argmax per
# token, any span makes the answer hallucinated: the largest token P at 0.5).
READER_DEFAULTS: dict[str, dict[str, Any]] = {
    "veracity": {"threshold": SPAN_THRESHOLD, "token_threshold": 0.25, "aggregation": "mean"},
    "lettucedetect": {
        "threshold": 0.5,
        "token_threshold": 0.5,
        "aggregation": "max",
        "lang": DEFAULT_LANG,
        "max_length": DEFAULT_MAX_LENGTH,
        "min_confidence": 0.0,
    },
}
# The settings the other reader has and this one does not use: setting one is an error, and config() leaves them out
# (a veracity span model's config is what it was before LettuceDetect support: its shipped calibrator still fits).
NOT_READ_BY: dict[str, frozenset[str]] = {
    "veracity": frozenset({"reader", "lang", "max_length", "min_confidence"}),
    "lettucedetect": frozenset({"answer_tokens"}),
}
# At this token threshold a LettuceDetect model's own decision marks the tokens (argmax: P > ½ but for a tie).
LETTUCE_TOKEN_THRESHOLD = 0.5


class SpanConfig(RuntimeSettings):
    """Settings of the ``span`` detector (``None``: the model's own; see the module docstring)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    model: str = Field(
        DEFAULT_SPAN_MODEL, description="Span model: catalog name, local folder or cached Hugging Face id."
    )
    reader: Literal["auto", "veracity", "lettucedetect"] = Field(
        "auto",
        description="How the model reads: auto (recognised from its files), veracity (span_model.json windows), "
        "lettucedetect (LettuceDetect's prompt and chunks).",
    )
    threshold: float | None = Field(
        None,
        ge=0.0,
        le=1.0,
        description="Hallucinated iff score >= threshold; None: the model's own (veracity-span-small: 0.0144, "
        "F1-best on ragtruth:dev; LettuceDetect: 0.5).",
    )
    token_threshold: float | None = Field(
        None,
        ge=0.0,
        le=1.0,
        description="Tokens at or above this P form spans; None: the model's own (veracity: 0.25, span-F1-best on "
        "ragtruth:dev; LettuceDetect: 0.5, its argmax).",
    )
    aggregation: Aggregation | None = Field(
        None,
        description="How token probabilities make the score; None: the model's own (veracity: mean, AUROC-best "
        "on ragtruth:dev; LettuceDetect: max).",
    )
    answer_tokens: int | None = Field(
        None, ge=16, description="Veracity span models: answer tokens per window; None: the model's (span_model.json)."
    )
    lang: str | None = Field(
        None, description=f"LettuceDetect models: the prompt's language ({', '.join(PASSAGE_WORDS)}); None: en."
    )
    max_length: int | None = Field(
        None, ge=8, description=f"LettuceDetect models: positions per window; None: {DEFAULT_MAX_LENGTH}."
    )
    min_confidence: float | None = Field(
        None, ge=0.0, le=1.0, description="LettuceDetect models: spans less confident are dropped; None: 0."
    )
    batch_size: int = Field(8, ge=1, description="Inputs per model call.")


class ResolvedSpanConfig(SpanConfig):
    """:class:`SpanConfig` with the reader decided and every ``None`` replaced by that reader's default."""

    reader: Reader
    threshold: float
    token_threshold: float
    aggregation: Aggregation


def resolve_settings(settings: SpanConfig, reader: Reader) -> ResolvedSpanConfig:
    """``settings`` for a model read by ``reader``.

    Raises:
        ConfigError: a setting the reader does not use is set, or ``backend=onnx`` for a LettuceDetect model.
    """
    stray = sorted(k for k in NOT_READ_BY[reader] - {"reader"} if getattr(settings, k) is not None)
    if stray:
        raise ConfigError(
            f"{settings.model} is read as a {reader} span model, which does not use {', '.join(stray)}; leave "
            f"{'it' if len(stray) == 1 else 'them'} unset"
        )
    if reader == "lettucedetect" and settings.backend == "onnx":
        raise ConfigError("a LettuceDetect model runs on torch; backend=onnx reads veracity's exported span models")
    values = settings.model_dump()
    values["reader"] = reader
    for key, default in READER_DEFAULTS[reader].items():
        if values[key] is None:
            values[key] = default
    return ResolvedSpanConfig.model_validate(values)


def recognise_reader(settings: SpanConfig) -> Reader:
    """The reader ``settings.reader`` names, or the one the model's files call for.

    Raises:
        ModelNotAvailableError: the model is missing, or is neither a veracity span model nor a LettuceDetect one.
    """
    if settings.reader != "auto":
        return settings.reader
    path = resolve_model_path(settings.model)
    if (path / "span_model.json").exists():
        return "veracity"
    if is_lettucedetect_checkpoint(path):
        return "lettucedetect"
    raise ModelNotAvailableError(
        f"{settings.model} cannot be the span model: {path} holds {describe_checkpoint(path)}. The span detector reads "
        "a veracity span model (a folder with span_model.json: veracity-span-small, `veracity train span`) or a "
        "LettuceDetect token classifier (ModernBertForTokenClassification with 2 labels: lettucedect-*-modernbert-*, "
        "tinylettuce-ettin-*, lettucedect-v2-mmbert-*); set reader= only if the files are one of these"
    )


class TokenProbabilities(BaseModel):
    """P(unsupported) per answer token (answer character offsets), and what the windows read.

    A LettuceDetect model (``reader="lettucedetect"``) reads the whole answer in one window per chunk of passages
    (``context_chunks``); its own decision per token is in ``marked``, and the context tokens counted are the prompts'.
    """

    model_config = ConfigDict(frozen=True)

    offsets: list[tuple[int, int]]
    probs: list[float]
    windows: int
    context_kept_tokens: int
    context_total_tokens: int
    reader: Reader = "veracity"
    context_chunks: int = 1
    marked: list[bool] | None = None


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
    settings: ResolvedSpanConfig

    def __init__(self, tagger: TokenTagger | LettuceDetectModel, settings: SpanConfig | None = None) -> None:
        self.tagger = tagger
        reader: Reader = "lettucedetect" if isinstance(tagger, LettuceDetectModel) else "veracity"
        self.settings = resolve_settings(settings or SpanConfig(), reader)

    @classmethod
    def from_config(cls, config: SpanConfig | None = None, **overrides: Any) -> Self:
        """Build the detector: the model's reader is decided from its files now; the model loads on first use.

        Raises:
            ModelNotAvailableError: the model is missing or of another kind (:func:`recognise_reader`).
            ConfigError: a setting the model's reader does not use is set.
        """
        settings = cls.settings_from(config, overrides)
        if recognise_reader(settings) == "lettucedetect":
            lettuce = LettuceDetectModel(
                settings.model,
                lang=settings.lang or DEFAULT_LANG,
                max_length=settings.max_length or DEFAULT_MAX_LENGTH,
                batch_size=settings.batch_size,
                num_threads=settings.num_threads,
                device=settings.device,
                quantize=settings.quantize,
            )
            return cls(lettuce, settings)
        tagger = TokenTagger(
            settings.model,
            batch_size=settings.batch_size,
            num_threads=settings.num_threads,
            device=settings.device,
            quantize=settings.quantize,
            backend=settings.backend,
        )
        return cls(tagger, settings)

    @property
    def reads_english_only(self) -> bool:  # type: ignore[override]
        """False for a LettuceDetect model given another language's prompt (``lang``; v2 mmBERT reads 14 languages)."""
        return self.settings.reader == "veracity" or self.settings.lang == DEFAULT_LANG

    def config(self) -> dict[str, Any]:
        """The settings recorded in every report: those the model's reader uses, every default filled in."""
        return self.settings.model_dump(exclude=set(NOT_READ_BY[self.settings.reader]))

    @functools.cached_property
    def window_sizes(self) -> tuple[int, int]:
        """(positions per window, answer tokens per window), from the model's span_model.json (read once)."""
        if isinstance(self.tagger, LettuceDetectModel):
            raise ConfigError(f"{self.tagger.model_id} is a LettuceDetect model: it reads whole answers, not windows")
        info = read_span_model_info(self.tagger.path)
        max_length = int(info.get("max_length", 512))
        answer_tokens = self.settings.answer_tokens or int(info.get("answer_tokens", 256))
        self.tagger.max_length = max_length
        return max_length, min(answer_tokens, max_length - 32)

    def token_probabilities(
        self, answer: str, documents: Sequence[str], question: str | None = None
    ) -> TokenProbabilities:
        """P(unsupported) for every answer token, over as many windows as the answer needs.

        A LettuceDetect model reads ``documents`` as its passages (empty ones included, as the reference does) and
        ``question`` (``None``: a summary) with its own prompt and chunks.
        """
        if isinstance(self.tagger, LettuceDetectModel):
            return lettuce_tokens(self.tagger.read(documents, question, answer))
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
        """Runs of tokens at or above ``token_threshold``, widened to words, merged where they touch.

        A LettuceDetect reading gets LettuceDetect's spans instead: runs of marked tokens as they are (the model's own
        marks at ``token_threshold`` 0.5, else P ≥ ``token_threshold``), none below ``min_confidence``.
        """
        if tokens.reader == "lettucedetect":
            threshold = self.settings.token_threshold
            own = tokens.marked is not None and threshold == LETTUCE_TOKEN_THRESHOLD
            marked = tokens.marked if own and tokens.marked is not None else [p >= threshold for p in tokens.probs]
            floor = self.settings.min_confidence or 0.0
            return [s for s in marked_spans(tokens.offsets, tokens.probs, marked) if s[2] >= floor]
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
        if self.settings.aggregation == "mean":
            return float(np.mean(tokens.probs))
        return float(max(tokens.probs))

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """Tag ``answer`` against ``context``.

        Raises:
            InputError: no non-empty context document.
        """
        documents = as_documents(context)
        if isinstance(self.tagger, LettuceDetectModel):
            documents = to_documents(context)  # the reference numbers an empty passage like any other
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


def lettuce_tokens(reading: LettuceReading) -> TokenProbabilities:
    """A LettuceDetect reading as token probabilities: the answer tokens of non-empty offsets, the model's marks."""
    keep = [i for i, (start, end) in enumerate(reading.offsets) if end > start]
    return TokenProbabilities(
        offsets=[reading.offsets[i] for i in keep],
        probs=[float(reading.probs[i]) for i in keep],
        windows=1,
        context_kept_tokens=reading.prompt_tokens_read,
        context_total_tokens=reading.prompt_tokens,
        reader="lettucedetect",
        context_chunks=reading.chunks,
        marked=[reading.marked[i] for i in keep],
    )


def window_notes(tokens: TokenProbabilities) -> list[str]:
    """What the windows read, in plain words, when it was not everything."""
    if tokens.reader == "lettucedetect":
        return lettuce_notes(tokens)
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


def lettuce_notes(tokens: TokenProbabilities) -> list[str]:
    """What a LettuceDetect model read, in plain words, when it was not everything in one window."""
    notes = []
    if tokens.context_chunks > 1:
        notes.append(
            f"the passages were read in {tokens.context_chunks} chunks, each with the whole answer (LettuceDetect's "
            "reading: a token's P is its largest over the chunks)"
        )
    if tokens.context_kept_tokens < tokens.context_total_tokens:
        notes.append(
            f"the prompt was cut to fit the model's window: {tokens.context_kept_tokens} of "
            f"{tokens.context_total_tokens} prompt tokens read (its end dropped, as LettuceDetect does)"
        )
    return notes

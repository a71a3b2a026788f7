"""The ``fused`` detector: a few cheap signals of one answer, weighed by a small learned model, calibrated.

Signals (each computed once per answer; the report lists every value and its contribution):

* lexical (:func:`veracity.text.novelty.lexical_signals`): the share and count of novel content words, novel
  numbers and names, novel word pairs, the lengths of answer and context;
* the span model (:class:`~veracity.detectors.span.SpanDetector`): the largest token P(unsupported), the mean,
  the mean of the five largest, the share of tokens at or above ½, the number of spans;
* the input's shape: a question or not, a structured record (JSON) as context or not;
* the consistency checkers (:mod:`veracity.stages.verify.checkers.frames.consistency` on prose,
  :mod:`veracity.stages.verify.checkers.records` on structured records): conflicts per kind, the highest confidence,
  the share of sentences with a conflict, record fields contradicted or missing. Their findings go in the report
  (``details.findings``): words a source *contradicts* are kept apart from words *not found* in the sources.

A logistic regression over the standardised signals (:class:`~veracity.detectors.fused.model.FusedModel`, a JSON file,
fitted by ``veracity train fused``) gives P(hallucinated), calibrated per input shape on out-of-fold predictions of
its training data; hallucinated iff P ≥ the threshold stored with the model. Spans: the span model's (by default run
only on answers the score flags, when the fused model weighs no span signal: ``spans``).

Text that is not English (py3langid, when it is sure): the span model cannot read it, so its signals are left out
(each counts as its training mean), the score rests on the lexical signals alone, and it is never below half the
threshold — the detector does not claim a confident "faithful" that no model checked.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, Self

import numpy as np
from pydantic import ConfigDict, Field, field_validator

from veracity.calibration import input_shape
from veracity.detectors.base import (
    RuntimeSettings,
    StageTimer,
    as_documents,
    empty_answer_report,
)
from veracity.detectors.fitted import FittedModelDetector
from veracity.detectors.fused.model import FusedModel
from veracity.detectors.span import (
    SpanConfig,
    SpanDetector,
    TokenProbabilities,
    recognise_reader,
    token_sentence_scores,
    window_notes,
)
from veracity.errors import ModelNotAvailableError
from veracity.schema import Details, Document, Finding, Report, Signal, TextSpan
from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker
from veracity.stages.verify.checks import check_consistency
from veracity.text.language import detect_language
from veracity.text.novelty import lexical_signals
from veracity.text.split import merge_ranges

__all__ = [
    "CONSISTENCY_SIGNALS",
    "SPAN_SIGNALS",
    "FusedConfig",
    "FusedDetector",
    "answer_signals",
    "check_consistency",
    "resolve_fused_model",
    "shape_signals",
    "span_signals",
]

DEFAULT_FUSED_MODEL = "veracity-fused-small"
SPAN_SIGNALS = ("span_max", "span_mean", "span_top5", "span_share", "span_count_log")
CONSISTENCY_SIGNALS = (
    "conflict_value",
    "conflict_role",
    "conflict_polarity",
    "conflict_max",
    "conflict_share",
    "record_conflicts",
    "record_not_found",
    "record_conflict_max",
)


class FusedConfig(RuntimeSettings):
    """Settings of the ``fused`` detector."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    model: str = Field(DEFAULT_FUSED_MODEL, description="Fused model: a shipped name or a JSON file.")
    span_model: str | None = Field(None, description="Span model; None: the one the fused model was fitted with.")
    threshold: float | None = Field(None, ge=0.0, le=1.0, description="None: the fused model's own threshold.")
    token_threshold: float | None = Field(
        None, ge=0.0, le=1.0, description="Span model tokens at or above this form spans; None: the span model's own."
    )
    language_check: bool = Field(True, description="Leave the span model out on text that is not English.")
    spans: Literal["flagged", "always", "never"] = Field(
        "flagged",
        description="Where the fused model weighs no span signal, when the span model runs for the report's spans and "
        "sentence readings: 'flagged' (answers the fused score flags: a passed answer shows no marks anyway), "
        "'always', 'never'. true / false read as 'always' / 'never'.",
    )
    batch_size: int = Field(8, ge=1, description="Inputs per model call.")
    quantize: Literal["none", "int8"] | None = Field(  # type: ignore[assignment]
        None,
        description="The span model's weights. None: int8 (per channel) for veracity's span model — 1.5x faster; "
        "ragtruth:dev span F1 0.348 against fp32's 0.349 on ONNX Runtime, 0.340 on torch; verdicts unchanged (the "
        "fused model weighs no span signal) — and as published (fp32) for a published one (LettuceDetect).",
    )
    consistency: bool = Field(
        True,
        description="Run the consistency checkers (values, roles, negations against aligned source sentences; record "
        "fields): their findings are reported, and weighed where the fused model has their signals.",
    )
    conflict_spans: bool = Field(
        True, description="Add the words a source contradicts to the report's spans (beside the span model's)."
    )

    @field_validator("spans", mode="before")
    @classmethod
    def _spans_from_bool(cls, value: Any) -> Any:
        # `spans` was a bool before 'flagged' existed; `--set spans=true` keeps its meaning.
        if isinstance(value, bool):
            return "always" if value else "never"
        return value


def resolve_fused_model(name: str) -> Path:
    """The JSON file a ``model`` setting names: an existing path, or a model shipped in the package.

    Raises:
        ModelNotAvailableError: neither.
    """
    from veracity.models.catalog import resolve_json_model

    return resolve_json_model(name, "fused_model.json", "fused", DEFAULT_FUSED_MODEL)


def span_signals(tokens: TokenProbabilities, n_spans: int) -> dict[str, float]:
    """The span model's token probabilities summarised: max, mean, mean of the top five, share ≥ ½, log(1 + spans)."""
    probs = np.asarray(tokens.probs, dtype=np.float64)
    if probs.size == 0:
        return dict.fromkeys(SPAN_SIGNALS, 0.0)
    top = np.sort(probs)[-5:]
    return {
        "span_max": float(probs.max()),
        "span_mean": float(probs.mean()),
        "span_top5": float(top.mean()),
        "span_share": float((probs >= 0.5).mean()),
        "span_count_log": float(np.log1p(n_spans)),
    }


def shape_signals(documents: Sequence[str], question: str | None) -> dict[str, float]:
    """1/0: a question is given; some context document is a JSON object or array (a structured record)."""

    def is_record(text: str) -> bool:
        stripped = text.strip()
        if not stripped or stripped[0] not in "{[":
            return False
        try:
            json.loads(stripped)
        except ValueError:
            return False
        return True

    return {
        "has_question": float(bool(question and question.strip())),
        "is_record": float(any(is_record(d) for d in documents)),
    }


def answer_signals(
    span: SpanDetector | None,
    answer: str,
    documents: Sequence[str],
    question: str | None,
    checker: ConsistencyChecker | None = None,
) -> tuple[dict[str, float], list[tuple[int, int, float]], TokenProbabilities | None]:
    """Every signal of one input, its spans and token probabilities.

    The span model's signals only when ``span`` is given, the consistency checkers' only when ``checker`` is.
    """
    sources = [*documents, question] if question else list(documents)
    values = {**lexical_signals(answer, sources), **shape_signals(documents, question)}
    if checker is not None:
        docs = [Document(id=str(i), text=t) for i, t in enumerate(documents)]
        values.update(check_consistency(checker, answer, docs)[0])
    if span is None:
        return values, [], None
    tokens = span.token_probabilities(answer, documents, question)
    spans = span.spans(answer, tokens)
    values.update(span_signals(tokens, len(spans)))
    return values, spans, tokens


class FusedDetector(FittedModelDetector[FusedConfig, FusedModel]):
    """Weighs lexical, span-model and shape signals with a calibrated logistic regression."""

    name = "fused"
    config_class = FusedConfig

    def __init__(self, model: FusedModel, span: SpanDetector | None, settings: FusedConfig, model_path: Path) -> None:
        super().__init__(model, settings, model_path)
        self.span = span
        self.checker = ConsistencyChecker() if settings.consistency else None
        self.weighs_span = any(f in SPAN_SIGNALS for f in model.features)

    @classmethod
    def from_config(cls, config: FusedConfig | None = None, **overrides: Any) -> Self:
        """Load the fused model (a small JSON file) now; the span model loads on first use.

        Raises:
            ModelNotAvailableError: the fused model file is missing, unreadable or of another version.
        """
        settings = cls.settings_from(config, overrides)
        path = resolve_fused_model(settings.model)
        model = FusedModel.load(path)
        span_model = settings.span_model or model.span_model
        uses_span = any(f in SPAN_SIGNALS for f in model.features)
        if uses_span and span_model is None:
            raise ModelNotAvailableError(f"{path} weighs span-model signals but names no span model; set span_model")
        uses_span = uses_span or settings.spans != "never"
        if not uses_span or span_model is None:
            return cls(model, None, settings, path)
        quantize = settings.quantize
        if quantize is None:  # int8 is the default for veracity's span model only: a published one reads as published
            quantize = "int8" if recognise_reader(SpanConfig(model=span_model)) == "veracity" else "none"
        span = SpanDetector.from_config(
            SpanConfig(
                model=span_model,
                token_threshold=settings.token_threshold,
                batch_size=settings.batch_size,
                num_threads=settings.num_threads,
                quantize=quantize,
                backend=settings.backend,
                device=settings.device,
            )
        )
        return cls(model, span, settings, path)

    def load_deferred_models(self) -> None:
        """Load the span model now, which ``spans="flagged"`` leaves to the first answer the score flags.

        The service's warm-up calls this, so that no request pays for a model load.
        """
        if self.span is not None:
            self.span.token_probabilities("A warm-up answer.", ["A warm-up context."], None)

    def signals(
        self, answer: str, documents: Sequence[str], question: str | None, use_span_model: bool = True
    ) -> tuple[dict[str, float], list[tuple[int, int, float]], TokenProbabilities | None]:
        """Every signal of one input, the span model's spans, and its token probabilities (``None``: not run)."""
        return answer_signals(self.span if use_span_model else None, answer, documents, question)

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """Score ``answer`` from its signals.

        Raises:
            InputError: no non-empty context document.
        """
        documents = as_documents(context)
        threshold = self.threshold
        models = {"fused": self.settings.model}
        if self.span is not None:
            models["span"] = self.span.tagger.model_id
        if not answer.strip():
            return empty_answer_report(self, answer, question, threshold, models)
        timer = StageTimer()
        notes: list[str] = []
        language = detect_language(answer) if self.settings.language_check and self.span is not None else None
        english = language is None or language.code == "en"
        # The span model is the costly signal; when the fused model does not weigh it, it only marks words, and marks
        # show under a hallucinated verdict only (detectors/guard.py): with spans="flagged" it waits for the verdict.
        span_first = english and (self.weighs_span or self.settings.spans == "always")
        with timer.stage("signals"):
            values, spans, tokens = self.signals(answer, [d.text for d in documents], question, span_first)
        findings: list[Finding] = []
        if self.checker is not None and english:
            with timer.stage("consistency"):
                checked, findings, checker_notes = check_consistency(self.checker, answer, documents)
            values.update(checked)
            notes += checker_notes
        elif self.checker is not None:
            notes.append("the consistency checkers read English only: they did not run")
        prediction = self.model.predict(values, input_shape(answer, question))
        score = prediction.probability
        if not english and language is not None:
            notes.append(
                f"the answer reads as {language.code!r} (p = {language.probability:.2f}); the span model reads English "
                "only, so the score rests on the lexical signals (words of the answer missing from the sources)"
            )
            if score < threshold / 2:
                score = threshold / 2
                notes.append("not checked by a model: the score is held at half the threshold, not a confident pass")
        score, floor_notes = self.model.floor(score, findings)
        notes += floor_notes
        if english and not span_first and self.span is not None and score >= threshold:
            with timer.stage("span_model"):
                tokens = self.span.token_probabilities(answer, [d.text for d in documents], question)
                spans = self.span.spans(answer, tokens)
        if tokens is not None:
            notes += window_notes(tokens)
        if values.get("answer_words_log", 1.0) == 0.0:
            notes.append("the answer has no content words: only its shape and lengths were weighed")
        ranked = sorted(prediction.contributions.items(), key=lambda item: -abs(item[1]))
        marked = [(start, end) for start, end, _ in spans]
        if self.settings.conflict_spans:
            marked += [(f.span.start, f.span.end) for f in findings if f.relation == "contradicted"]
        marked = merge_ranges(marked)
        return self.report(
            timer=timer,
            answer=answer,
            question=question,
            score=score,
            threshold=threshold,
            raw_score=prediction.raw,
            calibration=prediction.calibration,
            hallucinated_spans=[TextSpan.of(answer, start, end) for start, end in marked],
            sentences=(
                # the span model's reading of each sentence (its own scale, not the fused P of the headline)
                token_sentence_scores(
                    answer,
                    tokens,
                    marked,
                    self.span.settings.threshold,
                    [(f.span.start, f.span.end, f.confidence) for f in findings if f.relation == "contradicted"],
                )
                if tokens is not None and self.span is not None
                else []
            ),
            models=models,
            notes=notes,
            details=Details(
                signals=[Signal(name=name, value=values.get(name, 0.0), contribution=c) for name, c in ranked],
                findings=findings,
            ),
        )

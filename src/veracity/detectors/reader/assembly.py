"""The reader's stages, handed to :class:`~veracity.detectors.reader.ReaderDetector` when it is built.

The reader reads each answer unit with five stages besides its fitted model: the NLI pair scorer, the value checker
(names, numbers, dates and negations the sources do not state), the consistency and record checkers, and the span
model when the fitted model weighs its signals. :meth:`ReaderStages.of` makes them from the reader's settings; each
is made on first use (:class:`Lazy`), so a one-shot check that never reads loads no model, and a caller may hand in
stages already made (two readers sharing one NLI model, a test's own checker).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:  # imported where used: a one-shot check loads them only when it reads
    from veracity.detectors.reader.detector import ReaderConfig
    from veracity.detectors.reader.model import ReaderModel
    from veracity.detectors.span import SpanDetector
    from veracity.models.pair_scorer import PairScorer
    from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker
    from veracity.stages.verify.checkers.masked import MaskedFrameChecker
    from veracity.stages.verify.grounding import GroundingChecker

__all__ = ["Lazy", "ReaderStages"]

T = TypeVar("T")


class Lazy(Generic[T]):
    """A stage made by its factory on first :meth:`get`, then kept; or one given already made (:meth:`made`)."""

    def __init__(self, factory: Callable[[], T]) -> None:
        self.factory = factory
        self.value: T | None = None
        self.loaded = False

    @classmethod
    def made(cls, value: T) -> Lazy[T]:
        """A stage that is already made (``value`` is what :meth:`get` returns)."""
        stage = cls(lambda: value)
        stage.get()
        return stage

    def get(self) -> T:
        """The stage, made now if it is not yet."""
        if not self.loaded:
            self.value = self.factory()
            self.loaded = True
        return self.value  # type: ignore[return-value]  # T itself may be Optional: None once loaded is a value


@dataclass(frozen=True)
class ReaderStages:
    """The reader's stages besides its fitted model, each made on first use.

    ``nli``: the pair scorer read on each unit against its aligned source sentences (and by the attachment checker to
    confirm its candidates); ``values``: the value checker; ``checkers``: the consistency and record checkers (None:
    turned off); ``span``: the span model (None: the fitted model weighs none of its signals); ``masked``: the
    masked-frame checker with its sentence embedder (None: the settings leave it off); ``aligned``: the masked-frame
    checker on the learned aligner whose per-value gaps are the ``aligned_gap`` signal (None: the fitted model weighs
    none).
    """

    nli: Lazy[PairScorer]
    values: Lazy[GroundingChecker]
    checkers: Lazy[ConsistencyChecker | None]
    span: Lazy[SpanDetector | None]
    masked: Lazy[MaskedFrameChecker | None] = field(default_factory=lambda: Lazy.made(None))
    aligned: Lazy[MaskedFrameChecker | None] = field(default_factory=lambda: Lazy.made(None))

    @classmethod
    def of(cls, settings: ReaderConfig, model: ReaderModel) -> ReaderStages:
        """The stages the reader's ``settings`` and fitted ``model`` name, none made yet.

        The NLI model is the settings' ``verifier``, else the one the model was fitted with; the span model runs only
        when the model weighs a span signal (the settings' ``span_model``, else the model's).
        """
        weighs_span = any(f.startswith("span_") for f in model.features)
        weighs_aligned = any(f.startswith("aligned_") for f in model.features)
        aligner = settings.aligner or model.aligner
        structured = settings.masked_frames == "structured"
        aligned = Lazy(lambda: masked_checker(weighs_aligned and aligner is not None, aligner, structured))
        masked_on = bool(settings.masked_frames) and settings.consistency

        def masked() -> MaskedFrameChecker | None:
            if masked_on and weighs_aligned and aligner == settings.aligner:
                return aligned.get()  # one checker: the sources' clauses embedded once
            return masked_checker(masked_on, settings.aligner, structured)

        return cls(
            nli=Lazy(lambda: nli_scorer(settings, settings.verifier or model.verifier)),
            values=Lazy(value_checker),
            checkers=Lazy(lambda: consistency_checker(settings.consistency)),
            span=Lazy(lambda: span_detector(settings.span_model or model.span_model) if weighs_span else None),
            masked=Lazy(masked),
            aligned=aligned,
        )

    def load(self) -> None:
        """Make every stage now, not on the first answer: the NLI model, the checkers, then the span model.

        The encoders' ONNX sessions load in the background while the first answer loads spaCy (issue 68).
        """
        self.nli.get()
        self.values.get()
        self.checkers.get()
        self.span.get()
        self.masked.get()
        self.aligned.get()


def nli_scorer(settings: ReaderConfig, name: str) -> PairScorer:
    """The NLI pair scorer ``name`` with the reader's model settings, its ONNX session loading in the background."""
    from veracity.detectors.base import scorer_for
    from veracity.models.onnx_backend import Preloadable

    scorer = scorer_for(name, settings)
    if isinstance(scorer, Preloadable):
        scorer.preload()
    return scorer


def value_checker() -> GroundingChecker:
    """The value checker: names, numbers, dates and negations the sources do not state."""
    from veracity.stages.verify.grounding import GroundingChecker

    return GroundingChecker()


def consistency_checker(enabled: bool) -> ConsistencyChecker | None:
    """The consistency checker (the record checkers run beside it), or None when the settings turn it off."""
    from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker

    return ConsistencyChecker() if enabled else None


def masked_checker(
    enabled: bool, aligner: str | None = None, structured_only: bool = False
) -> MaskedFrameChecker | None:
    """The masked-frame checker, or None when the settings leave it off.

    With ``aligner`` (a model name or folder: ``veracity-aligner-small``) it reads the sources as clauses with what
    each is about and ranks them by the aligner; without, by the default sentence embedder and word overlap.
    ``structured_only``: its findings only where a heading or list lead tells the two clauses apart.
    """
    if not enabled:
        return None
    from veracity.models.embedder import DEFAULT_EMBEDDER, SentenceTransformerEmbedder
    from veracity.stages.verify.checkers.masked import MaskedFrameChecker

    if aligner is not None:
        return MaskedFrameChecker(SentenceTransformerEmbedder(aligner), aligned=True, structured_only=structured_only)
    return MaskedFrameChecker(SentenceTransformerEmbedder(DEFAULT_EMBEDDER), structured_only=structured_only)


def span_detector(name: str | None) -> SpanDetector:
    """The span model ``name`` (int8), its ONNX session loading in the background.

    Raises:
        ModelNotAvailableError: the reader model weighs span signals but names no span model.
    """
    from veracity.detectors.span import SpanConfig, SpanDetector
    from veracity.errors import ModelNotAvailableError
    from veracity.models.onnx_backend import Preloadable

    if name is None:
        raise ModelNotAvailableError("the reader model weighs span signals but names no span model")
    span = SpanDetector.from_config(SpanConfig(model=name, quantize="int8"))
    if isinstance(span.tagger, Preloadable):
        span.tagger.preload()
    return span

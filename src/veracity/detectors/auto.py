"""The ``auto`` detector, the default: the one reader for every input with sources, or one detector per shape.

``routing="one-reader"`` (the default, issue 53): every input with sources goes to the ``reader`` route — the
:class:`~veracity.detectors.reader.ReaderDetector`, which reads each answer sentence against all the sources and
calibrates the answer as at least as bad as its worst sentence — whatever the answer's length, the number of
passages, or whether a question comes with it (docs/reader.md). The report is the reader's, with
``detector="auto"``, ``routed_to="reader"`` and a first note saying so.

``routing="shape"`` keeps the earlier routing, measured route by route in ``benchmarks/auto/``: an input's shape
(:func:`~veracity.calibration.input_shape`: ``qa``, ``dialogue`` or ``summary``) is read from the question alone, with
two more splits by length: a QA answer of 30 words or more is long-form (RAG-style) and takes the ``long_qa`` route,
as does a shorter one over RAG-shaped context (several documents, or numbered passages: :func:`rag_shaped`); an
answer under 30 words without a question is a claim and takes the ``claim`` route. Routes that are the same detector
with the same settings share one instance, so its models load once. ``--set 'qa={"detector": "litehall"}'`` overrides
one; ``--set readers=published`` (which implies the shape routing) reads with the published models installed in the
local Hugging Face cache instead (:func:`published_routes`, docs/models.md). Routes that do not run the consistency
checkers themselves get them from ``auto``: on an English input, a finding that a source contradicts the answer holds
P(hallucinated) at no less than the shipped fused model's floor for that checker, and the finding is reported.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator

from veracity.calibration import SHAPES, input_shape
from veracity.detectors.base import (
    ConfiguredDetector,
    Detector,
    as_documents,
    empty_answer_report,
    settings_digest,
)
from veracity.errors import ModelNotAvailableError
from veracity.schema import Document, Report, verdict_of

__all__ = ["ROUTES", "AutoConfig", "AutoDetector", "Route", "published_routes", "rag_shaped", "route_of"]


class Route(BaseModel):
    """Where inputs of one shape go."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    detector: str = Field("verifier", description="Detector name (any registered detector but auto).")
    settings: dict[str, Any] = Field(default_factory=dict, description="Its settings.")
    calibration: str = Field("auto", description="Its calibration: auto, none or a calibrator file.")

    @field_validator("detector")
    @classmethod
    def _not_auto(cls, name: str) -> str:
        if name == "auto":
            raise ValueError("a route cannot be the auto detector itself")
        return name


# qa and dialogue: chosen on HaluEval dev by the rule of benchmarks/auto/README.md (choice.json): litehall reads
# one-line QA answers best, the stage-3 verifier dialogue replies. summary: the third choice, on RAGTruth dev and the
# summary parts (choice-v3.json): fused. long_qa: the fifth choice (choice-v5.json), one reader for RAG answers:
# fused v2 (span's ragtruth-qa dev AUROC is within 0.005 of it). claim:
# the fourth choice, on ConTRoL + WiCE held-out, RTE dev and FEVER-Symmetric (choice-v4.json): the verifier, with a
# calibrator fitted on those runs.
STAGE3 = "veracity-nli-small-stage3"


def _stage3_verifier() -> Route:
    return Route(detector="verifier", settings={"model": STAGE3}, calibration="shipped:verifier-stage3")


class AutoConfig(BaseModel):
    """Settings of the ``auto`` detector: the one reader, or one route per input shape."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    routing: Literal["one-reader", "shape"] = Field(
        "one-reader",
        description="one-reader: every input goes to the reader route, whatever its length, passage count or "
        "question (the verdict follows the evidence, not the input's shape). shape: the earlier routing, one "
        "detector per input shape (qa, dialogue, summary, long_qa, claim).",
    )
    reader: Route = Field(
        default_factory=lambda: Route(detector="reader", calibration="none"),
        description="The one reader (routing=one-reader): sentence by sentence, calibrated by its own model.",
    )

    qa: Route = Field(
        default_factory=lambda: Route(detector="litehall"), description="Route for a question and its answer."
    )
    dialogue: Route = Field(default_factory=_stage3_verifier, description="Route for a reply to conversation turns.")
    summary: Route = Field(
        default_factory=lambda: Route(detector="fused"), description="Route for a text checked against its sources."
    )
    long_qa: Route = Field(
        default_factory=lambda: Route(detector="fused"),
        description="Route for a long-form answer to a question (RAG-style: at least long_form_words words, or "
        "any length over RAG-shaped context: several documents or numbered passages).",
    )
    claim: Route = Field(
        default_factory=lambda: Route(detector="verifier", calibration="shipped:claim-verifier"),
        description="Route for a statement under long_form_words words with no question (a claim against sources).",
    )
    consistency: bool = Field(
        True,
        description="Run the consistency checkers on routes that do not, and hold P(hallucinated) at the fused "
        "model's floor when a source contradicts the answer.",
    )
    long_form_words: int = Field(
        30,
        ge=1,
        description="A question's answer of this many words or more takes the long_qa route; a text without a "
        "question and shorter than this takes the claim route.",
    )
    readers: Literal["shipped", "published"] = Field(
        "shipped",
        description="shipped: veracity's own models. published (implies routing=shape): every route left at its "
        "default reads with the "
        "installed published model that suits its shape (a LettuceDetect span model for summaries and long "
        "answers, a pair scorer — MiniCheck, FactCG, HHEM — for QA, dialogue and claims), raw scores on its "
        "authors' decision rule; a shape with none installed keeps veracity's reader.",
    )


ROUTES = (*SHAPES, "long_qa", "claim")
ONE_READER = "reader"
# Which published role suits each route: a token tagger reads a long answer or a summary whole; a pair scorer reads
# a short answer (stated with its question by the verifier), a reply or a claim against the documents.
_PUBLISHED_ROLE = {"summary": "span", "long_qa": "span", "qa": "pair", "dialogue": "pair", "claim": "pair"}


def published_routes(settings: AutoConfig) -> AutoConfig:
    """``settings`` with every default route reading with an installed published model (``readers=published``).

    Span routes go to the ``span`` detector with the preferred installed LettuceDetect model, pair routes to the
    ``verifier`` in ``whole`` mode (the context in one pair, chunked by the scorer as its reference chunks it) with the
    preferred installed pair scorer (``READER_PREFERENCE`` in models/published/catalog.py); both uncalibrated: a
    published model's score is read on its authors' rule (the shipped calibrators were fitted on veracity's models).
    ``veracity calibrate`` on their dev runs gives a calibrator to set on a route by hand.

    Raises:
        ModelNotAvailableError: no published model of either role is installed (the message names the downloads).
    """
    if settings.readers == "shipped":
        return settings
    from veracity.models.published.catalog import READER_PREFERENCE, download_command, installed, published_model

    found = {role: installed(role) for role in ("span", "pair")}
    if not any(found.values()):
        downloads = "; ".join(download_command(published_model(READER_PREFERENCE[r][0])) for r in ("span", "pair"))
        raise ModelNotAvailableError(
            "auto: readers=published found no published model in the local Hugging Face cache; fetch one on a "
            f"machine with network (e.g. {downloads}) or see `veracity models`"
        )
    updates: dict[str, Route] = {}
    defaults = AutoConfig()
    for shape, role in _PUBLISHED_ROLE.items():
        if getattr(settings, shape) != getattr(defaults, shape) or not found[role]:
            continue  # a route set by hand (it differs from the default) is the user's choice
        model = found[role][0]
        if role == "span":
            updates[shape] = Route(detector="span", settings={"model": model.setting}, calibration="none")
        else:  # the whole context in one pair: the published scorer chunks it its own way (the verifier's "whole")
            settings_of = {"model": model.setting, "mode": "whole"}
            updates[shape] = Route(detector="verifier", settings=settings_of, calibration="none")
    return settings.model_copy(update=updates)


# A retrieved passage's label at the start of a line: "passage 2:", "Document 3:", "source 1:", "[4]".
_PASSAGE_LABEL = re.compile(r"^\s*(?:(?:passage|document|doc|source)\s*\d+\s*:|\[\d+\])", re.IGNORECASE | re.MULTILINE)


def rag_shaped(context: Sequence[Document | str]) -> bool:
    """Whether a context looks retrieved: two or more documents, or one made of two or more numbered passages.

    benchmarks/auto/README.md (sixth choice): RAGTruth's QA contexts are one document of "passage N:" paragraphs; a
    knowledge snippet such as HaluEval QA's is one paragraph without labels.
    """
    texts = [doc.text if isinstance(doc, Document) else doc for doc in context]
    texts = [text for text in texts if text.strip()]
    return len(texts) >= 2 or (len(texts) == 1 and len(_PASSAGE_LABEL.findall(texts[0])) >= 2)


def route_of(answer: str, question: str | None, long_form_words: int, context: Sequence[Document | str] = ()) -> str:
    """The route of an input: its shape (:func:`input_shape`), split by length at ``long_form_words`` words.

    A QA answer that long, or a shorter one over RAG-shaped context (:func:`rag_shaped`), takes the ``long_qa``
    route (RAG-style QA rather than a one-line answer to a knowledge snippet); a text without a question that is
    shorter takes the ``claim`` route (a statement, not a summary).
    """
    shape = input_shape(answer, question)
    words = len(answer.split())
    if shape == "qa" and (words >= long_form_words or rag_shaped(context)):
        return "long_qa"
    if shape == "summary" and words < long_form_words:
        return "claim"
    return shape


class AutoDetector(ConfiguredDetector[AutoConfig]):
    """Reads every input with sources with the one reader; with routing=shape, routes each input by its shape."""

    name = "auto"
    config_class = AutoConfig

    def __init__(self, routes: dict[str, Detector], settings: AutoConfig | None = None) -> None:
        self.settings = settings or AutoConfig()
        needed = (ONE_READER,) if self.one_reader else ROUTES
        missing = [shape for shape in needed if shape not in routes]
        if missing:
            raise ValueError(f"auto: no route for input shape(s) {', '.join(missing)}")
        self.routes = routes
        self._checker: Any = None
        self._fused_model: Any = None

    @classmethod
    def from_config(cls, config: AutoConfig | None = None, **overrides: Any) -> Self:
        """Build every route's detector, once per distinct route (models load on first use)."""
        from veracity.detectors import load_detector

        s = published_routes(cls.settings_from(config, overrides))
        built: list[tuple[Route, Detector]] = []
        routes: dict[str, Detector] = {}
        one_reader = s.routing == "one-reader" and s.readers == "shipped"
        for shape in (ONE_READER,) if one_reader else ROUTES:
            route: Route = getattr(s, shape)
            if shape == ONE_READER and not s.consistency and route.detector == "reader":
                route = route.model_copy(update={"settings": {**route.settings, "consistency": False}})
            detector = next((d for r, d in built if r == route), None)
            if detector is None:
                detector = load_detector(route.detector, calibration=route.calibration, **route.settings)
                built.append((route, detector))
            routes[shape] = detector
        return cls(routes, s)

    @property
    def one_reader(self) -> bool:
        """Whether every input goes to the one reader (``routing=one-reader`` with veracity's own models)."""
        return self.settings.routing == "one-reader" and self.settings.readers == "shipped"

    def config(self) -> dict[str, Any]:
        """Every route, with the settings its detector actually runs with."""
        return {shape: {"detector": d.name, "config": d.config()} for shape, d in self.routes.items()}

    def unchecked_notes(self, notes: Sequence[str]) -> list[str]:
        """``notes`` without those a route's detector says apply only to a verdict (its report's are auto's)."""
        from veracity.detectors.guard import notes_without_verdict

        kept = list(notes)
        for detector in {id(d): d for d in self.routes.values()}.values():
            kept = notes_without_verdict(detector, kept)
        return kept

    def report_config(self, shape: str) -> dict[str, Any]:
        """What a report records: the route taken, its detector's settings, and the digest of every route's.

        The other routes' settings are one ``veracity detectors auto`` away; the digest says whether a report was
        written with the same ones.
        """
        inner = self.routes[shape]
        return {
            "route": shape,
            "detector": inner.name,
            "config": inner.config(),
            "settings_digest": self.config_digest,
        }

    @functools.cached_property
    def config_digest(self) -> str:
        """:func:`~veracity.detectors.base.settings_digest` of every route's settings (computed once)."""
        return settings_digest(self.config())

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """The report of the detector routed to for this input's shape."""
        documents = as_documents(context)
        if not answer.strip():
            return empty_answer_report(self, answer, question, 0.5, {})
        if self.one_reader:
            shape = ONE_READER
            inner = self.routes[shape]
            note = f"auto: read sentence by sentence by {inner.name!r} (the same reader for every input with sources)"
        else:
            shape = route_of(answer, question, self.settings.long_form_words, documents)
            inner = self.routes[shape]
            note = f"auto: a {shape} input, routed to {inner.name!r}"
        report = inner.detect(answer, documents, question)
        if self.settings.consistency and inner.name not in ("fused", "reader") and not report.details.findings:
            report = self.with_consistency(report, answer, documents)
        return report.model_copy(
            update={
                "detector": self.name,
                "config": self.report_config(shape),
                "details": report.details.model_copy(update={"routed_to": shape}),
                "notes": [note, *report.notes],
            }
        )

    def with_consistency(self, report: Report, answer: str, documents: Sequence[Document]) -> Report:
        """A route's report with the consistency checkers' findings, and P held at their floor (see the module)."""
        from veracity.detectors.fused import DEFAULT_FUSED_MODEL, resolve_fused_model
        from veracity.detectors.fused.model import FusedModel
        from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker
        from veracity.stages.verify.checks import check_consistency
        from veracity.text.language import detect_language

        language = detect_language(answer)
        if language is not None and language.code != "en":
            note = (
                f"the consistency checkers read English only (the answer reads as {language.code!r}): they did not run"
            )
            return report.model_copy(update={"notes": [*report.notes, note]})
        if self._checker is None:  # both or neither: a failed load leaves nothing half set up
            fused_model = FusedModel.load(resolve_fused_model(DEFAULT_FUSED_MODEL))
            self._checker, self._fused_model = ConsistencyChecker(), fused_model
        _, findings, checker_notes = check_consistency(self._checker, answer, documents)
        if not findings:
            return report.model_copy(update={"notes": [*report.notes, *checker_notes]}) if checker_notes else report
        score, floor_notes = self._fused_model.floor(report.score, findings)
        notes = [*report.notes, *checker_notes, *floor_notes]
        verdict = verdict_of(score, report.threshold)
        spans = list(report.hallucinated_spans)
        if verdict == "hallucinated":
            for finding in findings:
                if finding.relation == "contradicted" and not any(
                    finding.span.start < s.end and s.start < finding.span.end for s in spans
                ):
                    spans.append(finding.span)
        return report.model_copy(
            update={
                "score": score,
                "verdict": verdict,
                "hallucinated_spans": sorted(spans, key=lambda span: (span.start, span.end)),
                "details": report.details.model_copy(update={"findings": findings}),
                "notes": notes,
            }
        )

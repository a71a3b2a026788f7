"""What every detector shares: the protocol, input normalisation and per-stage timing."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Annotated, Any, ClassVar, Generic, Literal, Protocol, TypeVar, cast, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from veracity.errors import InputError
from veracity.models.pair_scorer import PairScorer
from veracity.schema import Document, Report

__all__ = [
    "ConfiguredDetector",
    "ContextInput",
    "DetectInput",
    "Detector",
    "Device",
    "ModelSettings",
    "PairScoringDetector",
    "RuntimeSettings",
    "StageTimer",
    "as_documents",
    "dropped_documents",
    "empty_answer_report",
    "load_pair_scorer",
    "scorer_for",
    "settings_digest",
    "to_documents",
]

Device = Annotated[
    str,
    Field(
        pattern=r"^(cpu|cuda(:\d+)?|mps)$",
        description="torch device of the detector's models: cpu, cuda, cuda:N or mps (--engine ray with "
        "--gpus-per-worker sets cuda).",
    ),
]


class RuntimeSettings(BaseModel):
    """How a detector's neural models run; every config of a detector that loads one includes these."""

    model_config = ConfigDict(extra="forbid")

    batch_size: int = Field(32, ge=1, description="Inputs per model call.")
    num_threads: int | None = Field(None, ge=1, description="torch CPU threads; None: torch's default.")
    quantize: Literal["none", "int8"] = Field("none", description="int8: dynamic int8 Linear layers (CPU).")
    device: Device = "cpu"
    backend: Literal["auto", "torch", "onnx"] = Field(
        "auto",
        description="torch, or onnx (ONNX Runtime: no torch import; files from `veracity models export-onnx`); "
        "auto: onnx when onnxruntime and the exported files are there, else torch.",
    )


class ModelSettings(RuntimeSettings):
    """:class:`RuntimeSettings` with the NLI pair length, for detectors that read (premise, hypothesis) pairs."""

    max_length: int | None = Field(
        None, ge=8, description="Tokens per NLI pair; None: the model's own (veracity-nli-small: 256)."
    )


@runtime_checkable
class Detector(Protocol):
    """Checks an answer against context documents."""

    name: str

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """The detector's :class:`Report` on ``answer``."""
        ...

    def config(self) -> dict[str, Any]:
        """The configuration recorded in every report."""
        ...


@runtime_checkable
class PairScoringDetector(Protocol):
    """A detector that also scores (premise, hypothesis) pairs directly: what NLI pair files are evaluated with."""

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> Any:
        """P(entailment, neutral, contradiction) per pair, one row each."""
        ...


ConfigT = TypeVar("ConfigT", bound=BaseModel)


class ConfiguredDetector(Generic[ConfigT]):
    """The base every detector shares: its validated settings, how overrides merge into them, its ``config()``.

    A detector names its pydantic config class (``config_class``) and keeps the validated settings in
    ``settings``; ``from_config`` builds its models from :meth:`settings_from`'s result.
    """

    name: str
    config_class: ClassVar[type[BaseModel]]
    settings: ConfigT
    reads_english_only: ClassVar[bool] = True
    """Its models read English only: an answer in another language gets no verdict (``detectors.guard``)."""

    @classmethod
    def settings_from(cls, config: ConfigT | None, overrides: Mapping[str, Any]) -> ConfigT:
        """``config`` (default: the config class's defaults) with ``overrides`` applied, validated once.

        Raises:
            pydantic.ValidationError: an override is unknown or out of range (``load_detector`` words it).
        """
        base = config if config is not None else cls.config_class()
        return cast(ConfigT, cls.config_class.model_validate({**base.model_dump(), **overrides}))

    def config(self) -> dict[str, Any]:
        """The settings recorded in every report."""
        return self.settings.model_dump()

    def report(self, *, timer: StageTimer, score: float, threshold: float, **fields: Any) -> Report:
        """This detector's Report of ``score`` at ``threshold``, the verdict by the one rule (:meth:`Report.decide`).

        The detector's name, its config and the stage timings are filled in; ``fields`` are the rest of the Report.
        """
        return Report.decide(
            score=score,
            threshold=threshold,
            detector=self.name,
            config=self.config(),
            timings_ms=timer.timings_ms,
            **fields,
        )


def settings_digest(config: Mapping[str, Any]) -> str:
    """The first 16 hex digits of the SHA-256 of a detector's ``config()`` as canonical JSON.

    What a report records in place of settings too long to repeat in every report (``auto``'s routes): two runs with
    the same digest ran with the same settings.
    """
    from pydantic_core import to_jsonable_python

    text = json.dumps(to_jsonable_python(config), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def load_pair_scorer(model: str, **hf_options: Any) -> PairScorer:
    """The pair scorer a detector setting names.

    A registered rule-based scorer (``grounding``) by its name; a published pair scorer (HHEM-2.1-Open, MiniCheck,
    FactCG) read the way its authors read it, when the setting names its format (``minicheck-ft5:FOLDER``) or the
    checkpoint's files say which it is (:mod:`veracity.models.published.formats`); else a Hugging Face sequence
    classifier (catalog name, local folder or hub id). Each is built with ``hf_options``.

    Raises:
        ConfigError: ``FORMAT:`` names no published format.
        ModelNotAvailableError: a named format's checkpoint is not on disk.
    """
    from veracity.models.pair_scorer import HFPairScorer
    from veracity.registry import PAIR_SCORERS, resolve

    if model in PAIR_SCORERS and model != "hf-cross-encoder":
        scorer: PairScorer = resolve("pair_scorer", model)()
        return scorer
    published = _published_pair_scorer(model, hf_options)
    return published if published is not None else HFPairScorer(model, **hf_options)


def _published_pair_scorer(model: str, options: Mapping[str, Any]) -> PairScorer | None:
    """The published pair scorer ``model`` names or its files declare; ``None`` for any other model."""
    import re
    from pathlib import Path

    from veracity.errors import ModelNotAvailableError
    from veracity.models.catalog import CATALOG, resolve_model_path
    from veracity.models.published.formats import FORMATS, check_format, published_format

    prefix, colon, rest = model.partition(":")
    if colon and (prefix in FORMATS or (re.fullmatch(r"[a-z][a-z0-9-]+", prefix) and not Path(model).exists())):
        # FORMAT:PATH names the format (an unknown word is an error naming the formats, not a missing model path).
        name = check_format(prefix)
        model = rest
    else:
        if any(model == spec.name or model in spec.aliases for spec in CATALOG.values()):
            return None  # veracity's own models (and resolving one may assemble its parts: not at construction)
        try:
            folder = resolve_model_path(model)
        except ModelNotAvailableError:
            return None  # not on disk: the cross-encoder's loader reports it when it is used, as before
        found = published_format(folder) if folder.is_dir() else None
        if found is None:
            return None
        name = found
    if name == "hhem":
        from veracity.models.published.hhem import HHEMPairScorer

        return HHEMPairScorer(model, **options)
    from veracity.models.published.minicheck import published_scorer

    return published_scorer(name, model, **options)


def scorer_for(model: str, settings: Any) -> PairScorer:
    """:func:`load_pair_scorer` with a detector's model settings.

    Those are ``batch_size``, ``max_length``, ``num_threads``, ``quantize`` and ``device``, which every NLI-based
    detector's configuration has.
    """
    return load_pair_scorer(
        model,
        batch_size=settings.batch_size,
        max_length=settings.max_length,
        num_threads=settings.num_threads,
        quantize=settings.quantize,
        backend=settings.backend,
        device=settings.device,
    )


ContextInput = Sequence[Document | str | Mapping[str, Any]] | str | Document | Mapping[str, Any]


def to_documents(context: ContextInput | None) -> list[Document]:
    """Every form a context comes in, as documents (empty ones kept).

    The one conversion the library, batch records and HTTP bodies share.
    ``context`` is a list whose items are :class:`Document` objects, strings (ids ``doc-1``, ``doc-2``, … by
    position) or mappings ``{"id"?, "text", "title"?}``; a single string, document or mapping is one document.

    Raises:
        InputError: a context or an item of another type (named as ``'context[i]'``), or repeated ids.
    """
    if isinstance(context, (str, Document, Mapping)):
        context = [context]
    if context is None or isinstance(context, bytes) or not isinstance(context, Sequence):
        raise InputError(
            "'context' must be a string or a list of strings / {id, text} documents / Documents (or one Document), not "
            + type(context).__name__
        )
    documents = []
    for i, item in enumerate(context, start=1):
        if isinstance(item, Document):
            documents.append(item)
        elif isinstance(item, str):
            documents.append(Document(id=f"doc-{i}", text=item))
        elif isinstance(item, Mapping) and isinstance(item.get("text"), str):
            title = item.get("title")
            documents.append(
                Document(id=str(item.get("id") or f"doc-{i}"), text=item["text"], title=title if title else None)
            )
        else:
            raise InputError(
                f"'context[{i - 1}]' must be a string or an object with a string 'text' (or a Document), not "
                + type(item).__name__
            )
    ids = [d.id for d in documents]
    if len(set(ids)) != len(ids):
        raise InputError(f"context document ids must be unique, got {ids}")
    return documents


class DetectInput(BaseModel):
    """One answer to check, validated once where it enters: a batch record, an HTTP body, the CLI's options.

    Build it with :meth:`of`, which checks each field in turn and converts the context with :func:`to_documents`;
    what reaches a detector afterwards is well formed (a detector still drops empty documents and needs one left).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    answer: str
    context: list[Document]
    question: str | None = None
    id: str | None = None

    @classmethod
    def of(
        cls, answer: Any, context: Any, question: Any = None, id: str | None = None, *, open_domain: bool = False
    ) -> DetectInput:
        """The input of these raw values (from JSON, a form or the command line).

        ``open_domain``: a missing context is an empty one (a detector with a knowledge index searches instead).

        Raises:
            InputError: naming the first field that is wrong ('answer', 'context' or 'context[i]', 'question').
        """
        if not isinstance(answer, str):
            raise InputError("'answer' must be a string")
        documents = [] if context is None and open_domain else to_documents(context)
        if question is not None and not isinstance(question, str):
            raise InputError("'question' must be a string or null")
        return cls(answer=answer, context=documents, question=question, id=id)


def _passage_key(text: str) -> str:
    # Whitespace does not make a passage new: the same passage with another line break is the same evidence.
    return " ".join(text.split())


def as_documents(context: ContextInput | None) -> list[Document]:
    """Context as documents for a detector: :func:`to_documents`, empty documents and repeated passages dropped.

    A passage given twice (the same text, whitespace aside) is kept once, under its first id, so repeating a passage,
    however often, leaves the verdict as it is without the repeats. At least one document must be left;
    :func:`dropped_documents` words what was dropped (the guard of :func:`~veracity.detectors.load_detector` adds it to
    every report's notes).

    Raises:
        InputError: as :func:`to_documents`, or no document has text.
    """
    kept, seen = [], set()
    for document in to_documents(context):
        key = _passage_key(document.text)
        if key and key not in seen:
            seen.add(key)
            kept.append(document)
    if not kept:
        raise InputError("no context: give at least one non-empty document to check the answer against")
    return kept


def dropped_documents(documents: Sequence[Document]) -> str | None:
    """The note that says which of ``documents`` :func:`as_documents` drops (empty, or a repeat), or None if none."""
    empty: list[str] = []
    repeats: dict[str, list[str]] = {}  # first id -> ids of its repeats
    first: dict[str, str] = {}
    for document in documents:
        key = _passage_key(document.text)
        if not key:
            empty.append(document.id)
        elif key in first:
            repeats.setdefault(first[key], []).append(document.id)
        else:
            first[key] = document.id
    if not empty and not repeats:
        return None

    def listed(ids: Sequence[str]) -> str:
        return ", ".join(ids) if len(ids) <= 4 else f"{', '.join(ids[:3])} … {ids[-1]}"

    parts = []
    if empty:
        parts.append(f"{len(empty)} empty document{'s' * (len(empty) > 1)} ({listed(empty)})")
    for kept_id, ids in repeats.items():
        parts.append(f"{len(ids)} repeat{'s' * (len(ids) > 1)} of {kept_id} ({listed(ids)})")
    return "context: dropped " + "; ".join(parts) + " — each passage is read once"


def empty_answer_report(
    detector: Detector, answer: str, question: str | None, threshold: float, models: dict[str, str]
) -> Report:
    """The defined result for an empty or whitespace answer: ``not_checked``, no score, a note.

    Not ``faithful``: a gate that passes faithful answers must not pass a blank reply.
    """
    return Report(
        answer=answer,
        question=question,
        verdict="not_checked",
        score=None,
        threshold=threshold,
        detector=detector.name,
        config=detector.config(),
        models=models,
        notes=["empty answer: nothing to check"],
    )


class StageTimer:
    """Collects wall time per stage, in milliseconds."""

    def __init__(self) -> None:
        self.timings_ms: dict[str, float] = {}

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        """Time the enclosed block and add it to ``name``."""
        start = time.perf_counter()
        try:
            yield
        finally:
            elapsed = (time.perf_counter() - start) * 1000.0
            self.timings_ms[name] = self.timings_ms.get(name, 0.0) + elapsed

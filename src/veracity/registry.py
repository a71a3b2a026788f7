"""Names → implementations, one table per kind, imported only when used.

``resolve("detector", "grounding")`` imports ``veracity.detectors.grounding`` on demand and returns the class.
Plug-ins add names through the entry-point group ``veracity.<kind>`` (e.g. ``veracity.detector``), whose
values are ``"module:attribute"`` strings like the ones below.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from veracity.errors import UnknownNameError

# The detector used where none is named (library, CLI, service): chosen by measurement, see docs/calibration.md.
DEFAULT_DETECTOR = "auto"

DETECTORS: dict[str, str] = {
    "grounding": "veracity.detectors.grounding:GroundingDetector",
    "verifier": "veracity.detectors.verifier:VerifierDetector",
    "sea": "veracity.detectors.sea:SEADetector",
    "litehall": "veracity.detectors.litehall:LiteHallDetector",
    "oasis": "veracity.detectors.oasis:OasisDetector",
    "leap": "veracity.detectors.leap:LeapDetector",
    "llm-judge": "veracity.detectors.judge:LLMJudgeDetector",
    "cascade": "veracity.detectors.cascade:CascadeDetector",
    "auto": "veracity.detectors.auto:AutoDetector",
    "novelty": "veracity.detectors.novelty:NoveltyDetector",
    "span": "veracity.detectors.span:SpanDetector",
    "fused": "veracity.detectors.fused:FusedDetector",
    "reader": "veracity.detectors.reader:ReaderDetector",
}

EMBEDDERS: dict[str, str] = {
    "sentence-transformers": "veracity.models.embedder:SentenceTransformerEmbedder",
}

PAIR_SCORERS: dict[str, str] = {
    "hf-cross-encoder": "veracity.models.pair_scorer:HFPairScorer",
    "grounding": "veracity.stages.verify.grounding_pairs:GroundingPairScorer",
}

# LLM backends are factories ``(spec, timeout) -> LLM``; ``load_llm("NAME:SPEC")`` calls NAME's with SPEC.
LLMS: dict[str, str] = {
    "openai": "veracity.models.llm.openai:from_spec",
    "llamacpp": "veracity.models.llm.llamacpp:from_spec",
    "transformers": "veracity.models.llm.transformers:from_spec",
    "scripted": "veracity.models.llm.scripted:from_spec",
}

# Dataset loaders are functions ``(DatasetSpec, data_dir) -> Iterator[Record]`` (veracity.data.loaders).
_LOADERS = "veracity.data.loaders"
DATASETS: dict[str, str] = {
    "halueval-qa": f"{_LOADERS}:_halueval_qa",
    "halueval-qa-closed": f"{_LOADERS}:_halueval_qa_closed",
    "halueval-dialogue": f"{_LOADERS}:_halueval_dialogue",
    "halueval-summarization": f"{_LOADERS}:_halueval_summarization",
    "halueval-general": f"{_LOADERS}:_halueval_general",
    **dict.fromkeys(("ragtruth", "ragtruth-qa", "ragtruth-summary", "ragtruth-data2txt"), f"{_LOADERS}:_ragtruth"),
    "felm": f"{_LOADERS}:_felm",
    "fever": f"{_LOADERS}:_fever",
    "fever-symmetric": f"{_LOADERS}:_fever_symmetric",
    "jsonl": f"{_LOADERS}:_generic_jsonl",
    "nli": f"{_LOADERS}:_nli",
    "hotpotqa-derived": f"{_LOADERS}:_hotpotqa_derived",
    "grounding": f"{_LOADERS}:_grounding",
    "oasis": f"{_LOADERS}:_oasis",
    "behaviour": "veracity.data.behaviour_suite:load_behaviour",
}

TABLES: dict[str, dict[str, str]] = {
    "detector": DETECTORS,
    "embedder": EMBEDDERS,
    "pair_scorer": PAIR_SCORERS,
    "llm": LLMS,
    "dataset": DATASETS,
}


def names(kind: str) -> list[str]:
    """Every name registered for ``kind``, built-in and from entry points, sorted."""
    return sorted(_table(kind))


def resolve(kind: str, name: str) -> Any:
    """Import and return the object registered as ``name`` for ``kind``.

    Raises:
        UnknownNameError: ``kind`` or ``name`` is not registered.
    """
    table = _table(kind)
    if name not in table:
        raise UnknownNameError(kind, name, table)
    module_name, _, attribute = table[name].partition(":")
    return getattr(importlib.import_module(module_name), attribute)


def _table(kind: str) -> dict[str, str]:
    if kind not in TABLES:
        raise UnknownNameError("registry kind", kind, TABLES)
    merged = {ep.name: ep.value for ep in entry_points(group=f"veracity.{kind}")}
    merged.update(TABLES[kind])  # built-in names win over plug-ins with the same name
    return merged

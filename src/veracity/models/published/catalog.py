"""The published models veracity reads the way their authors do, and where it looks for them.

None of them ships with veracity and veracity never downloads: on a machine with network a user fetches one with the
Hugging Face CLI (``hf download ID``, the command each entry names), and veracity finds it in the local Hugging Face
cache by its id, or in any folder passed in its place. ``veracity models`` lists them, each marked present or not.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

__all__ = [
    "PUBLISHED",
    "READER_PREFERENCE",
    "PublishedModel",
    "cached_folder",
    "download_command",
    "installed",
    "is_installed",
    "published_model",
]

Family = Literal["lettucedetect", "hhem", "minicheck", "factcg", "mxbai-rerank-v2"]
Role = Literal["span", "pair", "relevance"]

ROLE_OF: dict[str, Role] = {
    "lettucedetect": "span",
    "hhem": "pair",
    "minicheck": "pair",
    "factcg": "pair",
    "mxbai-rerank-v2": "relevance",
}


@dataclass(frozen=True)
class PublishedModel:
    """A published checkpoint: its hub id, the family that reads it, and the setting that uses it."""

    hub_id: str
    family: Family
    description: str
    use: str  # the command line that uses it, once downloaded
    also_needs: tuple[str, ...] = ()  # other hub ids the family reads beside the weights (a tokenizer, a config)
    format: str | None = None  # the published format named with the id, for checkpoints whose config does not say it

    @property
    def setting(self) -> str:
        """The value of a detector's model setting that reads this checkpoint (``FORMAT:ID`` where needed)."""
        return f"{self.format}:{self.hub_id}" if self.format else self.hub_id

    @property
    def role(self) -> Role:
        """What it does in veracity: marks answer tokens (``span``), scores (document, claim) pairs, or relevance."""
        return ROLE_OF[self.family]


def download_command(model: PublishedModel) -> str:
    """The command that fetches ``model`` (and what it needs beside it) into the local Hugging Face cache."""
    return " && ".join(f"hf download {hub_id}" for hub_id in (model.hub_id, *model.also_needs))


def cached_folder(hub_id: str) -> Path | None:
    """The snapshot folder of ``hub_id`` in the local Hugging Face cache, when its config is there (no network)."""
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:
        return None
    found = try_to_load_from_cache(hub_id, "config.json")
    return Path(found).parent if isinstance(found, str) else None


_SPAN = "veracity detect -d span --set model={id} …  (or -d fused --set span_model={id})"
_PAIR = "veracity detect -d verifier --set model={id} …  (or litehall / sea: --set nli_model={id})"

PUBLISHED: tuple[PublishedModel, ...] = tuple(
    PublishedModel(m.hub_id, m.family, m.description, m.use.format(id=m.setting), m.also_needs, m.format)
    for m in (
        PublishedModel(
            "KRLabsOrg/lettucedect-base-modernbert-en-v1",
            "lettucedetect",
            "LettuceDetect base: ModernBERT-base token classifier of unsupported answer tokens, 4K tokens "
            "(RAGTruth example F1 0.77 by its authors)",
            _SPAN,
        ),
        PublishedModel(
            "KRLabsOrg/lettucedect-large-modernbert-en-v1",
            "lettucedetect",
            "LettuceDetect large: ModernBERT-large token classifier, 4K tokens (RAGTruth example F1 0.79 by its "
            "authors)",
            _SPAN,
        ),
        PublishedModel(
            "KRLabsOrg/tinylettuce-ettin-17m-en-v1",
            "lettucedetect",
            "TinyLettuce: Ettin-17M (ModernBERT architecture) token classifier, 8K tokens",
            _SPAN,
        ),
        PublishedModel(
            "KRLabsOrg/lettucedect-v2-mmbert-base",
            "lettucedetect",
            "LettuceDetect v2: mmBERT-base token classifier, prompts in its languages",
            _SPAN,
        ),
        PublishedModel(
            "vectara/hallucination_evaluation_model",
            "hhem",
            "HHEM-2.1-Open: flan-T5-base encoder with a 2-way head, P(consistent) of (premise, hypothesis); "
            "Logic-Matters Config A's NLI model",
            _PAIR,
            also_needs=("google/flan-t5-base",),
        ),
        PublishedModel(
            "lytang/MiniCheck-Flan-T5-Large",
            "minicheck",
            "MiniCheck-FT5: Flan-T5-large, P(supported) of a claim over document chunks; Logic-Matters Config B",
            _PAIR,
        ),
        PublishedModel(
            "lytang/MiniCheck-RoBERTa-Large",
            "minicheck",
            "MiniCheck RoBERTa-large: P(supported) of a claim over document chunks (its config may not name it: the "
            "format is given with the id)",
            _PAIR,
            format="minicheck-roberta",
        ),
        PublishedModel(
            "lytang/MiniCheck-DeBERTa-v3-Large",
            "minicheck",
            "MiniCheck DeBERTa-v3-large: P(supported) of a claim over document chunks",
            _PAIR,
        ),
        PublishedModel(
            "yaxili96/FactCG-DeBERTa-v3-Large",
            "factcg",
            "FactCG DeBERTa-v3-large: P(supported) with its instruction template, over document chunks (the format is "
            "given with the id)",
            _PAIR,
            format="factcg-deberta",
        ),
        PublishedModel(
            "mixedbread-ai/mxbai-rerank-base-v2",
            "mxbai-rerank-v2",
            "mxbai-rerank-base-v2: Qwen2 reranker, relevance of a document to a query; Logic-Matters Config A's R",
            "veracity detect -d sea --set relevance_model={id} --set relevance_format=mxbai-rerank-v2 …  "
            "(or --set preset=logic-matters-a)",
        ),
    )
)

# Which installed model ``auto --set readers=published`` reads with, per role: larger models first, and among pair
# scorers those trained for claims against grounding documents (MiniCheck, FactCG) before HHEM. Our choice, not a
# measurement (none of these weights can be had here); a route set by hand overrides it.
READER_PREFERENCE: dict[Role, tuple[str, ...]] = {
    "span": (
        "KRLabsOrg/lettucedect-large-modernbert-en-v1",
        "KRLabsOrg/lettucedect-base-modernbert-en-v1",
        "KRLabsOrg/lettucedect-v2-mmbert-base",
        "KRLabsOrg/tinylettuce-ettin-17m-en-v1",
    ),
    "pair": (
        "lytang/MiniCheck-Flan-T5-Large",
        "yaxili96/FactCG-DeBERTa-v3-Large",
        "lytang/MiniCheck-DeBERTa-v3-Large",
        "lytang/MiniCheck-RoBERTa-Large",
        "vectara/hallucination_evaluation_model",
    ),
    "relevance": ("mixedbread-ai/mxbai-rerank-base-v2",),
}


def is_installed(model: PublishedModel) -> bool:
    """Whether ``model`` and everything it reads beside it are in the local Hugging Face cache."""
    return all(cached_folder(hub_id) is not None for hub_id in (model.hub_id, *model.also_needs))


def published_model(hub_id: str) -> PublishedModel:
    """The :data:`PUBLISHED` entry of ``hub_id`` (a ``KeyError`` for an id not in it)."""
    return _BY_ID[hub_id]


def installed(role: Role) -> list[PublishedModel]:
    """The published models of ``role`` in the local Hugging Face cache, in :data:`READER_PREFERENCE` order."""
    return [published_model(i) for i in READER_PREFERENCE[role] if is_installed(published_model(i))]


_BY_ID = {m.hub_id: m for m in PUBLISHED}

"""Refuse a checkpoint that does not hold every weight of the model it is loaded as.

transformers fills the weights a checkpoint lacks with random values and only logs a warning (which
:func:`~veracity.models.catalog.quiet_transformers` would hide): a token classifier loaded as a cross-encoder then
scores every pair with a random pooler. Every load that scores with a model (the pair scorers, the span tagger, the
embedder) goes through one of these checks instead; only the trainers, which add a new head on purpose, do not.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from veracity.errors import ModelNotAvailableError

__all__ = ["architectures", "checkpoint_parameter_names", "missing_parameters", "refuse_new_weights"]

# How many missing weights a message names (a base model loaded as a classifier lacks a handful; a model of another
# family lacks hundreds, and the first few say enough).
NAMED_KEYS = 5


def refuse_new_weights(path: str, missing: Iterable[str], expected: str, found: str | None = None) -> None:
    """Raise unless ``missing`` is empty.

    Args:
        path: the checkpoint, as the user named it.
        missing: the weights the checkpoint lacks (transformers would initialise them at random).
        expected: what the caller needs, e.g. "a sequence-classification model (a cross-encoder …)".
        found: what the checkpoint says it is (its ``config.architectures``), if it says.

    Raises:
        ModelNotAvailableError: some weights are missing; the message names the first few and what is expected.
    """
    keys = sorted(missing)
    if not keys:
        return
    named = ", ".join(keys[:NAMED_KEYS]) + (f" and {len(keys) - NAMED_KEYS} more" if len(keys) > NAMED_KEYS else "")
    what = f" (its config says {found})" if found else ""
    raise ModelNotAvailableError(
        f"{path}{what} is not {expected}: it lacks {len(keys)} weight(s) that would be newly initialised at random "
        f"({named}); give a checkpoint of that kind"
    )


def architectures(config: Any) -> str | None:
    """The checkpoint's ``config.architectures`` as one string, or ``None`` when the config does not say."""
    names = getattr(config, "architectures", None) or []
    return ", ".join(str(name) for name in names) or None


def checkpoint_parameter_names(folder: Path) -> set[str] | None:
    """The tensor names stored in the transformers checkpoint in ``folder``; ``None`` when it holds none we read.

    Reads only the safetensors headers (or the sharded index), never the tensors; a ``pytorch_model.bin`` is
    memory-mapped (read whole when it is of torch's legacy format, which cannot be mapped).
    """
    index = folder / "model.safetensors.index.json"
    if index.is_file():
        return set(json.loads(index.read_text(encoding="utf-8"))["weight_map"])
    single = folder / "model.safetensors"
    if single.is_file():
        from safetensors import safe_open

        with safe_open(str(single), "pt") as stored:
            return set(stored.keys())
    pickled = folder / "pytorch_model.bin"
    if pickled.is_file():
        import torch

        try:
            return set(torch.load(pickled, map_location="cpu", mmap=True, weights_only=True))
        except RuntimeError:
            return set(torch.load(pickled, map_location="cpu", weights_only=True))
    return None


def missing_parameters(model: Any, stored: set[str]) -> list[str]:
    """The parameters of ``model`` (a transformers ``PreTrainedModel``) that the names in ``stored`` do not cover.

    Matches names the way transformers does for a base model read from a task checkpoint: a stored name may carry
    the model's ``base_model_prefix`` (``bert.embeddings…`` for ``embeddings…``), and old checkpoints name LayerNorm
    weights ``gamma`` / ``beta``.
    """
    prefix = getattr(model, "base_model_prefix", "") or ""
    covered: set[str] = set()
    for name in stored:
        name = name.replace("LayerNorm.gamma", "LayerNorm.weight").replace("LayerNorm.beta", "LayerNorm.bias")
        covered.update((name, name.removeprefix(f"{prefix}.")) if prefix else (name,))
    return [name for name, _ in model.named_parameters() if name not in covered]

"""Training: synthetic data builders and trainers (the verifier, the retriever)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from veracity.errors import ConfigError

__all__ = ["adamw_with_warmup", "export_fp16", "load_yaml_config", "save_checkpoint"]

ConfigT = TypeVar("ConfigT", bound=BaseModel)


def load_yaml_config(path: Path, model: type[ConfigT], overrides: dict[str, Any] | None = None) -> ConfigT:
    """Read a YAML training config into ``model``, ``overrides`` on top.

    Relative paths stay relative to the working directory.

    Raises:
        ConfigError: the file is missing or invalid.
    """
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except OSError as exc:
        raise ConfigError(f"cannot read training config {path}: {exc.strerror or exc}") from exc
    try:
        return model.model_validate({**data, **(overrides or {})})
    except ValueError as exc:
        raise ConfigError(f"invalid training config {path}: {exc}") from exc


def adamw_with_warmup(
    model: Any, learning_rate: float, weight_decay: float, warmup_ratio: float, total_steps: int
) -> tuple[Any, Any]:
    """AdamW with weight decay on every weight but biases and LayerNorm, and a linear warm-up then decay to zero.

    The BERT fine-tuning recipe the encoder trainers share; returns ``(optimizer, scheduler)``.
    """
    import torch
    from transformers import get_linear_schedule_with_warmup

    no_decay = ("bias", "LayerNorm.weight", "LayerNorm.bias")
    groups = [
        {"params": [p for n, p in model.named_parameters() if not n.endswith(no_decay)], "weight_decay": weight_decay},
        {"params": [p for n, p in model.named_parameters() if n.endswith(no_decay)], "weight_decay": 0.0},
    ]
    optimizer = torch.optim.AdamW(groups, lr=learning_rate)
    return optimizer, get_linear_schedule_with_warmup(optimizer, int(warmup_ratio * total_steps), total_steps)


def save_checkpoint(model: Any, tokenizer: Any, state: dict[str, Any], path: Path) -> None:
    """A training checkpoint folder: the model (safetensors), its tokenizer, and ``state.pt`` holding ``state``.

    Written beside ``path`` first and then swapped in, so an interruption leaves the previous checkpoint whole.
    """
    import shutil

    import torch

    tmp = path.with_name(path.name + ".tmp")
    model.save_pretrained(tmp)
    tokenizer.save_pretrained(tmp)
    torch.save(state, tmp / "state.pt")
    if path.exists():
        shutil.rmtree(path)
    tmp.rename(path)


def export_fp16(model: Any, tokenizer: Any, path: Path, max_length: int) -> None:
    """The model as fp16 safetensors with its tokenizer, the training length recorded as ``model_max_length``."""
    import copy

    # Readers take the tokenizer's model_max_length as the window: record the length the model was trained at.
    tokenizer.model_max_length = max_length
    exported = copy.deepcopy(model).half()
    exported.save_pretrained(path, safe_serialization=True)
    tokenizer.save_pretrained(path)

"""Training: synthetic data builders and trainers (the verifier, the retriever)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from veracity.errors import ConfigError

__all__ = ["load_yaml_config"]

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

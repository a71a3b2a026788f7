"""What a detector that decides by a fitted model file shares: the file's digest, the threshold, the recorded config.

The ``reader`` and ``fused`` detectors each load a small JSON file of fitted weights (a logistic model and its
threshold). Every report records the settings and the file's content digest (not its path: the same weights
installed elsewhere give the same reports), and the decision threshold is the settings' or else the file's own.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar, cast

from pydantic import BaseModel

from veracity.detectors.base import ConfiguredDetector
from veracity.models.digests import file_digest

__all__ = ["FittedModel", "FittedModelDetector", "FittedSettings"]


class FittedModel(Protocol):
    """A fitted model loaded from its file: what :class:`FittedModelDetector` reads of it."""

    @property
    def threshold(self) -> float:
        """The decision threshold it was fitted with."""
        ...


class FittedSettings(Protocol):
    """The settings of a detector with a fitted model: which file, and a threshold that overrides the file's."""

    @property
    def model(self) -> str:
        """The model: a shipped name or a JSON file."""
        ...

    @property
    def threshold(self) -> float | None:
        """The decision threshold; None: the model's own."""
        ...


ConfigT = TypeVar("ConfigT", bound=BaseModel)
ModelT = TypeVar("ModelT", bound=FittedModel)


class FittedModelDetector(ConfiguredDetector[ConfigT], Generic[ConfigT, ModelT]):
    """A detector whose decision is a fitted model file: ``model``, its ``model_path``, its validated ``settings``.

    A subclass names its config class and its model class: ``FittedModelDetector[ReaderConfig, ReaderModel]``.

    ``config()`` records the settings and the file's content digest (``model_sha256``); :attr:`threshold` is the
    settings' threshold, else the model's own.
    """

    model: ModelT

    def __init__(self, model: ModelT, settings: ConfigT, model_path: Path) -> None:
        self.model = model
        self.settings = settings
        self.model_path = model_path

    def config(self) -> dict[str, Any]:
        """The settings recorded in every report, and the model file's content digest (not its path)."""
        return {**self.settings.model_dump(), "model_sha256": self.model_digest}

    @functools.cached_property
    def model_digest(self) -> str:
        """The first 16 hex digits of the model file's SHA-256: which fitted weights, wherever installed."""
        return file_digest(self.model_path)

    @property
    def threshold(self) -> float:
        """The decision threshold on the calibrated probability: the settings', else the fitted model's."""
        chosen = cast(FittedSettings, self.settings).threshold
        return chosen if chosen is not None else self.model.threshold

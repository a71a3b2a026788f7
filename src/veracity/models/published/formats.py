"""Which published pair scorer a checkpoint folder holds, from its files: a manifest, else its ``config.json``.

The rule, in order:

1. ``veracity-model.json`` beside ``config.json`` names the format: ``{"format": "minicheck-ft5"}``. A user writes it
   (one line) for a checkpoint whose config does not say what it is. For HHEM it may also name the
   ``"foundation"``: the folder (relative paths from the checkpoint) holding flan-t5-base's tokenizer and config.
2. ``config.json`` of an HHEM-2 checkpoint says so itself: ``model_type`` ``HHEMv2`` / ``HHEMv2Config`` or
   ``architectures`` ``HHEMv2ForSequenceClassification`` → ``hhem``.
3. ``config.json``'s ``_name_or_path`` (what transformers records when the authors saved it) names MiniCheck or
   FactCG: ``minicheck`` with ``model_type`` t5 / roberta / deberta-v2 → ``minicheck-ft5`` / ``minicheck-roberta``
   / ``minicheck-deberta``; ``factcg`` with deberta-v2 → ``factcg-deberta``.
4. Otherwise it is not a published pair scorer: a generic cross-encoder. MiniCheck's and FactCG's checkpoints are a
   plain ``RobertaForSequenceClassification`` / ``DebertaV2ForSequenceClassification`` /
   ``T5ForConditionalGeneration`` with ``LABEL_0`` / ``LABEL_1``: nothing else in their files tells them from a
   generic model, and read as one they would score the wrong input. Name the format then (the manifest, or
   ``FORMAT:PATH`` as the model setting).

The format says how the input is built and which logits are read; each scorer then checks that the checkpoint's
architecture is the one its format needs (:func:`require_architecture`) and refuses another.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal, cast, get_args

from veracity.errors import ConfigError, ModelNotAvailableError

__all__ = [
    "MANIFEST",
    "PublishedFormat",
    "declared_format",
    "manifest_value",
    "published_format",
    "read_config",
    "require_architecture",
]

PublishedFormat = Literal["hhem", "minicheck-ft5", "minicheck-roberta", "minicheck-deberta", "factcg-deberta"]
FORMATS: tuple[str, ...] = get_args(PublishedFormat)
MANIFEST = "veracity-model.json"

HHEM_MODEL_TYPES = ("HHEMv2", "HHEMv2Config")
HHEM_ARCHITECTURE = "HHEMv2ForSequenceClassification"
# model_type → the MiniCheck format of that architecture.
MINICHECK_BY_MODEL_TYPE = {"t5": "minicheck-ft5", "roberta": "minicheck-roberta", "deberta-v2": "minicheck-deberta"}
# What each format needs: config.json's model_type and the architecture the authors load it as.
ARCHITECTURE_OF: dict[str, tuple[str, str]] = {
    "minicheck-ft5": ("t5", "T5ForConditionalGeneration"),
    "minicheck-roberta": ("roberta", "RobertaForSequenceClassification"),
    "minicheck-deberta": ("deberta-v2", "DebertaV2ForSequenceClassification"),
    "factcg-deberta": ("deberta-v2", "DebertaV2ForSequenceClassification"),
}


def read_config(folder: Path) -> dict[str, Any]:
    """``config.json`` of ``folder`` as a dict; empty when there is none.

    Raises:
        ModelNotAvailableError: the file is there but is not a JSON object.
    """
    path = folder / "config.json"
    if not path.is_file():
        return {}
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ModelNotAvailableError(f"{path} is not readable JSON: {exc}") from exc
    if not isinstance(config, dict):
        raise ModelNotAvailableError(f"{path} is not a JSON object")
    return config


def _manifest(folder: Path) -> dict[str, Any]:
    path = folder / MANIFEST
    if not path.is_file():
        return {}
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ConfigError(f'{path} is not readable JSON ({exc}); write e.g. {{"format": "minicheck-ft5"}}') from exc
    if not isinstance(manifest, dict):
        raise ConfigError(f'{path} must be a JSON object, e.g. {{"format": "minicheck-ft5"}}')
    return manifest


def manifest_value(folder: Path, key: str) -> str | None:
    """The string ``key`` of the folder's ``veracity-model.json``; ``None`` without a manifest or that key.

    Raises:
        ConfigError: the manifest is not a JSON object, or ``key``'s value is not a string.
    """
    value = _manifest(folder).get(key)
    if value is not None and not isinstance(value, str):
        raise ConfigError(f"{folder / MANIFEST}: {key!r} must be a string, got {value!r}")
    return value


def check_format(name: str) -> PublishedFormat:
    """``name`` as a format.

    Raises:
        ConfigError: ``name`` is not one; the message lists them.
    """
    if name not in FORMATS:
        raise ConfigError(f"unknown published pair-scorer format {name!r}; available: {', '.join(FORMATS)}")
    return cast(PublishedFormat, name)


def declared_format(folder: Path) -> PublishedFormat | None:
    """The format the folder's manifest names, if it has one."""
    name = manifest_value(folder, "format")
    return None if name is None else check_format(name)


def published_format(folder: Path) -> PublishedFormat | None:
    """The published pair scorer ``folder`` holds, by the rule in the module docstring; ``None``: none of them."""
    declared = declared_format(folder)
    if declared is not None:
        return declared
    config = read_config(folder)
    model_type = str(config.get("model_type", ""))
    architectures = [str(name) for name in config.get("architectures") or []]
    if model_type in HHEM_MODEL_TYPES or HHEM_ARCHITECTURE in architectures:
        return "hhem"
    # Only the last path part: a folder that merely sits under a directory called "minicheck" is not recognised.
    origin = str(config.get("_name_or_path", "")).replace("\\", "/").rstrip("/").rsplit("/", 1)[-1].lower()
    if "minicheck" in origin and model_type in MINICHECK_BY_MODEL_TYPE:
        return cast(PublishedFormat, MINICHECK_BY_MODEL_TYPE[model_type])
    if "factcg" in origin and model_type == "deberta-v2":
        return "factcg-deberta"
    return None


def require_architecture(folder: Path, name: PublishedFormat, config: dict[str, Any]) -> None:
    """Refuse a checkpoint whose architecture is not the one format ``name`` reads.

    Raises:
        ModelNotAvailableError: ``config.json``'s ``model_type`` or ``architectures`` name another model.
    """
    model_type, architecture = ARCHITECTURE_OF[name]
    found_type = str(config.get("model_type", ""))
    found = [str(a) for a in config.get("architectures") or []]
    if found_type != model_type or (found and architecture not in found):
        said = ", ".join(found) or found_type or "no model_type"
        raise ModelNotAvailableError(
            f"{folder} is a {said} checkpoint, not {name} (a {architecture}); give a {name} checkpoint or, if this "
            f"is another kind of model, do not name the {name} format for it"
        )

"""Detectors: compositions of stages that turn (answer, context, question) into a :class:`~veracity.Report`."""

from __future__ import annotations

import difflib
import typing
from typing import Any, cast

from pydantic import BaseModel, ValidationError

from veracity.detectors.base import Detector
from veracity.errors import ConfigError
from veracity.registry import DEFAULT_DETECTOR, resolve

__all__ = ["Detector", "SettingInfo", "detector_settings", "load_detector", "settings_problem"]

# Settings every detector takes beside its own (load_detector's own argument).
COMMON_SETTINGS = {
    "calibration": ("auto", "auto, none, or a calibrator file: whether the score becomes P(hallucinated)."),
    "unread_sentences": (
        "skip",
        "skip or not_checked: what an answer with sentences in a language the models do not read gets: the verdict "
        "of the other sentences, those listed as not read (skip), or no verdict (not_checked). An answer with no "
        "sentence they read is not_checked either way.",
    ),
}


def load_detector(
    name: str = DEFAULT_DETECTOR, calibration: str = "auto", unread_sentences: str = "skip", **settings: Any
) -> Detector:
    """Build the detector registered as ``name`` with its default settings, overridden by ``settings``.

    Construction is cheap: models load on first use and are shared across detectors. ``calibration`` (``auto``,
    ``none`` or a calibrator file) decides whether its score becomes P(hallucinated)
    (:func:`~veracity.detectors.calibrated.with_calibration`). Every report it writes keeps the promises of
    :mod:`veracity.detectors.guard`: words marked unsupported only under a hallucinated verdict, and no verdict
    (``not_checked``) on a language its models do not read: ``unread_sentences`` (``skip`` or ``not_checked``) says
    what an answer some of whose sentences are in such a language gets (:mod:`veracity.detectors.guard`).

    Raises:
        UnknownNameError: no detector has that name.
        ConfigError: a setting is unknown or has a bad value (the message lists the detector's settings and the
            closest name to an unknown one).
    """
    from veracity.detectors.calibrated import with_calibration
    from veracity.detectors.guard import UnreadPolicy, guarded

    cls = resolve("detector", name)
    if unread_sentences not in ("skip", "not_checked"):
        raise ConfigError(
            f"invalid settings for detector {name!r}: setting 'unread_sentences' must be skip or not_checked "
            f"(got {unread_sentences!r})"
        )
    try:
        detector: Detector = cls.from_config(**settings)
    except ValidationError as exc:
        raise ConfigError(settings_problem(name, exc)) from exc
    except ValueError as exc:
        raise ConfigError(f"invalid settings for detector {name!r}: {exc}") from exc
    return guarded(with_calibration(detector, str(calibration)), cast(UnreadPolicy, unread_sentences))


class SettingInfo(BaseModel):
    """One setting of a detector: its name, type, default and what it does."""

    name: str
    type: str
    default: Any
    description: str


def _config_class(name: str) -> type[BaseModel] | None:
    """The pydantic config class a detector's ``from_config`` takes, if it declares one."""
    cls = resolve("detector", name)
    try:
        hints = typing.get_type_hints(cls.from_config)
    except Exception:  # a plug-in's annotations may not resolve; it then lists no settings
        return None
    annotation = hints.get("config")
    for candidate in typing.get_args(annotation) or (annotation,):
        if isinstance(candidate, type) and issubclass(candidate, BaseModel):
            return candidate
    return None


def detector_settings(name: str) -> list[SettingInfo]:
    """The settings detector ``name`` takes (``--set KEY=VALUE``, ``load_detector(name, KEY=VALUE)``), no model loaded.

    Raises:
        UnknownNameError: no detector has that name.
    """
    config = _config_class(name)
    rows = [SettingInfo(name=k, type="str", default=d, description=v) for k, (d, v) in COMMON_SETTINGS.items()]
    if config is None:
        return rows
    for key, field in config.model_fields.items():
        annotation = field.annotation
        if typing.get_origin(annotation) is typing.Literal:
            kind = "one of " + ", ".join(map(str, typing.get_args(annotation)))
        elif isinstance(annotation, type):
            kind = annotation.__name__
        else:
            kind = str(annotation).replace("typing.", "")
        default = field.get_default(call_default_factory=True)
        if isinstance(default, BaseModel):
            default = default.model_dump(mode="json")
        rows.append(SettingInfo(name=key, type=kind, default=default, description=field.description or ""))
    return rows


def settings_problem(name: str, error: ValidationError) -> str:
    """A validation error of detector ``name``'s settings in plain words.

    What is wrong with which setting, the closest valid name to an unknown one, and where the settings are listed.
    """
    try:
        valid = [s.name for s in detector_settings(name)]
    except Exception:  # the message must not fail where the detector's settings cannot be listed
        valid = []
    problems = []
    for item in error.errors():
        key = ".".join(str(p) for p in item["loc"]) or "settings"
        if item["type"] == "extra_forbidden":
            close = difflib.get_close_matches(str(item["loc"][-1]), valid, n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            problems.append(f"unknown setting {key!r}{hint}")
        else:
            message = str(item["msg"]).removeprefix("Value error, ")
            problems.append(f"setting {key!r}: {message} (got {item.get('input')!r})")
    listing = f"; its settings: {', '.join(valid)}" if valid else ""
    return (
        f"invalid settings for detector {name!r}: {'; '.join(problems)}{listing} "
        f"(`veracity detectors {name}` describes each)"
    )

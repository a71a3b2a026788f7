"""What a request may carry: the detect body, its checks, and the form fields of a job."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from veracity.server.problems import Problem

__all__ = ["ContextDocument", "DetectRequest", "check_settings", "form_text", "parse_settings_json"]


class ContextDocument(BaseModel):
    """A context document with its own id (its evidence is reported under that id)."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, max_length=200)
    text: str
    title: str | None = None


class DetectRequest(BaseModel):
    """The body of ``POST /v1/detect``."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "question": "Where was Marie Curie born?",
                    "answer": "Marie Curie was born in Paris.",
                    "context": [{"id": "bio", "text": "Marie Curie was born in Warsaw in 1867."}],
                }
            ]
        },
    )

    question: str | None = None
    answer: str = Field(
        description="The answer to check. An empty answer gets the library's defined result: faithful, nothing "
        "checked, with a note."
    )
    index: str | None = Field(
        None,
        description="Open domain: the name of a knowledge index this service offers (GET /v1/indexes), searched "
        "by the oasis detector in place of context.",
    )
    context: list[str | ContextDocument] = Field(
        default_factory=list,
        validate_default=True,
        description="The documents the answer should rest on (may be empty with `index`).",
    )
    detector: str | None = Field(None, description="A detector name (GET /v1/detectors); the service default if none.")
    settings: dict[str, Any] = Field(default_factory=dict, description="Detector settings, as `--set` takes them.")

    @field_validator("context")
    @classmethod
    def _context_not_empty(
        cls, value: list[str | ContextDocument], info: ValidationInfo
    ) -> list[str | ContextDocument]:
        if not value and not info.data.get("index"):
            raise ValueError(
                "no context: give at least one document to check the answer against, or name a knowledge index"
            )
        return value


def _first_leaf(value: Any, path: str, bad: Callable[[Any], bool]) -> str | None:
    """The path (``settings.a[0].b``) of the first leaf inside a JSON value for which ``bad`` holds, if any."""
    if isinstance(value, dict):
        items: Iterable[tuple[str, Any]] = ((f"{path}.{key}", item) for key, item in value.items())
    elif isinstance(value, list):
        items = ((f"{path}[{index}]", item) for index, item in enumerate(value))
    else:
        return path if bad(value) else None
    for where, item in items:
        if found := _first_leaf(item, where, bad):
            return found
    return None


def _non_finite(value: Any) -> bool:
    return isinstance(value, float) and not math.isfinite(value)


def _path_like(value: Any) -> bool:
    """Whether a string names a file, folder or URL.

    The service reads no file path from a request: a setting such as ``model=/some/folder`` or ``llm=http://…``
    would make it read a file or call a host the request chose. Catalog names (``veracity-nli-small``) pass.
    """
    return isinstance(value, str) and ("/" in value or "\\" in value or value.startswith(("~", ".")))


def check_settings(value: dict[str, Any], field: str) -> None:
    """Refuse NaN / infinity and file paths or URLs inside request settings (422 invalid_settings)."""
    if bad := _first_leaf(value, field, _non_finite):
        raise Problem("invalid_settings", f"{bad} is not a finite number", bad)
    if bad := _first_leaf(value, field, _path_like):
        raise Problem(
            "invalid_settings",
            f"{bad} names a file, folder or URL; the service takes only catalog names from a request (the operator "
            "can set one for everyone: `--set detector_settings=...`, docs/service.md)",
            bad,
        )


def form_text(value: Any) -> str | None:
    """A multipart form field as text; anything else (absent, empty, a file) is None."""
    return value if isinstance(value, str) and value else None


def parse_settings_json(text: str | None) -> dict[str, Any]:
    """A job's ``settings_json`` form field as checked settings (422 ``invalid_settings`` when it is not usable)."""
    if not text:
        return {}
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise Problem("invalid_settings", "settings_json is not valid JSON", "settings_json") from exc
    if not isinstance(value, dict):
        raise Problem("invalid_settings", "settings_json must be a JSON object", "settings_json")
    check_settings(value, "settings_json")
    return value

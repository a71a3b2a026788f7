"""The exceptions veracity raises.

::

    VeracityError
    ├── ConfigError ── UnknownNameError
    ├── ModelNotAvailableError
    ├── InputError            # empty context, bad UTF-8, malformed JSONL line N
    └── BackendError ── LLMTimeoutError, LLMOutputError

Only the CLI and the server catch ``VeracityError``; library code lets it propagate.
"""

from __future__ import annotations

from collections.abc import Iterable


class VeracityError(Exception):
    """Base class of every error veracity raises on purpose."""


class ConfigError(VeracityError):
    """A configuration value is invalid."""


class UnknownNameError(ConfigError):
    """A detector, backend or model name is not registered."""

    def __init__(self, kind: str, name: str, available: Iterable[str]) -> None:
        self.kind = kind
        self.name = name
        self.available = sorted(available)
        super().__init__(f"unknown {kind} {name!r}; available: {', '.join(self.available) or '(none)'}")


class CalibrationError(ConfigError):
    """A calibrator file that is missing, unreadable, or fitted for another detector or model version."""


class ModelNotAvailableError(VeracityError):
    """A model or optional dependency is not installed locally; the message says how to get it."""


class InputError(VeracityError):
    """The input itself is unusable (empty context, undecodable bytes, a malformed record, ...)."""


class BackendError(VeracityError):
    """A model backend failed (server error, unexpected response, runtime failure)."""


class LLMTimeoutError(BackendError):
    """An LLM call did not finish in time."""


class LLMOutputError(BackendError):
    """An LLM answered, but not in the requested form (e.g. invalid JSON for a schema)."""

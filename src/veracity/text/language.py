"""The language of a text, for the models that read English only (py3langid: its model ships in the package)."""

from __future__ import annotations

import contextlib
import importlib.util
import re
import threading
from dataclasses import dataclass
from typing import Any

__all__ = ["Language", "detect_language", "preload_identifier"]

_LETTER_WORD = re.compile(r"[^\W\d_]{2,}", re.UNICODE)


@dataclass(frozen=True)
class Language:
    """An ISO 639-1 code and the identifier's probability for it."""

    code: str
    probability: float


_LOAD_LOCK = threading.Lock()
_LOADED: list[Any] = []


def _identifier() -> Any:
    """py3langid's identifier, loaded once per process (a second caller waits for the first)."""
    with _LOAD_LOCK:
        if not _LOADED:
            from py3langid.langid import MODEL_FILE, LanguageIdentifier

            _LOADED.append(LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True))
        return _LOADED[0]


def preload_identifier() -> None:
    """Start loading the identifier in a background thread, if it is not loaded yet.

    Loading takes ~0.8 s, mostly xz decompression, which runs without the GIL: started before a detector's own work
    (parsing, a model's forward pass), it is ready when the report is checked, instead of adding to a one-shot check.
    """
    if _LOADED or importlib.util.find_spec("py3langid") is None:
        return

    def load() -> None:
        with contextlib.suppress(Exception):  # the caller's own detect_language reports nothing worse
            _identifier()

    threading.Thread(target=load, name="veracity-langid", daemon=True).start()


def detect_language(text: str, min_words: int = 3, min_probability: float = 0.9) -> Language | None:
    """The language of ``text`` when the identifier is sure of it, else ``None`` (too short, or unsure).

    ``min_words`` words of two or more letters are needed: names and numbers alone say nothing of a language.
    Returns ``None`` too when py3langid is not installed.
    """
    if len(_LETTER_WORD.findall(text)) < min_words:
        return None
    try:
        code, probability = _identifier().classify(text)
    except ImportError:
        return None
    return Language(str(code), float(probability)) if probability >= min_probability else None

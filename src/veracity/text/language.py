"""The language of a text, for the models that read English only (py3langid: its model ships in the package)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

__all__ = ["Language", "detect_language"]

_LETTER_WORD = re.compile(r"[^\W\d_]{2,}", re.UNICODE)


@dataclass(frozen=True)
class Language:
    """An ISO 639-1 code and the identifier's probability for it."""

    code: str
    probability: float


@functools.lru_cache(maxsize=1)
def _identifier() -> Any:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


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

"""Words normalised for comparison: lower case, accents and a possessive "'s" removed ("Kraków's" → "krakow").

Values are read and compared by :mod:`veracity.text.values` (one value type, reader and unit table).
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["normalize_words"]


def normalize_words(text: str) -> list[str]:
    """Lower-case, accent-free word tokens, with possessive "'s" removed: "Kraków's" → ["krakow"]."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    text = re.sub(r"['’]s\b", "", text)
    return re.findall(r"\w+", text)

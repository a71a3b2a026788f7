"""The reader's marks: whole words and whole values, and the span model's marks trimmed to what no source states.

Issue 76 §4: a mark covers whole values and whole words, never part of one, and no word the sources state about the
same thing (:mod:`veracity.text.spans` has the pure rules; these apply them to one unit's reading).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from veracity.detectors.reader.detector import UnitReading

__all__ = ["content_marks", "snapped", "span_marks"]


def snapped(answer: str, marks: Sequence[tuple[int, int]], values: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """``marks`` in whole words and whole values (``values``: the answer's), none left empty."""
    from veracity.text.spans import snap

    return [m for m in (snap(answer, s, e, values) for s, e in marks) if m is not None]


def span_marks(
    answer: str,
    reading: UnitReading,
    marks: Sequence[tuple[int, int]] | None = None,
    keep: Sequence[tuple[int, int]] = (),
) -> list[tuple[int, int]]:
    """The span model's marks of a unit (``marks``: those already snapped; the reading's when None), trimmed.

    Each loses at its ends the words the unit's best aligned evidence sentence states about the same thing
    (:func:`~veracity.text.spans.stated_words`: "Day" of "Day tickets cost £4.50" over "Day tickets cost
    £6.50") and the glue words ("the", "and"), never a word of a value with its qualifiers ("up to 10 kg") or of
    ``keep`` (what the checkers marked); a mark left with no content word is dropped.
    """
    from veracity.text.spans import stated_words, trim, value_spans

    text = answer[reading.start : reading.end]
    if marks is None:
        values = [(reading.start + s, reading.start + e) for s, e in value_spans(text)]
        marks = snapped(answer, reading.span_marks, values)
    protected = [(reading.start + s, reading.start + e) for s, e in value_spans(text, qualified=True)]
    protected += keep
    best = reading.evidence[0].text if reading.evidence else ""
    stated = stated_words(answer, best, reading.start, reading.end) if best else []
    trimmed = [trim(answer, s, e, stated, protected) for s, e in marks]
    return content_marks(answer, [m for m in trimmed if m is not None])


def content_marks(answer: str, marks: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The marks with a content word in them (a function word or a punctuation mark alone says nothing)."""
    from veracity.text.lexicon import STOP_WORDS

    def content(word: str) -> bool:
        return word.lower().strip(".,;:!?()[]\"'") not in STOP_WORDS and any(c.isalnum() for c in word)

    return [(s, e) for s, e in marks if any(content(w) for w in answer[s:e].split())]

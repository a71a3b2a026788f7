"""Marks as a reader shows them: whole words and whole values, no punctuation at their ends, no stated words.

A mark is a character range ``[start, end)`` of a text. The models and checkers that make marks cut them where
their tokens or items end: the span model's runs stop inside a price ("£3" of "£3.50", "50" of "£3.50"), the value
checker marks a number without its currency ("3.50" of "£3.50") or its noun ("2,000" of "2,000 minutes"), and a
run takes the full stop after it. The rules here (issue 76):

* :func:`snap` widens a mark to whole words (a word: letters and digits, with a digit's ``.``/``,``/``:``
  separators and a word's apostrophe, so "£3" of "£3.50" and "don" of "don't" are widened) and to whole values
  (:func:`value_spans`: the number with its currency, separators and unit or noun, as
  :func:`~veracity.text.values.read_values` writes it; a clock time whole, "9:30 am"), then takes the spaces and
  punctuation off its ends, but a character of a value ("45%", "-5 °C") and the stop of an abbreviation written
  with stops ("3 p.m.").
* :func:`stated_words` are the unit's words that its best aligned evidence sentence states about the same thing:
  a content word (:func:`~veracity.text.novelty.content_words`, the same normalisation) that the evidence has
  next to the same neighbour as the unit has it ("Day" of "Day tickets cost £4.50" over "Day tickets cost £6.50";
  "weekly" of "A weekly pass" over "Weekly pass: £15"). A word the evidence has only beside other words ("Sundays"
  of "closed on Sundays" over "closed on Saturdays, open on Sundays") may be what the sources give to another
  thing, and is not stated. A value (a word with a digit) and a name (a capitalised word that does not open a
  sentence) are never stated here: whether the sources give them otherwise is the checkers' to say.
  A negation between the word and its neighbour in one text and not in the other makes it unstated.
* :func:`trim` takes stated words and glue words (:data:`~veracity.text.lexicon.GLUE_WORDS`: "the", "and", "is",
  …) off a mark's ends, never a word of a value with its qualifiers ("up to 10 kg", "€40 a day") or of a range to
  keep; a mark with nothing else left is dropped.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Sequence

from veracity.text.lexicon import GLUE_WORDS, NEGATION_WORDS
from veracity.text.novelty import Word, content_words

__all__ = ["Span", "snap", "stated_words", "trim", "value_spans", "word_spans"]

Span = tuple[int, int]

_WORD = re.compile(r"\w+(?:(?:(?<=\d)[.,:](?=\d)|['’](?=\w))\w+)*")
"""A word: ``\\w`` runs joined by a digit's separator ("3.50", "2,000", "9:30", "9.30am") or an apostrophe."""

_ABBREVIATION_END = re.compile(r"(?:^|[^\w.])(?:[^\W\d_]\.){2,}$")
"""A mark ending with an abbreviation written with stops ("p.m.", "U.S."): its last stop is part of it."""

_NEGATION = re.compile(
    r"\b(?:" + "|".join(sorted(w for w in NEGATION_WORDS if w.isalpha())) + r")\b|n['’]t\b", re.IGNORECASE
)
"""A negation between two words ("not", "never", "isn't"): "tickets are not refundable" is not "tickets are
refundable"."""

_OPENING = ".!?:\n\"'“"
"""What a capitalised word that opens a sentence comes after (:func:`is_name`)."""


def word_spans(text: str) -> list[Span]:
    """The words of ``text`` as ranges (see :data:`_WORD`)."""
    return [(m.start(), m.end()) for m in _WORD.finditer(text)]


def value_spans(text: str, qualified: bool = False) -> list[Span]:
    """The values of ``text``: each number with its currency and unit or noun, and each clock time whole.

    ``qualified``: with the comparison before and the period after ("up to €40 a day"; ``Value.extent``) rather
    than the value alone ("€40"; ``Value.written``).
    """
    from veracity.text.values import read_values

    # a clock time is one value of read_values ("9:30 am"), its hour and minutes no values of their own
    spans = {(s, e) for s, e in (v.extent if qualified else v.written for v in read_values(text)) if s < e}
    return sorted((s, e) for s, e in spans if not any(a <= s and e <= b and (a, b) != (s, e) for a, b in spans))


def _overlaps(start: int, end: int, spans: Sequence[Span]) -> list[Span]:
    return [(s, e) for s, e in spans if s < end and start < e]


def _inside(position: int, spans: Sequence[Span]) -> bool:
    return any(s <= position < e for s, e in spans)


def _loose(char: str) -> bool:
    """A space or a punctuation mark: what a mark's ends never are."""
    return char.isspace() or unicodedata.category(char).startswith("P")


def snap(text: str, start: int, end: int, values: Sequence[Span] | None = None) -> Span | None:
    """``[start, end)`` widened to whole words and whole values, with the spaces and punctuation at its ends off.

    ``values``: the value ranges of ``text`` (:func:`value_spans` when None). A mark that starts or ends inside a
    word or value takes all of it; a value's own characters ("%" of "45%", "-" of "-5 °C") and the last stop of an
    abbreviation ("3 p.m.") stay. None when nothing but spaces and punctuation is left.

    Example::

        >>> text = "Day tickets cost £3.50."
        >>> [text[s:e] for s, e in [snap(text, 13, 19), snap(text, 4, 9), snap(text, 17, 23)]]
        ['cost £3.50', 'tickets', '£3.50']
    """
    values = value_spans(text) if values is None else values
    start, end = max(0, start), min(len(text), end)
    if start >= end:
        return None
    words = word_spans(text)
    while True:  # a value may end beyond a word, and a word beyond a value ("9.30am")
        grown = _overlaps(start, end, words) + _overlaps(start, end, values)
        wider = (min([start, *(s for s, _ in grown)]), max([end, *(e for _, e in grown)]))
        if wider == (start, end):
            break
        start, end = wider
    return _stripped(text, start, end, values)


def _stripped(text: str, start: int, end: int, values: Sequence[Span]) -> Span | None:
    """``[start, end)`` without the spaces and punctuation at its ends, but a value's and an abbreviation's."""
    while start < end and _loose(text[start]) and not _inside(start, values):
        start += 1
    while start < end and _loose(text[end - 1]) and not _inside(end - 1, values):
        if text[end - 1] == "." and _ABBREVIATION_END.search(text[start:end]):
            break
        end -= 1
    return (start, end) if start < end else None


def is_name(text: str, start: int) -> bool:
    """Whether the word at ``start`` is capitalised and does not open a sentence (a crude proper-noun test)."""
    if not text[start].isupper():
        return False
    before = text[:start].rstrip()
    return bool(before) and before[-1] not in _OPENING


def stated_words(text: str, evidence: str, start: int = 0, end: int | None = None) -> list[Span]:
    """The words of ``text[start:end]`` that ``evidence`` states about the same thing, as ranges of ``text``.

    A content word whose form the evidence has right next to (among its content words, in either order) the form
    of one of the word's own neighbours in ``text[start:end]``, with a negation between them in both or in neither
    ("refundable" of "tickets are not refundable" is not stated by "tickets are refundable"); never a word with a
    digit or a name (:func:`is_name`).

    Example::

        >>> text = "Day tickets cost £4.50."
        >>> [text[s:e] for s, e in stated_words(text, "Day tickets cost £6.50 and weekly tickets cost £20.")]
        ['Day', 'tickets', 'cost']
    """
    end = len(text) if end is None else end
    unit = text[start:end]
    words = content_words(unit)
    known = content_words(evidence)
    forms = {w.form for w in known}
    pairs = {_pair(evidence, a, b) for a, b in itertools.pairwise(known)}
    stated = []
    for k, word in enumerate(words):
        if word.form not in forms or any(c.isdigit() for c in word.form) or is_name(text, start + word.start):
            continue
        neighbours = [(words[k - 1], word)] if k > 0 else []
        neighbours += [(word, words[k + 1])] if k + 1 < len(words) else []
        if any(_pair(unit, a, b) in pairs for a, b in neighbours):
            stated.append((start + word.start, start + word.end))
    return stated


def _pair(text: str, first: Word, second: Word) -> tuple[frozenset[str], bool]:
    """Two neighbouring content words of ``text`` (in either order), and whether a negation sits between them."""
    return frozenset((first.form, second.form)), bool(_NEGATION.search(text, first.end, second.start))


def trim(text: str, start: int, end: int, stated: Sequence[Span], keep: Sequence[Span] = ()) -> Span | None:
    """``[start, end)`` with the stated words and glue words at its ends taken off, and the spaces and punctuation.

    ``stated``: the ranges of the words to take off (:func:`stated_words`); ``keep``: ranges never cut into (the
    values with their qualifiers, :func:`value_spans` ``qualified``; what a checker found): a word that overlaps
    one stays, and so does everything between it and the other end; their characters are never taken off as
    punctuation ("45%"). ``[start, end)`` should be snapped (:func:`snap`). None when only words to take off are
    left.

    Example::

        >>> text = "Day tickets cost £4.50 and more."
        >>> stated = stated_words(text, "Day tickets cost £6.50.")
        >>> text[slice(*trim(text, 0, 31, stated, value_spans(text, qualified=True)))], trim(text, 0, 11, stated)
        ('£4.50 and more', None)
    """
    words = [(s, e) for s, e in word_spans(text) if start <= s and e <= end]

    def loose(word: Span) -> bool:
        s, e = word
        if _overlaps(s, e, keep):
            return False
        return (s, e) in stated or text[s:e].lower() in GLUE_WORDS

    first, last = 0, len(words)
    while first < last and loose(words[first]):
        first += 1
    while last > first and loose(words[last - 1]):
        last -= 1
    if first == last:
        return None
    left = start if first == 0 else words[first - 1][1]
    right = end if last == len(words) else words[last][0]
    return _stripped(text, left, right, keep)

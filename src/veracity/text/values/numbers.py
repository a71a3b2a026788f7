"""Numbers and dates as a text writes them: "1,000" = "1000", "1.5 million", "twenty-five", "5 March 1901".

The first step of :func:`veracity.text.values.read_values`, and what a reader that wants the bare figures takes
(:func:`find_numbers`, :func:`find_dates`). What cannot be read as a number or a date stays words, never an
exception: "1.2.3" is no number, "€€5" no amount, "31 February" no date (and no two numbers either).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from typing import Generic, TypeVar

from veracity.text.lexicon import NUMBER_WORDS, SCALE_WORDS

__all__ = [
    "DateValue",
    "Mention",
    "date_supported",
    "find_dates",
    "find_numbers",
    "number_supported",
]

_MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}
_MONTH = r"(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>\d{3,4})"
_DATE_PATTERNS = [
    re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH},?\s+{_YEAR}\b", re.IGNORECASE),  # 5 March 1901
    re.compile(rf"\b{_MONTH}\s+{_DAY},?\s+{_YEAR}\b", re.IGNORECASE),  # March 5, 1901
    re.compile(r"\b(?P<year>\d{4})-(?P<month>[01]\d)-(?P<day>[0-3]\d)\b"),  # 1901-03-05
    re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH}\b(?!,?\s+\d)", re.IGNORECASE),  # 5 March
    re.compile(rf"\b{_MONTH}\s+{_DAY}\b(?!,?\s+\d{{3}})(?!\d)", re.IGNORECASE),  # March 5
    re.compile(rf"\b{_MONTH},?\s+(?:of\s+)?{_YEAR}\b", re.IGNORECASE),  # March 1901
]

_SMALL = {word: value for word, value in NUMBER_WORDS.items() if word != "one"}  # "one" alone is a pronoun
_SCALES = SCALE_WORDS
_WORD_NUMBER = "|".join(sorted(_SMALL, key=len, reverse=True))
_NUMBER = re.compile(
    r"(?<![\w.])(?P<sign>[-−])?(?P<digits>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?P<suffix>st|nd|rd|th)?(?!\.?\d)(?:\s*(?P<scale>thousand|million|billion|trillion|k\b|bn\b))?",
    re.IGNORECASE,
)
# a run of number words: "forty-one thousand", "two hundred and fifty thousand" ("one" only inside a run: alone it
# is as often a pronoun); :func:`_word_numbers` reads it by the grammar of English numerals
_NUMBER_WORDS = "|".join(sorted([*_SMALL, "one", *_SCALES], key=len, reverse=True))
_WORD_RUN = re.compile(rf"\b(?:{_WORD_NUMBER})\b(?:(?:-|\s+|\s+and\s+)(?:{_NUMBER_WORDS})\b)*", re.IGNORECASE)
_MINUS_BEFORE = re.compile(r"\bminus\s+$", re.IGNORECASE)
# "3.3–3.4 billion": the first end of a range takes the scale the second states
_RANGE_JOIN = re.compile(r"\s*(?:-|–|—|to)\s*(?:[$€£]\s*)?")
_SHORT_SCALES = {"k": 10**3, "bn": 10**9}
_DOUBLED_CURRENCY = re.compile(r"[$€£¥][^\S\n]*[$€£¥][^\S\n]*$")  # "€€5": no amount we can read


@dataclass(frozen=True)
class DateValue:
    """A calendar date, any part of which may be unknown ("March 1901" has no day)."""

    year: int | None = None
    month: int | None = None
    day: int | None = None


T = TypeVar("T")


@dataclass(frozen=True)
class Mention(Generic[T]):
    """A value found in a text, with its character range."""

    start: int
    end: int
    text: str
    value: T


def find_dates(text: str) -> list[Mention[DateValue]]:
    """Full and partial dates in ``text`` (day–month–year, month–day–year, ISO, day–month, month–year).

    A bare year ("in 1901") is left to :func:`find_numbers`; :func:`date_supported` and
    :func:`number_supported` treat a year and a date with that year as matching. A date no calendar has ("31
    February", "29 February 2023", "2020-13-05") is no date, and its figures no numbers: it stays words.
    """
    return _dates(text)[0]


_MONTH_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _possible(year: int | None, month: int, day: int | None) -> bool:
    """Whether a calendar has this date ("29 February" only in a leap year, when the year is given)."""
    if not 1 <= month <= 12:
        return False
    if day is None:
        return True
    if month == 2 and day == 29 and year is not None:
        return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return day <= _MONTH_DAYS[month - 1]


def _dates(text: str) -> tuple[list[Mention[DateValue]], list[tuple[int, int]]]:
    """The dates of ``text``, and the character ranges of the dates no calendar has (kept as words)."""
    found, impossible = _read_dates(text)
    return list(found), list(impossible)


# Each checker reads the same source sentences again: the dates and numbers of a text are kept (bounded).
@functools.lru_cache(maxsize=1 << 12)
def _read_dates(text: str) -> tuple[tuple[Mention[DateValue], ...], tuple[tuple[int, int], ...]]:
    found: list[Mention[DateValue]] = []
    taken: list[tuple[int, int]] = []
    impossible: list[tuple[int, int]] = []
    for pattern in _DATE_PATTERNS:
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            parts = m.groupdict()
            month_text: str = parts["month"]  # every pattern has a month
            month = int(month_text) if month_text.isdigit() else _MONTHS[month_text.lower()]
            day = int(parts["day"]) if parts.get("day") else None
            if day is not None and not 1 <= day <= 31:
                continue
            year = int(parts["year"]) if parts.get("year") else None
            if month_text.lower() == "may" and day is None and year is None:
                continue  # the verb "may"
            taken.append(m.span())
            if _possible(year, month, day):
                found.append(Mention(m.start(), m.end(), m.group(0), DateValue(year, month, day)))
            else:
                impossible.append(m.span())
    return tuple(sorted(found, key=lambda d: d.start)), tuple(impossible)


def find_numbers(text: str, skip: list[tuple[int, int]] | None = None) -> list[Mention[Decimal]]:
    """Numbers in ``text`` as exact decimals: "1,000" → 1000, "1.5 million" → 1500000, "twenty-five" → 25.

    Args:
        text: the text to search.
        skip: character ranges to ignore (e.g. the dates already found); defaults to the dates of ``text``.

    What is no number stays words: "1.2.3", an amount after a doubled currency sign ("€€5"), the figures of a date
    no calendar has ("31 February").
    """
    if skip is None:
        return list(_numbers_of(text))
    return _find_numbers(text, skip)


@functools.lru_cache(maxsize=1 << 12)
def _numbers_of(text: str) -> tuple[Mention[Decimal], ...]:
    return tuple(_find_numbers(text, None))


def _find_numbers(text: str, skip: list[tuple[int, int]] | None) -> list[Mention[Decimal]]:
    dates, impossible = _read_dates(text)
    skip = [*([(d.start, d.end) for d in dates] if skip is None else skip), *impossible]
    found: list[Mention[Decimal]] = []
    scales: list[int] = []
    for m in _NUMBER.finditer(text):
        if any(m.start() < e and s < m.end() for s, e in skip):
            continue
        if _DOUBLED_CURRENCY.search(text, max(0, m.start() - 8), m.start()):
            continue
        value = _number_value(m)
        if value is not None and not m.group("sign") and _MINUS_BEFORE.search(text, 0, m.start()):
            value = -value  # "minus 20 °C" = "-20 °C"
        if value is not None:
            multiplier = _multiplier(m)
            if found and multiplier > 1 and scales[-1] == 1 and _RANGE_JOIN.fullmatch(text[found[-1].end : m.start()]):
                found[-1] = replace(found[-1], value=found[-1].value * multiplier)
            found.append(Mention(m.start(), m.end(), m.group(0), value))
            scales.append(multiplier)
    for mention in _word_numbers(text):
        if not any(mention.start < e and s < mention.end for s, e in skip):
            found.append(mention)
    return sorted(found, key=lambda n: n.start)


def _word_numbers(text: str) -> list[Mention[Decimal]]:
    """The numbers written in words: each run read by the grammar of numerals, split where it breaks it.

    "forty-one thousand" → 41000, "two hundred and fifty thousand" → 250000, "fifteen hundred" → 1500, "two
    dozen" → 24; "five ten" is two numbers, 5 and 10, and "two and three" is 2 and 3.
    """
    found = []
    for run in _WORD_RUN.finditer(text):
        words = [(w.start(), w.end(), w.group(0).lower()) for w in re.finditer(r"[A-Za-z]+", run.group(0))]
        number: list[tuple[int, int, str]] = []
        for word in words:
            if word[2] == "and" or _continues(number, word[2]):
                number.append(word)
                continue
            found += _word_mention(text, run.start(), number)
            number = [word]
        found += _word_mention(text, run.start(), number)
    return found


def _kind(word: str) -> str:
    value = NUMBER_WORDS.get(word)
    if word in _SCALES:
        return "scale"
    if word in ("hundred", "dozen"):
        return word
    if value is not None and value < 10:
        return "unit"
    return "teen" if value is not None and value < 20 else "tens"


def _continues(number: Sequence[tuple[int, int, str]], word: str) -> bool:
    """Whether ``word`` may follow the words of ``number`` in one numeral."""
    said = [w for _, _, w in number if w != "and"]
    if not said:
        return False
    last, kind = _kind(said[-1]), _kind(word)
    if number[-1][2] == "and":  # "hundred and fifty", "thousand and twenty"
        return last in ("hundred", "scale") and kind in ("unit", "teen", "tens")
    if kind == "scale":
        return not any(_kind(w) == "scale" and _SCALES[w] <= _SCALES[word] for w in said)
    if kind == "hundred":
        return last in ("unit", "teen", "tens") and "hundred" not in said[-2:]
    if kind == "dozen":
        return last == "unit"
    if kind == "unit":
        return last in ("tens", "hundred", "scale")
    return last in ("hundred", "scale")


def _word_mention(text: str, offset: int, number: Sequence[tuple[int, int, str]]) -> list[Mention[Decimal]]:
    while number and number[-1][2] == "and":
        number = number[:-1]
    said = [w for _, _, w in number]
    if not said or said == ["one"] or all(w in _SCALES for w in said):
        return []
    total, current = Decimal(0), Decimal(0)
    for word in said:
        if word == "and":
            continue
        kind = _kind(word)
        if kind == "scale":
            total += (current or 1) * _SCALES[word]
            current = Decimal(0)
        elif kind in ("hundred", "dozen") and current:
            current *= NUMBER_WORDS[word]
        else:
            current += NUMBER_WORDS[word]
    start, end = offset + number[0][0], offset + number[-1][1]
    return [Mention(start, end, text[start:end], total + current)]


def number_supported(value: Decimal, numbers: list[Decimal], dates: list[DateValue]) -> bool:
    """Whether evidence with these numbers and dates states ``value`` (a year matches a date in that year)."""
    return value in numbers or any(d.year is not None and d.year == value for d in dates)


def date_supported(value: DateValue, dates: list[DateValue], numbers: list[Decimal]) -> bool:
    """Whether evidence states the date ``value``: some evidence date agrees on every part ``value`` gives."""
    for d in dates:
        if all(
            getattr(value, part) is None or getattr(value, part) == getattr(d, part)
            for part in ("year", "month", "day")
        ):
            return True
    return value.month is None and value.day is None and value.year is not None and value.year in numbers


def _number_value(m: re.Match[str]) -> Decimal | None:
    try:
        value = Decimal(m.group("digits").replace(",", ""))
    except InvalidOperation:
        return None
    if m.group("sign"):
        value = -value
    return value * _multiplier(m)


def _multiplier(m: re.Match[str]) -> int:
    """The scale a number match states after its digits ("thousand", "bn", "k"), or 1."""
    scale = (m.group("scale") or "").lower()
    return _SCALES.get(scale) or _SHORT_SCALES.get(scale, 1)

"""Finding numbers, dates and durations in text and normalising them.

So that "1,000" = "1000", "5 March 1901" = "March 5, 1901" = "1901-03-05" and "two months" ≈ "60 days".
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Generic, TypeVar

__all__ = [
    "DateValue",
    "Duration",
    "Mention",
    "date_supported",
    "duration_supported",
    "find_dates",
    "find_durations",
    "find_numbers",
    "normalize_words",
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

_SMALL = {
    "zero": 0,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
    "dozen": 12,
}
_SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
_WORD_NUMBER = "|".join(sorted(_SMALL, key=len, reverse=True))
_NUMBER = re.compile(
    r"(?<![\w.])(?P<sign>[-−])?(?P<digits>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?P<suffix>st|nd|rd|th)?(?!\.?\d)(?:\s*(?P<scale>thousand|million|billion|trillion|k\b|bn\b))?"
    rf"|\b(?P<word>(?:{_WORD_NUMBER})(?:[- ](?:{_WORD_NUMBER}))?)"
    r"(?:\s+(?P<wscale>thousand|million|billion|trillion))?\b",
    re.IGNORECASE,
)
_SHORT_SCALES = {"k": 10**3, "bn": 10**9}


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
    :func:`number_supported` treat a year and a date with that year as matching.
    """
    found: list[Mention[DateValue]] = []
    taken: list[tuple[int, int]] = []
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
            found.append(Mention(m.start(), m.end(), m.group(0), DateValue(year, month, day)))
            taken.append(m.span())
    return sorted(found, key=lambda d: d.start)


def find_numbers(text: str, skip: list[tuple[int, int]] | None = None) -> list[Mention[Decimal]]:
    """Numbers in ``text`` as exact decimals: "1,000" → 1000, "1.5 million" → 1500000, "twenty-five" → 25.

    Args:
        text: the text to search.
        skip: character ranges to ignore (e.g. the dates already found); defaults to the dates of ``text``.
    """
    if skip is None:
        skip = [(d.start, d.end) for d in find_dates(text)]
    found = []
    for m in _NUMBER.finditer(text):
        if any(m.start() < e and s < m.end() for s, e in skip):
            continue
        value = _number_value(m)
        if value is not None:
            found.append(Mention(m.start(), m.end(), m.group(0), value))
    return found


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


def normalize_words(text: str) -> list[str]:
    """Lower-case, accent-free word tokens, with possessive "'s" removed: "Kraków's" → ["krakow"]."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    text = re.sub(r"['’]s\b", "", text)
    return re.findall(r"\w+", text)


def _number_value(m: re.Match[str]) -> Decimal | None:
    try:
        if m.group("digits"):
            value = Decimal(m.group("digits").replace(",", ""))
            if m.group("sign"):
                value = -value
            scale = (m.group("scale") or "").lower()
            multiplier = _SCALES.get(scale) or _SHORT_SCALES.get(scale, 1)
            return value * multiplier
        words = re.split(r"[- ]", m.group("word").lower())
        value = Decimal(0)
        for word in words:
            number = _SMALL[word]
            value = value * number if number == 100 and value else value + number
        if m.group("wscale"):
            value *= _SCALES[m.group("wscale").lower()]
        return value
    except (InvalidOperation, KeyError):
        return None


# A unit's length in days. Months and years vary in length (28-31 days, 365-366), so a duration in one of them is
# compared with one in another unit to within _CALENDAR_TOLERANCE; the fixed units convert exactly.
_UNIT_DAYS = {
    "second": Decimal(1) / 86400,
    "minute": Decimal(1) / 1440,
    "hour": Decimal(1) / 24,
    "day": Decimal(1),
    "week": Decimal(7),
    "fortnight": Decimal(14),
    "month": Decimal("365.25") / 12,
    "year": Decimal("365.25"),
}
_CALENDAR_UNITS = frozenset({"month", "year"})
_CALENDAR_TOLERANCE = Decimal("0.03")
_UNIT = re.compile(r"\b(?P<unit>" + "|".join(_UNIT_DAYS) + r")s?\b", re.IGNORECASE)
_ONE_BEFORE = re.compile(r"\b(?:a|an|one)\s+$", re.IGNORECASE)


@dataclass(frozen=True)
class Duration:
    """A length of time as stated: an amount of one unit ("two months" → 2 month)."""

    amount: Decimal
    unit: str

    @property
    def days(self) -> Decimal:
        """The length in days (a month is 365.25 / 12 days, a year 365.25)."""
        return self.amount * _UNIT_DAYS[self.unit]


def find_durations(text: str) -> list[Mention[Duration]]:
    """Durations in ``text``: a number, or "a", "an", "one", followed by a unit of time.

    Numbers are read as :func:`find_numbers` reads them, digits or words: "60 days", "a 60-day trial", "two
    months", "a dozen weeks", "within a day".

    Example::

        >>> [(d.text, d.value.days) for d in find_durations("It lasts 60 days, about two months.")][0]
        ('60 days', Decimal('60'))
    """
    numbers = find_numbers(text)
    found = []
    for m in _UNIT.finditer(text):
        number = next((n for n in numbers if n.end <= m.start() and re.fullmatch(r"[\s-]*", text[n.end : m.start()])),
                      None)  # fmt: skip
        if number is not None:
            start, amount = number.start, number.value
        elif one := _ONE_BEFORE.search(text, 0, m.start()):
            start, amount = one.start(), Decimal(1)
        else:
            continue
        found.append(Mention(start, m.end(), text[start : m.end()], Duration(amount, m.group("unit").lower())))
    return found


def duration_supported(value: Duration, durations: list[Duration]) -> bool:
    """Whether evidence with these durations states ``value``.

    The same amount of the same unit, the same length in fixed units ("48 hours" = "2 days"), or, where a month or
    a year is involved, a length within 3% ("two months" ≈ "60 days", "a year" ≈ "52 weeks"; not "four weeks").
    """
    for other in durations:
        if other.unit == value.unit:
            if other.amount == value.amount:
                return True
        elif _CALENDAR_UNITS & {value.unit, other.unit}:
            if abs(value.days - other.days) <= _CALENDAR_TOLERANCE * max(value.days, other.days):
                return True
        elif abs(value.days - other.days) <= Decimal("1e-9") * max(value.days, other.days):
            return True  # exact but for the rounding of 1/24, 1/1440, …
    return False

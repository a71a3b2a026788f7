"""A value with its kind and the characters it is written in: what masked frames and their comparison read.

Built on the one value reader (:func:`~veracity.text.values.read_values`, :func:`~veracity.text.values.find_dates`,
:func:`~veracity.text.values.clock_times`): each value gets a kind from its unit — AMOUNT (money), DURATION, PERCENT,
QUANTITY (another measure), DATE (a date, or a year-like plain integer), TIME (a clock time), ADDRESS (a house
number), COUNT (a number with the noun it counts) or NUMBER — and the span it is written in, its currency and unit
included ("$50 million", "180 days"). :func:`same_stated` says whether two such values state the same thing: dates
part by part, clock times with or without am/pm, numbers by :func:`~veracity.text.values.same_value` (units,
conversions, rounding). Moved here from the masked-frame checker (issue 69: one reading of values).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from veracity.text.values.clock import clock_times
from veracity.text.values.numbers import DateValue, find_dates
from veracity.text.values.reader import (
    RANGE_BETWEEN,
    TIME_OF_DAY,
    Value,
    is_year_like,
    read_values,
    same_value,
)
from veracity.text.values.table import UNIT_TABLE

__all__ = [
    "ADDRESS",
    "AMOUNT",
    "COUNT",
    "DATE",
    "DURATION",
    "KINDS",
    "NUMBER",
    "PERCENT",
    "QUANTITY",
    "TIME",
    "WrittenValue",
    "in_range",
    "same_stated",
    "sentence_values",
    "value_kind",
    "written_span",
]

ADDRESS, AMOUNT, COUNT, DATE, DURATION, NUMBER, PERCENT, QUANTITY, TIME = (
    "ADDRESS", "AMOUNT", "COUNT", "DATE", "DURATION", "NUMBER", "PERCENT", "QUANTITY", "TIME"
)  # fmt: skip
KINDS = (ADDRESS, AMOUNT, COUNT, DATE, DURATION, NUMBER, PERCENT, QUANTITY, TIME)


@dataclass(frozen=True)
class WrittenValue:
    """A value of a text: the characters it is written in with its unit (``[start, end)``), its kind, what it states.

    ``stated`` is the reader's :class:`~veracity.text.values.Value`, a :class:`~veracity.text.values.DateValue`, or
    None for a clock time (``clock``: minutes after midnight, and whether "am"/"pm" was written); ``noun`` is what a
    count counts, with what it is per ("request/second"); ``text`` the characters ``[start, end)``.
    """

    start: int
    end: int
    kind: str
    stated: Value | DateValue | None
    noun: str | None = None
    clock: tuple[int, bool] | None = None
    text: str = ""

    @property
    def key(self) -> str:
        """What a value is compared within: its kind, for a count the noun too ("COUNT:request/second")."""
        return f"{COUNT}:{self.noun}" if self.kind == COUNT else self.kind


def value_kind(value: Value) -> str:
    """The kind of a value the reader read, from its unit.

    Money → AMOUNT, time → DURATION, % → PERCENT, another unit → QUANTITY, a year-like integer → DATE, a clock's
    number → TIME, a number counting a noun → COUNT, else NUMBER. (A value-kind function that belongs in
    ``text/values``.)

    >>> [value_kind(v) for v in read_values("It costs $5, takes 3 days, seats 4 people, since 2019.")]
    ['AMOUNT', 'DURATION', 'COUNT', 'DATE']
    """
    if value.noun == TIME_OF_DAY:
        return TIME
    if value.units:
        measure = UNIT_TABLE[value.units[0]][0]
        if measure.startswith("money"):
            return AMOUNT
        if measure == "time":
            return DURATION
        if measure == "percent":
            return PERCENT
        return QUANTITY
    if is_year_like(value):
        return DATE
    return COUNT if value.noun else NUMBER


_STREET_AFTER = re.compile(
    r"\s+(?:[A-Z][\w.'-]*\s+){0,3}(?:(?:St|Rd|Ave|Blvd|Dr|Ln|Hwy|Pkwy|Pl|Ct|Sq)\b\.?"
    r"|(?:Street|Road|Avenue|Boulevard|Drive|Lane|Way|Highway|Parkway|Place|Court|Pike|Square)\b)"
)
_PERCENT_AFTER = re.compile(r"\s*(?:%|per\s?cent|percent)", re.IGNORECASE)


def written_span(text: str, value: Value, kind: str) -> tuple[int, int]:
    """The characters a value is written in, its currency and unit included ("$50 million", "180 days", "45%").

    The value reader's ``written`` span for amounts, durations, percentages and quantities; a count is its number
    alone (its noun stays a word of the frame), an address runs on to its street's name.

    >>> text = "It costs $50 million over 180 days."
    >>> [text[slice(*written_span(text, v, value_kind(v)))] for v in read_values(text)]
    ['$50 million', '180 days']
    """
    if kind in (AMOUNT, DURATION, PERCENT, QUANTITY):
        return value.written
    if kind == ADDRESS and (m := _STREET_AFTER.match(text, value.end)):
        return value.start, m.end()
    return value.start, value.end


def sentence_values(text: str) -> list[WrittenValue]:
    """The values of ``text`` in order: clock times, dates, then every other number the value reader reads.

    >>> [(v.kind, v.key) for v in sentence_values("Open 9:00 pm on 3 May 2021 for 20 guests at 12 Elm Street.")]
    [('TIME', 'TIME'), ('DATE', 'DATE'), ('COUNT', 'COUNT:guest'), ('ADDRESS', 'ADDRESS')]
    """
    found = [WrittenValue(t.start, t.end, TIME, None, clock=(t.minutes, t.meridiem), text=t.text)
             for t in clock_times(text)]  # fmt: skip
    found += [WrittenValue(d.start, d.end, DATE, d.value, text=d.text) for d in find_dates(text)]
    taken = [(v.start, v.end) for v in found]
    for v in read_values(text):
        if v.noun == TIME_OF_DAY or any(a < v.end and v.start < b for a, b in taken):
            continue  # a clock's hours and minutes: the clock time is the value
        kind = value_kind(v)
        if kind in (NUMBER, COUNT, DATE) and v.plain and _STREET_AFTER.match(text, v.end):
            kind = ADDRESS  # "1226 State St": a house number, no year and no count
        start, end = written_span(text, v, kind)
        noun = f"{v.noun}/{v.per}" if kind == COUNT and v.per else (v.noun if kind == COUNT else None)
        found.append(WrittenValue(start, end, kind, v, noun, text=text[start:end]))
    return sorted(found, key=lambda v: v.start)


def in_range(text: str, values: Sequence[WrittenValue], index: int) -> bool:
    """Whether ``values[index]`` bounds a range with a neighbour of its kind ("$75 to $400", "2-3 days").

    A range is the value checker's to compare as a whole, never bound by bound.
    """
    value = values[index]
    for k in (index - 1, index + 1):
        if 0 <= k < len(values) and values[k].kind == value.kind:
            a, b = (values[k], value) if k < index else (value, values[k])
            if RANGE_BETWEEN.fullmatch(text, a.end, b.start):
                return True
    return False


def same_stated(a: WrittenValue, b: WrittenValue) -> bool:
    """Whether two values state the same thing.

    Clock times by the minute (without "am"/"pm" on one side, 5:30 may be 17:30), dates on every part both give,
    values with units by :func:`~veracity.text.values.same_value` (units, conversions, rounding) either way, other
    numbers by amount.
    """
    if a.key != b.key:
        return False
    if a.clock is not None and b.clock is not None:
        (p, written_p), (q, written_q) = a.clock, b.clock
        loose = not (written_p and written_q) and min(p, q) < 13 * 60
        return p == q or (loose and p % 720 == q % 720)
    x, y = _as_date(a.stated), _as_date(b.stated)
    if isinstance(x, DateValue) or isinstance(y, DateValue):
        if not (isinstance(x, DateValue) and isinstance(y, DateValue)):
            return False
        parts = [(p, q) for p, q in ((x.year, y.year), (x.month, y.month), (x.day, y.day)) if p and q]
        return bool(parts) and all(p == q for p, q in parts)
    if not isinstance(x, Value) or not isinstance(y, Value):
        return False
    if x.units and y.units:
        return same_value(x, y) or same_value(y, x)
    return bool(x.amount == y.amount)


def _as_date(stated: Value | DateValue | None) -> Value | DateValue | None:
    if isinstance(stated, Value) and is_year_like(stated):
        return DateValue(int(stated.amount))
    return stated

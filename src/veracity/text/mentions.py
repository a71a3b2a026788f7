"""Values as the relation checkers compare them: an amount with its unit, a date or a clock time.

A mention is the one value view, :class:`~veracity.text.values.WrittenValue` (the reader's value with its kind and
the characters it is written in), read by :func:`value_mentions` from the one value reader
(:mod:`veracity.text.values`: ``clock_times``, ``find_dates``, ``read_values``) and compared by
:func:`same_value` (amounts by ``compare_values``); :func:`value_word` is a word that stands for it among a clause's
words. Read by the attachment checker and by the sources' alignment index
(:class:`veracity.stages.sources.SourceIndex`), which both ask whether two mentions state one value and whether a
neighbouring sentence gives an answer's value to another thing (:func:`gives_value_elsewhere`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from veracity.text.values import (
    UNIT_TABLE,
    DateValue,
    Value,
    clock_times,
    compare_values,
    find_dates,
    read_values,
    unit_name,
    units_shared,
)
from veracity.text.values.kinds import DATE, TIME, WrittenValue, value_kind

__all__ = [
    "CLOSE",
    "COUNTED_NOUNS",
    "close_amounts",
    "gives_value_elsewhere",
    "in_ranges",
    "overlaps",
    "point_values",
    "same_digits",
    "same_value",
    "value_mentions",
    "value_word",
]

COUNTED_NOUNS = frozenset("night point mph calorie kcal passenger seat bag piece room guest person ton".split())
"""Nouns a value is compared in besides the unit table's units ("3 nights", "750 points"). A number followed by
another word ("318 departs", "45 sites") is left unread."""

_RANGE_GAP = re.compile(r"\s*(?:-|–|—|to|and|or|through)\s*", re.IGNORECASE)
CLOSE = Decimal("0.02")
"""Two amounts of one unit this close (relative) are one value rounded two ways, never another thing's value."""


def _amount(value: WrittenValue) -> Value | None:
    return value.stated if isinstance(value.stated, Value) and value.kind not in (DATE, TIME) else None


_UNCOMPARED_MEASURES = frozenset({"data", "energy", "power"})
"""Measures whose values are not compared as mentions: their units are single letters that read as much else ("12 W
Haley St", "5 MB"); the value checker reads them."""


def _unit_written(value: Value) -> bool:
    """Whether ``value`` has a unit written beside its number ("€40", "45 minutes") of a measure mentions compare.

    Not a unit a record's key names ("Days: 8") or one a range takes from its other end ("15-20 minutes": 15).
    """
    if not value.units or value.written == (value.start, value.end):
        return False
    return UNIT_TABLE[value.units[0]][0] not in _UNCOMPARED_MEASURES


def value_word(value: WrittenValue) -> str:
    """A word that stands for the value among content words ("val:eur:4.9", "val:date:2021-3-4", "val:time:870")."""
    amount = _amount(value)
    if amount is not None:
        return f"val:{unit_name(amount)}:{amount.amount.normalize()}"
    if isinstance(value.stated, DateValue):
        return f"val:date:{value.stated.year}-{value.stated.month}-{value.stated.day}"
    return f"val:time:{value.clock[0] if value.clock else None}"


def value_mentions(text: str) -> list[WrittenValue]:
    """The values of ``text`` the checkers compare: amounts, dates, clock times ("14:30", "2 pm").

    An amount has a unit or a counted noun of :data:`COUNTED_NOUNS`, and covers its comparison and period ("up to
    €40 a day").
    """
    found: list[WrittenValue] = []
    taken: list[tuple[int, int]] = []
    for time in clock_times(text):
        clock = (time.minutes, time.meridiem)
        found.append(WrittenValue(time.start, time.end, TIME, None, clock=clock, text=time.text))
        taken.append((time.start, time.end))
    for date in find_dates(text):
        if not overlaps(date.start, date.end, taken):
            found.append(WrittenValue(date.start, date.end, DATE, date.value, text=date.text))
            taken.append((date.start, date.end))
    for value in read_values(text):
        start, end = value.extent
        written = text[start:end]
        decade = re.fullmatch(r"(?:mid|low|high|upper|lower|the\s)*\s*'?\d0s", written.strip(), re.IGNORECASE)
        counted = _unit_written(value) or value.noun in COUNTED_NOUNS
        if counted and decade is None and not overlaps(start, end, taken):
            found.append(WrittenValue(start, end, value_kind(value), value, value.noun, text=written))
    return sorted(found, key=lambda m: m.start)


_NUMBER_BEFORE = re.compile(r"(?:\d|\bbetween\s+\S*)\s*(?:-|–|—|to|and)\s*\S?$|\bbetween\s+\S?$", re.IGNORECASE)
_NUMBER_AFTER = re.compile(r"\s*(?:-|–|—|to|and)\s*\S?\d")


def in_ranges(text: str, values: Sequence[WrittenValue]) -> set[int]:
    """Indices of the values that bound a range ("$75 to $400", "2.5-3.5%", "between 10 and 12 percent").

    A range is compared as a range (the value checker does), never bound by bound.
    """
    inside: set[int] = set()
    for k, value in enumerate(values):
        before = text[max(0, value.start - 16) : value.start]
        if _NUMBER_BEFORE.search(before) or _NUMBER_AFTER.match(text, value.end):
            inside.add(k)
    for k in range(len(values) - 1):
        a, b = values[k], values[k + 1]
        if _group(a) == _group(b) and _RANGE_GAP.fullmatch(text[a.end : b.start]):
            inside |= {k, k + 1}
    return inside


def point_values(text: str) -> list[WrittenValue]:
    """The values of ``text`` that are no range bound (:func:`value_mentions` less :func:`in_ranges`)."""
    values = value_mentions(text)
    ranged = in_ranges(text, values)
    return [v for k, v in enumerate(values) if k not in ranged]


def overlaps(start: int, end: int, taken: Sequence[tuple[int, int]]) -> bool:
    """Whether ``[start, end)`` overlaps one of the ``taken`` spans."""
    return any(s < end and start < e for s, e in taken)


def _group(value: WrittenValue) -> str:
    """What a value is compared with: a date with dates, a clock time with clock times, an amount with amounts."""
    return value.kind if value.kind in (DATE, TIME) else "amount"


def same_value(a: WrittenValue, b: WrittenValue) -> bool | None:
    """Whether two mentions state the same value; None when they cannot be compared.

    A date and an amount, or two amounts in units of two measures, are not compared.
    """
    if _group(a) != _group(b):
        return None
    x, y = _amount(a), _amount(b)
    if x is not None and y is not None:
        same, what = compare_values(x, y)
        if same is None:
            return None
        # a different bound or period over the same amount is not another thing's value (the checkers read those)
        return True if same or what in ("comparison", "period") else False
    if isinstance(a.stated, DateValue) and isinstance(b.stated, DateValue):
        parts = [(p, q) for p, q in zip(_date_parts(a.stated), _date_parts(b.stated), strict=True) if p and q]
        if not parts:
            return None
        return all(p == q for p, q in parts)
    return a.clock is not None and b.clock is not None and a.clock[0] == b.clock[0]


def gives_value_elsewhere(
    unit: Sequence[WrittenValue], aligned: Sequence[WrittenValue], neighbour: Sequence[WrittenValue]
) -> bool:
    """Whether a neighbour of the aligned source sentence states one of the unit's values for another thing.

    True when some value ``v`` of the unit is stated by ``neighbour`` and not by ``aligned``, while ``aligned`` states
    another value of ``v``'s kind that the unit does not state (issue 59, item 4): the aligned sentence gives the
    unit's thing its own value, and the neighbour's ``v`` belongs to the neighbour's thing. Read beside each other, an
    NLI model lets the neighbour vouch for the swap ("Basic fares include a cabin bag of up to 8 kg. Plus fares
    include a checked bag of up to 21 kg." for "A Basic fare comes with a cabin bag of up to 21 kg."). A unit that
    states both values (a comparison, a merge of the two sentences) is never such a case.
    """
    for value in unit:
        if any(same_value(value, a) for a in aligned) or not any(same_value(value, n) for n in neighbour):
            continue
        for rival in aligned:
            if same_value(value, rival) is False and not close_amounts(value, rival) and not same_digits(value, rival):
                if not any(same_value(u, rival) for u in unit):
                    return True
    return False


def _date_parts(date: DateValue) -> tuple[int | None, int | None, int | None]:
    return date.year, date.month, date.day


def same_digits(a: WrittenValue, b: WrittenValue) -> bool:
    """The same figure written at another scale or unit form ("$106 billion" / "$106 b"): formatting, not a swap."""
    return re.sub(r"\D", "", a.text) == re.sub(r"\D", "", b.text)


def close_amounts(a: WrittenValue, b: WrittenValue) -> bool:
    """Amounts of one unit within :data:`CLOSE` of each other ("200 grams" / "201 grams"): a rounding, no swap."""
    p, q = _amount(a), _amount(b)
    if p is None or q is None or not units_shared(p, q):
        return False
    x, y = abs(p.amount), abs(q.amount)
    return max(x, y) > 0 and abs(x - y) <= CLOSE * max(x, y)

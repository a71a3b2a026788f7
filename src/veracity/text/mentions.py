"""Values as the relation checkers compare them: a quantity with a unit, a date or a clock time, with its kind.

:class:`ValueMention` is a view on the one value reader's readings (:mod:`veracity.text.values`: ``find_dates``,
``clock_times``, ``read_values``, compared by ``compare_values``): where a value is, its kind, and a key that
stands for it among a clause's words. Read by the
attachment checker and by the sources' alignment index (:class:`veracity.stages.sources.SourceIndex`), which both
ask whether two mentions state one value (:func:`same_value`) and whether a neighbouring sentence gives an answer's
value to another thing (:func:`gives_value_elsewhere`). Moved here from the attachment checker (issue 69) so that the
sources, below every checker, can read them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from veracity.text.values import (
    DateValue,
    Value,
    clock_times,
    compare_values,
    find_dates,
    read_values,
    unit_name,
    units_shared,
)

__all__ = [
    "CLOSE",
    "COUNTED_NOUNS",
    "ValueMention",
    "close_amounts",
    "gives_value_elsewhere",
    "in_ranges",
    "overlaps",
    "point_values",
    "same_digits",
    "same_value",
    "value_mentions",
]

COUNTED_NOUNS = frozenset("night point mph calorie kcal passenger seat bag piece room guest person ton".split())
"""Nouns a value is compared in besides the unit table's units ("3 nights", "750 points"). A number followed by
another word ("318 departs", "45 sites") is left unread."""

_RANGE_GAP = re.compile(r"\s*(?:-|–|—|to|and|or|through)\s*", re.IGNORECASE)
CLOSE = Decimal("0.02")
"""Two amounts of one unit this close (relative) are one value rounded two ways, never another thing's value."""


@dataclass(frozen=True)
class ValueMention:
    """A value of a text with its kind: a quantity with a unit, a date or a clock time (minutes after midnight)."""

    start: int
    end: int
    text: str
    kind: str  # "quantity", "date", "time"
    quantity: Value | None = None
    date: DateValue | None = None
    minutes: int | None = None

    @property
    def key(self) -> str:
        """A word that stands for the value among content words ("val:euro:4.9")."""
        if self.quantity is not None:
            return f"val:{unit_name(self.quantity)}:{self.quantity.amount.normalize()}"
        if self.date is not None:
            return f"val:date:{self.date.year}-{self.date.month}-{self.date.day}"
        return f"val:time:{self.minutes}"


def value_mentions(text: str) -> list[ValueMention]:
    """The values of ``text`` this checker compares: quantities with a unit, dates, clock times ("14:30", "2 pm")."""
    found: list[ValueMention] = []
    taken: list[tuple[int, int]] = []
    for time in clock_times(text):
        found.append(ValueMention(time.start, time.end, time.text, "time", minutes=time.minutes))
        taken.append((time.start, time.end))
    for date in find_dates(text):
        if not overlaps(date.start, date.end, taken):
            found.append(ValueMention(date.start, date.end, date.text, "date", date=date.value))
            taken.append((date.start, date.end))
    for value in read_values(text):
        start, end = value.extent
        written = text[start:end]
        decade = re.fullmatch(r"(?:mid|low|high|upper|lower|the\s)*\s*'?\d0s", written.strip(), re.IGNORECASE)
        counted = bool(value.units) or value.noun in COUNTED_NOUNS
        if counted and decade is None and not overlaps(start, end, taken):
            found.append(ValueMention(start, end, written, "quantity", quantity=value))
    return sorted(found, key=lambda m: m.start)


_NUMBER_BEFORE = re.compile(r"(?:\d|\bbetween\s+\S*)\s*(?:-|–|—|to|and)\s*\S?$|\bbetween\s+\S?$", re.IGNORECASE)
_NUMBER_AFTER = re.compile(r"\s*(?:-|–|—|to|and)\s*\S?\d")


def in_ranges(text: str, values: Sequence[ValueMention]) -> set[int]:
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
        if a.kind == b.kind and _RANGE_GAP.fullmatch(text[a.end : b.start]):
            inside |= {k, k + 1}
    return inside


def point_values(text: str) -> list[ValueMention]:
    """The values of ``text`` that are no range bound (:func:`value_mentions` less :func:`in_ranges`)."""
    values = value_mentions(text)
    ranged = in_ranges(text, values)
    return [v for k, v in enumerate(values) if k not in ranged]


def overlaps(start: int, end: int, taken: Sequence[tuple[int, int]]) -> bool:
    """Whether ``[start, end)`` overlaps one of the ``taken`` spans."""
    return any(s < end and start < e for s, e in taken)


def same_value(a: ValueMention, b: ValueMention) -> bool | None:
    """Whether two mentions state the same value; None when they are of different kinds (no comparison)."""
    if a.kind != b.kind:
        return None
    if a.quantity is not None and b.quantity is not None:
        same, what = compare_values(a.quantity, b.quantity)
        if same is None:
            return None
        # a different bound or period over the same amount is not another thing's value (the checkers read those)
        return True if same or what in ("comparison", "period") else False
    if a.date is not None and b.date is not None:
        parts = [(x, y) for x, y in zip(_date_parts(a.date), _date_parts(b.date), strict=True) if x and y]
        if not parts:
            return None
        return all(x == y for x, y in parts)
    return a.minutes == b.minutes


def gives_value_elsewhere(
    unit: Sequence[ValueMention], aligned: Sequence[ValueMention], neighbour: Sequence[ValueMention]
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


def same_digits(a: ValueMention, b: ValueMention) -> bool:
    """The same figure written at another scale or unit form ("$106 billion" / "$106 b"): formatting, not a swap."""
    return re.sub(r"\D", "", a.text) == re.sub(r"\D", "", b.text)


def close_amounts(a: ValueMention, b: ValueMention) -> bool:
    """Quantities of one unit within :data:`CLOSE` of each other ("200 grams" / "201 grams"): a rounding, no swap."""
    if a.quantity is None or b.quantity is None or not units_shared(a.quantity, b.quantity):
        return False
    x, y = abs(a.quantity.amount), abs(b.quantity.amount)
    return max(x, y) > 0 and abs(x - y) <= CLOSE * max(x, y)

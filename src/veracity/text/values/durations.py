"""Durations as stated: "60 days", "a 60-day trial", "two months", "within a day", "1 hour and 35 minutes".

A duration is a :class:`~veracity.text.values.Value` in one unit of time (``units`` one of
:data:`~veracity.text.values.UNIT_DAYS`), read where a number (:func:`~veracity.text.values.find_numbers`, digits
or words) or "a", "an", "one" comes right before the unit's name, and compared by
:func:`~veracity.text.values.same_value`: the same length in fixed units ("48 hours" = "2 days"), within 3% where
a month or a year is involved ("two months" ≈ "60 days", "a year" ≈ "52 weeks"; not "four weeks").
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from decimal import Decimal

from veracity.text.values.numbers import Mention, find_numbers
from veracity.text.values.reader import Value, same_value
from veracity.text.values.table import CALENDAR_UNITS, UNIT_DAYS

__all__ = ["duration_supported", "find_durations"]

_UNIT = re.compile(r"\b(?P<unit>" + "|".join(UNIT_DAYS) + r")s?\b", re.IGNORECASE)
_ONE_BEFORE = re.compile(r"\b(?:a|an|one)\s+$", re.IGNORECASE)
_COMPOUND_JOIN = re.compile(r"\s*(?:,\s*|\s+and\s+|\s+)\s*", re.IGNORECASE)


def _duration(start: int, end: int, amount: Decimal, unit: str) -> Value:
    return Value(start, end, amount, (unit,), written=(start, end), extent=(start, end))


def find_durations(text: str) -> list[Mention[Value]]:
    """Durations in ``text``, each a value in one unit of time, the mention covering number and unit.

    A compound ("1 hour and 35 minutes") is read also as its total in the smaller unit (95 minutes).

    Example::

        >>> [(d.text, d.value.amount, d.value.units) for d in find_durations("It lasts 60 days, about two months.")]
        [('60 days', Decimal('60'), ('day',)), ('two months', Decimal('2'), ('month',))]
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
        found.append(Mention(start, m.end(), text[start : m.end()], _duration(start, m.end(), amount,
                                                                              m.group("unit").lower())))  # fmt: skip
    for first, second in itertools.pairwise(list(found)):
        a, b = first.value, second.value
        unit_a, unit_b = a.units[0], b.units[0]
        if (
            _COMPOUND_JOIN.fullmatch(text[first.end : second.start])
            and not CALENDAR_UNITS & {unit_a, unit_b}
            and UNIT_DAYS[unit_a] > UNIT_DAYS[unit_b]
        ):
            amount = a.amount * UNIT_DAYS[unit_a] / UNIT_DAYS[unit_b] + b.amount
            amount = amount.quantize(Decimal("1e-9")).normalize()  # 1/24, 1/1440 rounded back
            total = _duration(first.start, second.end, amount, unit_b)
            found.append(Mention(first.start, second.end, text[first.start : second.end], total))
    return found


def duration_supported(value: Value, durations: Sequence[Value]) -> bool:
    """Whether evidence with these durations states the duration ``value`` (:func:`same_value`, either unit)."""
    return any(same_value(value, other) for other in durations)

"""Durations as stated: "60 days", "a 60-day trial", "two months", "an hour and a half", "1 hour and 35 minutes".

A duration is a :class:`~veracity.text.values.Value` in one unit of time (``units`` one of
:data:`~veracity.text.values.UNIT_DAYS`), read where a number (:func:`~veracity.text.values.find_numbers`, digits
or words) or "a", "an", "one" comes right before the unit's name, and compared by
:func:`~veracity.text.values.same_value`: the same length in fixed units ("48 hours" = "2 days"), within 3% where
a month or a year is involved ("two months" ≈ "60 days", "a year" ≈ "52 weeks"; not "four weeks"). Halves and
quarters are read as such ("half an hour" is 0.5 hour, "two and a half days" 2.5 days), never as their unit alone.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from decimal import Decimal

from veracity.text.lexicon import NUMBER_WORDS
from veracity.text.values.numbers import Mention, find_numbers
from veracity.text.values.reader import Value, same_value
from veracity.text.values.table import CALENDAR_UNITS, UNIT_DAYS

__all__ = ["duration_supported", "find_durations"]

_UNIT = re.compile(r"\b(?P<unit>" + "|".join(UNIT_DAYS) + r")s?\b", re.IGNORECASE)
_EXTRA = r"(?:(?:extra|additional|more|further|whole|full|single)\s+)?"  # "one extra week", "two more days"
_ONE_BEFORE = re.compile(rf"\b(?:a|an|one)\s+{_EXTRA}$", re.IGNORECASE)
_NUMBER_TO_UNIT = re.compile(rf"[\s-]*{_EXTRA}", re.IGNORECASE)
_COMPOUND_JOIN = re.compile(r"\s*(?:,\s*|\s+and\s+|\s+)\s*", re.IGNORECASE)
_UNIT_NAME = "|".join(UNIT_DAYS)
_COUNT = r"\d+|an?|" + "|".join(w for w, n in NUMBER_WORDS.items() if 0 < n <= 12)
# "an hour and a half", "two and a half days", "half an hour", "a half-day", "three quarters of an hour"
_FRACTION = re.compile(
    rf"\b(?:(?P<whole>{_COUNT})\s+(?P<unit>{_UNIT_NAME})s?\s+and\s+a\s+half"
    rf"|(?P<whole2>{_COUNT})\s+and\s+a\s+half\s+(?P<unit2>{_UNIT_NAME})s?"
    rf"|(?:a\s+)?half(?:\s+an?\s+|[\s-])(?P<unit3>{_UNIT_NAME})"
    rf"|(?P<quarters>an?|one|three)\s+quarters?\s+of\s+an?\s+(?P<unit4>{_UNIT_NAME}))\b",
    re.IGNORECASE,
)


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
    found = _fractions(text)
    taken = [(f.start, f.end) for f in found]
    for m in _UNIT.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue  # the unit of a half or a quarter: read with it
        number = next((n for n in numbers if n.end <= m.start() and _NUMBER_TO_UNIT.fullmatch(text, n.end, m.start())),
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


def _count(word: str) -> Decimal:
    word = word.lower()
    return Decimal(word) if word.isdigit() else Decimal(NUMBER_WORDS.get(word, 1))


def _fractions(text: str) -> list[Mention[Value]]:
    """The halves and quarters of a unit of time in ``text``: "an hour and a half" (1.5 hour), "half a day" (0.5)."""
    found = []
    for m in _FRACTION.finditer(text):
        if m.group("unit"):
            amount, unit = _count(m.group("whole")) + Decimal("0.5"), m.group("unit")
        elif m.group("unit2"):
            amount, unit = _count(m.group("whole2")) + Decimal("0.5"), m.group("unit2")
        elif m.group("unit3"):
            amount, unit = Decimal("0.5"), m.group("unit3")
        else:
            amount, unit = Decimal("0.25") * _count(m.group("quarters")), m.group("unit4")
        found.append(Mention(m.start(), m.end(), m.group(), _duration(m.start(), m.end(), amount, unit.lower())))
    return found


def duration_supported(value: Value, durations: Sequence[Value]) -> bool:
    """Whether evidence with these durations states the duration ``value`` (:func:`same_value`, either unit)."""
    return any(same_value(value, other) for other in durations)

"""Units of one measure: a value in one unit is the same value in another ("2.2 g" = "2200 mg", "1.5 km" = "1500 m").

Mass, length, volume, data, energy and power, by symbol or name. Time is compared as durations
(:func:`veracity.text.normalize.duration_supported`), money by :func:`veracity.text.normalize.compare_quantities`.
"""

from __future__ import annotations

import re
from decimal import Decimal

from veracity.text.normalize import find_numbers

__all__ = ["in_base_unit", "measure_unit_after", "measured_values"]

_MEASURE_UNITS = {
    "mg": ("mass", Decimal("0.001")), "milligram": ("mass", Decimal("0.001")), "g": ("mass", Decimal(1)),
    "gram": ("mass", Decimal(1)), "kg": ("mass", Decimal(1000)), "kilogram": ("mass", Decimal(1000)),
    "tonne": ("mass", Decimal(10**6)),
    "mm": ("length", Decimal("0.001")), "millimetre": ("length", Decimal("0.001")),
    "millimeter": ("length", Decimal("0.001")), "cm": ("length", Decimal("0.01")),
    "centimetre": ("length", Decimal("0.01")), "centimeter": ("length", Decimal("0.01")), "m": ("length", Decimal(1)),
    "metre": ("length", Decimal(1)), "meter": ("length", Decimal(1)), "km": ("length", Decimal(1000)),
    "kilometre": ("length", Decimal(1000)), "kilometer": ("length", Decimal(1000)),
    "ml": ("volume", Decimal("0.001")), "millilitre": ("volume", Decimal("0.001")),
    "milliliter": ("volume", Decimal("0.001")), "cl": ("volume", Decimal("0.01")), "l": ("volume", Decimal(1)),
    "litre": ("volume", Decimal(1)), "liter": ("volume", Decimal(1)),
    "kb": ("data", Decimal(10**3)), "mb": ("data", Decimal(10**6)), "gb": ("data", Decimal(10**9)),
    "tb": ("data", Decimal(10**12)), "kilobyte": ("data", Decimal(10**3)), "megabyte": ("data", Decimal(10**6)),
    "gigabyte": ("data", Decimal(10**9)), "terabyte": ("data", Decimal(10**12)),
    "wh": ("energy", Decimal(1)), "kwh": ("energy", Decimal(10**3)), "mwh": ("energy", Decimal(10**6)),
    "gwh": ("energy", Decimal(10**9)), "watt-hour": ("energy", Decimal(1)), "kilowatt-hour": ("energy", Decimal(10**3)),
    "megawatt-hour": ("energy", Decimal(10**6)), "gigawatt-hour": ("energy", Decimal(10**9)),
    "w": ("power", Decimal(1)), "kw": ("power", Decimal(10**3)), "mw": ("power", Decimal(10**6)),
    "gw": ("power", Decimal(10**9)), "watt": ("power", Decimal(1)), "kilowatt": ("power", Decimal(10**3)),
    "megawatt": ("power", Decimal(10**6)), "gigawatt": ("power", Decimal(10**9)),
}  # fmt: skip
_UNIT_AFTER = re.compile(r"\s*(?:-\s*)?(?P<unit>[a-z]+(?:-[a-z]+)?)\b", re.IGNORECASE)


def measure_unit_after(text: str, end: int) -> str | None:
    """The unit of measure (mass, length, volume, data, energy, power) written right after ``text[:end]``, or None.

    Symbols are read as written ("mg", "kWh"), names with or without a plural "s" ("grams", "watt-hours").
    """
    m = _UNIT_AFTER.match(text, end)
    if m is None:
        return None
    word = m.group("unit").lower()
    for form in (word, word[:-1] if word.endswith("s") and len(word) > 3 else word):
        if form in _MEASURE_UNITS:
            return form
    return None


def in_base_unit(value: Decimal, unit: str) -> tuple[str, Decimal]:
    """``value`` in ``unit`` as its measure and its amount in the measure's base unit: 2.2 "kg" → ("mass", 2200).

    Example::

        >>> in_base_unit(Decimal("2.2"), "kg") == in_base_unit(Decimal(2200), "g")
        True
    """
    measure, factor = _MEASURE_UNITS[unit]
    return measure, (value * factor).normalize()


def measured_values(text: str) -> set[tuple[str, Decimal]]:
    """Every number of ``text`` written with a unit of measure, as :func:`in_base_unit` gives it."""
    found = set()
    for number in find_numbers(text):
        unit = measure_unit_after(text, number.end)
        if unit is not None:
            found.add(in_base_unit(number.value, unit))
    return found

"""Two values compared as a checker reports them: the same, a conflict and what differs, or not comparable.

:func:`~veracity.text.values.same_value` says whether a source's value vouches for an answer's; a checker that
reports a conflict also needs *what* differs ("six hours" against "six days" is the unit, "more than six" against
"less than six" the comparison, "€1,200 per month" against "€1,200 per year" the period) and must tell a conflict
from two values that cannot be compared ("30 pages", "30 euros"). :func:`compare_values` gives both, from the one
value reader's readings (:func:`~veracity.text.values.read_values`) and its one unit table.
"""

from __future__ import annotations

from decimal import Decimal

from veracity.text.values.qualifiers import PERIOD_DAYS
from veracity.text.values.reader import TIME_OF_DAY, Value, same_value
from veracity.text.values.table import CALENDAR_UNITS, UNIT_DAYS, UNIT_TABLE

__all__ = ["compare_values", "unit_name", "units_shared"]

_CALENDAR_TOLERANCE = Decimal("0.03")
_EXACT = Decimal("1e-9")
# measures whose units convert within rounding by the reader's rule; money in two currencies, percentages and a
# temperature against another are never compared here (a currency of one value against another's is no conflict)
_MEASURES = frozenset({"mass", "length", "volume", "area", "data", "energy", "power"})


def unit_name(value: Value) -> str | None:
    """What ``value`` is counted in, as one name: its units ("lb/gbp" for "45 pounds"), else its noun, else None."""
    if value.units:
        return "/".join(value.units)
    return value.noun


def units_shared(a: Value, b: Value) -> bool:
    """Whether two values are in one unit: a unit both may be in, the same counted noun, or neither has one."""
    if a.units or b.units:
        return bool(set(a.units) & set(b.units))
    return a.noun == b.noun


def _time_unit(value: Value) -> str | None:
    """The value's unit where it is one unit of time, else None."""
    return value.units[0] if len(value.units) == 1 and value.units[0] in UNIT_DAYS else None


def compare_values(a: Value, b: Value) -> tuple[bool | None, str]:
    """Whether two values say the same, and if not, what differs ("number", "unit", "comparison", "period", "time").

    Returns ``(True, "")`` for the same value ("€1,250" / "1250 euros"; "two months" / "60 days" within 3%, fixed
    units of time exactly; "€100 per month" / "€1,200 per year" per day within 3%; "23 kg" / "50.7 lb" within the
    rounding of :func:`~veracity.text.values.same_value`; "3 pm" / "15:00", two times of day by their minutes),
    ``(False, what)`` for a conflict, ``(None, "")`` when they cannot be compared (units of two measures, euros and
    pages, two currencies, a unit against none, a time of day against any other value).

    Example::

        >>> from veracity.text.values import read_values
        >>> [six_hours, six_days] = read_values("six hours or six days")
        >>> compare_values(six_hours, six_days)
        (False, 'unit')
    """
    if TIME_OF_DAY in (a.noun, b.noun):
        if a.noun != b.noun:
            return None, ""  # a time of day compares with a time of day only, never with a count or a price
        if not (a.clock & b.clock if a.clock and b.clock else a.amount == b.amount):
            return False, "time"  # "3 pm" / "15:00" agree, whatever their forms; "8:00" may be 20:00
        if a.bound and b.bound and a.bound != b.bound:
            return False, "comparison"
        return True, ""
    x, y = _time_unit(a), _time_unit(b)
    if x and y and x != y:
        days_a, days_b = a.amount * UNIT_DAYS[x], b.amount * UNIT_DAYS[y]
        tolerance = _CALENDAR_TOLERANCE if CALENDAR_UNITS & {x, y} else _EXACT
        if abs(days_a - days_b) > tolerance * max(abs(days_a), abs(days_b)):
            return False, "unit" if a.amount == b.amount else "number"
    elif not units_shared(a, b):
        converted = _same_measure(a, b)
        if converted is None:
            return None, ""
        if not converted:
            return False, "number"
    else:
        same_rate = a.amount == b.amount
        if a.period and b.period and a.period != b.period:
            rate_a, rate_b = a.amount / PERIOD_DAYS[a.period], b.amount / PERIOD_DAYS[b.period]
            if abs(rate_a - rate_b) > _CALENDAR_TOLERANCE * max(abs(rate_a), abs(rate_b)):
                return False, "period" if same_rate else "number"
        elif not same_rate:
            return False, "number"
    if a.bound and b.bound and a.bound != b.bound:
        return False, "comparison"
    return True, ""


def _same_measure(a: Value, b: Value) -> bool | None:
    """Whether two values in two units of one measure state one value, either way round; None when they are not."""
    if len(a.units) != 1 or len(b.units) != 1:
        return None
    measure = UNIT_TABLE[a.units[0]][0]
    if measure not in _MEASURES or measure != UNIT_TABLE[b.units[0]][0]:
        return None
    return same_value(a, b) or same_value(b, a)

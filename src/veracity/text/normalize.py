"""Durations, quantities as word-compared values, and words normalised for comparison.

So that "two months" ≈ "60 days", "€1,250" = "1250 euros", "Kraków's" → "krakow". Numbers and dates are read by
:mod:`veracity.text.values` (:func:`~veracity.text.values.find_numbers`, :func:`~veracity.text.values.find_dates`),
units by its one table.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal

from veracity.text.values import (
    UNIT_DAYS,
    UNIT_TABLE,
    UNIT_WORDS,
    Mention,
    Value,
    canonical_unit,
    find_numbers,
    same_value,
)

__all__ = [
    "BOUND_WORDS",
    "Duration",
    "Quantity",
    "bound_before",
    "compare_quantities",
    "duration_supported",
    "find_durations",
    "find_quantities",
    "normalize_words",
    "period_near",
]


def normalize_words(text: str) -> list[str]:
    """Lower-case, accent-free word tokens, with possessive "'s" removed: "Kraków's" → ["krakow"]."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    text = re.sub(r"['’]s\b", "", text)
    return re.findall(r"\w+", text)


# A unit of time's length in days (the one unit table's). Months and years vary in length (28-31 days, 365-366), so
# a duration in one of them is compared with one in another unit to within _CALENDAR_TOLERANCE; the fixed units
# convert exactly.
_UNIT_DAYS = UNIT_DAYS
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
    # "1 hour and 35 minutes" is also 95 minutes: each pair of a larger and a smaller fixed unit, summed
    for first, second in itertools.pairwise(list(found)):
        a, b = first.value, second.value
        if (
            _COMPOUND_JOIN.fullmatch(text[first.end : second.start])
            and not _CALENDAR_UNITS & {a.unit, b.unit}
            and _UNIT_DAYS[a.unit] > _UNIT_DAYS[b.unit]
        ):
            amount = a.amount * _UNIT_DAYS[a.unit] / _UNIT_DAYS[b.unit] + b.amount
            total = Duration(amount.quantize(Decimal("1e-9")).normalize(), b.unit)  # 1/24, 1/1440 rounded back
            found.append(Mention(first.start, second.end, text[first.start : second.end], total))
    return found


_COMPOUND_JOIN = re.compile(r"\s*(?:,\s*|\s+and\s+|\s+)\s*", re.IGNORECASE)


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


# ------------------------------------------------------------------------------------------- quantities as values
# So that "€1,250" = "1250 euros" = "EUR 1,250", "6 weeks" = "six weeks" = "42 days", and "less than six hours",
# "€1,200 per month" are told from "more than six hours", "€1,200 per calendar year".

_CURRENCY_BEFORE = re.compile(r"(?:(?P<symbol>us\$|[$€£])|\b(?P<code>usd|eur|gbp))\s*$", re.IGNORECASE)
_UNIT_WORD = re.compile(
    r"\s*(?:-\s*)?(?P<unit>%|per\s+cent\b|(?:square|sq\.?)\s+(?:(?:kilo)?met(?:re|er)s?|m|km|f(?:ee|oo)t|ft|miles?|mi)\b|"
    r"(?:m|km|ft)[²2](?!\w)|[a-z]+\b)",
    re.IGNORECASE,
)
_NOT_UNITS = frozenset(
    "a an the and or of to in on at for by with from per each every more less than times percent_of is are was were "
    "be been has have had will can may must should would could this that these those it its".split()
) - {"percent_of"}
# Comparison words just before a value, and the side they bound it from ("more than six" is a lower bound).
BOUND_WORDS = {
    "more than": "min", "greater than": "min", "longer than": "min", "higher than": "min", "larger than": "min",
    "at least": "min", "no less than": "min", "not less than": "min", "no fewer than": "min", "a minimum of": "min",
    "minimum of": "min", "over": "min", "above": "min", "exceeding": "min", "beyond": "min", "after": "min",
    "no earlier than": "min", "upwards of": "min", "in excess of": "min",
    "less than": "max", "fewer than": "max", "shorter than": "max", "lower than": "max", "smaller than": "max",
    "at most": "max", "up to": "max", "no more than": "max", "not more than": "max", "a maximum of": "max",
    "maximum of": "max", "under": "max", "below": "max", "within": "max", "before": "max", "until": "max",
    "no later than": "max", "not exceeding": "max",
}  # fmt: skip
_BOUND_BEFORE = re.compile(
    r"\b(?P<words>" + "|".join(sorted((re.escape(w).replace(r"\ ", r"\s+") for w in BOUND_WORDS), key=len,
                                      reverse=True)) + r")\s+(?:the\s+)?(?:[$€£]\s*)?$",
    re.IGNORECASE,
)  # fmt: skip
_PERIOD_UNITS = {"hour": "hour", "day": "day", "week": "week", "fortnight": "fortnight", "month": "month",
                 "quarter": "quarter", "year": "year", "annum": "year"}  # fmt: skip
_PERIOD_ADVERBS = {"hourly": "hour", "daily": "day", "weekly": "week", "fortnightly": "fortnight",
                   "monthly": "month", "quarterly": "quarter", "yearly": "year", "annually": "year",
                   "annual": "year", "per annum": "year", "p.a.": "year"}  # fmt: skip
_PERIOD_AFTER = re.compile(
    r"(?:\s+of(?:\s+(?!per\b|a\b|an\b|each\b|every\b)[a-z-]+){1,3}?)?\s*(?:(?:per|a|an|each|every|/)\s*"
    r"(?:(?:calendar|fiscal|financial|school|academic|working|business)\s+)?(?P<unit>"
    + "|".join(_PERIOD_UNITS)
    + r")s?\b|(?P<adverb>hourly|daily|weekly|fortnightly|monthly|quarterly|yearly|annually|per\s+annum|p\.a\.))",
    re.IGNORECASE,
)
_PERIOD_BEFORE = re.compile(
    r"\b(?P<adverb>hourly|daily|weekly|fortnightly|monthly|quarterly|yearly|annual)\s+(?:[a-z-]+\s+){0,3}?"
    r"(?:of\s+)?(?:[$€£]\s*)?$",
    re.IGNORECASE,
)
_PERIOD_DAYS = {**_UNIT_DAYS, "quarter": Decimal("365.25") / 4}
_TIME_UNITS = {**_UNIT_DAYS}


def bound_before(text: str, start: int) -> tuple[str, int] | None:
    """The comparison that bounds a value starting at ``start`` ("more than", "up to", "before"): its side and start.

    Returns ``("min", offset)`` for a lower bound ("more than", "at least", "over", "after"), ``("max", offset)`` for
    an upper one ("less than", "at most", "up to", "under", "within", "before"), None when the value is unbounded.
    """
    m = _BOUND_BEFORE.search(text, max(0, start - 40), start)
    if m is None:
        return None
    return BOUND_WORDS[re.sub(r"\s+", " ", m["words"].lower())], m.start()


def period_near(text: str, start: int, end: int) -> tuple[str, int, int] | None:
    """The period a value is counted per ("€1,200 per month", "a monthly fee of 1.5%"): its unit and character range.

    After the value: "per month", "a year", "each week", "per calendar year", "monthly", "annually", "per annum",
    also past a short "of" phrase ("6 weeks of paid leave per year"); before it: "an annual fee of 1.5%".
    """
    after = _PERIOD_AFTER.match(text, end)
    if after is not None:
        word = after["unit"] or re.sub(r"\s+", " ", after["adverb"].lower())
        unit = _PERIOD_UNITS.get(word.lower()) or _PERIOD_ADVERBS[word.lower()]
        return unit, start, after.end()
    before = _PERIOD_BEFORE.search(text, max(0, start - 60), start)
    if before is not None:
        return _PERIOD_ADVERBS[before["adverb"].lower()], before.start(), end
    return None


@dataclass(frozen=True)
class Quantity:
    """A number as stated: its amount, unit, the side a comparison bounds it from, and the period it is counted per.

    ``unit``: canonical (:func:`canonical_unit`), None when no unit follows. ``bound``: "min" ("more than 6"), "max"
    ("up to 6") or None. ``period``: "month" for "€1,200 per month", None when it is no rate.
    """

    amount: Decimal
    unit: str | None = None
    bound: str | None = None
    period: str | None = None


def find_quantities(text: str) -> list[Mention[Quantity]]:
    """Numbers in ``text`` with their unit, comparison and period ("up to €1,200 per year", "EUR 1,250", "6 weeks").

    The mention's range covers the comparison words and a period after the value too ("up to €40 a day"; not "an
    annual fee of" before it); dates are left out (:func:`find_dates`).

    Example::

        >>> [m.value for m in find_quantities("It costs EUR 1,250, at most 40 euros a day.")][1]
        Quantity(amount=Decimal('40'), unit='euro', bound='max', period='day')
    """
    found = []
    for n in find_numbers(text):
        start, end, unit = n.start, n.end, None
        currency = _CURRENCY_BEFORE.search(text, max(0, start - 5), start)
        if currency is not None:
            unit, start = canonical_unit(currency["symbol"] or currency["code"]), currency.start()
        else:
            word = _UNIT_WORD.match(text, end)
            if word is not None and word["unit"].lower() not in _NOT_UNITS and not word["unit"].isdigit():
                unit, end = canonical_unit(word["unit"]), word.end()
        period = period_near(text, start, end)
        bound = bound_before(text, start)
        lo = min(start, bound[1]) if bound else start
        hi = max(end, period[2]) if period else end  # a period before the value ("an annual fee of") is not covered
        quantity = Quantity(n.value, unit, bound[0] if bound else None, period[0] if period else None)
        found.append(Mention(lo, hi, text[lo:hi], quantity))
    return found


def compare_quantities(a: Quantity, b: Quantity) -> tuple[bool | None, str]:
    """Whether two quantities say the same, and if not, what differs ("number", "unit", "comparison", "period").

    Returns ``(True, "")`` for the same value ("€1,250" / "1250 euros", "two months" / "60 days" within 3%, "€100 per
    month" / "€1,200 per year", "23 kg" / "50.7 lb" within the rounding of :func:`veracity.text.values.same_value`),
    ``(False, what)`` for a conflict, ``(None, "")`` when they cannot be compared (different kinds of unit, such as
    euros and pages, or two currencies).
    """
    if a.unit != b.unit and a.unit in _TIME_UNITS and b.unit in _TIME_UNITS:
        x, y = a.amount * _TIME_UNITS[a.unit], b.amount * _TIME_UNITS[b.unit]
        tolerance = _CALENDAR_TOLERANCE if _CALENDAR_UNITS & {a.unit, b.unit} else Decimal("1e-9")
        if abs(x - y) > tolerance * max(abs(x), abs(y)):
            return False, "unit" if a.amount == b.amount else "number"
    elif a.unit != b.unit:
        converted = _same_measure(a, b)
        if converted is None:
            return None, ""
        if not converted:
            return False, "number"
    else:
        same_rate = a.amount == b.amount
        if a.period and b.period and a.period != b.period:
            x, y = a.amount / _PERIOD_DAYS[a.period], b.amount / _PERIOD_DAYS[b.period]
            if abs(x - y) > _CALENDAR_TOLERANCE * max(abs(x), abs(y)):
                return False, "period" if same_rate else "number"
        elif not same_rate:
            return False, "number"
    if a.bound and b.bound and a.bound != b.bound:
        return False, "comparison"
    return True, ""


_MEASURES = frozenset({"mass", "length", "volume", "area", "data", "energy", "power"})


def _table_value(quantity: Quantity) -> Value | None:
    """``quantity`` as the value reader reads it, where its unit is one unit of measure of the table ("kilogram")."""
    name = quantity.unit or ""
    units = (
        UNIT_WORDS.get(name) or UNIT_WORDS.get(name.replace("-", " ")) or (("lb",) if name == "pound-weight" else ())
    )
    if len(units) != 1 or UNIT_TABLE[units[0]][0] not in _MEASURES:
        return None
    exponent = int(quantity.amount.normalize().as_tuple().exponent) if quantity.amount else 0
    half = Decimal(5).scaleb(min(exponent, 0) - 1)  # half a unit of the last decimal written
    return Value(0, 0, quantity.amount, units, half=half)


def _same_measure(a: Quantity, b: Quantity) -> bool | None:
    """Whether two quantities in two units of one measure state one value, either way round; None when they are not.

    The value reader's rule (:func:`~veracity.text.values.same_value`): "23 kg" states "50.7 lb", not "60 lb".
    """
    x, y = _table_value(a), _table_value(b)
    if x is None or y is None or UNIT_TABLE[x.units[0]][0] != UNIT_TABLE[y.units[0]][0]:
        return None
    return same_value(x, y) or same_value(y, x)

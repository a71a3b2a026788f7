"""Finding numbers, dates and durations in text and normalising them.

So that "1,000" = "1000", "5 March 1901" = "March 5, 1901" = "1901-03-05" and "two months" ≈ "60 days".
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from typing import Generic, TypeVar

from veracity.text.lexicon import NUMBER_WORDS, SCALE_WORDS

__all__ = [
    "BOUND_WORDS",
    "UNIT_ALIASES",
    "DateValue",
    "Duration",
    "Mention",
    "Quantity",
    "bound_before",
    "canonical_unit",
    "compare_quantities",
    "date_supported",
    "duration_supported",
    "find_dates",
    "find_durations",
    "find_numbers",
    "find_quantities",
    "normalize_words",
    "number_supported",
    "period_near",
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
    found: list[Mention[Decimal]] = []
    scales: list[int] = []
    for m in _NUMBER.finditer(text):
        if any(m.start() < e and s < m.end() for s, e in skip):
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


def normalize_words(text: str) -> list[str]:
    """Lower-case, accent-free word tokens, with possessive "'s" removed: "Kraków's" → ["krakow"]."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    text = re.sub(r"['’]s\b", "", text)
    return re.findall(r"\w+", text)


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

UNIT_ALIASES = {
    "%": "percent", "per cent": "percent", "percentage": "percent", "pct": "percent",
    "$": "dollar", "us$": "dollar", "usd": "dollar", "€": "euro", "eur": "euro", "£": "pound", "gbp": "pound",
    "yr": "year", "yrs": "year", "hr": "hour", "hrs": "hour", "h": "hour", "min": "minute", "mins": "minute",
    "sec": "second", "secs": "second", "km": "kilometer", "kilometre": "kilometer", "metre": "meter", "m": "meter",
    "kg": "kilogram", "kilo": "kilogram", "g": "gram", "mg": "milligram", "ml": "milliliter", "millilitre":
    "milliliter", "l": "liter", "litre": "liter", "lb": "pound-weight", "lbs": "pound-weight",
    "m²": "square-meter", "m2": "square-meter", "sq m": "square-meter", "sqm": "square-meter",
    "square metre": "square-meter", "square meter": "square-meter", "km²": "square-kilometer",
    "km2": "square-kilometer", "sq km": "square-kilometer", "square kilometre": "square-kilometer",
    "square kilometer": "square-kilometer", "ft²": "square-foot", "sq ft": "square-foot", "sqft": "square-foot",
    "square foot": "square-foot", "square feet": "square-foot", "sq mi": "square-mile", "square mile": "square-mile",
    "hectare": "hectare", "ha": "hectare", "acre": "acre",
}  # fmt: skip
"""Unit words and symbols (lower case) and the unit they name."""
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


def canonical_unit(word: str) -> str:
    """A unit word's canonical name: "euros" → euro, "EUR" → euro, "%" → percent, "hrs" → hour, "pages" → page."""
    lower = re.sub(r"\s+", " ", word.strip().lower()).replace("sq. ", "sq ")
    if lower in UNIT_ALIASES:
        return UNIT_ALIASES[lower]
    for suffix, replacement in (("ies", "y"), ("ses", "s"), ("s", "")):
        if lower.endswith(suffix) and len(lower) > len(suffix) + 2 and not lower.endswith("ss"):
            singular = lower[: -len(suffix)] + replacement
            return UNIT_ALIASES.get(singular, singular)
    return lower


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
    month" / "€1,200 per year"), ``(False, what)`` for a conflict, ``(None, "")`` when they cannot be compared
    (different kinds of unit, such as euros and pages).
    """
    if a.unit != b.unit and a.unit in _TIME_UNITS and b.unit in _TIME_UNITS:
        x, y = a.amount * _TIME_UNITS[a.unit], b.amount * _TIME_UNITS[b.unit]
        tolerance = _CALENDAR_TOLERANCE if _CALENDAR_UNITS & {a.unit, b.unit} else Decimal("1e-9")
        if abs(x - y) > tolerance * max(abs(x), abs(y)):
            return False, "unit" if a.amount == b.amount else "number"
    elif a.unit != b.unit:
        return None, ""
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

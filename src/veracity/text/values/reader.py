"""Values with their units, read and compared: :class:`Value`, :func:`read_values`, :func:`same_value`.

The rules are the package's (:mod:`veracity.text.values`).
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

from veracity.text.lexicon import STOP_WORDS
from veracity.text.values.clock import clock_times
from veracity.text.values.numbers import find_numbers
from veracity.text.values.qualifiers import bound_before, period_near
from veracity.text.values.table import CALENDAR_UNITS, UNIT_TABLE, UNIT_WORDS

__all__ = [
    "CURRENCY_BEFORE",
    "RANGE_BETWEEN",
    "SPACE",
    "TIME_OF_DAY",
    "Value",
    "is_count",
    "is_year_like",
    "read_values",
    "same_value",
    "sentence_spans",
    "singular",
    "stated_values",
    "units_written_after",
    "value_stated",
]

# "m" may be metres, minutes or millions, "degrees" Celsius, Fahrenheit or of an angle, "Canadian dollars" are no
# US dollars: read as metres to convert, as no unit where they would take support away
_LOOSE = frozenset({"m"})
SPACE = r"[^\S\n]"  # a space on one line: a number and its unit never sit on two lines ("Days: 8\nDeposit: …")
_LOOSE_WORDS = re.compile(
    rf"{SPACE}*(?:-{SPACE}*)?(?:(?i:degrees?)\b(?!{SPACE}+(?i:celsius|centigrade|fahrenheit|[CF]\b))|"
    rf"[A-Z][a-z]+{SPACE}+(?:dollars?|pounds?|francs?|crowns?|kron[ae]r?|rupees?|pesos?)\b)"
)
_UNIT_TEXT = re.compile(
    rf"{SPACE}*(?:-{SPACE}*)?(?P<unit>(?:square|sq\.?){SPACE}+(?:(?:centi|kilo)?met(?:re|er)s?|c?m|km|f(?:ee|oo)t|ft|"
    rf"miles?|mi)\b|(?:c?m|km|ft|mi)[²2](?![\w/])|[°º]{SPACE}*[CF](?![\w²³])|%|[$€£¥](?!{SPACE}*\d)|per{SPACE}+cent\b|"
    rf"percentage{SPACE}+points?\b|metric{SPACE}+tons?\b|degrees?{SPACE}+(?:celsius|centigrade|fahrenheit|[CF](?![\w²³]))|"
    rf"US{SPACE}+(?:gal(?:lons?)?|dollars?)\b|(?:imperial|UK){SPACE}+gallons?\b|p(?!\.?{SPACE}*m\b)(?![\w²³/])|"
    r"[A-Za-z]+(?:-hours?)?(?![\w²³/]))",
    re.IGNORECASE,
)
# one word between a number and its unit: "45 working days", "45 more minutes", "45 extra kg"
_UNIT_AFTER_A_WORD = re.compile(rf"{SPACE}+(?P<word>[a-z]+)(?={SPACE})")
CURRENCY_BEFORE = re.compile(
    rf"(?:(?P<other>\b(?:A|C|NZ|HK|S|AU|CA)\$)|(?P<symbol>US\$|[$€£¥])|\b(?P<code>USD|EUR|GBP|JPY){SPACE}?){SPACE}*$",
    re.IGNORECASE,
)
_APPROX_BEFORE = re.compile(
    r"(?:\b(?:about|around|approximately|approx\.?|roughly|nearly|almost|some|circa|ca\.|close\s+to)|~)\s*"
    r"(?:(?:US\$|[$€£¥])\s*|\b(?:USD|EUR|GBP)\s?)?$",
    re.IGNORECASE,
)
# a word after a number that is no noun it counts ("45 of them", "750 more points" reads on to "points"): the stop
# words that join a phrase (not "more", "few", "most": "45 more minutes" is read in minutes) and the words of a rate
_NOT_NOUNS = STOP_WORDS & frozenset(
    "a an the and or of to in on at for by with from each than is are was were be been has have had will can may "
    "must should would could this that these those it its as if but so up down out off over under am".split()
) | frozenset({"per", "every", "times", "pm"})
_NOUN_FILLERS = frozenset("more extra additional bonus further free new other total".split())
_NOUN_AFTER = re.compile(
    rf"(?:{SPACE}+|{SPACE}*-{SPACE}*)(?P<first>[A-Za-z]+)(?![\w/²³])(?:{SPACE}+(?P<second>[A-Za-z]+)(?![\w/²³]))?"
)
_RATE_AFTER = re.compile(rf"{SPACE}*(?:(?:per|a|an|each|every){SPACE}+|/{SPACE}*)(?P<noun>[A-Za-z]+)\b", re.IGNORECASE)
RANGE_BETWEEN = re.compile(rf"{SPACE}*(?:-|–|—|to|and){SPACE}*(?:(?:US\$|[$€£¥]){SPACE}*)?", re.IGNORECASE)
_COUNT_BETWEEN = re.compile(rf"{SPACE}*(?:[x×*]{SPACE}*)?")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")
TIME_OF_DAY = "time-of-day"
# a record's field "weight kg: 21", "Cabin bag weight limit (lb): 45": the key's last word may be the unit
_KEY_BEFORE = re.compile(rf"(?:^|\n){SPACE}*(?P<key>[^\n:]{{1,80}}?){SPACE}*:{SPACE}*$")
_KEY_UNIT = re.compile(r"\(?(?P<unit>[^\s()]+(?:\s+[^\s()]+)?)\)?\s*$")
_DIGITS = re.compile(r"\d[\d,]*(?:\.(\d+))?")
_IRREGULAR_NOUNS = {"people": "person", "persons": "person", "children": "child", "men": "man", "women": "woman"}


@dataclass(frozen=True)
class Value:
    """A number of a text with the unit it is written in, as :func:`read_values` reads it.

    ``units``: the units it may be in (``("lb", "gbp")`` for "45 pounds"), empty when no unit we know follows or
    precedes it; ``noun``: the word it counts when that is no unit ("points" → "point"); ``per``: the noun a rate is
    per ("EUR 80 per night" → "night"); ``half``: half a unit of its last written digit (0.05 for "50.7", 0.5 for
    "50", 50,000 for "1.5 million"); ``approx``: written with "about", "around", …; ``loose``: a unit symbol that
    may mean several things ("m"); ``plain``: an integer written without a separator or unit (a year, perhaps);
    ``times``: a count written right before it ("two 45-minute sessions" → 2); ``sentence``: which sentence of the
    text it is in (0, 1, …); ``bound``: the side a comparison before it bounds it from ("min" for "more than 6",
    "max" for "up to 6"; :func:`~veracity.text.values.bound_before`); ``period``: what it is counted per ("month"
    for "€1,200 per month", "year" for "an annual fee of 1.5%"; :func:`~veracity.text.values.period_near`);
    ``written``: the characters of the number with its currency and its unit or noun ("€40", "45 minutes");
    ``extent``: those with the comparison before and a period after ("up to €40 a day"); ``clock``: for a time of
    day (``noun`` :data:`TIME_OF_DAY`, ``amount`` its minutes after midnight), the minutes it may mean ("8:00" is
    8:00 or 20:00; :attr:`~veracity.text.values.ClockTime.readings`).
    """

    start: int
    end: int
    amount: Decimal
    units: tuple[str, ...] = ()
    noun: str | None = None
    per: str | None = None
    half: Decimal = Decimal("0.5")
    approx: bool = False
    loose: bool = False
    plain: bool = False
    times: Decimal | None = None
    sentence: int = 0
    bound: str | None = None
    period: str | None = None
    written: tuple[int, int] = (0, 0)
    extent: tuple[int, int] = (0, 0)
    clock: frozenset[int] = frozenset()


def units_written_after(text: str, end: int, skip: bool = True) -> tuple[tuple[str, ...], int, bool]:
    """The units written right after ``text[:end]``, where they end, and whether they are loose.

    One lower-case word may come between ("45 working days" is read in days: what it is said about is not the
    unit's concern). "degrees" alone and a currency of another country ("Canadian dollars") read as loose.
    """
    if loose_words := _LOOSE_WORDS.match(text, end):
        return (), loose_words.end(), True
    m = _UNIT_TEXT.match(text, end)
    if m is None:
        return (), end, False
    written = m.group("unit")
    key = re.sub(r"\s+", " ", written.lower())
    key = re.sub(r"^([°º]) ", r"\1", key)
    if written == "m":
        return ("m",), m.end(), True
    if (key == "g" and written != "g") or (key == "p" and re.match(r"p\.?\s*m\b", text[m.start("unit") :], re.I)):
        return (), end, False  # "5G", not five grams; "5 p.m.", not five pence
    units = UNIT_WORDS.get(key)
    if units is None:
        word = _UNIT_AFTER_A_WORD.match(text, end) if skip else None
        if word is not None and word.group("word") not in _NOT_NOUNS:
            units_after, unit_end, loose = units_written_after(text, word.end(), skip=False)
            if units_after:
                return units_after, unit_end, loose
        return (), end, False
    return units, m.end(), False


def _key_unit(text: str, start: int) -> tuple[str, ...]:
    """The unit a record's key names for the value at ``start`` ("weight kg: 21" → kg), or none."""
    field = _KEY_BEFORE.search(text, max(0, start - 100), start)
    if field is None or (unit := _KEY_UNIT.search(field.group("key"))) is None:
        return ()
    words = unit.group("unit").lower().split()
    for written in (" ".join(words), words[-1]):
        if written in UNIT_WORDS and written not in ("m", "h", "p", "l", "g", "w"):
            return UNIT_WORDS[written]
    return ()


def singular(word: str) -> str:
    """A counted noun's singular, lower case: "pages" → page, "companies" → company, "people" → person."""
    lower = word.lower()
    if lower in _IRREGULAR_NOUNS:
        return _IRREGULAR_NOUNS[lower]
    for suffix, replacement in (("ies", "y"), ("ses", "s"), ("s", "")):
        if lower.endswith(suffix) and len(lower) > len(suffix) + 2 and not lower.endswith("ss"):
            return lower[: -len(suffix)] + replacement
    return lower


def _noun_after(text: str, end: int) -> tuple[str, int] | None:
    """The noun a number counts ("45 sites" → site) and where it ends, or None."""
    m = _NOUN_AFTER.match(text, end)
    if m is None:
        return None
    word, word_end = m.group("first").lower(), m.end("first")
    if word in _NOUN_FILLERS and m.group("second"):
        word, word_end = m.group("second").lower(), m.end("second")
    if word in _NOT_NOUNS or word in _NOUN_FILLERS or len(word) < 2:
        return None
    return singular(word), word_end


def _half_unit(number_text: str, amount: Decimal) -> Decimal:
    """Half a unit of the last digit ``number_text`` writes, at the scale of ``amount`` ("1.5 million" → 50,000)."""
    m = _DIGITS.search(number_text)
    if m is None:
        return Decimal("0.5")
    try:
        digits = Decimal(m.group(0).replace(",", ""))
    except InvalidOperation:
        return Decimal("0.5")
    decimals = len(m.group(1) or "")
    scale = abs(amount / digits) if digits else Decimal(1)
    return Decimal(5).scaleb(-decimals - 1) * scale


def read_values(text: str) -> list[Value]:
    """Every number of ``text`` (:func:`~veracity.text.values.find_numbers`: dates left out) with its unit.

    The unit is a currency before the number ("$", "€", "£", "US$", "EUR", "USD", "GBP"), a unit after it ("45
    lb", "45-minute", "20 °C", "45%", "45 euros", "48 cents"), or the last word of a record's key before it
    ("weight kg: 21", "Weight limit (lb): 45"); the end of a range takes the unit of the other end ("20–25 kg",
    "$20 to 25"). A clock time (:func:`~veracity.text.values.clock_times`: "13:35", "1:35 pm", "noon") is one value,
    its minutes after midnight, counting a time of day as a noun would (:data:`TIME_OF_DAY`): its hour and minutes
    are no numbers of their own.

    Example::

        >>> [(v.amount, v.units) for v in read_values("It costs EUR 45 and weighs 45 pounds.")]
        [(Decimal('45'), ('eur',)), (Decimal('45'), ('lb', 'gbp'))]
    """
    found: list[Value] = []
    ends = [m.start() for m in _SENTENCE_END.finditer(text)]
    times = clock_times(text)
    clocks = [(t.start, t.end) for t in times]
    for time in times:  # "13:35", "1:35 pm", "noon": one value, its minutes after midnight, whatever its form
        sentence = bisect.bisect_left(ends, time.start)
        bound = bound_before(text, time.start)
        extent = (min(time.start, bound[1]) if bound else time.start, time.end)
        found.append(Value(time.start, time.end, Decimal(time.minutes), (), TIME_OF_DAY, sentence=sentence,
                           bound=bound[0] if bound else None, written=(time.start, time.end), extent=extent,
                           clock=time.readings))  # fmt: skip
    for n in find_numbers(text):
        if any(a <= n.start and n.end <= b for a, b in clocks):
            continue  # a clock's hours and minutes: the clock time is the value
        units: tuple[str, ...] = ()
        loose = False
        unit_end = n.end
        before = CURRENCY_BEFORE.search(text, max(0, n.start - 5), n.start)
        if before is not None and before.group("other") is None:
            written = (before.group("symbol") or before.group("code")).lower()
            units = UNIT_WORDS.get(written.removeprefix("us"), ())
        elif before is None:
            units, unit_end, loose = units_written_after(text, n.end)
            if not units and not loose:
                units = _key_unit(text, n.start)
        ordinal = bool(re.search(r"(?:st|nd|rd|th)$", n.text, re.IGNORECASE))
        counted = None if units or loose or ordinal or before is not None else _noun_after(text, n.end)
        noun, written_end = counted if counted else (None, unit_end)
        rate = _RATE_AFTER.match(text, unit_end)
        per = None
        if rate is not None and (units or noun):
            word = rate.group("noun").lower()
            per = singular(word)
        approx = bool(_APPROX_BEFORE.search(text, max(0, n.start - 30), n.start))
        plain = not units and n.value == n.value.to_integral_value() and n.text.isdigit()
        units = () if ordinal else units
        half = _half_unit(n.text, n.value)
        sentence = bisect.bisect_left(ends, n.start)
        opening = before.start() if before is not None else n.start
        bound = bound_before(text, opening)
        period = period_near(text, opening, written_end)
        extent = (min(opening, bound[1]) if bound else opening, max(written_end, period[2]) if period else written_end)
        qualifiers = (bound[0] if bound else None, period[0] if period else None, (opening, written_end), extent)
        found.append(Value(n.start, n.end, n.value, units, noun, per, half, approx, loose, plain, None, sentence,
                           *qualifiers))  # fmt: skip
    found.sort(key=lambda v: v.start)
    for k in range(len(found) - 1):  # a range: "20–25 kg", "$20 to 25", "between 20 and 25 minutes"
        first, second = found[k], found[k + 1]
        if not RANGE_BETWEEN.fullmatch(text, first.end, second.start):
            continue
        if second.units and not first.units and first.noun is None:
            found[k] = replace(first, units=second.units, loose=second.loose, plain=False)
        elif first.units and not second.units and second.noun is None:
            found[k + 1] = replace(second, units=first.units, loose=first.loose, plain=False)
        elif second.noun and not first.units and first.noun is None:
            found[k] = replace(first, noun=second.noun)
    for k in range(1, len(found)):  # a count right before a value: "two 45-minute sessions", "2 x 45 minutes"
        count, value = found[k - 1], found[k]
        if _COUNT_BETWEEN.fullmatch(text, count.end, value.start) and not count.units and count.noun is None:
            if is_count(count) and (value.units or value.noun):
                found[k] = replace(value, times=count.amount)
    return found


def sentence_spans(text: str) -> list[tuple[int, int]]:
    r"""The sentences a :class:`Value`'s ``sentence`` counts in ``text``: ``[start, end)`` of each, in order.

    Each ends after its full stop or line break; an empty one (a blank line) keeps its place, so that the index of a
    value's sentence is its position here.

    >>> sentence_spans("Two days.\nThree days")
    [(0, 9), (9, 10), (10, 20)]
    """
    ends = [m.end() for m in _SENTENCE_END.finditer(text)]
    starts = [0, *ends]
    return list(zip(starts, [*ends, len(text)], strict=True))


@functools.lru_cache(maxsize=16)
def stated_values(text: str) -> tuple[Value, ...]:
    """:func:`read_values` of a text read once for many look-ups (the sources of one answer)."""
    return tuple(read_values(text))


def _interval(value: Value, half: Decimal) -> tuple[Decimal, Decimal]:
    return value.amount - half, value.amount + half


def _convert(amount: Decimal, unit: str, to: str) -> Decimal:
    """``amount`` in ``unit`` in the unit ``to`` of the same measure."""
    if unit == to:
        return amount
    if unit == "celsius":
        return amount * 9 / 5 + 32
    if unit == "fahrenheit":
        return (amount - 32) * 5 / 9
    return amount * UNIT_TABLE[unit][1] / UNIT_TABLE[to][1]


def _power_of_ten(ratio: Decimal) -> bool:
    return ratio.normalize().as_tuple().digits == (1,)


def same_value(answer: Value, source: Value) -> bool:
    """Whether ``source`` states ``answer``'s value: the same unit and amount, or another unit within rounding.

    The rounding rule is the module's: the source's value exact to 1%, converted, overlaps the answer's value ±
    half a unit of its last digit, at most 5% (when the answer says "about", of its last non-zero digit, at most
    10%); temperatures ± half a unit of their last digits.
    Units a power of ten apart, money, and fixed units of time convert exactly; months and years within 3%.

    Example::

        >>> kg, lb = read_values("23 kg"), read_values("about 50 lb")
        >>> same_value(lb[0], kg[0]), same_value(read_values("55 lb")[0], kg[0])
        (True, False)
    """
    for a in answer.units:
        for s in source.units:
            if a == s and _per_factor(answer, source) == 1:
                if answer.amount == source.amount:
                    return True
                continue
            if a == s:  # "52p per mile" and "32p per kilometre": the same unit, per another unit
                converted = source.amount * (_per_factor(answer, source) or 0)
                if _agrees(answer, source, UNIT_TABLE[a][0] != "temperature", converted, converted):
                    return True
                continue
            measure = UNIT_TABLE[a][0]
            if measure != UNIT_TABLE[s][0] or measure == "percent":
                continue
            converted = _convert(source.amount, s, a)
            per = _per_factor(answer, source)
            if per is None:
                continue
            converted *= per
            if measure == "time":
                tolerance = Decimal("0.03") if CALENDAR_UNITS & {a, s} else Decimal("1e-9")
                if abs(converted - answer.amount) <= tolerance * max(abs(converted), abs(answer.amount)):
                    return True
                continue
            if measure.startswith("money") or (
                measure != "temperature" and _power_of_ten(UNIT_TABLE[s][1] / UNIT_TABLE[a][1])
            ):
                if abs(converted - answer.amount) <= Decimal("1e-9") * max(abs(converted), Decimal(1)):
                    return True
                continue
            relative = measure != "temperature"
            source_half = min(source.half, abs(source.amount) / 100) if relative else source.half
            lo, hi = sorted(_convert(end, s, a) * per for end in _interval(source, source_half))
            if _agrees(answer, source, relative, lo, hi):
                return True
    return False


def _agrees(answer: Value, source: Value, relative: bool, lo: Decimal, hi: Decimal) -> bool:
    """Whether ``answer``, within its rounding, overlaps ``[lo, hi]`` (the source's value, converted)."""
    if lo == hi and relative:  # a value converted from one exact to 1%
        lo, hi = sorted((lo - abs(lo) / 100, hi + abs(hi) / 100))
    half = min(answer.half, abs(answer.amount) / 20) if relative else answer.half
    if answer.approx:
        half = max(half, _approximate_half(answer))
    return answer.amount - half <= hi and lo <= answer.amount + half


def _per_factor(answer: Value, source: Value) -> Decimal | None:
    """How much more of the answer's unit a rate per the source's unit is per the answer's ("per mile" → "per km").

    1 when they are rates per the same thing (or either is no rate), None when they are per two units that do not
    convert (per night, per person); the per units are read as :func:`read_values` reads units.
    """
    if answer.per is None or source.per is None or answer.per == source.per:
        return Decimal(1)
    a, s = UNIT_WORDS.get(answer.per, ()), UNIT_WORDS.get(source.per, ())
    for x in a:
        for y in s:
            if UNIT_TABLE[x][0] == UNIT_TABLE[y][0] and UNIT_TABLE[x][0] not in ("temperature", "percent"):
                return UNIT_TABLE[x][1] / UNIT_TABLE[y][1]
    return None


def _approximate_half(value: Value) -> Decimal:
    """How far "about 50" may be from 50: half a unit of its last non-zero digit (5), at most 10% of it."""
    amount = abs(value.amount)
    if not amount:
        return value.half
    digits = amount.normalize().as_tuple()
    last = Decimal(5).scaleb(int(digits.exponent) - 1)  # half a unit of the last non-zero digit
    return min(last, amount / 10)


def value_stated(answer: Value, stated: Sequence[Value]) -> bool:
    """Whether ``stated`` vouches for ``answer``, a number with a unit, as a value (not by its digits alone).

    A stated number vouches when it is :func:`same_value`, or has the same amount and no unit at all ("Weight limit:
    45") or a loose one ("45 m", "45 degrees"). Not a number that counts something else ("45 sites", "45 times").
    """
    return any(
        (s.amount == answer.amount and ((not s.units and s.noun is None) or s.loose)) or same_value(answer, s)
        for s in stated
    )


# ----------------------------------------------------------------------------------------------------- arithmetic


def is_year_like(value: Value) -> bool:
    """Whether a plain number reads as a year (1000 to 2100)."""
    return value.plain and 1000 <= value.amount <= 2100


def is_count(value: Value) -> bool:
    """Whether a value reads as a count: a whole number from 1 to 1000 that is not a year."""
    return value.amount == value.amount.to_integral_value() and 1 <= value.amount <= 1000 and not is_year_like(value)

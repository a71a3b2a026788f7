"""Sums, differences and products of stated values that vouch for an answer's value (issue 59).

Split from :mod:`veracity.text.values` (which reads and compares the values): a sum, difference or product of two
values the sources or the question state, in one unit, vouches for the answer's value (:func:`derived`); sums and
differences outside the answer's own sentence only where the sentence says it adds up or takes away
(:func:`arithmetic_cue`), and with terms from two stated sentences only where both are about what the sentence names
(:func:`related_values`). Never a year, date, clock time or temperature — but a duration may be the span of two clock
times the answer's own sentence states (:func:`_clock_span`: "open for eight hours, from 10 am to 6 pm").
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from veracity.text.lexicon import STOP_WORDS
from veracity.text.values import (
    CALENDAR_UNITS,
    SPACE,
    TIME_OF_DAY,
    UNIT_TABLE,
    UNIT_WORDS,
    Value,
    is_count,
    is_year_like,
    sentence_spans,
    stated_values,
)

__all__ = ["Derivation", "Related", "arithmetic_cue", "derivation", "derived", "related_values"]

_MAX_VALUES = 64  # stated values of one unit tried
# measures added up in their base unit, as money and time are: a product or sum may be written in another unit
_BY_MEASURE = frozenset({"mass", "length", "volume", "area", "data", "energy", "power"})
# words or signs by which a sentence says it adds up or takes away ("in total", "1,750 + 1,500 = 3,250")
_ARITHMETIC_CUE = re.compile(
    r"\b(?:in\s+total|total(?:s|led|ling)?|in\s+all|altogether|all\s+together|combined|together|overall|sum|both|"
    r"the\s+(?:two|three|four)|plus|minus|add(?:s|ed|ing)?(?:\s+up)?|difference|come\s+to|comes\s+to|came\s+to|"
    r"make\s+up|makes\s+up|between\s+them|between\s+the\s+(?:two|three)|back[\s-]to[\s-]back|all\s+told|"
    r"across\s+(?:the|both|all))\b|[+=−×]",
    re.IGNORECASE,
)
# a comparison right after the value, in its unit: "750 more points", "10 minutes longer", "EUR 5 less"
_DIFFERENCE_AFTER = re.compile(
    rf"{SPACE}*(?:[A-Za-z%']+{SPACE}+){{0,2}}(?:more|fewer|less|longer|shorter|extra|additional|left|remaining|cheaper|"
    r"dearer)\b",
    re.IGNORECASE,
)


def arithmetic_cue(sentence: str, end: int | None = None) -> bool:
    """Whether ``sentence`` says that its value ending at ``end`` adds up or takes away.

    A word or sign of adding up anywhere in it ("in total", "in all", "both", "come to", "+", "="), or a comparison
    right after the value ("750 more points", "10 minutes longer"); "The crossing takes 110 minutes" has none.
    """
    if _ARITHMETIC_CUE.search(sentence):
        return True
    return end is not None and bool(_DIFFERENCE_AFTER.match(sentence, end))


def _keys(value: Value) -> dict[str, Decimal]:
    """The keys arithmetic adds ``value`` under, with its amount there: one per unit, money and time by measure."""
    keys: dict[str, Decimal] = {}
    for unit in value.units:
        measure, factor = UNIT_TABLE[unit]
        if measure == "temperature":
            continue
        if measure in _BY_MEASURE or measure.startswith("money") or (measure == "time" and unit not in CALENDAR_UNITS):
            keys[measure] = value.amount * factor  # "2 g" and "250 mg" under one key: 2 × 250 mg × 4 = 2 g
        else:
            keys[unit] = value.amount
    if value.noun is not None and value.noun != TIME_OF_DAY:
        keys["noun:" + value.noun] = value.amount
    return keys if value.amount else {}  # no sum with nought: "10 = 10 + 0" of "10:00"


def _counts(count: Value, value: Value) -> bool:
    """Whether ``count`` may count what ``value`` is given for: a whole number of things, or of what it is per."""
    if count is value or not is_count(count):
        return False
    return not count.units or _counted_per(count, value)


def _counted_per(count: Value, value: Value) -> bool:
    """Whether ``count`` counts what ``value`` is a rate per: "3 nights" for "EUR 80 per night"."""
    if value.per is None:
        return False
    per_units = {value.per, *UNIT_WORDS.get(value.per, ())}
    return count.noun == value.per or bool(per_units & set(count.units))


def _bare(value: Value) -> bool:
    return not value.units and not value.loose and not is_year_like(value)


@dataclass(frozen=True)
class Derivation:
    """How a value is derived: ``left op right = result``, amounts in the result's unit as written (``op``: ×, +, −).

    For a product ``left`` is the count ("2 × €75 = €150").
    """

    op: str
    left: Decimal
    right: Decimal
    result: Decimal


def derived(
    answer: Value, stated: Sequence[Value], own: Sequence[Value] = (), cue: bool = False, related: Related = ()
) -> bool:
    """Whether ``answer`` is a sum, difference or product of two values (the module's rules).

    ``stated``: the values the sources and the question state; ``own``: the values of the answer's sentence (the
    answer's own value among them is left out); ``cue``: whether that sentence says it adds up or takes away
    (:func:`arithmetic_cue`). Products need no cue: a count right before a stated value ("two 45-minute
    sessions"), a stated count of what a stated rate is per ("3 nights", "EUR 80 per night"), or a count of the
    sentence's own times a value of the answer's unit ("two bikes cost €4,700" at "€2,350"). Neither does a sum
    or difference of two values of the sentence in the answer's unit ("open 4 hours before and close 45 minutes
    before, so for 195 minutes"). Other sums and differences need one: two values of the sentence, one with no
    unit ("1,750 + 1,500 = 3,250 points"), two values one stated sentence gives ("5,150 runners in the full
    marathon and 11,800 in the half" for "16,950 runners took part in the two races"), or one of the sentence's
    and one stated, both in the answer's unit; with a cue, also two ``related`` values (stated in two sentences
    that share different words with the answer's sentence, :func:`related_values`: "Open Water takes four days" and
    "Advanced takes two days" for "Open Water and Advanced back to back take six days").

    Example::

        >>> from veracity.text.values import read_values
        >>> stated = read_values("I have 1,500 points and will earn 750 points.")
        >>> derived(read_values("2,250 points")[0], stated, cue=True), derived(read_values("2,300 points")[0], stated)
        (True, False)
    """
    return derivation(answer, stated, own, cue, related) is not None


def derivation(
    answer: Value, stated: Sequence[Value], own: Sequence[Value] = (), cue: bool = False, related: Related = ()
) -> Derivation | None:
    """The sum, difference or product that :func:`derived` finds for ``answer``, or None."""
    if answer.loose or is_year_like(answer) or not answer.amount:
        return None
    targets = _keys(answer)
    if not targets:
        return None
    own = [v for v in own if (v.start, v.end) != (answer.start, answer.end) and not v.loose and not is_year_like(v)]
    span = _clock_span(targets.get("time"), own)
    if span is not None:  # in the answer's unit, as every derivation: 18 (hours) − 10 = 8 hours
        start = span[0] * answer.amount / targets["time"] * 60  # past midnight the end is the next day's
        return Derivation("−", start + answer.amount, start, answer.amount)
    pool = [s for s in stated if not s.loose and not is_year_like(s)]
    for key, target in targets.items():
        scale = answer.amount / target  # key units (a base unit for money and time) → the answer's unit
        keyed = [(s, amount) for s in pool if (amount := _keys(s).get(key)) is not None][:_MAX_VALUES]
        own_keyed = [(v, amount) for v in own if (amount := _keys(v).get(key)) is not None]
        for value, amount in keyed:  # a stated count of a stated value
            for n in _counts_for(value, pool):
                if n * amount == target:
                    return Derivation("×", n, amount * scale, answer.amount)
        for value, amount in own_keyed + keyed:  # a count of the sentence's own, times the count before the value
            for c in own:
                if not _counts(c, value):
                    continue
                for n in dict.fromkeys((c.amount, c.amount * (value.times or 1))):
                    if n * amount == target:  # "two 250 mg capsules four times a day" → 2 × 4 × 250 mg = 2 g
                        return Derivation("×", n, amount * scale, answer.amount)
        pair = _sum_or_difference(target, key, own, pool, keyed, cue)
        if pair is None and cue and related:
            pair = _across_sentences(target, key, related)
        if pair is not None:
            x, y = sorted(pair, reverse=True)
            op = "+" if x + y == target else "−"
            return Derivation(op, x * scale, y * scale, answer.amount)
    return None


def _clock_span(seconds: Decimal | None, own: Sequence[Value]) -> tuple[Decimal, Decimal] | None:
    """Two consecutive clock times of the sentence whose span is ``seconds`` (a duration), as minutes after midnight.

    The sentence shows its work: "open for eight hours, from 10 am to 6 pm" (18:00 less 10:00); a range that runs
    past midnight spans it ("22:00 to 02:00" is four hours). A 12-hour time without "am" / "pm" may be either half of
    the day. Only the sentence's own times, never a time only the sources state.

    >>> from veracity.text.values import read_values
    >>> own = read_values("It is open from 10 am to 6 pm.")
    >>> _clock_span(Decimal(8 * 3600), own), _clock_span(Decimal(7 * 3600), own)
    ((Decimal('600'), Decimal('1080')), None)
    """
    if seconds is None or seconds <= 0 or seconds % 60:
        return None
    clocks = sorted((v for v in own if v.noun == TIME_OF_DAY and v.clock), key=lambda v: v.start)
    for first, second in itertools.pairwise(clocks):
        for a in sorted(first.clock):
            for b in sorted(second.clock):
                if ((b - a) % 1440) * 60 == seconds:
                    return Decimal(a), Decimal(b)
    return None


def _sum_or_difference(
    target: Decimal,
    key: str,
    own: Sequence[Value],
    stated: Sequence[Value],
    keyed: Sequence[tuple[Value, Decimal]],
    cue: bool,
) -> tuple[Decimal, Decimal] | None:
    """The two values whose sum or difference is ``target`` under :func:`derived`'s rules, or None."""
    own_keyed = [(v, amount) for v in own if (amount := _keys(v).get(key)) is not None]
    pairs = [(x, y) for i, (_, x) in enumerate(own_keyed) for _, y in own_keyed[i + 1 :]]  # it shows its work
    if cue:
        # a term with no unit is in its partner's ("Of your 29 days you have taken 7, so 22 days are left")
        own_bare = [v for v in own if _bare(v) and key not in _keys(v)]
        pairs += [(x, b.amount * x / v.amount) for v, x in own_keyed if v.amount for b in own_bare]
        pairs += [(b.amount, c.amount) for i, b in enumerate(own_bare) for c in own_bare[i + 1 :] if _plain_key(key)]
        pairs += [(x, y) for _, x in own_keyed for _, y in keyed]
        bare = [s for s in stated if _bare(s) and s.noun is None]
        for first, x in keyed:  # one stated sentence's: both in the unit, or one with no unit or noun at all
            same = [y for second, y in keyed if second.start > first.start and second.sentence == first.sentence]
            scale = x / first.amount if first.amount else Decimal(1)
            pairs += [(x, y) for y in same] + [(x, b.amount * scale) for b in bare if b.sentence == first.sentence]
    return next(((x, y) for x, y in pairs if target in (x + y, abs(x - y))), None)


def _across_sentences(target: Decimal, key: str, related: Related) -> tuple[Decimal, Decimal] | None:
    """Two ``related`` values whose sum or difference is ``target``, from sentences that name two things.

    The two sentences must share different words with the answer's sentence ("Open Water" and "Advanced Open Water"
    for "Open Water and then Advanced back to back"): "It takes 80 minutes" and "Boarding takes 30 minutes" share
    only "takes" with "The crossing takes 110 minutes in total", which names one thing.
    """
    usable = [(s, words) for s, words in related if not s.loose and not is_year_like(s)]
    keyed = [(s, words, amount) for s, words in usable if (amount := _keys(s).get(key)) is not None][:_MAX_VALUES]
    return next(
        (
            (x, y)
            for i, (first, words_x, x) in enumerate(keyed)
            for second, words_y, y in keyed[i + 1 :]
            if first.sentence != second.sentence and words_x != words_y and target in (x + y, abs(x - y))
        ),
        None,
    )


_WORD = re.compile(r"[^\W\d_][\w'-]*")


def _content(text: str) -> set[str]:
    """The words of ``text`` that may name a thing: no stop word, unit word or number, three letters or more."""
    words = {w.lower().removesuffix("'s") for w in _WORD.findall(text)}
    return {w for w in words if len(w) >= 3 and w not in STOP_WORDS and w not in UNIT_WORDS}


Related = Sequence[tuple[Value, frozenset[str]]]
"""Stated values with the words their sentence shares with the answer's sentence (:func:`related_values`)."""


@functools.lru_cache(maxsize=64)
def related_values(sentence: str, text: str) -> tuple[tuple[Value, frozenset[str]], ...]:
    """The values ``text`` states in sentences that share a word naming a thing with ``sentence``, with those words.

    A sum across two stated sentences vouches only where both are about what the answer's sentence names: "Between
    them, hand-building and the glazing workshop give you five hours" over a table whose "Hand-building" row gives 2
    hours and whose "Glazing workshop" row gives 3 — not any two values of the sources in the unit. The value's own
    clause (its sentence cut at commas, semicolons and "and"; a table row or a "key: value" line whole) must share
    such a word too: "Open Studio membership costs £65 a month, plus a bag of Hexley Buff" gives no term to "your
    monthly fee plus a bag of Hexley Buff comes to £89" (£89 = £65 + another clay's £24). Kept for the last texts read:
    the bridges ask it for each value of a unit against each premise, the value checker and ``derived_value`` again.

    Example::

        >>> text = "Hand-building runs 2 hours. Glazing runs 3 hours. Raku takes 4 hours."
        >>> [(v.amount, sorted(w)) for v, w in related_values("Hand-building and glazing: 5 hours between them.", text)]
        [(Decimal('2'), ['hand-building']), (Decimal('3'), ['glazing'])]
    """
    words = _content(sentence)
    if not words:
        return ()
    spans = sentence_spans(text)
    shared = {k: frozenset(_content(text[a:b]) & words) for k, (a, b) in enumerate(spans)}
    return tuple(
        (v, shared[v.sentence])
        for v in stated_values(text)
        if shared.get(v.sentence) and _content(_clause(text, spans[v.sentence], v)) & words
    )


_CLAUSE_BREAK = re.compile(r"[,;]|\band\b", re.IGNORECASE)


def _clause(text: str, sentence: tuple[int, int], value: Value) -> str:
    """The clause of ``value``'s sentence that holds it: from the break before it to the break after it."""
    start, end = sentence
    before = [m.end() for m in _CLAUSE_BREAK.finditer(text, start, value.start)]
    after = _CLAUSE_BREAK.search(text, value.end, end)
    return text[before[-1] if before else start : after.start() if after else end]


def _plain_key(key: str) -> bool:
    """Whether amounts under ``key`` are as written (a unit or a noun, not money or time in a base unit)."""
    return not key.startswith("money") and key != "time"


def _counts_for(value: Value, stated: Sequence[Value]) -> list[Decimal]:
    """The counts that multiply ``value``: one right before it ("two 45-minute"), or of the noun it is per."""
    counts = [value.times] if value.times is not None else []
    if value.per is not None:
        counts += [
            other.amount for other in stated if other is not value and is_count(other) and _counted_per(other, value)
        ]
    return counts

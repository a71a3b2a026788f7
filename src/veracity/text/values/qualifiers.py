"""What qualifies a value: the comparison that bounds it and the period it is counted per.

"more than six hours" is bounded from below, "up to €40" from above (:func:`bound_before`); "€1,200 per month",
"an annual fee of 1.5%" are counted per a period (:func:`period_near`). :func:`veracity.text.values.read_values`
reads both for every value, so that "less than six hours" is told from "more than six hours" and "€1,200 per
month" from "€1,200 per calendar year".
"""

from __future__ import annotations

import re
from decimal import Decimal

from veracity.text.values.table import UNIT_DAYS

__all__ = ["BOUND_WORDS", "PERIOD_DAYS", "bound_before", "period_near"]

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
PERIOD_DAYS = {**UNIT_DAYS, "quarter": Decimal("365.25") / 4}
"""A period's length in days: rates per two periods are compared per day."""


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

"""Opening days and times: what an answer states about them, and whether a record's ``hours`` agree.

A sentence is read as items — day sets ("Monday to Friday", "weekends", "every day"), times ("11 am to 9 pm",
"closes at 10 pm"), "closed on", "except", "extended hours on weekends", "six days a week" — paired into statements
by whichever reading (each day set then its times, or each time then its days) leaves fewer items unpaired; a
statement naming fewer days overrides a wider one on those days. A record's ``hours`` are ``{"Monday": "11:0-21:0"}``
(24 h): a missing day is closed, and so is "0:0-0:0" where other days have hours. Where a time may stand and what it
means is the one clock-time reader's (:data:`~veracity.text.values.clock.SCHEDULE_TIME`,
:func:`~veracity.text.values.clock.clock_readings`); this grammar only places times among its days and ranges. A time
without am/pm may mean either half of the day ("7:00" is 7:00 or 19:00), so it contradicts only when neither matches.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from veracity.stages.verify.checkers.records.clauses import Sentence, insensitive
from veracity.text.lexicon import NUMBER_WORDS
from veracity.text.values.clock import SCHEDULE_TIME, clock_readings

__all__ = ["DAY_NAMES", "HoursCheck", "HoursStatement", "check_hours", "hours_statements"]

DAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_ALL_DAYS = frozenset(range(7))
_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_DAY_UNIT = rf"{_DAY}(?:\s*(?:to|through|thru|until|till|-|–)\s*{_DAY})?"
_DAY_LIST = rf"\b{_DAY_UNIT}(?:(?:\s*,\s*(?:and\s+)?|\s+(?:and|&)\s+){_DAY_UNIT})*\b"
_TIME = SCHEDULE_TIME  # a bare hour too: a range or "opens at" may make it a time ("from 11 to 2 pm")
_HOURS_ITEMS: tuple[tuple[str, re.Pattern[str]], ...] = (  # earlier patterns win where two overlap
    ("range", insensitive(rf"(?:\b(?:from|between)\s+)?(?P<a>{_TIME})\s*(?:to|-|–|—|until|till|and)\s*(?P<b>{_TIME})")),
    ("close", insensitive(rf"\b(?:clos(?:es|ing|e)\s+(?:at\s+)?|until\s+|till\s+)(?P<b>{_TIME})")),
    ("open", insensitive(rf"\bopen(?:s|ing)?\s+(?:at\s+)?(?P<a>{_TIME})")),
    ("except", insensitive(rf"\bexcept\s+(?:for\s+)?(?:on\s+)?(?P<d>{_DAY_LIST})")),
    ("closed", insensitive(rf"\bclosed\b(?:\s+(?:on\s+)?(?P<d>{_DAY_LIST}|(?:the\s+)?weekends?))?")),
    (
        "extended",
        insensitive(rf"\b(?:extended|longer|later)\s+hours\s+(?:on|during)\s+(?P<d>{_DAY_LIST}|(?:the\s+)?weekends?)"),
    ),
    (
        "all",
        insensitive(
            r"\b(?:every\s+day(?:\s+of\s+the\s+week)?|daily|(?:seven|7)\s+days\s+a\s+week|all\s+week(?:\s+long)?)\b"
        ),
    ),
    ("count", insensitive(r"\b(?P<n>one|two|three|four|five|six|[1-6])\s+days\s+a\s+week\b")),
    ("weekdays", insensitive(r"\bweekdays\b")),
    ("weekend", insensitive(r"\b(?:the\s+)?weekends?\b")),
    ("days", insensitive(_DAY_LIST)),
)
_OPEN_WORDS = insensitive(r"\bopen|\boperat|\bhours\b|\bserv")


def _day_set(text: str) -> frozenset[int]:
    if re.search(r"weekend", text, re.I):
        return frozenset({5, 6})
    days: set[int] = set()
    for unit in re.finditer(_DAY_UNIT, text, re.I):
        ends = [DAY_NAMES.index(d.lower().removesuffix("s")) for d in re.findall(_DAY, unit[0], re.I)]
        days.update((ends[0] + i) % 7 for i in range((ends[-1] - ends[0]) % 7 + 1))
    return frozenset(days)


@dataclass
class _HoursGroup:
    start: int
    end: int
    days: frozenset[int] | None = None
    generic: bool = True  # days from "every day" / "weekdays": a group naming some of them says more about those
    opens: frozenset[int] | None = None
    closes: frozenset[int] | None = None
    count: int | None = None
    closed: bool = False
    extended: bool = False
    from_except: bool = False
    spread: bool = False  # "hours ranging from 11 to 10": the earliest opening and the latest closing


@dataclass(frozen=True)
class HoursStatement:
    """What one group of an answer's words says about opening days and times (offsets into the answer)."""

    group: _HoursGroup
    start: int
    end: int
    words: str


@dataclass(frozen=True)
class HoursCheck:
    """A statement checked against the record's hours: the verdict, how sure, why, and the day that decided it."""

    relation: Literal["contradicted", "supported"]
    confidence: float = 0.0
    why: str = ""
    day: int | None = None
    source: str = ""


_AGREES = HoursCheck("supported")


def check_hours(statement: HoursStatement, hours: Mapping[int, object]) -> HoursCheck | None:
    """Whether a record's ``hours`` (day 0 = Monday → "11:0-21:0") agree with the statement; None: they cannot say.

    A day missing from ``hours`` is closed; so is "0:0-0:0" when other days have hours (RAGTruth's annotators read it
    so, and lower confidence is given). "ranging from 11 am to 10 pm" is the earliest opening and latest closing.
    """
    known = {d: span for d, value in hours.items() if isinstance(span := _parse_range(value), tuple)}
    open_days = {d for d, value in hours.items() if not (known and _parse_range(value) == "closed")}
    listed = "hours: " + ", ".join(f"{DAY_NAMES[d].title()} {hours[d]}" for d in sorted(hours))

    def day_source(day: int) -> str:
        return f"hours.{DAY_NAMES[day].title()}: {json.dumps(hours[day])}"

    g, days = statement.group, statement.group.days
    if g.count is not None:
        return (
            _AGREES
            if g.count == len(open_days)
            else HoursCheck("contradicted", 0.8, f"open {len(open_days)} days", None, listed)
        )
    if g.extended and days:
        mine = [s for d, s in known.items() if d in days]
        others = [s for d, s in known.items() if d not in days]
        if not mine:
            return HoursCheck("contradicted", 0.75, "no hours those days", None, listed)
        if not others:
            return None
        later = max(map(_close, mine)) > min(map(_close, others))
        longer = max(_close(s) - s[0] for s in mine) > min(_close(s) - s[0] for s in others)
        return _AGREES if later or longer else HoursCheck("contradicted", 0.7, listed, None, listed)
    if g.closed:
        open_named = sorted(d for d in days or () if d in known)
        if not open_named:
            return _AGREES
        return HoursCheck("contradicted", 0.85, day_source(open_named[0]), open_named[0], day_source(open_named[0]))
    if days is not None and (missing := sorted(days - open_days)):
        why = f"not open on {', '.join(DAY_NAMES[d].title() for d in missing)}"
        confidence = 0.6 if all(d in hours for d in missing) else 0.85  # only "0:0-0:0" says they are closed
        return HoursCheck("contradicted", confidence, why, missing[0] if missing[0] in hours else None, listed)
    if g.opens is None and g.closes is None:
        return _AGREES
    checked = sorted(d for d in (days if days is not None else known) if d in known)
    if not checked:
        return None
    if g.spread:  # the earliest opening and the latest closing of those days
        earliest = min(known[d][0] for d in checked)
        latest = max((known[d] for d in checked), key=_close)
        wrong = [] if _time_matches(g, (earliest, latest[1])) else checked[:1]
    else:
        wrong = [d for d in checked if not _time_matches(g, known[d])]
    if not wrong or (days is None and len(wrong) < len(checked)):
        return _AGREES
    confidence = 0.8 if days is not None else 0.75
    return HoursCheck("contradicted", confidence, day_source(wrong[0]), wrong[0], day_source(wrong[0]))


def _parse_range(value: object) -> tuple[int, int] | Literal["closed"] | None:
    """A record's "11:0-21:0" as minutes (open, close); "closed" for "0:0-0:0"; None for anything else."""
    m = re.fullmatch(r"\s*(\d{1,2}):(\d{1,2})\s*-\s*(\d{1,2}):(\d{1,2})\s*", str(value))
    if m is None:
        return None
    opens, closes = int(m[1]) * 60 + int(m[2]), int(m[3]) * 60 + int(m[4])
    return "closed" if opens == closes == 0 else (opens, closes)


def _close(span: tuple[int, int]) -> int:
    return span[1] if span[1] > span[0] else span[1] + 1440  # closing after midnight


def _time_matches(group: _HoursGroup, span: tuple[int, int]) -> bool:
    opens_ok = group.opens is None or span[0] in group.opens
    closes_ok = group.closes is None or span[1] % 1440 in {c % 1440 for c in group.closes}
    return opens_ok and closes_ok


_DAY_KINDS = frozenset({"days", "all", "weekdays", "weekend"})
_TIME_KINDS = frozenset({"range", "open", "close"})
_NOT_OPENING_HOURS = insensitive(r"\bhappy[- ]hours?\b")
_MEAL_TIMES = insensitive(r"\b(?:lunch|dinner|breakfast|brunch|kitchen|delivery)\b")
_SPREAD = insensitive(r"\b(?:rang\w*|var(?:y|ies|ied|ying))\s+(?:from\s+|between\s+)?$")
_Item = tuple[int, int, str, re.Match[str]]


def _hours_items(text: str) -> list[_Item]:
    items: list[_Item] = []
    for kind, pattern in _HOURS_ITEMS:
        for m in pattern.finditer(text):
            ends = m.groupdict()
            if kind in _TIME_KINDS and all(clock_readings(ends[k]) is None for k in ("a", "b") if ends.get(k)):
                continue  # bare numbers ("4 to 5") are not times
            if not any(s < m.end() and m.start() < e for s, e, _, _ in items):
                items.append((m.start(), m.end(), kind, m))
    return sorted(items, key=lambda item: item[0])


def _pair(items: Sequence[_Item], days_first: bool) -> list[_HoursGroup]:
    """Group day and time items into (days, times) statements, each day set opening a group or each time range."""
    groups: list[_HoursGroup] = []
    for start, end, kind, m in items:
        current = groups[-1] if groups else None
        timed = current is not None and (current.opens is not None or current.closes is not None)
        if kind in _DAY_KINDS:
            if current is None or days_first or current.days is not None:
                groups.append(current := _HoursGroup(start, end))
            current.days = _ALL_DAYS if kind == "all" else frozenset(range(5)) if kind == "weekdays" else _day_set(m[0])
            current.generic = kind != "days"
        elif kind in _TIME_KINDS:
            slot_taken = current is not None and (
                timed if kind == "range" else (current.opens if kind == "open" else current.closes) is not None
            )
            fresh_except = current is not None and current.from_except and not timed
            if current is None or slot_taken or (not days_first and current.days is not None and not fresh_except):
                groups.append(current := _HoursGroup(start, end))
            current.spread = current.spread or (kind == "range" and bool(_SPREAD.search(m.string, 0, m.start("a"))))
            if kind in {"range", "open"}:
                current.opens = clock_readings(m["a"])
            if kind in {"range", "close"}:
                current.closes = clock_readings(m["b"])
        elif current is None:
            continue
        elif kind == "except":
            current.days = (current.days if current.days is not None else _ALL_DAYS) - _day_set(m["d"])
            groups.append(current := _HoursGroup(start, end, _day_set(m["d"]), False, from_except=True))
        else:  # "closed" with no days: the current statement's days are closed
            current.closed = True
        current.start, current.end = min(current.start, start), max(current.end, end)
    return groups


def _incomplete(groups: Sequence[_HoursGroup]) -> int:
    return sum((g.days is None) != (g.opens is None and g.closes is None) for g in groups)


def hours_statements(sentence: Sentence) -> list[HoursStatement]:
    """What a sentence says about opening days and times, as (days, opening, closing) statements."""
    text = sentence.text
    if _NOT_OPENING_HOURS.search(text) or sentence.reported:
        return []
    items = _hours_items(text)
    named_days = any(kind in {"days", "weekdays", "weekend"} for _, _, kind, _ in items)
    alone: list[_HoursGroup] = []
    paired: list[_Item] = []
    for start, end, kind, m in items:
        if kind == "count":
            alone.append(_HoursGroup(start, end, count=NUMBER_WORDS.get(m["n"].lower()) or int(m["n"])))
        elif kind in {"closed", "extended"} and m["d"]:
            alone.append(
                _HoursGroup(start, end, _day_set(m["d"]), False, closed=kind == "closed", extended=kind == "extended")
            )
        elif kind == "all" and named_days:  # "open every day, from 9 to 5 on weekdays and ...": a claim of its own
            alone.append(_HoursGroup(start, end, _ALL_DAYS))
        elif kind != "extended":
            paired.append((start, end, kind, m))
    by_days, by_times = _pair(paired, days_first=True), _pair(paired, days_first=False)
    time_first = bool(paired) and paired[0][2] in _TIME_KINDS
    groups = by_times if (_incomplete(by_times), not time_first) < (_incomplete(by_days), time_first) else by_days
    if _MEAL_TIMES.search(text):  # "open for lunch from 11 to 2" need not be the opening hours
        for g in groups:
            g.opens = g.closes = None
    # A statement naming fewer days says more about them ("5-9 pm Monday to Sunday, until 10 pm on Fridays").
    for g in groups:
        for h in [*groups, *alone]:
            timed = h.opens is not None or h.closes is not None or h.extended or h.closed
            if g is not h and g.days and h.days and timed and len(h.days) < len(g.days):
                g.days = g.days - h.days
    claims = []
    has_open_words = bool(_OPEN_WORDS.search(text))
    for g in [*groups, *alone]:
        timed = g.opens is not None or g.closes is not None
        if g.days is None and not timed and g.count is None:
            continue
        if (g.from_except and not (timed or g.closed)) or (
            not timed and not g.closed and not g.extended and g.count is None and not has_open_words
        ):
            continue
        claims.append(HoursStatement(g, sentence.start + g.start, sentence.start + g.end, text[g.start : g.end]))
    return claims

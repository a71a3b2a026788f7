"""The one clock-time reader: clock times as minutes after midnight ("07:45", "7:45 pm", "7 p.m.", never "at 7").

What the relation checkers compare (:mod:`veracity.stages.verify.checkers.attachment`, the record things rule): each
time with the characters it covers, "am"/"pm" included, and its value on the 24-hour clock (:func:`clock_times`).

What the record checker's opening-hours grammar reads (:mod:`veracity.stages.verify.checkers.records.hours`): a time
as a phrase of hours writes it (:data:`SCHEDULE_TIME`, embedded in the grammar's own day and range patterns: "11 am",
"21:00", "11:0" as records write it, "noon", or a bare "11" of "from 11 to 2 pm"), and the minutes it may mean on a
12-hour clock (:func:`clock_readings`: "7:00" is 7:00 or 19:00). The am/pm arithmetic is the same for both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["SCHEDULE_TIME", "ClockTime", "clock_readings", "clock_times"]

_CLOCK = re.compile(
    r"(?<![\d:.])(?P<h>[01]?\d|2[0-4])(?::(?P<m>[0-5]\d)(?::[0-5]\d)?)?\s*(?P<ap>[ap]\.?\s?m\b\.?)?(?![\d:])",
    re.IGNORECASE,
)

SCHEDULE_TIME = r"(?:(?<![\w.:$])\d{1,2}(?::\d{1,2})?(?!\.\d)(?:\s*(?:[ap]\.\s?m\.|[ap]m\b))?|\bnoon\b|\bmidnight\b)"
"""Regex source of one time in a phrase of hours, bare hours included; no capturing group, so a grammar may embed it
twice, and matched case-insensitively.

Looser than running text allows, as answers about opening hours write times: one-digit minutes ("11:0", copied from
a record's "11:0-21:0"), a bare hour ("11" of "from 11 to 2 pm", which only the phrase around it makes a time), never
a price ("$10"), a decimal ("4.5") or part of a word. Read a match with :func:`clock_readings`.
"""
_SCHEDULE = re.compile(SCHEDULE_TIME, re.IGNORECASE)
_SCHEDULE_PARTS = re.compile(r"(?P<h>\d+)(?::(?P<m>\d+))?\s*(?P<ap>[ap])?", re.IGNORECASE)
_CLOCK_WORDS = {"noon": 720, "midnight": 0}
_HALF_DAY = 720
_DAY = 1440


@dataclass(frozen=True)
class ClockTime:
    """A clock time of a text: ``[start, end)`` covers it ("7:45 pm"), ``minutes`` after midnight (1185).

    ``meridiem``: written with "am" / "pm" (on the 12-hour clock), not on the 24-hour clock ("19:45").
    """

    start: int
    end: int
    text: str
    minutes: int
    meridiem: bool = False


def _minutes(hour: int, minute: int, meridiem: str | None) -> int:
    """Minutes after midnight of ``hour:minute`` followed by ``meridiem`` ("a", "p" or None).

    "12 am" is midnight and "12 pm" noon. An hour past 12 is on the 24-hour clock whatever follows it: answers write
    "21:00 pm" for 21:00. "24:00" is the midnight that ends the day, so 0.
    """
    if meridiem and hour <= 12:
        hour = hour % 12 + (12 if meridiem.lower() == "p" else 0)
    return (hour * 60 + minute) % _DAY


def clock_times(text: str) -> list[ClockTime]:
    """The clock times of ``text``: hours and minutes ("07:45"), or an hour with "am" / "pm" ("7 pm", "7:45 p.m.").

    Hours 0–24 on the 24-hour clock ("24:00" is midnight), seconds read and dropped ("12:30:45" is 12:30), 1–12 with
    "am" / "pm" ("12 am" is midnight). A number with neither minutes nor "am" / "pm" ("at 7") is no time; nor is a
    part of a longer figure ("1.30", "12:30:45:10"); nor an hour the 12-hour clock lacks with "am" / "pm" ("21 pm").

    Example::

        >>> [(t.text, t.minutes) for t in clock_times("Departs 07:45, arrives 2:10 pm; gate at 7.")]
        [('07:45', 465), ('2:10 pm', 850)]
    """
    found: list[ClockTime] = []
    for match in _CLOCK.finditer(text):
        if match["m"] is None and match["ap"] is None:
            continue
        hour = int(match["h"])
        if match["ap"] and not 1 <= hour <= 12:
            continue
        written = match.group()
        start = match.start() + (len(written) - len(written.lstrip()))
        end = match.end() - (len(written) - len(written.rstrip()))
        minutes = _minutes(hour, int(match["m"] or 0), match["ap"][0] if match["ap"] else None)
        found.append(ClockTime(start, end, text[start:end], minutes, meridiem=bool(match["ap"])))
    return found


def clock_readings(written: str) -> frozenset[int] | None:
    """The minutes after midnight that one time written as :data:`SCHEDULE_TIME` may mean on a 12-hour clock.

    Without "am" / "pm" an hour 1–12 may be either half of the day ("7:00" is 7:00 or 19:00, "12:30" is 12:30 or
    0:30); an hour 0 or 13–24 is one time ("19:00"; "24:00" is 0:00). With "am" / "pm" a time is one reading, and
    an hour past 12 stays on the 24-hour clock ("21:00 pm" is 21:00). "noon" is 12:00, "midnight" 0:00. None when
    ``written`` is not one such time, or says no time alone: a bare hour ("11"), "25:00", "7:75", "noon-ish".

    Example::

        >>> sorted(clock_readings("7:00")), sorted(clock_readings("7 pm")), clock_readings("7")
        ([420, 1140], [1140], None)
    """
    written = written.strip()
    if _SCHEDULE.fullmatch(written) is None:
        return None
    if written.lower() in _CLOCK_WORDS:
        return frozenset({_CLOCK_WORDS[written.lower()]})
    parts = _SCHEDULE_PARTS.match(written)
    if parts is None:  # never: a SCHEDULE_TIME that is no word starts with its hour
        return None
    hour, minute, meridiem = int(parts["h"]), int(parts["m"] or 0), parts["ap"]
    if hour > 24 or minute > 59 or (meridiem is None and parts["m"] is None):
        return None
    minutes = _minutes(hour, minute, meridiem)
    if meridiem or hour == 0 or hour > 12:
        return frozenset({minutes})
    return frozenset({minutes, (minutes + _HALF_DAY) % _DAY})

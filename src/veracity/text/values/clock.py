"""The one clock-time reader: clock times as minutes after midnight ("07:45", "7:45 pm", "7 p.m.", never "at 7").

What the relation checkers compare (:mod:`veracity.stages.verify.checkers.attachment`, the record things rule): each
time with the characters it covers, "am"/"pm" included, and its value on the 24-hour clock (:func:`clock_times`).

What the record checker's opening-hours grammar reads (:mod:`veracity.stages.verify.checkers.records.hours`): a time
as a phrase of hours writes it (:data:`SCHEDULE_TIME`, embedded in the grammar's own day and range patterns: "11 am",
"21:00", "11:0" as records write it, "noon", or a bare "11" of "from 11 to 2 pm"), and the minutes it may mean on a
12-hour clock (:func:`clock_readings`: "7:00" is 7:00 or 19:00). The am/pm arithmetic is the same for both.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

__all__ = ["SCHEDULE_TIME", "ClockTime", "clock_readings", "clock_times", "same_time"]

_MERIDIEM = r"(?P<ap>[ap]m\b|[ap]\.\s?m\.)"  # "pm", "p.m."; the full stop after "pm." ends the sentence, not the time
_CLOCK = re.compile(
    rf"(?<![\d:.,£$€¥])(?P<h>[01]?\d|2[0-4])(?:(?P<sep>[:.])(?P<m>[0-5]\d)(?::[0-5]\d)?)?\s*{_MERIDIEM}?(?![\d:]|\.\d)",
    re.IGNORECASE,
)
_HOUR_WORDS = {w: k for k, w in enumerate("one two three four five six seven eight nine ten eleven twelve".split(), 1)}
_HOUR = r"(?:1[0-2]|[1-9]|" + "|".join(_HOUR_WORDS) + r")"
# "noon", "12 noon", "midday", "midnight"; "half past two", "quarter to nine", "three o'clock" (12-hour, no am/pm)
_WORD_CLOCK = re.compile(
    rf"\b(?:(?:12\s+|twelve\s+)?(?P<word>noon|midday|midnight)\b(?![-\w])"
    rf"|(?P<part>half|(?:a\s+)?quarter)\s+(?P<rel>past|to)\s+(?P<hour>{_HOUR})\b(?![-\w])|(?P<oclock>{_HOUR})\s+o['’]clock\b)",
    re.IGNORECASE,
)

# "10 in the morning", "6 in the evening", "10 at night": a part of the day after a time says its half of the day
_DAYPART = re.compile(r"\s*(?:in\s+the\s+(?P<part>morning|afternoon|evening)|at\s+(?P<night>night))\b", re.IGNORECASE)
_DAYPART_HOURS = {  # the hours (1–12) each part of the day may say
    "morning": frozenset(range(1, 12)),
    "afternoon": frozenset({12, *range(1, 7)}),
    "evening": frozenset(range(5, 12)),
    "night": frozenset({*range(1, 5), *range(6, 13)}),
}
_WORD_HOUR = re.compile(rf"\b(?P<hour>{'|'.join(_HOUR_WORDS)})\b", re.IGNORECASE)


def _daypart_minutes(hour: int, minute: int, part: str) -> int | None:
    """Minutes after midnight of ``hour:minute`` said to be in ``part`` of the day; None where the part does not fit.

    Morning is am (1–11), afternoon pm (12–6; 12 is noon), evening pm (5–11), night pm for 6–11, midnight for 12 and
    am for 1–4.

    >>> _daypart_minutes(6, 0, "evening"), _daypart_minutes(10, 30, "morning"), _daypart_minutes(2, 0, "night")
    (1080, 630, 120)
    >>> _daypart_minutes(9, 0, "afternoon") is None, _daypart_minutes(12, 0, "morning") is None
    (True, True)
    """
    part = part.lower()
    if hour not in _DAYPART_HOURS[part]:
        return None
    if part == "morning" or (part == "night" and hour <= 4):
        return hour * 60 + minute
    return (hour % 12 + 12) * 60 + minute if hour != 12 else (_HALF_DAY if part == "afternoon" else 0) + minute


def _said_with_daypart(text: str, at: int, hour: int, minute: int) -> tuple[int, int] | None:
    """The minutes of ``hour:minute`` and where its part of the day ends, where one follows at ``at`` and fits."""
    daypart = _DAYPART.match(text, at)
    if daypart is None:
        return None
    said = _daypart_minutes(hour, minute, daypart["part"] or daypart["night"])
    return None if said is None else (said, daypart.end())


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

    @property
    def readings(self) -> frozenset[int]:
        """The minutes it may mean: one, or two where a 12-hour time has no "am" / "pm" ("8:00", "half past two").

        "08:00", "18:00", "00:30" and "12:00" (noon) are on the 24-hour clock; "8:00" may be 8:00 or 20:00.
        """
        hour = self.minutes // 60
        if self.meridiem or self.text[:1] == "0" or not (1 <= hour <= 11 or self.text[:1].isalpha()):
            return frozenset({self.minutes})
        return frozenset({self.minutes, (self.minutes + _HALF_DAY) % _DAY})


def _minutes(hour: int, minute: int, meridiem: str | None) -> int:
    """Minutes after midnight of ``hour:minute`` followed by ``meridiem`` ("a", "p" or None).

    "12 am" is midnight and "12 pm" noon. An hour past 12 is on the 24-hour clock whatever follows it: answers write
    "21:00 pm" for 21:00. "24:00" is the midnight that ends the day, so 0.
    """
    if meridiem and hour <= 12:
        hour = hour % 12 + (12 if meridiem.lower() == "p" else 0)
    return (hour * 60 + minute) % _DAY


def clock_times(text: str) -> list[ClockTime]:
    """The clock times of ``text``, in order: hours and minutes, an hour with "am" / "pm", or a time in words.

    Written forms: "07:45", "7:45 pm", "7 p.m.", "9.30am" (a full stop between hour and minutes only with "am" / "pm":
    "9.30" alone is a number), "noon", "12 noon", "midday", "midnight", "half past two", "a quarter to nine", "three
    o'clock", and a time with its part of the day, "10 in the morning", "6 in the evening", "half past ten at night",
    "seven in the evening" (read as "am" / "pm": :func:`_daypart_minutes`). Hours 0–24 on the 24-hour clock ("24:00" is
    midnight), seconds read and dropped ("12:30:45" is 12:30), 1–12 with "am" / "pm" ("12 am" is midnight). Kept as
    words, never a time: a number with neither minutes nor "am" / "pm" ("at 7"), part of a longer figure ("1.30",
    "12:30:45:10"), an hour the 12-hour clock lacks with "am" / "pm" ("13 pm"), an hour or minute out of range ("25:00",
    "9.75am"), "noonish". A time with no "am" / "pm" on the 12-hour clock ("8:00", "half past two") may be either half
    of the day (:attr:`ClockTime.readings`).

    Example::

        >>> [(t.text, t.minutes) for t in clock_times("Departs 07:45, arrives 2:10 pm; gate at 7; shut at midnight.")]
        [('07:45', 465), ('2:10 pm', 850), ('midnight', 0)]
        >>> [(t.text, t.minutes) for t in clock_times("Open from 10 in the morning until 6 in the evening.")]
        [('10 in the morning', 600), ('6 in the evening', 1080)]
    """
    return list(_clock_times(text))


@functools.lru_cache(maxsize=1 << 12)  # the same sentences are read by every checker: kept, bounded
def _clock_times(text: str) -> tuple[ClockTime, ...]:
    found: list[ClockTime] = []
    bare: list[tuple[int, int, int]] = []  # "6" of "from 6 to 9 pm": a time only if a range's second bound says so
    for match in _CLOCK.finditer(text):
        if match["ap"] is None and match["sep"] != "." and match["h"][:1] != "0":
            said = _said_with_daypart(text, match.end(), int(match["h"]), int(match["m"] or 0))
            if said is not None:
                start = match.start() + (len(match.group()) - len(match.group().lstrip()))
                found.append(ClockTime(start, said[1], text[start : said[1]], said[0], meridiem=True))
                continue
        if match["m"] is None and match["ap"] is None:
            if 1 <= int(match["h"]) <= 12 and match["h"][:1] != "0":
                bare.append((match.start("h"), match.end("h"), int(match["h"])))
            continue
        if match["sep"] == "." and match["ap"] is None:
            continue  # "9.30" alone is a number
        hour = int(match["h"])
        if match["ap"] and not 1 <= hour <= 12:
            continue
        written = match.group()
        start = match.start() + (len(written) - len(written.lstrip()))
        end = match.end() - (len(written) - len(written.rstrip()))
        minutes = _minutes(hour, int(match["m"] or 0), match["ap"][0] if match["ap"] else None)
        found.append(ClockTime(start, end, text[start:end], minutes, meridiem=bool(match["ap"])))
    found = _shared_meridiem(text, found, bare)
    taken = [(t.start, t.end) for t in found]
    for match in _WORD_CLOCK.finditer(text):
        if any(a < match.end() and match.start() < b for a, b in taken):
            continue
        if match["word"]:
            minutes, meridiem = (0, True) if match["word"].lower() == "midnight" else (_HALF_DAY, True)
        else:
            written_hour = (match["hour"] or match["oclock"]).lower()
            hour = _HOUR_WORDS.get(written_hour) or int(written_hour)
            minutes, meridiem = (hour % 12) * 60, False
            if match["part"]:
                offset = 30 if match["part"].lower() == "half" else 15
                minutes += offset if match["rel"].lower() == "past" else -offset
            minutes %= _DAY
        end = match.end()
        said = None if match["word"] else _said_with_daypart(text, end, minutes // 60 or 12, minutes % 60)
        if said is not None:  # "half past ten in the morning"
            (minutes, end), meridiem = said, True
        found.append(ClockTime(match.start(), end, text[match.start() : end], minutes, meridiem=meridiem))
        taken.append((match.start(), end))
    for match in _WORD_HOUR.finditer(text):  # "seven in the evening": an hour in words, its part of the day
        said = _said_with_daypart(text, match.end(), _HOUR_WORDS[match["hour"].lower()], 0)
        if said is not None and not any(a < said[1] and match.start() < b for a, b in taken):
            found.append(ClockTime(match.start(), said[1], text[match.start() : said[1]], said[0], meridiem=True))
            taken.append((match.start(), said[1]))
    return tuple(sorted(found, key=lambda t: t.start))


_RANGE_WORD = re.compile(r"\s*(?:-|–|—|to|until|till)\s*", re.IGNORECASE)


def _shared_meridiem(text: str, found: list[ClockTime], bare: list[tuple[int, int, int]]) -> list[ClockTime]:
    """A range's first bound with the "am" / "pm" written once, after its second: "6:30 to 9:30 pm" is 18:30 to 21:30.

    English writes a range's meridiem once ("6–9 pm", "from 11 to 4 pm"). The first bound, a 12-hour time with no
    meridiem of its own, or a bare hour (which alone is never a time), joined to the second by "to", "until",
    "till" or a dash, takes the second's half of the day, or the other half where that would end the range before
    it starts ("11 to 2 pm" is 11:00 to 14:00).

    >>> [(t.text, t.minutes) for t in clock_times("from 6:30 to 9:30 pm, or 11–2 pm; at 7 to 8")]
    [('6:30', 1110), ('9:30 pm', 1290), ('11', 660), ('2 pm', 840)]
    """
    twelve_hour = [t for t in found if not t.meridiem and t.text[:1] != "0" and 1 <= t.minutes // 60 <= 12]
    firsts = [(t.start, t.end, t.minutes // 60, t.minutes % 60) for t in twelve_hour]
    firsts += [(start, end, hour, 0) for start, end, hour in bare]
    read = {(t.start, t.end): t for t in found}
    for second in [t for t in found if t.meridiem]:
        for start, end, hour, minute in firsts:
            if _RANGE_WORD.fullmatch(text, end, second.start) is None:
                continue
            pm = second.minutes >= _HALF_DAY
            minutes = _minutes(hour, minute, "p" if pm else "a")
            if minutes > second.minutes:  # "11 to 2 pm": the range would end before it starts
                minutes = _minutes(hour, minute, "a" if pm else "p")
            read[(start, end)] = ClockTime(start, end, text[start:end], minutes, meridiem=True)
    return sorted(read.values(), key=lambda t: t.start)


def same_time(a: ClockTime, b: ClockTime) -> bool:
    """Whether two clock times may be one time of day: "9 am" and "09:00", "3 pm" and "15:00", "8:00" and "8 pm".

    >>> [a, b, c] = clock_times("9 am, 09:00 and 9 pm")
    >>> same_time(a, b), same_time(a, c)
    (True, False)
    """
    return bool(a.readings & b.readings)


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

"""The one clock-time reader: clock times as minutes after midnight ("07:45", "7:45 pm", "7 p.m.", never "at 7").

What the relation checkers compare (:mod:`veracity.stages.verify.checkers.attachment`, the record things rule): each
time with the characters it covers, "am"/"pm" included, and its value on the 24-hour clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["ClockTime", "clock_times"]

_CLOCK = re.compile(
    r"(?<![\d:.])(?P<h>[01]?\d|2[0-4])(?::(?P<m>[0-5]\d)(?::[0-5]\d)?)?\s*(?P<ap>[ap]\.?\s?m\b\.?)?(?![\d:])",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class ClockTime:
    """A clock time of a text: ``[start, end)`` covers it ("7:45 pm"), ``minutes`` after midnight (1185)."""

    start: int
    end: int
    text: str
    minutes: int


def clock_times(text: str) -> list[ClockTime]:
    """The clock times of ``text``: hours and minutes ("07:45"), or an hour with "am" / "pm" ("7 pm", "7:45 p.m.").

    Hours 0–24 on the 24-hour clock ("24:00" is midnight), seconds read and dropped ("12:30:45" is 12:30), 1–12 with
    "am" / "pm" ("12 am" is midnight). A number with neither minutes nor "am" / "pm" ("at 7") is no time; nor is a
    part of a longer figure ("1.30", "12:30:45:10").

    Example::

        >>> [(t.text, t.minutes) for t in clock_times("Departs 07:45, arrives 2:10 pm; gate at 7.")]
        [('07:45', 465), ('2:10 pm', 850)]
    """
    found: list[ClockTime] = []
    for match in _CLOCK.finditer(text):
        if match["m"] is None and match["ap"] is None:
            continue
        hour = int(match["h"])
        if hour == 24 and match["ap"] is None:
            hour = 0  # "24:00": midnight, the end of the day
        elif match["ap"]:
            if hour > 12 or hour == 0:
                continue
            hour = hour % 12 + (12 if match["ap"].lower().startswith("p") else 0)
        written = match.group()
        start = match.start() + (len(written) - len(written.lstrip()))
        end = match.end() - (len(written) - len(written.rstrip()))
        found.append(ClockTime(start, end, text[start:end], hour * 60 + int(match["m"] or 0)))
    return found

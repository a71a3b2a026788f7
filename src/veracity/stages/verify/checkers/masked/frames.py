"""Masked value frames: a value's sentence with the value hidden, so that what it is said about is all that is left.

The rule: a value of a text (an amount, a duration, a percent, a quantity, a date, a clock time, a house number, a
count with the noun it counts) is read by the project's one value reader (:func:`veracity.text.values.read_values`,
:func:`~veracity.text.values.find_dates`, :func:`~veracity.text.values.clock_times`), given a *kind* from its unit
(:func:`value_kind`), and its *frame* is its sentence with the value written as ``[KIND]`` and the sentence's other
values of that kind as ``[other KIND]`` (:func:`frame`). Values of other kinds stay as written: they say which
thing it is ("in 2019", "for 3 people"). Two frames that read alike are about the same thing, whatever the values.

Worked example (the SEPA case of issue 70)::

    answer: "SEPA Direct Debit payments can be refunded within 180 days of the original payment."
      frame "SEPA Direct Debit payments can be refunded within [DURATION] of the original payment."
    source: "You can refund a card charge within 180 days of the original charge."
      frame "You can refund a card charge within [DURATION] of the original charge."
    source: "SEPA Direct Debit payments can be refunded within 60 days."
      frame "SEPA Direct Debit payments can be refunded within [DURATION]."

The answer's frame reads like the second source frame, which gives that thing 60 days; the checker
(:mod:`.checker`) compares the frames. A source's frames come from its prose sentences
(:attr:`~veracity.stages.sources.Sources.sentences`) and from its record fields rendered as clauses ("fees uk
commercial card: [PERCENT]"; :func:`field_clause`), each with the offsets of what it cites (:class:`SourceFrame`).

Bounds: a text with more than :data:`MAX_VALUES` values gives no frames (a table row, a list of figures), a frame is
at most :data:`MAX_FRAME_CHARS` characters around its value, and a source gives at most ``limit`` frames.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from veracity.stages.sources import Sources, is_record_text
from veracity.text.records import RecordField
from veracity.text.values import (
    CURRENCY_BEFORE,
    RANGE_BETWEEN,
    TIME_OF_DAY,
    UNIT_TABLE,
    DateValue,
    Value,
    clock_times,
    find_dates,
    is_year_like,
    read_values,
    same_value,
    units_written_after,
)

__all__ = [
    "ADDRESS",
    "AMOUNT",
    "COUNT",
    "DATE",
    "DURATION",
    "KINDS",
    "MAX_FRAME_CHARS",
    "MAX_VALUES",
    "NUMBER",
    "PERCENT",
    "QUANTITY",
    "TIME",
    "FrameValue",
    "SourceFrame",
    "SourceFrames",
    "clause_bounds",
    "field_clause",
    "frame",
    "frames_of_text",
    "in_range",
    "placeholder",
    "same_stated",
    "sentence_values",
    "source_frames",
    "value_kind",
    "written_span",
]

ADDRESS, AMOUNT, COUNT, DATE, DURATION, NUMBER, PERCENT, QUANTITY, TIME = (
    "ADDRESS", "AMOUNT", "COUNT", "DATE", "DURATION", "NUMBER", "PERCENT", "QUANTITY", "TIME"
)  # fmt: skip
KINDS = (ADDRESS, AMOUNT, COUNT, DATE, DURATION, NUMBER, PERCENT, QUANTITY, TIME)

MAX_VALUES = 12
"""A text with more values than this gives no frames: a table row or a list of figures, no sentence about a thing."""

MAX_FRAME_CHARS = 600
"""A longer sentence (an unsplit list, a table) is cut to the clause around the value, then to this many characters."""


@dataclass(frozen=True)
class FrameValue:
    """A value of a text: the characters it is written in with its unit (``[start, end)``), its kind, what it states.

    ``stated`` is the reader's :class:`~veracity.text.values.Value`, a :class:`~veracity.text.values.DateValue`, or
    None for a clock time (``clock``: minutes after midnight, and whether "am"/"pm" was written); ``noun`` is what a
    count counts, with what it is per ("request/second").
    """

    start: int
    end: int
    kind: str
    stated: Value | DateValue | None
    noun: str | None = None
    clock: tuple[int, bool] | None = None

    @property
    def key(self) -> str:
        """What a value is compared within: its kind, for a count the noun too ("COUNT:request/second")."""
        return f"{COUNT}:{self.noun}" if self.kind == COUNT else self.kind


def value_kind(value: Value) -> str:
    """The kind of a value the reader read, from its unit.

    Money → AMOUNT, time → DURATION, % → PERCENT, another unit → QUANTITY, a year-like integer → DATE, a clock's
    number → TIME, a number counting a noun → COUNT, else NUMBER. (A value-kind function that belongs in
    ``text/values``.)

    >>> [value_kind(v) for v in read_values("It costs $5, takes 3 days, seats 4 people, since 2019.")]
    ['AMOUNT', 'DURATION', 'COUNT', 'DATE']
    """
    if value.noun == TIME_OF_DAY:
        return TIME
    if value.units:
        measure = UNIT_TABLE[value.units[0]][0]
        if measure.startswith("money"):
            return AMOUNT
        if measure == "time":
            return DURATION
        if measure == "percent":
            return PERCENT
        return QUANTITY
    if is_year_like(value):
        return DATE
    return COUNT if value.noun else NUMBER


_STREET_AFTER = re.compile(
    r"\s+(?:[A-Z][\w.'-]*\s+){0,3}(?:(?:St|Rd|Ave|Blvd|Dr|Ln|Hwy|Pkwy|Pl|Ct|Sq)\b\.?"
    r"|(?:Street|Road|Avenue|Boulevard|Drive|Lane|Way|Highway|Parkway|Place|Court|Pike|Square)\b)"
)
_PERCENT_AFTER = re.compile(r"\s*(?:%|per\s?cent|percent)", re.IGNORECASE)
_MERIDIEM = re.compile(r"[ap]\.?\s?m\b", re.IGNORECASE)


def written_span(text: str, value: Value, kind: str) -> tuple[int, int]:
    """The characters a value is written in, its currency and unit included ("$50 million", "180 days", "45%").

    >>> text = "It costs $50 million over 180 days."
    >>> [text[slice(*written_span(text, v, value_kind(v)))] for v in read_values(text)]
    ['$50 million', '180 days']
    """
    start, end = value.start, value.end
    before = CURRENCY_BEFORE.search(text, max(0, start - 5), start)
    if before is not None and before.group("other") is None:
        start = before.start()
    if kind == PERCENT:
        m = _PERCENT_AFTER.match(text, end)
        end = m.end() if m else end
    elif kind in (DURATION, QUANTITY) or (kind == AMOUNT and start == value.start):
        end = max(end, units_written_after(text, end)[1])
    elif kind == ADDRESS:
        m = _STREET_AFTER.match(text, end)
        end = m.end() if m else end
    return start, end


def sentence_values(text: str) -> list[FrameValue]:
    """The values of ``text`` in order: clock times, dates, then every other number the value reader reads.

    >>> [(v.kind, v.key) for v in sentence_values("Open 9:00 pm on 3 May 2021 for 20 guests at 12 Elm Street.")]
    [('TIME', 'TIME'), ('DATE', 'DATE'), ('COUNT', 'COUNT:guest'), ('ADDRESS', 'ADDRESS')]
    """
    found = [FrameValue(t.start, t.end, TIME, None, clock=(t.minutes, bool(_MERIDIEM.search(t.text))))
             for t in clock_times(text)]  # fmt: skip
    found += [FrameValue(d.start, d.end, DATE, d.value) for d in find_dates(text)]
    taken = [(v.start, v.end) for v in found]
    for v in read_values(text):
        if v.noun == TIME_OF_DAY or any(a < v.end and v.start < b for a, b in taken):
            continue  # a clock's hours and minutes: the clock time is the value
        kind = value_kind(v)
        if kind in (NUMBER, COUNT, DATE) and v.plain and _STREET_AFTER.match(text, v.end):
            kind = ADDRESS  # "1226 State St": a house number, no year and no count
        start, end = written_span(text, v, kind)
        noun = f"{v.noun}/{v.per}" if kind == COUNT and v.per else (v.noun if kind == COUNT else None)
        found.append(FrameValue(start, end, kind, v, noun))
    return sorted(found, key=lambda v: v.start)


def in_range(text: str, values: Sequence[FrameValue], index: int) -> bool:
    """Whether ``values[index]`` bounds a range with a neighbour of its kind ("$75 to $400", "2-3 days").

    A range is the value checker's to compare as a whole, never bound by bound.
    """
    value = values[index]
    for k in (index - 1, index + 1):
        if 0 <= k < len(values) and values[k].kind == value.kind:
            a, b = (values[k], value) if k < index else (value, values[k])
            if RANGE_BETWEEN.fullmatch(text, a.end, b.start):
                return True
    return False


def same_stated(a: FrameValue, b: FrameValue) -> bool:
    """Whether two values state the same thing.

    Clock times by the minute (without "am"/"pm" on one side, 5:30 may be 17:30), dates on every part both give,
    values with units by :func:`~veracity.text.values.same_value` (units, conversions, rounding) either way, other
    numbers by amount.
    """
    if a.key != b.key:
        return False
    if a.clock is not None and b.clock is not None:
        (p, written_p), (q, written_q) = a.clock, b.clock
        loose = not (written_p and written_q) and min(p, q) < 13 * 60
        return p == q or (loose and p % 720 == q % 720)
    x, y = _as_date(a.stated), _as_date(b.stated)
    if isinstance(x, DateValue) or isinstance(y, DateValue):
        if not (isinstance(x, DateValue) and isinstance(y, DateValue)):
            return False
        parts = [(p, q) for p, q in ((x.year, y.year), (x.month, y.month), (x.day, y.day)) if p and q]
        return bool(parts) and all(p == q for p, q in parts)
    if not isinstance(x, Value) or not isinstance(y, Value):
        return False
    if x.units and y.units:
        return same_value(x, y) or same_value(y, x)
    return bool(x.amount == y.amount)


def _as_date(stated: Value | DateValue | None) -> Value | DateValue | None:
    if isinstance(stated, Value) and is_year_like(stated):
        return DateValue(int(stated.amount))
    return stated


def placeholder(kind: str, other: bool = False) -> str:
    """What a value of ``kind`` is written as in a frame: ``[DURATION]``; the text's others ``[other DURATION]``."""
    return f"[other {kind}]" if other else f"[{kind}]"


_CLAUSE_CUT = re.compile(r";\s+|,\s+(?=(?:while|whereas|but|although|though|and\s+the|compared\s+(?:to|with))\b)")


def clause_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """The clause of ``text`` around ``[start, end)``: cut at ";" and at contrastive joins (", while", ", but", …).

    >>> clause_bounds("Cards take 180 days; SEPA takes 60 days.", 32, 39)
    (21, 40)
    """
    lo, hi = 0, len(text)
    for m in _CLAUSE_CUT.finditer(text):
        if m.end() <= start:
            lo = m.end()
        elif m.start() >= end:
            hi = m.start()
            break
    return lo, hi


def frame(text: str, values: Sequence[FrameValue], index: int) -> str:
    """``text`` with ``values[index]`` written ``[KIND]`` and the other values of its kind ``[other KIND]``.

    A text longer than :data:`MAX_FRAME_CHARS` is cut to the clause around the value, then to that many characters
    around it. Spaces are collapsed.

    >>> s = "Cards take 180 days, and SEPA 60 days, in 2024."
    >>> frame(s, sentence_values(s), 1)
    'Cards take [other DURATION], and SEPA [DURATION], in 2024.'
    """
    target = values[index]
    lo, hi = 0, len(text)
    if hi > MAX_FRAME_CHARS:
        lo, hi = clause_bounds(text, target.start, target.end)
    if hi - lo > MAX_FRAME_CHARS:
        half = MAX_FRAME_CHARS // 2
        lo, hi = max(lo, target.start - half), min(hi, target.end + half)
    out, position = [], lo
    for v in values:
        if v.kind != target.kind or v.start < position or v.end > hi:
            continue
        out += [text[position : v.start], placeholder(v.kind, v is not target)]
        position = v.end
    out.append(text[position:hi])
    return " ".join("".join(out).split())


def frames_of_text(text: str, values: Sequence[FrameValue] | None = None) -> list[tuple[FrameValue, str]] | None:
    """Each value of ``text`` with its frame; None when it has more than :data:`MAX_VALUES` values (not read)."""
    values = sentence_values(text) if values is None else values
    if len(values) > MAX_VALUES:
        return None
    return [(v, frame(text, values, k)) for k, v in enumerate(values)]


@dataclass(frozen=True)
class SourceFrame:
    """A value of a source with its frame.

    ``document`` is a position in :attr:`Sources.documents`, ``[start, end)`` the offsets there of what the frame
    cites (a sentence, a record field), ``text`` what it cites as read (the sentence; a field as its clause), and
    ``value`` the value's offsets in ``text``.
    """

    document: int
    start: int
    end: int
    text: str
    value: FrameValue
    frame: str

    @property
    def written(self) -> str:
        """The value as the source writes it ("60 days")."""
        return self.text[self.value.start : self.value.end]


@dataclass(frozen=True)
class SourceFrames:
    """The frames of one input's sources; ``capped``: the sources had more than the limit, and the rest went unread."""

    frames: tuple[SourceFrame, ...]
    capped: bool = False


_SHORT_CLOCK = re.compile(r"\b(\d{1,2}):(\d)\b")
_KEY_WORDS = re.compile(r"[A-Z]+(?=[A-Z][a-z]|\b|_|\d)|[A-Z]?[a-z]+", re.UNICODE)


def field_clause(field: RecordField) -> tuple[str, int] | None:
    """A record field as a clause, "path words: value", and where its value starts; None for no value to read.

    Keys are split into words ("commercialCard": commercial card; list positions dropped: a number of a key is no
    value), a record's short clock "12:0" reads 12:00.

    >>> from veracity.text.records import RecordField
    >>> field_clause(RecordField("d", ("fees", "UK", "commercialCard"), ("commercial", "card"), "1.5%"))
    ('fees UK commercial card: 1.5%', 25)
    """
    if field.value is None or isinstance(field.value, bool):
        return None
    words: list[str] = []
    for part in field.path:
        pieces = _KEY_WORDS.findall(part) or [part]
        words += [part] if len(pieces) == 1 else [w if w.isupper() else w.lower() for w in pieces]
    key = " ".join(w for w in words if not w.isdigit()) or "value"
    value = _SHORT_CLOCK.sub(r"\1:\g<2>0", str(field.value))
    return f"{key}: {value}", len(key) + 2


def source_frames(sources: Sources, limit: int) -> SourceFrames:
    """Every value frame of the sources: prose sentences, then record fields, at most ``limit`` in all.

    A sentence or field with more than :data:`MAX_VALUES` values gives none; a record's values are read in the
    field's value only.
    """
    out: list[SourceFrame] = []
    for sentence in sources.sentences:
        framed = frames_of_text(sentence.text) or []
        out += [SourceFrame(sentence.document, sentence.start, sentence.end, sentence.text, v, f) for v, f in framed]
        if len(out) > limit:
            return SourceFrames(tuple(out[:limit]), capped=True)
    position = {d.id: k for k, d in reversed(list(enumerate(sources.documents)))}
    for field in sources.record_fields:
        document = position.get(field.document_id)
        clause = field_clause(field)
        if document is None or clause is None or not is_record_text(sources.documents[document].text):
            continue  # "key: value" lines of a prose document are read as its sentences
        text, value_start = clause
        values = [v for v in sentence_values(text) if v.start >= value_start]
        span = field.span
        start, end = (span.start, span.end) if span is not None else (0, 0)
        out += [SourceFrame(document, start, end, text, v, f) for v, f in frames_of_text(text, values) or []]
        if len(out) > limit:
            return SourceFrames(tuple(out[:limit]), capped=True)
    return SourceFrames(tuple(out))

"""Masked value frames: which thing a value belongs to, read from the words around it (issue 70, item 1).

Pure functions, no model: a text's values with their kind (:func:`sentence_values`), a value's frame (the sentence,
or the clause around it, with that value and the other values of its kind replaced by the kind's placeholder:
:func:`frame`), a source's frames (:func:`source_frames`, records rendered as ``key: value`` clauses), and whether
two values state the same thing (:func:`same_stated`). Values are read by the project's one value reader
(:func:`veracity.text.units.read_values`) and dates by :func:`veracity.text.normalize.find_dates`.

Example::

    >>> s = "SEPA Direct Debit payments can be refunded within 60 days."
    >>> [frame(s, sentence_values(s), k) for k in range(1)]
    ['SEPA Direct Debit payments can be refunded within [DURATION].']
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from veracity.text.select import json_as_text
from veracity.text.split import split_sentences

try:  # the value reader's package since issue 69 (veracity.text.values); before it, text.units and text.normalize
    from veracity.text.values import (
        CURRENCY_BEFORE,
        TIME_OF_DAY,
        UNIT_TABLE,
        DateValue,
        find_dates,
        is_year_like,
        read_values,
        same_value,
        units_written_after,
    )
    from veracity.text.values import Value as StatedValue
except ImportError:  # pragma: no cover - the tree before the move
    from veracity.text.units import (  # type: ignore[no-redef]
        CURRENCY_BEFORE,
        TIME_OF_DAY,
        UNIT_TABLE,
        StatedValue,
        is_year_like,
        read_values,
        same_value,
        units_written_after,
    )

    from veracity.text.normalize import DateValue, find_dates  # type: ignore[no-redef]

__all__ = [
    "KINDS",
    "SourceFrame",
    "Value",
    "clause_bounds",
    "frame",
    "frames_of_sentence",
    "same_stated",
    "sentence_values",
    "source_frames",
    "source_sentences",
    "value_kind",
]

ADDRESS, AMOUNT, DATE, DURATION, NUMBER, PERCENT, QUANTITY, TIME = (
    "ADDRESS", "AMOUNT", "DATE", "DURATION", "NUMBER", "PERCENT", "QUANTITY", "TIME"
)  # fmt: skip
KINDS = (ADDRESS, AMOUNT, DATE, DURATION, NUMBER, PERCENT, QUANTITY, TIME)
MAX_VALUES = 12  # a sentence with more values than this gives no frames (a table row, a list of figures): bounded work
MAX_SENTENCE_CHARS = 600  # longer "sentences" (unsplit lists, tables) are cut to the clause around the value


@dataclass(frozen=True)
class Value:
    """A value of a sentence: where it is written with its unit (``[start, end)``), its kind, and what it states.

    ``stated``: the reader's value (:class:`StatedValue`) or a :class:`DateValue`; ``noun``: the word a bare count
    counts ("sites"), if any.
    """

    start: int
    end: int
    kind: str
    stated: StatedValue | DateValue
    noun: str | None = None
    clock: tuple[int, bool] | None = None  # a TIME: minutes after midnight, and whether am/pm was written


def value_kind(value: StatedValue) -> str:
    """The kind of a value read by :func:`read_values`, from its units: money → AMOUNT, time → DURATION, …

    A year-like plain integer ("in 2019") is a DATE; a clock time a TIME; a number with no unit a NUMBER (a count,
    with or without the noun it counts).
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
    return NUMBER


_STREET_AFTER = re.compile(
    r"\s+(?:[A-Z][\w.'-]*\s+){0,3}(?:St|Street|Rd|Road|Ave|Avenue|Blvd|Boulevard|Dr|Drive|Ln|Lane|Way|Hwy|Highway"
    r"|Pkwy|Parkway|Pl|Place|Ct|Court|Pike|Sq|Square)\b\.?"
)
_MERIDIEM_AFTER = re.compile(r"\s*(?P<m>[ap])\.?\s?m\b\.?", re.IGNORECASE)
_PERCENT_AFTER = re.compile(r"\s*(?:%|per\s?cent|percent)", re.IGNORECASE)
_CLOCK_AROUND = re.compile(r"\d{1,2}(?::\d{2}(?::\d{2})?)?(?:\s*(?:[ap]\.m\.|[ap]m\b))?", re.IGNORECASE)


def _written_span(text: str, value: StatedValue, kind: str) -> tuple[int, int]:
    """The characters the value is written in, its currency symbol and unit included ("$50 million", "180 days")."""
    start, end = value.start, value.end
    before = CURRENCY_BEFORE.search(text, max(0, start - 5), start)
    if before is not None:
        start = before.start()
    if kind == PERCENT:
        m = _PERCENT_AFTER.match(text, end)
        end = m.end() if m else end
    elif kind in (DURATION, QUANTITY) or (kind == AMOUNT and before is None):
        _, unit_end, _ = units_written_after(text, end)
        end = max(end, unit_end)
    elif kind == ADDRESS:
        m = _STREET_AFTER.match(text, end)
        end = m.end() if m else end
    elif kind == TIME:
        for m in _CLOCK_AROUND.finditer(text, max(0, start - 6), min(len(text), end + 10)):
            if m.start() <= value.start < m.end():
                start, end = min(start, m.start()), max(end, m.end())
    return start, end


def sentence_values(text: str) -> list[Value]:
    """The values of ``text`` (a sentence or clause) in order: dates, then every number the value reader reads.

    The two numbers of one clock time ("12:30") are one TIME value.
    """
    found: list[Value] = [Value(d.start, d.end, DATE, d.value) for d in find_dates(text)]
    for v in read_values(text):
        kind = value_kind(v)
        if kind in (NUMBER, DATE) and v.plain and _STREET_AFTER.match(text, v.end):
            kind = ADDRESS  # "1226 State St": a house number, no year
        elif kind == NUMBER and v.amount == v.amount.to_integral_value() and 1 <= v.amount <= 12:
            kind = TIME if _MERIDIEM_AFTER.match(text, v.end) else kind  # "7 PM"
        start, end = _written_span(text, v, kind)
        if found and kind == TIME and found[-1].kind == TIME and start < found[-1].end:
            continue  # the minutes of a clock time already taken
        noun = v.noun if kind == NUMBER else None
        clock = _clock(text[start:end]) if kind == TIME else None
        found.append(Value(start, end, kind, v, noun, clock))
    found.sort(key=lambda v: v.start)
    return found


def _clock(written: str) -> tuple[int, bool] | None:
    """ "9:00 PM" → (1260, True), "15:00" → (900, False), "7 pm" → (1140, True)."""
    m = re.match(r"(\d{1,2})(?::(\d{2}))?", written)
    if m is None:
        return None
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    meridiem = _MERIDIEM_AFTER.search(written, m.end())
    if meridiem is not None:
        hour = hour % 12 + (12 if meridiem.group("m").lower() == "p" else 0)
    return hour * 60 + minute, meridiem is not None


def same_stated(a: Value, b: Value) -> bool:
    """Whether two values of one kind state the same thing: dates agree on every part both give, numbers by
    :func:`same_value` (units, conversions, rounding) or, with no unit, by amount.
    """
    if a.kind != b.kind:
        return False
    if a.clock is not None and b.clock is not None:  # without am/pm on one side, 5:30 may be 17:30
        (p, written_p), (q, written_q) = a.clock, b.clock
        loose = not (written_p and written_q) and min(p, q) < 13 * 60
        return p == q or (loose and p % 720 == q % 720)
    x, y = a.stated, b.stated
    if isinstance(x, StatedValue) and is_year_like(x):
        x = DateValue(int(x.amount))
    if isinstance(y, StatedValue) and is_year_like(y):
        y = DateValue(int(y.amount))
    if isinstance(x, DateValue) or isinstance(y, DateValue):
        if not (isinstance(x, DateValue) and isinstance(y, DateValue)):
            return False
        parts = [(p, q) for p, q in ((x.year, y.year), (x.month, y.month), (x.day, y.day)) if p and q]
        return bool(parts) and all(p == q for p, q in parts)
    if x.units and y.units:
        return same_value(x, y) or same_value(y, x)
    return bool(x.amount == y.amount)


def placeholder(kind: str, other: bool = False) -> str:
    """What a value of ``kind`` is replaced by in a frame: ``[AMOUNT]``, ``[DATE]``, …; the sentence's other values
    of that kind by ``[other AMOUNT]`` when they are marked apart (``mark_others``).
    """
    return f"[other {kind}]" if other else f"[{kind}]"


_CLAUSE_CUT = re.compile(r";\s+|,\s+(?=(?:while|whereas|but|although|though|and\s+the|compared\s+(?:to|with))\b)")


def clause_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """The clause of ``text`` around ``[start, end)``: cut at ";" and at contrastive joins (", while", ", but", …)."""
    lo, hi = 0, len(text)
    for m in _CLAUSE_CUT.finditer(text):
        if m.end() <= start:
            lo = m.end()
        elif m.start() >= end:
            hi = m.start()
            break
    return lo, hi


def frame(text: str, values: Sequence[Value], index: int, clause: bool = False, mark_others: bool = False) -> str:
    """``text`` with ``values[index]`` and every other value of its kind replaced by the kind's placeholder.

    With ``mark_others``, the other values of the kind read ``[other KIND]``, so that two values of one sentence
    have two frames ("It has [NUMBER] stars and [other NUMBER] reviews"). With ``clause``, only the clause around the value is kept (:func:`clause_bounds`). Values of other kinds stay
    as written (they say which thing it is: "in 2019", "for 3 people"). A sentence longer than
    ``MAX_SENTENCE_CHARS`` is cut to the clause, then to that many characters around the value.
    """
    target = values[index]
    lo, hi = (
        clause_bounds(text, target.start, target.end) if clause or len(text) > MAX_SENTENCE_CHARS else (0, len(text))
    )
    if hi - lo > MAX_SENTENCE_CHARS:
        half = MAX_SENTENCE_CHARS // 2
        lo, hi = max(lo, target.start - half), min(hi, target.end + half)
    out, position = [], lo
    for v in values:
        if v.kind != target.kind or v.start < position or v.end > hi or v.start < lo:
            continue
        out.append(text[position : v.start])
        out.append(placeholder(v.kind, mark_others and v is not target))
        position = v.end
    out.append(text[position:hi])
    return re.sub(r"\s+", " ", "".join(out)).strip()


def frames_of_sentence(text: str, clause: bool = False, mark_others: bool = False) -> list[tuple[Value, str]]:
    """Each value of a sentence with its frame; none when it has more than ``MAX_VALUES`` values (capped)."""
    values = sentence_values(text)
    if len(values) > MAX_VALUES:
        return []
    return [(v, frame(text, values, k, clause, mark_others)) for k, v in enumerate(values)]


@dataclass(frozen=True)
class SourceFrame:
    """A value of a source sentence with its frame: which document and sentence, the sentence, the value, the frame."""

    document: int
    sentence: int
    text: str
    value: Value
    frame: str


_SHORT_CLOCK = re.compile(r"\b(\d{1,2}):(\d)\b")
_RECORD_KEY = re.compile(r"^[^:\n]{1,120}:\s")


def as_record_text(document: str) -> str | None:
    """A record (a JSON object or array, or a Python literal of one, with trailing text such as "Overview:" kept)
    as ``key: value`` lines (:func:`veracity.text.select.json_as_text`); None when ``document`` is no record.
    """
    stripped = document.strip()
    if not stripped.startswith(("{", "[")):
        return None
    text = json_as_text(stripped)
    if text is not stripped:
        return text
    close = "}" if stripped[0] == "{" else "]"
    end = stripped.rfind(close) + 1
    try:
        value = ast.literal_eval(stripped[:end])
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    return json_as_text(json.dumps(value, ensure_ascii=False, default=str)) + "\n" + stripped[end:]


def source_sentences(document: str) -> list[str]:
    """A source's sentences: prose split by the project's rule splitter; a record as one ``key: value`` clause a
    line (:func:`as_record_text`), long text fields split into sentences.
    """
    record = as_record_text(document)
    text = document if record is None else _SHORT_CLOCK.sub(r"\1:\g<2>0", record)  # "12:0-19:0": 12:00 to 19:00
    out: list[str] = []
    for line in text.split("\n"):
        if not line.strip():
            continue
        out.extend(s.span.text for s in split_sentences(line, "rules"))
    return out


def source_frames(documents: Sequence[str], clause: bool = False, mark_others: bool = False) -> list[SourceFrame]:
    """Every value frame of the sources. In a record's ``key: value`` line, numbers of the key (list positions:
    "review info 2, review stars") are no values.
    """
    frames: list[SourceFrame] = []
    for d, document in enumerate(documents):
        record = as_record_text(document) is not None
        for s, sentence in enumerate(source_sentences(document)):
            key = _RECORD_KEY.match(sentence) if record else None
            values = sentence_values(sentence)
            if key is not None:
                values = [v for v in values if v.start >= key.end()]
            if len(values) > MAX_VALUES:
                continue
            for k, v in enumerate(values):
                frames.append(SourceFrame(d, s, sentence, v, frame(sentence, values, k, clause, mark_others)))
    return frames


def amount_of(value: Value) -> Decimal | None:
    """The number a value states (None for a date)."""
    return value.stated.amount if isinstance(value.stated, StatedValue) else None

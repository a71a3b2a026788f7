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
from veracity.text.about import aligned_text
from veracity.text.records import RecordField
from veracity.text.values.kinds import WrittenValue, sentence_values

__all__ = [
    "MAX_FRAME_CHARS",
    "MAX_VALUES",
    "SourceFrame",
    "SourceFrames",
    "clause_bounds",
    "field_clause",
    "frame",
    "frames_of_text",
    "placeholder",
    "source_frames",
]

MAX_VALUES = 12
"""A text with more values than this gives no frames: a table row or a list of figures, no sentence about a thing."""

MAX_FRAME_CHARS = 600
"""A longer sentence (an unsplit list, a table) is cut to the clause around the value, then to this many characters."""


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


def frame(text: str, values: Sequence[WrittenValue], index: int) -> str:
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


def frames_of_text(text: str, values: Sequence[WrittenValue] | None = None) -> list[tuple[WrittenValue, str]] | None:
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
    value: WrittenValue
    frame: str
    about: tuple[str, ...] = ()

    @property
    def aligned(self) -> str:
        """What the learned alignment reads: the frame after what its clause is about ("Electric bikes | …")."""
        return aligned_text(self.about, self.frame)

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


def source_frames(sources: Sources, limit: int, headed: bool = False) -> SourceFrames:
    """Every value frame of the sources: prose sentences, then record fields, at most ``limit`` in all.

    A sentence or field with more than :data:`MAX_VALUES` values gives none; a record's values are read in the
    field's value only. ``headed``: the sources are read as the learned alignment reads them, as clauses (heading
    lines cut off, a list item or a line a clause of its own: :attr:`Sources.clauses`), each frame with what it is
    about (:meth:`Sources.about`).
    """
    out: list[SourceFrame] = []
    for sentence in sources.clauses if headed else sources.sentences:
        framed = frames_of_text(sentence.text) or []
        about = sources.about(sentence.document, sentence.start) if headed and framed else ()
        out += [
            SourceFrame(sentence.document, sentence.start, sentence.end, sentence.text, v, f, about) for v, f in framed
        ]
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

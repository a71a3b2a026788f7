"""The masked-frame checker: a value the answer gives one thing that the sources give another thing (issue 70).

The rule: each value of an answer unit (:data:`READ_KINDS`: a value with a unit, a date, a clock time, a house
number; a bound of a range on its own) has a masked frame (:func:`~.frames.frame`). It is compared with every
source frame whose value is of its kind (:attr:`~.frames.WrittenValue.key`) by :func:`similarity`, the mean of the
frames' content-word Jaccard and the sentence embedder's cosine. Where the most alike source frame states another
value, and the most alike frame stating the answer's own value is less alike by more than ``margin``, the answer
gives its value to the wrong thing: a ``contradicted`` finding on the value, with the attached source sentence as
evidence. A value the sources state nowhere, or that no other value of its kind competes with, is left to the value
checker (no finding).

Worked example (issue 70's SEPA case)::

    answer frame  "SEPA Direct Debit payments can be refunded within [DURATION] of the original payment."
    own value     "You can refund a card charge within [DURATION] of the original charge."      (180 days)
    other value   "SEPA Direct Debit payments can be refunded within [DURATION]."                (60 days)

The other-value frame is far more alike (similarity 0.91 against 0.31: a gap of 0.60 > :data:`MARGIN`), so "180
days" is contradicted: "answer: 180 days; the source gives 60 days here: 'SEPA Direct Debit payments can be
refunded within 60 days.'".

Names (``names=True``; off by default, :data:`NAMES`) are read the same way with their own frames (:mod:`.names`:
a name's clause, the name written ``[PERSON]``) and their own margin (:data:`NAME_MARGIN`): "The proposal to extend
the library's opening hours was made by Cllr Farrow" attaches to "Cllr Danby proposed that the library's opening
hours be extended …" and is contradicted, "the source gives Danby here". Where the unit names the other name too,
only a swap is flagged (:meth:`MaskedFrameChecker.rule_gaps`).

Work is bounded: a unit with more than :data:`~.frames.MAX_VALUES` values is skipped with a note, the sources give at
most ``max_source_frames`` frames (the rest unread, with a note), and frame vectors are kept by text in a bounded
LRU shared across inputs (a RAG application checks many answers over the same passages).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import NDArray

from veracity.models.embedder import Embedder
from veracity.schema import Finding, TextSpan
from veracity.stages.sources import AnswerUnits, Sources
from veracity.stages.verify.checkers.masked.frames import (
    MAX_VALUES,
    SourceFrame,
    SourceFrames,
    frames_of_text,
    source_frames,
)
from veracity.stages.verify.checkers.masked.names import (
    MAX_NAMES,
    NAME_KINDS,
    name_frames,
    name_relation,
    name_source_frames,
    name_values,
    same_name,
)
from veracity.text.lexicon import STOP_WORDS
from veracity.text.novelty import normalise_word
from veracity.text.values.kinds import (
    ADDRESS,
    AMOUNT,
    COUNT,
    DATE,
    DURATION,
    PERCENT,
    QUANTITY,
    TIME,
    WrittenValue,
    in_range,
    same_stated,
    sentence_values,
)
from veracity.text.values.reader import RANGE_BETWEEN

__all__ = [
    "ALIGNED_MARGIN",
    "MARGIN",
    "MAX_SOURCE_FRAMES",
    "NAMES",
    "NAME_MARGIN",
    "READ_KINDS",
    "Attached",
    "MaskedFrameChecker",
    "content_words",
    "jaccard",
    "similarity",
    "told_apart",
]

MARGIN = 0.0697
"""How much more alike the other value's frame must be. Chosen in experiments/masked-frames (run.sh, metrics.json)
as the prototype chose it: the smallest m at which the rule fires on at most 0.5% of the faithful answer units of
RAGTruth train + a train-upstream sample (1/8 of its sources by hash), with this checker's own frames; among the
settings (counts read or not, range bounds read or not) each at its own such m, the one that flags the most
hallucinated value units of that training data. Never chosen on dev, the behaviour suite or the held-out sets."""

ALIGNED_MARGIN = 0.0111
"""The margin with the learned aligner (``aligned=True``): chosen in experiments/aligner (margin.py, metrics.json) as
:data:`MARGIN` was, the smallest m at which the rule fires on at most 0.5% of the faithful answer units of RAGTruth
train + the train-upstream margin sample (sources the aligner was never trained on)."""

NAME_MARGIN = 0.2327
"""How much more alike another name's frame must be than the answer's own name's (:mod:`.names`). Chosen in
experiments/masked-frames/names (run.sh, metrics.json): the smallest m at which name findings fire on at most 0.5%
of the faithful answer units of RAGTruth train + a train-upstream sample (1/8 of its sources by hash), 101 of
20,264. Never chosen on dev, the behaviour suite or the held-out sets."""

NAMES = False
"""Names are not attached by default. At :data:`NAME_MARGIN` they flag 4 of the 312 hallucinated name units of the
training data (units with a PERSON or ORG name inside a marked span), and they fire on 0.29% of its hallucinated units
(7 of 2,412) against 0.50% of its faithful ones: no better than chance on RAGTruth (experiments/masked-frames/names).
``names=True`` is for inputs like a council's minutes, where the sources say different things of several people and
answers reword them."""

READ_KINDS = frozenset({ADDRESS, AMOUNT, DATE, DURATION, PERCENT, QUANTITY, TIME})
"""The values the checker reads: a value with a unit, a date, a clock time, a house number. Counts with their noun
("100 requests") are built as frames (kind COUNT) but not read: at the training budget they flagged fewer
hallucinated value units (18 against 20; they need m = 0.080 to stay within 0.5%); bare numbers never."""

READ_RANGES = True
"""A bound of a range ("open 11 am to 8 pm") is attached on its own: on the training data this flags 20 hallucinated
value units against 11 with ranges left out, at the same 0.5% budget."""

MAX_SOURCE_FRAMES = 3000
"""At most this many source frames are read for one input (a table of thousands of rows: the rest unread, noted)."""

CACHE_SIZE = 50_000
"""Frame vectors kept across inputs, least recently used dropped first (50,000 MiniLM vectors take 77 MB)."""

_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
_PLACEHOLDER = re.compile(r"\[(?:other )?[A-Z]+\]")


def content_words(frame: str) -> frozenset[str]:
    """A frame's content words, normalised (placeholders, digits and stop words left out).

    >>> sorted(content_words("SEPA payments can be refunded within [DURATION]."))
    ['payment', 'refunded', 'sepa']
    """
    text = _PLACEHOLDER.sub(" ", frame)
    return frozenset(normalise_word(w) for w in _WORD.findall(text) if w.lower() not in STOP_WORDS)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """Shared words over all words of two frames (0 when both have none)."""
    return len(a & b) / len(a | b) if a or b else 0.0


def similarity(words: frozenset[str], vector: NDArray[np.float32], frames: Sequence[frozenset[str]],
               vectors: NDArray[np.float32]) -> NDArray[np.float64]:  # fmt: skip
    """How alike an answer frame is to each source frame.

    The mean of the content-word Jaccard and the cosine of the frames' normalised vectors (the matcher the prototype
    chose on RAGTruth train).
    """
    overlap = np.array([jaccard(words, other) for other in frames], dtype=np.float64)
    return 0.5 * overlap + 0.5 * (vectors @ vector).astype(np.float64)


@dataclass(frozen=True)
class Attached:
    """Where one answer value attaches.

    ``value`` has answer offsets; ``own`` is the most alike source frame stating the answer's value (``own_sim``),
    ``other`` the most alike stating another value of its kind (``other_sim``); either may be missing.
    """

    value: WrittenValue
    frame: str
    own: SourceFrame | None
    own_sim: float | None
    other: SourceFrame | None
    other_sim: float | None

    @property
    def gap(self) -> float | None:
        """``other_sim - own_sim``; None when either side is missing (nothing to compare: no finding)."""
        if self.own_sim is None or self.other_sim is None:
            return None
        return self.other_sim - self.own_sim


@dataclass(frozen=True)
class _Read:
    frames: SourceFrames
    words: tuple[frozenset[str], ...]  # () when aligned: the aligner's cosine alone compares frames
    vectors: NDArray[np.float32] | None  # None: embedded when a query needs them (names; every frame when aligned)
    by_key: dict[str, list[int]]


@dataclass(frozen=True)
class _Query:
    value: WrittenValue  # answer offsets
    frame: str
    read: _Read
    candidates: list[int]
    states: list[bool]


class MaskedFrameChecker:
    """Values attached by masked frames (module docstring); ``name = "masked"``.

    Args:
        embedder: the sentence embedder (all-MiniLM-L6-v2 as the margin was chosen with).
        margin: how much more alike the other value's frame must be (:data:`MARGIN`).
        kinds: which answer values are read (:data:`READ_KINDS`).
        max_source_frames: the most source frames read for one input (values and names each).
        cache_size: frame vectors kept across inputs.
        read_ranges: whether a bound of a range ("from 11 am to 8 pm") is attached on its own (:data:`READ_RANGES`).
        names: whether persons' and organisations' names are attached too (:mod:`.names`; :data:`NAMES`).
        name_margin: how much more alike another name's frame must be (:data:`NAME_MARGIN`).
        aligned: ``embedder`` is the learned aligner (``veracity-aligner-small``): the sources are read as clauses
            with what each is about (``source_frames(..., headed=True)``), a value's frames are compared by the
            aligner's cosine alone (word overlap adds nothing to a trained matcher), and ``margin`` is
            :data:`ALIGNED_MARGIN` unless given.
        structured_only: findings only where the document's structure tells the two clauses apart
            (:func:`told_apart`: a heading or list lead says the other value's clause is about another thing);
            :meth:`unit_gaps` is read everywhere either way.
    """

    name = "masked"

    def __init__(
        self,
        embedder: Embedder,
        margin: float | None = None,
        kinds: frozenset[str] = READ_KINDS,
        max_source_frames: int = MAX_SOURCE_FRAMES,
        cache_size: int = CACHE_SIZE,
        read_ranges: bool | None = None,
        names: bool | None = None,
        name_margin: float = NAME_MARGIN,
        aligned: bool = False,
        structured_only: bool = False,
    ) -> None:
        self.embedder = embedder
        self.aligned = aligned
        self.structured_only = structured_only
        self.margin = (ALIGNED_MARGIN if aligned else MARGIN) if margin is None else margin
        self.kinds = kinds
        self.max_source_frames = max_source_frames
        self.cache_size = cache_size
        self.read_ranges = READ_RANGES if read_ranges is None else read_ranges
        self.names = NAMES if names is None else names
        self.name_margin = name_margin
        self._vectors: OrderedDict[str, NDArray[np.float32]] = OrderedDict()

    # ------------------------------------------------------------------------------------------------ vectors
    def vectors(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """The embedder's vectors of ``texts``, each distinct text embedded once and kept in the LRU."""
        missing = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        if missing:
            for text, row in zip(missing, np.asarray(self.embedder.embed(missing), dtype=np.float32), strict=True):
                self._vectors[text] = row
        rows = []
        for text in texts:
            self._vectors.move_to_end(text)
            rows.append(self._vectors[text])
        while len(self._vectors) > max(self.cache_size, len(texts)):
            self._vectors.popitem(last=False)
        return np.stack(rows) if rows else np.zeros((0, 0), dtype=np.float32)

    def _read(self, sources: Sources) -> _Read:
        built = sources.derived(f"masked.frames:{self.max_source_frames}:{self.aligned}",
                                lambda s: source_frames(s, self.max_source_frames, headed=self.aligned))  # fmt: skip

        def build(_: Sources) -> _Read:
            frames = built.frames
            by_key: dict[str, list[int]] = {}
            for k, f in enumerate(frames):
                by_key.setdefault(f.value.key, []).append(k)
            if self.aligned:  # embedded when a query compares them (_attach): most frames compete with no answer value;
                return _Read(built, (), None, by_key)  # no word overlap with a trained matcher
            read = [k for k, f in enumerate(frames) if f.value.kind in self.kinds]  # only what can be compared
            found = self.vectors([frames[k].frame for k in read])
            vectors = np.zeros((len(frames), found.shape[1] if len(read) else 0), dtype=np.float32)
            if read:
                vectors[read] = found
            return _Read(built, tuple(content_words(f.frame) for f in frames), vectors, by_key)

        return sources.derived(f"masked.read:{id(self)}", build)

    def _read_names(self, sources: Sources, notes: list[str]) -> _Read:
        """The sources' name frames (built once per input; embedded only when a name is compared), notes passed on."""
        built = sources.derived(f"masked.names:{self.max_source_frames}",
                                lambda s: name_source_frames(s, self.max_source_frames))  # fmt: skip
        notes += [n for n in built.notes if n not in notes]

        def build(_: Sources) -> _Read:
            frames = built.frames.frames
            return _Read(built.frames, tuple(content_words(f.frame) for f in frames), None,
                         {"names": list(range(len(frames)))})  # fmt: skip

        return sources.derived(f"masked.names.read:{id(self)}", build)

    # ------------------------------------------------------------------------------------------------ attachment
    def attachments(self, answer: AnswerUnits, sources: Sources) -> list[Attached]:
        """Every read value of every unit with where it attaches (answer offsets); notes for what went unread."""
        read: _Read | None = None
        queries: list[_Query] = []
        for start, end in answer.units:
            text = answer.text[start:end]
            values = sentence_values(text)
            if len(values) > MAX_VALUES:
                answer.notes.append(f"masked frames: a sentence with {len(values)} values was not read "
                                    f"(at most {MAX_VALUES}): {_short(text)!r}")  # fmt: skip
                continue
            for k, (value, text_frame) in enumerate(frames_of_text(text, values) or []):
                if value.kind not in self.kinds or (not self.read_ranges and in_range(text, values, k)):
                    continue
                if read is None:
                    read = self._read(sources)
                candidates = read.by_key.get(value.key, [])
                states = [same_stated(value, read.frames.frames[c].value) for c in candidates]
                if not any(states) or all(states):
                    continue  # stated nowhere (the value checker's), or no other value competes
                moved = replace(value, start=start + value.start, end=start + value.end)
                queries.append(_Query(moved, text_frame, read, candidates, states))
        if read is not None and read.frames.capped:
            answer.notes.append(f"masked frames: only the first {self.max_source_frames} value frames of the sources "
                                "were read")  # fmt: skip
        if self.names:
            queries += self._name_queries(answer, sources)
        return self._attach(queries)

    def _name_queries(self, answer: AnswerUnits, sources: Sources) -> list[_Query]:
        """The answer's names that the sources state and give another name's place too (:mod:`.names`)."""
        read: _Read | None = None
        queries: list[_Query] = []
        for start, end in answer.units:
            text = answer.text[start:end]
            framed = name_frames(text, aliases=False)  # a name written twice in a row is not read
            if framed is None:
                answer.notes.append(f"masked frames: a sentence with more than {MAX_NAMES} names was not read for "
                                    f"names: {_short(text)!r}")  # fmt: skip
                continue
            for value, text_frame in framed:
                if read is None:
                    read = self._read_names(sources, answer.notes)
                frames = read.frames.frames
                related = [(c, name_relation(value.text, frames[c].value.text)) for c in read.by_key["names"]]
                candidates = [c for c, same in related if same is not None]  # a name sharing a word is left out
                states = [bool(same) for _, same in related if same is not None]
                if not any(states) or all(states):
                    continue  # a name no source states (the name checkers'), or no other name to give it to
                moved = replace(value, start=start + value.start, end=start + value.end)
                queries.append(_Query(moved, text_frame, read, candidates, states))
        return queries

    def _attach(self, queries: Sequence[_Query]) -> list[Attached]:
        """Each query's most alike own-value and other-value source frames."""
        if not queries:
            return []
        out: list[Attached] = []
        aligned = [q.read.frames.frames[c].aligned for q in queries if q.value.kind not in NAME_KINDS
                   for c in q.candidates] if self.aligned else []  # fmt: skip
        answer_vectors = self.vectors([q.frame for q in queries] + aligned)[: len(queries)]  # one batch, kept by text
        for q, vector in zip(queries, answer_vectors, strict=True):
            frames = q.read.frames.frames
            found = q.read.vectors
            if self.aligned and q.value.kind not in NAME_KINDS:
                vectors = self.vectors([frames[c].aligned for c in q.candidates])
                sims = (vectors @ vector).astype(np.float64)
            else:
                texts = [frames[c].frame for c in q.candidates]
                vectors = found[q.candidates] if found is not None else self.vectors(texts)
                sims = similarity(content_words(q.frame), vector, [q.read.words[c] for c in q.candidates], vectors)
            own = max((k for k, s in enumerate(q.states) if s), key=lambda k: sims[k])
            other = max((k for k, s in enumerate(q.states) if not s), key=lambda k: sims[k])
            out.append(Attached(q.value, q.frame, frames[q.candidates[own]], float(sims[own]),
                                frames[q.candidates[other]], float(sims[other])))  # fmt: skip
        return out

    @staticmethod
    def rule_gaps(answer: AnswerUnits, attached: Sequence[Attached]) -> list[float | None]:
        """The gap each attachment's rule holds to its margin (None: it never fires).

        A value's and a name's own gap; but where the answer's unit names the other name too ("Cricket Australia
        said: 'After Bradman, …'"), a name is flagged only as one of a swap: the other name's attachment in the unit
        gives it the first name's place back, and the smaller of the two gaps is held to the margin. Else the unit
        says something of both names that the sources say of one, which is no name in the wrong place.
        """
        gaps: list[float | None] = [None if _range_bounds(a) else a.gap for a in attached]
        for k, a in enumerate(attached):
            if a.value.kind not in NAME_KINDS or a.other is None or a.gap is None:
                continue
            unit = next(((s, e) for s, e in answer.units if s <= a.value.start < e), None)
            if unit is None:
                continue
            rival = a.other.value.text
            if not any(same_name(v.text, rival) for v in name_values(answer.text[unit[0] : unit[1]])):
                continue
            back = [b.gap for b in attached if b.value.kind in NAME_KINDS and b.other is not None and b.gap is not None
                    and unit[0] <= b.value.start < unit[1] and same_name(b.value.text, rival)
                    and same_name(b.other.value.text, a.value.text)]  # fmt: skip
            gaps[k] = min(a.gap, max(back)) if back else None
        return gaps

    def unit_gaps(self, answer: AnswerUnits, sources: Sources) -> list[float]:
        """Each unit's largest attachment gap (:meth:`rule_gaps`), 0.0 where no value of it is compared.

        The reader weighs this as a signal of its own (``aligned_gap``): how much more alike a frame stating another
        value is than the best frame stating the unit's own, read value by value (a detail elsewhere in the unit
        changes neither frame's value).
        """
        attached = self.attachments(answer, sources)
        gaps = [0.0] * len(answer.units)
        for a, gap in zip(attached, self.rule_gaps(answer, attached), strict=True):
            if gap is None:
                continue
            for k, (start, end) in enumerate(answer.units):
                if start <= a.value.start < end:
                    gaps[k] = max(gaps[k], gap)
        return gaps

    def findings(self, answer: AnswerUnits, sources: Sources) -> list[Finding]:
        """A ``contradicted`` value finding for each value whose attachment gap exceeds the margin.

        A name's gap is held to the name margin (:data:`NAME_MARGIN`), every other value's to ``margin``.
        """
        found = []
        attached = self.attachments(answer, sources)
        for a, gap in zip(attached, self.rule_gaps(answer, attached), strict=True):
            margin = self.name_margin if a.value.kind in NAME_KINDS else self.margin
            if gap is None or gap <= margin or a.other is None:
                continue
            if self.structured_only and not told_apart(a):
                continue
            source = a.other
            written = _with_noun(answer.text, a.value)
            document = sources.documents[source.document]
            found.append(
                Finding(
                    kind="value",
                    relation="contradicted",
                    span=TextSpan.of(answer.text, a.value.start, a.value.end),
                    source_document=document.id,
                    source_span=sources.span(source.document, source.start, source.end)
                    if source.end > source.start
                    else None,
                    source_text=source.text,
                    confidence=round(min(0.95, 0.5 + gap), 3),
                    explanation=f"answer: {written}; the source gives {_with_noun(source.text, source.value)} here: "
                    f"{_short(source.text)!r}",
                )
            )
        return found


def told_apart(attached: Attached) -> bool:
    """Whether the document's structure says the own-value and other-value clauses are about different things.

    Both clauses sit under a heading or a list lead (:meth:`veracity.stages.sources.Sources.about`), and not the same
    one: "A full day: £25." under "City bikes" and "A full day: £55." under "Electric bikes". In prose (no about path
    on either side) which of two clauses a value is about is the aligner's guess alone; under a structure it is
    written in the document.

    >>> from veracity.text.values.kinds import sentence_values
    >>> v = sentence_values("£25")[0]
    >>> city = SourceFrame(0, 0, 17, "A full day: £25.", v, "A full day: [AMOUNT].", ("Bike hire", "City bikes"))
    >>> electric = replace(city, about=("Bike hire", "Electric bikes"))
    >>> told_apart(Attached(v, "", city, 0.5, electric, 0.6)), told_apart(Attached(v, "", city, 0.5, city, 0.6))
    (True, False)
    >>> told_apart(Attached(v, "", replace(city, about=()), 0.5, electric, 0.6))
    False
    """
    own, other = attached.own, attached.other
    return own is not None and other is not None and bool(own.about) and bool(other.about) and own.about != other.about


def _range_bounds(attached: Attached) -> bool:
    """Whether the own-value and other-value frames are the two bounds of one range in one clause ("14:00 to 00:00").

    A range's bounds are one thing's, so which of the two an answer's frame is more like says nothing of what its value
    is about ("Visiting ends at midnight." over "Visiting hours: 14:00 to 00:00." is the range's end, not another
    thing's value).
    """
    own, other = attached.own, attached.other
    if own is None or other is None or (own.document, own.start, own.end) != (other.document, other.start, other.end):
        return False
    first, second = sorted((own.value, other.value), key=lambda v: v.start)
    return RANGE_BETWEEN.fullmatch(own.text, first.end, second.start) is not None


_NOUN_TEXT = re.compile(r"[^\S\n]+[A-Za-z-]+(?:[^\S\n]+(?:per|a|an|each|every)[^\S\n]+[A-Za-z]+)?")


def _with_noun(text: str, value: WrittenValue) -> str:
    """The value as written, a count with the words it counts ("100 requests per second")."""
    end = value.end
    if value.kind == COUNT and (m := _NOUN_TEXT.match(text, end)) is not None:
        end = m.end()
    return text[value.start : end]


def _short(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"

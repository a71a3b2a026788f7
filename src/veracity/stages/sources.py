"""The sources of one input and the answer's units, read once and handed to every checker.

Before this, each rule checker split the documents into sentences itself (the frame checker, attachment, names
attached, dropped conditions), the record checker's caller read the records, and a finding's source span was found
again with ``str.find`` (pointing at a sentence's first copy when a source repeats it). A :class:`Sources` is built
once per input: its prose sentences with their offsets, its records' fields and tables, and a memo where a checker
keeps what it derives from them (its clauses, its name clauses), so that nothing is read twice for one answer.

:class:`AnswerUnits` is the answer as checkers read it: its text and its units (sentences, long ones cut at ``;``),
with a list where a checker says what it could not read.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections import Counter
from collections.abc import Callable, Sequence, Set
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar

from veracity.schema import Document, Finding, TextSpan
from veracity.text.about import ListLead, list_leads
from veracity.text.headings import Heading, heading_lines
from veracity.text.mentions import gives_value_elsewhere, value_mentions
from veracity.text.novelty import content_words, vocabulary
from veracity.text.records import RecordField, read_record_fields
from veracity.text.select import document_frequencies, idf_overlap, json_as_text
from veracity.text.split import split_sentences
from veracity.text.tables import Table, read_tables
from veracity.text.values.kinds import WrittenValue

__all__ = [
    "CLAUSE_BREAK",
    "MIN_CLAUSE_WORDS",
    "MIN_RESTATED",
    "AlignedEvidence",
    "AnswerUnits",
    "IndexedSentence",
    "SourceIndex",
    "SourceSentence",
    "Sources",
    "copied_clause",
    "derived_value",
    "is_record_text",
    "unit_clauses",
    "unit_statements",
]

MIN_RESTATED = 3
"""Least words an answer unit must share with a source clause to restate it (its thing, its predicate, one more)."""

T = TypeVar("T")


def is_record_text(text: str) -> bool:
    """Whether a document is a JSON record or array: read by key (the record checker), not as prose sentences."""
    return text.lstrip().startswith(("{", "["))


CLAUSE_BREAK = re.compile(
    r"\s*(?:;|,\s*(?:and|but|while|whereas|so|and\s+then)\b|\s(?:and|but)\s+(?=(?:then\s+)?(?:you|they|it|he|she|we|"
    r"there|the|a|an|this|these|its|their|your)\b))",
    re.I,
)
"""Where an answer sentence joins two statements: ";", a comma before "and", "but", "while" … (not before "which": a
relative clause needs its noun), and "and" / "but" before a new subject."""

MIN_CLAUSE_WORDS = 4
"""Fewer words than this are no statement of their own ("and more")."""


def unit_clauses(text: str) -> list[tuple[int, int]]:
    """The statements an answer unit joins (:data:`CLAUSE_BREAK`), as ``(start, end)`` offsets; [] for one statement.

    What a checker reads besides the whole unit, so that a finding on one statement does not depend on what the
    unit adds after it (issue 76 §3: "… should go to Nadia Petrova in the payroll team, and the policy has been in
    effect since 15 June 2025." holds the first statement whole). Pieces under :data:`MIN_CLAUSE_WORDS` words are
    left out; trailing stops and spaces are not part of a piece.

    >>> text = "Repairs are arranged by the agent, and the tenant pays council tax."
    >>> [text[a:b] for a, b in unit_clauses(text)]
    ['Repairs are arranged by the agent', 'the tenant pays council tax']
    >>> unit_clauses("Repairs are arranged by the agent.")
    []
    """
    cuts = [(m.start(), m.end()) for m in CLAUSE_BREAK.finditer(text)]
    if not cuts:
        return []
    pieces = []
    for begin, finish in zip([0, *(e for _, e in cuts)], [*(s for s, _ in cuts), len(text)], strict=True):
        while begin < finish and text[begin].isspace():
            begin += 1
        while finish > begin and (text[finish - 1].isspace() or text[finish - 1] in ".!?"):
            finish -= 1
        if len(text[begin:finish].split()) >= MIN_CLAUSE_WORDS:
            pieces.append((begin, finish))
    return pieces


def unit_statements(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The unit ``text[start:end]`` whole, then each statement it joins (:func:`unit_clauses`), in ``text``'s offsets.

    What the name and condition checkers read, so that a finding on one statement does not depend on what the unit
    adds after it.
    """
    return [(start, end), *((start + a, start + b) for a, b in unit_clauses(text[start:end]))]


def copied_clause(words: Set[str], clause_words: Set[str], share: float = 1.0) -> bool:
    """Whether a unit whose words (outside what it changed) are ``words`` restates a clause with ``clause_words``.

    The one restatement rule of the checkers: at least :data:`MIN_RESTATED` of ``words`` are the clause's, and at
    least ``share`` of them. With ``share=1.0`` every word is the clause's (attachment: "Junior membership costs £170
    a season." of "Junior membership costs £85 a season", the values left out; names: the unit's words outside the
    name); dropped conditions read a restatement at 0.6, since the answer leaves words of the sentence out.

    >>> copied_clause({"junior", "membership", "cost"}, {"junior", "membership", "cost", "season"})
    True
    >>> copied_clause({"junior", "membership", "kit"}, {"junior", "membership", "cost"})
    False
    """
    shared = len(words & clause_words) if share < 1.0 else (len(words) if words <= clause_words else 0)
    return shared >= MIN_RESTATED and shared >= share * len(words)


@dataclass(frozen=True)
class SourceSentence:
    """A sentence of a prose source: ``Sources.documents[document].text[start:end] == text``."""

    document: int
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class AnswerUnits:
    """The answer a checker reads: its text and its units as (start, end) offsets.

    ``notes`` is where checkers say, in plain words, what they left unread (a sentence too long to parse): the
    report's notes.
    """

    text: str
    units: tuple[tuple[int, int], ...]
    notes: list[str] = field(default_factory=list, compare=False)

    @classmethod
    def of(cls, answer: str, units: Sequence[tuple[int, int]]) -> AnswerUnits:
        """The answer with its units (offsets), no notes yet."""
        return cls(answer, tuple((int(s), int(e)) for s, e in units))

    def unit_text(self, start: int) -> str:
        """The text of the unit that starts at ``start``."""
        return self.text[start : dict(self.units)[start]]


class Sources:
    """The documents of one input, read once.

    Args:
        documents: the context documents; empty ones are left out (a :class:`SourceSentence`'s ``document`` is a
            position in :attr:`documents`).
    """

    def __init__(self, documents: Sequence[Document]) -> None:
        self.all_documents: tuple[Document, ...] = tuple(documents)
        self.documents: tuple[Document, ...] = tuple(d for d in documents if d.text.strip())
        self._memo: dict[str, Any] = {}

    @classmethod
    def of(cls, documents: Sources | Sequence[Document]) -> Sources:
        """``documents`` as sources (already read sources are returned as they are)."""
        return documents if isinstance(documents, Sources) else cls(documents)

    @cached_property
    def texts(self) -> tuple[str, ...]:
        """Each document's text as read: a JSON record as ``key: value`` lines, prose unchanged."""
        return tuple(json_as_text(d.text) for d in self.documents)

    @cached_property
    def sentences(self) -> tuple[SourceSentence, ...]:
        """The sentences of every prose document (records are read by key: :attr:`record_fields`), in order."""
        return tuple(
            SourceSentence(k, s.span.start, s.span.end, s.span.text)
            for k, document in enumerate(self.documents)
            if not is_record_text(document.text)
            for s in split_sentences(document.text, "rules")
        )

    @cached_property
    def headed_sentences(self) -> tuple[SourceSentence, ...]:
        r""":attr:`sentences` with each heading line cut off as a sentence of its own (:mod:`veracity.text.headings`).

        "Electric bikes\nA full day: £55." is two, the heading and the line under it, which :meth:`heading_of` says
        it is about. Read by the attachment checker; the other checkers read :attr:`sentences` (cut so, the frame
        checker read "Paitsel received a sentence of 24 months" under "Sentencing" against "The FBI agent received a
        24-month sentence" as two people: three faithful RAGTruth dev summaries flagged).
        """
        found: list[SourceSentence] = []
        for sentence in self.sentences:
            k, start, end = sentence.document, sentence.start, sentence.end
            text, ends = self.documents[k].text, self._heading_ends[k]
            for cut in ends[bisect.bisect_right(ends, start) : bisect.bisect_left(ends, end)]:
                found.append(SourceSentence(k, start, cut, text[start:cut]))
                start = cut + len(text[cut:end]) - len(text[cut:end].lstrip())
            found.append(SourceSentence(k, start, end, text[start:end]))
        return tuple(found)

    @cached_property
    def clauses(self) -> tuple[SourceSentence, ...]:
        r""":attr:`headed_sentences` cut at line ends too, list markers left out: what the learned alignment reads.

        A list item, a "Name: value" line, a table row is a clause of its own ("- Covers 12 km\n- Members save 5%"
        is two); a line going on in lower case is one sentence wrapped, and stays whole.
        """
        found: list[SourceSentence] = []
        for sentence in self.headed_sentences:
            text = self.documents[sentence.document].text
            cuts = [sentence.start]
            for m in _LINE_BREAK.finditer(text, sentence.start, sentence.end):
                if m.end() < sentence.end and not text[m.end()].islower():
                    cuts.append(m.end())
            cuts.append(sentence.end)
            for a, b in itertools.pairwise(cuts):
                marker = _LIST_MARKER.match(text, a, b)
                a = marker.end() if marker else a
                while b > a and text[b - 1].isspace():
                    b -= 1
                if b > a:
                    found.append(SourceSentence(sentence.document, a, b, text[a:b]))
        return tuple(found)

    @cached_property
    def headings(self) -> tuple[tuple[Heading, ...], ...]:
        """Each document's headings (:func:`~veracity.text.headings.heading_lines`); none for a record."""
        return tuple(() if is_record_text(d.text) else tuple(heading_lines(d.text)) for d in self.documents)

    @cached_property
    def _heading_ends(self) -> tuple[list[int], ...]:
        """Where each document's headings end, in order (the headings are in text order)."""
        return tuple([h.end for h in headings] for headings in self.headings)

    def heading_of(self, document: int, start: int) -> Heading | None:
        """The heading the text at ``start`` of document ``document`` is under (None: none).

        A heading line is under its parent, not under the heading before it: "## Evening pass" after "## Day pass" of
        "# Passes" is under "# Passes" (None for a top heading).
        """
        headings = self.headings[document]
        before = bisect.bisect_right(self._heading_ends[document], start)
        own = headings[before] if before < len(headings) else None
        # the text is this heading's own line (from its "## " markers on: a clause starts at the line's start)
        if own is not None and not self.documents[document].text[start : own.start].strip("# \t"):
            parents = own.path[:-1]
            return next((h for h in reversed(headings[:before]) if h.path == parents), None) if parents else None
        return headings[before - 1] if before else None

    @cached_property
    def _leads(self) -> tuple[tuple[list[int], tuple[ListLead, ...]], ...]:
        out = []
        for d in self.documents:
            leads = () if is_record_text(d.text) else tuple(list_leads(d.text))
            out.append(([x.start for x in leads], leads))
        return tuple(out)

    def about(self, document: int, start: int) -> tuple[str, ...]:
        """What the text at ``start`` of document ``document`` is about beyond its own words, outer first.

        Its heading's path (:meth:`heading_of`) and the lead of the list it is in (:mod:`veracity.text.about`):
        "Up to 3 hours: £30." under "## Electric bikes" of "# Bike hire" is about ("Bike hire", "Electric bikes").
        """
        heading = self.heading_of(document, start)
        path = heading.path if heading is not None else ()
        starts, leads = self._leads[document]
        k = bisect.bisect_right(starts, start) - 1
        if k >= 0 and leads[k].start <= start < leads[k].end and (heading is None or leads[k].start > heading.end):
            path = (*path, leads[k].text)
        return path

    @cached_property
    def record_fields(self) -> tuple[RecordField, ...]:
        """Every leaf of the documents that are structured records (JSON, a dict literal, ``key: value`` lines)."""
        return tuple(f for d in self.all_documents for f in read_record_fields(d.id, d.text))

    @cached_property
    def tables(self) -> tuple[tuple[int, Table], ...]:
        """Every table of the documents (pipe tables, lists of JSON records), with its document's position."""
        return tuple((k, t) for k, d in enumerate(self.documents) for t in read_tables(d.text))

    @cached_property
    def raw_text(self) -> str:
        """Every document's text as given, one after another."""
        return "\n".join(d.text for d in self.all_documents)

    @cached_property
    def read_text(self) -> str:
        """Every non-empty document's text as read (:attr:`texts`), one after another."""
        return "\n".join(self.texts)

    def derived(self, key: str, build: Callable[[Sources], T]) -> T:
        """What a checker derives from the sources (its clauses, say), built on first use and kept for this input."""
        if key not in self._memo:
            self._memo[key] = build(self)
        return self._memo[key]  # type: ignore[no-any-return]

    def span(self, document: int, start: int, end: int) -> TextSpan:
        """The :class:`TextSpan` of ``[start, end)`` in document ``document`` (offsets as recorded, never searched)."""
        return TextSpan.of(self.documents[document].text, start, end)


def derived_value(answer: AnswerUnits, sources: Sources, finding: Finding) -> bool:
    """Whether a contradicted value is a product, sum or difference the value checker vouches for.

    "An adult taking 15 ml 3 times a day takes 45 ml a day" over "take 15 ml up to 3 times a day": the frame
    checker reads 45 ml against the source's 15 ml in the same slot, but the sentence derives it (3 × 15 ml), as
    :func:`veracity.text.arithmetic.derived` reads it; a derived value is the value checker's, not a conflict. So
    for the record checker: "6 goals and 3 assists, 9 goal contributions in all" is no misread "assists" field.
    The frame and record checkers drop such findings. Attachment does not: a value it finds given to another thing
    is stated as such, and a product the rule would read into it ("$50,000" as 5 years × "$10,000 a year") is chance.
    """
    from veracity.text.arithmetic import arithmetic_cue, derived, related_values
    from veracity.text.values import read_values, stated_values

    if finding.kind not in ("value", "record") or finding.relation != "contradicted":
        return False
    unit = next(((s, e) for s, e in answer.units if s <= finding.span.start < e), None)
    if unit is None:
        return False
    sentence = answer.text[unit[0] : unit[1]]
    start, end = finding.span.start - unit[0], finding.span.end - unit[0]
    values = read_values(sentence)
    value = next((v for v in values if start <= v.start < end), None)
    if value is None or not (value.units or value.noun):
        return False
    stated = sources.derived("checks.stated_values", lambda read: stated_values(read.raw_text))
    own = [v for v in values if v is not value]
    cue = arithmetic_cue(sentence, value.end)
    related = related_values(sentence, sources.raw_text) if cue else ()
    return derived(value, stated, own, cue, related)


_LINE_BREAK = re.compile(r"\n\s*")
_LIST_MARKER = re.compile(r"[ \t]*(?:[-*•+]|\d{1,3}[.)])[ \t]+")

# A source sentence longer than this many words is cut into pieces of this many (a table row, a run-on list).
_PIECE_WORDS = 60


@dataclass(frozen=True)
class IndexedSentence:
    """A sentence of a source (or a ``key: value`` line of a record), with its normalised content words.

    ``[start, end)``: where it is in its document's text (-1 for a record's line, which is not written there).
    """

    document: int
    index: int
    text: str
    words: frozenset[str]
    start: int = -1
    end: int = -1


@dataclass
class SourceIndex:
    """The sources of one input, prepared once for every sentence of its answer.

    Args:
        documents: the context documents' texts (JSON records read as ``key: value`` lines).
        question: the question, if any: it may vouch for names, words and values ("a 70-pound bottle of wine" —
            the user's own figure; :attr:`stated`), never for a sentence's support (the NLI reads the sources).
    """

    documents: Sequence[str]
    question: str | None = None
    sentences: list[IndexedSentence] = field(default_factory=list)
    df: Counter[str] = field(default_factory=Counter)
    known: set[str] = field(default_factory=set)
    joined: str = ""
    stated: str = ""  # the sources and the question: what may vouch for a name or a value
    _values: dict[int, list[WrittenValue]] = field(default_factory=dict, repr=False)
    _words: list[frozenset[str]] = field(default_factory=list, repr=False)  # each sentence's, for align

    def __post_init__(self) -> None:
        read = [(d, json_as_text(d)) for d in self.documents if d.strip()]
        texts = [text for _, text in read]
        for d, (written, text) in enumerate(read):
            located = text == written  # a record is read as key: value lines, which its text does not hold
            for k, (sentence, start, end) in enumerate(_pieces(text)):
                words = frozenset(w.form for w in content_words(sentence))
                if words:
                    at = (start, end) if located else (-1, -1)
                    self.sentences.append(IndexedSentence(d, k, sentence, words, *at))
        self._words = [s.words for s in self.sentences]
        self.df = document_frequencies(self._words)
        sources = [*texts, self.question] if self.question else texts
        self.known = vocabulary(sources)
        self.joined = "\n".join(texts)
        self.stated = "\n".join(sources)

    def align(
        self,
        sentence: str,
        top_k: int = 3,
        window: int = 1,
        max_words: int = 120,
        values: Sequence[WrittenValue] = (),
    ) -> list[AlignedEvidence]:
        """The evidence windows for ``sentence``, best first.

        Each of the ``top_k`` source sentences sharing its rarest words, with ``window`` sentences either side in the
        same document, joined (at most ``max_words`` words). A neighbour that states one of the sentence's ``values``
        for another thing — the aligned sentence gives the sentence's thing another value of that kind
        (:func:`~veracity.stages.verify.checkers.attachment.gives_value_elsewhere`) — is left out of the window:
        beside it, the NLI model reads a value moved between two things as supported (issue 59, item 4).

        Ranked by idf-weighted overlap, numbers weighing a quarter (ties by position); overlapping windows are merged
        into the first.
        """
        query = frozenset(w.form for w in content_words(sentence))
        if not self.sentences:
            return []
        n = len(self.sentences)
        # numbers and dates are what a sentence says about its subject, not what it is about: a sentence aligns with
        # the source sentence on the same thing ("secondary caregivers"), not with the one that shares its value
        scores = idf_overlap(query, self._words, self.df, number_weight=0.25)
        ranked = sorted(range(n), key=lambda i: (-scores[i], i))
        taken: set[int] = set()
        found: list[AlignedEvidence] = []
        for i in ranked:
            if len(found) >= top_k or (scores[i] <= 0.0 and found):
                break
            if i in taken:
                continue
            members = [
                j
                for j in range(i - window, i + window + 1)
                if 0 <= j < n
                and self.sentences[j].document == self.sentences[i].document
                and (j == i or not values or not self.gives_value_elsewhere(values, i, j))
            ]
            taken.update(members)
            text = " ".join(self.sentences[j].text for j in members)
            words = text.split()
            trimmed = len(words) > max_words
            if trimmed:  # keep the aligned sentence, trim its neighbours
                text = " ".join(words[:max_words]) if len(self.sentences[i].text.split()) >= max_words else text
                text = " ".join(text.split()[:max_words])
            first, last = self.sentences[members[0]], self.sentences[members[-1]]
            # where the window is in its document: its own offsets, not a search for its text (a line written twice,
            # under two headings, is found where it was aligned)
            located = not trimmed and first.start >= 0 and members == list(range(members[0], members[-1] + 1))
            found.append(
                AlignedEvidence(
                    text=text,
                    document=self.sentences[i].document,
                    overlap=scores[i],
                    start=first.start if located else None,
                    end=last.end if located else None,
                )
            )
        return found

    def values_of(self, k: int) -> list[WrittenValue]:
        """The values (quantities with a unit, dates, clock times) of source sentence ``k``, read once."""
        if k not in self._values:
            self._values[k] = value_mentions(self.sentences[k].text)
        return self._values[k]

    def gives_value_elsewhere(self, values: Sequence[WrittenValue], aligned: int, neighbour: int) -> bool:
        """Whether source sentence ``neighbour`` states one of ``values`` for another thing than ``aligned``'s."""
        return gives_value_elsewhere(values, self.values_of(aligned), self.values_of(neighbour))


@dataclass(frozen=True)
class AlignedEvidence:
    """A window of source text aligned to an answer sentence.

    ``[start, end)``: where the window is in its document's text (None where it is not written there as one stretch:
    a record's lines, a window trimmed to its most words); ``text`` is its sentences joined by single spaces.
    """

    text: str
    document: int
    overlap: float
    start: int | None = None
    end: int | None = None


_WORD_RUN = re.compile(r"\S+")


def _pieces(text: str) -> list[tuple[str, int, int]]:
    """The sentences of a source with their offsets, a very long one cut into pieces of :data:`_PIECE_WORDS` words.

    >>> _pieces("Open daily. Closed on Monday.")
    [('Open daily.', 0, 11), ('Closed on Monday.', 12, 29)]
    """
    out: list[tuple[str, int, int]] = []
    for sentence in split_sentences(text, "rules"):
        span = sentence.span
        words = list(_WORD_RUN.finditer(span.text))
        if len(words) <= _PIECE_WORDS:
            out.append((span.text, span.start, span.end))
            continue
        for i in range(0, len(words), _PIECE_WORDS):
            piece = words[i : i + _PIECE_WORDS]
            out.append(
                (" ".join(w.group() for w in piece), span.start + piece[0].start(), span.start + piece[-1].end())
            )
    return out

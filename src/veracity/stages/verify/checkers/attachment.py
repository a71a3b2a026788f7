r"""Attachment: a value vouches for an answer sentence only where the sources give it to the same thing.

Every value check before this one asked whether the answer's number, amount or date occurs *anywhere* in the
sources. An answer built from the sources' own words passes that check while giving a value to the wrong thing:

    sources: "Standard parcels weighing up to 2 kg cost EUR 4.90 to send within the country.
              Large parcels weighing up to 10 kg cost EUR 8.90."
    answer:  "You can send a standard parcel of up to 10 kg for EUR 4.90."

"10 kg" is in the sources, but only about large parcels; what the sources say about standard parcels is "2 kg".
This checker reads each value of an answer sentence against the source clauses that state a value of the same kind
(a quantity with the same unit family, a date, a clock time) and asks which *thing* each clause is about:

* ``P`` — the clauses that state the answer's value (equal as a value: "EUR 4.90" = "4.90 euros", "2 hours" =
  "120 minutes");
* ``M`` — the clauses that state another value of the same kind and not the answer's.

For a clause ``m ∈ M`` and every ``p ∈ P``, the words that tell them apart are ``m \ p`` and ``p \ m`` (content
words; values and their unit words left out, the answer's other values counted as words). The answer is about
``m``'s thing when it shares a word of ``m \ p`` (weighed by idf, at least :data:`MIN_EVIDENCE`) and none of
``p \ m`` for every ``p``, and ``m`` and ``p`` share a word (they describe siblings: "standard parcels" / "large
parcels"). Then ``m`` gives the answer's thing another value: a ``contradicted`` finding with ``m`` as the source
sentence. Where the answer also states ``m``'s value (a comparison of both things, "from EUR 5M in 2019 to EUR 7M in
2020"), nothing is claimed.

Alignment is by things and values, never by the verb: "cost" / "send" / "is priced at" all read the same.
What it cannot see: things named only by a pronoun, siblings that share no word, and values without a unit
(counts: "sleep two" / "sleep four") — those stay with the NLI and the other checkers. Its precision on RAGTruth's
training sentences is measured before it enters the reader (experiments/attachment/).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from veracity.schema import Finding, TextSpan
from veracity.stages.sources import CLAUSE_BREAK, MIN_CLAUSE_WORDS, AnswerUnits, Sources, copied_clause
from veracity.text.lexicon import NUMBER_WORDS
from veracity.text.mentions import (
    close_amounts,
    in_ranges,
    overlaps,
    same_digits,
    same_value,
    value_mentions,
    value_word,
)
from veracity.text.novelty import content_words
from veracity.text.values.kinds import WrittenValue

__all__ = [
    "MIN_EVIDENCE",
    "AttachmentChecker",
    "SourceClause",
    "misattributed",
    "restates",
    "source_clauses",
]

MIN_EVIDENCE = 1.0
"""Least idf weight of the words that tie the answer to the other thing's clause."""

MARGIN = 1.0
"""The answer shares at least this many times as many words with the other thing's clause as with the value's own."""

MIN_SHARED = 2
"""...and at least this many (its thing, its predicate, its other values)."""

PARALLEL = 0.0
"""Least share of the smaller clause's words two clauses in different sentences must share to be siblings."""

MAX_CLAUSE_WORDS = 50
"""Longer clauses (a table row, a run-on passage) describe too many things to say which one a value is about."""

CONFIDENCE = 0.8
"""The findings' confidence without an NLI reading: one value, one pair of sibling clauses."""

CONFIRM = 0.5
"""Least P(contradiction) of the clause about the answer's thing, read alone, that keeps a candidate."""


_CLAUSE_CUT = re.compile(r";\s+|,\s+(?:while|whereas|but|and)\s+|\s+(?:while|whereas|and)\s+")


@dataclass(frozen=True)
class SourceClause:
    """A clause of a source sentence (or a record's ``key: value`` line) that states at least one value.

    ``words`` are what the clause is about: its own content words, and for a clause that continues its sentence's
    subject ("Compact cars cost €38 a day *and include 150 km a day*") that subject's too. ``reading`` is the text an
    NLI model reads for it: the clause, or the sentence up to its end where the clause needs its subject.
    """

    document: int
    sentence: int  # the clauses of one sentence share it
    text: str
    start: int  # offset in the document's text (the clause's own, also where a source repeats it)
    words: frozenset[str]
    values: tuple[WrittenValue, ...]
    reading: str = ""
    about: frozenset[str] = frozenset()  # the words of the heading it is under (part of ``words``)

    @property
    def premise(self) -> str:
        """The text that states the clause with its subject (what an NLI model reads as the premise)."""
        return self.reading or self.text


def _clause_words(text: str, values: Sequence[WrittenValue]) -> frozenset[str]:
    """Content words of ``text`` outside its values (unit words go with their value), plus the values' keys.

    A bare number outside the values is a word of its own ("num:6" of "children aged 6 to 11"): what group or tier a
    clause is about is often a number ("aged 6 to 11" / "aged 12 and over"), and it ties an answer to that clause.
    """
    spans = [(v.start, v.end) for v in values]
    words = {
        (f"num:{w.form}" if any(c.isdigit() for c in w.form) else w.form)
        for w in content_words(text)
        if (len(w.form) > 2 or w.form.isdigit())  # "F" of "350 degrees F", "b" of "$106 b": unit letters, no thing
        and not overlaps(w.start, w.end, spans)
    }
    return frozenset(words | {value_word(v) for v in values})


_CONTINUES = re.compile(r"^,?\s+(?:and|but)\s+$", re.IGNORECASE)


def _pieces(sentence: str) -> list[tuple[int, str, list[WrittenValue]]]:
    """The clauses of a sentence as (offset, text, values), cut at ``;`` and at joins (:data:`_CLAUSE_CUT`).

    A piece that states no value is kept with the next ("Adults *and* children aged 12 and over take 15 ml": the
    join is inside a noun phrase, not between two statements), the last such piece with the one before.
    """
    out: list[tuple[int, str, list[WrittenValue]]] = []
    cursor, start = 0, None
    for cut in [*_CLAUSE_CUT.finditer(sentence), None]:
        end = cut.start() if cut is not None else len(sentence)
        if sentence[cursor:end].strip():
            begin = cursor if start is None else start
            values = value_mentions(sentence[cursor:end])
            if values or cut is None:
                piece = sentence[begin:end]
                out.append((begin, piece, values if begin == cursor else value_mentions(piece)))
                start = None
            else:
                start = begin
        if cut is not None:
            cursor = cut.end()
    if len(out) > 1 and not out[-1][2]:
        (begin, _, _), (last, piece, _) = out[-2], out[-1]
        joined = sentence[begin : last + len(piece)]
        out[-2:] = [(begin, joined, value_mentions(joined))]
    return out


def _elided_subject(
    sentence: str, pieces: Sequence[tuple[int, str, list[WrittenValue]]]
) -> tuple[frozenset[str], set[int]]:
    """The words of the sentence's subject, and which pieces continue it ("…€38 a day *and include 150 km*").

    A piece after "and" / "but" continues the subject when its first word is a verb (spaCy's tag); the subject is
    the content words before the sentence's first verb. A parse with no verb in the first clause gives none (a
    misread sentence keeps its clauses apart).
    """
    joined = [k for k, (where, piece, _) in enumerate(pieces) if k and piece[:1].islower()
              and _CONTINUES.match(sentence[pieces[k - 1][0] + len(pieces[k - 1][1]) : where])]  # fmt: skip
    if not joined:
        return frozenset(), set()
    from veracity.text.parsing import parse

    doc = parse(sentence)
    first_end = pieces[0][0] + len(pieces[0][1])
    # the first clause's verb: the one a continuing piece is coordinated with ("open … and close …"), else the first
    # verb ("Check-in desks … open": a parse that reads "Check" as a verb must not leave the subject empty)
    heads = [t.head.idx for t in doc if t.dep_ == "conj" and t.pos_ in ("VERB", "AUX") and t.head.idx < first_end
             and t.idx >= first_end and t.head.idx > 0]  # fmt: skip
    first_verb = min(heads, default=None)
    if first_verb is None:
        first_verb = next((t.idx for t in doc if t.pos_ in ("VERB", "AUX") and t.idx < first_end), None)
    if first_verb is None:
        return frozenset(), set()
    subject = frozenset(w.form for w in content_words(sentence[:first_verb]) if not any(c.isdigit() for c in w.form))
    starts = {t.idx: t.pos_ for t in doc}
    continuing = {k for k in joined if starts.get(pieces[k][0]) in ("VERB", "AUX")}
    return (subject, continuing) if subject else (frozenset(), set())


def source_clauses(sources: Sources) -> list[SourceClause]:
    """The value-bearing clauses of the sources, cut at ``;`` and at contrastive joins ("…, while …").

    The sources' clauses (:attr:`Sources.clauses`: heading lines cut off, each list item and "Name: value" line a
    clause) are read with what each is about (:meth:`Sources.about`: its headings, its list's lead).

    A clause after "and" / "but" that opens with no subject of its own ("…and include 150 km a day") is about the
    first clause's subject: it takes that clause's words (values left out) and is read from the sentence's start.
    Records are read by key (the record checker), not as clauses. Built once per input (:meth:`Sources.derived`).
    """
    return sources.derived("attachment.clauses", _source_clauses)


def _source_clauses(sources: Sources) -> list[SourceClause]:
    clauses: list[SourceClause] = []
    for sentence in sources.clauses:
        number = len({(c.document, c.sentence) for c in clauses}) + 1
        offset, whole = sentence.start, sentence.text
        path = sources.about(sentence.document, sentence.start)
        heading = ", ".join(path) if path else None
        pieces = _pieces(whole)
        subject, continuing = _elided_subject(whole, pieces)
        for k, (where, piece, values) in enumerate(pieces):
            ranged = in_ranges(piece, values)
            values = [v for j, v in enumerate(values) if j not in ranged]
            if values and len(piece.split()) <= MAX_CLAUSE_WORDS:
                words = _clause_words(piece, values)
                reading = ""
                if k in continuing:
                    words, reading = words | subject, whole[: where + len(piece)]
                about: frozenset[str] = frozenset()
                if heading is not None:  # "A full day: £55." under "Electric bikes" is about electric bikes
                    about = _clause_words(heading, []) - words
                    words, reading = words | about, f"{heading}: {reading or piece}"
                clauses.append(
                    SourceClause(sentence.document, number, piece, offset + where, words, tuple(values), reading, about)
                )
    return clauses


@dataclass(frozen=True)
class Misattribution:
    """An answer value that the sources give only to another thing, with the clause about the answer's thing."""

    value: WrittenValue
    clause: SourceClause
    source_value: WrittenValue
    evidence: tuple[str, ...]  # the answer's words that tie it to the clause
    by_heading: bool = False
    """Only the headings tell the clause from the value's own ("A full day: £55." under "Electric bikes", "A full
    day: £25." under "City bikes"), and the answer names the clause's: a moved value the structure shows, confirmed
    without the NLI (which reads a changed number beside the same words as entailed)."""


def misattributed(
    sentence: str, clauses: Sequence[SourceClause], df: Counter[str], n_clauses: int
) -> list[Misattribution]:
    """The values of ``sentence`` that the sources give only to another thing (the module docstring's rule).

    Args:
        sentence: one answer sentence.
        clauses: the sources' value-bearing clauses (:func:`source_clauses`).
        df: in how many clauses each word occurs (the idf of the tie words).
        n_clauses: how many clauses ``df`` counts.
    """
    values = value_mentions(sentence)
    if not values:
        return []
    answer_words = _clause_words(sentence, values)
    ranged = in_ranges(sentence, values)
    found: list[Misattribution] = []
    for k, value in enumerate(values):
        if k in ranged:
            continue  # a range is compared as a range (the value checker), not bound by bound
        plus = [c for c in clauses if any(same_value(value, v) for v in c.values)]
        if not plus:
            continue  # absent: the value checker's job
        others = [v for v in values if v is not value]
        for clause in clauses:
            if clause in plus:
                continue
            rivals = [v for v in clause.values if same_value(value, v) is False and not same_digits(value, v)
                      and not close_amounts(value, v)]  # fmt: skip
            # the answer states the rival value too: it compares both things, it does not move one value
            rivals = [r for r in rivals if not any(same_value(o, r) for o in others)]
            if not rivals:
                continue
            tie = _tie(answer_words - {value_word(value)}, clause, plus, df,
                       n_clauses)  # fmt: skip
            if tie:
                by_heading = bool(set(tie) & clause.about) and all(_siblings_by_heading(clause, p) for p in plus)
                found.append(Misattribution(value, clause, rivals[0], tie, by_heading))
                break
    return found


def _tie(
    words: frozenset[str], clause: SourceClause, plus: Sequence[SourceClause], df: Counter[str], n: int
) -> tuple[str, ...]:
    """The answer's words that tie it to ``clause`` rather than to every clause of ``plus``; () when they do not."""
    tie: set[str] = set()
    for p in plus:
        if (clause.document, clause.sentence) != (p.document, p.sentence) and not _parallel(clause, p):
            return ()  # neither parallel clauses nor one sentence: not siblings
        own = (clause.words - p.words) & words
        # a number the answer shares with the value's clause ("a family of *four*") is one more value it gives the
        # thing, not a word naming the other thing: it does not hold the answer to that clause
        theirs = {w for w in (p.words - clause.words) & words if not _numeral(w)}
        closer, own_side = len(clause.words & words), len(p.words & words)
        if theirs or not own or closer < MARGIN * own_side or closer < MIN_SHARED:
            return ()  # the answer must read clearly closer to the other thing's clause than to the value's own
        tie |= own
    weight = math.fsum(math.log(1 + n / max(1, df[w])) for w in tie)
    return tuple(sorted(tie)) if weight >= MIN_EVIDENCE else ()


def _siblings_by_heading(a: SourceClause, b: SourceClause) -> bool:
    """Two clauses under two headings that say the same words of their own, values aside.

    "A full day: £55." under "Electric bikes" and "A full day: £25." under "City bikes".
    """
    own_a = {w for w in a.words - a.about if not w.startswith("val:")}
    own_b = {w for w in b.words - b.about if not w.startswith("val:")}
    return bool(a.about) and bool(b.about) and a.about != b.about and own_a == own_b


def _numeral(word: str) -> bool:
    """A bare number word of :func:`_clause_words` ("num:4") or a number written in words ("four", "twelve")."""
    return word.startswith("num:") or word.casefold() in NUMBER_WORDS


def restates(sentence: str, clause: SourceClause) -> bool:
    """Whether ``sentence`` says nothing but what ``clause`` says, values aside.

    Every word of it outside its values is one of the clause's (:func:`~veracity.stages.sources.copied_clause`:
    "Junior membership costs £170 a season." of "Junior membership costs £85 a season"): such a sentence with another
    thing's value is a moved value, confirmed without the NLI, which reads a changed number in a copied clause as
    entailed.
    """
    words = {w for w in _clause_words(sentence, value_mentions(sentence)) if not w.startswith("val:")}
    return copied_clause(words, clause.words)


def value_clause(sentence: str, start: int, end: int) -> str:
    """The clause of ``sentence`` that holds its value at ``[start, end)``.

    Cut at ";", at a comma before "and", "but", "while" … (not before "which": a relative clause needs its noun),
    and at "and" / "but" before a new subject; the whole sentence when that clause is under four words.

    >>> value_clause("Online fees are £3 an order, and there is no fee at the box office.", 15, 17)
    'Online fees are £3 an order'
    """
    cuts = [(m.start(), m.end()) for m in CLAUSE_BREAK.finditer(sentence)]
    begin = max((e for s, e in cuts if e <= start), default=0)
    finish = min((s for s, e in cuts if s >= end), default=len(sentence))
    clause = sentence[begin:finish].strip()
    return clause if len(clause.split()) >= MIN_CLAUSE_WORDS else sentence


def _parallel(a: SourceClause, b: SourceClause) -> bool:
    """Whether two clauses say the same kind of thing about two things (share :data:`PARALLEL` of their words)."""
    x = {w for w in a.words if not w.startswith("val:")}
    y = {w for w in b.words if not w.startswith("val:")}
    return bool(x and y) and len(x & y) >= PARALLEL * min(len(x), len(y))


@dataclass(frozen=True)
class AttachmentChecker:
    """``contradicted`` findings for the answer values the sources give only to another thing (one per value).

    Args:
        confirm: P(contradiction) of (source clause, answer unit) pairs, read by an NLI model. When given, a
            candidate is kept only where the clause about the answer's thing, read *alone* (not beside the clause the
            value belongs to), contradicts the unit with P ≥ :data:`CONFIRM`; its confidence is that P. Without it,
            every candidate is kept at :data:`CONFIDENCE` (the rule alone is imprecise: experiments/attachment).
    """

    confirm: Callable[[list[tuple[str, str]]], list[float]] | None = None
    name: str = "attachment"

    def findings(self, answer: AnswerUnits, sources: Sources) -> list[Finding]:
        """Each unit of ``answer`` read on its own against the sources' clauses."""
        clauses = source_clauses(sources)
        if len(clauses) < 2:
            return []
        df: Counter[str] = Counter(w for c in clauses for w in c.words)
        text = answer.text
        candidates = [
            (start, m) for start, end in answer.units for m in misattributed(text[start:end], clauses, df, len(clauses))
        ]
        if not candidates:
            return []
        if self.confirm is None:
            confidences = [CONFIDENCE] * len(candidates)
        else:
            # a unit that restates the clause with another value needs no reading: the NLI model reads "Junior
            # membership costs £85 a season" → "… £170 a season" as entailed (0.62); the others are confirmed by it
            # each value on its own (issue 76 §3): the unit's clause that holds it, so that a correct detail the unit
            # adds in another clause ("..., and call the booking team on ...") never clears the finding
            own = [value_clause(answer.unit_text(start), m.value.start, m.value.end) for start, m in candidates]
            restating = [m.by_heading or restates(text, m.clause) for text, (_, m) in zip(own, candidates, strict=True)]
            asked = [(m.clause.premise, text)
                     for text, (_, m), r in zip(own, candidates, restating, strict=True) if not r]  # fmt: skip
            read = iter(self.confirm(asked) if asked else [])
            confidences = [CONFIDENCE if r else (p if (p := float(next(read))) >= CONFIRM else 0.0) for r in restating]
        findings: list[Finding] = []
        for (start, m), confidence in zip(candidates, confidences, strict=True):
            if confidence <= 0.0:
                continue
            ties = (
                ", ".join(w.removeprefix("num:") for w in m.evidence if not w.startswith("val:")) or "its other values"
            )
            findings.append(
                Finding(
                    kind="value",
                    relation="contradicted",
                    span=TextSpan.of(text, start + m.value.start, start + m.value.end),
                    source_document=sources.documents[m.clause.document].id,
                    source_span=sources.span(m.clause.document, m.clause.start, m.clause.start + len(m.clause.text)),
                    source_text=m.clause.text,
                    confidence=min(1.0, confidence),
                    explanation=f"answer: {m.value.text}; source: {m.source_value.text} for the same thing ({ties}); "
                    f"{m.value.text} is stated only about another thing",
                )
            )
        return findings

"""A consistency checker for aligned sentence pairs: what the answer says against what its source sentence says.

Every lexical signal asks whether the answer's words occur in the sources. This checker asks something else: for an
answer sentence and the source sentences it aligns with, do they say the *same thing* about the same things? Both
sides are parsed once (spaCy) into **frames** — a predicate lemma with its subject, object and prepositional slots,
passive voice normalised to active ("B was acquired by A" → subject A, object B), and a negation flag — and frames with
the same predicate that share at least one argument are compared:

* **value** — a name, number (with its unit) or date in a slot where the matched source frame has a different value
  of the same type in the same slot ("founded in 2019" / "founded in 2017"). The answer's value may occur elsewhere in
  the sources: that is the case word overlap cannot see. Numbers are compared as numbers ("1,500" = "1500" =
  "fifteen hundred"), only with the same unit; dates agree when every part both give agrees ("2017" and "May 2017").
* **role** — the same predicate with subject and object exchanged ("A acquired B" / "A was acquired by B").
* **polarity** — a negation on one side only ("can create" / "cannot create"), or a listed antonym
  (:data:`veracity.text.polarity.ANTONYM_PAIRS`) in place of the source's word.

Precision comes first. A conflict is claimed only when a source frame with the same predicate matches the answer's on
a non-pronoun argument and disagrees, and no other aligned source frame agrees with the answer. Paraphrases with other
verbs, pronouns on both sides, sentences that add something the sources do not state (the lexical signals' job),
numbers in different units and sentences the parser cannot read (over :data:`MAX_SENTENCE_WORDS` words, table rows)
never fire. What it cannot see: conflicts across different predicates ("sold" / "bought" with swapped roles), implicit
coreference ("the firm" for a name), and errors outside a verb frame (noun phrases alone).

The pure functions (:func:`frames_of`, :func:`compare_frames`) take parsed sentences; :class:`ConsistencyChecker`
aligns, parses (cached, batched) and returns :class:`veracity.schema.Finding` objects. Whether two frames are about
the same things is read in ``frames.args``, and the value and role comparisons of one slot are made in
``frames.slots``; the polarity comparisons are here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from veracity.schema import Document, Finding, TextSpan
from veracity.stages.sources import AnswerUnits, Sources, derived_value
from veracity.stages.verify.checkers.frames import (
    Arg,
    Frame,
    SlotValue,
    frames_of,
    name_words,
    normalised_words,
)
from veracity.stages.verify.checkers.frames.args import (
    WEAK_PREDICATES,
    about_siblings,
    complements_match,
    covers,
    different_thing,
    distinct_things,
    exact_both,
    match_args,
    same_predicate,
    same_thing,
    same_words,
    with_known_things,
)
from veracity.stages.verify.checkers.frames.slots import (
    LOCATIVE_SLOTS,
    Conflict,
    role_conflict,
    states_value,
    value_conflicts,
)
from veracity.text.normalize import normalize_words
from veracity.text.parsing import DEFAULT_SPACY_MODEL, parse_many
from veracity.text.polarity import antonym_of
from veracity.text.select import document_frequencies, idf_overlap
from veracity.text.split import split_sentences
from veracity.text.values import (
    bound_before,
    compare_values,
    date_supported,
    duration_supported,
    find_dates,
    find_durations,
    find_numbers,
    read_values,
)

__all__ = [
    "LOCATIVE_SLOTS",
    "MAX_SENTENCE_WORDS",
    "Arg",
    "Conflict",
    "ConsistencyChecker",
    "ConsistencyResult",
    "Frame",
    "SlotValue",
    "compare_frames",
    "consistency_signals",
    "covers",
    "different_thing",
    "distinct_things",
    "frames_of",
    "same_predicate",
    "same_thing",
    "with_known_things",
]

MAX_SENTENCE_WORDS = 80
"""Answer sentences longer than this are not parsed (the other signals read them; the report says so)."""

_SOURCE_SENTENCE_WORDS = 150
_TABLE_ROW = re.compile(r"\|.*\||\t.*\t")


# --------------------------------------------------------------------------------------------------- comparing


def _polarity_comparable(answer: Frame, source: Frame) -> bool:
    """Frames about the same fact: the same non-pronoun subject, no argument that differs.

    A light verb like "be" needs one more argument the same; an imperative or a pronoun subject is never enough to
    claim a negation.
    """
    anchors, clash = match_args(answer, source)
    if clash:
        return False
    if agentless_comparable(answer, source):
        return True
    if answer.subject is None and source.subject is None:
        # an agentless passive ("Ink is not covered"): its object stands before the verb, an imperative's after it
        return (
            (answer.predicate not in WEAK_PREDICATES or shared_slot(answer, source))
            and answer.object is not None
            and source.object is not None
            and answer.object.end <= answer.start
            and source.object.end <= source.start
            and same_words(answer.object, source.object)
        )
    if not (answer.subject and source.subject):
        return False
    if not same_thing(answer.subject, source.subject):
        if not described_alike(answer.subject, source.subject):
            return False
        anchors += 1  # an indefinite subject is a pronoun, which match_args does not count
    if answer.predicate in WEAK_PREDICATES:
        return anchors + complements_match(answer, source) >= 2
    return anchors >= 1


def shared_slot(answer: Frame, source: Frame) -> bool:
    """A slot other than subject and object that both frames fill with the same words ("on wet surfaces").

    What a light verb's agentless passive needs besides its object to be about the same fact: "The vacuum can be
    used on wet surfaces" and "it must not be used on wet surfaces", not "… used on carpets".
    """
    theirs = [(name, arg) for name, arg in source.all_slots() if name not in ("subject", "object")]
    return any(
        name == other and same_words(arg, their)
        for name, arg in answer.all_slots()
        if name not in ("subject", "object")
        for other, their in theirs
    )


INDEFINITE = frozenset({"anyone", "anybody", "everyone", "everybody", "someone", "somebody", "people"})
"""Subjects that say who only through their modifiers ("anyone aged 16 or over who lives in the UK")."""
_NEGATIVE_SUBJECTS = frozenset({"nobody", "none", "nothing", "no", "neither", "noone"})


def described_alike(a: Arg, b: Arg) -> bool:
    """One indefinite pronoun described by the same words on both sides (what :func:`same_thing` leaves out).

    "Anyone aged 16 or over who lives in the UK cannot open the account" and "The account can be opened by anyone
    aged 16 or over who lives in the UK" are about the same people; a bare "anyone" on either side is not enough.
    """
    if a.head != b.head or a.head not in INDEFINITE:
        return False
    described = a.words - INDEFINITE
    return len(described) >= 2 and described == b.words - INDEFINITE


def agentless_comparable(answer: Frame, source: Frame) -> bool:
    """An agentless passive on one side ("Spaces cannot be reserved") and the same act on the same thing on the other.

    The passive says the act is (not) done whoever does it, so any subject on the other side ("you can reserve a
    space", "guests can reserve a space") is comparable, where the objects have the same words and the verb is not a
    light one. A slot the two disagree on is a clash and is read before this.
    """
    if answer.predicate in WEAK_PREDICATES or answer.object is None or source.object is None:
        return False
    if not same_words(answer.object, source.object) or source.object.pronoun:  # same_words: answer's no pronoun
        return False
    subjects = [f.subject for f in (answer, source) if f.subject is not None]
    if any(({a.head} | a.words) & _NEGATIVE_SUBJECTS for a in subjects):
        return False  # "nobody can reserve a space" negates through its subject, which the frame does not mark
    passive_source = source.subject is None and source.object.end <= source.start
    passive_answer = answer.subject is None and answer.object.end <= answer.start
    return passive_source != passive_answer


def compare_frames(answer: Frame, sources: Sequence[Frame]) -> list[Conflict]:
    """The conflicts between one answer frame and the frames of its aligned source sentences.

    A conflict needs a source frame with the same predicate (or, for polarity, a listed antonym) anchored on a
    non-pronoun argument and disagreeing; any source frame that agrees on the same point cancels it.
    """
    same = [s for s in sources if same_predicate(s.predicate, answer.predicate)]

    # a comparison flipped ("less than" / "more than") is a value's conflict, reported on the value, not an antonym
    flipped = [c for c in value_conflicts(answer, same) if c.explanation.endswith("(comparison)")]
    if flipped:
        return flipped

    role = role_conflict(answer, same)
    if role is not None:
        return [role]

    # polarity: negation on one side only, or an antonym. Agreement is read leniently (any frame of the predicate
    # with a shared argument and none that differs), conflict strictly (asserting clauses on both sides, nothing
    # that differs).
    if not answer.main:
        return value_conflicts(answer, same)
    comparable = [s for s in same if s.main and _polarity_comparable(answer, s)]
    lenient = [s for s in same if match_args(answer, s)[0] >= 1 or complements_match(answer, s)]
    if any(exact_both(answer, s) for s in comparable):
        # a source clause about the very same things decides; one about other things ("Cosmetic surgery is not
        # covered" beside "Dental care is covered") cannot agree with the answer
        lenient = [s for s in lenient if not match_args(answer, s)[1]]
    if comparable and not any(s.negated == answer.negated for s in lenient):
        where = answer.negation or (answer.start, answer.end)
        start, end = min(where[0], answer.start), max(where[1], answer.end)
        side = "the answer" if answer.negated else "the source"
        return [Conflict("polarity", start, end, 0.8, f"negated in {side} only", source=comparable[0])]
    agreeing_polarity = [s for s in lenient if s.negated == answer.negated]
    antonym = _antonym_clash(answer, [s for s in comparable if s.negated == answer.negated], agreeing_polarity)
    if antonym is not None:
        return [antonym]
    opposite = [
        s
        for s in sources
        if antonym_of(answer.predicate, s.predicate)
        and s.negated == answer.negated
        and s.main
        and _polarity_comparable(answer, s)
    ]
    if opposite and not agreeing_polarity:
        source_word = opposite[0].predicate
        return [
            Conflict(
                "polarity",
                answer.start,
                answer.end,
                0.75,
                f"answer: {answer.predicate}; source: {source_word}",
                source=opposite[0],
            )
        ]

    return value_conflicts(answer, same)


def _antonym_clash(answer: Frame, sources: Sequence[Frame], lenient: Sequence[Frame]) -> Conflict | None:
    """A word of the answer's clause whose listed antonym every comparable source clause has instead of it.

    Any frame of the predicate that shares an argument and uses the answer's word (``lenient``) cancels it.
    """
    if not sources:
        return None
    answer_lemmas = {lemma for lemma, _, _ in answer.lemmas}
    for lemma, start, end in answer.lemmas:
        if any(lemma in {x for x, _, _ in s.lemmas} for s in lenient):
            continue
        opposite_everywhere = True
        for s in sources:
            source_lemmas = {x for x, _, _ in s.lemmas}
            if lemma in source_lemmas or not any(
                antonym_of(lemma, x) and x not in answer_lemmas for x in source_lemmas
            ):
                opposite_everywhere = False
                break
        if opposite_everywhere:
            other = next(x for x, _, _ in sources[0].lemmas if antonym_of(lemma, x))
            return Conflict("polarity", start, end, 0.75, f"answer: {lemma}; source: {other}", source=sources[0])
    return None


def mentions(text: str, value: SlotValue) -> bool:
    """Whether ``text`` mentions ``value`` anywhere (by value for numbers and dates, by words for names)."""
    if value.kind == "name":
        words = set(normalize_words(text))
        return value.words <= words or name_words(text) >= value.words
    dates = find_dates(text)
    if value.kind == "date":
        assert value.date is not None
        if value.bound is not None:  # "before 1 May" is not stated by "after 1 May"
            dates = [d for d in dates if (bound_before(text, d.start) or (value.bound, 0))[0] == value.bound]
        years = [n.value for n in find_numbers(text, skip=[(d.start, d.end) for d in dates])]
        return date_supported(value.date, [d.value for d in dates], years)
    # as a quantity: "6 weeks" is not stated by "6 days", "less than 6 hours" not by "more than 6 hours"
    assert value.amount is not None
    for stated in read_values(text):
        agree = compare_values(value.amount, stated)[0]
        if agree is True or (agree is None and stated.amount == value.amount.amount):
            return True
    return False


def supported_elsewhere(answer: Frame, slot: str, value: SlotValue, frames: Sequence[Frame]) -> bool:
    """Whether some frame with the same predicate, no clashing argument, states ``value`` in the same slot."""
    for f in frames:
        if (
            not same_predicate(f.predicate, answer.predicate)
            or f.negated != answer.negated
            or match_args(answer, f, slot)[1]
        ):
            continue
        if states_value(f, slot, value):
            return True
    return False


def in_stated_duration(text: str, start: int, end: int, source: str) -> bool:
    """Whether ``text[start:end]`` lies in a duration of ``text`` that ``source`` states at the same length.

    A compound duration is read whole ("1 hour and 35 minutes" = "95 minutes"), so its parts are not conflicts.
    """
    stated = [d.value for d in find_durations(source)]
    return any(d.start <= start and end <= d.end and duration_supported(d.value, stated) for d in find_durations(text))


def _with_source_words(conflict: Conflict, sentence: str) -> str:
    """The explanation, with what the source says where it does not name it yet ("source: is covered").

    A role conflict names the source's clause from subject to the exchanged argument; a negation conflict the
    source's verb with its auxiliaries and negation. Value and antonym conflicts name the source's value already.
    """
    frame = conflict.source
    if frame is None or "source:" in conflict.explanation:
        return conflict.explanation
    if conflict.kind == "role" and frame.subject is not None and conflict.slot is not None:
        other = frame.slot_args(conflict.slot)
        if other:
            start, end = min(frame.subject.start, other[0].start), max(frame.subject.end, other[0].end)
            return f"{conflict.explanation}; source: {sentence[start:end]}"
    if conflict.kind == "polarity" and frame.verb_group is not None:
        start, end = frame.verb_group
        return f"{conflict.explanation}; source: {sentence[start:end]}"
    return conflict.explanation


# --------------------------------------------------------------------------------------------------- the stage


@dataclass(frozen=True)
class _SourceSentence:
    document_id: str
    start: int
    end: int
    text: str
    words: frozenset[str]


@dataclass
class ConsistencyResult:
    """The findings of one answer, and what was not read (in plain words, for the report's notes)."""

    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    sentences_checked: int = 0
    sentences_with_conflict: int = 0


def consistency_signals(result: ConsistencyResult) -> dict[str, float]:
    """Signals for a learned model: conflicts per kind, the highest confidence, the share of sentences with one."""
    contradicted = [f for f in result.findings if f.relation == "contradicted" and f.kind != "record"]
    counts = Counter(f.kind for f in contradicted)
    return {
        "conflict_value": float(counts["value"]),
        "conflict_role": float(counts["role"]),
        "conflict_polarity": float(counts["polarity"]),
        "conflict_max": max((f.confidence for f in contradicted), default=0.0),
        "conflict_share": result.sentences_with_conflict / result.sentences_checked
        if result.sentences_checked
        else 0.0,
    }


class ConsistencyChecker:
    """Aligns each answer sentence with the source sentences that share its rarest words, parses both, compares frames.

    Args:
        top_k: source sentences compared with each answer sentence.
        min_shared: content words an aligned source sentence must share with the answer sentence.
        spacy_model: the spaCy pipeline (English).
        cache_size: parsed sentences kept between calls (the cache is emptied when a call would pass it).
    """

    name = "frames"

    def __init__(
        self, top_k: int = 4, min_shared: int = 2, spacy_model: str = DEFAULT_SPACY_MODEL, cache_size: int = 20_000
    ) -> None:
        self.top_k = top_k
        self.min_shared = min_shared
        self.spacy_model = spacy_model
        self.cache_size = cache_size
        self._cache: dict[str, list[Frame]] = {}

    def config(self) -> dict[str, Any]:
        """Constructor arguments, as recorded in reports."""
        return {"top_k": self.top_k, "min_shared": self.min_shared, "spacy_model": self.spacy_model}

    def _frames(self, texts: Iterable[str]) -> dict[str, list[Frame]]:
        """Frames of each text, read once per process (a cache of at most ``cache_size`` texts).

        The parses are the process's one parse cache (:func:`veracity.text.parsing.parse_many`, batched), which the
        name and attachment checkers read too: a source sentence is parsed once, whichever checker asks first.
        """
        wanted = list(dict.fromkeys(texts))
        found = {t: self._cache[t] for t in wanted if t in self._cache}
        todo = [t for t in wanted if t not in found]
        if todo:
            if len(self._cache) + len(todo) > self.cache_size:
                self._cache.clear()  # what this call needs is in `found` already
            for text, doc in zip(todo, parse_many(todo, self.spacy_model), strict=True):
                try:
                    found[text] = frames_of(doc)
                except (ValueError, IndexError, AttributeError):  # a parse the frame reader cannot walk
                    found[text] = []
                self._cache[text] = found[text]
        return found

    def findings(self, answer: AnswerUnits, sources: Sources) -> list[Finding]:
        """The checker's findings on ``answer`` (its sentences, cut its own way); its notes go to the answer's."""
        result = self.check(answer.text, sources)
        answer.notes.extend(result.notes)
        return [f for f in result.findings if not derived_value(answer, sources, f)]

    def check(self, answer: str, documents: Sources | Sequence[Document]) -> ConsistencyResult:
        """The conflicts of ``answer`` with the prose sentences of ``documents`` (records are the record checker's)."""
        result = ConsistencyResult()
        read = Sources.of(documents)
        sources: list[_SourceSentence] = []
        for written in read.sentences:
            text = written.text
            if (
                len(text.split()) > _SOURCE_SENTENCE_WORDS
                or len(text) > 8 * _SOURCE_SENTENCE_WORDS
                or _TABLE_ROW.search(text)
            ):
                continue
            words = normalised_words(text)
            if words:
                sources.append(
                    _SourceSentence(read.documents[written.document].id, written.start, written.end, text, words)
                )
        if not sources:
            return result
        source_words = [s.words for s in sources]
        df = document_frequencies(source_words)
        pairs: list[tuple[Any, list[_SourceSentence]]] = []
        skipped = 0
        for sentence in split_sentences(answer, "rules"):
            text = sentence.span.text
            if len(text.split()) > MAX_SENTENCE_WORDS or len(text) > 8 * MAX_SENTENCE_WORDS or _TABLE_ROW.search(text):
                skipped += 1
                continue
            words = normalised_words(text)
            scores = idf_overlap(words, source_words, df)
            ranked = sorted(range(len(sources)), key=lambda i: -scores[i])[: self.top_k]
            aligned = [sources[i] for i in ranked if len(words & sources[i].words) >= self.min_shared]
            if aligned:
                pairs.append((sentence, aligned))
        if skipped:
            result.notes.append(
                f"consistency checker: {skipped} answer sentence(s) over {MAX_SENTENCE_WORDS} words (or "
                f"{8 * MAX_SENTENCE_WORDS} characters) or table rows "
                "not parsed (read by the other signals)"
            )
        frames = self._frames([s.span.text for s, _ in pairs] + [a.text for _, aligned in pairs for a in aligned])
        result.sentences_checked = len(pairs)
        for sentence, aligned in pairs:
            offset = sentence.span.start
            found = False
            source_frames = [(a, f) for a in aligned for f in frames[a.text]]
            for parsed in frames[sentence.span.text]:
                frame = with_known_things(parsed, [f for _, f in source_frames])
                for conflict in compare_frames(frame, [f for _, f in source_frames]):
                    source = next((a for a, f in source_frames if f is conflict.source), source_frames[0][0])
                    if conflict.value is not None and conflict.slot is not None:
                        if any(
                            mentions(a.text, conflict.value)
                            for a, f in source_frames
                            if same_predicate(f.predicate, frame.predicate)
                            and not (conflict.exact and about_siblings(frame, f, conflict.slot))
                        ):
                            continue  # an aligned sentence of this predicate states the answer's value: no claim
                        elsewhere = [c.text for c in sources if mentions(c.text, conflict.value)][:20]
                        other_frames = [f for frames_of_c in self._frames(elsewhere).values() for f in frames_of_c]
                        if supported_elsewhere(frame, conflict.slot, conflict.value, other_frames):
                            continue
                        if in_stated_duration(sentence.span.text, conflict.start, conflict.end, source.text):
                            continue  # "1 hour" of "1 hour and 35 minutes", where the source says "95 minutes"
                    result.findings.append(
                        Finding(
                            kind=conflict.kind,
                            relation="contradicted",
                            span=TextSpan.of(answer, offset + conflict.start, offset + conflict.end),
                            source_document=source.document_id,
                            source_span=TextSpan(start=source.start, end=source.end, text=source.text),
                            source_text=source.text,
                            confidence=conflict.confidence,
                            explanation=_with_source_words(conflict, source.text),
                        )
                    )
                    found = True
            result.sentences_with_conflict += int(found)
        return result

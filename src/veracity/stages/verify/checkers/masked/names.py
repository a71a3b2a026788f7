"""Names as masked values (issue 70, item 3): who a clause is about, read from the words around the name.

A person's or an organisation's name (spaCy's PERSON and ORG entities, read from the process's one parse cache,
:func:`veracity.text.parsing.parse`) is a value of kind PERSON or ORG (:func:`name_values`): a leading title or
determiner ("Cllr", "Dr", "the") stays outside it as a word of the frame, the way :mod:`veracity.text.names` reads a
name. Its frame is *its own clause* (:func:`name_clause`) with the name written ``[PERSON]`` and the clause's other
names ``[other PERSON]`` (each written with its own label). A clause, not the whole sentence: a sentence that names
two people says different things of each ("Cllr Danby proposed …, and Cllr Farrow seconded the motion"), and a
frame of the whole sentence reads the same for both.

Worked example (issue 70's case)::

    answer: "The proposal to extend the library's opening hours was made by Cllr Farrow."
      frame "The proposal to extend the library's opening hours was made by Cllr [ORG]."
    source: "Cllr Danby proposed that the library's opening hours be extended until 8 pm, and Cllr Farrow
             seconded the motion."
      Danby  "Cllr [PERSON] proposed that the library's opening hours be extended until 8 pm,"
      Farrow "Cllr [PERSON] seconded the motion."

The answer's frame reads like Danby's clause: the checker (:mod:`.checker`) gives the slot to Danby. Two names are
the same name (:func:`same_name`) when either states the other as the name checker decides it
(:mod:`veracity.text.names`: a surname alone for the full name, an acronym, a short form without "Group"; spaCy's
small pipeline tags one person PERSON here and ORG there, so the two labels are compared with each other).

Bounds: a text with more than :data:`MAX_NAMES` names gives no name frames (a list of people, no clause about one),
a frame is at most :data:`~.frames.MAX_FRAME_CHARS` characters, and the sources give at most ``limit`` frames from at
most :data:`MAX_NAME_SENTENCES` sentences; a source that reads as another language gives none (English NER reads
"Der Vorschlag" as a person).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from veracity.stages.sources import Sources, SourceSentence
from veracity.stages.verify.checkers.masked.frames import MAX_FRAME_CHARS, SourceFrame, SourceFrames, placeholder
from veracity.text.language import detect_language
from veracity.text.names import acronym_stated, name_index, phrase_name, phrase_stated
from veracity.text.novelty import content_words
from veracity.text.values.kinds import WrittenValue

__all__ = [
    "MAX_NAMES",
    "MAX_NAME_SENTENCES",
    "NAME_KEY",
    "NAME_KINDS",
    "ORG",
    "PERSON",
    "NameSourceFrames",
    "is_title",
    "name_clause",
    "name_frames",
    "name_relation",
    "name_source_frames",
    "name_values",
    "same_name",
]

PERSON, ORG = "PERSON", "ORG"
NAME_KINDS = frozenset({PERSON, ORG})
"""The spaCy labels read as names. Places (GPE, LOC) and products are left out: they are what a clause is about
less often than who did it, and a place given to the wrong thing is the value checker's."""

NAME_KEY = "NAME"
"""What names are compared within: PERSON and ORG together (the small pipeline tags "Cllr Farrow" ORG in one
sentence and PERSON in the next)."""

MAX_NAMES = 8
"""A text with more names than this gives no name frames: a list of people or firms, no clause about one of them."""

MAX_NAME_SENTENCES = 2000
"""At most this many source sentences are parsed for names for one input (the rest unread, with a note)."""

CIVIC_TITLES = frozenset({"cllr", "councillor", "mayor", "alderman", "mp", "minister", "governor", "chancellor"})
"""Titles written before a name that :mod:`veracity.text.names` does not list (its list is the one read first)."""

_VERBS = frozenset({"VERB", "AUX"})
_CLAUSE_CUTS = frozenset({"relcl", "advcl", "parataxis"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "csubj", "expl"})
_OPENS = re.compile(r"\s*\(\s*")  # "the Weinstein Company (TWC)": one name written twice
_CLOSES = re.compile(r"\s*\)")
_LEFT_OVER = re.compile(r"\s*(?:[,;:]\s*)*([.!?,;:])")  # "handled by [PERSON], ." where a clause was cut


def is_title(word: str) -> bool:
    """Whether ``word`` is a title or determiner written before a name ("Dr", "Mr.", "the", "Cllr").

    A word is one when :func:`veracity.text.names.phrase_name` sets it aside before a name (its titles and
    determiners), or it is one of the :data:`CIVIC_TITLES`.

    >>> [is_title(w) for w in ("Dr", "Cllr", "the", "Tom")]
    [True, True, True, False]
    """
    word = word.strip()
    if not word or not word.replace(".", "").isalpha():
        return False
    return word.rstrip(".").casefold() in CIVIC_TITLES or phrase_name(f"{word} Alpha Beta") == ("alpha", "beta")


@dataclass(frozen=True)
class _Name:
    """A name of a parsed text: its tokens ``[first, last)`` (title left out) and its value.

    ``alias``: the name is one of a pair that writes one name twice, "the Weinstein Company (TWC)".
    """

    first: int
    last: int
    value: WrittenValue
    alias: bool = False


def _names_of(doc: Any) -> list[_Name]:
    """The PERSON and ORG names of a parsed text, titles and determiners left outside each name."""
    found = []
    for entity in doc.ents:
        if entity.label_ not in NAME_KINDS:
            continue
        first = entity.start
        while first < entity.end - 1 and is_title(doc[first].text):
            first += 1
        span = doc[first : entity.end]
        text = span.text.strip()
        if not text or not any(c.isupper() for c in text) or not any(c.isalpha() for c in text):
            continue  # "ltd", "2024": no name as written
        value = WrittenValue(span.start_char, span.start_char + len(span.text), entity.label_, None, text=text)
        found.append(_Name(first, entity.end, value))
    text = doc.text
    for k in range(len(found) - 1):
        a, b = found[k].value, found[k + 1].value
        if _OPENS.fullmatch(text, a.end, b.start) and _CLOSES.match(text, b.end):
            found[k], found[k + 1] = replace(found[k], alias=True), replace(found[k + 1], alias=True)
    return found


def name_values(text: str) -> list[WrittenValue]:
    """The names of ``text`` as values of kind PERSON or ORG, in order (empty without spaCy's pipeline).

    >>> [(v.kind, v.text) for v in name_values("The motion was proposed by Cllr Danby.")]
    [('PERSON', 'Danby')]
    """
    doc = _parsed(text)
    return [n.value for n in _names_of(doc)] if doc is not None else []


def _parsed(text: str) -> Any:
    """The cached full parse of ``text``, or None where spaCy's pipeline is not installed (names then go unread)."""
    from veracity.text.parsing import parse, spacy_available

    if not text.strip() or not spacy_available():
        return None
    return parse(text)


def name_clause(doc: Any, first: int, last: int) -> list[int]:
    """The tokens of the clause that says something of the name in tokens ``[first, last)`` of ``doc``.

    The clause is the subtree of the name's verb (the nearest verb above it; the sentence's root if none), less what
    that verb coordinates with or carries beside it (another verb joined by "and", a relative or adverbial clause)
    unless the name is in it. A verb that is itself coordinated keeps its first conjunct's subject ("The leaflet was
    written by X and checked by Y": Y's clause is "The leaflet … checked by Y").
    """
    verb = doc[first:last].root
    for _ in range(len(doc)):
        if verb.pos_ in _VERBS or verb.head.i == verb.i:
            break
        verb = verb.head
    inside = set(range(first, last))
    keep = {t.i for t in verb.subtree}
    cut_any = False
    for token in verb.subtree:
        if token.i in inside or token.i == verb.i or token.i not in keep:
            continue
        coordinated = token.dep_ == "conj" and token.pos_ in _VERBS and token.head.i == verb.i
        if (token.dep_ in _CLAUSE_CUTS or coordinated) and not any(t.i in inside for t in token.subtree):
            keep -= {t.i for t in token.subtree}
            cut_any = cut_any or coordinated
    if cut_any:  # the "and" that joined a clause now cut
        keep -= {t.i for t in verb.children if t.dep_ == "cc" and t.i > verb.i}
    has_subject = any(t.dep_ in _SUBJECTS for t in verb.children)
    if verb.dep_ == "conj" and verb.head.pos_ in _VERBS and not has_subject:
        for token in verb.head.children:
            if token.dep_ in _SUBJECTS and token.i < verb.i:
                keep |= {t.i for t in token.subtree}
    return sorted(keep)


def _frame(doc: Any, names: Sequence[_Name], index: int) -> str:
    """The frame of ``names[index]``: its clause, the name as ``[KIND]``, the clause's other names ``[other KIND]``.

    Each other name is written with its own label; a frame is cut to :data:`MAX_FRAME_CHARS` around the name.
    """
    target = names[index]
    keep = name_clause(doc, target.first, target.last)
    owner: dict[int, int] = {}
    for k, name in enumerate(names):
        for i in range(name.first, name.last):
            owner[i] = k
    pieces: list[str] = []
    previous, at = -2, 0
    for i in keep:
        whose = owner.get(i)
        if whose is not None and i > names[whose].first and previous == i - 1 and owner.get(previous) == whose:
            previous = i
            continue  # the rest of a name already written as its placeholder
        if previous != i - 1 and pieces:
            pieces.append(" ")
        if whose is not None:
            if whose == index:
                at = sum(len(p) for p in pieces)
            name = names[whose]
            pieces.append(placeholder(name.value.kind, whose != index) + doc[name.last - 1].whitespace_)
        else:
            pieces.append(doc[i].text_with_ws)
        previous = i
    text = _LEFT_OVER.sub(r"\1", "".join(pieces)).rstrip(" ,;:")
    if len(text) > MAX_FRAME_CHARS:
        half = MAX_FRAME_CHARS // 2
        text = text[max(0, at - half) : at + half]
    return " ".join(text.split())


def name_frames(text: str, aliases: bool = True) -> list[tuple[WrittenValue, str]] | None:
    """Each name of ``text`` with its frame; None when it has more than :data:`MAX_NAMES` names (not read).

    ``aliases=False`` leaves out the names of a pair that writes one name twice ("the Weinstein Company (TWC)"):
    each is the other's other name, and a clause that introduces a name gives it to no one else.

    >>> name_frames("The leaflet was written by Yara Haddon and checked by Pavel Horak.")[1][1]
    'The leaflet checked by [PERSON]'
    """
    doc = _parsed(text)
    if doc is None:
        return []
    names = _names_of(doc)
    if len(names) > MAX_NAMES:
        return None
    return [(name.value, _frame(doc, names, k)) for k, name in enumerate(names) if aliases or not name.alias]


def _states(text: str, name: str) -> bool:
    """Whether ``text`` states ``name``, as the name checker decides it (:mod:`veracity.text.names`).

    A name of several words by itself or a short form (a surname alone, the name less "Group", one more word inside
    it, its acronym); a word in capitals by the initials it stands for; a one-word name by its word.
    """
    index = name_index(text)
    if phrase_name(name) is not None:
        return phrase_stated(name, index, person=True)
    if acronym_stated(name, index):
        return True
    forms = {w.form for w in content_words(name)}
    return bool(forms) and forms <= {w.form for w in content_words(text)}


@functools.lru_cache(maxsize=65_536)
def same_name(a: str, b: str) -> bool:
    """Whether two names (as written, titles left out) are one name: either states the other.

    >>> same_name("Tom Farrow", "Farrow"), same_name("Farrow", "Danby"), same_name("John Smith", "Jane Smith")
    (True, False, False)
    """
    if not a.strip() or not b.strip():
        return False
    return _states(a, b) or _states(b, a)


@functools.lru_cache(maxsize=65_536)
def name_relation(a: str, b: str) -> bool | None:
    """True for one name (:func:`same_name`), False for another name, None for names that share a word.

    Two names that share a word and are not one name ("USPS Customer Service" and "USPS Call Center", "Jane Smith"
    and "John Smith") are neither: an answer that calls one by the other may be rewording, so they are not compared.

    >>> name_relation("Tom Farrow", "Farrow"), name_relation("Farrow", "Danby"), name_relation("Jane Smith", "Smith")
    (True, False, True)
    >>> name_relation("USPS Customer Service", "USPS Call Center")
    """
    if same_name(a, b):
        return True
    shared = {w.form for w in content_words(a)} & {w.form for w in content_words(b)}
    return None if shared else False


@dataclass(frozen=True)
class NameSourceFrames:
    """The name frames of one input's sources, and what went unread (the notes a checker passes on)."""

    frames: SourceFrames
    notes: tuple[str, ...] = ()


def _english(text: str) -> tuple[bool, str]:
    """Whether a source may be read for names: it does not surely read as another language (and which it reads as)."""
    language = detect_language(text[:5000])
    return (language is None or language.code == "en"), (language.code if language is not None else "")


def name_source_frames(sources: Sources, limit: int) -> NameSourceFrames:
    """Every name frame of the sources' prose sentences (records are read by key, not here), at most ``limit``.

    Parsed together through the one parse cache; a source that surely reads as another language is not read, nor
    the sentences after the first :data:`MAX_NAME_SENTENCES` (each with a note).
    """
    from veracity.text.parsing import parse_many, spacy_available

    if not spacy_available():
        return NameSourceFrames(SourceFrames(()), ("masked frames: names were not read (no spaCy pipeline)",))
    notes: list[str] = []
    readable: dict[int, bool] = {}
    sentences: list[SourceSentence] = []
    for sentence in sources.sentences:
        if sentence.document not in readable:
            ok, code = _english(sources.documents[sentence.document].text)
            readable[sentence.document] = ok
            if not ok:
                notes.append(f"masked frames: the names of source {sources.documents[sentence.document].id!r} were "
                             f"not read (it reads as another language: {code})")  # fmt: skip
        if readable[sentence.document] and any(c.isupper() for c in sentence.text[1:]):
            sentences.append(sentence)  # a name is written with a capital letter past the first
    if len(sentences) > MAX_NAME_SENTENCES:
        notes.append(f"masked frames: names were read in the first {MAX_NAME_SENTENCES} of {len(sentences)} source "
                     "sentences only")  # fmt: skip
        sentences = sentences[:MAX_NAME_SENTENCES]
    out: list[SourceFrame] = []
    for sentence, doc in zip(sentences, parse_many([s.text for s in sentences]), strict=True):
        names = _names_of(doc)
        if len(names) > MAX_NAMES:
            continue
        for k, name in enumerate(names):
            out.append(SourceFrame(sentence.document, sentence.start, sentence.end, sentence.text, name.value,
                                   _frame(doc, names, k)))  # fmt: skip
        if len(out) > limit:
            notes.append(f"masked frames: only the first {limit} name frames of the sources were read")
            return NameSourceFrames(SourceFrames(tuple(out[:limit]), capped=True), tuple(notes))
    return NameSourceFrames(SourceFrames(tuple(out)), tuple(notes))

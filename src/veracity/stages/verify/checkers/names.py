"""Names attached: a name vouches for an answer sentence only where the sources say the same of it (issue 59).

A name the sources state somewhere passes every "is it stated?" check. An answer built from the sources' own words
can still give a clause to the wrong person, organisation or place:

    sources: "Complaints about the account are handled by Freya Lund, who reports to the head of savings,
              Keira Walsh."
    answer:  "Complaints about the account are handled by Keira Walsh."

Keira Walsh is in the sources, but what they say of her is that she heads savings; the clause the answer copies
names Freya Lund. The rule (:func:`moved_names`): an answer unit whose words outside one of its names ``X`` (at
least :data:`MIN_RESTATED` content words) are all the words of one source clause ``C`` that does not state ``X``,
shares :data:`MARGIN` times as many of them with ``C`` as with any clause that states ``X``, and names, in ``X``'s
slot (subject, object, "by …", …), someone else (a name spaCy tags as a person, organisation, facility or product)
whom the unit does not name: the unit is ``C`` with ``X`` put in the other name's place — a ``contradicted``
finding, with ``C`` as the evidence. Clauses are cut at ``;``, at contrastive joins and at relative clauses
(", who …", ", which …"): "handled by Freya Lund" and "who reports to the head of savings, Keira Walsh" are two
clauses about two people.

Two names exchanged in a copied sentence are read the same way (:func:`swapped_names`): a unit whose words outside
both names are all the words of one source sentence that states both, where each name is to some word (its slot and
the word it fills it for: the subject of "write", the object of "supervise", "to" of "report"; voice read as active,
a relative clause's subject the name it is about) what the other is to it in that sentence:

    sources: "This leaflet was written by the lead pharmacist, Yara Haddon, and checked by the medical director,
              Pavel Horak."
    answer:  "The leaflet was written by the medical director, Pavel Horak, and checked by the lead pharmacist, Yara
              Haddon."

A copied clause needs no NLI reading: the NLI model entails a copy with another name in it (the verifier reads a
moved value in a copied clause as entailed too: ``attachment.restates``). What it cannot see: a clause reworded
rather than copied ("Farrow proposed it" of "Cllr Danby proposed that …"), a name given by a pronoun, and names spaCy
does not tag. Its precision on RAGTruth's training sentences is measured before it enters the reader
(experiments/attachment/names).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from veracity.schema import Finding, FindingKind, TextSpan
from veracity.stages.sources import MIN_RESTATED, AnswerUnits, Sources, copied_clause, unit_statements
from veracity.text.names import name_index, phrase_name, phrase_stated
from veracity.text.novelty import content_words
from veracity.text.polarity import SYMMETRIC_VERBS

__all__ = ["NAME_LABELS", "NameChecker", "NameClause", "moved_names", "name_clauses"]

NAME_LABELS = frozenset({"PERSON", "ORG", "FAC", "PRODUCT"})
"""spaCy entity labels read as names. A name is compared with a name of any of them: the small English pipeline
tags the same person PERSON in one sentence and ORG in the next ("Nadia Petrova")."""


MARGIN = 2
"""The unit shares at least this many times as many words with the copied clause as with any clause that states its
name: where the name's own clause says much the same ("Click the File menu, then Load Hive" beside "… choose Unload
Hive"), the sources give the name that clause too."""

CONFIDENCE = 0.8
"""The findings' confidence: one copied clause, one other name in it."""

MAX_CLAUSE_WORDS = 50
"""Longer clauses (a list, a run-on passage) say too many things of too many names."""

_CUT = re.compile(r";\s+|,\s+(?:who|whom|whose|which|while|whereas|but)\s+|\s+(?:while|whereas)\s+", re.IGNORECASE)


@dataclass(frozen=True)
class NameClause:
    """A clause of a source sentence with its content words (see the module for where sentences are cut)."""

    document: int
    text: str
    start: int  # offset in the document's text
    words: frozenset[str]


@dataclass(frozen=True)
class MovedName:
    """An answer name put in another name's place in a copied source clause."""

    start: int  # offsets in the unit
    end: int
    name: str
    rival: str
    clause: NameClause


def name_clauses(sources: Sources, cut_clauses: bool = True) -> list[NameClause]:
    """The clauses of the sources' prose (records are read by key, not here), each with its content words.

    ``cut_clauses=False``: whole sentences (where two names and the relation between them are read). Built once per
    input (:meth:`Sources.derived`).
    """
    return sources.derived(f"names.clauses.{cut_clauses}", lambda read: _name_clauses(read, cut_clauses))


def _name_clauses(sources: Sources, cut_clauses: bool) -> list[NameClause]:
    clauses: list[NameClause] = []
    for sentence in sources.sentences:
        whole, offset, cursor = sentence.text, sentence.start, 0
        for cut in [*(_CUT.finditer(whole) if cut_clauses else ()), None]:
            end = cut.start() if cut is not None else len(whole)
            piece = whole[cursor:end]
            words = frozenset(w.form for w in content_words(piece))
            if words and len(words) <= MAX_CLAUSE_WORDS:
                clauses.append(NameClause(sentence.document, piece, offset + cursor, words))
            if cut is not None:
                cursor = cut.end()
    return clauses


def _states(text: str, name: str, person: bool) -> bool:
    """Whether ``text`` states ``name`` (a phrase name, a short form of it, or a one-word name as a word)."""
    if phrase_name(name) is not None:
        return phrase_stated(name, name_index(text), person=person)
    forms = {w.form for w in content_words(name)}
    return bool(forms) and forms <= {w.form for w in content_words(text)}


_SUBJECT = frozenset({"nsubj", "nsubjpass", "csubj"})
_OBJECT = frozenset({"dobj", "dative", "attr", "oprd"})


def _names(unit: str) -> list[Any]:
    """The names of ``unit`` this module reads (spaCy entities of :data:`NAME_LABELS` with a capital letter)."""
    from veracity.text.parsing import parse

    return [e for e in parse(unit).ents if e.label_ in NAME_LABELS and any(c.isupper() for c in e.text)]


def _is_person(name: Any) -> bool:
    """Whether a surname alone states the name: a person (the small pipeline tags some persons ORG)."""
    return name.label_ in ("PERSON", "ORG")


def _slot_token(name: Any) -> Any:
    """The token whose slot a name fills: its head, or that of the first conjunct or the noun it is in apposition to."""
    token = name.root
    for _ in range(4):
        if token.dep_ not in ("conj", "appos"):
            break
        token = token.head
    return token


def _role(name: Any) -> str:
    """The slot a name (a spaCy span) fills in its clause.

    Subject, object, agent ("by X"), object of a preposition (with the preposition), or a modifier ("Skerra Air
    flights": no slot of its own). A conjunct fills its first conjunct's slot ("Ruiz and Brooks scored"), an
    apposition its noun's ("approved by the finance officer, Lena Park": the agent). Only names in the same slot are
    one swapped for the other: "At Dravenholt Airport, desks open …" does not put the airport where "Check-in desks for
    Skerra Air flights open …" has the airline.
    """
    token = _slot_token(name)
    dep = token.dep_
    if dep in _SUBJECT:
        return "subject"
    if dep in _OBJECT:
        return "object"
    if dep == "pobj":
        preposition = token.head.lower_
        return "agent" if preposition == "by" else f"pobj:{preposition}"
    return f"other:{dep}"


def _relations(name: Any) -> frozenset[tuple[str, str]]:
    """What a name (a spaCy span) is to which word: (its slot, the lemma of the word the slot belongs to).

    Voice is read as active: "written by X" is X as the subject of "write", the subject of a passive an object. A name
    that a relative clause is about is also that clause's subject ("Freya Lund, who reports to …": the subject of
    "report").
    """
    token = _slot_token(name)
    dep, head = token.dep_, token.head
    found: set[tuple[str, str]] = set()
    if dep in ("nsubj", "csubj"):
        found.add(("subject", head.lemma_.lower()))
    elif dep in _OBJECT or dep == "nsubjpass":
        found.add(("object", head.lemma_.lower()))
    elif dep == "pobj":
        if head.dep_ == "agent":
            found.add(("subject", head.head.lemma_.lower()))
        else:
            found.add((f"pobj:{head.lower_}", head.head.lemma_.lower()))
    for clause in token.children:
        if clause.dep_ == "relcl" and any(
            c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in ("who", "which", "that") for c in clause.children
        ):
            found.add(("subject", clause.lemma_.lower()))
    return frozenset(found)


@dataclass(frozen=True)
class SwappedNames:
    """Two answer names that a copied source sentence relates the other way round."""

    start: int  # offsets in the unit of the first name
    end: int
    name: str
    other: str
    relation: tuple[str, str]  # what the first name is in the answer and the other in the source
    clause: NameClause


def swapped_names(unit: str, sentences: Sequence[NameClause]) -> list[SwappedNames]:
    """Two names of ``unit`` exchanged in a source sentence it copies.

    "Written by X and checked by Y" of "written by Y and checked by X"; "X reports to Y" of "…Y, who reports to … X".
    The unit's words outside both names (at least :data:`MIN_RESTATED`) are all words of one source sentence that
    states both names, and each name is to some word what the other is to it in that sentence, and nothing the
    sentence makes it. Not for predicates that read the same both ways ("met", "played").
    """
    from veracity.text.parsing import parse

    names = _names(unit)
    if len(names) < 2:
        return []
    unit_words = content_words(unit)
    for k, first in enumerate(names):
        for second in names[k + 1 :]:
            inside = [(first.start_char, first.end_char), (second.start_char, second.end_char)]
            words = frozenset(w.form for w in unit_words if not any(s <= w.start < e for s, e in inside))
            if len(words) < MIN_RESTATED or _states(first.text, second.text, True):
                continue
            for sentence in sentences:
                if not copied_clause(words, sentence.words):
                    continue
                source = parse(sentence.text)
                theirs = [[e for e in source.ents if _states(e.text, n.text, _is_person(n))] for n in (first, second)]
                if not theirs[0] or not theirs[1]:
                    continue
                said = [frozenset().union(*(_relations(e) for e in found)) for found in theirs]
                ours = [_relations(first), _relations(second)]
                crossed = (ours[0] & said[1]) - said[0]
                if crossed and (ours[1] & said[0]) - said[1] and not any(v in SYMMETRIC_VERBS for _, v in crossed):
                    return [SwappedNames(first.start_char, first.end_char, first.text, second.text, min(crossed),
                                         sentence)]  # fmt: skip
    return []


def moved_names(unit: str, clauses: Sequence[NameClause], sources: str) -> list[MovedName]:
    """The names of ``unit`` put in another name's place in a source clause it copies (the module's rule).

    Args:
        unit: one answer sentence.
        clauses: the sources' clauses (:func:`name_clauses`).
        sources: the sources' text (a name no source states is the value checker's: absent, not moved).
    """
    from veracity.text.parsing import parse

    names = _names(unit)
    unit_words = content_words(unit) if names else []
    found: list[MovedName] = []
    for name in names:
        words = frozenset(w.form for w in unit_words if not name.start_char <= w.start < name.end_char)
        if len(words) < MIN_RESTATED:
            continue
        copied = [c for c in clauses if copied_clause(words, c.words)]  # the cheap test first: most copy none
        person = _is_person(name)
        if not copied or not _states(sources, name.text, person):
            continue
        role = _role(name)
        own: list[NameClause] | None = None  # the clauses that state the name, read once and only where needed
        for clause in copied:
            if _states(clause.text, name.text, person):
                continue
            rivals = [
                e.text
                for e in parse(clause.text).ents
                if e.label_ in NAME_LABELS
                and _role(e) == role
                and not _states(unit, e.text, person)  # the unit names both: a comparison, not a swap
                and not _states(e.text, name.text, person)
            ]
            if not rivals:
                continue
            if own is None:
                own = [c for c in clauses if _states(c.text, name.text, person)]
            if all(MARGIN * len(words & c.words) <= len(words & clause.words) for c in own):
                found.append(MovedName(name.start_char, name.end_char, name.text, rivals[0], clause))
                break
    return found


@dataclass(frozen=True)
class NameChecker:
    """``contradicted`` findings for the answer's names that a source sentence it copies gives another role.

    Two names exchanged (``role``: :func:`swapped_names`), a name put in another name's place (``value``:
    :func:`moved_names`).
    """

    name: str = "names"

    def findings(self, answer: AnswerUnits, sources: Sources) -> list[Finding]:
        """Each unit of ``answer`` read on its own against the sources' clauses and sentences."""
        clauses = name_clauses(sources)
        if not clauses:
            return []
        sentences = name_clauses(sources, cut_clauses=False)
        text = answer.text

        def finding(kind: FindingKind, start: int, end: int, clause: NameClause, explanation: str) -> Finding:
            return Finding(
                kind=kind,
                relation="contradicted",
                span=TextSpan.of(text, start, end),
                source_document=sources.documents[clause.document].id,
                source_span=sources.span(clause.document, clause.start, clause.start + len(clause.text)),
                source_text=clause.text,
                confidence=CONFIDENCE,
                explanation=explanation,
            )

        found: dict[tuple[int, int], Finding] = {}  # by the name's offsets: a name read in the unit and a statement
        for unit_start, unit_end in answer.units:
            # the unit, then each statement it joins on its own: a name moved in one statement stays moved whatever
            # the unit says after it (issue 76 §3)
            for start, end in unit_statements(text, unit_start, unit_end):
                for swap in swapped_names(text[start:end], sentences):
                    slot, word = swap.relation
                    said = (
                        f"answer: {swap.name} as the {slot} of '{word}'; source: {swap.other} is, and {swap.name} "
                        "is not"
                    )
                    where = (start + swap.start, start + swap.end)
                    found.setdefault(where, finding("role", *where, swap.clause, said))
                for moved in moved_names(text[start:end], clauses, sources.read_text):
                    said = (
                        f"answer: {moved.name}; source: {moved.rival} in the same clause; what the sources say of "
                        f"{moved.name} is elsewhere"
                    )
                    where = (start + moved.start, start + moved.end)
                    found.setdefault(where, finding("value", *where, moved.clause, said))
        return list(found.values())

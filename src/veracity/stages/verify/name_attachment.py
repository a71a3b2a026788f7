"""Names attached: a name vouches for an answer sentence only where the sources say the same thing of it (issue 59).

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

from veracity.schema import Document, Finding, TextSpan
from veracity.text.names import name_index, phrase_name, phrase_stated
from veracity.text.novelty import content_words
from veracity.text.select import json_as_text
from veracity.text.split import split_sentences

__all__ = ["MIN_RESTATED", "NAME_LABELS", "NameClause", "moved_names", "name_clauses", "name_findings"]

NAME_LABELS = frozenset({"PERSON", "ORG", "FAC", "PRODUCT"})
"""spaCy entity labels read as names. A name is compared with a name of any of them: the small English pipeline
tags the same person PERSON in one sentence and ORG in the next ("Nadia Petrova")."""

MIN_RESTATED = 3
"""Least content words of the unit outside the name that the clause must all state (its thing, its predicate)."""

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


def name_clauses(documents: Sequence[str]) -> list[NameClause]:
    """The clauses of the sources' prose (records are read by key, not here), each with its content words."""
    clauses: list[NameClause] = []
    for d, raw in enumerate(documents):
        if raw.lstrip().startswith(("{", "[")):
            continue
        text = json_as_text(raw)
        for sentence in split_sentences(text, "rules"):
            whole, offset, cursor = sentence.span.text, sentence.span.start, 0
            for cut in [*_CUT.finditer(whole), None]:
                end = cut.start() if cut is not None else len(whole)
                piece = whole[cursor:end]
                words = frozenset(w.form for w in content_words(piece))
                if words and len(words) <= MAX_CLAUSE_WORDS:
                    clauses.append(NameClause(d, piece, offset + cursor, words))
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


def _role(name: Any) -> str:
    """The slot a name (a spaCy span) fills in its clause.

    Subject, object, agent ("by X"), object of a preposition (with the preposition), or a modifier ("Skerra Air
    flights": no slot of its own). A conjunct fills its first conjunct's slot ("Ruiz and Brooks scored"), an
    apposition its noun's ("approved by the finance officer, Lena Park": the agent). Only names in the same slot are
    one swapped for the other: "At Dravenholt Airport, desks open …" does not put the airport where "Check-in desks for
    Skerra Air flights open …" has the airline.
    """
    token = name.root
    for _ in range(4):
        if token.dep_ not in ("conj", "appos"):
            break
        token = token.head
    dep = token.dep_
    if dep in _SUBJECT:
        return "subject"
    if dep in _OBJECT:
        return "object"
    if dep == "pobj":
        preposition = token.head.lower_
        return "agent" if preposition == "by" else f"pobj:{preposition}"
    return f"other:{dep}"


def moved_names(unit: str, clauses: Sequence[NameClause], sources: str) -> list[MovedName]:
    """The names of ``unit`` put in another name's place in a source clause it copies (the module's rule).

    Args:
        unit: one answer sentence.
        clauses: the sources' clauses (:func:`name_clauses`).
        sources: the sources' text (a name no source states is the value checker's: absent, not moved).
    """
    from veracity.text._spacy import parse

    doc = parse(unit)
    names = [e for e in doc.ents if e.label_ in NAME_LABELS and any(c.isupper() for c in e.text)]
    unit_words = content_words(unit) if names else []
    found: list[MovedName] = []
    for name in names:
        words = frozenset(w.form for w in unit_words if not name.start_char <= w.start < name.end_char)
        if len(words) < MIN_RESTATED:
            continue
        copied = [c for c in clauses if words <= c.words]  # the cheap test first: most names copy no clause
        person = name.label_ in ("PERSON", "ORG")  # a surname alone states a person: the pipeline tags some as ORG
        if not copied or not _states(sources, name.text, person):
            continue
        role = _role(name)
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
            own = [c for c in clauses if _states(c.text, name.text, person)]
            if rivals and all(MARGIN * len(words & c.words) <= len(words & clause.words) for c in own):
                found.append(MovedName(name.start_char, name.end_char, name.text, rivals[0], clause))
                break
    return found


def name_findings(answer: str, units: Sequence[tuple[int, int]], documents: Sequence[Document]) -> list[Finding]:
    """``contradicted`` findings for the answer's names put in another name's place in a copied source clause."""
    kept = [d for d in documents if d.text.strip()]
    texts = [d.text for d in kept]
    clauses = name_clauses(texts)
    if not clauses:
        return []
    sources = "\n".join(json_as_text(t) for t in texts)
    findings: list[Finding] = []
    for start, end in units:
        for moved in moved_names(answer[start:end], clauses, sources):
            document = kept[moved.clause.document]
            where = document.text.find(moved.clause.text)
            source_span = TextSpan.of(document.text, where, where + len(moved.clause.text)) if where >= 0 else None
            findings.append(
                Finding(
                    kind="value",
                    relation="contradicted",
                    span=TextSpan.of(answer, start + moved.start, start + moved.end),
                    source_document=document.id,
                    source_span=source_span,
                    source_text=moved.clause.text,
                    confidence=CONFIDENCE,
                    explanation=f"answer: {moved.name}; source: {moved.rival} in the same clause; what the sources "
                    f"say of {moved.name} is elsewhere",
                )
            )
    return findings

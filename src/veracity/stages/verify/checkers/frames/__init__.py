"""Frames of a parsed sentence: a predicate with its subject, object and slots, in active voice, and its negation.

The consistency checker (:mod:`veracity.stages.verify.checkers.frames.consistency`) compares an answer sentence's
frames with those of the source sentences it aligns with. A frame is read from spaCy's dependency parse: the subject
(``nsubj``; the agent of a passive), the object (``dobj``; the subject of a passive), prepositional slots (``prep:in``
→ its object), complements (``attr``, ``acomp``) and numeric modifiers; each argument carries its checkable values —
numbers with their units, dates, and names of a coarse type. Clauses that do not assert (under a condition, a
question, a negated verb above them, a relative clause) are marked ``main=False``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Literal

from veracity.text.lexicon import GLUE_WORDS, NEGATION_WORDS
from veracity.text.normalize import normalize_words
from veracity.text.values import (
    TIME_OF_DAY,
    DateValue,
    Value,
    bound_before,
    find_dates,
    period_near,
    stated_values,
)

__all__ = ["Arg", "Frame", "SlotValue", "acronym_of", "frames_of", "name_words", "normalised_words"]


_NAME_LABELS = {
    "PERSON": "person",
    "ORG": "org",
    "GPE": "place",
    "LOC": "place",
    "FAC": "place",
    "NORP": "group",
    "PRODUCT": "product",
    "EVENT": "event",
    "WORK_OF_ART": "work",
    "LAW": "law",
}
_PRONOUNS = frozenset(
    "it its they them their he him his she her we us our you your i me my this that these those which who whom "
    "one someone something there here".split()
)
_CLAUSE_DEPS = frozenset({"relcl", "acl", "advcl", "ccomp", "xcomp", "conj", "cc", "parataxis", "punct"})
_PERSONAL = frozenset({"he", "she", "it", "they"})
_MAIN_DEPS = frozenset({"ROOT", "conj", "ccomp", "parataxis", "xcomp", "advcl"})
"""Clauses that assert something; a relative clause or a participle ("the factors that cause X") presupposes it."""
_LIST_WORDS = frozenset({"passage", "step", "page", "chapter", "section", "no", "number", "item", "part", "table"})
_CONDITION_MARKS = frozenset({"if", "unless", "whether", "until", "once", "although", "though"})
_ALIASES = {
    "united states": "us",
    "united states america": "us",
    "america": "us",
    "usa": "us",
    "united kingdom": "uk",
    "britain": "uk",
    "great britain": "uk",
    "united nations": "un",
    "european union": "eu",
}

ValueKind = Literal["number", "date", "name"]


@dataclass(frozen=True)
class SlotValue:
    """What fills a slot, to check: an amount (a :class:`~veracity.text.values.Value`), a date, or a name.

    An amount is the one value reader's reading; a name has a coarse type (``label``: person, org, place, …).

    ``bound``: the side a comparison before it bounds it from ("min" for "more than 6", "after 1 May"; "max" for
    "up to 6"); ``period``: what a rate is counted per ("month" for "€1,200 per month"); ``bound_phrase`` and
    ``period_phrase``: the value with those words (start, end, text in the sentence).
    """

    kind: ValueKind
    start: int
    end: int
    text: str
    label: str = ""
    amount: Value | None = None
    date: DateValue | None = None
    words: frozenset[str] = frozenset()
    bound: str | None = None
    period: str | None = None
    bound_phrase: tuple[int, int, str] | None = None
    period_phrase: tuple[int, int, str] | None = None

    def phrase(self, what: str) -> tuple[int, int, str]:
        """The value with the words a conflict is about, as (start, end, text).

        Its comparison ("less than six hours") for ``comparison``, its period ("€1,200 per month") for ``period``,
        else the value alone.
        """
        found = self.bound_phrase if what == "comparison" else self.period_phrase if what == "period" else None
        return found or (self.start, self.end, self.text)


@dataclass(frozen=True)
class Arg:
    """An argument of a predicate: its character range in the sentence, head lemma, content words and values.

    ``is_list``: the argument coordinates several things ("A, B and C"), which a source may list only in part.
    ``known``: an answer's argument that a source names with all its words ("secondary caregivers"), so that one
    naming another kind of it ("primary caregivers") is surely about something else.
    """

    start: int
    end: int
    head: str
    words: frozenset[str]
    names: frozenset[str]
    pronoun: bool
    values: tuple[SlotValue, ...] = ()
    is_list: bool = False
    known: bool = False


@dataclass(frozen=True)
class Frame:
    """A predicate with its arguments, in active voice, and whether it is negated.

    ``slots`` maps a slot name (``prep:in``, ``attr``, ``npadvmod``…; ``prep:bound`` for "over", "under",
    "before", "after"… a number or date) to its arguments; ``lemmas`` are the lemmas of the clause (for antonyms);
    ``verb_group`` the verb with its auxiliaries and negation ("is not covered"); offsets are relative to the
    sentence text.
    """

    predicate: str
    start: int
    end: int
    negated: bool
    negation: tuple[int, int] | None
    subject: Arg | None
    object: Arg | None
    slots: tuple[tuple[str, Arg], ...] = ()
    lemmas: tuple[tuple[str, int, int], ...] = ()
    main: bool = True
    verb_group: tuple[int, int] | None = None

    def slot_args(self, name: str) -> list[Arg]:
        """The arguments in slot ``name``; ``subject`` and ``object`` are slots too."""
        if name == "subject":
            return [self.subject] if self.subject else []
        if name == "object":
            return [self.object] if self.object else []
        return [a for n, a in self.slots if n == name]

    def all_slots(self) -> list[tuple[str, Arg]]:
        """Every (slot, argument) pair, subject and object first."""
        out = [("subject", self.subject)] if self.subject else []
        out += [("object", self.object)] if self.object else []
        return [*out, *self.slots]


def normalised_words(text: str) -> frozenset[str]:
    """Lower-case, accent-free words of ``text`` without articles, prepositions and pronouns of the stop list."""
    return frozenset(w for w in normalize_words(text) if w not in GLUE_WORDS)


def name_words(text: str) -> frozenset[str]:
    """A name's words, normalised: initials joined ("U.S." → us), a few common aliases ("United States" → us)."""
    words = [w for w in normalize_words(text) if w not in {"the", "of", "and"}]
    joined: list[str] = []
    initials = False
    for w in words:
        if len(w) == 1 and initials:
            joined[-1] += w
        else:
            joined.append(w)
        initials = len(w) == 1
    phrase = " ".join(joined)
    if phrase in _ALIASES:
        return frozenset({_ALIASES[phrase]})
    return frozenset(joined)


def acronym_of(short: frozenset[str], long: frozenset[str], text: str) -> bool:
    """Whether the one-word name ``short`` is the initials of ``text`` ("NYPD" of "New York Police Department")."""
    if len(short) != 1:
        return False
    (token,) = short
    initials = "".join(w[0] for w in normalize_words(text) if w not in {"the", "of", "and", "for"})
    return len(token) >= 2 and token == initials


def _arg_tokens(token: Any) -> list[Any]:
    """The token's subtree without nested clauses (a relative clause says something else about the argument)."""
    out = [token]
    for child in token.children:
        if child.dep_ in _CLAUSE_DEPS and child.dep_ != "conj":
            continue
        out.extend(_arg_tokens(child))
    return out


def _refers_to(ent: Any, head: Any) -> bool:
    """Whether a named entity is what an argument refers to, not a modifier of it ("a friend of Joni Mitchell").

    It is the head, or joined to it by apposition or coordination ("the novel Beloved", "Tokyo, Japan", "A and B").
    """
    token = ent.root
    for _ in range(8):
        if token.i == head.i or ent.start <= head.i < ent.end:
            return True
        if token.dep_ not in {"appos", "conj", "compound"} or token.head.i == token.i:
            return False
        token = token.head
    return False


def _values(doc: Any, tokens: list[Any], head: Any = None) -> tuple[SlotValue, ...]:
    """Numbers, dates and names inside ``tokens`` (character offsets in the sentence).

    With ``head`` (the argument's head token), a name counts only when the argument refers to it (:func:`_refers_to`).
    """
    if not tokens:
        return ()
    indices = {t.i for t in tokens}
    start = min(t.idx for t in tokens)
    end = max(t.idx + len(t.text) for t in tokens)
    text = doc.text
    values: list[SlotValue] = []
    dates = [d for d in find_dates(text[start:end])]
    for d in dates:
        values.append(_qualified(SlotValue("date", start + d.start, start + d.end, d.text, date=d.value), text))
    date_spans = [(start + d.start, start + d.end) for d in dates]
    for read in stated_values(text):  # read in the whole sentence: a range's ends share a unit, a unit may follow
        if not (start <= read.start and read.end <= end) or any(a < read.end and read.start < b for a, b in date_spans):
            continue
        span = doc.char_span(read.start, read.end, alignment_mode="expand")
        if span is None or not all(t.i in indices for t in span):
            continue
        ent = next((e for e in doc.ents if e.start <= span.start < e.end), None)
        before = doc[span.start - 1].lower_ if span.start > 0 else ""
        if span.start == 0 or before in _LIST_WORDS:
            continue  # list numbering ("4 Reduce the heat", "passage 2"), not a stated quantity
        if read.noun not in (None, TIME_OF_DAY) and not _NOUN_RIGHT_AFTER.fullmatch(text, read.end, read.written[1]):
            # "a 964-person crew" says how big the crew is, "16 free withdrawals" names its thing in the argument's
            # head: a noun is the value's own only right after its number ("100 people"), as the parse reads it
            read = replace(read, noun=None, written=(read.written[0], read.end))
        a, b = read.written
        counted = bool(read.units) or read.noun is not None
        if ent is not None and ent.label_ in {"DATE", "TIME"} and 1000 <= read.amount <= 2100 and not counted:
            values.append(SlotValue("date", a, b, text[read.start : read.end], date=DateValue(year=int(read.amount))))
            continue
        if ent is not None and ent.label_ == "ORDINAL":
            continue
        values.append(_qualified(SlotValue("number", a, b, text[a:b], amount=read), text))
    for ent in doc.ents:
        if ent.label_ in _NAME_LABELS and all(t.i in indices for t in ent) and (head is None or _refers_to(ent, head)):
            words = name_words(ent.text)
            if words:
                values.append(
                    SlotValue("name", ent.start_char, ent.end_char, ent.text, _NAME_LABELS[ent.label_], words=words)
                )
    return tuple(values)


def _qualified(value: SlotValue, text: str) -> SlotValue:
    """``value`` with the comparison before it and the period it is counted per, read from the sentence ``text``."""
    bound = bound_before(text, value.start)
    period = period_near(text, value.start, value.end) if value.kind == "number" else None
    if bound is None and period is None:
        return value
    return replace(
        value,
        bound=bound[0] if bound else None,
        period=period[0] if period else None,
        bound_phrase=(bound[1], value.end, text[bound[1] : value.end]) if bound else None,
        period_phrase=(period[1], period[2], text[period[1] : period[2]]) if period else None,
    )


_NOUN_RIGHT_AFTER = re.compile(r"[^\S\n]+[A-Za-z]+")

_BOUND_PREPS = frozenset({"over", "under", "above", "below", "before", "after", "within", "until", "till", "beyond"})
"""Prepositions that bound a number or date: "after 1 May" and "before 1 May" fill one slot, compared by value."""


# Verbs of a naming clause on a noun: "Maria Skłodowska, later known as Marie Curie", "a town called Oświęcim".
_NAMING_VERBS = frozenset({"know", "call", "name", "nickname", "dub", "rename", "title"})


def _aliases(token: Any) -> frozenset[str]:
    """Name words of what a naming clause on ``token`` says it is also called (the other name of the same thing).

    A relative or participle clause is otherwise left out of an argument (it says something else about it); one
    that gives another name says who the argument is, and without it "Marie Curie" and "Maria Skłodowska, later
    known as Marie Curie" would read as two people.
    """
    found: set[str] = set()
    for clause in token.children:
        if clause.dep_ not in {"acl", "relcl"} or clause.lemma_.lower() not in _NAMING_VERBS:
            continue
        for child in clause.children:
            named = [g for g in child.children if g.dep_ == "pobj"] if child.lower_ == "as" else []
            named += [child] if child.dep_ in {"oprd", "attr"} else []
            for head in named:
                found.update(w for t in head.subtree if t.pos_ == "PROPN" for w in normalize_words(t.text))
    return frozenset(found)


def _is_word(token: Any) -> bool:
    """A word, or a code with letters and digits ("X200", "B2B"): what tells two models of a thing apart."""
    text: str = token.text
    return bool(token.is_alpha) or (text.isalnum() and not text.isdigit() and any(c.isalpha() for c in text))


def _arg(doc: Any, token: Any) -> Arg:
    tokens = sorted(_arg_tokens(token), key=lambda t: t.i)
    start = tokens[0].idx
    end = tokens[-1].idx + len(tokens[-1].text)
    words = frozenset(t.lemma_.lower() for t in tokens if _is_word(t) and t.lower_ not in GLUE_WORDS and not t.is_punct)
    names = frozenset(w for t in tokens if t.pos_ == "PROPN" for w in normalize_words(t.text)) | _aliases(token)
    pronoun = token.pos_ == "PRON" or token.lower_ in _PRONOUNS or not (words - _PRONOUNS)
    is_list = any(t.dep_ == "conj" for t in tokens)
    return Arg(start, end, token.lemma_.lower(), words, names, pronoun, _values(doc, tokens, token), is_list)


def _negation(verb: Any) -> tuple[int, int] | None:
    """Where the verb is negated (its negation word), or None.

    "not only … but also" and "not … until X" ("did not open until 1937" = "opened in 1937") assert the event.
    """
    if any(c.lower_ in {"until", "till"} for c in verb.children):
        return None
    for child in verb.children:
        if child.dep_ == "neg" or (child.lower_ in NEGATION_WORDS and child.dep_ != "prep"):
            following = child.doc[child.i + 1] if child.i + 1 < len(child.doc) else None
            if following is not None and following.lower_ in {"only", "just", "merely"}:
                continue  # "not only … but also" asserts
            return (child.idx, child.idx + len(child.text))
        if child.dep_ == "advmod" and child.lower_ == "longer":  # "can no longer sit out"
            no = next((g for g in child.children if g.lower_ == "no"), None)
            if no is not None:
                return (no.idx, no.idx + len(no.text))
        if child.dep_ in {"dobj", "attr", "nsubj", "nsubjpass"}:
            for grandchild in child.children:
                if grandchild.dep_ == "det" and grandchild.lower_ == "no":
                    return (grandchild.idx, grandchild.idx + len(grandchild.text))
                if child.dep_ in {"nsubj", "nsubjpass"} and grandchild.lower_ == "not":  # "not all phones receive"
                    return (grandchild.idx, grandchild.idx + len(grandchild.text))
    return None


def _subject_of(verb: Any) -> Any | None:
    for child in verb.children:
        if child.dep_ in {"nsubj", "csubj", "expl"}:
            return child
    if verb.dep_ in {"conj", "xcomp"} and verb.head.i != verb.i:
        head = verb.head
        passive_subject = next((c for c in head.children if c.dep_ == "nsubjpass"), None)
        return passive_subject if passive_subject is not None else _subject_of(head)
    if verb.dep_ == "relcl":
        return verb.head
    return None


def _conditional(verb: Any) -> bool:
    """Whether the verb's clause, or a clause above it, is conditional, concessive or a question."""
    token = verb
    for _ in range(12):
        if any(c.dep_ == "mark" and c.lower_ in _CONDITION_MARKS for c in token.children):
            return True
        if token.head.i == token.i:
            break
        token = token.head
    return False


def _under_negation(verb: Any) -> bool:
    """Whether a verb above this one is negated ("doesn't mean they can serve", "don't allow it to dry")."""
    token = verb
    for _ in range(12):
        if token.head.i == token.i:
            return False
        token = token.head
        if token.pos_ in {"VERB", "AUX"} and _negation(token) is not None:
            return True
    return False


def frames_of(doc: Any) -> list[Frame]:
    """The frames of a parsed sentence (a spaCy Doc or Span): one per verb, or copula with a complement.

    Passive voice is normalised to active: the agent ("by A") becomes the subject and the passive subject the object.
    A relative clause's subject is the noun it modifies when its own is a relative pronoun; a conjoined or ``xcomp``
    verb without a subject takes its head's.
    """
    frames: list[Frame] = []
    root_doc = doc.doc if hasattr(doc, "doc") else doc
    if doc.text.rstrip().endswith("?"):
        return frames
    for verb in doc:
        is_copula = verb.lemma_ == "be" and any(c.dep_ in {"attr", "acomp"} for c in verb.children)
        if verb.pos_ != "VERB" and not is_copula:
            continue
        if verb.dep_ in {"aux", "auxpass", "amod", "compound"} or _conditional(verb):
            continue
        passive = any(c.dep_ in {"nsubjpass", "auxpass"} for c in verb.children)
        subject_token = None
        object_token = None
        slots: list[tuple[str, Arg]] = []
        if passive:
            for child in verb.children:
                if child.dep_ == "agent":
                    pobj = next((g for g in child.children if g.dep_ == "pobj"), None)
                    subject_token = pobj
                elif child.dep_ == "nsubjpass":
                    object_token = child
            if object_token is None and verb.dep_ in {"conj", "relcl"}:
                object_token = verb.head if verb.dep_ == "relcl" else None
        else:
            subject_token = _subject_of(verb)
            object_token = next((c for c in verb.children if c.dep_ == "dobj"), None) or next(
                (c for c in verb.children if c.dep_ == "dative"), None
            )
        if subject_token is not None and subject_token.lower_ in {"that", "which", "who"} and verb.dep_ == "relcl":
            subject_token = verb.head
        for child in verb.children:
            if child.dep_ == "prep":
                pobj = next((g for g in child.children if g.dep_ in {"pobj", "pcomp"}), None)
                if pobj is not None:
                    arg = _arg(root_doc, pobj)
                    prep = child.lemma_.lower()
                    bounded = prep in _BOUND_PREPS and any(v.kind != "name" for v in arg.values)
                    slots.append(("prep:bound" if bounded else f"prep:{prep}", arg))
                # "fast for 8 hours before surgery": the measure hangs on the preposition, not on its object
                slots.extend(
                    ("npadvmod", _arg(root_doc, g))
                    for g in child.children
                    if g.dep_ == "npadvmod" and any(t.like_num for t in g.subtree)
                )
            elif child.dep_ in {"attr", "acomp", "oprd", "npadvmod", "advmod"} and child.dep_ != "neg":
                if child.dep_ == "advmod" and not any(t.like_num for t in child.subtree):
                    continue
                slots.append((child.dep_, _arg(root_doc, child)))
        clause = [verb, *[t for c in verb.children if c.dep_ not in _CLAUSE_DEPS for t in c.subtree]]
        lemmas = tuple((t.lemma_.lower(), t.idx, t.idx + len(t.text)) for t in clause if t.is_alpha)
        negation = _negation(verb)
        group = [verb, *[c for c in verb.children if c.dep_ in {"aux", "auxpass", "neg"} and c.i < verb.i]]
        frames.append(
            Frame(
                predicate=verb.lemma_.lower(),
                start=verb.idx,
                end=verb.idx + len(verb.text),
                negated=negation is not None,
                negation=negation,
                subject=_arg(root_doc, subject_token) if subject_token is not None else None,
                object=_arg(root_doc, object_token) if object_token is not None else None,
                slots=tuple(slots),
                lemmas=lemmas,
                main=verb.dep_ in _MAIN_DEPS and not _under_negation(verb),
                verb_group=(min(t.idx for t in group), verb.idx + len(verb.text)),
            )
        )
    return _resolve_pronouns(frames)


def _resolve_pronouns(frames: list[Frame]) -> list[Frame]:
    """A pronoun subject or object ("he was born in Bonn") takes the one earlier non-pronoun subject of the sentence.

    Only within one sentence, and only when every earlier frame names the same subject: a cheap, safe coreference.
    """
    resolved: list[Frame] = []
    for frame in frames:
        earlier = {f.subject.head: f.subject for f in resolved if f.subject is not None and not f.subject.pronoun}
        if len(earlier) == 1:
            (antecedent,) = earlier.values()
            if frame.subject is not None and frame.subject.pronoun and frame.subject.head in _PERSONAL:
                frame = replace(frame, subject=antecedent)
            elif frame.object is not None and frame.object.pronoun and frame.object.head in _PERSONAL:
                frame = replace(frame, object=antecedent)
        resolved.append(frame)
    return resolved

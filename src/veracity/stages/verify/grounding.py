"""A deterministic grounding checker: which names, numbers, dates and negations of a text the evidence lacks.

For a sentence of the answer and the evidence sentences aligned to it, every *checkable item* of the sentence is
looked up in the evidence:

* named entities (spaCy NER) and proper nouns outside them (a run of capitalised ones is one name) — supported
  when all their content words occur in the evidence (case, accents and possessive "'s" ignored); in
  :meth:`GroundingChecker.unsupported` a name of several words only as a phrase (below);
* numbers — "1,000" = "1000" = "one thousand"; a bare year also matches a date in that year;
* dates — "5 March 1901" = "March 5, 1901" = "1901-03-05"; a partial date matches any evidence date that agrees
  on the parts it gives ("March 1901" is supported by "5 March 1901", not the other way round);
* negations ("not", "never", "n't", ...) — supported when some aligned evidence sentence is negated too, or,
  in :meth:`GroundingChecker.unsupported`, when it says what the sources do not state ("the sources do not mention
  phone support") and the evidence indeed does not name that.

:meth:`GroundingChecker.check` and :meth:`GroundingChecker.unsupported` (what the ``grounding`` detector and the
words ``litehall`` marks rest on; :func:`find_unsupported` is unchanged for the other detectors) also compare
durations by length ("about two months" is supported by "60 days", "within a day" by "within 24 hours"), and
``check`` does not check a proper noun that is a function word ("May", "The" in a title-case sentence).
A number with a unit of measure is compared in every unit of its measure ("2.2 g" = "2200 mg"), clock times as times
of day ("2:30 pm" is supported by "14:30" and the other way round), and some items are no claims about the world
and are not checked (:func:`not_a_claim`): a list marker ("1." at the start of a line), anything in a reference to
the sources ("Passage 3", "documents 1 and 2", "[2]"), the answer's own length in a sentence about a summary ("Here
is a summary in 85 words"), and a unit that reads as a name ("Celsius", "kWh", "°F", "US gallons"). On RAGTruth's
training answers the first three and the clock times were 232 of the 388 sentences with an absent value, 26 of them
in a hallucinated span (experiments/reader-v5/non-claims.json).

Values as values, names as phrases (issue 59), in :meth:`GroundingChecker.unsupported` and ``check``: a number with a
unit or currency is supported by the same value only, never by the same digits in another unit ("45 lb" is not
stated by "EUR 45" or "45 minutes"; a number the evidence states with no unit still vouches), by a conversion
within the stated rounding (kg/lb, g/oz, km/mi, m/ft, cm/in, l/US gal, °C/°F: "23 kg" for "50.7 lb" or "about 50
lb", not "55 lb") and by a sum, difference or product of two values of one unit the evidence states ("1,500 points"
and "750 points" for "2,250 points"; never a year or a date) — the rules and their bounds in
:mod:`veracity.text.values`. A name of several words is supported by itself or a short form the evidence uses for
it (its acronym, the name without a generic suffix such as "Group", a person's surname that the evidence gives no
one else), never by its words apart ("Northwind Travel Group" is not stated by "the Northwind wind farm" and "group
bookings"); an acronym by the capitalised words it abbreviates — the rules in :mod:`veracity.text.names`.

The unsupported items are the error spans. It needs no NLI model, so it doubles as the error-span locator of
the other detectors. :func:`marked_range` gives the words to show for an item: a negation is never shown alone
but with the words it negates ("does not last", not "not").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Any

from veracity.text.arithmetic import arithmetic_cue, derived, related_values
from veracity.text.lexicon import GLUE_WORDS, NAME_PARTICLES, NEGATION_WORDS, NEGATIVE_PRONOUNS, STOP_WORDS
from veracity.text.names import acronym_stated, name_index, phrase_name, phrase_stated
from veracity.text.normalize import normalize_words
from veracity.text.parsing import DEFAULT_SPACY_MODEL, parse
from veracity.text.values import (
    DateValue,
    Value,
    clock_times,
    date_supported,
    duration_supported,
    find_dates,
    find_durations,
    find_numbers,
    number_supported,
    read_values,
    same_value,
    stated_values,
    value_stated,
)

__all__ = [
    "Checkable",
    "CheckableKind",
    "EvidenceFacts",
    "GroundingChecker",
    "find_unsupported",
    "marked_range",
    "not_a_claim",
    "only_function_words",
]

# Entity types checked by words. Numeric types are checked by value through normalize.find_numbers/find_dates.
_WORD_ENTITY_LABELS = frozenset(
    {
        "PERSON",
        "ORG",
        "GPE",
        "LOC",
        "FAC",
        "NORP",
        "EVENT",
        "WORK_OF_ART",
        "PRODUCT",
        "LAW",
        "LANGUAGE",
        "DATE",
    }
)
_NUMERIC_ENTITY_LABELS = frozenset({"DATE", "TIME", "CARDINAL", "QUANTITY", "MONEY", "PERCENT", "ORDINAL"})
_NAME_GLUE = GLUE_WORDS | NAME_PARTICLES  # the words of a name that are no word to match on ("the", "of", "van")
_NEGATION_WORDS = NEGATION_WORDS | NEGATIVE_PRONOUNS
# numbers that are not claims: a list marker, a reference to the sources, the answer's own length
_LIST_MARKER = re.compile(r"(?:^|\n)[ \t(]*(\d{1,2})[.)](?=\s|$)")
_SOURCE_REFERENCE = re.compile(
    r"\b(?:passage|document|doc|source|context|snippet|excerpt|reference|citation)s?\s*(?:#|no\.?\s*|number\s*)?"
    r"\d+(?:\s*(?:,|and|&|or|-|–|to)\s*\d+)*|\[\d+(?:\s*[,–-]\s*\d+)*\]",
    re.IGNORECASE,
)
_OWN_LENGTH = re.compile(r"\b\d+\s*-?\s*(?:words?|sentences?|bullet points?|characters?)\b", re.IGNORECASE)
_ABOUT_THE_ANSWER = re.compile(r"summar|\bhere\s+is\b|\bhere's\b|\bbelow\b", re.IGNORECASE)
_UNIT_NAMES = frozenset(
    "celsius fahrenheit kelvin wh kwh mwh gwh mah kw mw gw hz khz mhz ghz kb mb gb tb db dba".split()
)
_GALLONS_AFTER = re.compile(r"\s*(?:gallons?|gal|fl\.?\s*oz|fluid\s+ounces?|pints?|quarts?|cups?)\b", re.IGNORECASE)
_DENOMINATORS = {"half": Decimal(2), "halve": Decimal(2), "third": Decimal(3), "quarter": Decimal(4),
                 "fourth": Decimal(4), "fifth": Decimal(5), "sixth": Decimal(6), "seventh": Decimal(7),
                 "eighth": Decimal(8), "ninth": Decimal(9), "tenth": Decimal(10)}  # fmt: skip
_FRACTION_AFTER = re.compile(r"[- ](" + "|".join(_DENOMINATORS) + r")s?\b", re.IGNORECASE)
_NEGATION_PATTERN = re.compile(
    r"\b(?:" + "|".join(sorted(w for w in _NEGATION_WORDS if w.isalpha())) + r")\b|n't\b", re.IGNORECASE
)


class CheckableKind(StrEnum):
    """What a checkable item is."""

    ENTITY = "entity"
    PROPER_NOUN = "proper_noun"
    NUMBER = "number"
    DATE = "date"
    NEGATION = "negation"


@dataclass(frozen=True)
class Checkable:
    """An item of a text that the evidence must contain; ``start``/``end`` index that text."""

    kind: CheckableKind
    start: int
    end: int
    text: str
    value: Any = None


@dataclass(frozen=True)
class EvidenceFacts:
    """What a piece of evidence states, prepared once for many lookups."""

    words: frozenset[str]
    numbers: tuple[Decimal, ...]
    dates: tuple[DateValue, ...]
    negated: bool

    @classmethod
    def of(cls, text: str) -> EvidenceFacts:
        """Extract the words, numbers, dates and negation of ``text``."""
        dates = find_dates(text)
        numbers = find_numbers(text, skip=[(d.start, d.end) for d in dates])
        return cls(
            words=frozenset(normalize_words(text)),
            numbers=tuple(n.value for n in numbers),
            dates=tuple(d.value for d in dates),
            negated=bool(_NEGATION_PATTERN.search(text)),
        )


def _in_another_unit(text: str, item: Checkable, value: Value | None, evidence: str) -> bool:
    """Whether the number ``item`` is stated in ``evidence`` in another unit of its measure or currency, or as a share.

    "2.2 g" = "2200 mg" (not "2200 km"), "$0.48" = "48 cents", "23 kg" ≈ "50.7 lb" within the rounding of
    :func:`~veracity.text.values.same_value`, "four-fifths" = "80%". ``value``: the item read with its unit
    (:func:`~veracity.text.values.read_values`), None when it is no number.
    """
    if item.kind is not CheckableKind.NUMBER or value is None:
        return False
    stated = stated_values(evidence)
    if value.units and any(same_value(value, s) for s in stated):
        return True
    if fraction := _FRACTION_AFTER.match(text, item.end):  # "four-fifths" by "80%", "two-thirds" by "67%"
        share = item.value / _DENOMINATORS[fraction.group(1).lower().rstrip("s")] * 100
        return any(abs(share - s.amount) <= Decimal("0.5") and "percent" in s.units for s in stated)
    return False


def not_a_claim(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is no claim the sources must state.

    A number that is a list marker or the answer's own length in a sentence about a summary, anything inside a
    reference to the sources ("Passage 3"), and a unit that reads as a name ("Celsius", "kWh", "°F", "US gallons").
    """
    if any(m.start() <= start and end <= m.end() for m in _SOURCE_REFERENCE.finditer(text)):
        return True
    if text[start:end].casefold() in _UNIT_NAMES:  # "18 degrees Celsius", "175 Wh/kg": a unit, not a name
        return True
    if text[start:end] in ("C", "F") and re.search(r"(?:[°º]|\bdegrees?)\s*$", text[:start]):  # "68 °F"
        return True
    if text[start:end] in ("US", "U.S.", "UK") and _GALLONS_AFTER.match(text, end):  # "37 US gallons"
        return True
    if not text[start:end].isdigit():
        return False
    if any(m.start(1) == start and m.end(1) == end for m in _LIST_MARKER.finditer(text)):
        return True
    return bool(_ABOUT_THE_ANSWER.search(text)) and any(
        m.start() <= start < m.end() for m in _OWN_LENGTH.finditer(text)
    )


def find_unsupported(items: Sequence[Checkable], evidence: EvidenceFacts) -> list[Checkable]:
    """The items that ``evidence`` does not state (a pure function of its inputs)."""
    missing = []
    for item in items:
        if item.kind is CheckableKind.NUMBER:
            ok = number_supported(item.value, list(evidence.numbers), list(evidence.dates))
        elif item.kind is CheckableKind.DATE:
            ok = date_supported(item.value, list(evidence.dates), list(evidence.numbers))
        elif item.kind is CheckableKind.NEGATION:
            ok = evidence.negated
        else:
            words = [w for w in normalize_words(item.text) if w not in _NAME_GLUE] or normalize_words(item.text)
            ok = all(w in evidence.words for w in words)
        if not ok:
            missing.append(item)
    return missing


_SENTENCE_ENDS = frozenset({".", "!", "?"})  # the small parser starts no sentence after a one-word "No." or "Yes."


def capitalised_by_position(token: Any, model: str = DEFAULT_SPACY_MODEL) -> bool:
    """Whether a proper noun opening a sentence is one only because its first letter is capitalised there.

    The small parser tags an imperative that opens a sentence as a proper noun ("Bear in mind …"). A lone
    capitalised word that opens its sentence (or follows a full stop, which the parser does not always take as the
    start of one), outside every named entity and not followed by another capitalised word, counts as a name only if
    the sentence with that word in lower case still tags it a proper noun (experiments/sentence-initial-names).

    >>> doc = parse("Bear in mind that the gate closes early.")
    >>> capitalised_by_position(doc[0])
    True
    """
    opens = token.is_sent_start or (token.i > 0 and token.nbor(-1).text in _SENTENCE_ENDS)  # "No. Bear in mind …"
    if not opens or token.ent_type_ or not token.text[:1].isupper() or token.text.isupper():
        return False
    following = token.nbor() if token.i + 1 < len(token.doc) else None
    if following is not None and following.text[:1].isupper():
        return False  # "Northwind Travel …": a run of capitalised words is a name
    sentence = token.sent
    at = token.idx - sentence.start_char
    text = sentence.text
    lowered = parse(text[:at] + token.text[:1].lower() + text[at + 1 :], model)
    return not any(t.idx == at and t.pos_ == "PROPN" for t in lowered)


class GroundingChecker:
    """Finds the checkable items of a text and the ones its evidence does not support.

    Args:
        check_proper_nouns: also check proper nouns that NER did not tag (catches "Physics" → "Chemistry").
        check_negation: check negation words.
        spacy_model: the spaCy pipeline used for NER and POS tags.
    """

    def __init__(
        self,
        check_proper_nouns: bool = True,
        check_negation: bool = True,
        spacy_model: str = DEFAULT_SPACY_MODEL,
    ) -> None:
        self.check_proper_nouns = check_proper_nouns
        self.check_negation = check_negation
        self.spacy_model = spacy_model

    def config(self) -> dict[str, Any]:
        """Constructor arguments, as recorded in reports."""
        return {
            "check_proper_nouns": self.check_proper_nouns,
            "check_negation": self.check_negation,
            "spacy_model": self.spacy_model,
        }

    def checkables(self, text: str) -> list[Checkable]:
        """The items of ``text`` that evidence must support, in text order."""
        dates = find_dates(text)
        numbers = find_numbers(text, skip=[(d.start, d.end) for d in dates])
        items = [Checkable(CheckableKind.DATE, d.start, d.end, d.text, d.value) for d in dates]
        items += [Checkable(CheckableKind.NUMBER, n.start, n.end, n.text, n.value) for n in numbers]
        taken = [(i.start, i.end) for i in items]

        def free(start: int, end: int) -> bool:
            return not any(start < e and s < end for s, e in taken)

        doc = parse(text, self.spacy_model)
        for ent in doc.ents:
            if ent.label_ not in _WORD_ENTITY_LABELS or not free(ent.start_char, ent.end_char):
                continue
            if ent.label_ in _NUMERIC_ENTITY_LABELS and not any(c.isalpha() for c in ent.text):
                continue
            start, end = _strip_determiner(ent)
            items.append(Checkable(CheckableKind.ENTITY, start, end, text[start:end]))
            taken.append((ent.start_char, ent.end_char))
        for token in doc:
            end = token.idx + len(token.text)
            if (
                self.check_proper_nouns
                and token.pos_ == "PROPN"
                and token.is_alpha
                and free(token.idx, end)
                and not capitalised_by_position(token, self.spacy_model)
            ):
                last = items[-1] if items else None
                if (  # a run of capitalised proper nouns is one name, checked as a phrase: "Northwind Travel Group"
                    last is not None
                    and last.kind is CheckableKind.PROPER_NOUN
                    and text[last.end : token.idx] == " "
                    and last.text[:1].isupper()
                    and token.text[:1].isupper()
                ):
                    items[-1] = Checkable(CheckableKind.PROPER_NOUN, last.start, end, text[last.start : end])
                    continue
                items.append(Checkable(CheckableKind.PROPER_NOUN, token.idx, end, token.text))
            elif self.check_negation and (token.dep_ == "neg" or token.lower_ in _NEGATION_WORDS):
                if token.lower_ != "no" or token.dep_ in ("neg", "det"):
                    items.append(Checkable(CheckableKind.NEGATION, token.idx, end, token.text))
        return sorted(items, key=lambda i: (i.start, i.end))

    def check(
        self, text: str, evidence_texts: Sequence[str], extra_text: str = ""
    ) -> tuple[list[Checkable], list[Checkable]]:
        """The checkable items of ``text`` and those unsupported by the evidence.

        Args:
            text: the sentence or claim to check.
            evidence_texts: the evidence sentences aligned to it.
            extra_text: text that may also vouch for names (e.g. the question), but not for numbers, dates or
                negations.

        Returns:
            ``(items, unsupported)``.
        """
        items = self.checked_items(text)
        missing = self.unsupported(text, items, evidence_texts)
        if extra_text and missing:
            extra = EvidenceFacts.of(extra_text)
            named = (CheckableKind.ENTITY, CheckableKind.PROPER_NOUN)
            words = [m for m in missing if m.kind in named and phrase_name(m.text) is None]
            unvouched = {id(i) for i in find_unsupported(words, extra)}
            phrases = self._names_as_phrases(text, [m for m in missing if m.kind in named], set(), extra_text)
            unvouched |= {id(m) for m in phrases}
            missing = [m for m in missing if m.kind not in named or id(m) in unvouched]
        return items, missing

    def checked_items(self, text: str) -> list[Checkable]:
        """:meth:`checkables` less function words ("May", "The" in a title-case text) and :func:`not_a_claim` items."""
        return [i for i in self.checkables(text) if not _function_word(i) and not not_a_claim(text, i.start, i.end)]

    def unsupported(
        self,
        text: str,
        items: Sequence[Checkable],
        evidence_texts: Sequence[str],
        facts: EvidenceFacts | None = None,
    ) -> list[Checkable]:
        """The ``items`` of ``text`` that the evidence does not state: values as values, names as phrases.

        As :func:`find_unsupported` over the evidence together, except that

        * a number with a unit or currency is supported only by the same value (:mod:`veracity.text.values`): not by
          the same digits with another unit ("45 lb" by "EUR 45"), but by the value in another unit within the
          stated rounding ("2.2 g" by "2200 mg", "50.7 lb" by "23 kg"), or as a sum, difference or product of two
          values the evidence states ("2,250 points" by "1,500 points" and "750 points");
        * a clock time's numbers are supported by the same time of day in the evidence (:func:`clock_times`);
        * a number or name inside a duration of ``text`` ("two" of "about two months", "a day") is supported when
          the evidence states a duration of the same length (:func:`~veracity.text.values.duration_supported`:
          "60 days", "24 hours");
        * a name of several words is supported by itself or a short form the evidence uses for it, not by its
          words one by one (:mod:`veracity.text.names`: "Northwind Travel Group" by "NTG" or "Northwind Travel",
          not by "Northwind" and "group" apart), and an acronym by the capitalised words it abbreviates;
        * a negation saying what the sources do not state ("the sources do not mention phone support") is
          supported when the evidence does not name that thing.
        """
        joined = " ".join(evidence_texts)
        missing = find_unsupported(items, facts if facts is not None else EvidenceFacts.of(joined))
        missing_ids = {id(m) for m in missing}
        named = [i for i in items if i.kind in (CheckableKind.ENTITY, CheckableKind.PROPER_NOUN)]
        if named:
            missing_ids = {id(m) for m in missing if m.kind not in (CheckableKind.ENTITY, CheckableKind.PROPER_NOUN)}
            missing_ids |= {id(m) for m in self._names_as_phrases(text, named, {id(m) for m in missing}, joined)}
        numbers = [i for i in items if i.kind is CheckableKind.NUMBER]
        values = {(v.start, v.end): v for v in read_values(text)} if numbers else {}
        for item in numbers:  # the same digits with another unit vouch for nothing
            value = values.get((item.start, item.end))
            if id(item) not in missing_ids and value is not None and value.units and not value.loose:
                if not value_stated(value, stated_values(joined)):
                    missing_ids.add(id(item))
        missing = [i for i in items if id(i) in missing_ids]
        if not missing:
            return missing
        durations = [d for d in find_durations(text) if duration_supported(d.value, list(_durations(joined)))]
        missing = [m for m in missing if m.kind is CheckableKind.DATE or not _inside(m, durations)]
        if any(m.kind is CheckableKind.NUMBER for m in missing):  # the same value in another unit of its measure
            missing = [m for m in missing if not _in_another_unit(text, m, values.get((m.start, m.end)), joined)]
        if any(m.kind is CheckableKind.NUMBER for m in missing):  # a time of day the evidence states too
            stated_times = _times_of_day(joined)
            times = [(t.start, t.end) for t in clock_times(text) if t.minutes in stated_times]
            missing = [m for m in missing if not any(a <= m.start and m.end <= b for a, b in times)]
        if any(m.kind is CheckableKind.NUMBER for m in missing):  # a sum, difference or product of stated values
            own = list(values.values())
            related = related_values(text, joined) if arithmetic_cue(text) else ()
            missing = [
                m
                for m in missing
                if m.kind is not CheckableKind.NUMBER
                or (value := values.get((m.start, m.end))) is None
                or not derived(value, stated_values(joined), own, arithmetic_cue(text, m.end), related)
            ]
        return [m for m in missing if not self._silent_sources(text, m, joined)]

    def _names_as_phrases(
        self, text: str, names: Sequence[Checkable], missing: set[int], evidence: str
    ) -> list[Checkable]:
        """The ``names`` of ``text`` that ``evidence`` does not state (``missing``: ids missing word by word).

        A name of several words (:func:`~veracity.text.names.phrase_name`) is read as a phrase, whatever its words
        do apart; an acronym missing word by word is stated by the capitalised words it abbreviates; any other
        name is as ``missing`` says.
        """
        out = []
        for item in names:
            if phrase_name(item.text) is not None:
                if not phrase_stated(item.text, name_index(evidence), person=self._label(text, item) == "PERSON"):
                    out.append(item)
            elif id(item) in missing and not acronym_stated(item.text, name_index(evidence)):
                out.append(item)
        return out

    def _label(self, text: str, item: Checkable) -> str | None:
        """The entity label spaCy gives ``item`` (None for a proper noun outside an entity)."""
        if item.kind is not CheckableKind.ENTITY:
            return None
        doc = parse(text, self.spacy_model)
        return next((e.label_ for e in doc.ents if e.end_char == item.end and e.start_char <= item.start), None)

    def _silent_sources(self, text: str, item: Checkable, evidence: str) -> bool:
        """Whether ``item`` is a statement about the sources that they bear out.

        It negates what the sources say ("the sources do not mention phone support") about a thing the evidence
        indeed does not name.
        """
        if item.kind is not CheckableKind.NEGATION:
            return False
        doc = parse(text, self.spacy_model)
        token = next((t for t in doc if t.idx == item.start), None)
        if token is None or token.head.lemma_.lower() not in _REPORTING_VERBS:
            return False
        verb = token.head
        if not any(c.dep_ in ("nsubj", "nsubjpass") and c.lemma_.lower() in _SOURCE_NOUNS for c in verb.children):
            return False
        said = [t for c in verb.children if c.dep_ in ("dobj", "ccomp", "xcomp") for t in c.subtree]
        words = {w for t in said for w in normalize_words(t.text) if t.text.lower() not in STOP_WORDS}
        return bool(words) and not words <= set(normalize_words(evidence))


def marked_range(text: str, item: Checkable, spacy_model: str = DEFAULT_SPACY_MODEL) -> tuple[int, int]:
    """The characters of ``text`` to mark for an unsupported ``item``: the item, or for a negation, the phrase.

    A negation particle alone tells a reader nothing, so it is widened to the words it negates with the auxiliary
    before it ("does not last", "cannot create", "not available", "no phone support", "without being charged");
    where the parse gives no such words, to the whole of ``text``.

    Example::

        >>> item = Checkable(CheckableKind.NEGATION, 15, 18, "not")
        >>> text = "The trial does not last two months."
        >>> start, end = marked_range(text, item)
        >>> text[start:end]
        'does not last'
    """
    if item.kind is not CheckableKind.NEGATION:
        return item.start, item.end
    doc = parse(text, spacy_model)
    token = next((t for t in doc if t.idx == item.start), None)
    if token is None:
        return _trimmed(text)
    head = token.head
    if head.i > token.i:
        first = token
        while first.i > 0 and doc[first.i - 1].head == head and doc[first.i - 1].dep_ in ("aux", "auxpass"):
            first = doc[first.i - 1]
        start, end = first.idx, head.idx + len(head.text)
    else:
        last = max(token.subtree, key=lambda t: t.i)
        if last.i == token.i and head.i != token.i:
            start, end = head.idx, token.idx + len(token.text)
        else:
            start, end = token.idx, last.idx + len(last.text)
    if end - start <= len(token.text):
        return _trimmed(text)
    return start, end


def _trimmed(text: str) -> tuple[int, int]:
    """The whole of ``text`` without surrounding spaces and final punctuation."""
    stripped = text.rstrip().rstrip(".!?;:,").rstrip()
    start = len(stripped) - len(stripped.lstrip())
    return start, len(stripped)


@functools.lru_cache(maxsize=16)
def _durations(evidence: str) -> tuple[Any, ...]:
    """The durations ``evidence`` states, read once for every sentence checked against it."""
    return tuple(d.value for d in find_durations(evidence))


@functools.lru_cache(maxsize=16)
def _times_of_day(evidence: str) -> frozenset[int]:
    """The times of day ``evidence`` states (minutes after midnight), read once for every sentence checked."""
    return frozenset(t.minutes for t in clock_times(evidence))


def _inside(item: Checkable, mentions: Sequence[Any]) -> bool:
    return any(m.start <= item.start and item.end <= m.end for m in mentions)


def only_function_words(text: str) -> bool:
    """Whether ``text`` has no word but function words, negation particles and "yes" (never marked on their own).

    Example::

        >>> only_function_words("does n't"), only_function_words("Yes"), only_function_words("Linux")
        (True, True, False)
    """
    words = re.findall(r"\w+(?:'\w+)?|n't", text.lower())
    return all(w in _FUNCTION_WORDS for w in words)


_REPORTING_VERBS = frozenset(
    "mention say state specify include provide contain give list indicate discuss cover describe address".split()
)
_SOURCE_NOUNS = frozenset(
    "source context document passage text information article record excerpt snippet material page".split()
)
_FUNCTION_WORDS = STOP_WORDS | _NEGATION_WORDS | {"yes", "yeah", "ca", "wo", "doesn", "isn", "aren", "don", "won"}


def _function_word(item: Checkable) -> bool:
    """A proper noun that is a function word: "May", "The", "Yes" where a title-case sentence capitalises them."""
    return item.kind is CheckableKind.PROPER_NOUN and only_function_words(item.text)


def _strip_determiner(ent: Any) -> tuple[int, int]:
    start = ent.start_char
    if len(ent) > 1 and ent[0].lower_ in ("the", "a", "an"):
        start = ent[1].idx
    return start, ent.end_char

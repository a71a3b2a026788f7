"""Checking what an answer says about a business or product against the structured record it was written from.

A third of RAGTruth is Data2txt: a text written from a Yelp-style JSON record, and most of its hallucinations
contradict a field ("takes reservations" where ``RestaurantsReservations`` is false, "open seven days a week" where
Sunday has no hours) or state a feature the record leaves null. The same holds for any RAG over catalogue rows, API
responses or ``key: value`` sheets. Three steps, all rules, no model:

* :func:`read_record_fields` reads a document as a record — a JSON object (nested objects flattened to paths), a
  Python dict literal, or at least three ``key: value`` lines — into :class:`RecordField` leaves with their offsets;
* :func:`check_record_claims` finds the features, hours, star rating and review count the answer states (asserted or
  denied within one clause) and compares them with the fields: a different value is ``contradicted``, a null or
  missing field ``not_found``;
* :func:`record_signals` turns the findings into numbers for a learned combination.

The phrase table (``records.phrases.FEATURES``) was listed by hand from RAGTruth **train** only (the answer n-grams
that go with each attribute, ``experiments/record-checker/phrases.py``); features that train records never have
(delivery, credit cards, ...) were written from their Yelp names. A yes/no field the table does not know is matched
by its own words ("BikeParking" → "bike parking"). The record's fields are read in ``records.fields``, the answer's
clauses and negations in ``records.clauses``, its opening days and times in ``records.hours``.

Precision comes first: words attributed to reviews or reviewers ("one reviewer complained there was no parking"),
hedged clauses ("may", "if") and remarks about the data ("no information about parking") are skipped; generic words
count only where unambiguous ("parking is available" is checked against all parking kinds together, "street
parking" against the street kind); a feature the record has no key for is ``not_found`` only in a record that lists
such features and nowhere mentions it (categories "Caterers" back "offers catering"). Measured on RAGTruth train in
``experiments/record-checker/README.md``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from veracity.schema import Finding, TextSpan
from veracity.stages.sources import AnswerUnits, Sources, derived_value
from veracity.stages.verify.checkers.records.clauses import (
    RatingStatement,
    Sentence,
    claim_sentences,
    insensitive,
    is_name,
    polarity,
    rating_statements,
    sentences,
)
from veracity.stages.verify.checkers.records.hours import DAY_NAMES, HoursStatement, check_hours, hours_statements
from veracity.stages.verify.checkers.records.phrases import (
    COVERED_KEYS,
    FEATURES,
    GENERIC_WORDS,
    PARKING,
    PARKING_KIND_WORDS,
    Feature,
    truth,
    value_word,
)
from veracity.stages.verify.checkers.records.things import RecordThings
from veracity.stages.verify.checkers.records.values import (
    FieldStatement,
    field_keys,
    field_statements,
    key_content,
    stated_value_agrees,
)
from veracity.text.normalize import normalize_words
from veracity.text.records import RecordField, Scalar, read_record_fields

__all__ = ["RecordChecker", "RecordField", "Scalar", "check_record_claims", "read_record_fields", "record_signals"]


# ------------------------------------------------------------------------------------------------ reading a record
def _norm(key: str) -> str:
    return re.sub(r"[^a-z0-9]", "", key.lower())


@dataclass(frozen=True)
class _Reading:
    status: Literal["value", "null", "absent"]
    value: Scalar = None
    field: RecordField | None = None
    source: str = ""


_ABSENT = _Reading("absent")


class _Record:
    """One document's fields, looked up by the normalised suffix of their path."""

    def __init__(self, fields: Sequence[RecordField]) -> None:
        self.document_id = fields[0].document_id
        self.fields = list(fields)
        self.paths = [tuple(_norm(k) for k in f.path) for f in fields]
        # A record that lists features like these (a Yelp-style attribute set) is silent on the ones it lacks.
        self.lists_features = sum(self.read(f.keys).status != "absent" for f in FEATURES) >= 3

    def read(self, keys: Iterable[str]) -> _Reading:
        """The first of ``keys`` the record has; an object key reads as whether any of its flags is true."""
        for key in keys:
            parts = tuple(key.split("."))
            n = len(parts)
            for f, p in zip(self.fields, self.paths, strict=True):
                if p[-n:] == parts:
                    null = f.value is None or value_word(f.value) in {"", "null"}
                    return _Reading("null" if null else "value", f.value, f, f.describe())
            children = [
                (f, truth(f.value)) for f, p in zip(self.fields, self.paths, strict=True) if p[:-1][-n:] == parts
            ]
            if children:
                summary = f"{children[0][0].path[-2]}: " + ", ".join(
                    f"{f.path[-1]} {json.dumps(f.value)}" for f, _ in children
                )
                first_true = next((f for f, t in children if t), None)
                if first_true is not None:
                    return _Reading("value", True, first_true, first_true.describe())
                if all(t is False for _, t in children):
                    return _Reading("value", False, children[0][0], summary)
                if all(f.value is None for f, _ in children):
                    return _Reading("null", None, children[0][0], summary)
                return _Reading("value", None, children[0][0], summary)  # some false, some null: undecided
            if n > 1:  # the parent object itself is null ("Ambience": null)
                parent = self.read([".".join(parts[:-1])])
                if parent.status == "null":
                    return parent
        return _ABSENT

    def mentions(self, pattern: re.Pattern[str]) -> bool:
        """Whether some string value of the record (categories, reviews, ...) matches ``pattern``."""
        return any(isinstance(f.value, str) and pattern.search(f.value) for f in self.fields)

    def listed_reviews(self) -> int:
        """How many reviews the record lists (items of a ``reviews`` / ``review_info`` list)."""
        items = {
            p[: i + 2]
            for p in self.paths
            for i, k in enumerate(p[:-1])
            if k in {"reviews", "reviewinfo"} and p[i + 1].isdigit()
        }
        return len(items)

    def hours(self) -> tuple[Literal["value", "null", "absent"], dict[int, RecordField]]:
        """The ``hours`` object's days (0 = Monday) with their fields, or whether it is null or absent."""
        days = {
            DAY_NAMES.index(p[-1]): f
            for f, p in zip(self.fields, self.paths, strict=True)
            if len(p) >= 2 and p[-2] == "hours" and p[-1] in DAY_NAMES
        }
        if days:
            return "value", days
        null = any(p[-1] == "hours" and f.value is None for f, p in zip(self.fields, self.paths, strict=True))
        return ("null" if null else "absent"), {}


def _by_document(fields: Sequence[RecordField]) -> list[list[RecordField]]:
    groups: dict[str, list[RecordField]] = {}
    for f in fields:
        groups.setdefault(f.document_id, []).append(f)
    return list(groups.values())


# --------------------------------------------------------------------------------------------- what claims say
@dataclass(frozen=True)
class _Outcome:
    relation: Literal["contradicted", "not_found", "supported"]
    confidence: float = 0.0
    explanation: str = ""
    field: RecordField | None = None
    source: str = ""


_SUPPORTED = _Outcome("supported")


@dataclass(frozen=True)
class _FeatureClaim:
    """The answer asserts or denies a feature."""

    feature: Feature
    asserted: bool
    start: int
    end: int
    words: str

    def evaluate(self, record: _Record) -> _Outcome | None:
        f = self.feature
        reading = record.read(f.keys)
        said = f"answer: {self.words!r} ({'stated' if self.asserted else 'denied'})"
        if reading.status == "absent":
            if f.silent_if_absent or f.allowed is not None or not self.asserted or not record.lists_features:
                return None
            if record.mentions(f.mention or f.phrase):
                return _SUPPORTED
            return _Outcome("not_found", 0.6, f"{said}; record: no field for {f.label}")
        if reading.status == "null":
            if f.allowed is not None:
                return None
            if self.asserted and record.mentions(f.mention or f.phrase):
                return _SUPPORTED
            confidence = 0.7 if self.asserted else 0.55  # a denial of what the record leaves open is a lesser slip
            return _Outcome("not_found", confidence, f"{said}; record: {reading.source}", reading.field, reading.source)
        if f.allowed is not None:
            if not self.asserted:
                return None
            if value_word(reading.value) in f.allowed:
                return _SUPPORTED
            return _Outcome("contradicted", 0.75, f"{said}; record: {reading.source}", reading.field, reading.source)
        says = truth(reading.value)
        if says is None:
            return None
        if says == self.asserted:
            for pattern, allowed in f.qualifiers if self.asserted and isinstance(reading.value, str) else ():
                if pattern.search(self.words) and value_word(reading.value) not in allowed:
                    return _Outcome(
                        "contradicted", 0.8, f"{said}; record: {reading.source}", reading.field, reading.source
                    )
            return _SUPPORTED
        confidence = 0.9 if self.asserted else 0.85
        return _Outcome("contradicted", confidence, f"{said}; record: {reading.source}", reading.field, reading.source)


def _feature_claims(sentence: Sentence) -> list[_FeatureClaim]:
    text, claims = sentence.text, []
    for f in FEATURES:
        if f.context is not None and not f.context.search(text):
            continue
        for m in f.phrase.finditer(text):
            if is_name(sentence, *m.span()) or sentence.about_reviews(*m.span()):
                continue
            stance = polarity(sentence, *m.span())
            if stance is not None and (stance[0] or f.allowed is None):
                claims.append(_FeatureClaim(f, stance[0], sentence.start + stance[1], sentence.start + stance[2], m[0]))
    for m in PARKING.phrase.finditer(text) if not PARKING_KIND_WORDS.search(text) else ():
        if is_name(sentence, *m.span()) or sentence.about_reviews(*m.span()):
            continue
        stance = polarity(sentence, *m.span())
        if stance is not None:
            claims.append(
                _FeatureClaim(PARKING, stance[0], sentence.start + stance[1], sentence.start + stance[2], m[0])
            )
    return claims


def _fallback_claims(answer: str, record: _Record) -> list[tuple[_FeatureClaim, _Record]]:
    """Yes/no fields the table does not know, found by their own words ("BikeParking" → "bike parking")."""
    out = []
    candidates = claim_sentences(answer)
    for f, path in zip(record.fields, record.paths, strict=True):
        if any(p in COVERED_KEYS or p.isdigit() or p == "hours" for p in path):
            continue
        if not (f.value is None or isinstance(f.value, bool) or truth(f.value) is not None):
            continue
        words = [w for w in f.words if w not in GENERIC_WORDS]
        if not words or sum(map(len, words)) < 4:
            continue
        feature = Feature(
            " ".join(words),
            (".".join(path[-2:]),),
            insensitive(r"\b" + r"[\s-]?".join(map(re.escape, words)) + r"s?\b"),
            True,
        )
        for sentence in candidates:
            for m in feature.phrase.finditer(sentence.text):
                if sentence.about_reviews(*m.span()):
                    continue
                stance = polarity(sentence, *m.span())
                if stance is not None:
                    claim = _FeatureClaim(
                        feature, stance[0], sentence.start + stance[1], sentence.start + stance[2], m[0]
                    )
                    out.append((claim, record))
    return out


# --------------------------------------------------------------------------------------- star rating and reviews
@dataclass(frozen=True)
class _NumberClaim:
    """The answer states the star rating or the number of reviews."""

    mention: RatingStatement

    @property
    def start(self) -> int:
        return self.mention.start

    @property
    def end(self) -> int:
        return self.mention.end

    def evaluate(self, record: _Record) -> _Outcome | None:
        said = f"answer: {self.mention.words!r}"
        if self.mention.what == "stars":
            reading = record.read(("businessstars", "stars", "rating", "averagerating", "starrating"))
        else:
            reading = record.read(("reviewcount", "numreviews", "totalreviews", "numberofreviews"))
            if reading.status == "absent":  # the reviews the record lists are no count of all reviews, but say it
                listed = record.listed_reviews()
                if not listed or listed == self.mention.value:
                    return None
                return _Outcome("not_found", 0.6, f"{said}; record: no review count ({listed} reviews listed)")
        value = reading.value
        if value is None or isinstance(value, bool):
            return None
        try:  # a number, or a string holding one ("3.5")
            number = float(value)
        except ValueError:
            return None
        if abs(number - self.mention.value) < 0.01:
            return _SUPPORTED
        return _Outcome("contradicted", 0.85, f"{said}; record: {reading.source}", reading.field, reading.source)


@dataclass(frozen=True)
class _HoursClaim:
    """The answer states opening days or times."""

    statement: HoursStatement

    @property
    def start(self) -> int:
        return self.statement.start

    @property
    def end(self) -> int:
        return self.statement.end

    def evaluate(self, record: _Record) -> _Outcome | None:
        status, fields = record.hours()
        said = f"answer: {self.statement.words!r}"
        if status == "null":
            return _Outcome("not_found", 0.65, f"{said}; record: hours null", None, "hours: null")
        check = check_hours(self.statement, {d: f.value for d, f in fields.items()}) if status == "value" else None
        if check is None or check.relation == "supported":
            return None if check is None else _SUPPORTED
        field = fields.get(check.day) if check.day is not None else None
        return _Outcome("contradicted", check.confidence, f"{said}; record: {check.why}", field, check.source)


@dataclass(frozen=True)
class _ValueClaim:
    """The answer gives a value for a field of any record by its key ("the price is $150", "weighs 4 kg")."""

    statement: FieldStatement

    @property
    def start(self) -> int:
        return self.statement.start

    @property
    def end(self) -> int:
        return self.statement.end

    def evaluate(self, record: _Record) -> _Outcome | None:
        fields = [f for f in record.fields if key_content(f.words) == self.statement.key.words]
        verdicts = [(f, stated_value_agrees(self.statement, f.value)) for f in fields]
        if any(agree is True for _, agree in verdicts):
            return _SUPPORTED
        field = next((f for f, agree in verdicts if agree is False), None)
        if field is None:
            return None
        explanation = f"answer: {self.statement.words!r}; source: {field.describe()}"
        return _Outcome("contradicted", 0.8, explanation, field, field.describe())


def _value_claims(answer: str, records: Sequence[_Record]) -> list[_ValueClaim]:
    """Values the answer gives for the records' other fields, by their keys (see ``records.values``)."""
    fields = [f for r in records for f in r.fields]
    keys = field_keys([f.path for f in fields], [f.words for f in fields], [f.value for f in fields], COVERED_KEYS)
    if not keys:
        return []
    texts = frozenset(
        frozenset(normalize_words(f.value)) - {"the", "a", "an"}
        for f in fields
        if isinstance(f.value, str) and 0 < len(normalize_words(f.value)) <= 5
    )
    return [
        _ValueClaim(statement)
        for sentence in claim_sentences(answer)
        for statement in field_statements(sentence, list(keys.values()), texts)
    ]


# --------------------------------------------------------------------------------------------------- the public API
_Claim = _FeatureClaim | _HoursClaim | _NumberClaim | _ValueClaim


@dataclass(frozen=True)
class RecordChecker:
    """The record checker (:func:`check_record_claims`) on the records among the sources, read once for the input."""

    name: str = "records"

    def findings(self, answer: AnswerUnits, sources: Sources) -> list[Finding]:
        """What the answer says that the sources' records contradict or leave out (none without a record)."""
        if not sources.record_fields:
            return []
        found = check_record_claims(answer.text, sources.record_fields)
        return [f for f in found if not derived_value(answer, sources, f)]


def check_record_claims(answer: str, fields: Sequence[RecordField]) -> list[Finding]:
    """What the answer says about the record's subject that the record contradicts or leaves out.

    Every feature, opening time, star rating and review count the answer states about the subject (not what it
    reports reviewers saying) is compared with each record among ``fields`` (grouped by document): ``contradicted``
    when a record holds another value, ``not_found`` when the field is null — or missing from a record that lists
    such features. A claim some record supports gives no finding. Findings are in answer order, one per claim.

    Args:
        answer: The answer text; spans are offsets into it.
        fields: The records' fields, from :func:`read_record_fields`.

    Returns:
        Findings of kind ``record``; ``[]`` for an empty answer or no fields.

    Example:
        >>> fields = read_record_fields("d1", '{"name": "Cafe", "attributes": {"RestaurantsReservations": false}}')
        >>> [f.span.text for f in check_record_claims("It accepts reservations.", fields)]
        ['accepts reservations']
    """
    records = [_Record(group) for group in _by_document(fields)]
    if not records or not answer.strip():
        return []
    claims: list[_Claim] = []
    for sentence in sentences(answer):
        claims.extend(_NumberClaim(mention) for mention in rating_statements(sentence))
    for sentence in claim_sentences(answer):
        claims.extend(_feature_claims(sentence))
        claims.extend(_HoursClaim(statement) for statement in hours_statements(sentence))
    claims.extend(_value_claims(answer, records))
    findings: dict[tuple[int, int, str], Finding] = {}
    pending: list[tuple[_Claim, list[tuple[_Record, _Outcome]]]] = []
    for claim in claims:
        outcomes = [(r, o) for r in records if (o := claim.evaluate(r)) is not None]
        pending.append((claim, outcomes))
    for record in records:
        for claim, r in _fallback_claims(answer, record):
            outcome = claim.evaluate(r)
            pending.append((claim, [(r, outcome)] if outcome else []))
    for claim, outcomes in pending:
        if any(o.relation == "supported" for _, o in outcomes):
            continue
        decided = [(r, o) for r, o in outcomes if o.relation == "contradicted"] or outcomes
        if not decided:
            continue
        record, outcome = decided[0]
        finding = Finding(
            kind="record",
            relation="contradicted" if outcome.relation == "contradicted" else "not_found",
            span=TextSpan.of(answer, claim.start, claim.end),
            source_document=record.document_id,
            source_span=outcome.field.span if outcome.field is not None else None,
            source_text=outcome.source,
            confidence=outcome.confidence,
            explanation=outcome.explanation,
        )
        findings.setdefault((claim.start, claim.end, outcome.source or outcome.explanation), finding)
    taken = [(f.span.start, f.span.end) for f in findings.values()]
    things = [(record, RecordThings(record.fields)) for record in records]
    for sentence in claim_sentences(answer):
        for record, read in things:
            for misplaced in read.misplaced(sentence.text):
                start, end = sentence.start + misplaced.start, sentence.start + misplaced.end
                if any(s < end and start < e for s, e in taken):
                    continue
                taken.append((start, end))
                findings[(start, end, misplaced.field.describe())] = Finding(
                    kind="record",
                    relation="contradicted",
                    span=TextSpan.of(answer, start, end),
                    source_document=record.document_id,
                    source_span=misplaced.field.span,
                    source_text=misplaced.field.describe(),
                    confidence=0.8,
                    explanation=misplaced.explanation(),
                )
    return sorted(findings.values(), key=lambda f: (f.span.start, f.span.end))


def record_signals(findings: Iterable[Finding]) -> dict[str, float]:
    """Numbers for a learned combination: ``record_conflicts``, ``record_not_found`` and ``record_conflict_max``.

    Counts of the ``record`` findings that are contradicted and not found, and the highest confidence of a
    contradiction (0 when there is none). Findings of other kinds are ignored.
    """
    mine = [f for f in findings if f.kind == "record"]
    conflicts = [f.confidence for f in mine if f.relation == "contradicted"]
    return {
        "record_conflicts": float(len(conflicts)),
        "record_not_found": float(sum(f.relation == "not_found" for f in mine)),
        "record_conflict_max": max(conflicts, default=0.0),
    }

"""Meaning-preserving and meaning-changing edits of real sentences, for synthetic NLI training data.

Each function takes a sentence (and, where needed, its spaCy parse and a random generator) and returns the edited
hypothesis, or ``None`` when the edit does not apply. Entailment edits keep the meaning (drop a clause, reformat a
number or date, join two facts); contradiction edits change one fact (swap an entity for another of the same type
from the same document, change a number or date, flip a negation, exchange subject and object, replace a relation
word by a contrasting one); neutral edits add what the premise does not say.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Collection, Sequence
from decimal import Decimal
from typing import Any

from veracity.text.normalize import normalize_words
from veracity.text.values import find_dates, find_numbers

__all__ = [
    "CONTRASTS",
    "SWAP_REFUSALS",
    "add_detail",
    "change_number",
    "conjoin",
    "coordination_groups",
    "drop_clause",
    "flip_negation",
    "reformat_number",
    "replace_relation",
    "swap_entity",
    "swap_refusal",
    "swap_subject_object",
]

_MONTH_NAMES = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]  # fmt: skip

# Relation words and a contrasting replacement (both directions are added below).
_CONTRAST_PAIRS = [
    ("before", "after"), ("larger", "smaller"), ("largest", "smallest"), ("won", "lost"), ("increased", "decreased"),
    ("increase", "decrease"), ("first", "last"), ("north", "south"), ("east", "west"), ("older", "younger"),
    ("oldest", "youngest"), ("higher", "lower"), ("highest", "lowest"), ("more", "fewer"), ("longer", "shorter"),
    ("above", "below"), ("inside", "outside"), ("born", "died"), ("opened", "closed"),
    ("founded", "dissolved"), ("male", "female"), ("wife", "husband"), ("son", "daughter"), ("father", "mother"),
    ("brother", "sister"), ("increases", "decreases"), ("positive", "negative"), ("success", "failure"),
    ("successful", "unsuccessful"), ("major", "minor"), ("maximum", "minimum"), ("rose", "fell"), ("gained", "lost"),
    ("western", "eastern"), ("northern", "southern"), ("upper", "lower"), ("start", "end"), ("began", "ended"),
    ("entered", "left"), ("joined", "left"), ("American", "British"), ("English", "French"), ("private", "public"),
    ("same", "different"), ("always", "never"), ("all", "none of the"), ("high", "low"), ("early", "late"),
]  # fmt: skip
CONTRASTS: dict[str, str] = {}
for _a, _b in _CONTRAST_PAIRS:
    CONTRASTS.setdefault(_a, _b)
    CONTRASTS.setdefault(_b, _a)

_AUXILIARIES = {"is", "are", "was", "were", "has", "have", "had", "can", "could", "will", "would", "should", "may",
                "might", "must", "does", "do", "did"}  # fmt: skip


def drop_clause(sentence: str, doc: Any) -> str | None:
    """Drop a parenthetical, an appositive or a non-restrictive clause set off by commas (entailment)."""
    without_brackets = re.sub(r"\s*\([^()]{2,80}\)", "", sentence)
    if without_brackets != sentence and len(without_brackets.split()) >= 4:
        return without_brackets
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    for match in re.finditer(r",\s[^,]{3,80},\s", sentence):
        start, end = match.span()
        inner = [t for t in doc if start <= t.idx < end]
        if root is not None and root in inner:
            continue
        if inner and any(t.dep_ in ("appos", "relcl", "advcl", "prep", "acl", "npadvmod", "advmod") for t in inner):
            edited = sentence[:start] + " " + sentence[end:]
            if len(edited.split()) >= 4:
                return re.sub(r"\s{2,}", " ", edited)
    return None


def reformat_number(sentence: str) -> str | None:
    """Write a date or a number differently without changing it (entailment)."""
    for date in find_dates(sentence):
        value = date.value
        if value.day and value.month and value.year:
            month = _MONTH_NAMES[value.month - 1]
            if date.text[0].isdigit() and "-" not in date.text:
                new = f"{month} {value.day}, {value.year}"
            else:
                new = f"{value.day} {month} {value.year}"
            return sentence[: date.start] + new + sentence[date.end :]
    for number in find_numbers(sentence):
        digits = number.text.replace(",", "")
        if digits.isdigit() and len(digits) >= 5:
            new = digits if "," in number.text else f"{int(digits):,}"
            return sentence[: number.start] + new + sentence[number.end :]
    return None


def conjoin(first: str, second: str) -> str | None:
    """Join two premise sentences into one statement (entailment with multi-sentence support)."""
    first, second = first.strip(), second.strip()
    if not first or not second or first.endswith("?") or second.endswith("?"):
        return None
    head = first.rstrip(".!;")
    tail = second[0].lower() + second[1:] if second[:2].istitle() and second.split()[0].lower() in _COMMON else second
    return f"{head}, and {tail}"


_COMMON = {"the", "a", "an", "it", "he", "she", "they", "this", "these", "its", "his", "her", "their", "in", "on",
           "at", "after", "before", "during", "since", "there"}  # fmt: skip


SWAP_REFUSALS = ("contains or is contained in the replaced name", "already in the claim", "same coordination list")
"""Why :func:`swap_entity` refuses a replacement: each would often leave the claim true, not falsified."""


def swap_refusal(name: str, candidate: str, text: str, coordinated: Collection[str] = ()) -> str | None:
    """Why ``candidate`` may not replace the entity ``name`` in ``text`` (one of :data:`SWAP_REFUSALS`), or None.

    - it contains or is contained in ``name``, or shares a word with it ("Memphis" → "Memphis, Tennessee": a place
      that contains another);
    - it is already in ``text`` ("Memphis is in Tennessee" → "Memphis is in Memphis");
    - it is coordinated with ``name`` in the passage (``coordinated``, lower-cased: "founded by A, B and C": A → B
      is still true).
    """
    own, other = name.lower(), candidate.lower()
    if set(normalize_words(candidate)) & set(normalize_words(name)) or own in other or other in own:
        return SWAP_REFUSALS[0]
    if other in text.lower():
        return SWAP_REFUSALS[1]
    if other in coordinated:
        return SWAP_REFUSALS[2]
    return None


def coordination_groups(doc: Any) -> dict[str, set[str]]:
    """For each entity of a spaCy ``doc`` (lower-cased text), the entities coordinated with it ("A, B and C")."""
    by_root = {ent.root.i: ent.text.lower() for ent in doc.ents}
    groups: dict[str, set[str]] = {}
    for ent in doc.ents:
        mates = {by_root[t.i] for t in ent.root.conjuncts if t.i in by_root}
        if mates:
            groups.setdefault(ent.text.lower(), set()).update(mates)
    return groups


def swap_entity(
    sentence: str,
    doc: Any,
    pool: dict[str, list[str]],
    rng: random.Random,
    claim: str | None = None,
    coordinated: dict[str, set[str]] | None = None,
    refusals: Counter[str] | None = None,
) -> str | None:
    """Replace a named entity by another of the same type from the same document (contradiction).

    A replacement is refused (:func:`swap_refusal`) when it shares a word with the name or contains it, when it is
    already in ``sentence`` or in ``claim`` (the claim as extracted, which may name what the sentence's pronoun
    refers to), or when it is coordinated with the name in the passage (``coordinated``, from
    :func:`coordination_groups`); ``refusals`` counts the refused candidates by reason.
    """
    entities = [e for e in doc.ents if e.label_ in ("PERSON", "ORG", "GPE", "LOC", "NORP", "FAC", "EVENT",
                                                     "WORK_OF_ART", "PRODUCT", "LANGUAGE")]  # fmt: skip
    rng.shuffle(entities)
    text = sentence if claim is None else f"{sentence}\n{claim}"
    for ent in entities:
        mates = (coordinated or {}).get(ent.text.lower(), set())
        options = []
        for candidate in sorted(set(pool.get(ent.label_, []))):
            reason = swap_refusal(ent.text, candidate, text, mates)
            if reason is None:
                options.append(candidate)
            elif refusals is not None:
                refusals[reason] += 1
        if options:
            return sentence[: ent.start_char] + rng.choice(options) + sentence[ent.end_char :]
    return None


def change_number(sentence: str, rng: random.Random) -> str | None:
    """Change a date or a number to a different value (contradiction)."""
    dates = find_dates(sentence)
    if dates:
        date = rng.choice(dates)
        when = date.value
        if when.year is not None and (when.day is None or rng.random() < 0.5):
            new_text = re.sub(str(when.year), str(when.year + rng.choice([-3, -2, -1, 1, 2, 5])), date.text)
        elif when.day is not None:
            new_day = when.day % 28 + rng.randint(1, 3)
            new_text = re.sub(rf"\b{when.day}\b", str(new_day), date.text, count=1)
        else:
            return None
        if new_text != date.text:
            return sentence[: date.start] + new_text + sentence[date.end :]
    numbers = [n for n in find_numbers(sentence) if n.text[0].isdigit()]
    if not numbers:
        return None
    number = rng.choice(numbers)
    value = number.value
    if value == value.to_integral_value() and 1000 <= value <= 2100 and "," not in number.text:  # a year
        new_value = value + rng.choice([-3, -2, -1, 1, 2, 4])
    else:
        factor = Decimal(rng.choice(["0.5", "2", "3", "1.5", "0.25"]))
        new_value = (value * factor).quantize(Decimal(1)) if value >= 4 else value + rng.choice([1, 2, 3])
    if new_value == value:
        new_value = value + 1
    digits = re.match(r"[\d,.]+", number.text)
    assert digits is not None
    formatted = f"{new_value:,}" if "," in digits.group(0) else str(new_value)
    return sentence[: number.start] + formatted + number.text[digits.end() :] + sentence[number.end :]


def flip_negation(sentence: str, doc: Any) -> str | None:
    """Remove a negation, or negate the main verb (contradiction)."""
    for token in doc:
        if token.dep_ == "neg":
            start, end = token.idx, token.idx + len(token.text)
            if token.text.lower() == "n't":
                return sentence[:start] + sentence[end:]
            edited = sentence[:start].rstrip() + " " + sentence[end:].lstrip()
            return edited
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return None
    auxiliaries = [c for c in root.children if c.dep_ in ("aux", "auxpass") and c.lower_ in _AUXILIARIES]
    if root.lower_ in ("is", "are", "was", "were"):
        auxiliaries = [root]
    if auxiliaries:
        aux = auxiliaries[0]
        end = aux.idx + len(aux.text)
        return sentence[:end] + " not" + sentence[end:]
    if root.tag_ in ("VBD", "VBZ", "VBP") and root.pos_ == "VERB":
        helper = {"VBD": "did", "VBZ": "does", "VBP": "do"}[root.tag_]
        return sentence[: root.idx] + f"{helper} not {root.lemma_}" + sentence[root.idx + len(root.text) :]
    return None


def swap_subject_object(sentence: str, doc: Any) -> str | None:
    """Exchange the subject and the direct object of the main verb when both are names (contradiction)."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return None
    subject = next((c for c in root.children if c.dep_ == "nsubj"), None)
    obj = next((c for c in root.children if c.dep_ in ("dobj", "attr")), None)
    if subject is None or obj is None:
        return None
    s_span = _compound_span(subject)
    o_span = _compound_span(obj)
    if not (subject.pos_ == "PROPN" and obj.pos_ == "PROPN") or s_span[1] > o_span[0]:
        return None
    s_text, o_text = sentence[s_span[0] : s_span[1]], sentence[o_span[0] : o_span[1]]
    if normalize_words(s_text) == normalize_words(o_text):
        return None
    return sentence[: s_span[0]] + o_text + sentence[s_span[1] : o_span[0]] + s_text + sentence[o_span[1] :]


def _compound_span(token: Any) -> tuple[int, int]:
    parts = [token, *(c for c in token.children if c.dep_ in ("compound", "flat"))]
    start = min(t.idx for t in parts)
    end = max(t.idx + len(t.text) for t in parts)
    return start, end


def replace_relation(sentence: str, rng: random.Random) -> str | None:
    """Replace a relation word by a contrasting one ("before" → "after", "won" → "lost") (contradiction)."""
    words = list(re.finditer(r"\b[A-Za-z]+\b", sentence))
    rng.shuffle(words)
    for match in words:
        word = match.group(0)
        replacement = CONTRASTS.get(word) or CONTRASTS.get(word.lower())
        if replacement:
            if word[0].isupper() and not replacement[0].isupper():
                replacement = replacement[0].upper() + replacement[1:]
            return sentence[: match.start()] + replacement + sentence[match.end() :]
    return None


def add_detail(sentence: str, pool: dict[str, list[str]], premise: str, rng: random.Random) -> str | None:
    """Append a detail the premise does not contain: a year, a place or a person (neutral)."""
    known = set(normalize_words(premise))
    choices: list[str] = []
    for label, template in (("GPE", " in {}"), ("PERSON", " together with {}"), ("ORG", " for {}")):
        choices += [template.format(e) for e in pool.get(label, []) if not set(normalize_words(e)) <= known]
    years = [str(y) for y in range(1950, 2021) if str(y) not in known]
    choices += [f" in {rng.choice(years)}"] if years else []
    if not choices:
        return None
    head = sentence.rstrip()
    end = head[-1] if head and head[-1] in ".!" else ""
    return head[: len(head) - len(end)] + rng.choice(sorted(choices)) + (end or ".")


def entity_pool(docs: Sequence[Any]) -> dict[str, list[str]]:
    """Entity texts of ``docs`` by spaCy label: the replacements entity swaps draw from."""
    pool: dict[str, list[str]] = {}
    for doc in docs:
        for ent in doc.ents:
            pool.setdefault(ent.label_, []).append(ent.text)
    return pool

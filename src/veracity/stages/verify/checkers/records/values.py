"""Any field of any record, stated in the answer: its number, date or (in context) its text, against the record's.

The record checker's phrase table knows Yelp attributes; this reads every other field by its own key. A field is
stated where a sentence names its key ("price", "weight", "battery life"; "costs" for a price) and gives a value
right beside it ("the price is $150", "weighs 4 kg", "a 12-month warranty", "Release date: March 5, 2021"). Values
are compared as values (:func:`veracity.text.values.compare_values`, :func:`date_supported`): "$129" =
"129 dollars", "24 months" = "two years". Text is compared only in context: "the colour is white" against
``Color: Black`` is claimed when "white" is another field's value in the records (a value taken from the wrong
field), never for a free paraphrase.

Precision first: the value must stand next to the key (a few linking words: "is", "of", "at", "costs"); a sentence
that states the record's value anywhere supports the field; keys that name places, ids, reviews, hours and ratings
are left to the other checks, and so are list items (reviews) and yes/no fields.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from veracity.stages.verify.checkers.records.clauses import Sentence
from veracity.text.normalize import normalize_words
from veracity.text.values import DateValue, Value, compare_values, date_supported, find_dates, read_values, unit_name

__all__ = ["FieldKey", "FieldStatement", "field_keys", "field_statements", "key_content", "stated_value_agrees"]

Scalar = bool | int | float | str | None

_SKIP_KEYS = frozenset(
    "name id businessid address street city state country postalcode zip zipcode postcode latitude longitude lat lng "
    "lon phone telephone email url website link categories category hours stars businessstars reviewcount "
    "reviewinfo reviews review reviewstars reviewtext rating description text title summary notes note "
    "attributes".split()
)
"""Keys (normalised) whose values are places, ids, free text or what the other checks read."""
_SKIP_WORDS = frozenset("range level tier score rating code id index rank type kind".split())
"""Key words of ordinal or coded values ("RestaurantsPriceRange2": 2 is no price in money)."""
_FILLER = frozenset("the a an of and or to in on for by with number num total count is has per".split())
_SYNONYMS = {
    "price": r"pric\w*|costs?|costing|fees?|sells?\s+for|retails?\s+for",
    "cost": r"costs?|costing|pric\w*",
    "weight": r"weigh\w*",
    "capacity": r"capacit\w*|holds",
}
_LINK_AFTER = re.compile(
    r"[\s:,=-]*(?:(?:is|was|are|were|be|of|at|about|around|approximately|roughly|just|only|for|a|an|the|costs?|"
    r"priced|listed|set|totals?|stands|comes\s+to|currently|now|weighs?|lasts?|holds)\b[\s:,=-]*){0,4}",
    re.I,
)
_TEXT_AFTER = re.compile(r"[\s:]*(?:is|was|are|were|:)\s+(?:the\s+|a\s+|an\s+)?(?P<phrase>[^,;.()\n]{1,60})", re.I)
_PHRASE_END = re.compile(r"\s+(?:and|but|while|which|with|for|in|at|on|so)\b.*$", re.I | re.S)


@dataclass(frozen=True)
class FieldKey:
    """A field kind the records have: its key words (camel case split, lower case) and the pattern that names it."""

    words: tuple[str, ...]
    pattern: re.Pattern[str]


@dataclass(frozen=True)
class FieldStatement:
    """The answer gives a value for a field: ``[start, end)`` in the answer; ``quantity``, ``date`` or ``text``."""

    key: FieldKey
    start: int
    end: int
    words: str
    quantity: Value | None = None
    date: DateValue | None = None
    text: frozenset[str] | None = None


def _norm(key: str) -> str:
    return re.sub(r"[^a-z0-9]", "", key.lower())


def key_content(words: Sequence[str]) -> tuple[str, ...]:
    """A key's words without fillers and numbers ("Number of rooms" → rooms; "RestaurantsPriceRange2" keeps 3)."""
    return tuple(w for w in words if w not in _FILLER and not w.isdigit())


def _word_pattern(word: str) -> str:
    if word in _SYNONYMS:
        return rf"(?:{_SYNONYMS[word]})"
    return re.escape(word[:-1]) + r"\w*" if len(word) >= 5 else re.escape(word) + r"s?"


def field_keys(paths: Sequence[tuple[str, ...]], words: Sequence[tuple[str, ...]], values: Sequence[Scalar],
               covered: frozenset[str]) -> dict[tuple[str, ...], FieldKey]:  # fmt: skip
    """The field kinds worth reading in the answer, by key words: scalar, not yes/no, not a place, id or review.

    Args:
        paths: each field's path.
        words: each field's key words.
        values: each field's value.
        covered: normalised keys other checks read (the phrase table's).
    """
    keys: dict[tuple[str, ...], FieldKey] = {}
    for path, key_words, value in zip(paths, words, values, strict=True):
        normalised = [_norm(p) for p in path]
        if value is None or isinstance(value, bool) or not key_words:
            continue
        if any(p.isdigit() or p in _SKIP_KEYS or p in covered for p in normalised):
            continue
        if isinstance(value, str) and (len(value) > 60 or value.strip().lower() in {"true", "false", "yes", "no"}):
            continue
        content = key_content(key_words)
        if not content or _SKIP_WORDS & set(content) or max(len(w) for w in content) < 4:
            continue
        pattern = re.compile(r"\b" + r"[\s_-]*".join(_word_pattern(w) for w in content) + r"\b", re.I)
        keys.setdefault(content, FieldKey(content, pattern))
    return keys


def record_quantity(value: Scalar) -> Value | None:
    """A field's value as a quantity: a number, or a short text holding exactly one ("$129", "24 months")."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return Value(0, 0, Decimal(str(value)))
    if len(value) > 30 or find_dates(value):
        return None
    found = read_values(value)
    if len(found) != 1 or len(normalize_words(value)) > 4:
        return None
    return found[0]


def record_date(value: Scalar) -> DateValue | None:
    """A field's value as a date, where it is one ("2021-03-04", "March 4, 2021")."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    found = find_dates(value)
    return found[0].value if len(found) == 1 else None


def field_statements(sentence: Sentence, keys: Sequence[FieldKey], texts: frozenset[frozenset[str]]) -> list[
        FieldStatement]:  # fmt: skip
    """The values ``sentence`` gives for fields of ``keys``, each beside the words that name its field.

    Args:
        sentence: an answer sentence.
        keys: the records' field kinds.
        texts: the records' short text values (as word sets): a text statement is kept only when it is one of them.
    """
    out: list[FieldStatement] = []
    text = sentence.text
    quantities = read_values(text)
    dates = find_dates(text)
    named = [(key, m) for key in keys for m in key.pattern.finditer(text)]
    for key, m in named:
        # "accent color" names its own field, not "color"'s
        if sentence.about_reviews(*m.span()) or any(
            n.start() <= m.start() and m.end() <= n.end() and n.span() != m.span() for _, n in named
        ):
            continue
        lo, hi = sentence.clause(*m.span())
        link = _LINK_AFTER.match(text, m.end())
        after = link.end() if link else m.end()
        stated = next((q for q in quantities if q.extent[0] == after or (q.extent[1] <= m.start()
                       and q.extent[1] >= m.start() - 2 and re.fullmatch(r"[\s-]*", text[q.extent[1] : m.start()]))),
                      None)  # fmt: skip
        date = next((d for d in dates if d.start == after), None)
        if date is not None and lo <= date.start < hi:
            out.append(_statement(sentence, key, date.start, date.end, date=date.value))
        elif stated is not None and lo <= stated.extent[0] < hi:
            out.append(_statement(sentence, key, *stated.extent, quantity=stated))
        elif (phrase := _TEXT_AFTER.match(text, m.end())) is not None:
            words = _PHRASE_END.sub("", phrase["phrase"]).strip()
            bag = frozenset(normalize_words(words)) - {"the", "a", "an"}
            if bag and len(bag) <= 5 and bag in texts:
                start = phrase.start("phrase")
                out.append(_statement(sentence, key, start, start + len(words), text=bag))
    return out


def _statement(sentence: Sentence, key: FieldKey, start: int, end: int, **value: object) -> FieldStatement:
    words = sentence.text[start:end]
    return FieldStatement(key, sentence.start + start, sentence.start + end, words, **value)  # type: ignore[arg-type]


def stated_value_agrees(statement: FieldStatement, value: Scalar) -> bool | None:
    """Whether the field's ``value`` is what ``statement`` says: True, False, or None when they cannot be compared."""
    if statement.date is not None:
        date = record_date(value)
        if date is None:
            return None
        return date_supported(statement.date, [date], []) or date_supported(date, [statement.date], [])
    if statement.quantity is not None:
        quantity = record_quantity(value)
        if quantity is None:
            return None
        agree = compare_values(statement.quantity, quantity)[0]
        if agree is None and (unit_name(quantity) is None or unit_name(statement.quantity) is None):
            return statement.quantity.amount == quantity.amount  # "Price: 129" / "$150": the key gives the unit
        return agree
    if statement.text is not None and isinstance(value, str):
        theirs = frozenset(normalize_words(value))
        return bool(theirs & statement.text)
    return None

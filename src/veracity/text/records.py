"""Reading a document as a structured record: its leaves, each with its key path, typed value and offsets.

A record is a JSON object (nested objects flattened to paths, list items numbered), a Python dict literal, or a text
of at least three ``key: value`` lines. String values that hold a dict literal (RAGTruth stores some nested Yelp
attributes as ``"{'garage': False, 'street': True}"``) are read as nested objects. The record checker
(:mod:`veracity.stages.verify.checkers.records`) compares what an answer says with these fields; an
input's :class:`~veracity.stages.sources.Sources` reads them once for every checker.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass

from veracity.schema import TextSpan

__all__ = ["RecordField", "Scalar", "read_record_fields"]

Scalar = bool | int | float | str | None
"""A record leaf's value."""


@dataclass(frozen=True)
class RecordField:
    """One leaf of a structured record.

    Attributes:
        document_id: The document the record is.
        path: Keys from the top, e.g. ``("attributes", "BusinessParking", "street")``; list items are numbered.
        words: The last key's words, lower case, camel case split ("RestaurantsTakeOut" → restaurants, take, out).
        value: The leaf's typed value (``None`` for null).
        span: Where it is in the document: the key through the value, or the key alone where only that was found.
    """

    document_id: str
    path: tuple[str, ...]
    words: tuple[str, ...]
    value: Scalar
    span: TextSpan | None = None

    @property
    def name(self) -> str:
        """The field's name in a report: its key, with its parent's when nested ("BusinessParking.street")."""
        return ".".join(self.path[-2:]) if len(self.path) > 2 else self.path[-1]

    def describe(self) -> str:
        """``name: value`` with the value as JSON writes it ("RestaurantsReservations: false")."""
        return f"{self.name}: {json.dumps(self.value)}"


# --------------------------------------------------------------------------------------------- reading records
_DECODER = json.JSONDecoder()
_WS = re.compile(r"\s*")
_MAX_LITERAL = 200_000  # ast.literal_eval on larger strings costs too much for what a record is
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z]|\d|\b|_)|[A-Z]?[a-z]+|\d+")
_LOOSE_ITEM = re.compile(
    r"""\s*['"]?(\w+)['"]?\s*:\s*(True|False|None|true|false|null|'[^']*'|"[^"]*"|-?\d+(?:\.\d+)?)\s*"""
)
_LINE = re.compile(
    r"^[ \t]*(?:[-*•][ \t]+)?(?P<key>[A-Za-z][\w ()/&.'-]{0,48}?)[ \t]*[:=][ \t]*(?P<value>\S[^\n]{0,119})$", re.M
)


def _words(key: str) -> tuple[str, ...]:
    return tuple(w.lower() for w in _CAMEL.findall(key))


def read_record_fields(document_id: str, text: str) -> list[RecordField]:
    """The leaves of the structured record ``text`` is, in document order; ``[]`` when it is no record.

    A text is a record when it is a JSON object, a Python dict literal (``{'a': True}``), or has at least three
    ``key: value`` lines (a key of at most five words, a value of at most 120 characters) making up at least half its
    lines. String values that are dict literals themselves (RAGTruth
    stores some nested attributes as ``"{'garage': False, 'street': True}"``, some with unquoted keys) are read as
    nested objects. Malformed JSON gives ``[]``: a broken record is not guessed at.

    Args:
        document_id: Id of the document, kept in each field.
        text: The document text.
    """
    stripped = text.strip()
    if stripped.startswith("{") and stripped.endswith("}"):
        return _read_json(document_id, text) or _read_literal(document_id, text)
    return _read_lines(document_id, text)


def _read_json(doc: str, text: str) -> list[RecordField]:
    try:
        if not isinstance(json.loads(text), dict):
            return []
    except (ValueError, RecursionError):
        return []
    out: list[RecordField] = []
    _scan_value(text, text.index("{"), (), doc, out, text.index("{"))
    return out


def _skip(text: str, pos: int) -> int:
    return _WS.match(text, pos).end()  # type: ignore[union-attr]  # \s* always matches


def _scan_value(text: str, pos: int, path: tuple[str, ...], doc: str, out: list[RecordField], key_start: int) -> int:
    """Walk the (already validated) JSON value at ``pos``, adding its leaves with their offsets; return its end."""
    if text[pos] in "{[":
        closing, index = ("}" if text[pos] == "{" else "]"), 0
        pos = _skip(text, pos + 1)
        while text[pos] != closing:
            if closing == "}":
                key, after = _DECODER.raw_decode(text, pos)  # the key, a JSON string
                child, child_start = (*path, key), pos
                pos = _skip(text, _skip(text, after) + 1)  # past the colon
            else:
                child, child_start, index = (*path, str(index)), pos, index + 1
            pos = _skip(text, _scan_value(text, pos, child, doc, out, child_start))
            if text[pos] == ",":
                pos = _skip(text, pos + 1)
        return pos + 1
    value, end = _DECODER.raw_decode(text, pos)
    nested = _dict_string(value) if isinstance(value, str) else None
    if nested is None:
        span = TextSpan.of(text, key_start, end) if path else None
        out.append(RecordField(doc, path, _words(path[-1]) if path else (), value, span))
        return int(end)
    for key, sub in nested.items():  # the parent key and its string where the child cannot be found inside
        found = re.compile(rf"['\"]?{re.escape(key)}['\"]?\s*:\s*[^,}}]*").search(text, pos, end)
        span = TextSpan.of(text, *found.span()) if found else TextSpan.of(text, key_start, end)
        out.append(RecordField(doc, (*path, key), _words(key), sub, span))
    return int(end)


def _dict_string(value: str) -> dict[str, Scalar] | None:
    """A string holding a flat dict literal, read safely (``ast.literal_eval``, or ``{key: Value}`` items)."""
    body = value.strip()
    if not (body.startswith("{") and body.endswith("}")) or len(body) > _MAX_LITERAL:
        return None
    try:
        parsed = ast.literal_eval(body)
    except (ValueError, SyntaxError, MemoryError, RecursionError, TypeError):
        parsed = None
    if isinstance(parsed, dict):
        items = {str(k): v for k, v in parsed.items() if v is None or isinstance(v, bool | int | float | str)}
        return items or None
    loose: dict[str, Scalar] = {}
    for part in body[1:-1].split(","):
        match = _LOOSE_ITEM.fullmatch(part)
        if match is None:
            return None
        loose[match.group(1)] = _typed(match.group(2).strip("'\""), quoted=match.group(2)[0] in "'\"")
    return loose or None


def _read_literal(doc: str, text: str) -> list[RecordField]:
    if len(text) > _MAX_LITERAL:
        return []
    try:
        data = ast.literal_eval(text.strip())
    except (ValueError, SyntaxError, MemoryError, RecursionError, TypeError):
        return []
    if not isinstance(data, dict):
        return []
    out: list[RecordField] = []
    cursor = 0

    def walk(value: object, path: tuple[str, ...]) -> None:
        nonlocal cursor
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else None
        if items is None:
            if value is None or isinstance(value, bool | int | float | str):
                found = re.compile(rf"['\"]{re.escape(path[-1])}['\"]").search(text, cursor)
                span = TextSpan.of(text, *found.span()) if found else None
                cursor = found.end() if found else cursor
                out.append(RecordField(doc, path, _words(path[-1]), value, span))
            return
        for key, sub in items:
            walk(sub, (*path, str(key)))

    walk(data, ())
    return out


_WORD_VALUES: dict[str, Scalar] = {"true": True, "yes": True, "false": False, "no": False, "null": None, "n/a": None,
                                   "unknown": None, "-": None}  # fmt: skip


def _typed(value: str, *, quoted: bool = False) -> Scalar:
    if quoted:
        return value
    lower = value.lower()
    if lower in _WORD_VALUES or value == "None":
        return _WORD_VALUES.get(lower)
    number = re.fullmatch(r"-?\d+|(-?\d*\.\d+)", value)
    if number is None or len(value) > 30:  # past int()'s digit limit no sentence states it: kept as text
        return value
    return float(value) if number[1] else int(value)


def _read_lines(doc: str, text: str) -> list[RecordField]:
    lines = [line for line in text.splitlines() if line.strip()]
    # A field is a short key and a short value; "passage 1: <a paragraph>" is prose with a label.
    # The value is matched greedily to the line's end (a lazy match before trailing spaces is quadratic) and cut.
    matches = [m for m in _LINE.finditer(text) if len(m["key"].split()) <= 5 and len(m["value"].rstrip()) <= 119]
    if len(matches) < 3 or 2 * len(matches) < len(lines):
        return []
    cut = [(m, m["value"].rstrip()) for m in matches]
    return [RecordField(doc, (m["key"],), _words(m["key"]), _typed(v), _span(text, m, v)) for m, v in cut]


def _span(text: str, match: re.Match[str], value: str) -> TextSpan:
    return TextSpan.of(text, match.start("key"), match.start("value") + len(value))

"""Tables in a source's text: Markdown or pipe tables, and lists of JSON records, as rows of cells with offsets.

A RAG passage often gives its values in a table ("| 8–12 m | £31 | £42 |"), or as a list of JSON records of one
shape (a fleet, a price list). Read as prose, such a value is "stated" whichever row it sits in; read as a table,
each value belongs to one row (its first cell, the row's key) and one column (its header). :func:`read_tables`
reads:

* **pipe tables**: at least three consecutive lines with the same number (two or more) of ``|``-separated cells,
  a Markdown separator line (``|---|:--:|``) left out; the first line is the header;
* **JSON records**: a JSON array of flat objects, or consecutive lines that each hold one flat object, or an object
  whose values are at least two objects with the same keys (``{"standard": {...}, "express": {...}}``); the columns
  are the keys, the row's key is its first string value (for an object of objects, its own key).

Every cell keeps the span of its characters in the document (a JSON cell the span of its object), so a finding can
cite it. Work is bounded: at most :data:`MAX_ROWS` rows a table are read (a longer one is cut, and says so).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

__all__ = ["MAX_ROWS", "Table", "TableCell", "TableRow", "read_tables"]

MAX_ROWS = 500  # rows read of one table: a catalogue of thousands is cut, never read whole
_MIN_ROWS = 2  # body rows a pipe table needs (with its header: three lines)
_SEPARATOR = re.compile(r"\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*")
_LINE = re.compile(r"[^\n]+")


@dataclass(frozen=True)
class TableCell:
    """One cell: its text and where it is in the document (``start``/``end``: the cell, or a JSON record's object)."""

    text: str
    start: int
    end: int


@dataclass(frozen=True)
class TableRow:
    """A body row: its cells in the header's order (the first is the row's key) and the span of the whole row."""

    cells: tuple[TableCell, ...]
    start: int
    end: int

    @property
    def key(self) -> str:
        """The row's first cell: what the row is about ("8–12 m", "Seaglass")."""
        return self.cells[0].text


@dataclass(frozen=True)
class Table:
    """A table of one document: its header, its body rows, and whether rows past :data:`MAX_ROWS` were cut."""

    header: tuple[str, ...]
    rows: tuple[TableRow, ...]
    cut: bool = False


def read_tables(text: str) -> list[Table]:
    r"""The pipe tables and JSON record lists of ``text``, in order.

    >>> tables = read_tables("Rates.\n| Length | Low | High |\n|---|---|---|\n| up to 8 m | £24 | £32 |\n"
    ...                      "| 8–12 m | £31 | £42 |\nMultihulls pay more.")
    >>> tables[0].header, [r.key for r in tables[0].rows], tables[0].rows[1].cells[2].text
    (('Length', 'Low', 'High'), ['up to 8 m', '8–12 m'], '£42')
    >>> fleet = 'Fleet: [{"boat": "Seaglass", "berths": 6}, {"boat": "Fulmar", "berths": 8}]'
    >>> [r.key for r in read_tables(fleet)[0].rows]
    ['Seaglass', 'Fulmar']
    """
    return _pipe_tables(text) + _json_tables(text)


def _pipe_cells(line: str, offset: int) -> list[TableCell] | None:
    """The cells of a pipe-table line (outer pipes optional), or None for a line that is no table row."""
    if line.count("|") < 1 or _SEPARATOR.fullmatch(line):
        return None
    inner_start, inner_end = 0, len(line)
    stripped = line.strip()
    if stripped.startswith("|"):
        inner_start = line.index("|") + 1
    if stripped.endswith("|") and len(stripped) > 1:
        inner_end = line.rindex("|")
    cells, start = [], inner_start
    for end in [m.start() for m in re.finditer(r"\|", line[:inner_end]) if m.start() >= inner_start] + [inner_end]:
        raw = line[start:end]
        lead = len(raw) - len(raw.lstrip())
        cells.append(TableCell(raw.strip(), offset + start + lead, offset + start + lead + len(raw.strip())))
        start = end + 1
    return cells if len(cells) >= 2 else None


def _pipe_tables(text: str) -> list[Table]:
    """Runs of consecutive lines with the same number of pipe cells (a separator line inside a run is skipped)."""
    tables: list[Table] = []
    run: list[tuple[list[TableCell], int, int]] = []

    def close() -> None:
        if len(run) >= 1 + _MIN_ROWS:
            header = tuple(c.text for c in run[0][0])
            rows = tuple(TableRow(tuple(cells), s, e) for cells, s, e in run[1 : 1 + MAX_ROWS])
            tables.append(Table(header, rows, cut=len(run) - 1 > MAX_ROWS))
        run.clear()

    for match in _LINE.finditer(text):
        line, start = match.group(), match.start()
        if run and _SEPARATOR.fullmatch(line) and line.strip():
            continue
        cells = _pipe_cells(line, start) if "|" in line else None
        if cells is None or (run and len(cells) != len(run[0][0])):
            close()
            if cells is None:
                continue
        run.append((cells, start, match.end()))
    close()
    return tables


def _flat(value: object) -> bool:
    """A JSON record a table row can be: an object whose values are all scalars."""
    return isinstance(value, dict) and bool(value) and all(not isinstance(v, dict | list) for v in value.values())


def _json_tables(text: str) -> list[Table]:
    """JSON arrays of flat objects, runs of one-object lines, and objects of objects of one shape."""
    decoder = json.JSONDecoder()
    tables: list[Table] = []
    lines: list[tuple[dict[str, object], int, int]] = []  # consecutive one-object lines
    pos = 0
    while pos < len(text):
        nxt = min((i for i in (text.find("[", pos), text.find("{", pos)) if i >= 0), default=-1)
        if nxt < 0:
            break
        try:
            value, end = decoder.raw_decode(text, nxt)
        except ValueError:
            pos = nxt + 1
            continue
        if _flat(value) and (not lines or not text[lines[-1][2] : nxt].strip()):
            lines.append((value, nxt, end))
        else:
            tables += _records_table(lines)
            lines = [(value, nxt, end)] if _flat(value) else []
            if isinstance(value, list):
                tables += _records_table(_array_items(text, nxt))
            elif isinstance(value, dict):
                tables += _nested_table(value, nxt, end)
        pos = end
    tables += _records_table(lines)
    return tables


def _array_items(text: str, start: int) -> list[tuple[dict[str, object], int, int]]:
    """The flat objects of the JSON array at ``start`` with their spans (all of them, or none)."""
    decoder = json.JSONDecoder()
    items: list[tuple[dict[str, object], int, int]] = []
    pos = start + 1
    while True:
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        if pos >= len(text) or text[pos] == "]":
            return items
        value, end = decoder.raw_decode(text, pos)
        if not _flat(value):
            return []
        items.append((value, pos, end))
        pos = end


def _records_table(items: list[tuple[dict[str, object], int, int]]) -> list[Table]:
    """A table of at least two flat JSON objects (columns: their keys in first-seen order; key: first string value)."""
    if len(items) < 2:
        return []
    columns: list[str] = []
    for value, _, _ in items:
        columns += [k for k in value if k not in columns]
    key = next((k for k in columns if all(isinstance(v.get(k), str) for v, _, _ in items)), None)
    if key is None:
        return []
    order = [key] + [k for k in columns if k != key]
    rows = tuple(
        TableRow(tuple(TableCell(_scalar(value.get(k)), s, e) for k in order), s, e) for value, s, e in items[:MAX_ROWS]
    )
    return [Table(tuple(order), rows, cut=len(items) > MAX_ROWS)]


def _nested_table(value: dict[str, object], start: int, end: int) -> list[Table]:
    """An object whose values include at least two flat objects of one shape: each is a row keyed by its key."""
    found: list[Table] = []
    groups = [(k, v) for k, v in value.items() if _flat(v)]
    if len(groups) >= 2 and len({tuple(v) for _, v in groups}) == 1:  # type: ignore[arg-type]
        columns = ("", *groups[0][1])  # type: ignore[misc]
        rows = tuple(
            TableRow((TableCell(k, start, end), *(TableCell(_scalar(v[c]), start, end) for c in columns[1:])),  # type: ignore[index]
                     start, end)
            for k, v in groups[:MAX_ROWS]
        )  # fmt: skip
        found.append(Table(columns, rows, cut=len(groups) > MAX_ROWS))
    for inner in value.values():
        if isinstance(inner, dict):
            found += _nested_table(inner, start, end)
    return found


def _scalar(value: object) -> str:
    """A JSON leaf as a cell's text ("2450", "Bavaria 34", "" for null)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)

"""The table checker: a value the answer gives one row (or column) of a source's table that sits in another.

"A 13-metre boat pays £42 a night in high season" over a table whose "8–12 m" row gives £42 and whose "12–15 m" row
gives £55: every other part of the reader reads £42 as stated, since it is. Read as a table, a value belongs to one
row (its first cell, the row's key) and one column (its header). This checker reads which row and which column an
answer unit names, from the words of the row keys and headers it repeats (in other forms too: "filling" for "fill",
"members" for "member") and from a number of the unit inside a key's range ("13-metre" in "12–15 m"), and reports a
value the unit takes from a cell outside what it names, when the cell it names gives a value of the same kind:

* **another row**: the unit names one row, the value sits only in other rows' cells → the named row's cell in the
  value's column is the evidence ("the table gives 12–15 m, High season (May–Sep): £55");
* **another column**: the unit names one row and one column, the value sits in that row under another column, and
  the unit does not state the named cell's value as well ("on Sundays Central Library opens 9am to 5pm", a Saturday
  cell) → the named cell.

A row or column is named only when the unit's words (or a number in its range) cover at least half of its key's or
header's words, it covers more than every other, and no other's matched words are outside its own: "Members pay
£32" names "Member price" over "Non-member price"; a unit that repeats two headers' words equally names neither. A
value the value checker reads as a sum or product of stated values is not this checker's
(:func:`~veracity.stages.sources.derived_value`: "two city bikes for a day cost £40 in all" is no e-bike's price).

Bounded work: tables are read to :data:`~veracity.text.tables.MAX_ROWS` rows (a cut table is said in the notes), a
unit's first :data:`MAX_VALUES` values are read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from veracity.schema import Finding, TextSpan
from veracity.stages.sources import AnswerUnits, Sources, derived_value
from veracity.text.novelty import content_words
from veracity.text.tables import MAX_ROWS, Table, TableCell
from veracity.text.values import RANGE_BETWEEN, Value
from veracity.text.values.kinds import NUMBER, WrittenValue, same_stated, sentence_values

__all__ = ["MAX_VALUES", "TableChecker", "named"]

MAX_VALUES = 12  # values of one unit compared with a table's cells
_CONFIDENCE = 0.9


@dataclass(frozen=True)
class _ReadTable:
    """A table with its cells' values read once (row by row, column by column) and its keys' and headers' words."""

    document: int
    table: Table
    values: tuple[tuple[tuple[WrittenValue, ...], ...], ...]
    key_words: tuple[frozenset[str], ...]
    key_values: tuple[tuple[WrittenValue, ...], ...]
    header_words: tuple[frozenset[str], ...]


def _words(text: str) -> frozenset[str]:
    return frozenset(w.form for w in content_words(text.replace("_", " ")))


def _read(document: int, table: Table) -> _ReadTable:
    return _ReadTable(
        document,
        table,
        tuple(tuple(tuple(sentence_values(c.text)) for c in row.cells) for row in table.rows),
        tuple(_words(row.key) for row in table.rows),
        tuple(tuple(sentence_values(row.key)) for row in table.rows),
        tuple(_words(h) for h in table.header),
    )


def _word_match(a: str, b: str) -> bool:
    """The same word, or one the other with an ending ("fill"/"filling", "charge"/"charged")."""
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    return len(short) >= 4 and long.startswith(short) and len(long) - len(short) <= 3


def _bare(value: WrittenValue) -> bool:
    stated = value.stated
    return isinstance(stated, Value) and not stated.units and not stated.noun


def _same(a: WrittenValue, b: WrittenValue) -> bool:
    """The same value; a bare number in a cell ("2450", "2") is any value of its amount ("£2,450", "two tickets")."""
    if same_stated(a, b):
        return True
    x, y = a.stated, b.stated
    return (_bare(a) or _bare(b)) and isinstance(x, Value) and isinstance(y, Value) and x.amount == y.amount


def _comparable(a: WrittenValue, b: WrittenValue) -> bool:
    """Values of one kind: the same key, or a bare number beside a number with a unit or noun."""
    if a.key == b.key:
        return True
    return (
        (_bare(a) or _bare(b) or NUMBER in (a.kind, b.kind))
        and isinstance(a.stated, Value)
        and isinstance(b.stated, Value)
    )


def _in_range(key: Sequence[WrittenValue], key_text: str, values: Sequence[WrittenValue]) -> bool:
    """Whether a value of the unit lies inside a key's range ("13-metre" in "12–15 m").

    Inside, not on a bound: "8 metres" is the top of "up to 8 m" and the bottom of "8–12 m", and names neither.
    """
    for low, high in pairwise(key):
        if not (isinstance(low.stated, Value) and isinstance(high.stated, Value)):
            continue
        if not RANGE_BETWEEN.fullmatch(key_text, low.stated.end, high.stated.start):
            continue
        for v in values:
            if isinstance(v.stated, Value) and low.stated.amount < v.stated.amount < high.stated.amount:
                if _comparable(v, high):
                    return True
    return False


def named(
    keys: Sequence[frozenset[str]], words: frozenset[str], ranges: Sequence[bool] = ()
) -> tuple[int | None, set[int]]:
    """The one key ``words`` name (or None), and the keys it names as well as any other (the best ones).

    A key is named by the share of its words that ``words`` hold (a key whose range holds a number of the unit:
    all of them), at least half; the one with the largest share names it when every other named key's matched words
    are among its own.

    >>> named([frozenset({"member", "price"}), frozenset({"non", "member", "price"})], frozenset({"member", "pay"}))
    (0, {0})
    >>> named([frozenset({"charge", "day", "overdue"}), frozenset({"maximum", "item"})],
    ...       frozenset({"charged", "day", "overdue", "maximum", "item"}))
    (None, {0, 1})
    """
    matched: dict[int, frozenset[str]] = {}
    shares: dict[int, float] = {}
    for k, key in enumerate(keys):
        if k < len(ranges) and ranges[k]:
            matched[k], shares[k] = key | {f"range:{k}"}, 1.0
            continue
        if not key:
            continue
        hit = frozenset(w for w in key if any(_word_match(w, u) for u in words))
        if hit and len(hit) >= len(key) / 2:
            matched[k], shares[k] = hit, len(hit) / len(key)
    if not shares:
        return None, set()
    best = max(shares.values())
    top = {k for k, s in shares.items() if s == best}
    if len(top) != 1:
        return None, top
    (one,) = top
    others = [matched[k] for k in matched if k != one]
    if any(not _covered(m, matched[one]) for m in others):
        return None, top | set(matched)
    return one, top


def _header(name: str) -> str:
    """A header as a report writes it: a JSON key's underscores as spaces ("security deposit gbp")."""
    return name.replace("_", " ")


def _covered(words: frozenset[str], by: frozenset[str]) -> bool:
    return all(any(_word_match(w, b) for b in by) for w in words if not w.startswith("range:"))


class TableChecker:
    """A value the answer gives the row or column it names that a source table gives another row or column."""

    name = "tables"

    def findings(self, answer: AnswerUnits, sources: Sources) -> list[Finding]:
        """The values each unit takes from another row's or column's cell than the one it names."""
        tables = sources.derived("tables.read", lambda read: [_read(k, t) for k, t in read.tables])
        if not tables:
            return []
        for read in tables:
            if read.table.cut:
                answer.notes.append(f"a table of over {MAX_ROWS} rows was read to its first {MAX_ROWS} rows")
        found: list[Finding] = []
        for start, end in answer.units:
            text = answer.text[start:end]
            values = sentence_values(text)[:MAX_VALUES]
            if not values:
                continue
            for read in tables:
                found += self.unit_findings(answer.text, start, text, values, read, sources)
        return [f for f in found if not derived_value(answer, sources, f)]

    def unit_findings(
        self,
        answer: str,
        offset: int,
        text: str,
        values: Sequence[WrittenValue],
        read: _ReadTable,
        sources: Sources,
    ) -> list[Finding]:
        """One unit against one table."""
        hits: list[tuple[int, int, list[WrittenValue]]] = []  # (row, column, the unit's values that state the cell)
        for r, cells in enumerate(read.values):
            for c, cell in enumerate(cells[1:], start=1):
                said = [next((v for v in values if _same(v, x)), None) for x in cell]
                if cell and all(v is not None for v in said):
                    hits.append((r, c, [v for v in said if v is not None]))
        if not hits:
            return []
        used = {id(v) for _, _, vs in hits for v in vs}
        rest = [v for v in values if id(v) not in used]
        taken = [(v.start, v.end) for v in values if id(v) in used]  # the cells' values name no row
        words = _words("".join(ch if not any(a <= k < b for a, b in taken) else " " for k, ch in enumerate(text)))
        ranges = [_in_range(key, read.table.rows[r].key, rest) for r, key in enumerate(read.key_values)]
        row, _ = named(read.key_words, words, ranges)
        if row is None:
            return []
        column, _ = named(read.header_words[1:], words)
        column = column + 1 if column is not None else None
        stated_cells = {(r, c) for r, c, _ in hits}
        out: list[Finding] = []
        for r, c, stating in hits:
            target = (row, column if column is not None else c)
            if target in stated_cells or (r, c) == target:
                continue
            if column is None and any(
                r2 == row and {id(v) for v in stating} & {id(v) for v in other} for r2, _, other in hits
            ):
                continue  # the value is the named row's too, under a column the unit does not name
            if r == row and column is None:
                continue
            expected = read.values[target[0]][target[1]]
            if not expected or not all(any(_comparable(s, x) for x in expected) for s in stating):
                continue
            out.append(self.finding(answer, offset, stating, read, (r, c), target, sources))
        return out[:1]

    @staticmethod
    def finding(
        answer: str,
        offset: int,
        stating: Sequence[WrittenValue],
        read: _ReadTable,
        cell: tuple[int, int],
        target: tuple[int, int],
        sources: Sources,
    ) -> Finding:
        """The finding on the unit's value(s), citing the cell the unit names."""
        table = read.table
        start, end = offset + min(v.start for v in stating), offset + max(v.end for v in stating)
        end = start + len(answer[start:end].rstrip(" .,;:"))  # "5pm." is read with its full stop
        said = answer[start:end]
        given: TableCell = table.rows[target[0]].cells[target[1]]
        where = f"{table.rows[target[0]].key}, {_header(table.header[target[1]])}".strip(", ")
        other = f"{table.rows[cell[0]].key}, {_header(table.header[cell[1]])}".strip(", ")
        return Finding(
            kind="value",
            relation="contradicted",
            span=TextSpan.of(answer, start, end),
            source_document=sources.documents[read.document].id,
            source_span=sources.span(read.document, given.start, given.end),
            source_text=f"{where}: {given.text}",
            confidence=_CONFIDENCE,
            explanation=f"answer: {said}; the table gives {where}: {given.text} ({said} is {other})",
        )

"""Answer value frames against the source frames of the same kind (issue 70, item 5: pairs from real answers).

For every answer sentence (a *unit*) and each of its values: the value's frame, the source frames of the same
kind that state the same value (``pos``) and those that state another value (``neg``). On a faithful unit (no
human-marked span overlaps it) ``pos`` is the source sentence a real LLM reworded: the matching pairs. On a
hallucinated unit, ``in_span`` says whether the value overlaps a marked span.

Pure functions over rows of ``../shared/data/ragtruth`` and ``../shared/data/ragbench`` (the rows are read by
:func:`read_rows`; nothing is copied into the repository).
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from frames import SourceFrame, frames_of_sentence, same_stated, source_frames

from veracity.text.split import split_sentences

__all__ = ["Item", "Unit", "answer_units", "context_frames", "items_of_row", "read_rows", "source_key"]

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"


def read_rows(name: str, split: str) -> Iterator[dict]:
    """The rows of ``../shared/data/<name>/<split>.jsonl.gz``."""
    with gzip.open(DATA / name / f"{split}.jsonl.gz", "rt", encoding="utf-8") as f:
        for line in f:
            yield json.loads(line)


@dataclass(frozen=True)
class Unit:
    """An answer sentence: its index, text, offset in the answer, and whether no marked span overlaps it."""

    index: int
    text: str
    start: int
    faithful: bool


def answer_units(row: dict) -> list[Unit]:
    """The answer's sentences (the project's rule splitter); RAGBench rows use their own labelled sentences."""
    if "sentences" in row:  # RAGBench: a label per sentence
        return [Unit(k, s["text"], s["start"], bool(s["supported"])) for k, s in enumerate(row["sentences"])]
    spans = [(s["start"], s["end"]) for s in row.get("spans", [])]
    units = []
    for k, s in enumerate(split_sentences(row["answer"], "rules")):
        a, b = s.span.start, s.span.end
        units.append(Unit(k, s.span.text, a, not any(x < b and a < y for x, y in spans)))
    return units


@dataclass(frozen=True)
class Item:
    """One answer value against its context's same-kind source frames (indices into the context's frame list)."""

    row: str
    unit: int
    faithful: bool
    in_span: bool
    kind: str
    value: str
    frame: str
    noun: str | None
    pos: tuple[int, ...]
    neg: tuple[int, ...]

    def as_json(self) -> dict:
        return {**self.__dict__, "pos": list(self.pos), "neg": list(self.neg)}


def source_key(row: dict) -> str:
    """The key of a row's sources (RAGTruth rows share them by ``source_id``; RAGBench rows by text)."""
    if "source_id" in row:
        return f"{row.get('task', '')}:{row['source_id']}"
    return "ctx:" + hashlib.sha1("\x00".join(row["context"]).encode("utf-8")).hexdigest()[:16]


def items_of_row(
    row: dict, sources: Sequence[SourceFrame], clause: bool = False, mark_others: bool = False
) -> Iterable[Item]:
    """Every value of every answer unit of ``row`` with the same-kind frames of ``sources`` split by value."""
    spans = [(s["start"], s["end"]) for s in row.get("spans", [])]
    for unit in answer_units(row):
        for value, text in frames_of_sentence(unit.text, clause, mark_others):
            same_kind = [k for k, f in enumerate(sources) if f.value.kind == value.kind]
            if not same_kind:
                continue
            pos = tuple(k for k in same_kind if same_stated(value, sources[k].value))
            taken = set(pos)
            neg = tuple(k for k in same_kind if k not in taken)
            a, b = unit.start + value.start, unit.start + value.end
            in_span = any(x < b and a < y for x, y in spans)
            yield Item(row["id"], unit.index, unit.faithful, in_span, value.kind,
                       unit.text[value.start : value.end], text, value.noun, pos, neg)  # fmt: skip


def context_frames(row: dict, clause: bool = False, mark_others: bool = False) -> list[SourceFrame]:
    """The source frames of a row's context (its passages; for RAGBench its documents)."""
    return source_frames(row["context"], clause, mark_others)

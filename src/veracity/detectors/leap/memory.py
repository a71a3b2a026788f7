"""LEAP's memories (§3.3): M_P (reflections), M_A ((claim, strategy, advantage)) and M_C ((state, value)).

One store holds all three, told apart by ``kind``. Each record has a key text, the text whose embedding retrieval
compares (the claim or state s_0), and a JSON payload. Retrieval is top-K cosine similarity (Eq. 3) over the
records of one kind: a product with the stored unit vectors. The paper uses FAISS for this; a learning run here
stores hundreds to a few thousand records, where an exact numpy product takes well under a millisecond, so FAISS
would not earn its place (an index of millions would be a different matter).

On disk a memory is a folder:

- ``memory.json``: the format, its version, the embedder's name and dimension, and the record count;
- ``records.jsonl``: one record per line;
- ``vectors.npy``: the key embeddings, one row per record.

Files are written to temporary names and renamed, so an interrupted save leaves the previous memory intact. A
memory opened with another embedder, a foreign or corrupt file, or files that disagree raise an
:class:`~veracity.errors.InputError` that names the file.
"""

from __future__ import annotations

import json
import math
import os
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from veracity.errors import InputError
from veracity.models.embedder import Embedder

__all__ = ["MEMORY_FORMAT", "AgentMemory", "MemoryKind", "MemoryRecord", "strategy_entropy"]

MEMORY_FORMAT = "veracity-leap-memory"
MEMORY_VERSION = 1
MemoryKind = Literal["planner", "actor", "critic"]
KINDS: tuple[MemoryKind, ...] = ("planner", "actor", "critic")


@dataclass(frozen=True)
class MemoryRecord:
    """One memory entry: its kind, the text retrieval compares, and what it remembers."""

    id: int
    kind: MemoryKind
    key: str
    payload: Mapping[str, Any]
    created: str = field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))


def strategy_entropy(types: Iterable[str]) -> tuple[int, float]:
    """The number of distinct strategy types and the Shannon entropy of their distribution, in bits (Table 6).

    >>> strategy_entropy(["a", "a", "b", "b"])
    (2, 1.0)
    """
    counts = Counter(t.strip().lower() for t in types if t and t.strip())
    total = sum(counts.values())
    if not total:
        return 0, 0.0
    entropy = -sum(c / total * math.log2(c / total) for c in counts.values())
    return len(counts), round(entropy + 0.0, 6)


class AgentMemory:
    """The agents' memories, in RAM, saved to and loaded from a folder.

    Args:
        embedder: embeds the key texts; its ``model_id`` is written with the memory and checked on load.
        folder: where :meth:`save` writes; None keeps the memory in RAM only.
    """

    def __init__(self, embedder: Embedder, folder: Path | None = None) -> None:
        self.embedder = embedder
        self.folder = folder
        self.records: list[MemoryRecord] = []
        self._vectors: NDArray[np.float32] | None = None

    @classmethod
    def open(cls, folder: Path, embedder: Embedder) -> AgentMemory:
        """The memory saved in ``folder``, or a new empty one there if the folder holds none.

        Raises:
            InputError: a file there is foreign or corrupt, the files disagree, or the memory was built with
                another embedder.
        """
        memory = cls(embedder, folder)
        header_path = folder / "memory.json"
        if not header_path.exists():
            if folder.exists() and any(folder.iterdir()):
                raise InputError(f"{folder} is not empty and holds no memory.json: not a LEAP memory folder")
            return memory
        try:
            header = json.loads(header_path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise InputError(f"{header_path}: not a readable LEAP memory header ({exc})") from exc
        if not isinstance(header, dict) or header.get("format") != MEMORY_FORMAT:
            raise InputError(
                f"{header_path}: not a LEAP memory (format {header.get('format')!r})"
                if isinstance(header, dict)
                else f"{header_path}: not a LEAP memory"
            )
        if header.get("version") != MEMORY_VERSION:
            raise InputError(
                f"{header_path}: memory format version {header.get('version')!r}; this veracity reads "
                f"version {MEMORY_VERSION}"
            )
        if header.get("embedder") != embedder.model_id:
            raise InputError(
                f"{header_path}: the memory was embedded with {header.get('embedder')!r}, not {embedder.model_id!r}; "
                "open it with the same embedder or rebuild it"
            )
        records_path = folder / "records.jsonl"
        records = []
        try:
            with records_path.open(encoding="utf-8") as handle:
                for line_number, line in enumerate(handle, 1):
                    if not line.strip():
                        continue
                    row = json.loads(line)
                    if row.get("kind") not in KINDS or not isinstance(row.get("key"), str):
                        raise ValueError(f"line {line_number} has no valid kind and key")
                    records.append(
                        MemoryRecord(
                            int(row["id"]),
                            row["kind"],
                            row["key"],
                            dict(row.get("payload") or {}),
                            str(row.get("created", "")),
                        )
                    )
        except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError, AttributeError) as exc:
            raise InputError(f"{records_path}: corrupt memory records ({exc})") from exc
        vectors_path = folder / "vectors.npy"
        try:
            vectors = np.load(vectors_path, allow_pickle=False).astype(np.float32)
        except (OSError, ValueError) as exc:
            raise InputError(f"{vectors_path}: unreadable memory vectors ({exc})") from exc
        if vectors.ndim != 2 or vectors.shape[0] != len(records) or len(records) != header.get("records"):
            raise InputError(
                f"{folder}: the memory's files disagree (memory.json says {header.get('records')} records, "
                f"records.jsonl has {len(records)}, vectors.npy has shape {vectors.shape}); restore a saved copy"
            )
        memory.records = records
        memory._vectors = vectors if records else None
        return memory

    def add(self, kind: MemoryKind, key: str, payload: Mapping[str, Any]) -> MemoryRecord:
        """Remember ``payload`` under ``key`` (Eqs. 4, 6, 8)."""
        if kind not in KINDS:
            raise ValueError(f"memory kind must be one of {KINDS}, got {kind!r}")
        next_id = self.records[-1].id + 1 if self.records else 0
        record = MemoryRecord(next_id, kind, key, dict(payload))
        vector = self.embedder.embed([key or " "]).astype(np.float32)
        self._vectors = vector if self._vectors is None else np.vstack([self._vectors, vector])
        self.records.append(record)
        return record

    def search(
        self,
        kind: MemoryKind,
        query: str,
        k: int,
        where: Callable[[Mapping[str, Any]], bool] | None = None,
    ) -> list[tuple[float, MemoryRecord]]:
        """The ``k`` records of ``kind`` whose keys are most similar to ``query`` (Eq. 3), best first."""
        rows = [i for i, r in enumerate(self.records) if r.kind == kind and (where is None or where(r.payload))]
        if not rows or k <= 0 or self._vectors is None:
            return []
        scores = self._vectors[rows] @ self.embedder.embed([query or " "])[0]
        order = np.argsort(-scores, kind="stable")[:k]
        return [(float(scores[i]), self.records[rows[int(i)]]) for i in order]

    def of_kind(self, kind: MemoryKind) -> list[MemoryRecord]:
        """Every record of ``kind``, oldest first."""
        return [r for r in self.records if r.kind == kind]

    def save(self, folder: Path | None = None) -> Path:
        """Write the memory to ``folder`` (default: the one it was opened from), atomically per file."""
        target = folder or self.folder
        if target is None:
            raise ValueError("this memory has no folder: pass one to save()")
        target.mkdir(parents=True, exist_ok=True)
        dim = int(self._vectors.shape[1]) if self._vectors is not None else 0
        lines = "".join(
            json.dumps(
                {"id": r.id, "kind": r.kind, "key": r.key, "payload": r.payload, "created": r.created},
                ensure_ascii=False,
            )
            + "\n"
            for r in self.records
        )
        _write_atomic(target / "records.jsonl", lines.encode("utf-8"))
        vectors = self._vectors if self._vectors is not None else np.zeros((0, dim), dtype=np.float32)
        temporary = target / "vectors.tmp.npy"
        np.save(temporary, vectors, allow_pickle=False)
        os.replace(temporary, target / "vectors.npy")
        header = {
            "format": MEMORY_FORMAT,
            "version": MEMORY_VERSION,
            "embedder": self.embedder.model_id,
            "dim": dim,
            "records": len(self.records),
            "counts": {kind: len(self.of_kind(kind)) for kind in KINDS},
        }
        # The header goes last: a save cut short before it leaves a header that disagrees, which open() reports.
        _write_atomic(target / "memory.json", (json.dumps(header, indent=2) + "\n").encode("utf-8"))
        self.folder = target
        return target

    def stats(self) -> dict[str, Any]:
        """Counts per kind, the advantage distribution of M_A, and the strategy pool's types (Table 6)."""
        advantages = [float(r.payload["advantage"]) for r in self.of_kind("actor") if "advantage" in r.payload]
        types = [str(r.payload.get("strategy", {}).get("question_type", "")) for r in self.of_kind("actor")]
        strategies = {json.dumps(r.payload.get("strategy", {}), sort_keys=True) for r in self.of_kind("actor")}
        distinct_types, entropy = strategy_entropy(types)
        return {
            "embedder": self.embedder.model_id,
            "records": len(self.records),
            "counts": {kind: len(self.of_kind(kind)) for kind in KINDS},
            "distinct_strategies": len(strategies),
            "strategy_types": distinct_types,
            "strategy_type_entropy_bits": entropy,
            "positive_advantage": sum(a > 0 for a in advantages),
            "mean_advantage": round(sum(advantages) / len(advantages), 4) if advantages else None,
        }

    def prune(
        self, kind: MemoryKind | None = None, keep_last: int | None = None, min_advantage: float | None = None
    ) -> int:
        """Drop records; returns how many went.

        Args:
            kind: only records of this kind are considered (None: all kinds).
            keep_last: keep only the newest this many of each considered kind.
            min_advantage: drop actor records whose advantage is below this.
        """
        keep = []
        for record in self.records:
            considered = kind is None or record.kind == kind
            drop = False
            if considered and min_advantage is not None and record.kind == "actor":
                drop = float(record.payload.get("advantage", 0.0)) < min_advantage
            keep.append(not drop)
        if keep_last is not None:
            for k in KINDS if kind is None else (kind,):
                rows = [i for i, r in enumerate(self.records) if r.kind == k and keep[i]]
                for i in rows[: max(0, len(rows) - keep_last)]:
                    keep[i] = False
        removed = keep.count(False)
        if removed:
            self.records = [r for r, kept in zip(self.records, keep, strict=True) if kept]
            if self._vectors is not None:
                self._vectors = self._vectors[np.array(keep, dtype=bool)] if self.records else None
        return removed


def _write_atomic(path: Path, data: bytes) -> None:
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)

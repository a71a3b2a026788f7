"""Content digests of models: a model folder's, and a fitted model file's.

A folder's digest names its ONNX files, kept so that a start reads no weights to find them; a fitted model file's is
what a report records of the weights that decided it.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import threading
from pathlib import Path
from typing import Any

from veracity.models.catalog import cache_dir

__all__ = ["HASHED_FILES", "file_digest", "model_digest"]

HASHED_FILES = ("model.safetensors", "config.json", "tokenizer.json", "tokenizer_config.json")


@functools.lru_cache(maxsize=32)
def model_digest(path: Path) -> str:
    """First 16 hex digits of the SHA-256 over the model folder's :data:`HASHED_FILES` (those present).

    Kept in ``<cache_dir>/onnx/digests.json`` by the folder and each file's size and modification and change times,
    so a start reads no weights the ONNX files make unneeded (~45 MB a model, 0.1 s each on a 2-core machine, issue
    68); a file rewritten, touched or replaced is hashed again. An unwritable cache only means hashing each time.
    """
    stamp = _stamp(path)
    book = cache_dir() / "onnx" / "digests.json"
    key = str(path.resolve())
    try:
        known = json.loads(book.read_text(encoding="utf-8")).get(key)
    except (OSError, ValueError, AttributeError):
        known = None
    if isinstance(known, dict) and known.get("stamp") == stamp and isinstance(known.get("digest"), str):
        return str(known["digest"])
    digest = hashlib.sha256()
    for name in HASHED_FILES:
        file = path / name
        if file.is_file():
            digest.update(name.encode())
            with file.open("rb") as handle:
                for block in iter(lambda: handle.read(1 << 20), b""):
                    digest.update(block)
    found = digest.hexdigest()[:16]
    _remember_digest(book, key, {"stamp": stamp, "digest": found})
    return found


def file_digest(path: Path) -> str:
    """First 16 hex digits of the SHA-256 of one file's bytes: which fitted weights, wherever the file is installed.

    What a detector that decides by a fitted model file (the reader's, the fused model's) records in every report.
    """
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def _stamp(path: Path) -> list[list[int | str]]:
    """Name, size, modification and change time (ns) of each of the folder's :data:`HASHED_FILES` that exists."""
    stamp: list[list[int | str]] = []
    for name in HASHED_FILES:
        try:
            info = (path / name).stat()
        except OSError:
            continue
        stamp.append([name, info.st_size, info.st_mtime_ns, info.st_ctime_ns])
    return stamp


def _remember_digest(book: Path, key: str, entry: dict[str, Any]) -> None:
    """Add one folder's digest to ``book``, written under a temporary name and renamed (a race loses an entry)."""
    try:
        book.parent.mkdir(parents=True, exist_ok=True)
        try:
            entries = json.loads(book.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            entries = {}
        if not isinstance(entries, dict):
            entries = {}
        entries[key] = entry
        tmp = book.with_name(f".digests.json.{os.getpid()}.{threading.get_ident()}.tmp")
        tmp.write_text(json.dumps(entries, indent=1, sort_keys=True), encoding="utf-8")
        os.replace(tmp, book)
    except OSError:
        pass

"""The JSON files veracity writes and reads.

Append-only JSONL (batch outputs, predictions, training logs) and versioned model files (calibrators, fused models).

A finished JSONL file may be stored packed, as ``NAME.gz`` beside where ``NAME`` would be (committed evaluation
predictions are): every reader here takes either, and a writer about to append unpacks it first.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType
from typing import IO, Any, TypeVar

from pydantic import BaseModel, ValidationError

from veracity.errors import InputError

__all__ = [
    "ResumableJsonl",
    "append_row",
    "drop_partial_last_line",
    "has_rows_file",
    "pack_rows",
    "packed_path",
    "read_rows",
    "read_versioned_json",
    "rewrite_rows",
    "unpack_rows",
    "write_json_atomic",
]

M = TypeVar("M", bound=BaseModel)


def append_row(path: Path, row: dict[str, Any]) -> None:
    """Append one JSON object as a line."""
    with path.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(row) + "\n")


def write_json_atomic(path: Path, model: BaseModel) -> None:
    """Write ``model`` as indented JSON: a temporary file, then a rename, so a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(model.model_dump_json(indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)


def read_versioned_json(
    path: Path, model: type[M], what: str, version: str, error: type[Exception], hint: str = ""
) -> M:
    """Read a ``{"format": version, ...}`` file as ``model``; every failure is ``error`` with the path in its message.

    ``what`` names the kind of file in the messages ("calibrator file"); ``hint`` follows the wrong-format message.
    """
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise error(f"{what} {path} does not exist") from exc
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise error(f"{what} {path} is not readable JSON: {exc}") from exc
    if not isinstance(raw, dict) or raw.get("format") != version:
        found = raw.get("format") if isinstance(raw, dict) else type(raw).__name__
        raise error(f"{path} is not a {version} file (format: {found!r}){hint}")
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise error(f"{what} {path} is malformed: {str(exc)[:300]}") from exc


def packed_path(path: Path) -> Path:
    """Where the packed form of the JSONL file ``path`` lives: ``path`` with ``.gz`` added."""
    return path.with_name(path.name + ".gz")


def linked_path(path: Path) -> Path:
    """Where a pointer to an identical rows file lives: ``path`` with ``.same-as`` added.

    It holds the path, relative to ``path``'s folder, of another JSONL file (plain or packed) whose rows are byte for
    byte the ones ``path`` would hold: two result folders made from one set of predictions keep them once.
    """
    return path.with_name(path.name + ".same-as")


def _linked_target(path: Path) -> Path | None:
    link = linked_path(path)
    if path.exists() or packed_path(path).exists() or not link.exists():
        return None
    target = (path.parent / link.read_text(encoding="utf-8").strip()).resolve()
    if not has_rows_file(target) or target == path.resolve():
        raise InputError(f"{link} points at {target}, which holds no rows file")
    return target


def has_rows_file(path: Path) -> bool:
    """Whether the JSONL file ``path`` exists, plain, packed or as a pointer to an identical one."""
    return path.exists() or packed_path(path).exists() or linked_path(path).exists()


def pack_rows(path: Path) -> Path:
    """Replace the JSONL file ``path`` by its packed form (the same bytes, gzip; no timestamp, so a repack is stable).

    Returns the packed file's path. The plain file is removed only once the packed one is complete.
    """
    target, tmp = packed_path(path), path.with_name(path.name + ".gz.tmp")
    with path.open("rb") as source, tmp.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        shutil.copyfileobj(source, out)
    tmp.replace(target)
    path.unlink()
    return target


def unpack_rows(path: Path) -> None:
    """Make ``path`` a plain JSONL file again when only its packed form (or a pointer) exists, before rows are added."""
    target = _linked_target(path)
    if target is not None:
        rows = read_rows(target)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        tmp.replace(path)
        linked_path(path).unlink()
        return
    packed = packed_path(path)
    if path.exists() or not packed.exists():
        return
    tmp = path.with_name(path.name + ".tmp")
    with gzip.open(packed, "rb") as source, tmp.open("wb") as out:
        shutil.copyfileobj(source, out)
    tmp.replace(path)
    packed.unlink()


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The JSON objects of an append-only JSONL file, plain or packed (``path`` + ``.gz``); a missing file has none.

    A line that does not parse is skipped: it is the last line of a run that was interrupted mid-write. A pointer
    (:func:`linked_path`) is followed.
    """
    target = _linked_target(path)
    if target is not None:
        return read_rows(target)
    packed = not path.exists()
    if not packed:
        handle: Any = path.open("rb")
    elif packed_path(path).exists():
        handle = gzip.open(packed_path(path), "rb")
    else:
        return []
    rows = []
    with handle:
        try:
            for raw in handle:
                try:
                    row = json.loads(raw)
                except (json.JSONDecodeError, UnicodeDecodeError):
                    continue
                if isinstance(row, dict):
                    rows.append(row)
        except (OSError, EOFError) as exc:
            if not packed:
                raise
            # a packed file cut short or not gzip at all
            raise InputError(f"{packed_path(path)} is not a whole gzip file ({exc}); restore or delete it") from exc
    return rows


def rewrite_rows(path: Path, rows: Iterable[dict[str, Any]]) -> None:
    """Replace what the JSONL file ``path`` holds (plain, packed or a pointer) by ``rows``, as a plain file.

    A temporary file, synced, then a rename: an interruption leaves either the old rows or the new ones, never a
    mix. Each row is written as :class:`ResumableJsonl` writes it.
    """
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
        out.flush()
        os.fsync(out.fileno())
    tmp.replace(path)
    packed_path(path).unlink(missing_ok=True)
    linked_path(path).unlink(missing_ok=True)


def drop_partial_last_line(path: Path) -> None:
    """Cut an unfinished last line (a run interrupted mid-write) off a file about to be appended to.

    Without this the first appended row would be glued to the fragment and lost to every reader.
    """
    if not path.exists():
        return
    with path.open("rb+") as handle:
        end = handle.seek(0, 2)
        position = end
        while position > 0:
            step = min(65536, position)
            handle.seek(position - step)
            block = handle.read(step)
            if position == end and block.endswith(b"\n"):
                return
            newline = block.rfind(b"\n")
            if newline >= 0:
                handle.truncate(position - step + newline + 1)
                return
            position -= step
        handle.truncate(0)


class ResumableJsonl:
    """The one resumable JSONL output (batch reports, eval predictions, data builders, learning logs).

    ``rows()`` gives what an earlier run wrote, so the caller can skip its work; opening (``with``) makes the file
    ready to append: parent folders made, an interrupted last line cut off, an empty file made when there is none.
    A packed file is unpacked only when a row is about to be appended, so a resumed run with nothing left to do
    leaves a packed (committed) file as it was. Each ``write`` is one line, flushed at once, so an interruption
    loses at most the row being written. ``path`` None writes to standard output, which does not resume.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._handle: IO[str] | None = None
        self._entered = False

    def rows(self) -> list[dict[str, Any]]:
        """The rows already in the file (none for standard output or a file not yet written)."""
        return read_rows(self.path) if self.path is not None else []

    def __enter__(self) -> ResumableJsonl:
        self._entered = True
        if self.path is None:
            self._handle = sys.stdout
            return self
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not has_rows_file(self.path):
            self.path.touch()
        return self

    def _append_handle(self) -> IO[str]:
        if self._handle is None:
            assert self.path is not None  # standard output is opened on entry
            unpack_rows(self.path)
            drop_partial_last_line(self.path)
            self._handle = self.path.open("a", encoding="utf-8")
        return self._handle

    def write(self, row: dict[str, Any] | str) -> None:
        """Append ``row`` (an object, or a line of JSON already encoded) and flush it."""
        if not self._entered:
            raise RuntimeError("ResumableJsonl.write outside its `with` block")
        handle = self._append_handle()
        handle.write((row if isinstance(row, str) else json.dumps(row, ensure_ascii=False)) + "\n")
        handle.flush()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._handle is not None and self._handle is not sys.stdout:
            self._handle.close()
        self._handle = None
        self._entered = False

"""Where batch records come from: every input line with its number, and the input cut into chunks for workers.

One numbering for every runner: a JSONL line's number counts blank lines (which are not records); a Parquet row's
number counts from 1 across the files of a folder, in name order, and their row groups. A record is known by that
number (:mod:`veracity.batch`), so the local runner, the service and the Ray engine must agree on it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from veracity.errors import InputError

__all__ = ["Chunk", "input_lines", "plan_chunks", "read_chunk"]


def input_lines(path: Path) -> Iterator[tuple[int, bytes]]:
    """``(line number, raw bytes)`` of every record of an input, numbered as every runner numbers them.

    JSONL: every non-blank line, counting blank lines; Parquet (a file or a folder of them): every row as its JSON
    object, counting from 1 across the files in name order and their row groups (:func:`plan_chunks`).

    Raises:
        InputError: the input cannot be read.
    """
    if _is_parquet(path):
        chunks, _ = plan_chunks(path)
        for chunk in chunks:
            yield from read_chunk(chunk)
        return
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from exc
    with handle:
        for line, raw in enumerate(handle, start=1):
            if raw.strip():
                yield line, raw


@dataclass(frozen=True)
class Chunk:
    """A slice of the input that one read task turns into records.

    JSONL: bytes ``[start, end)`` of ``path``, whose first line is number ``first_line``. Parquet: row group
    ``row_group`` of ``path``, whose first row is record number ``first_line`` (rows count from 1 across the files,
    in the order given).
    """

    path: str
    first_line: int
    start: int = 0
    end: int = 0
    row_group: int | None = None


def _is_parquet(path: Path) -> bool:
    return path.suffix.lower() in (".parquet", ".pq") or (path.is_dir() and any(path.glob("*.parquet")))


def plan_chunks(path: Path, chunk_records: int = 1024) -> tuple[list[Chunk], int]:
    """Split an input into read chunks and count its records, without decoding any.

    A JSONL file is cut at a line end after every ``chunk_records`` records (line numbers count blank lines, as the
    local runner does; blank lines are not records). A Parquet file, or a folder of them, is cut at row groups.

    Returns:
        The chunks, in input order, and the number of records.

    Raises:
        InputError: the input cannot be read.
    """
    try:
        if _is_parquet(path):
            return _plan_parquet(path)
        chunks: list[Chunk] = []
        records = 0
        with path.open("rb") as handle:
            offset, line, start, first, in_chunk = 0, 0, 0, 1, 0
            for raw in handle:
                line += 1
                offset += len(raw)
                if raw.strip():
                    records += 1
                    in_chunk += 1
                if in_chunk == chunk_records:
                    chunks.append(Chunk(str(path), first, start, offset))
                    start, first, in_chunk = offset, line + 1, 0
            if in_chunk:
                chunks.append(Chunk(str(path), first, start, offset))
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from exc
    return chunks, records


def _plan_parquet(path: Path) -> tuple[list[Chunk], int]:
    import pyarrow.parquet as pq

    files = sorted(path.glob("*.parquet")) if path.is_dir() else [path]
    chunks: list[Chunk] = []
    first = 1
    for file in files:
        try:
            metadata = pq.ParquetFile(file).metadata
        except Exception as exc:  # pyarrow raises ArrowInvalid, OSError, ... for a file that is not Parquet
            raise InputError(f"cannot read {file} as Parquet: {exc}") from exc
        for group in range(metadata.num_row_groups):
            chunks.append(Chunk(str(file), first, row_group=group))
            first += metadata.row_group(group).num_rows
    return chunks, first - 1


def read_chunk(chunk: Chunk) -> list[tuple[int, bytes]]:
    """The ``(line number, raw JSON bytes)`` of every record of a chunk; a Parquet row becomes its JSON object.

    Lines stay bytes so that one of bad UTF-8 reaches :func:`parse_record`, which makes it the same error row as
    the local runner writes.
    """
    if chunk.row_group is not None:
        import pyarrow.parquet as pq

        rows = pq.ParquetFile(chunk.path).read_row_group(chunk.row_group).to_pylist()
        return [(chunk.first_line + i, json.dumps(row, default=str).encode()) for i, row in enumerate(rows)]
    with open(chunk.path, "rb") as handle:
        handle.seek(chunk.start)
        data = handle.read(chunk.end - chunk.start)
    # split on b"\n" only, as file iteration does (splitlines would also cut at \r, \x0b, \x1c, ...)
    lines = data.split(b"\n")
    if lines and not lines[-1]:
        lines.pop()
    return [(chunk.first_line + i, raw) for i, raw in enumerate(lines) if raw.strip()]

"""The Ray Data source of a batch job (imported only when Ray is installed; see :mod:`veracity.scale`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pyarrow as pa
import ray
from ray.data.block import BlockMetadata
from ray.data.datasource import Datasource, ReadTask

from veracity.batch import Chunk, read_chunk

_DONE_CACHE: dict[str, frozenset[int]] = {}


def _done_lines(ref: Any) -> frozenset[int]:
    """The finished input lines behind an object reference, fetched once per worker process (the set can be large)."""
    key = ref.hex()
    if key not in _DONE_CACHE:
        _DONE_CACHE.clear()
        _DONE_CACHE[key] = ray.get(ref)
    return _DONE_CACHE[key]


def _blocks(chunk: Chunk, done_ref: Any, block_rows: int) -> Iterator[pa.Table]:
    done = _done_lines(done_ref)
    lines: list[int] = []
    raws: list[bytes] = []
    for line, raw in read_chunk(chunk):
        if line in done:
            continue
        lines.append(line)
        raws.append(raw)
        if len(lines) == block_rows:
            yield pa.table({"line": pa.array(lines, pa.int64()), "raw": pa.array(raws, pa.binary())})
            lines, raws = [], []
    if lines:
        yield pa.table({"line": pa.array(lines, pa.int64()), "raw": pa.array(raws, pa.binary())})


class RecordsDatasource(Datasource):  # type: ignore[misc]  # ray is untyped to mypy here
    """Batch records as Ray Data rows ``{line, raw}``: one read task per chunk, blocks of ``block_rows`` rows.

    Blocks are cut to the batch size because a block goes to one actor whatever its size; records whose line is in
    the set behind ``done_ref`` (those with a report already) are dropped as they are read.
    """

    def __init__(self, chunks: list[Chunk], records: int, done_ref: Any, block_rows: int) -> None:
        super().__init__()
        self.chunks, self.records, self.done_ref, self.block_rows = chunks, records, done_ref, block_rows

    def estimate_inmemory_data_size(self) -> int | None:
        return None

    @property
    def supports_distributed_reads(self) -> bool:
        # Read on the driver's node: the input is a file there, which other nodes need not see. Reading is cheap
        # next to detection, and the records reach the actors through the object store.
        return False

    def get_read_tasks(
        self, parallelism: int, per_task_row_limit: int | None = None, data_context: Any = None
    ) -> list[ReadTask]:
        tasks = []
        for chunk in self.chunks:

            def read(chunk: Chunk = chunk) -> Iterator[pa.Table]:
                return _blocks(chunk, self.done_ref, self.block_rows)

            metadata = BlockMetadata(num_rows=None, size_bytes=None, input_files=(chunk.path,), exec_stats=None)
            tasks.append(ReadTask(read, metadata, per_task_row_limit=per_task_row_limit))
        return tasks

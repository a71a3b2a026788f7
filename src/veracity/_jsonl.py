"""Reading the JSONL files veracity appends to (batch outputs, predictions)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["drop_partial_last_line", "read_rows"]


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The JSON objects of an append-only JSONL file; a missing file has none.

    A line that does not parse is skipped: it is the last line of a run that was interrupted mid-write.
    """
    if not path.exists():
        return []
    rows = []
    with path.open("rb") as handle:
        for raw in handle:
            try:
                row = json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError):
                continue
            if isinstance(row, dict):
                rows.append(row)
    return rows


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

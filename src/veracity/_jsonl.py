"""Reading the JSONL files veracity appends to (batch outputs, predictions)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["read_rows"]


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

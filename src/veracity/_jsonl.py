"""The JSON files veracity writes and reads.

Append-only JSONL (batch outputs, predictions, training logs) and versioned model files (calibrators, fused models).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

__all__ = ["append_row", "drop_partial_last_line", "read_rows", "read_versioned_json", "write_json_atomic"]

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

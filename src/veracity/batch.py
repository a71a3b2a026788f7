"""The batch runner: JSONL records in, one report (or error) row per record out, resumable.

One record format and one runner for every way veracity runs a batch: ``veracity detect --input/--output``, the
service's jobs and the scale-out engine all read records with :func:`parse_record`, turn each into an output row
with :func:`detect_row`, and resume from :func:`finished_ids`.

A record is a JSON object ``{"id"?, "question"?, "answer", "context"}``; ``context`` is one string, or a list
whose items are strings or ``{"id", "text"}`` documents. A record without an ``id`` is named ``line-N`` after its
line. An output row is ``{"id", "line", "report"}`` or, for a record that could not be checked, ``{"id", "line",
"error"}``: a malformed line never stops the run, and a rerun tries failed records again.

An output file is judged as a whole (:class:`BatchOutcome`: the summary and ``--exit-code`` count the reports written
before a resume too), so its reports must come from one detector with one configuration: a resume with another
detector or other settings is refused (:func:`check_resumable`) unless the file is started again
(:func:`discard_output`).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from veracity._jsonl import ResumableJsonl, packed_path, read_rows
from veracity.detectors.base import DetectInput
from veracity.errors import InputError, VeracityError
from veracity.models.memory import release_free_memory
from veracity.schema import Document

__all__ = [
    "BatchCounts",
    "BatchOutcome",
    "BatchRecord",
    "Chunk",
    "check_resumable",
    "detect_row",
    "discard_output",
    "finished_ids",
    "iter_records",
    "parse_record",
    "plan_chunks",
    "read_chunk",
    "run_batch",
]


@dataclass(frozen=True)
class BatchRecord:
    """One input record, checked: either ``answer`` and ``context`` are set, or ``problem`` says what is wrong."""

    line: int
    id: str
    answer: str = ""
    context: list[Document | str] = field(default_factory=list)
    question: str | None = None
    problem: str | None = None


# A verdict compared as a string: rows are read back as JSON, and a file may hold verdicts of a newer schema.
HALLUCINATED = "hallucinated"
NOT_CHECKED = "not_checked"  # an answer the models cannot read (a language they were not trained on)


@dataclass
class BatchCounts:
    """What one batch run did: reports written (and their verdicts), failures, records with a report from before."""

    ok: int = 0
    failed: int = 0
    skipped: int = 0
    hallucinated: int = 0
    not_checked: int = 0

    def count(self, row: dict[str, Any], input_path: Path, on_error: Callable[[str], None] | None) -> None:
        """Count an output row; a failed one is also passed to ``on_error`` as ``INPUT:LINE: ERROR``."""
        if "error" in row:
            self.failed += 1
            if on_error is not None:
                on_error(f"{input_path}:{row['line']}: {row['error']}")
        else:
            self.ok += 1
            verdict = (row.get("report") or {}).get("verdict")
            self.hallucinated += verdict == HALLUCINATED
            self.not_checked += verdict == NOT_CHECKED

    def outcome(self) -> BatchOutcome:
        """The outcome of this run's rows alone (standard output, which does not resume)."""
        return BatchOutcome(self.ok, self.hallucinated, self.not_checked, self.failed)


@dataclass(frozen=True)
class BatchOutcome:
    """What every record an output answers for came to, rows written before a resume included.

    ``failed`` counts the records with an error row and no report: a record tried again on a resume counts once,
    and not at all once a later try reported on it.
    """

    reports: int = 0
    hallucinated: int = 0
    not_checked: int = 0
    failed: int = 0

    @classmethod
    def of_file(cls, path: Path) -> BatchOutcome:
        """The outcome of every row of the output file ``path`` (plain or packed)."""
        rows = read_rows(path)
        verdicts = [row["report"].get("verdict") for row in rows if isinstance(row.get("report"), dict)]
        reported = {str(row.get("id")) for row in rows if isinstance(row.get("report"), dict)}
        failed = {(str(row.get("id")), row.get("line")) for row in rows if "error" in row}
        return cls(
            reports=len(verdicts),
            hallucinated=verdicts.count(HALLUCINATED),
            not_checked=verdicts.count(NOT_CHECKED),
            failed=len({key for key in failed if key[0] not in reported}),
        )

    def exit_status(self) -> int:
        """``--exit-code``'s status: 1, 2 or 0.

        1 if any answer is hallucinated; else 2 if any record could not be checked (an error row, or the verdict
        ``not_checked``); else 0. A hallucination found is reported even beside failures.
        """
        if self.hallucinated:
            return 1
        return 2 if self.failed or self.not_checked else 0

    def describe(self) -> str:
        """``N reports (H hallucinated[, U not checked]), F failed records``."""
        unchecked = f", {self.not_checked} not checked" if self.not_checked else ""
        return f"{self.reports} reports ({self.hallucinated} hallucinated{unchecked}), {self.failed} failed records"


def parse_record(raw: bytes | str, line: int) -> BatchRecord:
    """Decode and check one JSONL line; a malformed one becomes a record with its ``problem``."""
    fallback_id = f"line-{line}"
    try:
        value = json.loads(raw.decode("utf-8") if isinstance(raw, bytes) else raw)
    except UnicodeDecodeError:
        return BatchRecord(line, fallback_id, problem=f"line {line} is not valid UTF-8")
    except json.JSONDecodeError as exc:
        return BatchRecord(line, fallback_id, problem=f"line {line} is not valid JSON: {exc.msg}")
    if not isinstance(value, dict):
        return BatchRecord(line, fallback_id, problem=f"line {line} is not a JSON object")
    return check_record(value, line)


def check_record(value: dict[str, Any], line: int) -> BatchRecord:
    """The :class:`BatchRecord` of a decoded JSON object, with the field a bad one gets wrong named."""
    record_id = value.get("id", f"line-{line}")
    record_id = str(record_id) if isinstance(record_id, (str, int)) else f"line-{line}"
    try:  # no context: open domain (a detector with a knowledge index, oasis, needs none; others refuse)
        item = DetectInput.of(value.get("answer"), value.get("context"), value.get("question"), open_domain=True)
    except InputError as exc:
        return BatchRecord(line, record_id, problem=f"line {line}: {exc}")
    return BatchRecord(line, record_id, item.answer, list(item.context), item.question)


def iter_records(path: Path) -> Iterator[BatchRecord]:
    """Every non-blank line of a JSONL file as a :class:`BatchRecord`, in order.

    Raises:
        InputError: the file cannot be opened.
    """
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from exc
    with handle:
        for line, raw in enumerate(handle, start=1):
            if raw.strip():
                yield parse_record(raw, line)


def detect_row(detector: Any, record: BatchRecord) -> dict[str, Any]:
    """The output row of one record: its report, or the error that kept it from one (never raises for bad input).

    ``detector`` is any object with veracity's ``detect(answer, context, question)``.
    """
    row: dict[str, Any] = {"id": record.id, "line": record.line}
    if record.problem is not None:
        row["error"] = record.problem
        return row
    try:
        report = detector.detect(record.answer, record.context, record.question)
    except VeracityError as exc:
        row["error"] = str(exc)
        return row
    row["report"] = report.model_dump(mode="json")
    return row


def finished_ids(path: Path) -> set[str]:
    """The ids that already have a report in an output file (an interrupted last line is ignored)."""
    return {str(row.get("id")) for row in read_rows(path) if "report" in row}


def discard_output(path: Path) -> None:
    """Start an output file again: remove it, plain and packed (the next run writes every record anew)."""
    for file in (path, packed_path(path)):
        try:
            file.unlink(missing_ok=True)
        except OSError as exc:
            raise InputError(f"cannot remove {file} to start it again: {exc.strerror or exc}") from exc


def check_resumable(detector: Any, input_path: Path, output_path: Path) -> None:
    """Refuse to resume ``output_path`` when its reports were written by another detector or other settings.

    A report records who wrote it: ``detector`` and ``config``. This run's are its detector's ``name`` and
    ``config()`` (what :class:`~veracity.detectors.base.ConfiguredDetector` writes in every report); when they match
    the file's, no model is loaded. When they do not, or the detector has no ``config()`` (a service behind
    ``--server``), the record of a stored report is checked again and what this run writes is compared: a detector
    whose reports record less than its whole ``config()`` (the route taken) still resumes its own file. Checked
    again only when the input still holds such a record; otherwise the name and ``config()``, where known, decide.

    Raises:
        InputError: the file holds reports by another detector or configuration; the message names both.
    """
    stored: dict[str, dict[str, Any]] = {}  # one report per (detector, config) the file holds
    for row in read_rows(output_path):
        report = row.get("report")
        if isinstance(report, dict):
            stored.setdefault(_writer_key(report), row)
    if not stored:
        return
    declared = _declared_writer(detector)
    name = declared["detector"] if declared else getattr(detector, "name", None)
    unsettled = []
    for row in stored.values():
        if name is not None and row["report"].get("detector") != name:
            _refuse(output_path, row["report"], declared or {"detector": name})
        if declared is None or _writer_key(row["report"]) not in _writer_keys(declared):
            unsettled.append(row)
    if not unsettled:
        return
    wanted = {str(row.get("id")) for row in unsettled}
    records = {r.id: r for r in iter_records(input_path) if r.id in wanted and r.problem is None}
    for row in unsettled:
        record = records.get(str(row.get("id")))
        written = detect_row(detector, record).get("report") if record is not None else None
        writer = written if written is not None else declared
        if writer is not None and _writer_key(row["report"]) not in _writer_keys(writer):
            _refuse(output_path, row["report"], writer)


def _writer_key(report: dict[str, Any]) -> str:
    """Who wrote a report: its detector and its settings, or their digest where it records one (``auto``)."""
    config = report.get("config") or {}
    written = config["settings_digest"] if isinstance(config, dict) and "settings_digest" in config else config
    return json.dumps([report.get("detector"), written], sort_keys=True, ensure_ascii=False)


def _writer_keys(writer: dict[str, Any]) -> set[str]:
    """The keys a report by ``writer`` may have: its whole settings, or (a detector's ``config()``) their digest."""
    from veracity.detectors.base import settings_digest

    config = writer.get("config") or {}
    keys = {_writer_key(writer)}
    if isinstance(config, dict) and "settings_digest" not in config:
        keys.add(json.dumps([writer.get("detector"), settings_digest(config)], sort_keys=True, ensure_ascii=False))
    return keys


def _declared_writer(detector: Any) -> dict[str, Any] | None:
    """The ``detector`` and ``config`` that ``detector`` writes in its reports, as JSON reads them back (or None)."""
    from pydantic_core import to_jsonable_python

    name, config = getattr(detector, "name", None), getattr(detector, "config", None)
    if not isinstance(name, str) or not callable(config):
        return None
    return {"detector": name, "config": json.loads(json.dumps(to_jsonable_python(config())))}


def _refuse(output_path: Path, stored: dict[str, Any], current: dict[str, Any]) -> None:
    """Raise the error naming the file's writer and this run's: the settings that differ, when the names agree."""
    before, now = str(stored.get("detector")), str(current.get("detector"))
    if before == now and "config" in current:
        old, new = _flat(stored.get("config") or {}), _flat(current["config"])
        keys = sorted(k for k in old.keys() | new.keys() if old.get(k, _UNSET) != new.get(k, _UNSET))
        before, now = f"{before} with {_settings(old, keys)}", f"{now} with {_settings(new, keys)}"
    raise InputError(
        f"{output_path} holds reports by {before}; this run is {now}. A file's reports are judged together, so "
        "resume with the same detector and settings, start the file again with --restart, or give another --output"
    )


_UNSET = object()


def _flat(config: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested settings as ``{"routes.qa.top_k": 3}``."""
    flat: dict[str, Any] = {}
    for key, value in config.items():
        if isinstance(value, dict) and value:
            flat.update(_flat(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def _settings(flat: dict[str, Any], keys: list[str], shown: int = 4) -> str:
    parts = []
    for key in keys[:shown]:
        value = json.dumps(flat[key], ensure_ascii=False) if key in flat else "(unset)"
        parts.append(f"{key}={value if len(value) <= 60 else value[:57] + '...'}")
    more = f" and {len(keys) - shown} more" if len(keys) > shown else ""
    return ", ".join(parts) + more if parts else "the same settings"


def run_batch(
    detector: Any,
    input_path: Path,
    output_path: Path | None,
    on_error: Callable[[str], None] | None = None,
    progress: bool = True,
    restart: bool = False,
) -> BatchCounts:
    """Run ``detector`` over a JSONL file, appending one row per record to ``output_path`` (None: standard output).

    A record that already has a report in ``output_path`` is skipped, so an interrupted run resumes; records
    that failed before are tried again. A bad record is written as an error row, passed to ``on_error``, and the
    run goes on. Standard output does not resume. ``restart`` empties ``output_path`` first.

    Raises:
        InputError: the input file cannot be read, or ``output_path`` holds reports by another detector or other
            settings (:func:`check_resumable`) and ``restart`` is not set.
    """
    from tqdm import tqdm

    try:
        with input_path.open("rb") as handle:
            total = sum(1 for raw in handle if raw.strip())
    except OSError as exc:
        raise InputError(f"cannot read {input_path}: {exc.strerror or exc}") from exc
    if output_path is not None and restart:
        discard_output(output_path)
    elif output_path is not None:
        check_resumable(detector, input_path, output_path)
    output = ResumableJsonl(output_path)
    done = finished_ids(output_path) if output_path is not None else set()
    counts = BatchCounts()
    records = tqdm(
        iter_records(input_path),
        total=total,
        unit="rec",
        desc="detect",
        file=sys.stderr,
        disable=None if progress else True,
    )
    with output:
        for record in records:
            if record.id in done:
                counts.skipped += 1
                continue
            row = detect_row(detector, record)
            counts.count(row, input_path, on_error)
            output.write(row)
            release_free_memory()
    return counts


# Input read in chunks, for runners that split a batch across workers (the Ray engine).


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

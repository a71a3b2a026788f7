"""The batch runner: JSONL records in, one report (or error) row per record out, resumable.

One record format and one runner for every way veracity runs a batch: ``veracity detect --input/--output``, the
service's jobs and the scale-out engine all read records with :func:`parse_record`, turn each into an output row
with :func:`detect_row`, and resume from :func:`resume_state`.

A record is a JSON object ``{"id"?, "question"?, "answer", "context"}``; ``context`` is one string, or a list
whose items are strings or ``{"id", "text"}`` documents. A record without an ``id`` is named ``line-N`` after its
line. An output row is ``{"id", "line", "input_digest", "report"}`` or, for a record that could not be checked,
``{"id", "line", "input_digest", "error"}``: a malformed line never stops the run.

A record is known by its line, not its id: ids may repeat (an export with one id per conversation and several
answers), and every record is reported once, by its line. ``input_digest`` is a digest of the input line's bytes, so
a resume over an output written from another input is refused (:func:`resume_state`) instead of skipping records it
never checked. A resume skips the lines with a report, and tries the failed ones again: their error rows are taken
out of the file first, so a file holds one row per line however often it is resumed.

An output file is judged as a whole (:class:`BatchOutcome`: the summary and ``--exit-code`` count the reports written
before a resume too), so its reports must come from one detector with one configuration: a resume with another
detector or other settings is refused (:func:`check_resumable`) unless the file is started again
(:func:`discard_output`).
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from veracity._jsonl import ResumableJsonl, packed_path, read_rows, rewrite_rows
from veracity.batch_input import Chunk, input_lines, plan_chunks, read_chunk
from veracity.detectors.base import DetectInput
from veracity.errors import InputError, VeracityError
from veracity.models.memory import release_free_memory
from veracity.schema import Document

__all__ = [
    "BatchCounts",
    "BatchOutcome",
    "BatchRecord",
    "Chunk",
    "ResumeState",
    "check_resumable",
    "detect_row",
    "discard_output",
    "drop_stale_rows",
    "input_digest",
    "input_lines",
    "iter_records",
    "parse_record",
    "plan_chunks",
    "read_chunk",
    "record_id",
    "resume_state",
    "run_batch",
]


@dataclass(frozen=True)
class BatchRecord:
    """One input record, checked: either ``answer`` and ``context`` are set, or ``problem`` says what is wrong.

    ``line`` is what names it (ids may repeat); ``digest`` is :func:`input_digest` of its line, written in its row.
    """

    line: int
    id: str
    answer: str = ""
    context: list[Document | str] = field(default_factory=list)
    question: str | None = None
    problem: str | None = None
    digest: str = ""


def input_digest(raw: bytes | str) -> str:
    """A digest of one input line (surrounding white space aside): what a resume checks a row's record by."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    return hashlib.sha256(data.strip()).hexdigest()[:16]


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
    ids: Counter[str] = field(default_factory=Counter)

    def count(self, row: dict[str, Any], input_path: Path, on_error: Callable[[str], None] | None) -> None:
        """Count an output row; a failed one is also passed to ``on_error`` as ``INPUT:LINE: ERROR``."""
        self.ids[str(row.get("id"))] += 1
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
        return BatchOutcome(self.ok, self.hallucinated, self.not_checked, self.failed, *_shared(self.ids))


def _shared(ids: Counter[str]) -> tuple[tuple[str, ...], int]:
    """The ids that name more than one record (in order of first use), and how many records carry them."""
    shared = tuple(name for name, n in ids.items() if n > 1)
    return shared, sum(ids[name] for name in shared)


def _row_key(row: dict[str, Any]) -> tuple[str, str]:
    """What an output row answers for: its input line (a row of a version that wrote none: its id)."""
    line = row.get("line")
    if isinstance(line, int) and not isinstance(line, bool):
        return ("line", str(line))
    return ("id", str(row.get("id")))


@dataclass(frozen=True)
class BatchOutcome:
    """What every record an output answers for came to, rows written before a resume included.

    Every count is of records, each known by its input line: ``failed`` counts the records with an error row and no
    report (a record tried again on a resume counts once, and not at all once a later try reported on it).
    ``shared_ids`` are the ids that more than one record carries (allowed: each is reported by its line), and
    ``shared_records`` how many records carry them.
    """

    reports: int = 0
    hallucinated: int = 0
    not_checked: int = 0
    failed: int = 0
    shared_ids: tuple[str, ...] = ()
    shared_records: int = 0

    @classmethod
    def of_file(cls, path: Path) -> BatchOutcome:
        """The outcome of every record the output file ``path`` (plain or packed) answers for."""
        reports: dict[tuple[str, str], dict[str, Any]] = {}
        ids: dict[tuple[str, str], str] = {}
        failed: set[tuple[str, str]] = set()
        for row in read_rows(path):
            key = _row_key(row)
            ids.setdefault(key, str(row.get("id")))
            if isinstance(row.get("report"), dict):
                reports.setdefault(key, row["report"])
            elif "error" in row:
                failed.add(key)
        verdicts = [report.get("verdict") for report in reports.values()]
        return cls(
            len(verdicts),
            verdicts.count(HALLUCINATED),
            verdicts.count(NOT_CHECKED),
            len(failed - reports.keys()),
            *_shared(Counter(ids.values())),
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
        """``N reports (H hallucinated[, U not checked]), F failed records[; R records share I ids (...)]``."""
        unchecked = f", {self.not_checked} not checked" if self.not_checked else ""
        text = f"{self.reports} reports ({self.hallucinated} hallucinated{unchecked}), {self.failed} failed records"
        return text + (f"; {self.shared_note()}" if self.shared_ids else "")

    def shared_note(self) -> str:
        """``R records share I ids (a1, b2, ...): each is reported by its line``, or "" when every id is unique."""
        if not self.shared_ids:
            return ""
        shown = ", ".join(self.shared_ids[:3]) + (", ..." if len(self.shared_ids) > 3 else "")
        ids = "an id" if len(self.shared_ids) == 1 else f"{len(self.shared_ids)} ids"
        return f"{self.shared_records} records share {ids} ({shown}): each is reported by its line"


def parse_record(raw: bytes | str, line: int) -> BatchRecord:
    """Decode and check one JSONL line; a malformed one becomes a record with its ``problem``."""
    fallback_id, digest = f"line-{line}", input_digest(raw)
    try:
        value = json.loads(raw.decode("utf-8") if isinstance(raw, bytes) else raw)
    except UnicodeDecodeError:
        return BatchRecord(line, fallback_id, problem=f"line {line} is not valid UTF-8", digest=digest)
    except json.JSONDecodeError as exc:
        return BatchRecord(line, fallback_id, problem=f"line {line} is not valid JSON: {exc.msg}", digest=digest)
    if not isinstance(value, dict):
        return BatchRecord(line, fallback_id, problem=f"line {line} is not a JSON object", digest=digest)
    return check_record(value, line, digest)


def record_id(raw: bytes | str, line: int) -> str:
    """The id a record's row will carry: its ``id`` (a string or an integer), else ``line-N``.

    Read without checking the rest of the record (the service notes shared ids when a job is queued).
    """
    try:
        value = json.loads(raw.decode("utf-8") if isinstance(raw, bytes) else raw)
    except (UnicodeDecodeError, json.JSONDecodeError):
        return f"line-{line}"
    return _id_of(value, line) if isinstance(value, dict) else f"line-{line}"


def _id_of(value: dict[str, Any], line: int) -> str:
    found = value.get("id")
    return str(found) if isinstance(found, (str, int)) else f"line-{line}"


def check_record(value: dict[str, Any], line: int, digest: str = "") -> BatchRecord:
    """The :class:`BatchRecord` of a decoded JSON object, with the field a bad one gets wrong named."""
    record_id = _id_of(value, line)
    try:  # no context: open domain (a detector with a knowledge index, oasis, needs none; others refuse)
        item = DetectInput.of(value.get("answer"), value.get("context"), value.get("question"), open_domain=True)
    except InputError as exc:
        return BatchRecord(line, record_id, problem=f"line {line}: {exc}", digest=digest)
    return BatchRecord(line, record_id, item.answer, list(item.context), item.question, digest=digest)


def iter_records(path: Path) -> Iterator[BatchRecord]:
    """Every record of an input (JSONL, or Parquet for the Ray engine) as a :class:`BatchRecord`, in order.

    Raises:
        InputError: the file cannot be opened.
    """
    for line, raw in input_lines(path):
        yield parse_record(raw, line)


def detect_row(detector: Any, record: BatchRecord) -> dict[str, Any]:
    """The output row of one record: its report, or the error that kept it from one (never raises for bad input).

    ``detector`` is any object with veracity's ``detect(answer, context, question)``.
    """
    row: dict[str, Any] = {"id": record.id, "line": record.line}
    if record.digest:
        row["input_digest"] = record.digest
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


@dataclass(frozen=True)
class ResumeState:
    """What an output file already answers for, checked against the input it is resumed from.

    ``done``: the input lines with a report (a resume skips them); ``failed``: those with only an error row (a resume
    tries them again); ``stale_rows``: rows a resume takes out of the file before appending (the error rows of the
    lines tried again, and any second row of one line), so that the file ends with one row per line.
    """

    done: frozenset[int] = frozenset()
    failed: frozenset[int] = frozenset()
    stale_rows: int = 0


def resume_state(input_path: Path, output_path: Path) -> ResumeState:
    """What ``output_path`` already holds of ``input_path``'s records, once each row is matched to its input line.

    A row names its record by line and by :func:`input_digest` of that line (a row written before veracity recorded
    digests: by its id); a resume is only sound over the input the file was written from, so a row whose line now
    holds another record, or no record, is refused. Lines added at the input's end are simply not done yet.

    Raises:
        InputError: the file holds rows of another input (the message names the first line that differs), or rows
            without a line number.
    """
    rows = read_rows(output_path)
    if not rows:
        return ResumeState()
    wanted: dict[int, dict[str, Any]] = {}  # line -> its first row (a report before an error)
    reported: set[int] = set()
    stale = 0
    for row in rows:
        line = row.get("line")
        if not isinstance(line, int) or isinstance(line, bool):
            raise InputError(
                f"{output_path} holds rows without an input line number (written by an older veracity), so a resume "
                "cannot tell which records they answer for: start it again with --restart, or give another --output"
            )
        has_report = isinstance(row.get("report"), dict)
        if line not in wanted or (has_report and line not in reported):
            stale += line in wanted
            wanted[line] = row
        else:
            stale += 1
        if has_report:
            reported.add(line)
    seen: set[int] = set()
    for line, raw in input_lines(input_path):
        kept = wanted.get(line)
        if kept is None:
            continue
        same = (
            kept["input_digest"] == input_digest(raw)
            if isinstance(kept.get("input_digest"), str)
            else str(kept.get("id")) == parse_record(raw, line).id
        )
        if not same:
            _refuse_input(output_path, input_path, line, f"line {line} of {input_path} now holds another record")
        seen.add(line)
    missing = sorted(wanted.keys() - seen)
    if missing:
        _refuse_input(output_path, input_path, missing[0], f"{input_path} has no record at line {missing[0]}")
    failed = frozenset(wanted) - reported
    return ResumeState(done=frozenset(reported), failed=failed, stale_rows=stale + len(failed))


def _refuse_input(output_path: Path, input_path: Path, line: int, why: str) -> None:
    raise InputError(
        f"{output_path} was written from another input than {input_path}: it reports on line {line}, but {why}. A "
        "resume skips the records already reported, so it needs the input the file was written from (records may be "
        "added at its end): start the file again with --restart, or give another --output"
    )


def drop_stale_rows(output_path: Path, state: ResumeState) -> None:
    """Take out of ``output_path`` the rows a resume replaces (:attr:`ResumeState.stale_rows`), atomically.

    What stays is, per input line, its first report: the error rows go, since their records are tried again and
    written anew. Nothing is rewritten when nothing is stale.
    """
    if not state.stale_rows:
        return
    kept: dict[int, dict[str, Any]] = {}
    for row in read_rows(output_path):
        line = row.get("line")
        if isinstance(line, int) and line in state.done and isinstance(row.get("report"), dict):
            kept.setdefault(line, row)
    rewrite_rows(output_path, kept.values())


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
    wanted = {row.get("line") for row in unsettled}
    records: dict[Any, BatchRecord] = {}
    for line, raw in input_lines(input_path):
        if line in wanted and (parsed := parse_record(raw, line)).problem is None:
            records[line] = parsed
    for row in unsettled:
        record = records.get(row.get("line"))
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

    A record (an input line) that already has a report in ``output_path`` is skipped, so an interrupted run
    resumes; records that failed before are tried again, their old error rows taken out first. A bad record is
    written as an error row, passed to ``on_error``, and the run goes on. Standard output does not resume.
    ``restart`` empties ``output_path`` first.

    Raises:
        InputError: the input file cannot be read, or ``output_path`` was written from another input
            (:func:`resume_state`) or holds reports by another detector or other settings (:func:`check_resumable`)
            and ``restart`` is not set.
    """
    from tqdm import tqdm

    try:
        with input_path.open("rb") as handle:
            total = sum(1 for raw in handle if raw.strip())
    except OSError as exc:
        raise InputError(f"cannot read {input_path}: {exc.strerror or exc}") from exc
    state = ResumeState()
    if output_path is not None and restart:
        discard_output(output_path)
    elif output_path is not None:
        state = resume_state(input_path, output_path)
        check_resumable(detector, input_path, output_path)
        drop_stale_rows(output_path, state)
    counts = BatchCounts()
    lines = tqdm(
        input_lines(input_path),
        total=total,
        unit="rec",
        desc="detect",
        file=sys.stderr,
        disable=None if progress else True,
    )
    with ResumableJsonl(output_path) as output:
        for line, raw in lines:
            if line in state.done:
                counts.skipped += 1
                continue
            row = detect_row(detector, parse_record(raw, line))
            counts.count(row, input_path, on_error)
            output.write(row)
            release_free_memory()
    return counts

"""Batch jobs that survive restarts: records and results in SQLite (WAL), one runner thread.

A job is the CLI's batch form (JSONL records, :mod:`veracity.batch`) plus a detector and its settings. Each input
line is stored with its sequence number; the runner fills in one result per record in its own transaction, so a
server killed at any moment (SIGKILL included) resumes every unfinished job on restart, recomputes at most the
record it was working on, and never writes a record twice: the result is a column of the record's row, not an
appended line. A record is known by its sequence number, so ids may repeat: the status says how many records share
an id (``shared_ids``, ``shared_records``), and each is reported by its line.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from veracity.batch import detect_row, parse_record, record_id
from veracity.errors import VeracityError

__all__ = ["JobRunner", "JobState", "JobStatus", "JobStore"]

log = logging.getLogger("veracity.server")

JobState = Literal["queued", "running", "done", "failed", "cancelled"]
UNFINISHED = ("queued", "running")
_SHOWN_IDS = 20  # the shared ids a status lists (shared_records counts every record that shares one)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    detector TEXT NOT NULL,
    settings TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    total INTEGER NOT NULL,
    done INTEGER NOT NULL DEFAULT 0,
    failed INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    shared_ids TEXT NOT NULL DEFAULT '[]',
    shared_records INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS records (
    job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    line INTEGER NOT NULL,
    raw BLOB NOT NULL,
    result TEXT,
    PRIMARY KEY (job_id, seq)
);
"""


@dataclass(frozen=True)
class JobStatus:
    """A job's state and progress, as ``GET /v1/jobs/{id}`` shows it."""

    id: str
    state: JobState
    detector: str
    settings: dict[str, Any]
    created: float
    updated: float
    total: int
    done: int
    failed: int
    error: str | None
    shared_ids: tuple[str, ...] = ()
    shared_records: int = 0

    def as_json(self) -> dict[str, Any]:
        """The JSON body of the status endpoint."""
        return {
            "id": self.id,
            "state": self.state,
            "detector": self.detector,
            "settings": self.settings,
            "created": self.created,
            "updated": self.updated,
            "total": self.total,
            "done": self.done,
            "failed": self.failed,
            "progress": (self.done / self.total) if self.total else 1.0,
            "error": self.error,
            "shared_ids": list(self.shared_ids),
            "shared_records": self.shared_records,
        }


class JobStore:
    """The jobs database under ``data_dir`` (``jobs.sqlite3``); every call opens its own connection."""

    def __init__(self, data_dir: Path) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        self.path = data_dir / "jobs.sqlite3"
        with closing(self._connect()) as db, db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)
            columns = {row[1] for row in db.execute("PRAGMA table_info(jobs)")}
            for column, kind in (
                ("shared_ids", "TEXT NOT NULL DEFAULT '[]'"),
                ("shared_records", "INTEGER NOT NULL DEFAULT 0"),
            ):
                if column not in columns:  # a database of a version before ids could be shared
                    db.execute(f"ALTER TABLE jobs ADD COLUMN {column} {kind}")

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None)
        db.execute("PRAGMA foreign_keys=ON")
        db.execute("PRAGMA synchronous=NORMAL")  # with WAL: durable across a process kill, fast enough per record
        return db

    def create(self, lines: Iterator[bytes], detector: str, settings: dict[str, Any]) -> JobStatus:
        """Store a job's non-blank lines (numbered as in the upload) and queue it, noting the ids records share."""
        job_id = uuid.uuid4().hex
        now = time.time()
        with closing(self._connect()) as db:
            db.execute("BEGIN")
            db.execute(
                "INSERT INTO jobs (id, state, detector, settings, created, updated, total) "
                "VALUES (?, ?, ?, ?, ?, ?, 0)",
                (job_id, "queued", detector, json.dumps(settings), now, now),
            )
            seq = 0
            ids: Counter[str] = Counter()
            for line, raw in enumerate(lines, start=1):
                if raw.strip():
                    db.execute(
                        "INSERT INTO records (job_id, seq, line, raw) VALUES (?, ?, ?, ?)", (job_id, seq, line, raw)
                    )
                    ids[record_id(raw, line)] += 1
                    seq += 1
            shared = [name for name, n in ids.items() if n > 1]
            db.execute(
                "UPDATE jobs SET total = ?, shared_ids = ?, shared_records = ? WHERE id = ?",
                (seq, json.dumps(shared[:_SHOWN_IDS]), sum(ids[name] for name in shared), job_id),
            )
            db.execute("COMMIT")
        status = self.status(job_id)
        assert status is not None
        return status

    def status(self, job_id: str) -> JobStatus | None:
        """A job's status, or None when there is no such job."""
        with closing(self._connect()) as db:
            row = db.execute(
                "SELECT id, state, detector, settings, created, updated, total, done, failed, error, shared_ids, "
                "shared_records FROM jobs WHERE id = ?",
                (job_id,),
            ).fetchone()
        if row is None:
            return None
        created, updated, total, done, failed, error = row[4:10]
        return JobStatus(
            row[0], row[1], row[2], json.loads(row[3]), created, updated, total, done, failed, error,
            tuple(json.loads(row[10])), row[11],
        )  # fmt: skip

    def counts(self) -> dict[str, int]:
        """Jobs per state (for /metrics)."""
        with closing(self._connect()) as db:
            return dict(db.execute("SELECT state, COUNT(*) FROM jobs GROUP BY state").fetchall())

    def results(self, job_id: str) -> Iterator[str]:
        """The finished records' output rows (JSON text), in input order."""
        with closing(self._connect()) as db:
            cursor = db.execute(
                "SELECT result FROM records WHERE job_id = ? AND result IS NOT NULL ORDER BY seq", (job_id,)
            )
            for (result,) in cursor:
                yield result

    def cancel(self, job_id: str) -> JobStatus | None:
        """Cancel a queued or running job (a finished one keeps its state)."""
        self.set_state(job_id, "cancelled")
        return self.status(job_id)

    def next_job(self) -> JobStatus | None:
        """The oldest unfinished job (a running one first: it was interrupted)."""
        with closing(self._connect()) as db:
            row = db.execute(
                "SELECT id FROM jobs WHERE state IN (?, ?) ORDER BY state = 'queued', created LIMIT 1", UNFINISHED
            ).fetchone()
        return self.status(row[0]) if row else None

    def pending(self, job_id: str, limit: int = 64) -> list[tuple[int, int, bytes]]:
        """(seq, line, raw) of up to ``limit`` records without a result, in order."""
        with closing(self._connect()) as db:
            return db.execute(
                "SELECT seq, line, raw FROM records WHERE job_id = ? AND result IS NULL ORDER BY seq LIMIT ?",
                (job_id, limit),
            ).fetchall()

    def set_state(self, job_id: str, state: JobState, error: str | None = None) -> None:
        """Move an unfinished job to ``state`` (a cancelled job stays cancelled)."""
        with closing(self._connect()) as db:
            db.execute(
                "UPDATE jobs SET state = ?, error = ?, updated = ? WHERE id = ? AND state IN (?, ?)",
                (state, error, time.time(), job_id, *UNFINISHED),
            )

    def record_result(self, job_id: str, seq: int, row: dict[str, Any]) -> bool:
        """Store one record's output row and the job's counters in one transaction; False if it already had one."""
        with closing(self._connect()) as db:
            db.execute("BEGIN IMMEDIATE")
            changed = db.execute(
                "UPDATE records SET result = ? WHERE job_id = ? AND seq = ? AND result IS NULL",
                (json.dumps(row, ensure_ascii=False), job_id, seq),
            ).rowcount
            if changed:
                db.execute(
                    "UPDATE jobs SET done = done + 1, failed = failed + ?, updated = ? WHERE id = ?",
                    (int("error" in row), time.time(), job_id),
                )
            db.execute("COMMIT")
        return bool(changed)


class JobRunner:
    """One background thread that works through unfinished jobs, oldest first, record by record.

    ``get_detector(name, settings)`` returns the loaded detector (the service's cache); ``lock`` is held around each
    detection so jobs and live requests take turns on the same models.
    """

    def __init__(
        self,
        store: JobStore,
        get_detector: Callable[[str, dict[str, Any]], Any],
        lock: threading.Lock | None = None,
        poll_s: float = 0.5,
    ) -> None:
        self.store = store
        self.get_detector = get_detector
        self.lock = lock or threading.Lock()
        self.poll_s = poll_s
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="veracity-jobs", daemon=True)

    def start(self) -> None:
        """Start the thread; unfinished jobs from before a restart are picked up first."""
        self._thread.start()

    def wake(self) -> None:
        """A new job was queued."""
        self._wake.set()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop after the current record."""
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout)

    def _loop(self) -> None:
        while not self._stop.is_set():
            job = self.store.next_job()
            if job is None:
                self._wake.wait(self.poll_s)
                self._wake.clear()
                continue
            try:
                self.run_job(job)
            except Exception as exc:  # a job never takes the runner down; it is marked failed with the reason
                log.exception("job %s failed", job.id)
                self.store.set_state(job.id, "failed", f"{type(exc).__name__}: {exc}")

    def run_job(self, job: JobStatus) -> None:
        """Work through one job's pending records until it is done, cancelled, or the runner stops."""
        try:
            detector = self.get_detector(job.detector, job.settings)
        except VeracityError as exc:
            self.store.set_state(job.id, "failed", str(exc))
            return
        self.store.set_state(job.id, "running")
        while not self._stop.is_set():
            batch = self.store.pending(job.id)
            if not batch:
                self.store.set_state(job.id, "done")
                return
            for seq, line, raw in batch:
                status = self.store.status(job.id)
                if self._stop.is_set() or status is None or status.state == "cancelled":
                    return
                with self.lock:
                    row = detect_row(detector, parse_record(raw, line))
                self.store.record_result(job.id, seq, row)

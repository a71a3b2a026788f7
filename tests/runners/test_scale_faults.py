"""An actor killed in the middle of a Ray job: Ray restarts it, retries its batch, and the output loses nothing.

Runs `veracity detect --engine ray` as a process on its own local cluster with the real verifier, and SIGKILLs one
of its actors once rows are being written. Skips without Ray (`pip install 'veracity[ray]'`).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_scale import needs_ray, read_jsonl, town_records, write_jsonl


def _map_workers() -> list[int]:
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if Path(f"/proc/{entry}/cmdline").read_bytes().startswith(b"ray::MapWorker"):
                    pids.append(int(entry))
            except OSError:
                continue
    return pids


@needs_ray
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the actor processes through /proc")
def test_an_actor_killed_mid_run_is_restarted_and_no_record_is_lost_or_written_twice(tmp_path):
    records = town_records(240)
    path = write_jsonl(tmp_path / "in.jsonl", records)
    out = tmp_path / "out.jsonl"
    veracity = str(Path(sys.executable).with_name("veracity"))
    command = [veracity, "detect", "-d", "verifier", "--input", str(path), "--output", str(out)]
    command += ["--engine", "ray", "--workers", "2", "--batch-size", "4"]
    log = (tmp_path / "stderr.log").open("wb")  # a file, not a pipe: nobody reads Ray's logs while it runs
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
    killed, written_at_kill = None, None
    started_after_kill: set[int] = set()
    deadline = time.monotonic() + 300
    while process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
        written = len(out.read_bytes().splitlines()) if out.exists() else 0
        if killed is None and written >= 8:
            workers = _map_workers()
            if workers:
                killed, written_at_kill = workers[0], written
                os.kill(killed, signal.SIGKILL)
                before = set(workers)
        elif killed is not None:
            started_after_kill |= set(_map_workers()) - before
    if process.poll() is None:
        process.kill()
        pytest.fail("the Ray job did not finish in 300 s")
    log.close()
    stderr = (tmp_path / "stderr.log").read_text(encoding="utf-8", errors="replace")
    assert process.returncode == 0, stderr[-2000:]
    assert killed is not None and written_at_kill is not None and written_at_kill < len(records), (
        "the actor was not killed mid-run"
    )
    assert started_after_kill, "Ray did not restart the killed actor"
    rows = read_jsonl(out)
    assert [r["id"] for r in rows] == [r["id"] for r in records]  # none lost, none twice, input order
    assert all("report" in r for r in rows)

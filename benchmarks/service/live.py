"""Shared by the service proof scripts: start `veracity serve` on a free loopback port, HaluEval-QA records, and
writing metrics.json with the command and commit."""

from __future__ import annotations

import json
import os
import platform
import shlex
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
HALUEVAL_QA = ROOT.parent / "shared" / "data" / "halueval" / "qa_data.json"


def free_port() -> int:
    """A port nobody listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def service(data_dir: Path, *args: str, port: int | None = None) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`veracity serve` on 127.0.0.1, yielded (URL, process) once ready; terminated afterwards."""
    url, process = start(data_dir, port or free_port(), *args)
    try:
        yield url, process
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(30)


def start(data_dir: Path, port: int, *args: str) -> tuple[str, subprocess.Popen[bytes]]:
    """Start the server and wait for /readyz; its URL and process."""
    command = [str(Path(sys.executable).parent / "veracity"), "serve", "--port", str(port), "--data-dir", str(data_dir)]
    log = open(data_dir.parent / f"serve-{port}.log", "ab")  # noqa: SIM115 - lives as long as the process
    process = subprocess.Popen([*command, *args], stdout=log, stderr=log, env={**os.environ})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 180
    while True:
        try:
            if httpx.get(url + "/readyz", timeout=5).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise SystemExit(f"veracity serve did not become ready (log: {log.name})")
        time.sleep(0.2)
    return url, process


def halueval_qa_records(limit: int) -> list[dict[str, Any]]:
    """HaluEval-QA test records (lines 9000+) in the batch form, as the harness reads them: each line's right answer
    and its hallucinated answer, stated as a sentence (2,000 records in all)."""
    if not HALUEVAL_QA.exists():
        raise SystemExit(f"HaluEval-QA is not at {HALUEVAL_QA}: these measurements need ../shared/data")
    records: list[dict[str, Any]] = []
    with HALUEVAL_QA.open(encoding="utf-8") as handle:
        for index, line in enumerate(handle):
            if index < 9000:
                continue
            row = json.loads(line)
            for kind in ("right", "hallucinated"):
                records.append(
                    {
                        "id": f"qa-{index}-{kind}",
                        "question": row["question"],
                        "answer": f'The answer to "{row["question"]}" is: {row[f"{kind}_answer"]}',
                        "context": [row["knowledge"]],
                    }
                )
            if len(records) >= limit:
                return records[:limit]
    return records


def write_metrics(out: Path, metrics: dict[str, Any]) -> None:
    """metrics.json under ``out`` with the command, commit and machine."""
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
    metrics = {
        "command": shlex.join(["python", *sys.argv]),
        "git_commit": commit,
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
        **metrics,
    }
    out.mkdir(parents=True, exist_ok=True)
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(metrics, indent=2))

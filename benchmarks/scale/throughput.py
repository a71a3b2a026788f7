"""Throughput of `veracity detect` on the local engine and on a local Ray cluster, and the identity of their rows.

    python benchmarks/scale/throughput.py --out benchmarks/results/scale-halueval-qa_engines

Issue 19's measurements. The records are the first ``--records`` HaluEval-QA test examples as the harness loads
them (``halueval-qa:test``: knowledge, question, answer), written to a temporary JSONL file. Every configuration is
one `veracity detect --input --output` process, timed from its start to its exit, so model loading and (for Ray)
the cluster's start are included; the output file is polled to separate that start-up from the steady rate, and
the resident memory of the driver and of each actor process is sampled. Each Ray run's rows are compared with the
local run's: same ids in the same order, same verdicts, scores within 1e-6, reports identical apart from timings.
Configurations run one after another on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))
from live import write_metrics

VERACITY = str(Path(sys.executable).with_name("veracity"))
CONFIGS: dict[str, list[str]] = {
    "local": [],
    "ray-1x1": ["--engine", "ray", "--workers", "1", "--cpus-per-worker", "1"],
    "ray-1x2": ["--engine", "ray", "--workers", "1", "--cpus-per-worker", "2"],
    "ray-2x1": ["--engine", "ray", "--workers", "2", "--cpus-per-worker", "1"],
}


def write_records(path: Path, limit: int) -> int:
    """The first ``limit`` HaluEval-QA test examples as batch records in ``path``; returns how many."""
    from veracity.data.loaders import DatasetSpec, Example, load_dataset

    count = 0
    with path.open("w", encoding="utf-8") as out:
        for example in load_dataset(DatasetSpec.parse("halueval-qa:test")):
            if not isinstance(example, Example):
                continue
            record = {"id": example.id, "question": example.question, "answer": example.answer}
            out.write(json.dumps({**record, "context": example.context}, ensure_ascii=False) + "\n")
            count += 1
            if count == limit:
                break
    return count


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _cpu_s(pid: int) -> float:
    """User + system CPU seconds of a process so far (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _actor_pids() -> list[int]:
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    if handle.read().startswith(b"ray::MapWorker"):
                        pids.append(int(entry))
            except OSError:
                continue
    return pids


def _count_lines(path: Path) -> int:
    if not path.exists():
        return 0
    with path.open("rb") as handle:
        return sum(1 for _ in handle)


def run(config: str, detector: str, records: Path, output: Path, batch_size: int) -> dict[str, Any]:
    """One timed `veracity detect` process, its output polled every 0.2 s."""
    command = [VERACITY, "detect", "-d", detector, "--input", str(records), "--output", str(output)]
    if config != "local":
        command += [*CONFIGS[config], "--batch-size", str(batch_size)]
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    first: tuple[float, int] | None = None
    last: tuple[float, int] = (0.0, 0)
    driver_mb, actor_mb, driver_cpu = 0.0, 0.0, 0.0
    while process.poll() is None:
        time.sleep(0.2)
        now, lines = time.perf_counter() - started, _count_lines(output)
        if lines and first is None:
            first = (now, lines)
        if lines != last[1]:
            last = (now, lines)
        driver_mb = max(driver_mb, _rss_mb(process.pid))
        driver_cpu = max(driver_cpu, _cpu_s(process.pid))
        actor_mb = max([actor_mb, *(_rss_mb(pid) for pid in _actor_pids())])
    wall = time.perf_counter() - started
    stderr = process.stderr.read().decode(errors="replace") if process.stderr else ""
    if process.returncode != 0:
        raise SystemExit(f"{config} {detector} failed ({process.returncode}):\n{stderr[-3000:]}")
    n = _count_lines(output)
    steady = (last[1] - first[1]) / (last[0] - first[0]) if first and last[0] > first[0] else None
    return {
        "config": config,
        "command": " ".join(["veracity", *command[1:]])
        .replace(str(records), "RECORDS.jsonl")
        .replace(str(output), "REPORTS.jsonl"),
        "records": n,
        "wall_s": round(wall, 2),
        "throughput_per_s": round(n / wall, 3),
        "first_row_s": round(first[0], 2) if first else None,
        "steady_throughput_per_s": round(steady, 3) if steady else None,
        "peak_rss_mb": {"driver": round(driver_mb), "per_actor": round(actor_mb) if actor_mb else None},
        # the driver's CPU time (last sample, 0.2 s before its exit at most): for Ray, what reading, scheduling and
        # writing cost the one process every row passes through
        "driver_cpu_s": round(driver_cpu, 2),
    }


def _strip_timings(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip_timings(v) for k, v in value.items() if k != "timings_ms"}
    if isinstance(value, list):
        return [_strip_timings(v) for v in value]
    return value


def identity(local: Path, other: Path) -> dict[str, Any]:
    """How far ``other``'s rows are from ``local``'s (order, verdicts, scores, whole reports)."""
    a = [json.loads(line) for line in local.open(encoding="utf-8")]
    b = [json.loads(line) for line in other.open(encoding="utf-8")]
    same_order = [r["id"] for r in a] == [r["id"] for r in b]
    by_id = {r["id"]: r for r in b}
    verdicts = scores = reports = 0
    max_diff = 0.0
    for row in a:
        twin = by_id.get(row["id"])
        if twin is None or "report" not in row or "report" not in twin:
            continue
        verdicts += row["report"]["verdict"] == twin["report"]["verdict"]
        diff = abs(row["report"]["score"] - twin["report"]["score"])
        max_diff = max(max_diff, diff)
        scores += diff <= 1e-6
        reports += _strip_timings(row) == _strip_timings(twin)
    return {
        "n_local": len(a),
        "n_other": len(b),
        "duplicates": len(b) - len(by_id),
        "same_order": same_order,
        "same_verdict": verdicts,
        "score_within_1e-6": scores,
        "max_score_diff": max_diff,
        "identical_reports_apart_from_timings": reports,
    }


def main() -> None:
    """Run every configuration for every detector and write metrics.json."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--detectors", nargs="+", default=["verifier", "grounding"])
    parser.add_argument("--configs", nargs="+", default=list(CONFIGS), choices=list(CONFIGS))
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        records = Path(tmp) / "records.jsonl"
        n = write_records(records, args.records)
        for detector in args.detectors:
            runs: dict[str, Any] = {}
            for config in args.configs:
                output = Path(tmp) / f"{detector}-{config}.jsonl"
                runs[config] = run(config, detector, records, output, args.batch_size)
                print(json.dumps(runs[config]), file=sys.stderr)
                if config != "local" and "local" in runs:
                    runs[config]["identity"] = identity(Path(tmp) / f"{detector}-local.jsonl", output)
            if "local" in runs:
                base = runs["local"]
                for config, result in runs.items():
                    if config != "local":
                        result["vs_local"] = round(result["throughput_per_s"] / base["throughput_per_s"], 3)
                        if result["steady_throughput_per_s"] and base["steady_throughput_per_s"]:
                            result["steady_vs_local"] = round(
                                result["steady_throughput_per_s"] / base["steady_throughput_per_s"], 3
                            )
            results[detector] = runs
    write_metrics(
        args.out,
        {
            "dataset": "halueval-qa:test",
            "records": n,
            "batch_size": args.batch_size,
            "ray": __import__("ray").__version__,
            "results": results,
        },
    )


if __name__ == "__main__":
    main()

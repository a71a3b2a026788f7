"""An actor SIGKILLed in the middle of a Ray job: records lost or duplicated in the output (issue 19: 0).

    python benchmarks/scale/kill.py --out benchmarks/results/scale-kill_verifier

One `veracity detect --engine ray --workers 2` process over the first ``--records`` HaluEval-QA test examples (as
throughput.py writes them). When ``--kill-at`` rows are in the output, one of the pool's actor processes
(``ray::MapWorker``) gets SIGKILL. Ray restarts it and retries its batch; the job must finish with every record once,
in input order, and rows equal to an undisturbed local run's apart from timings.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from throughput import _actor_pids, _count_lines, _strip_timings, write_records

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))
from live import write_metrics

VERACITY = str(Path(sys.executable).with_name("veracity"))


def main() -> None:
    """Run the job, kill an actor mid-run, count what came out."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--kill-at", type=int, default=1000)
    parser.add_argument("--detector", default="verifier")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    with tempfile.TemporaryDirectory() as tmp:
        records, output, local = Path(tmp) / "records.jsonl", Path(tmp) / "ray.jsonl", Path(tmp) / "local.jsonl"
        n = write_records(records, args.records)
        base = [VERACITY, "detect", "-d", args.detector, "--input", str(records)]
        subprocess.run([*base, "--output", str(local)], env=env, check=True, capture_output=True)
        command = [*base, "--output", str(output), "--engine", "ray", "--workers", "2", "--batch-size", "16"]
        with (Path(tmp) / "stderr.log").open("wb") as log:
            process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=log)
            killed, written_at_kill, restarted = None, None, set()
            before: set[int] = set()
            while process.poll() is None:
                time.sleep(0.1)
                if killed is None and _count_lines(output) >= args.kill_at and (workers := _actor_pids()):
                    killed, written_at_kill, before = workers[0], _count_lines(output), set(workers)
                    os.kill(killed, signal.SIGKILL)
                elif killed is not None:
                    restarted |= set(_actor_pids()) - before
        if process.returncode != 0:
            raise SystemExit((Path(tmp) / "stderr.log").read_text(errors="replace")[-3000:])
        rows = [json.loads(line) for line in output.open(encoding="utf-8")]
        expected = [json.loads(line) for line in local.open(encoding="utf-8")]
        ids = [row["id"] for row in rows]
        wanted = [row["id"] for row in expected]
        metrics = {
            "detector": args.detector,
            "records": n,
            "killed_actor_pid": killed,
            "rows_written_when_killed": written_at_kill,
            "actor_restarted": bool(restarted),
            "rows_out": len(rows),
            "lost": len(set(wanted) - set(ids)),
            "duplicated": len(ids) - len(set(ids)),
            "input_order_kept": ids == wanted,
            "rows_equal_to_local_apart_from_timings": sum(
                _strip_timings(a) == _strip_timings(b) for a, b in zip(rows, expected, strict=False)
            ),
            "job": " ".join(["veracity", *command[1:]])
            .replace(str(records), "RECORDS.jsonl")
            .replace(str(output), "REPORTS.jsonl"),
        }
    metrics["holds"] = bool(killed) and metrics["lost"] == 0 and metrics["duplicated"] == 0
    write_metrics(args.out, metrics)


if __name__ == "__main__":
    main()

"""Crash: SIGKILL the server halfway through a 2,000-record job, restart it, and check the job (issue 18).

    python benchmarks/service/crash.py --out benchmarks/results/service-crash_grounding

Must hold: the job finishes; the result count equals the input count; no duplicate ids (and the rows are in input
order).
"""

from __future__ import annotations

import argparse
import signal
import tempfile
import time
from pathlib import Path

from live import free_port, halueval_qa_records, start, write_metrics

from veracity.client import Client


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--detector", default="grounding")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    records = halueval_qa_records(args.records)
    if len(records) < args.records:
        raise SystemExit(f"only {len(records)} records available, {args.records} asked for")
    with tempfile.TemporaryDirectory() as tmp:
        data, port = Path(tmp) / "data", free_port()
        url, server = start(data, port, "--detector", args.detector)
        started = time.monotonic()
        with Client(url) as client:
            job = client.submit_job(records, detector=args.detector)
            while (done_before := client.job(job["id"])["done"]) < len(records) // 2:
                time.sleep(0.05)
        server.send_signal(signal.SIGKILL)
        server.wait(30)
        killed_at = time.monotonic() - started
        url, server = start(data, port, "--detector", args.detector)
        try:
            with Client(url) as client:
                while (status := client.job(job["id"]))["state"] not in ("done", "failed", "cancelled"):
                    time.sleep(0.5)
                rows = list(client.job_results(job["id"]))
        finally:
            server.terminate()
            server.wait(30)
    ids = [row["id"] for row in rows]
    expected = [record["id"] for record in records]
    write_metrics(
        args.out,
        {
            "detector": args.detector,
            "records": len(records),
            "done_when_killed": done_before,
            "killed_after_s": round(killed_at, 1),
            "final_state": status["state"],
            "results": len(rows),
            "duplicate_ids": len(ids) - len(set(ids)),
            "in_input_order": ids == expected,
            "errors": sum(1 for row in rows if "error" in row),
            "holds": status["state"] == "done" and len(rows) == len(records) and len(set(ids)) == len(ids),
        },
    )


if __name__ == "__main__":
    main()

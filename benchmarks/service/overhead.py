"""Overhead: the same requests one at a time over HTTP and in-process (issue 18: HTTP overhead ≤ 10%).

    python benchmarks/service/overhead.py --out benchmarks/results/service-overhead_grounding

In-process is ``detector.detect`` on the loaded detector; over HTTP is ``POST /v1/detect`` to `veracity serve` on
loopback (JSON in, the Report's JSON out, parsed by the client). Both run after a warm-up, alternating in rounds
so that machine noise hits both alike.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from live import halueval_qa_records, service, write_metrics


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--detector", default="grounding")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()

    import torch

    from veracity.detectors import load_detector

    torch.set_num_threads(2)
    records = halueval_qa_records(args.requests)
    detector = load_detector(args.detector)
    for record in records[:5]:
        detector.detect(record["answer"], record["context"], record["question"])
    in_process: list[float] = []
    over_http: list[float] = []
    per = len(records) // args.rounds
    with tempfile.TemporaryDirectory() as tmp, service(Path(tmp) / "data", "--detector", args.detector) as (url, _):
        with httpx.Client(base_url=url, timeout=300) as http:
            for record in records[:5]:
                http.post("/v1/detect", json={k: record[k] for k in ("question", "answer", "context")})
            for r in range(args.rounds):
                chunk = records[r * per : (r + 1) * per]
                for record in chunk:
                    started = time.perf_counter()
                    detector.detect(record["answer"], record["context"], record["question"])
                    in_process.append(time.perf_counter() - started)
                for record in chunk:
                    started = time.perf_counter()
                    response = http.post("/v1/detect", json={k: record[k] for k in ("question", "answer", "context")})
                    response.raise_for_status()
                    response.json()
                    over_http.append(time.perf_counter() - started)
    total_in, total_http = sum(in_process), sum(over_http)
    overhead = (total_http - total_in) / total_in
    write_metrics(
        args.out,
        {
            "detector": args.detector,
            "requests": len(in_process),
            "in_process_total_s": round(total_in, 3),
            "http_total_s": round(total_http, 3),
            "in_process_mean_ms": round(1000 * statistics.mean(in_process), 2),
            "http_mean_ms": round(1000 * statistics.mean(over_http), 2),
            "in_process_median_ms": round(1000 * statistics.median(in_process), 2),
            "http_median_ms": round(1000 * statistics.median(over_http), 2),
            "overhead": round(overhead, 4),
            "holds": overhead <= 0.10,
        },
    )


if __name__ == "__main__":
    main()

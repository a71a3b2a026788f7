"""Load: N concurrent clients against /v1/detect with HaluEval-QA inputs (issue 18's load proof, issue 33's burst).

    python benchmarks/service/load.py --out benchmarks/results/service-load_grounding
    python benchmarks/service/load.py --clients 10 --requests 4 --out benchmarks/results/service-burst_grounding
    python benchmarks/service/load.py --clients 4 --detector auto --records ragtruth-dev \
        --out benchmarks/results/service-load_auto-onnx   # issue 46: RAG answers, before/after (benchmarks/onnx/run.sh)

Starts `veracity serve` with its default settings (the queue refuses only what could not finish within the request
timeout) on a free loopback port. Each client posts records in a loop — for S seconds, or R requests each with
``--requests`` — waiting for each answer, and honours Retry-After when refused. Must hold: no server error (5xx other than 503), and every refusal a
429 / 503 carrying Retry-After. Reports p50 / p95 latency of the answered requests and their throughput.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
from live import halueval_qa_records, service, write_metrics


async def client_loop(
    http: httpx.AsyncClient,
    records: list[dict],
    offset: int,
    stop: float,
    results: list[tuple[int, float, bool]],
    requests: int | None = None,
) -> None:
    """Post records until ``stop`` (or ``requests`` of them); each result is (status, seconds, has Retry-After)."""
    index = offset
    while (time.monotonic() < stop) if requests is None else (index - offset < requests):
        record = records[index % len(records)]
        index += 1
        body = {k: record[k] for k in ("question", "answer", "context")}
        started = time.monotonic()
        try:
            response = await http.post("/v1/detect", json=body)
            status, retry = response.status_code, response.headers.get("retry-after")
        except httpx.HTTPError:
            status, retry = -1, None  # a transport error counts as a server error
        results.append((status, time.monotonic() - started, retry is not None))
        if status in (429, 503) and requests is None:
            await asyncio.sleep(min(float(retry or 1), max(0.0, stop - time.monotonic())))


async def run(
    url: str, records: list[dict], clients: int, seconds: float, requests: int | None = None
) -> tuple[list[tuple[int, float, bool]], float]:
    results: list[tuple[int, float, bool]] = []
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=url, timeout=300, limits=limits) as http:
        started = time.monotonic()
        stop = started + seconds
        await asyncio.gather(*(client_loop(http, records, i * 7, stop, results, requests) for i in range(clients)))
        return results, time.monotonic() - started


def ragtruth_dev_records(limit: int) -> list[dict]:
    """The first ``limit`` RAGTruth dev answers (RAG answers over retrieved passages, news and business records)."""
    from veracity.data.loaders import load_dataset

    records = []
    for example in load_dataset("ragtruth:dev"):
        context = [doc.text if hasattr(doc, "text") else str(doc) for doc in example.context]
        records.append({"question": example.question, "answer": example.answer, "context": context})
        if len(records) >= limit:
            break
    return records


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[q - 1] if len(values) >= 2 else (values[0] if values else float("nan"))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--requests", type=int, default=None, help="A burst: this many requests per client, no retry.")
    parser.add_argument("--detector", default="grounding")
    parser.add_argument("--records", choices=["halueval-qa", "ragtruth-dev"], default="halueval-qa")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    records = halueval_qa_records(500) if args.records == "halueval-qa" else ragtruth_dev_records(200)
    with tempfile.TemporaryDirectory() as tmp, service(Path(tmp) / "data", "--detector", args.detector) as (url, _):
        results, elapsed = asyncio.run(run(url, records, args.clients, args.seconds, args.requests))
        healthy = httpx.get(url + "/healthz").status_code == 200
        metrics_text = httpx.get(url + "/metrics").text
    statuses = Counter(status for status, _, _ in results)
    answered = sorted(seconds for status, seconds, _ in results if status == 200)
    refused = [(status, retry) for status, _, retry in results if status in (429, 503)]
    server_errors = sum(n for status, n in statuses.items() if status == -1 or (status >= 500 and status != 503))
    write_metrics(
        args.out,
        {
            "detector": args.detector,
            "records": args.records,
            "clients": args.clients,
            "requests_per_client": args.requests,
            "seconds": round(elapsed, 2),
            "requests": len(results),
            "status_counts": {str(k): v for k, v in sorted(statuses.items())},
            "server_errors": server_errors,
            "refusals": len(refused),
            "refusals_without_retry_after": sum(1 for _, retry in refused if not retry),
            "answered": len(answered),
            "throughput_per_s": round(len(answered) / elapsed, 3),
            "latency_p50_ms": round(1000 * percentile(answered, 50), 1),
            "latency_p95_ms": round(1000 * percentile(answered, 95), 1),
            "healthy_after": healthy,
            "server_refused_metric": [line for line in metrics_text.splitlines() if line.startswith("veracity_refused")],
            "holds": server_errors == 0
            and all(retry for _, retry in refused)
            and healthy
            and (args.requests is None or len(answered) == args.clients * args.requests),
        },
    )


if __name__ == "__main__":
    main()

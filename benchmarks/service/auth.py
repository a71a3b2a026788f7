"""Auth: no key, a wrong key, a key in the query string, a huge header; and whether timing leaks a key (issue 18).

    python benchmarks/service/auth.py --out benchmarks/results/service-auth_server

Expected: 401 without a key or with a wrong one, 400 for a key in the URL (even the right one), 431 or 400 for a
header beyond the server's limit, 200 with the key. Timing: wrong keys that share nothing with the real key and
wrong keys that share all but the last character are sent interleaved; the service compares SHA-256 digests in
constant time, so the two latency distributions should not differ (Mann-Whitney U test, and the difference of
medians in microseconds, against the spread of the requests).
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from live import service, write_metrics
from scipy.stats import mannwhitneyu


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    key = secrets.token_hex(24)
    os.environ["VERACITY_API_KEYS"] = key
    statuses: dict[str, int] = {}
    far: list[float] = []
    near: list[float] = []
    with tempfile.TemporaryDirectory() as tmp, service(Path(tmp) / "data") as (url, _):
        with httpx.Client(base_url=url, timeout=60) as http:
            statuses["no_key"] = http.get("/v1/detectors").status_code
            statuses["wrong_key"] = http.get("/v1/detectors", headers={"Authorization": "Bearer " + "x" * 48}).status_code
            statuses["key_in_query"] = http.get(f"/v1/detectors?api_key={key}").status_code
            statuses["key_in_query_with_header"] = http.get(
                f"/v1/detectors?token={key}", headers={"Authorization": f"Bearer {key}"}
            ).status_code
            statuses["huge_header"] = http.get("/v1/detectors", headers={"X-Filler": "a" * 200_000}).status_code
            statuses["right_key"] = http.get("/v1/detectors", headers={"Authorization": f"Bearer {key}"}).status_code
            statuses["healthz_no_key"] = http.get("/healthz").status_code
            for i in range(args.samples):
                guess_far = secrets.token_hex(24)
                guess_near = key[:-1] + ("0" if key[-1] != "0" else "1")
                for guess, sink in ((guess_far, far), (guess_near, near)) if i % 2 else ((guess_near, near), (guess_far, far)):
                    started = time.perf_counter()
                    http.get("/v1/models", headers={"Authorization": f"Bearer {guess}"})
                    sink.append(time.perf_counter() - started)
    test = mannwhitneyu(far, near)
    spread = statistics.quantiles(far + near, n=4)
    expected = {"no_key": 401, "wrong_key": 401, "key_in_query": 400, "key_in_query_with_header": 400,
                "right_key": 200, "healthz_no_key": 200}  # fmt: skip
    write_metrics(
        args.out,
        {
            "statuses": statuses,
            "timing_samples_each": len(far),
            "median_us_unrelated_key": round(1e6 * statistics.median(far), 1),
            "median_us_all_but_last_char": round(1e6 * statistics.median(near), 1),
            "median_difference_us": round(1e6 * (statistics.median(near) - statistics.median(far)), 1),
            "interquartile_range_us": round(1e6 * (spread[2] - spread[0]), 1),
            "mann_whitney_p": round(float(test.pvalue), 4),
            "holds": all(statuses[k] == v for k, v in expected.items()) and statuses["huge_header"] in (400, 431),
        },
    )


if __name__ == "__main__":
    main()

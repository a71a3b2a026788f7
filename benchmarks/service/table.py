"""Print the service's proof table (docs/service.md) from the committed metrics.json files; nothing typed by hand.

    python benchmarks/service/table.py
"""

from __future__ import annotations

import json
from pathlib import Path

RESULTS = Path(__file__).resolve().parents[1] / "results"


def load(name: str) -> dict | None:
    path = RESULTS / name / "metrics.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def mark(metrics: dict) -> str:
    return "✓" if metrics.get("holds") else "✗"


def main() -> None:
    print("| test | what must hold | measured | holds | result folder |")
    print("|---|---|---|---|---|")
    if m := load("service-load_grounding"):
        print(
            f"| load: {m['clients']} clients for {m['seconds']:.0f} s, `/v1/detect`, {m['detector']} detector, "
            f"HaluEval-QA inputs | 0 server errors; every refusal 429/503 with Retry-After | {m['requests']} "
            f"requests: {m['server_errors']} server errors, {m['refusals']} refusals "
            f"({m['refusals_without_retry_after']} without Retry-After), {m['answered']} answered at "
            f"{m['throughput_per_s']:.1f}/s, p50 {m['latency_p50_ms']:.0f} ms, p95 {m['latency_p95_ms']:.0f} ms "
            f"| {mark(m)} | `service-load_grounding` |"
        )
    if m := load("service-burst_auto"):
        print(
            f"| burst: {m['clients']} clients × {m['requests_per_client']} requests, each waiting for its answer, "
            f"the default service ({m['detector']}), HaluEval-QA inputs | every request answered | {m['requests']} "
            f"requests: {m['answered']} answered, {m['refusals']} refused, {m['server_errors']} server errors; "
            f"p50 {m['latency_p50_ms']:.0f} ms, p95 {m['latency_p95_ms']:.0f} ms | {mark(m)} | `service-burst_auto` |"
        )
    if m := load("service-overhead_grounding"):
        print(
            f"| overhead: {m['requests']} requests one at a time, HTTP vs in-process | ≤ 10% | in-process "
            f"{m['in_process_mean_ms']:.1f} ms, HTTP {m['http_mean_ms']:.1f} ms per request: "
            f"{100 * m['overhead']:.1f}% | {mark(m)} | `service-overhead_grounding` |"
        )
    if m := load("service-crash_grounding"):
        print(
            f"| crash: SIGKILL halfway through a {m['records']:,}-record job, restart | the job finishes; results = "
            f"input; no duplicate ids | killed at {m['done_when_killed']:,} done; final state {m['final_state']}, "
            f"{m['results']:,} results, {m['duplicate_ids']} duplicates, in input order: {m['in_input_order']} "
            f"| {mark(m)} | `service-crash_grounding` |"
        )
    if m := load("service-fuzz_server"):
        print(
            f"| fuzz: schemathesis ({m['schemathesis']}), every endpoint, all checks | no 5xx; responses match "
            f"the schema | exit code {m['exit_code']}, /healthz after: {m['healthz_after']} | {mark(m)} "
            f"| `service-fuzz_server` |"
        )
    if m := load("service-auth_server"):
        s = m["statuses"]
        print(
            f"| auth | 401 / 400 as documented; no usable timing difference | no key {s['no_key']}, wrong key "
            f"{s['wrong_key']}, key in query {s['key_in_query']}, huge header {s['huge_header']}, right key "
            f"{s['right_key']}; wrong keys sharing all but the last character vs unrelated ones: medians differ by "
            f"{m['median_difference_us']:.0f} µs (interquartile range {m['interquartile_range_us']:.0f} µs; "
            f"Mann-Whitney p = {m['mann_whitney_p']}) | {mark(m)} | `service-auth_server` |"
        )
    if m := load("service-hostile_server"):
        codes = ", ".join(f"{c['case']} → {c['status']}" for c in m["cases"])
        print(
            f"| hostile input | a 4xx or a defined report; the server stays up | {codes}; alive after: "
            f"{m['server_alive_after']} | {mark(m)} | `service-hostile_server` |"
        )


if __name__ == "__main__":
    main()

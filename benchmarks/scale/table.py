"""docs/scale.md's tables from the committed metrics.json files; nothing typed by hand.

    python benchmarks/scale/table.py --write docs/scale.md     # fills the <!-- scale:NAME --> blocks
    python benchmarks/scale/table.py                           # prints them

The measured table comes straight from ``throughput.py``'s metrics. The projection for a cluster is arithmetic on
them, and says so: a node with C cores runs C one-CPU actors, each at the measured one-actor steady rate, times the
efficiency measured when two actors shared this machine's two cores (a pessimistic factor: here the driver and
Ray's own processes share those cores too).
"""

from __future__ import annotations

import argparse
import json
import math
import re
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parents[1] / "results"
PER_HOUR = 1_000_000
CORES = (8, 16, 32, 64)
LABELS = {
    "local": "local engine (1 process, 2 torch threads)",
    "ray-1x1": "Ray, 1 worker × 1 CPU",
    "ray-1x2": "Ray, 1 worker × 2 CPUs",
    "ray-2x1": "Ray, 2 workers × 1 CPU",
}


def _fmt(value: Any, digits: int = 1) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def measured(metrics: dict[str, Any]) -> list[str]:
    """The table of every run: throughput end to end and steady, start-up, memory, identity."""
    lines = [
        "| detector | engine | records/s end to end | × local | steady records/s | start-up to first row (s) "
        "| peak RSS driver / actor (MB) | identical to local |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for detector, runs in metrics["results"].items():
        for config, run in runs.items():
            identity = run.get("identity")
            same = "—"
            if identity:
                same = (
                    f"{identity['score_within_1e-6']}/{identity['n_local']} scores, "
                    f"{identity['identical_reports_apart_from_timings']}/{identity['n_local']} reports; "
                    f"order {'kept' if identity['same_order'] else 'NOT kept'}, {identity['duplicates']} duplicates"
                )
            rss = run["peak_rss_mb"]
            lines.append(
                f"| {detector} | {LABELS.get(config, config)} | {_fmt(run['throughput_per_s'])} | "
                f"{_fmt(run.get('vs_local'), 2) if config != 'local' else '1'} | "
                f"{_fmt(run['steady_throughput_per_s'])} | {_fmt(run['first_row_s'])} | "
                f"{rss['driver']} / {rss['per_actor'] or '—'} | {same} |"
            )
    return lines


def projection(metrics: dict[str, Any]) -> list[str]:
    """Nodes for a million records an hour, from the one-actor steady rate and the two-actor efficiency."""
    lines = [
        "| detector | one 1-CPU actor, steady (records/s) | 2-actor efficiency here | "
        + " | ".join(f"{c}-core nodes for 1M/h" for c in CORES)
        + " |",
        "|---|---|---|" + "---|" * len(CORES),
    ]
    for detector, runs in metrics["results"].items():
        one, two = runs.get("ray-1x1"), runs.get("ray-2x1")
        if not one or not two or not one["steady_throughput_per_s"] or not two["steady_throughput_per_s"]:
            continue
        rate = one["steady_throughput_per_s"]
        efficiency = min(1.0, two["steady_throughput_per_s"] / (2 * rate))
        needed = PER_HOUR / 3600
        nodes = [math.ceil(needed / (cores * rate * efficiency)) for cores in CORES]
        lines.append(f"| {detector} | {rate:.1f} | {efficiency:.2f} | " + " | ".join(str(n) for n in nodes) + " |")
    return lines


def overhead(metrics: dict[str, Any]) -> list[str]:
    """Ray's cost per record and per job: one 2-CPU actor against the local process (both 2 torch threads)."""
    lines = []
    for detector, runs in metrics["results"].items():
        local, ray = runs.get("local"), runs.get("ray-1x2")
        if not local or not ray or not local["steady_throughput_per_s"] or not ray["steady_throughput_per_s"]:
            continue
        per_record = 1000 / ray["steady_throughput_per_s"] - 1000 / local["steady_throughput_per_s"]
        start = ray["first_row_s"] - local["first_row_s"]
        lines.append(
            f"- **{detector}**: {per_record:+.1f} ms per record in the steady state "
            f"({1000 / local['steady_throughput_per_s']:.1f} ms locally, "
            f"{1000 / ray['steady_throughput_per_s']:.1f} ms on one 2-CPU actor), and {start:+.1f} s of start-up "
            f"per job (the local cluster, the actor's process, its imports; the driver's CPU time for the "
            f"{ray['records']:,} rows was {ray.get('driver_cpu_s', float('nan')):.1f} s)."
        )
    return lines


def memory(metrics: dict[str, Any]) -> list[str]:
    """Peak resident memory of one actor, and what a 16-actor node needs for the actors alone."""
    lines = []
    for detector, runs in metrics["results"].items():
        peaks = [run["peak_rss_mb"]["per_actor"] for run in runs.values() if run["peak_rss_mb"].get("per_actor")]
        if peaks:
            peak = max(peaks)
            driver = max(run["peak_rss_mb"]["driver"] for config, run in runs.items() if config != "local")
            lines.append(
                f"- **{detector}**: {peak:,} MB per actor at most; 16 actors on a 16-core node: "
                f"{16 * peak / 1024:.1f} GB, plus the driver's {driver:,} MB on the head node."
            )
    return lines


def floors(metrics: dict[str, Any], kill: dict[str, Any] | None) -> list[str]:
    """Issue 19's three floors against the measurements."""
    lines = ["| floor (issue 19) | measured | holds |", "|---|---|---|"]
    for detector, runs in metrics["results"].items():
        for config, run in runs.items():
            identity = run.get("identity")
            if not identity:
                continue
            n = identity["n_local"]
            ok = (
                identity["score_within_1e-6"] == n
                and identity["same_verdict"] == n
                and identity["same_order"]
                and identity["duplicates"] == 0
                and identity["n_other"] == n
            )
            lines.append(
                f"| predictions identical to the local engine, {detector}, {LABELS[config]}: all {n:,} "
                f"| verdicts {identity['same_verdict']:,}/{n:,}, scores within 1e-6 {identity['score_within_1e-6']:,}"
                f"/{n:,} (largest difference {identity['max_score_diff']:.1e}) | {'✓' if ok else '✗'} |"
            )
    verifier = metrics["results"].get("verifier", {})
    if (two := verifier.get("ray-2x1")) and "vs_local" in two:
        lines.append(
            f"| Ray with 2 workers ≥ 0.8× the local throughput, verifier, end to end | {two['vs_local']:.2f}× "
            f"({two['throughput_per_s']:.1f} against {verifier['local']['throughput_per_s']:.1f} records/s) "
            f"| {'✓' if two['vs_local'] >= 0.8 else '✗'} |"
        )
    if kill:
        lines.append(
            f"| records lost or duplicated after an actor is killed: 0 | {kill['lost']} lost, {kill['duplicated']} "
            f"duplicated of {kill['records']:,} (SIGKILL at {kill['rows_written_when_killed']:,} rows written; "
            f"actor restarted: {'yes' if kill['actor_restarted'] else 'no'}) | {'✓' if kill['holds'] else '✗'} |"
        )
    return lines


def sections(results: Path) -> dict[str, str]:
    """Every generated block of docs/scale.md, by name."""
    metrics = json.loads((results / "scale-halueval-qa_engines" / "metrics.json").read_text(encoding="utf-8"))
    kill_path = results / "scale-kill_verifier" / "metrics.json"
    kill = json.loads(kill_path.read_text(encoding="utf-8")) if kill_path.exists() else None
    return {
        "measured": "\n".join(measured(metrics)),
        "overhead": "\n".join(overhead(metrics)),
        "floors": "\n".join(floors(metrics, kill)),
        "memory": "\n".join(memory(metrics)),
        "projection": "\n".join(projection(metrics)),
    }


def main() -> None:
    """Print the blocks, or write them into a document between ``<!-- scale:NAME -->`` and ``<!-- /scale:NAME -->``."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument("--write", type=Path, help="a document with <!-- scale:NAME --> blocks to fill")
    args = parser.parse_args()
    blocks = sections(args.results)
    if args.write is None:
        print("\n\n".join(blocks.values()))
        return
    text = args.write.read_text(encoding="utf-8")
    for name, body in blocks.items():
        pattern = re.compile(rf"(<!-- scale:{name} -->\n)(?:.*?\n)?(<!-- /scale:{name} -->)", re.S)
        if not pattern.search(text):
            raise SystemExit(f"{args.write} has no <!-- scale:{name} --> block")
        text = pattern.sub(lambda m, body=body: m.group(1) + body + "\n" + m.group(2), text)
    args.write.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()

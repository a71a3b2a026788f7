"""Print docs/scale.md's tables from the committed metrics.json; nothing typed by hand.

    python benchmarks/scale/table.py [--results benchmarks/results/scale-halueval-qa]

The measured table comes straight from ``throughput.py``'s metrics. The projection for a cluster is arithmetic on
them, and says so: a node with C cores runs C one-CPU actors, each at the measured one-actor steady rate, times the
efficiency measured when two actors shared this machine's two cores (a pessimistic factor: here the driver and
Ray's own processes share those cores too).
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parents[1] / "results" / "scale-halueval-qa"
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


def main() -> None:
    """Print both tables."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--results", type=Path, default=RESULTS)
    args = parser.parse_args()
    metrics = json.loads((args.results / "metrics.json").read_text(encoding="utf-8"))
    print("\n".join(measured(metrics)))
    print()
    print("\n".join(projection(metrics)))


if __name__ == "__main__":
    main()

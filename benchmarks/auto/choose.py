"""Apply the route-choice rule of benchmarks/auto/README.md to the dev runs and write choice.json.

usage: python benchmarks/auto/choose.py RUNS_DIR OUT_JSON
RUNS_DIR holds one `veracity eval` folder per (shape, candidate), named SHAPE__CANDIDATE.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from veracity._jsonl import read_rows
from veracity.eval.metrics import fit_threshold

TOLERANCE = 0.005  # 0.5 points


def summarise(folder: Path) -> dict:
    rows = [r for r in read_rows(folder / "predictions.jsonl") if "error" not in r]
    threshold, figure = fit_threshold([r["label"] for r in rows], [r["score"] for r in rows], "balanced_accuracy")
    latencies = [r["latency_ms"] for r in rows if "latency_ms" in r]
    return {
        "n": len(rows),
        "balanced_accuracy": round(figure, 4),
        "threshold": threshold,
        "mean_latency_ms": round(sum(latencies) / len(latencies), 1) if latencies else None,
        "command": json.loads((folder / "metrics.json").read_text()).get("command"),
    }


def main() -> None:
    runs, out = Path(sys.argv[1]), Path(sys.argv[2])
    table: dict[str, dict[str, dict]] = {}
    for folder in sorted(p for p in runs.iterdir() if (p / "metrics.json").exists()):  # finished runs only
        shape, candidate = folder.name.split("__", 1)
        table.setdefault(shape, {})[candidate] = summarise(folder)
    choice = {}
    for shape, candidates in table.items():
        top = max(c["balanced_accuracy"] for c in candidates.values())
        near = [name for name, c in candidates.items() if c["balanced_accuracy"] >= top - TOLERANCE - 1e-12]
        choice[shape] = min(near, key=lambda name: candidates[name]["mean_latency_ms"] or float("inf"))
    result = {"rule": "benchmarks/auto/README.md", "tolerance": TOLERANCE, "choice": choice, "candidates": table}
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps({"choice": choice, **{s: {n: c["balanced_accuracy"] for n, c in t.items()} for s, t in table.items()}}, indent=2))


if __name__ == "__main__":
    main()

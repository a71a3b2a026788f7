"""Apply the claim route's rule (benchmarks/auto/README.md, fourth choice) and write choice-v4.json.

usage: python benchmarks/auto/choose_v4.py RUNS_DIR OUT_JSON
RUNS_DIR holds one `veracity eval` folder per (route, dev part, candidate), named claim__PART__CANDIDATE.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from choose import TOLERANCE, summarise

from veracity._jsonl import read_rows
from veracity.eval.metrics import auroc


def main() -> None:
    runs, out = Path(sys.argv[1]), Path(sys.argv[2])
    parts: dict[str, dict[str, dict]] = {}
    for folder in sorted(p for p in runs.iterdir() if (p / "metrics.json").exists()):
        _, part, candidate = folder.name.split("__", 2)
        figures = summarise(folder)
        rows = [r for r in read_rows(folder / "predictions.jsonl") if "error" not in r]
        figures["auroc"] = auroc([r["label"] for r in rows], [r["score"] for r in rows])
        parts.setdefault(part, {})[candidate] = figures
    candidates = sorted(set.union(*(set(c) for c in parts.values())))
    complete = [c for c in candidates if all(c in parts[p] for p in parts)]
    means = {c: round(sum(parts[p][c]["balanced_accuracy"] for p in parts) / len(parts), 4) for c in complete}
    latency = {c: sum(parts[p][c].get("mean_latency_ms") or 0.0 for p in parts) / len(parts) for c in complete}
    top = max(means.values())
    choice = min((c for c in complete if means[c] >= top - TOLERANCE - 1e-12), key=lambda c: latency[c])
    result = {
        "rule": "benchmarks/auto/README.md (fourth choice)",
        "tolerance": TOLERANCE,
        "routes": {"claim": {"mean_balanced_accuracy": means, "mean_latency_ms": latency, "choice": choice,
                             "parts": parts}},
    }  # fmt: skip
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps({"means": means, "latency": latency, "choice": choice}, indent=2))


if __name__ == "__main__":
    main()

"""Apply the summary route's second-choice rule (benchmarks/auto/README.md) and write choice-summary2.json.

usage: python benchmarks/auto/choose_summary2.py RUNS_DIR OUT_JSON
RUNS_DIR holds one `veracity eval` folder per (dev part, candidate), named PART__CANDIDATE.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from choose import TOLERANCE, summarise


def main() -> None:
    runs, out = Path(sys.argv[1]), Path(sys.argv[2])
    parts: dict[str, dict[str, dict]] = {}
    for folder in sorted(p for p in runs.iterdir() if (p / "metrics.json").exists()):
        part, candidate = folder.name.split("__", 1)
        parts.setdefault(part, {})[candidate] = summarise(folder)
    candidates = sorted(set.intersection(*(set(c) for c in parts.values())))
    figures = {c: round(sum(parts[p][c]["balanced_accuracy"] for p in parts) / len(parts), 4) for c in candidates}
    latency = {c: sum(parts[p][c]["mean_latency_ms"] or 0.0 for p in parts) / len(parts) for c in candidates}
    top = max(figures.values())
    near = [c for c in candidates if figures[c] >= top - TOLERANCE - 1e-12]
    choice = min(near, key=lambda c: latency[c])
    result = {"rule": "benchmarks/auto/README.md (the summary route, second choice)", "tolerance": TOLERANCE,
              "choice": choice, "mean_balanced_accuracy": figures, "parts": parts}  # fmt: skip
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps({"choice": choice, "mean": figures,
                      **{p: {c: v["balanced_accuracy"] for c, v in t.items()} for p, t in parts.items()}}, indent=2))


if __name__ == "__main__":
    main()

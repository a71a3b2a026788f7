"""Apply the third route choice's rule (benchmarks/auto/README.md) and write choice-v3.json.

usage: python benchmarks/auto/choose_v3.py RUNS_DIR OUT_JSON
RUNS_DIR holds one `veracity eval` folder per (route, dev part, candidate), named ROUTE__PART__CANDIDATE, and
eligibility runs (the first 50 answers of each RAGTruth part) named speed__PART__CANDIDATE. The stage-3 verifier's
figures on the second choice's three summary parts come from the committed choice-summary2.json.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from choose import TOLERANCE, summarise

from veracity._jsonl import read_rows
from veracity.eval.metrics import auroc

FLOOR_PER_S = 4.0
SECOND_CHOICE = Path(__file__).parent / "choice-summary2.json"


def throughput(folder: Path) -> float:
    """Answers per second over the run's rows after the first (the first one also loads the models)."""
    latencies = [r["latency_ms"] for r in read_rows(folder / "predictions.jsonl") if "latency_ms" in r][1:]
    return 1000.0 * len(latencies) / sum(latencies) if latencies else 0.0


def main() -> None:
    runs, out = Path(sys.argv[1]), Path(sys.argv[2])
    speed: dict[str, dict[str, float]] = {}
    parts: dict[str, dict[str, dict[str, dict]]] = {}
    for folder in sorted(p for p in runs.iterdir() if (p / "metrics.json").exists()):
        route, part, candidate = folder.name.split("__", 2)
        if route == "speed":
            speed.setdefault(candidate, {})[part] = round(throughput(folder), 2)
            continue
        figures = summarise(folder)
        rows = [r for r in read_rows(folder / "predictions.jsonl") if "error" not in r]
        figures["auroc"] = auroc([r["label"] for r in rows], [r["score"] for r in rows])
        parts.setdefault(route, {}).setdefault(part, {})[candidate] = figures
    earlier = json.loads(SECOND_CHOICE.read_text())["parts"]
    for part, by_candidate in earlier.items():
        if part in parts.get("summary", {}) and "verifier-stage3" in by_candidate:
            parts["summary"][part]["verifier-stage3"] = {**by_candidate["verifier-stage3"], "from": str(SECOND_CHOICE)}
    result: dict[str, object] = {"rule": "benchmarks/auto/README.md (third choice)", "tolerance": TOLERANCE,
                                 "floor_answers_per_s": FLOOR_PER_S, "throughput": speed, "routes": {}}  # fmt: skip
    for route, by_part in parts.items():
        candidates = sorted(set.union(*(set(c) for c in by_part.values())))
        eligible = [c for c in candidates if min(speed.get(c, {}).values(), default=0.0) >= FLOOR_PER_S]
        complete = [c for c in eligible if all(c in by_part[p] for p in by_part)]
        means = {c: round(sum(by_part[p][c]["balanced_accuracy"] for p in by_part) / len(by_part), 4) for c in complete}
        latency = {c: sum(by_part[p][c].get("mean_latency_ms") or 0.0 for p in by_part) / len(by_part) for c in complete}
        choice = None
        if means:
            top = max(means.values())
            choice = min((c for c in complete if means[c] >= top - TOLERANCE - 1e-12), key=lambda c: latency[c])
        result["routes"][route] = {"eligible": eligible, "mean_balanced_accuracy": means, "choice": choice,  # type: ignore[index]
                                   "parts": by_part}  # fmt: skip
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps({r: {k: v for k, v in d.items() if k != "parts"} for r, d in result["routes"].items()}, indent=2))  # type: ignore[union-attr]
    print(json.dumps(speed))


if __name__ == "__main__":
    main()

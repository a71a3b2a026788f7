"""Summarise devsets.sh's runs: per set and in all, errors caught and faithful answers passed, before and now, by kind.

python experiments/table-checker/devsets.py RUNS --before C1 --now C2 --out devsets.json
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections import defaultdict
from pathlib import Path

SETS = {
    "registrar": "benchmarks/frames-heldout/registrar.jsonl.gz",
    "marina": "benchmarks/frames-heldout/marina.jsonl.gz",
    "library": "benchmarks/frames-heldout/library.jsonl.gz",
    "pottery": "experiments/derived-values/frozen/pottery.jsonl.gz",
    "scuba": "experiments/derived-values/frozen/scuba.jsonl.gz",
}


def flagged(run: Path) -> dict[str, bool]:
    """Each case's verdict in a run's predictions (True: flagged as hallucinated)."""
    rows = [json.loads(line) for line in (run / "predictions.jsonl").open(encoding="utf-8")]
    return {r["id"]: bool(r["predicted"]) for r in rows}


def main() -> None:
    """Write the summary."""
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", type=Path)
    parser.add_argument("--before", required=True)
    parser.add_argument("--now", required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    out: dict = {"before": args.before, "now": args.now, "sets": {}, "moved": []}
    total: dict = defaultdict(lambda: defaultdict(int))
    for name, path in SETS.items():
        cases = [json.loads(line) for line in gzip.open(path, "rt", encoding="utf-8")]
        verdicts = {c: flagged(args.runs / f"tables-{name}-{c}") for c in (args.before, args.now)}
        counts: dict = defaultdict(lambda: defaultdict(int))
        for case in cases:
            wrong = case["label"] == "hallucinated"
            for commit, verdict in verdicts.items():
                right = verdict[case["id"]] == wrong
                key = "errors_caught" if wrong else "faithful_passed"
                for bucket in (counts[commit], total[commit], counts[f"{commit}:{case['kind']}"]):
                    bucket[key] += right
                    bucket["errors" if wrong else "faithful"] += 1
            if verdicts[args.before][case["id"]] != verdicts[args.now][case["id"]]:
                out["moved"].append(
                    {
                        "id": case["id"],
                        "kind": case["kind"],
                        "label": case["label"],
                        "now_flagged": verdicts[args.now][case["id"]],
                    }
                )
        out["sets"][name] = {k: dict(v) for k, v in sorted(counts.items())}
    out["all"] = {k: dict(v) for k, v in total.items()}
    args.out.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(out["all"]), len(out["moved"]), "moved")


if __name__ == "__main__":
    main()

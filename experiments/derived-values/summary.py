"""Per frozen set and commit: faithful derived values passed and wrong ones caught, by kind, with each case's verdict.

Run by ``experiments/derived-values/run.sh``::

    python experiments/derived-values/summary.py RUNS --before A --now B --out experiments/derived-values/metrics.json
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections import Counter
from pathlib import Path

from veracity._jsonl import read_rows

SETS = ("pottery", "scuba")
RUNS = ("before", "now")


def score(row: dict | None) -> str:
    """A prediction's score, or "not checked"."""
    value = (row or {}).get("score")
    return "not checked" if value is None else f"{value:.3f}"


def main() -> None:
    """Read each run's predictions and write the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", type=Path)
    parser.add_argument("--before", required=True)
    parser.add_argument("--now", required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    commits = {"before": args.before, "now": args.now}
    out: dict = {"command": "experiments/derived-values/run.sh", "commits": commits, "sets": {}, "all": {}}
    totals = {r: Counter() for r in RUNS}
    by_kind = {r: Counter() for r in RUNS}
    for name in SETS:
        cases = {
            r["id"]: r for r in map(json.loads, gzip.open(f"experiments/derived-values/frozen/{name}.jsonl.gz", "rt"))
        }
        out["sets"][name] = {}
        for run in RUNS:
            rows = {r["id"]: r for r in read_rows(args.runs / f"derived-{name}-{run}" / "predictions.jsonl")}
            right = {i for i, c in cases.items() if rows.get(i, {}).get("predicted") == (c["label"] == "hallucinated")}
            errors = [i for i, c in cases.items() if c["label"] == "hallucinated"]
            faithful = [i for i, c in cases.items() if c["label"] == "faithful"]
            out["sets"][name][run] = {
                "errors": len(errors),
                "caught": sum(i in right for i in errors),
                "faithful": len(faithful),
                "passed": sum(i in right for i in faithful),
                "wrong": sorted(f"{i} ({cases[i]['kind']}, {score(rows.get(i))})" for i in cases if i not in right),
            }
            for i, c in cases.items():
                by_kind[run][f"{c['kind']}:n"] += 1
                by_kind[run][f"{c['kind']}:right"] += i in right
            for key in ("errors", "caught", "faithful", "passed"):
                totals[run][key] += out["sets"][name][run][key]
    for run in RUNS:
        t = totals[run]
        out["all"][run] = {
            **t,
            "caught_share": round(t["caught"] / t["errors"], 3),
            "passed_share": round(t["passed"] / t["faithful"], 3),
            "right_by_kind": {
                k[: -len(":n")]: f"{by_kind[run][k[: -len(':n')] + ':right']}/{v}"
                for k, v in sorted(by_kind[run].items())
                if k.endswith(":n")
            },
        }
    args.out.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(out["all"], indent=1))


if __name__ == "__main__":
    main()

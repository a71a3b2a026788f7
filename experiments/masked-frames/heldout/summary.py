"""Per held-out set and setting: in-context errors caught, faithful answers passed, each case's verdict and kind.

    python experiments/masked-frames/heldout/summary.py RUNS --out experiments/masked-frames/heldout/metrics.json
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path

from veracity._jsonl import read_rows

SETS = ("registrar", "marina", "library")
SETTINGS = ("reader", "masked")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    out: dict = {"command": "experiments/masked-frames/heldout/run.sh", "sets": {}, "all": {}}
    totals = {s: {"errors": 0, "caught": 0, "faithful": 0, "passed": 0} for s in SETTINGS}
    for name in SETS:
        cases = {
            r["id"]: r for r in map(json.loads, gzip.open(f"benchmarks/frames-heldout/{name}.jsonl.gz", "rt"))
        }
        out["sets"][name] = {}
        for setting in SETTINGS:
            rows = {r["id"]: r for r in read_rows(args.runs / f"heldout-{name}-{setting}" / "predictions.jsonl")}
            errors = [i for i, c in cases.items() if c["label"] == "hallucinated"]
            faithful = [i for i, c in cases.items() if c["label"] == "faithful"]
            caught = [i for i in errors if rows.get(i, {}).get("predicted") == 1]
            passed = [i for i in faithful if rows.get(i, {}).get("predicted") == 0]
            out["sets"][name][setting] = {
                "errors": len(errors),
                "caught": len(caught),
                "faithful": len(faithful),
                "passed": len(passed),
                "missed": sorted(f"{i} ({cases[i]['kind']})" for i in errors if i not in caught),
                "false_alarms": sorted(f"{i} ({cases[i]['kind']})" for i in faithful if i not in passed),
            }
            for key, value in (("errors", errors), ("caught", caught), ("faithful", faithful), ("passed", passed)):
                totals[setting][key] += len(value)
    for setting, t in totals.items():
        out["all"][setting] = {
            **t,
            "caught_share": round(t["caught"] / t["errors"], 3),
            "passed_share": round(t["passed"] / t["faithful"], 3),
        }
    args.out.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(out["all"], indent=1))


if __name__ == "__main__":
    main()

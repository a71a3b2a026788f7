"""Issue 77's frozen sets: per set and setting, in-context errors caught and faithful answers passed, by kind.

    python experiments/alignment/heldout/summary.py RUNS --before C1 --now C2     # writes metrics.json here

Written before the sets were read; writes only counts, ids and kinds (the cases' words stay in the sets).
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
SETS = ("ski", "cowork", "museum")
SETTINGS = ("before", "false", "structured", "true")
FLOORS = {"errors_caught": 0.60, "faithful_passed": 0.85}


def main() -> None:
    """Write metrics.json: per set, per setting, per kind; in all; the cases whose verdict moved from the default."""
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", type=Path)
    parser.add_argument("--before", required=True)
    parser.add_argument("--now", required=True)
    args = parser.parse_args()
    out: dict = {
        "command": "bash experiments/alignment/heldout/run.sh",
        "settings": {"before": args.before, "false": f"{args.now} (the default)",
                     "structured": f"{args.now} --set masked_frames=structured",
                     "true": f"{args.now} --set masked_frames=true"},  # fmt: skip
        "floors": FLOORS,
        "sets": {},
        "all": {},
        "kinds": {},
        "moved": [],
    }
    total: dict = {s: defaultdict(int) for s in SETTINGS}
    kinds: dict = {s: defaultdict(lambda: [0, 0]) for s in SETTINGS}
    for name in SETS:
        cases = [json.loads(line) for line in gzip.open(HERE / f"{name}.jsonl.gz", "rt", encoding="utf-8")]
        flagged = {}
        for setting in SETTINGS:
            path = args.runs / f"frozen77-{name}-{setting}" / "predictions.jsonl"
            flagged[setting] = {r["id"]: r["predicted"] == 1 for r in map(json.loads, path.open(encoding="utf-8"))}
        per: dict = {s: defaultdict(int) for s in SETTINGS}
        for case in cases:
            wrong = case["label"] == "hallucinated"
            for setting in SETTINGS:
                right = flagged[setting][case["id"]] == wrong
                key = ("caught" if right else "missed") if wrong else ("passed" if right else "flagged")
                per[setting][key] += 1
                total[setting][key] += 1
                kinds[setting][case["kind"]][0] += int(right)
                kinds[setting][case["kind"]][1] += 1
            for setting in ("before", "structured", "true"):
                if flagged[setting][case["id"]] != flagged["false"][case["id"]]:
                    out["moved"].append({"id": case["id"], "kind": case["kind"], "label": case["label"],
                                         "setting": setting, "flagged": flagged[setting][case["id"]]})  # fmt: skip
        out["sets"][name] = {s: _rates(per[s]) for s in SETTINGS}
    out["all"] = {s: _rates(total[s]) for s in SETTINGS}
    out["kinds"] = {s: {k: f"{r}/{n}" for k, (r, n) in sorted(kinds[s].items())} for s in SETTINGS}
    (HERE / "metrics.json").write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(out["all"], indent=1))


def _rates(counts: dict[str, int]) -> dict[str, float | int]:
    errors = counts["caught"] + counts["missed"]
    faithful = counts["passed"] + counts["flagged"]
    return {**counts, "errors_caught": round(counts["caught"] / errors, 3) if errors else 0.0,
            "faithful_passed": round(counts["passed"] / faithful, 3) if faithful else 0.0}  # fmt: skip


if __name__ == "__main__":
    main()

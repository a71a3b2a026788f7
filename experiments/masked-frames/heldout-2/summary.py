"""Per set and setting (before, now, masked): in-context errors caught and faithful answers passed, by kind.

    python experiments/masked-frames/heldout-2/summary.py RUNS --before C1 --now C2 --out metrics.json

Written before the sets were read; prints only counts (the cases' words stay in the sets).
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
SETS = ("vet", "energy", "driving")
SETTINGS = ("before", "now", "masked")
FLOORS = {"errors_caught": 0.60, "faithful_passed": 0.85}


def main() -> None:
    """Write metrics.json: per set, per setting, per kind; in all; the cases whose verdict moved."""
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", type=Path)
    parser.add_argument("--before", required=True)
    parser.add_argument("--now", required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    out: dict = {
        "command": "experiments/masked-frames/heldout-2/run.sh",
        "settings": {"before": args.before, "now": args.now, "masked": f"{args.now} --set masked_frames=true"},
        "floors": FLOORS,
        "sets": {},
        "all": {},
        "moved": [],
    }
    total: dict = {s: defaultdict(int) for s in SETTINGS}
    for name in SETS:
        cases = [json.loads(line) for line in gzip.open(HERE / f"{name}.jsonl.gz", "rt", encoding="utf-8")]
        verdicts = {}
        for setting in SETTINGS:
            path = args.runs / f"heldout2-{name}-{setting}" / "predictions.jsonl"
            verdicts[setting] = {r["id"]: r["predicted"] == 1 for r in map(json.loads, path.open(encoding="utf-8"))}
        per: dict = {s: defaultdict(int) for s in SETTINGS}
        kinds: dict = {s: defaultdict(lambda: [0, 0]) for s in SETTINGS}
        for case in cases:
            wrong = case["label"] == "hallucinated"
            for setting in SETTINGS:
                right = verdicts[setting][case["id"]] == wrong
                for bucket in (per[setting], total[setting]):
                    bucket["errors" if wrong else "faithful"] += 1
                    bucket["errors_caught" if wrong else "faithful_passed"] += right
                kinds[setting][f"{case['label']}:{case['kind']}"][0] += right
                kinds[setting][f"{case['label']}:{case['kind']}"][1] += 1
            moved = {s: verdicts[s][case["id"]] for s in SETTINGS}
            if len(set(moved.values())) > 1:
                out["moved"].append({"id": case["id"], "label": case["label"], "kind": case["kind"], "flagged": moved})
        out["sets"][name] = {s: {**per[s], "by_kind": dict(kinds[s])} for s in SETTINGS}
    for setting in SETTINGS:
        t = total[setting]
        out["all"][setting] = {
            **t,
            "errors_caught_share": t["errors_caught"] / t["errors"],
            "faithful_passed_share": t["faithful_passed"] / t["faithful"],
        }
    args.out.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(out["all"], indent=1))


if __name__ == "__main__":
    main()

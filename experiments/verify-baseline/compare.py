"""Compare two `veracity eval` runs of the same dataset row by row: scores, decisions, spans, not-checked rows.

Writes, into --out, `metrics.json` (how many rows agree, the largest score difference, every row that moved) and
`scores-<commit>.jsonl.gz` for each run (id, score, predicted, spans: what a later run is compared with, without the
full predictions, which stay outside the repository).

    python experiments/verify-baseline/compare.py RUN_A RUN_B --out experiments/verify-baseline
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path
from typing import Any

from veracity._jsonl import read_rows


def compact(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row["id"],
        "score": row.get("score"),
        "predicted": row.get("predicted"),
        "spans": row.get("spans"),
        "not_checked": bool(row.get("not_checked")),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", nargs=2, type=Path)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--tolerance", type=float, default=1e-6)
    args = parser.parse_args()
    rows = [{r["id"]: compact(r) for r in read_rows(run / "predictions.jsonl") if "error" not in r} for run in args.runs]
    names = [run.name for run in args.runs]
    a, b = rows
    common = sorted(a.keys() & b.keys())
    moved, largest = [], 0.0
    for key in common:
        x, y = a[key], b[key]
        diff = abs((x["score"] or 0.0) - (y["score"] or 0.0)) if x["score"] is not None or y["score"] is not None else 0
        largest = max(largest, diff)
        if diff > args.tolerance or x["predicted"] != y["predicted"] or x["spans"] != y["spans"] or (
            x["not_checked"] != y["not_checked"]
        ):
            moved.append({"id": key, names[0]: x, names[1]: y, "score_difference": diff})
    metrics = {
        "runs": names,
        "rows": {names[0]: len(a), names[1]: len(b), "in_both": len(common)},
        "tolerance": args.tolerance,
        "same": len(common) - len(moved),
        "moved": len(moved),
        "largest_score_difference": largest,
        "moved_rows": moved,
        "metrics": {name: json.loads((run / "metrics.json").read_text()).get("metrics") for name, run in zip(names, args.runs, strict=True)},
        "command": "experiments/verify-baseline/run.sh " + " ".join(n.removeprefix("verify-baseline-") for n in names),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=1) + "\n", encoding="utf-8")
    for name, table in zip(names, rows, strict=True):
        with gzip.GzipFile(args.out / f"scores-{name.removeprefix('verify-baseline-')}.jsonl.gz", "wb", mtime=0) as out:
            out.write("".join(json.dumps(r) + "\n" for r in table.values()).encode())
    print(json.dumps({k: v for k, v in metrics.items() if k != "moved_rows"}, indent=1))


if __name__ == "__main__":
    main()

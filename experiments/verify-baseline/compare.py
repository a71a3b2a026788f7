"""Compare two `veracity eval` runs of the same dataset row by row: scores, decisions, spans, not-checked rows.

Writes, into --out, `metrics.json` (how many rows agree, the largest score difference, every row that moved) and
`scores-<commit>.jsonl.gz` for each run (id, score, predicted, spans: what a later run is compared with, without the
full predictions, which stay outside the repository).

    python experiments/verify-baseline/compare.py RUN_A RUN_B --out experiments/verify-baseline

A run may also be a compact scores file (``scores-6cbf84b.jsonl.gz``): a new run is then compared with the committed
baseline without rebuilding it (its metrics are not in the file: ``metrics`` gives None for it).
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


def _rows(run: Path) -> dict[str, dict[str, Any]]:
    if run.is_file():  # compact scores
        with gzip.open(run, "rt", encoding="utf-8") as lines:
            return {(r := json.loads(line))["id"]: r for line in lines if line.strip()}
    return {r["id"]: compact(r) for r in read_rows(run / "predictions.jsonl") if "error" not in r}


def _metrics(run: Path) -> Any:
    return None if run.is_file() else json.loads((run / "metrics.json").read_text()).get("metrics")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", nargs=2, type=Path)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--tolerance", type=float, default=1e-6)
    args = parser.parse_args()
    rows = [_rows(run) for run in args.runs]
    names = [run.name.removesuffix(".jsonl.gz").removeprefix("scores-") for run in args.runs]
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
        "metrics": {name: _metrics(run) for name, run in zip(names, args.runs, strict=True)},
        "command": "experiments/verify-baseline/run.sh " + " ".join(n.removeprefix("verify-baseline-") for n in names),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=1) + "\n", encoding="utf-8")
    for name, table, run in zip(names, rows, args.runs, strict=True):
        if run.is_file():
            continue  # a compact file already
        with gzip.GzipFile(args.out / f"scores-{name.removeprefix('verify-baseline-')}.jsonl.gz", "wb", mtime=0) as out:
            out.write("".join(json.dumps(r) + "\n" for r in table.values()).encode())
    print(json.dumps({k: v for k, v in metrics.items() if k != "moved_rows"}, indent=1))


if __name__ == "__main__":
    main()

"""Print the behavioural suite's pass rates per test for eval run folders, side by side (Markdown).

Each folder is a `veracity eval --dataset behaviour[:SPLIT]` run: its metrics.json holds the rates under `behaviour`.
A folder whose metrics.json lacks them (a run on `jsonl:benchmarks/behaviour/...`, or one made before the hook) is
scored from its predictions and gets a `behaviour.json` beside them. Run from the repository root:

    python benchmarks/behaviour/score.py benchmarks/behaviour/results/*/
    python benchmarks/behaviour/score.py --split sample benchmarks/behaviour/results/novelty-sample
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from veracity.eval.behaviour import score_run


def behaviour_of(folder: Path, split: str | None) -> dict[str, Any]:
    """The folder's behaviour metrics: from metrics.json, else scored now (and written to behaviour.json)."""
    metrics_path = folder / "metrics.json"
    metrics = json.loads(metrics_path.read_text(encoding="utf-8")) if metrics_path.exists() else {}
    if "behaviour" in metrics:
        return dict(metrics["behaviour"])
    split = split or (metrics.get("split") if metrics.get("dataset") == "behaviour" else None)
    behaviour = score_run(folder, split)
    (folder / "behaviour.json").write_text(json.dumps(behaviour, indent=2) + "\n", encoding="utf-8")
    return behaviour


def cell(rate: float | None, n: int, floor: float | None, passed: bool | None) -> str:
    """One table cell: the pass rate, the cases judged, and ✗ under its floor."""
    if rate is None:
        return "–"
    return f"{100 * rate:.0f}% ({n})" + (" ✗" if passed is False else "")


def table(runs: dict[str, dict[str, Any]]) -> str:
    """The Markdown table: a row per test (per answer length for the absent-value tests), a column per run."""
    names = list(runs)
    lines = ["| test | floor | " + " | ".join(names) + " |", "|---|---:|" + "---:|" * len(names)]
    keys: list[tuple[str, str | None]] = []
    for behaviour in runs.values():
        for row in behaviour["floors"]:
            if (row["test"], row["length"]) not in keys:
                keys.append((row["test"], row["length"]))
    floors = {name: {(r["test"], r["length"]): r for r in b["floors"]} for name, b in runs.items()}
    for test, length in keys:
        label = f"`{test}`" + (f" ({length} sentence{'' if length == '1' else 's'})" if length else "")
        first = next(f[(test, length)] for f in floors.values() if (test, length) in f)
        cells = []
        for name in names:
            row = floors[name].get((test, length))
            cells.append(cell(row["rate"], row["n"], row["floor"], row["passed"]) if row else "–")
        lines.append(f"| {label} | {100 * first['floor']:.0f}% | " + " | ".join(cells) + " |")
    met = [f"{b['floors_met']} / {b['floors_measured']}" for b in runs.values()]
    lines.append("| **floors met** | | " + " | ".join(met) + " |")
    return "\n".join(lines)


def main() -> int:
    """Print the table of the folders given; 1 if none could be read."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path, help="eval run folders on the behavioural suite")
    parser.add_argument("--split", help="the suite's split the runs used, for folders without metrics.json")
    args = parser.parse_args()
    runs = {}
    for folder in args.folders:
        if not (folder / "predictions.jsonl").exists() and not (folder / "predictions.jsonl.gz").exists():
            print(f"skipped {folder}: no predictions", file=sys.stderr)
            continue
        runs[folder.name] = behaviour_of(folder, args.split)
    if not runs:
        return 1
    print(table(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())

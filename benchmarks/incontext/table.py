"""The in-context set's table for docs/rag.md: accuracy per case kind for each committed run.

usage: python benchmarks/incontext/table.py [RUN ...]   (default: every benchmarks/results/incontext_* folder)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

RESULTS = Path(__file__).resolve().parents[1] / "results"


def main() -> None:
    folders = [RESULTS / name for name in sys.argv[1:]] or sorted(RESULTS.glob("incontext_*"))
    files = {f.name: json.loads((f / "metrics.json").read_text(encoding="utf-8")) for f in folders}
    runs = {name: data["metrics"] for name, data in files.items()}
    total = next(iter(files.values()))["n"]
    kinds = sorted({k for m in runs.values() for k in m.get("by_task", {})})
    print("| kind | n | " + " | ".join(f"[{n}](../benchmarks/results/{n})" for n in runs) + " |")
    print("|---|---|" + "---|" * len(runs))
    for kind in kinds:
        n = next(m["by_task"][kind]["n"] for m in runs.values() if kind in m.get("by_task", {}))
        cells = [f"{m['by_task'][kind]['accuracy']:.0%}" if kind in m.get("by_task", {}) else "–" for m in runs.values()]
        print(f"| {kind} | {n} | " + " | ".join(cells) + " |")
    for label, key in (("accuracy", "accuracy"), ("faithful passed", "acc_faithful"), ("errors caught", "acc_hallucinated"),
                       ("AUROC", "auroc"), ("span F1", "span_f1")):  # fmt: skip
        cells = [f"{m[key]:.3f}" if isinstance(m.get(key), float) else "–" for m in runs.values()]
        print(f"| **{label}** | {total if key == 'accuracy' else ''} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()

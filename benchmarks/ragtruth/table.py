"""The RAGTruth dev table of docs/rag.md, read from committed metrics.json and predictions.jsonl files.

usage: python benchmarks/ragtruth/table.py RUN [RUN ...]   (result folders under benchmarks/results)
Per run: F1 and balanced accuracy at the detector's own threshold, AUROC overall and per task (and per task minus
novelty's on the same task), character-level span F1, ECE, the share of faithful answers passed, throughput; then
McNemar's test of each run against the novelty run on the same answers.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from veracity._jsonl import read_rows
from veracity.eval.metrics import mcnemar

NOVELTY = Path("benchmarks/results/ragtruth-dev_novelty")
TASKS = ("QA", "Summary", "Data2txt")


def main() -> None:
    runs = [Path(p) for p in sys.argv[1:]]
    novelty = json.loads((NOVELTY / "metrics.json").read_text())["metrics"]
    print("| run | detector | F1 | balanced acc | AUROC | AUROC QA / Summary / Data2txt (− novelty) | span F1 | ECE "
          "| faithful passed | answers/s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for run in runs:
        data = json.loads((run / "metrics.json").read_text())
        m = data["metrics"]
        by = m.get("by_task", {})
        tasks = " / ".join(
            f"{by[t]['auroc']:.3f} ({by[t]['auroc'] - novelty['by_task'][t]['auroc']:+.3f})" for t in TASKS if t in by
        )
        print(f"| [{run.name}]({run.as_posix()}) | {data['detector']} | {m['f1']:.3f} | {m['balanced_accuracy']:.3f} "
              f"| {m['auroc']:.3f} | {tasks} | {m.get('span_f1', 0):.3f} | {m['ece']:.3f} | {m['acc_faithful']:.3f} "
              f"| {data.get('throughput_per_s') or 0:.1f} |")
    base = {r["id"]: r for r in read_rows(NOVELTY / "predictions.jsonl") if "error" not in r}
    print()
    for run in runs:
        rows = {r["id"]: r for r in read_rows(run / "predictions.jsonl") if "error" not in r}
        ids = sorted(set(rows) & set(base))
        test = mcnemar([rows[i]["predicted"] == rows[i]["label"] for i in ids],
                       [base[i]["predicted"] == base[i]["label"] for i in ids])
        print(f"- {run.name} vs novelty on {len(ids)} answers: b = {test['b']}, c = {test['c']}, p = {test['p_value']:.3g}")


if __name__ == "__main__":
    main()

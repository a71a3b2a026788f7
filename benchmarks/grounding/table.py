"""Print the table of every detector on the realistic grounding sets (docs/calibration.md) from committed metrics.json.

    python benchmarks/grounding/table.py

One row per result folder ``benchmarks/results/{summedits-dev,wice-test}_*`` that has a metrics.json: balanced
accuracy (the issue's measure: both sets are unbalanced), AUROC, accuracy on each class, ECE and speed, with the
folder. The runs are made by ``benchmarks/grounding/run.sh``. No figure is typed by hand.
"""

from __future__ import annotations

import json
from pathlib import Path

from veracity.eval.report import score_is_probability

RESULTS = Path(__file__).resolve().parents[1] / "results"
SETS = {"summedits-dev": "SummEdits dev (1,118; floor 68%)", "wice-test": "WiCE test (358; floor 62%)"}


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}"


def _label(record: dict) -> str:
    """The detector, its verifier model where it names one, and whether its score is a calibrated probability."""
    config = record.get("config") or {}
    model = config.get("model") or config.get("nli_model")
    label = record["detector"] + (f" ({Path(model).parent.name if '/' in model else model})" if model else "")
    if score_is_probability(record):
        label += ", P calibrated"
    return label


def main() -> None:
    """Print one table per set, best balanced accuracy first."""
    for name, title in SETS.items():
        paths = RESULTS.glob(f"{name}_*/metrics.json")
        rows = [(json.loads(path.read_text(encoding="utf-8")), path.parent.name) for path in sorted(paths)]
        rows.sort(key=lambda row: -row[0]["metrics"]["balanced_accuracy"])
        print(f"**{title}**\n")
        print("| detector | balanced acc. | AUROC | acc. halluc. / faithful | ECE | p50 ms | examples/s | folder |")
        print("|---|---|---|---|---|---|---|---|")
        for record, folder in rows:
            metrics = record["metrics"]
            auroc = metrics.get("auroc")
            print(
                f"| {_label(record)} | {_pct(metrics['balanced_accuracy'])} | "
                f"{'—' if auroc is None else f'{auroc:.3f}'} | "
                f"{_pct(metrics['acc_hallucinated'])} / {_pct(metrics['acc_faithful'])} | "
                f"{metrics['ece']:.3f} | {record['latency_ms']['p50']:.0f} | {record['throughput_per_s']:.2f} | "
                f"`{folder}` |"
            )
        print()


if __name__ == "__main__":
    main()

"""Print the model card's results table from committed metrics.json files (no figure is typed by hand).

    python benchmarks/verifier_table.py NAME [CONTROL_NAME [EARLIER_NAME ...]]

reads benchmarks/results/{set}_{NAME}/metrics.json for the five sets of issue 4 and prints one Markdown row per set
with the floor and goal, the hypothesis-only control beside it when CONTROL_NAME is given, and earlier versions
of the model (e.g. veracity-nli-small-stage1) when named.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
SETS = [
    ("mnli-matched", "MNLI matched (1,000 pairs)", "3-class accuracy", "accuracy", 0.55, 0.75),
    ("fever-symmetric", "FEVER-Symmetric (full)", "accuracy, SUPPORTS vs REFUTES", "accuracy", 0.70, 0.80),
    ("halueval-qa-test", "HaluEval QA, test", "accuracy", "accuracy", 0.90, 0.95),
    ("halueval-summarization-test", "HaluEval summarization, test", "accuracy", "accuracy", 0.75, 0.85),
    ("halueval-summarization-test", "… threshold fitted on dev", "accuracy", "accuracy", 0.75, 0.85, "_calibrated"),
    ("minimal-pairs", "minimal pairs (66, hand-written)", "3-class accuracy", "accuracy", 0.90, 0.98),
]


def _folder(folder: str, name: str, suffix: str = "") -> Path:
    """The fp32 run's folder, else the int8 one (``…_int8``: the same model with dynamic int8 Linear layers)."""
    plain = RESULTS / f"{folder}_{name}{suffix}"
    return plain if plain.exists() else RESULTS / f"{folder}_{name}_int8{suffix}"


def _metric(folder: Path, key: str) -> tuple[float | None, float | None]:
    path = folder / "metrics.json"
    if not path.exists():
        return None, None
    metrics = json.loads(path.read_text(encoding="utf-8"))["metrics"]
    return metrics.get(key), metrics.get("auroc")


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def main() -> None:
    """Print the table."""
    name = sys.argv[1]
    control = sys.argv[2] if len(sys.argv) > 2 else None
    earlier = sys.argv[3:]
    print(
        f"| set | metric | floor | goal | {name} | AUROC | "
        + "".join(f"{e} | " for e in earlier)
        + "hypothesis-only control | result folder |"
    )
    print("|---|---|---|---|---|---|" + "---|" * len(earlier) + "---|---|")
    for folder, label, metric, key, floor, goal, *rest in SETS:
        suffix = str(rest[0]) if rest else ""
        where = _folder(folder, name, suffix)
        value, auroc = _metric(where, key)
        ctrl = _metric(_folder(folder, control, suffix), key)[0] if control else None
        shown = f"{100 * value:.1f}%" if value is not None else "—"
        mark = "" if value is None else (" ✓" if value >= floor else " ✗ below floor")
        print(
            f"| {label} | {metric} | {100 * floor:.0f}% | {100 * goal:.0f}% | {shown}{mark} | "
            f"{'—' if auroc is None else f'{100 * auroc:.1f}'} | "
            + "".join(f"{_percent(_metric(_folder(folder, e, suffix), key)[0])} | " for e in earlier)
            + f"{'—' if ctrl is None else f'{100 * ctrl:.1f}%'} | `{where.relative_to(RESULTS.parent.parent)}` |"
        )


if __name__ == "__main__":
    main()

"""Print the model card's results table from committed metrics.json files (no figure is typed by hand).

    python benchmarks/verifier/table.py NAME [CONTROL_NAME [EARLIER_NAME ...]]

reads benchmarks/results/{set}_{NAME}/metrics.json for the sets of issue 14 and prints one Markdown row per set
with the floor and goal, the hypothesis-only control beside it when CONTROL_NAME is given, and earlier versions
of the model (e.g. veracity-nli-small-stage1) when named.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

RESULTS = Path(__file__).resolve().parents[1] / "results"
# (folder, label, metric, key, floor, goal[, suffix]) with issue 14's floors; a floor of None is reported only.
SETS = [
    ("mnli-matched", "MNLI matched (1,000 pairs)", "3-class accuracy", "accuracy", 0.66, 0.80),
    ("fever-symmetric", "FEVER-Symmetric (full)", "accuracy, SUPPORTS vs REFUTES", "accuracy", 0.70, 0.85),
    ("sick-dev", "SICK dev rows (4,893)", "3-class accuracy", "accuracy", 0.75, 0.85),
    ("healthver-dev", "HealthVer dev rows (1,694)", "3-class accuracy", "accuracy", 0.60, 0.70),
    ("anli-dev", "ANLI dev R1–R3 (3,198)", "3-class accuracy", "accuracy", None, 0.45),
    ("summedits-dev", "summedits-dev (1,118; verifier detector)", "balanced accuracy", "balanced_accuracy", 0.62, 0.75),
    ("wice-test", "wice-test (358; verifier detector)", "balanced accuracy", "balanced_accuracy", 0.58, 0.70),
    ("halueval-qa-test", "HaluEval QA, test (answer stated as a sentence)", "accuracy", "accuracy", 0.90, 0.95),
    ("halueval-summarization-test", "HaluEval summarization, test", "accuracy", "accuracy", 0.78, 0.85),
    ("halueval-summarization-test", "… threshold fitted on dev", "accuracy", "accuracy", None, None, "-calibrated"),
    ("minimal-pairs", "minimal pairs (66, hand-written)", "3-class accuracy", "accuracy", 0.90, 0.98),
]
# The control's gap to the verifier (points): floor, goal.
GAPS = [("fever-symmetric", "FEVER-Symmetric", 15, 25), ("mnli-matched", "MNLI", 10, 20)]


def _folder(folder: str, name: str, suffix: str = "") -> Path:
    """The fp32 run's folder, else the int8 one (``…-int8``: the same model with dynamic int8 Linear layers)."""
    plain = RESULTS / f"{folder}_verifier-{name}{suffix}"
    return plain if plain.exists() else RESULTS / f"{folder}_verifier-{name}-int8{suffix}"


def _where(folder: Path) -> str:
    """The folder as a path from the repository root, or — when this model has no such run."""
    return f"`{folder.relative_to(RESULTS.parent.parent)}`" if folder.exists() else "—"


def _metric(folder: Path, key: str) -> tuple[float | None, float | None]:
    path = folder / "metrics.json"
    if not path.exists():
        return None, None
    metrics = json.loads(path.read_text(encoding="utf-8"))["metrics"]
    return metrics.get(key), metrics.get("auroc")


def _bound(value: float | None) -> str:
    return "report" if value is None else f"{100 * value:.0f}%"


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
        mark = "" if value is None or floor is None else (" ✓" if value >= floor else " ✗ below floor")
        print(
            f"| {label} | {metric} | {_bound(floor)} | {_bound(goal)} | {shown}{mark} | "
            f"{'—' if auroc is None else f'{100 * auroc:.1f}'} | "
            + "".join(f"{_percent(_metric(_folder(folder, e, suffix), key)[0])} | " for e in earlier)
            + f"{'—' if ctrl is None else f'{100 * ctrl:.1f}%'} | {_where(where)} |"
        )
    if control:
        print()
        print("| the control's gap to the verifier | floor | goal | points |")
        print("|---|---|---|---|")
        for folder, label, floor, goal in GAPS:
            model, ctrl = (
                _metric(_folder(folder, name), "accuracy")[0],
                _metric(_folder(folder, control), "accuracy")[0],
            )
            gap = None if model is None or ctrl is None else 100 * (model - ctrl)
            mark = "" if gap is None else (" ✓" if gap >= floor else " ✗ below floor")
            print(f"| {label} | {floor} | {goal} | {'—' if gap is None else f'{gap:.1f}'}{mark} |")


if __name__ == "__main__":
    main()

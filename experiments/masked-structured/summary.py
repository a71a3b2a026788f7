"""metrics.json of the masked-structured experiment: per set and setting, errors caught and faithful answers passed;
`ragtruth:dev` AUROC / F1; the behavioural suite's floors met, and which faithful / invariance floors each misses.

    python experiments/masked-structured/summary.py [RUNS]     # RUNS: ../cache/runs
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUNS = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("../cache/runs")
SETS = ("library", "marina", "registrar", "vet", "energy", "driving", "incontext")
SETTINGS = ("false", "structured", "true")


def verdicts(path: Path) -> dict[str, tuple[int, int]]:
    """id → (label, predicted) of one run."""
    rows = map(json.loads, (path / "predictions.jsonl").open(encoding="utf-8"))
    return {r["id"]: (int(r["label"]), int(r["predicted"])) for r in rows}


def counts(found: dict[str, tuple[int, int]]) -> dict[str, int]:
    """Errors caught of errors, faithful answers passed of faithful answers."""
    return {
        "errors": sum(label for label, _ in found.values()),
        "caught": sum(label and predicted for label, predicted in found.values()),
        "faithful": sum(1 - label for label, _ in found.values()),
        "passed": sum((1 - label) and (1 - predicted) for label, predicted in found.values()),
    }


def behaviour(path: Path) -> dict:
    """Floors met, and the faithful or invariance floors missed."""
    metrics = json.loads((path / "metrics.json").read_text(encoding="utf-8"))["behaviour"]
    missed = [f"{f['test']}:{f['length']}" for f in metrics["floors"]
              if not f["passed"] and (f["test"].startswith("faithful") or f["family"] == "invariance")]  # fmt: skip
    return {"floors_met": metrics["floors_met"], "floors_measured": metrics["floors_measured"],
            "faithful_or_invariance_missed": missed, "auroc": metrics["summary"].get("auroc")}  # fmt: skip


def main() -> None:
    """Write metrics.json."""
    out: dict = {"command": "bash experiments/masked-structured/run.sh && python experiments/masked-structured/summary.py",
                 "sets": {}, "development_heldout": {}, "ragtruth_dev": {}, "behaviour": {}, "moved": []}  # fmt: skip
    for setting in SETTINGS:
        total = {"errors": 0, "caught": 0, "faithful": 0, "passed": 0}
        for name in SETS:
            found = verdicts(RUNS / f"ms-{name}-{setting}")
            c = counts(found)
            out["sets"].setdefault(name, {})[setting] = c
            if name != "incontext":
                total = {k: total[k] + c[k] for k in total}
            if setting != "false":
                base = verdicts(RUNS / f"ms-{name}-false")
                out["moved"] += [{"set": name, "setting": setting, "id": i, "label": lp[0], "now": lp[1]}
                                 for i, lp in found.items() if base[i][1] != lp[1]]  # fmt: skip
        out["development_heldout"][setting] = total
    for setting in ("false", "structured"):
        metrics = json.loads((RUNS / f"ms-ragtruth-{setting}" / "metrics.json").read_text(encoding="utf-8"))
        out["ragtruth_dev"][setting] = {k: metrics["metrics"][k] for k in ("auroc", "f1", "precision", "recall", "ece")}
        out["behaviour"][setting] = behaviour(RUNS / f"ms-behaviour-{setting}")
    (HERE / "metrics.json").write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: out[k] for k in ("development_heldout", "ragtruth_dev")}, indent=1))


if __name__ == "__main__":
    main()

"""metrics.json of the table-cells experiment: the cell reading beside the row reading (this session's runs).

    python experiments/table-cells/summary.py [RUNS]     # RUNS: ../cache/runs
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUNS = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("../cache/runs")
SIX = ("library", "marina", "registrar", "vet", "energy", "driving")
FROZEN = ("ski", "cowork", "museum")


def counts(path: Path) -> dict[str, int]:
    """Errors caught of errors, faithful answers passed of faithful answers, in one run's predictions."""
    rows = [json.loads(line) for line in (path / "predictions.jsonl").open(encoding="utf-8")]
    return {
        "errors": sum(r["label"] == 1 for r in rows),
        "caught": sum(r["label"] == 1 and r["predicted"] == 1 for r in rows),
        "faithful": sum(r["label"] == 0 for r in rows),
        "passed": sum(r["label"] == 0 and r["predicted"] == 0 for r in rows),
    }


def before_run(name: str, setting: str) -> Path:
    return RUNS / (f"frozen77-{name}-{setting}" if name in FROZEN else f"ms-{name}-{setting}")


def added(runs: list[Path]) -> dict[str, int]:
    total = {"errors": 0, "caught": 0, "faithful": 0, "passed": 0}
    for path in runs:
        total = {k: total[k] + v for k, v in counts(path).items()}
    return total


def behaviour(path: Path) -> dict:
    metrics = json.loads((path / "metrics.json").read_text(encoding="utf-8"))["behaviour"]
    missed = [f"{f['test']}:{f['length']}" for f in metrics["floors"]
              if not f["passed"] and (f["test"].startswith("faithful") or f["family"] == "invariance")]  # fmt: skip
    return {"floors_met": metrics["floors_met"], "floors_measured": metrics["floors_measured"],
            "faithful_or_invariance_missed": missed}  # fmt: skip


def main() -> None:
    """Write metrics.json."""
    out: dict = {"command": "bash experiments/table-cells/run.sh", "nine_development_sets": {}, "per_set": {}}
    for setting in ("false", "true"):
        out["nine_development_sets"][setting] = {
            "rows": added([before_run(n, setting) for n in SIX + FROZEN]),
            "cells": added([RUNS / f"cells-{n}-{setting}" for n in SIX + FROZEN]),
        }
        for name in (*SIX, *FROZEN, "incontext"):
            out["per_set"].setdefault(name, {})[setting] = {
                "rows": counts(before_run(name, setting)), "cells": counts(RUNS / f"cells-{name}-{setting}")}  # fmt: skip
    rt = {}
    for reading, path in (("rows", RUNS / "ms-ragtruth-false"), ("cells", RUNS / "cells-ragtruth")):
        metrics = json.loads((path / "metrics.json").read_text(encoding="utf-8"))["metrics"]
        rt[reading] = {k: metrics[k] for k in ("auroc", "f1", "precision", "recall", "ece")}
    out["ragtruth_dev"] = rt
    out["behaviour"] = {"rows": behaviour(RUNS / "ms-behaviour-false"), "cells": behaviour(RUNS / "cells-behaviour")}
    aligner = HERE / "aligner.json"
    if aligner.exists():
        read = json.loads(aligner.read_text(encoding="utf-8"))
        out["aligner_top1"] = {name: {split: read[name][split].get("top1") for split in read[name] if split != "model"}
                               for name in read}  # fmt: skip
    (HERE / "metrics.json").write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: out[k] for k in out if k != "per_set"}, indent=1))


if __name__ == "__main__":
    main()

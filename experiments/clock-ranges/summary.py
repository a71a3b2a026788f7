"""metrics.json of the clock-ranges experiment: the shared-meridiem reading beside the reading before it.

    python experiments/clock-ranges/summary.py [RUNS]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUNS = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("../cache/runs")
SETS = ("library", "marina", "registrar", "vet", "energy", "driving", "ski", "cowork", "museum")


def counts(path: Path) -> dict[str, int]:
    rows = [json.loads(line) for line in (path / "predictions.jsonl").open(encoding="utf-8")]
    return {"errors": sum(r["label"] == 1 for r in rows),
            "caught": sum(r["label"] == 1 and r["predicted"] == 1 for r in rows),
            "faithful": sum(r["label"] == 0 for r in rows),
            "passed": sum(r["label"] == 0 and r["predicted"] == 0 for r in rows)}  # fmt: skip


def before(name: str) -> Path:
    return RUNS / (f"frozen77-{name}-false" if name in ("ski", "cowork", "museum") else f"ms-{name}-false")


def total(paths: list[Path]) -> dict[str, int]:
    out = {"errors": 0, "caught": 0, "faithful": 0, "passed": 0}
    for p in paths:
        out = {k: out[k] + v for k, v in counts(p).items()}
    return out


def main() -> None:
    out: dict = {"command": "bash experiments/clock-ranges/run.sh",
                 "nine_development_sets": {"before": total([before(n) for n in SETS]),
                                           "now": total([RUNS / f"clock-{n}" for n in SETS])},
                 "incontext": {"before": counts(RUNS / "ms-incontext-false"), "now": counts(RUNS / "clock-incontext")},
                 "per_set": {n: {"before": counts(before(n)), "now": counts(RUNS / f"clock-{n}")} for n in SETS}}  # fmt: skip
    rt = {}
    for reading, path in (("before", RUNS / "ms-ragtruth-false"), ("now", RUNS / "clock-ragtruth")):
        m = json.loads((path / "metrics.json").read_text(encoding="utf-8"))["metrics"]
        rt[reading] = {k: m[k] for k in ("auroc", "f1", "precision", "recall", "ece")}
    out["ragtruth_dev"] = rt
    beh = {}
    for reading, path in (("before", RUNS / "ms-behaviour-false"), ("now", RUNS / "clock-behaviour")):
        b = json.loads((path / "metrics.json").read_text(encoding="utf-8"))["behaviour"]
        beh[reading] = {"floors_met": b["floors_met"], "missed": [f"{f['test']}:{f['length']}" for f in b["floors"]
                                                                  if not f["passed"]]}  # fmt: skip
    out["behaviour"] = beh
    frozen = {}
    for reading in ("before", "now"):
        path = RUNS / f"clock-frozen-{reading}"
        if path.exists():
            frozen[reading] = counts(path)
    out["frozen_planetarium"] = frozen
    (HERE / "metrics.json").write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: out[k] for k in out if k != "per_set"}, indent=1))


if __name__ == "__main__":
    main()

"""Gather run.sh's runs into metrics.json: ``python collect.py RUNS_DIR MODELS_DIR``."""

import json
import sys
from pathlib import Path

runs, models = Path(sys.argv[1]), Path(sys.argv[2])
out: dict[str, object] = {"thresholds": {}}
for name in ("reader-base", "reader-base2", "reader-v12", "reader-v11", "reader-v12b"):
    out["thresholds"][name] = round(json.loads((models / name / "reader_model.json").read_text())["threshold"], 2)  # type: ignore[index]
for name in ("shipped-rt", "v12-rt"):
    m = json.loads((runs / name / "metrics.json").read_text())
    x = m["metrics"]
    out[name] = {k: round(x[k], 4) for k in ("auroc", "f1", "ece", "span_f1")} | {"threshold": round(m["threshold"], 2)}
for name in ("shipped-bh", "v12-bh"):
    b = json.loads((runs / name / "metrics.json").read_text())["behaviour"]
    out[name] = {
        "floors_met": b["floors_met"],
        "floors_measured": b["floors_measured"],
        "missed": {f"{f['test']}/{f['family']}": round(f["rate"], 4) for f in b["floors"] if not f["passed"]},
    }
Path(__file__).with_name("metrics.json").write_text(json.dumps(out, separators=(",", ":")) + "\n")
print(json.dumps(out, indent=1))

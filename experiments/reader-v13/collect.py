"""Gather run.sh's runs into metrics.json: ``python collect.py RUNS_DIR``."""

import json
import sys
from pathlib import Path

runs = Path(sys.argv[1])
out: dict[str, object] = {}
for name in ("shipped", "v13", "v13w"):
    m = json.loads((runs / f"{name}-rt" / "metrics.json").read_text())
    x = m["metrics"]
    b = json.loads((runs / f"{name}-bh" / "metrics.json").read_text())["behaviour"]
    out[name] = {
        "ragtruth_dev": {k: round(x[k], 4) for k in ("auroc", "f1", "ece", "span_f1")} | {"n": m["n"]},
        "threshold": round(m["threshold"], 2),
        "floors_met": b["floors_met"],
        "floors_measured": b["floors_measured"],
        "missed": {f"{f['test']}/{f['family']}": round(f["rate"], 4) for f in b["floors"] if not f["passed"]},
    }
Path(__file__).with_name("metrics.json").write_text(json.dumps(out, separators=(",", ":")) + "\n")
print(json.dumps(out, indent=1))

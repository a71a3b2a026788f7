"""Gather the runs of run.sh into metrics.json: ``python collect.py RUNS_DIR BASE_MODEL V11_MODEL``."""

import json
import sys
from pathlib import Path

runs, base, v11 = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
out: dict[str, object] = {}
for name in ("shipped-rt", "base-rt", "v11-rt"):
    m = json.loads((runs / name / "metrics.json").read_text())
    x = m["metrics"]
    out[name] = {
        "auroc": round(x["auroc"], 4),
        "f1": round(x["f1"], 4),
        "ece": round(x["ece"], 4),
        "span_f1": round(x["span_f1"], 4),
        "threshold": round(m["threshold"], 2),
        "n": m["n"],
    }
for name, model in (("base-fit", base), ("v11-fit", v11)):
    metrics = json.loads(model.with_name(model.stem + ".metrics.json").read_text())
    out[name] = {
        "threshold": round(json.loads(model.read_text())["threshold"], 2),
        "dev_cache": {
            k: {m: v[m] for m in ("auroc", "f1", "ece") if m in v}
            for k, v in metrics.get("dev", {}).items()
            if "ragtruth:dev" in k
        },
    }
Path(__file__).with_name("metrics.json").write_text(json.dumps(out, separators=(",", ":")) + "\n")
print(json.dumps(out, indent=1))

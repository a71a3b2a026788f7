"""AUROC and the best balanced accuracy over thresholds (fitted on these same dev examples: for comparing variants
only) of each variant folder under the given directory."""

import json
import sys
from pathlib import Path

out = {}
for metrics in sorted(Path(sys.argv[1]).glob("*/metrics.json")):
    m = json.loads(metrics.read_text())
    out[metrics.parent.name] = {
        "n": m["n"],
        "auroc": m["metrics"]["auroc"],
        "accuracy_at_fact_score_0.75": m["metrics"]["accuracy"],
        "examples_per_s": m["throughput_per_s"],
        "peak_rss_mb": m["peak_rss_mb"],
        "command": m["command"],
    }
print(json.dumps(out, indent=2))

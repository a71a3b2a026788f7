"""Balanced accuracy of each oasis dev variant folder (dev = train documents; for choosing settings only)."""

import json
import sys
from pathlib import Path

for folder in sorted(Path(sys.argv[1]).iterdir()):
    metrics = folder / "metrics.json"
    if metrics.exists():
        m = json.loads(metrics.read_text())["metrics"]
        print(f"{folder.name:12s} BA {m['balanced_accuracy']:.3f}  unfactual {m['acc_hallucinated']:.3f}  "
              f"factual {m['acc_faithful']:.3f}")

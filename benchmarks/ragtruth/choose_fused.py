"""Pick the fused model's training data by the rule of docs/rag.md and write the choice.

usage: python benchmarks/ragtruth/choose_fused.py FITS_DIR OUT_JSON
FITS_DIR holds NAME.json fused models with their NAME.metrics.json (veracity train fused). The figure: the mean of
the AUROC on ragtruth:dev and on halueval-summarization:dev (first 600); the highest wins.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

DEV = ("ragtruth:dev", "halueval-summarization:dev@600")


def main() -> None:
    fits, out = Path(sys.argv[1]), Path(sys.argv[2])
    table = {}
    for path in sorted(fits.glob("*.metrics.json")):
        dev = json.loads(path.read_text())["dev"]
        table[path.name.removesuffix(".metrics.json")] = {
            "auroc": {d: dev[d]["after"]["auroc"] for d in DEV},
            "mean_auroc": sum(dev[d]["after"]["auroc"] for d in DEV) / len(DEV),
            "ragtruth_dev": dev["ragtruth:dev"]["after"],
        }
    choice = max(table, key=lambda name: table[name]["mean_auroc"])
    out.write_text(json.dumps({"rule": "docs/rag.md (training data, chosen on dev)", "choice": choice,
                               "fits": table}, indent=2) + "\n")  # fmt: skip
    print(choice, json.dumps({k: round(v["mean_auroc"], 4) for k, v in table.items()}))


if __name__ == "__main__":
    main()

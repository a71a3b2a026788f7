"""Build the rte-dev part of the claim route's choice (benchmarks/auto/README.md, fourth choice).

usage: python benchmarks/auto/claim_dev.py OUT_DIR [DATA_DIR]
Writes OUT_DIR/rte-dev.jsonl (GLUE RTE dev from the grounding data, premise as context, hypothesis as answer,
label 1 = not entailed) in the generic detection form `veracity eval --dataset jsonl:PATH` reads.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from grounding_dev import detection_row

from veracity.data.grounding import read_grounding


def main() -> None:
    out = Path(sys.argv[1])
    data_dir = Path(sys.argv[2]) if len(sys.argv) > 2 else Path("../shared/data")
    out.mkdir(parents=True, exist_ok=True)
    rows = list(read_grounding(data_dir, "rte", "dev"))
    kept = [d for d in map(detection_row, rows) if d is not None]
    with (out / "rte-dev.jsonl").open("w", encoding="utf-8") as handle:
        for row in kept:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"rte-dev: {len(kept)} rows, {sum(r['label'] for r in kept)} not entailed")


if __name__ == "__main__":
    main()

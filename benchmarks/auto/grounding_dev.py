"""Build the grounding dev parts of the summary route's second choice (benchmarks/auto/README.md).

usage: python benchmarks/auto/grounding_dev.py OUT_DIR [DATA_DIR]
Writes OUT_DIR/summedits-heldout.jsonl and OUT_DIR/claims.jsonl in the generic detection form that
`veracity eval --dataset jsonl:PATH` reads, and prints their counts. DATA_DIR defaults to ../shared/data.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from veracity.data.grounding import read_grounding, training_label
from veracity.training.nli_data import NLIBuildConfig, _held_out

HELD_OUT = NLIBuildConfig.model_fields["grounding_dev_fraction"].default  # the mixture's 4% rule


def detection_row(row: dict) -> dict | None:
    label = training_label(row["label"])
    if label is None or not row["premise"].strip() or not row["hypothesis"].strip():
        return None
    return {
        "id": row["id"],
        "question": None,
        "answer": row["hypothesis"].strip(),
        "context": [row["premise"].strip()],
        "label": int(label != "entailment"),
        "spans": [],
        "task": row["source"],
    }


def main() -> None:
    out = Path(sys.argv[1])
    data_dir = Path(sys.argv[2]) if len(sys.argv) > 2 else Path("../shared/data")
    out.mkdir(parents=True, exist_ok=True)
    parts = {
        "summedits-heldout": [r for r in read_grounding(data_dir, "summedits", "train") if _held_out(r["id"], HELD_OUT)],
        "claims": list(read_grounding(data_dir, "control", "dev"))
        + [r for r in read_grounding(data_dir, "wice", "train") if _held_out(r["id"], HELD_OUT)],
    }
    for name, rows in parts.items():
        examples = [e for e in map(detection_row, rows) if e is not None]
        with (out / f"{name}.jsonl").open("w", encoding="utf-8") as handle:
            for example in examples:
                handle.write(json.dumps(example) + "\n")
        print(name, len(examples), dict(Counter((e["task"], e["label"]) for e in examples)))


if __name__ == "__main__":
    main()

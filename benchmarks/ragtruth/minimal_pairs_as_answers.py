"""The minimal pairs (benchmarks/fixtures/minimal_pairs.jsonl) as detection records: premise as the context,
hypothesis as the answer; entailment = faithful (0), neutral or contradiction = hallucinated (1).

usage: python benchmarks/ragtruth/minimal_pairs_as_answers.py OUT_JSONL
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "fixtures" / "minimal_pairs.jsonl"


def main() -> None:
    out = Path(sys.argv[1])
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as handle:
        for line in SOURCE.read_text(encoding="utf-8").splitlines():
            pair = json.loads(line)
            record = {"id": pair["id"], "question": None, "answer": pair["hypothesis"], "context": [pair["premise"]],
                      "label": int(pair["label"] != "entailment"), "task": pair.get("kind")}  # fmt: skip
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()

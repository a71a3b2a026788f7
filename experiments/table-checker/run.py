"""The table checker (src/veracity/stages/verify/checkers/tables.py) measured on RAGTruth before use.

For every answer unit (the reader's units) of RAGTruth's and RAGBench's splits: how many inputs hold a table as
``veracity.text.tables`` reads one, and on how many faithful and hallucinated units the checker's finding fires
(a unit is hallucinated when a labelled span overlaps it). Reads ../shared/data/ragtruth/{train,train-upstream,dev} and
../shared/data/ragbench/{train,dev} (RAGBench's unsupported sentences as its spans);
writes metrics.json here.

    python experiments/table-checker/run.py
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

from veracity.detectors.reader.signals import reader_sentences
from veracity.schema import Document
from veracity.stages.sources import AnswerUnits, Sources
from veracity.stages.verify.checkers.tables import TableChecker

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[2] / "shared" / "data"
SPLITS = ("ragtruth/train", "ragtruth/train-upstream", "ragtruth/dev", "ragbench/train", "ragbench/dev")


def measure(split: str) -> dict:
    """The counts on one split (``dataset/split``), with up to 20 firings as examples."""
    checker = TableChecker()
    counts = {
        "answers": 0,
        "answers_with_table": 0,
        "faithful_units": 0,
        "hallucinated_units": 0,
        "faithful_units_flagged": 0,
        "hallucinated_units_flagged": 0,
    }
    examples = []
    with gzip.open(DATA / f"{split}.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            answer = row["answer"]
            spans = [(s["start"], s["end"]) for s in row.get("spans", [])]
            docs = [Document(id=f"d{k}", text=t) for k, t in enumerate(row["context"]) if t.strip()]
            counts["answers"] += 1
            if not docs:
                continue
            sources = Sources(docs)
            if not sources.tables:
                continue
            counts["answers_with_table"] += 1
            units = reader_sentences(answer)
            findings = checker.findings(AnswerUnits.of(answer, units), sources)
            for start, end in units:
                hallucinated = any(a < end and start < b for a, b in spans)
                fired = [f for f in findings if start <= f.span.start < end]
                key = "hallucinated" if hallucinated else "faithful"
                counts[f"{key}_units"] += 1
                counts[f"{key}_units_flagged"] += bool(fired)
                if fired and len(examples) < 20:
                    examples.append({"id": row["id"], "label": key, "explanation": fired[0].explanation})
    counts["faithful_share_flagged"] = counts["faithful_units_flagged"] / max(1, counts["faithful_units"])
    counts["examples"] = examples
    return counts


def main() -> None:
    """Every split named on the command line (default: all of SPLITS); metrics.json here."""
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    out = {"commit": commit, "command": "python experiments/table-checker/run.py"}
    for split in sys.argv[1:] or SPLITS:
        out[split] = measure(split)
        print(split, {k: v for k, v in out[split].items() if k != "examples"}, flush=True)
    (HERE / "metrics.json").write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

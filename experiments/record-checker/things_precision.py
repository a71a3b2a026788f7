"""Precision of the record things rule (misplaced record values) on RAGTruth *training* sentences (issue 59).

A record value the answer gives to a thing the sentence names, while the record holds it only for another thing
(``veracity.stages.verify.checkers.records.things``). A reader unit is hallucinated when it overlaps a gold span. Counts the
units where the rule fires and how many of them are hallucinated, beside the base rate of units over records.

    python experiments/record-checker/things_precision.py --out experiments/record-checker/things
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path


def main() -> None:
    """Read every training answer over a record and write the counts."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-dir", type=Path, default=Path("../shared/data"))
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()

    from veracity.detectors.reader.signals import reader_sentences
    from veracity.text.records import read_record_fields
    from veracity.stages.verify.checkers.records.things import misplaced_record_values
    from veracity.training.reader import labelled_units
    from veracity.training.reader_sources import source_examples

    counts: Counter[str] = Counter()
    examples = []
    for example in source_examples("ragtruth", args.data_dir):
        fields = [f for i, t in enumerate(example.context) for f in read_record_fields(str(i), t)]
        if not fields:
            continue
        units = reader_sentences(example.answer)
        labels = labelled_units(example, units, single_label=False)
        if labels is None or (example.label == 1 and not example.spans):
            continue
        counts["answers_over_records"] += 1
        for (start, end), label in zip(units, labels, strict=True):
            counts["units"] += 1
            counts["units_hallucinated"] += label
            found = misplaced_record_values(example.answer[start:end], fields)
            if found:
                counts["fired"] += 1
                counts["fired_hallucinated"] += label
                examples.append({"id": example.id, "label": label, "unit": example.answer[start:end],
                                 "findings": [m.explanation() for m in found]})  # fmt: skip
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=False).stdout.strip()
    metrics = {
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "git_commit": commit,
        **counts,
        "base_rate": counts["units_hallucinated"] / max(1, counts["units"]),
        "precision": counts["fired_hallucinated"] / counts["fired"] if counts["fired"] else None,
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    with (args.out / "examples.jsonl").open("w", encoding="utf-8") as handle:
        for row in examples:
            handle.write(json.dumps(row) + "\n")
    print(json.dumps(metrics, indent=2))


if __name__ == "__main__":
    main()

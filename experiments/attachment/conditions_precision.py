"""Precision of the dropped-condition rule on RAGTruth *training* sentences (issue 59: measured before use).

A reader unit is hallucinated when it overlaps a gold span. Counts the units where
``veracity.stages.verify.conditions`` fires and how many of them are hallucinated, by task, with examples.

    python experiments/attachment/conditions_precision.py --answers 5000 --out experiments/attachment/conditions
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path


def main() -> None:
    """Read the training answers and write the counts."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--answers", type=int, default=5000)
    parser.add_argument("--data-dir", type=Path, default=Path("../shared/data"))
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()

    from veracity.detectors.reader.signals import reader_sentences
    from veracity.schema import Document
    from veracity.stages.verify.conditions import condition_findings
    from veracity.training.reader import labelled_units
    from veracity.training.reader_sources import source_examples

    counts: Counter[str] = Counter()
    examples = []
    for n, example in enumerate(source_examples("ragtruth", args.data_dir)):
        if n >= args.answers:
            break
        units = reader_sentences(example.answer)
        labels = labelled_units(example, units, single_label=False)
        if labels is None or (example.label == 1 and not example.spans):
            continue
        documents = [Document(id=str(i), text=t) for i, t in enumerate(example.context)]
        findings = condition_findings(example.answer, units, documents)
        task = example.task or "-"
        for (start, end), label in zip(units, labels, strict=True):
            counts["units"] += 1
            counts["units_hallucinated"] += label
            inside = [f for f in findings if start <= f.span.start < end]
            if inside:
                counts["fired"] += 1
                counts["fired_hallucinated"] += label
                counts[f"fired:{task}"] += 1
                counts[f"fired_hallucinated:{task}"] += label
                examples.append({"id": example.id, "task": task, "label": label, "unit": example.answer[start:end],
                                 "findings": [(f.explanation, f.source_text) for f in inside]})  # fmt: skip
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=False).stdout.strip()
    metrics = {
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "git_commit": commit,
        "answers_read": min(args.answers, n + 1),
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

"""Fit the fused model on train signal rows with and without the NLI signals; AUROC / F1 / ECE on dev rows.

Usage: python experiments/rag-nli-signal/analyse.py [--cv-dev]   (reads ../runs/nli-signal/*.jsonl)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from veracity._jsonl import read_rows
from veracity.eval import metrics as m
from veracity.training.fused import FUSED_FEATURES, fit_fused

RUNS = Path("../runs/nli-signal")
LEXICAL = [f for f in FUSED_FEATURES if not f.startswith("span_")]
NLI = ["nli_min", "nli_mean", "nli_share_low", "nli_contra_max"]


def rows(name: str) -> list[dict]:
    return list(read_rows(RUNS / f"{name}.jsonl"))


def figures(model, data):
    gold = [int(r["label"]) for r in data]
    probs = [model.predict(r["signals"], str(r["shape"])).probability for r in data]
    out = m.binary_metrics(gold, [int(p >= model.threshold) for p in probs], probs)
    return {k: round(out[k], 4) for k in ("auroc", "f1", "balanced_accuracy", "ece")}


def main() -> None:
    train = rows("ragtruth_train")
    dev = rows("ragtruth_dev")
    report = {}
    for label, features in (
        ("lexical", LEXICAL),
        ("lexical+nli", LEXICAL + NLI),
        ("nli", NLI + ["has_question", "is_record"]),
    ):
        model, _ = fit_fused(train, features)
        report[label] = {"ragtruth_dev": figures(model, dev)}
        for task in ("QA", "Summary", "Data2txt"):
            part = [r for r in dev if r.get("task") == task]
            if part:
                report[label][f"ragtruth_dev_{task}"] = figures(model, part)
        for other in ("halueval-summarization_dev_600", "jsonl_.._shared_data_grounding_detection_summedits-dev.jsonl"):
            if (RUNS / f"{other}.jsonl").exists():
                report[label][other] = figures(model, rows(other))
        report[label]["weights"] = {k: round(v, 3) for k, v in model.training["out_of_fold"]["weights"].items()}
    print(json.dumps(report, indent=1))
    if len(sys.argv) > 1:
        Path(sys.argv[1]).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()

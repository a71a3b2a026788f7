"""Accuracy of a verifier on a build-nli dev file, per source and macro (the selection figure of the v2 config).

    python benchmarks/verifier/dev_pairs.py MODEL DEV_JSONL OUT_DIR [--max-length 256] [--extra-dev JSONL ...]

Writes OUT_DIR/metrics.json with the command and git commit. Used for the ship rule of configs/verifier-small-v2.yaml
(the candidate against the model it would replace, on the same dev pairs).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path


def main() -> None:
    """Score the dev pairs and write metrics.json."""
    parser = argparse.ArgumentParser()
    parser.add_argument("model")
    parser.add_argument("dev", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--max-length", type=int, default=256)
    parser.add_argument("--max-examples", type=int, default=2500)
    parser.add_argument("--extra-dev", type=Path, action="append", default=[], help="more dev pairs, read whole")
    args = parser.parse_args()

    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    from veracity.models.catalog import quiet_transformers, resolve_model_path
    from veracity.training.verifier import evaluate_pairs, load_pairs

    quiet_transformers()
    torch.set_num_threads(2)
    path = str(resolve_model_path(args.model))
    tokenizer = AutoTokenizer.from_pretrained(path, local_files_only=True)
    model = AutoModelForSequenceClassification.from_pretrained(path, local_files_only=True, dtype=torch.float32)
    sources: list[str] = []
    pairs = load_pairs(args.dev, args.max_examples, sources=sources)
    for path in args.extra_dev:
        pairs += load_pairs(path, None, sources=sources)
    start = time.perf_counter()
    accuracy = evaluate_pairs(model, tokenizer, pairs, args.max_length, 32, sources)
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=False).stdout.strip()
    metrics = {
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "git_commit": commit,
        "model": args.model,
        "dev_file": str(args.dev),
        "extra_dev_files": [str(p) for p in args.extra_dev],
        "n": len(pairs),
        "seconds": time.perf_counter() - start,
        "accuracy": accuracy,
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(metrics["accuracy"], indent=2))


if __name__ == "__main__":
    main()

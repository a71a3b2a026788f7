"""Pairs per second of a pair scorer at a fixed sequence length (issue 4's speed measure).

Every pair is padded or truncated to exactly ``--tokens`` tokens, so the figure does not depend on the text.
The premises and hypotheses come from the minimal-pairs fixture, repeated until each pair is long enough.

    python benchmarks/speed/verifier_speed.py --quantize int8 --out benchmarks/results/speed_veracity-nli-small-int8

writes ``metrics.json`` (pairs/s, ms per batch, the settings and the command) under ``--out``.
"""

from __future__ import annotations

import argparse
import json
import platform
import shlex
import statistics
import sys
import time
from pathlib import Path

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "minimal_pairs.jsonl"


def main() -> None:
    """Time ``--rounds`` batches after ``--warmup`` untimed ones and write metrics.json."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--model", default="veracity-nli-small")
    parser.add_argument("--quantize", choices=["none", "int8"], default="none")
    parser.add_argument("--tokens", type=int, default=256)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()

    import torch
    from transformers import AutoTokenizer

    from veracity.models.catalog import resolve_model_path
    from veracity.models.pair_scorer import _load

    torch.set_num_threads(args.threads)
    path = str(resolve_model_path(args.model))
    tokenizer = AutoTokenizer.from_pretrained(path, local_files_only=True)
    _, model = _load(path, "cpu", args.quantize)
    rows = [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines() if line.strip()]
    pairs = [(" ".join(r["premise"] for r in rows[i:] + rows[:i]), rows[i]["hypothesis"]) for i in range(len(rows))]
    batch = [pairs[i % len(pairs)] for i in range(args.batch_size)]
    encoded = tokenizer(
        [p for p, _ in batch],
        [h for _, h in batch],
        padding="max_length",
        truncation="longest_first",
        max_length=args.tokens,
        return_tensors="pt",
    )
    assert tuple(encoded["input_ids"].shape) == (args.batch_size, args.tokens)
    times = []
    with torch.inference_mode():
        for round_ in range(args.warmup + args.rounds):
            start = time.perf_counter()
            model(**encoded)
            if round_ >= args.warmup:
                times.append(time.perf_counter() - start)
    total = sum(times)
    metrics = {
        "model": args.model,
        "quantize": args.quantize,
        "tokens": args.tokens,
        "batch_size": args.batch_size,
        "threads": args.threads,
        "rounds": args.rounds,
        "pairs_per_second": round(args.batch_size * args.rounds / total, 2),
        "ms_per_batch_median": round(1000 * statistics.median(times), 1),
        "ms_per_batch_max": round(1000 * max(times), 1),
        "torch": torch.__version__,
        "cpu": platform.processor() or platform.machine(),
        "command": shlex.join(["python", *sys.argv]),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(metrics, indent=2))


if __name__ == "__main__":
    main()

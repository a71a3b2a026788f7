"""Training speed of a verifier body on a training file's real length distribution (issue 14: measure first).

Times optimiser steps (forward, the training loss, backward, AdamW) over length-grouped batches drawn the way
``veracity train verifier`` draws them, and projects what a pass over the file and a three-hour background run
would cover. Writes ``metrics.json`` (with the command) to ``--out``.

    python benchmarks/speed/train_speed.py --model veracity-nli-small --train /work/runs/nli-data-v2/train.jsonl \
        --steps 30 --out benchmarks/results/train-speed_minilm
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path


def main() -> None:
    """Measure and write metrics.json."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", required=True, help="catalog name or folder of the body")
    parser.add_argument("--train", type=Path, required=True, help="a train.jsonl of build-nli")
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--max-length", type=int, default=256)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--freeze-embeddings", action="store_true", help="as the config's freeze_embeddings")
    parser.add_argument("--bf16", action="store_true", help="forward and backward under CPU bf16 autocast")
    parser.add_argument("--freeze-layers", type=int, default=0, help="as the config's freeze_layers")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()

    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    from veracity.models.catalog import quiet_transformers, resolve_model_path
    from veracity.training.verifier import LABELS, _encode, _epoch_order, _freeze_lower, load_pairs, nli_loss

    quiet_transformers()
    torch.set_num_threads(args.threads)
    random.seed(0)
    torch.manual_seed(0)
    pairs = load_pairs(args.train)
    path = str(resolve_model_path(args.model))
    tokenizer = AutoTokenizer.from_pretrained(path, local_files_only=True)
    model = AutoModelForSequenceClassification.from_pretrained(
        path, local_files_only=True, dtype=torch.float32, num_labels=len(LABELS)
    )
    model.train()
    if args.freeze_embeddings:
        model.base_model.embeddings.word_embeddings.weight.requires_grad_(False)
    if args.freeze_layers:
        _freeze_lower(model, args.freeze_layers)
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-5)
    order = _epoch_order(pairs, args.batch_size, group_by_length=True)
    batches = [order[k : k + args.batch_size] for k in range(0, len(order), args.batch_size)][: args.steps + 2]
    seconds, tokens = [], []
    for n, batch in enumerate(batches):
        rows = [pairs[i] for i in batch]
        start = time.perf_counter()
        encoded = _encode(tokenizer, rows, args.max_length)
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.bf16):
            logits = model(**encoded).logits.float()
        loss = nli_loss(logits, torch.tensor([r[2] for r in rows]))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        if n >= 2:  # the first steps warm up allocators and kernels
            seconds.append(time.perf_counter() - start)
            tokens.append(int(encoded["input_ids"].shape[1]))
    per_step = statistics.fmean(seconds)
    pairs_per_s = args.batch_size / per_step
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=False).stdout.strip()
    metrics = {
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "git_commit": commit,
        "model": args.model,
        "parameters": sum(p.numel() for p in model.parameters()),
        "train_file": str(args.train),
        "train_pairs": len(pairs),
        "batch_size": args.batch_size,
        "max_length": args.max_length,
        "threads": args.threads,
        "freeze_embeddings": args.freeze_embeddings,
        "bf16_autocast": args.bf16,
        "freeze_layers": args.freeze_layers,
        "cpu": _cpu_name(),
        "steps_timed": len(seconds),
        "padded_tokens_per_batch_mean": statistics.fmean(tokens),
        "seconds_per_step": per_step,
        "pairs_per_s": pairs_per_s,
        "hours_per_pass": len(pairs) / pairs_per_s / 3600,
        "pairs_in_3h": int(pairs_per_s * 3 * 3600),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(metrics, indent=2))


def _cpu_name() -> str:
    for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown"


if __name__ == "__main__":
    main()

"""(c) A contrastive fine-tune of all-MiniLM-L6-v2 as a frame matcher (issue 70, item 5), on the CPU, time-capped.

Triplets from faithful answers: (an answer sentence's value frame, a source frame stating that value, a same-kind
source frame of the same context stating another value), loss: multiple-negatives ranking (in-batch negatives plus
the hard negative; scale 20, as sentence-transformers' MultipleNegativesRankingLoss), written as a plain torch loop
(``datasets`` is not installed). Training sources: RAGTruth train-upstream sources outside the margin's held-out
quarter (:func:`held_out`) and RAGBench train; never dev. Saved under ../cache/frame-attachment/minilm-frames.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from pathlib import Path

from build import build

from models import TUNED


def held_out(source_key: str) -> bool:
    """A quarter of the RAGTruth train-upstream sources, kept out of the fine-tune to choose its margin on."""
    return int(hashlib.sha1(source_key.encode("utf-8")).hexdigest()[:8], 16) % 4 == 0


def triplets(seed: int = 13) -> list[tuple[str, str, str]]:
    """(anchor, positive, hard negative) of faithful items with both, shuffled; one per item."""
    rng = random.Random(seed)
    out = []
    for split in ("ragtruth:train-upstream", "ragbench:train"):
        data = build(split, mark_others=True)
        for item in data["items"]:
            if not (item["faithful"] and item["pos"] and item["neg"]):
                continue
            if split == "ragtruth:train-upstream" and held_out(item["source"]):
                continue
            frames = data["sources"][item["source"]]
            pos = frames[rng.choice(item["pos"])]["frame"]
            neg = frames[rng.choice(item["neg"])]["frame"]
            if pos != neg:
                out.append((item["frame"], pos, neg))
    rng.shuffle(out)
    return out


def train(seconds: float = 600.0, batch: int = 32, lr: float = 5e-5, out: Path = TUNED, seed: int = 13) -> dict:
    import torch
    from sentence_transformers import SentenceTransformer

    from veracity.models.catalog import resolve_model_path
    from veracity.models.embedder import DEFAULT_EMBEDDER

    torch.manual_seed(seed)
    torch.set_num_threads(2)
    model = SentenceTransformer(str(resolve_model_path(DEFAULT_EMBEDDER)), device="cpu", local_files_only=True)
    model.max_seq_length = 128
    data = triplets(seed)
    steps_planned = len(data) // batch
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01)
    warmup = 50
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: min(1.0, (s + 1) / warmup))
    model.train()

    def embed(texts):
        features = model.tokenize(texts)
        return torch.nn.functional.normalize(model(features)["sentence_embedding"], dim=-1)

    started, seen, losses, step = time.perf_counter(), 0, [], 0
    for step in range(steps_planned):
        part = data[step * batch : (step + 1) * batch]
        anchors = embed([a for a, _, _ in part])
        candidates = embed([p for _, p, _ in part] + [n for _, _, n in part])
        scores = anchors @ candidates.T * 20.0
        loss = torch.nn.functional.cross_entropy(scores, torch.arange(len(part)))
        loss.backward()
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()
        seen += len(part)
        losses.append(float(loss))
        elapsed = time.perf_counter() - started
        if step % 20 == 0:
            print(f"step {step} pairs {seen} loss {sum(losses[-20:]) / len(losses[-20:]):.3f} "
                  f"{seen / elapsed:.1f} pairs/s", flush=True)  # fmt: skip
        if elapsed > seconds:
            break
    elapsed = time.perf_counter() - started
    model.eval()
    out.mkdir(parents=True, exist_ok=True)
    model.save(str(out))
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    report = {
        "triplets_available": len(data),
        "triplets_seen": seen,
        "epochs": round(seen / len(data), 3),
        "batch": batch,
        "lr": lr,
        "steps": step + 1,
        "train_seconds": round(elapsed, 1),
        "pairs_per_second": round(seen / elapsed, 1),
        "first_loss": round(sum(losses[:20]) / len(losses[:20]), 4),
        "last_loss": round(sum(losses[-20:]) / len(losses[-20:]), 4),
        "model_bytes": size,
        "path": "../cache/frame-attachment/minilm-frames",
    }
    (out / "training.json").write_text(json.dumps(report, indent=1))
    return report


if __name__ == "__main__":
    import sys

    print(json.dumps(train(float(sys.argv[1]) if len(sys.argv) > 1 else 600.0), indent=1))

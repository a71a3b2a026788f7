"""Does a cross-encoder reading the anchor and a candidate together rank the aligner's top 3 better?

``python rerank_pairs.py [MINUTES]``. RAGBench dev's slot-level failures (README) differ only in which of two values
of one sentence is the target, which a bi-encoder reads from two separate vectors. A MiniLM-L6 cross-encoder
(all-MiniLM-L6-v2's body, a fresh one-logit head) is trained on pairs of training items — (anchor, a positive) 1,
(anchor, the aligner's highest-ranked negative) 0 — from RAGBench train (all), RAGTruth train (all), 3,000 items of
RAGTruth train-upstream and 1,500 synthetic training items (seeded draws), one epoch at most, batch 16, lr 3e-5, 192
tokens, length-grouped, with a time limit (default 15 minutes, alone on the cores). Then each item of the held-out
quarter of train-upstream, RAGTruth dev, RAGBench dev and 1,000 synthetic test items is ranked by the aligner, its top 3
reordered by the cross-encoder's logit. Rule written before the run: worth building into the product (a later
session) only if RAGBench dev gains at least 0.01 and RAGTruth dev and synthetic test lose no more than 0.005.
Writes ``rerank_pairs.json`` (top-1 before and after, the run's pairs/s); the model goes to ../cache/aligner-rerank.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

import numpy as np
from evaluate import encoder
from rerank import heldout_items

from veracity.training.aligner import AlignerTrainConfig, AlignItem, _resolve_base, length_grouped_batches, load_items

OUT = Path(__file__).resolve().parents[3] / "cache" / "aligner-rerank"
TOP = 3


def ranked(items: list[AlignItem], encode) -> list[list[tuple[str, int, float]]]:  # type: ignore[no-untyped-def]
    """Each item's candidates (text, positive, cosine), best first by the aligner."""
    texts = sorted({t for i in items for t in (i.anchor, *i.positives, *i.negatives)})
    vectors = dict(zip(texts, encode(texts), strict=True))
    out = []
    for item in items:
        a = vectors[item.anchor]
        cands = [(c, 1, float(vectors[c] @ a)) for c in item.positives]
        cands += [(c, 0, float(vectors[c] @ a)) for c in item.negatives]
        out.append(sorted(cands, key=lambda x: -x[2]))
    return out


def top1(lists: list[list[tuple[str, int, float]]]) -> float:
    """Share of items whose first candidate is a positive."""
    return round(float(np.mean([c[0][1] for c in lists])), 4)


def main(minutes: float) -> dict[str, object]:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    torch.set_num_threads(2)
    torch.manual_seed(0)
    rng = random.Random(0)
    cache = AlignerTrainConfig(output_dir=Path("unused")).cache_dir
    encode = encoder("veracity-aligner-small")
    train: list[AlignItem] = load_items("ragbench:train", cache) + load_items("ragtruth:train", cache)
    train += rng.sample(load_items("ragtruth:train-upstream", cache), 3000)
    train += rng.sample(load_items("synthetic:train", cache, 800), 1500)
    pairs: list[tuple[str, str, float]] = []
    for item, cands in zip(train, ranked(train, encode), strict=True):
        hardest = next(c for c, positive, _ in cands if not positive)
        pairs += [(item.anchor, rng.choice(item.positives), 1.0), (item.anchor, hardest, 0.0)]
    base = _resolve_base("all-MiniLM-L6-v2")
    tokenizer = AutoTokenizer.from_pretrained(base)
    model = AutoModelForSequenceClassification.from_pretrained(base, num_labels=1)
    optimiser = torch.optim.AdamW(model.parameters(), lr=3e-5)
    batches = length_grouped_batches([len(a) + len(b) for a, b, _ in pairs], 16, seed=0)
    loss_fn = torch.nn.BCEWithLogitsLoss()
    model.train()
    started, seen, losses = time.perf_counter(), 0, []
    for k, batch in enumerate(batches):
        if time.perf_counter() - started > minutes * 60:
            break
        a, b, y = zip(*(pairs[i] for i in batch), strict=True)
        enc = tokenizer(list(a), list(b), truncation=True, max_length=192, padding=True, return_tensors="pt")
        loss = loss_fn(model(**enc).logits.squeeze(-1), torch.tensor(y))
        loss.backward()
        optimiser.step()
        optimiser.zero_grad()
        seen += len(batch)
        losses.append(float(loss))
        if k % 50 == 0:
            print(
                f"step {k}/{len(batches)} loss {np.mean(losses[-50:]):.3f} {seen / (time.perf_counter() - started):.1f} pairs/s",
                flush=True,
            )
    trained = time.perf_counter() - started
    model.eval()
    OUT.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(OUT)
    tokenizer.save_pretrained(OUT)

    @torch.no_grad()
    def logits(pairs_: list[tuple[str, str]]) -> list[float]:
        out: list[float] = []
        for i in range(0, len(pairs_), 64):
            a, b = zip(*pairs_[i : i + 64], strict=True)
            enc = tokenizer(list(a), list(b), truncation=True, max_length=192, padding=True, return_tensors="pt")
            out += model(**enc).logits.squeeze(-1).tolist()
        return out

    result: dict[str, object] = {
        "train_pairs": len(pairs), "pairs_trained": seen, "train_seconds": round(trained),
        "train_pairs_per_s": round(seen / trained, 1), "final_loss": round(float(np.mean(losses[-100:])), 4),
    }  # fmt: skip
    splits = {"ragtruth:train-upstream-heldout": heldout_items(cache)}
    splits.update({s: load_items(s, cache) for s in ("ragtruth:dev", "ragbench:dev")})
    splits["synthetic:test"] = random.Random(1).sample(load_items("synthetic:test", cache), 1000)
    for name, items in splits.items():
        lists = ranked(items, encode)
        heads = [(item.anchor, c[0]) for item, cands in zip(items, lists, strict=True) for c in cands[:TOP]]
        t0 = time.perf_counter()
        scores = iter(logits(heads))
        reranked = []
        for cands in lists:
            top = [(c, s) for c, s in zip(cands[:TOP], scores, strict=False)]
            reranked.append([c for c, _ in sorted(top, key=lambda x: -x[1])] + cands[TOP:])
        result[name] = {"items": len(items), "aligner": top1(lists), "reranked": top1(reranked),
                        "pairs_per_s": round(len(heads) / (time.perf_counter() - t0), 1)}  # fmt: skip
        print(name, result[name], flush=True)
    return result


if __name__ == "__main__":
    out = main(float(sys.argv[1]) if len(sys.argv) > 1 else 15.0)
    Path(__file__).with_name("rerank_pairs.json").write_text(json.dumps(out, indent=1) + "\n")

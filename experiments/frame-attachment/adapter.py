"""(c') A linear adapter on the frozen MiniLM frame embeddings, trained contrastively on RAGTruth train's pairs.

The full fine-tune of MiniLM-L6 (``train.py``) ran at 0.7 triplets/s on the two shared cores of this machine, so
instead: a 384×384 map W (started at the identity, pulled back to it by ``decay``) on the cached embeddings, cosine
of W·a and W·b, multiple-negatives ranking loss with the same-context other-value frame as the hard negative (scale
20). Seconds on the CPU. Trained on RAGTruth train only; its margin is then chosen on the train-upstream margin sample
(which it never saw), and it is measured on dev.
"""

from __future__ import annotations

import json
import random
import time

import numpy as np
from store import CACHE

ADAPTER = CACHE / "adapter.npz"


def triplets(data: dict, seed: int = 13) -> list[tuple[str, str, str]]:
    rng = random.Random(seed)
    out = []
    for item in data["items"]:
        if item["faithful"] and item["pos"] and item["neg"]:
            frames = data["sources"][item["source"]]
            for p in item["pos"][:2]:
                n = frames[rng.choice(item["neg"])]["frame"]
                if frames[p]["frame"] != n:
                    out.append((item["frame"], frames[p]["frame"], n))
    rng.shuffle(out)
    return out


def fit(
    embed, data: dict, epochs: int = 8, batch: int = 64, lr: float = 1e-3, decay: float = 0.01, seed: int = 13
) -> dict:
    """Fit W on ``data``'s faithful triplets; save it to ``ADAPTER``; return the training figures."""
    import torch

    torch.manual_seed(seed)
    data_triplets = triplets(data, seed)
    texts = list(dict.fromkeys(t for tr in data_triplets for t in tr))
    vectors = torch.tensor(embed(texts))
    row = {t: k for k, t in enumerate(texts)}
    idx = torch.tensor([[row[a], row[p], row[n]] for a, p, n in data_triplets])
    dim = vectors.shape[1]
    weight = torch.nn.Parameter(torch.eye(dim))
    optimizer = torch.optim.Adam([weight], lr=lr)
    started = time.perf_counter()
    losses = []
    for _ in range(epochs):
        order = torch.randperm(len(idx))
        for s in range(0, len(idx), batch):
            part = idx[order[s : s + batch]]
            a, p, n = (torch.nn.functional.normalize(vectors[part[:, j]] @ weight, dim=-1) for j in range(3))
            scores = a @ torch.cat([p, n]).T * 20.0
            loss = torch.nn.functional.cross_entropy(scores, torch.arange(len(part)))
            loss = loss + decay * ((weight - torch.eye(dim)) ** 2).sum()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(float(loss.detach()))
    W = weight.detach().numpy().astype(np.float32)
    np.savez(ADAPTER, weight=W)
    report = {
        "triplets": len(idx),
        "epochs": epochs,
        "train_seconds": round(time.perf_counter() - started, 2),
        "first_loss": round(float(np.mean(losses[:10])), 4),
        "last_loss": round(float(np.mean(losses[-10:])), 4),
        "distance_from_identity": round(float(np.linalg.norm(W - np.eye(dim))), 4),
        "bytes": ADAPTER.stat().st_size,
        "path": "../cache/frame-attachment/adapter.npz",
    }
    (CACHE / "adapter.json").write_text(json.dumps(report, indent=1))
    return report


def adapted(embed, weight: np.ndarray):
    """An embedding function: the frozen embedder's vectors through W, normalised again."""

    def run(texts):
        v = np.asarray(embed(texts)) @ weight
        return v / np.linalg.norm(v, axis=1, keepdims=True).clip(1e-9)

    return run

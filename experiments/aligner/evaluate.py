"""Rank the aligner's dev items with a model: ``python evaluate.py NAME MODEL [--out metrics.json]``.

MODEL is a sentence-transformers folder or the base embedder's name (all-MiniLM-L6-v2, untuned). Writes
``metrics.json[NAME]``: expected top-1 and MRR on RAGTruth dev, RAGBench dev and the synthetic test documents
(test domains only), by value kind, and the encoding speed.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from veracity.training.aligner import AlignerTrainConfig, _resolve_base, load_items, rank_items

SPLITS = ["ragtruth:dev", "ragbench:dev", "synthetic:test"]


def encoder(model_path: str, threads: int = 2) -> Callable[[list[str]], np.ndarray]:
    """L2-normalised vectors of texts by the model, encoded in length order (dynamic padding)."""
    import torch
    from sentence_transformers import SentenceTransformer

    torch.set_num_threads(threads)
    model = SentenceTransformer(_resolve_base(model_path), device="cpu", local_files_only=True)
    model.max_seq_length = 128

    def encode(texts: list[str]) -> np.ndarray:
        order = sorted(range(len(texts)), key=lambda k: len(texts[k]))
        vectors = model.encode([texts[k] for k in order], batch_size=64, normalize_embeddings=True)
        out = np.zeros_like(vectors)
        out[order] = vectors
        return out

    return encode


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("name")
    parser.add_argument("model")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("metrics.json"))
    parser.add_argument("--splits", nargs="*", default=SPLITS)
    args = parser.parse_args()
    cache = AlignerTrainConfig(output_dir=Path("unused")).cache_dir
    encode = encoder(args.model)
    result = {"model": args.model}
    for split in args.splits:
        started = time.perf_counter()
        result[split] = rank_items(load_items(split, cache), encode)
        result[split]["seconds"] = round(time.perf_counter() - started, 1)
        print(split, json.dumps({k: v for k, v in result[split].items() if k != "by_kind"}), flush=True)
    metrics = json.loads(args.out.read_text()) if args.out.exists() else {}
    metrics[args.name] = result
    args.out.write_text(json.dumps(metrics, indent=1) + "\n")

"""Answers/s of veracity's mxbai-rerank-v2 reader against the reference ``MxbaiRerankV2.predict``, same inputs.

The model has mxbai-rerank-base-v2's real shape (Qwen2: hidden 896, 24 layers, 14 heads, 2 KV heads, intermediate
4864, 151,936 embedding rows, tied) with random weights: no published weights can be had offline, and speed does not
depend on their values. The tokenizer is not Qwen2's: it is a byte-level BPE of ``--tokenizer-vocab`` pieces trained
on RAGTruth train texts (tests/models/published/tiny_qwen2.py), so token counts are close to, not equal to, the real
tokenizer's; the embedding keeps the real row count, so the vocabulary projection costs what it costs in the real
model. Each answer is one call of each path: the answer as the query against each of its context passages (what
``sea`` asks of R, with A' as the query). The reference runs under transformers 5 only with transformers' own
``prepare_for_model`` lent to its tokenizer (see tests/models/published/test_mxbai.py).

    python benchmarks/published/mxbai_speed.py --out benchmarks/results/speed_mxbai-rerank-base-v2-random [--limit 50]

writes ``metrics.json`` under ``--out``: answers/s both ways, their ratio, p50 ms per answer, the largest score
difference between the two paths, the settings and the command.
"""

from __future__ import annotations

import argparse
import json
import platform
import shlex
import statistics
import sys
import tempfile
import time
import types
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "models" / "published"))
from tiny_qwen2 import build_reranker  # noqa: E402

BASE_V2 = {"hidden": 896, "layers": 24, "heads": 14, "kv_heads": 2, "intermediate": 4864, "max_positions": 32768}
REAL_VOCAB = 151936


def ragtruth(split: str, limit: int | None) -> list[tuple[str, list[str]]]:
    """(answer, context passages) of the first ``limit`` RAGTruth answers of ``split`` that have a context."""
    from veracity.data.loaders import Example, load_dataset

    rows = []
    for record in load_dataset(f"ragtruth:{split}"):
        if isinstance(record, Example) and record.context:
            rows.append((record.answer, list(record.context)))
            if limit is not None and len(rows) == limit:
                break
    return rows


def reference(folder: Path) -> object:
    """``MxbaiRerankV2`` on ``folder``, its tokenizer lent transformers' ``prepare_for_model`` (gone in v5)."""
    from mxbai_rerank import MxbaiRerankV2
    from transformers.tokenization_python import PythonBackend

    ranker = MxbaiRerankV2(str(folder), device="cpu")
    for name in ("prepare_for_model", "truncate_sequences"):
        setattr(ranker.tokenizer, name, types.MethodType(getattr(PythonBackend, name), ranker.tokenizer))
    return ranker


def timed(
    predict: Callable[[list[str], list[str]], Sequence[Any]], rows: list[tuple[str, list[str]]]
) -> tuple[list[float], list[list[float]]]:
    """Milliseconds and scores per answer (one untimed warm-up call first)."""
    predict([rows[0][0]], [rows[0][1][0]])
    times, scores = [], []
    for answer, passages in rows:
        start = time.perf_counter()
        out = predict([answer] * len(passages), passages)
        times.append((time.perf_counter() - start) * 1000.0)
        scores.append([float(x) for x in out])
    return times, scores


def main() -> None:
    """Build the model, time both paths on the same answers, write metrics.json."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--limit", type=int, default=50, help="RAGTruth dev answers (default 50).")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=32, help="veracity's pairs per forward pass.")
    parser.add_argument("--vocab-size", type=int, default=REAL_VOCAB, help="embedding rows (real: 151,936).")
    parser.add_argument("--tokenizer-vocab", type=int, default=8000)
    parser.add_argument("--model-dir", type=Path, help="reuse (or keep) the built model here.")
    args = parser.parse_args()

    import numpy as np
    import torch
    import transformers

    from veracity.models.published.mxbai import MxbaiReranker

    torch.set_num_threads(args.threads)
    rows = ragtruth("dev", args.limit)
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.model_dir or Path(tmp) / "mxbai-base-v2-shape"
        if not (folder / "config.json").is_file():
            texts = [text for answer, passages in ragtruth("train", 400) for text in (answer, *passages)]
            folder.mkdir(parents=True, exist_ok=True)
            build_reranker(
                folder,
                **BASE_V2,
                vocab_size=args.vocab_size,
                init_range=0.02,
                tokenizer_texts=texts,
                tokenizer_vocab=args.tokenizer_vocab,
            )
        ours = MxbaiReranker(str(folder), batch_size=args.batch_size, num_threads=args.threads)
        our_times, our_scores = timed(ours.predict, rows)
        tokens = [len(ids) for answer, passages in rows for ids in ours.input_ids([answer] * len(passages), passages)]
        ranker = reference(folder)
        their_times, their_scores = timed(lambda q, d: ranker.predict(q, d).numpy(), rows)

    difference = max(float(np.max(np.abs(np.subtract(a, b)))) for a, b in zip(our_scores, their_scores, strict=True))
    ours_rate = len(rows) / (sum(our_times) / 1000.0)
    theirs_rate = len(rows) / (sum(their_times) / 1000.0)
    metrics = {
        "answers": len(rows),
        "pairs": sum(len(p) for _, p in rows),
        "tokens_per_pair_mean": round(statistics.fmean(tokens), 1),
        "veracity": {"answers_per_s": round(ours_rate, 4), "p50_ms": round(statistics.median(our_times), 1)},
        "reference": {"answers_per_s": round(theirs_rate, 4), "p50_ms": round(statistics.median(their_times), 1)},
        "ratio": round(ours_rate / theirs_rate, 3),
        "max_abs_score_difference": difference,
        "model": {**BASE_V2, "vocab_size": args.vocab_size, "weights": "random (init std 0.02)", "dtype": "float32"},
        "tokenizer": f"byte-level BPE, {args.tokenizer_vocab} pieces, trained on 400 RAGTruth train answers "
        "and their contexts (not Qwen2's vocabulary)",
        "threads": args.threads,
        "batch_size": args.batch_size,
        "reference_package": "mxbai-rerank 0.1.6",
        "transformers": transformers.__version__,
        "torch": torch.__version__,
        "platform": platform.platform(),
        "command": shlex.join([Path(sys.executable).name, *sys.argv]),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(metrics, indent=2))


if __name__ == "__main__":
    main()

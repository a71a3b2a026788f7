"""Answers per second of a LettuceDetect model: veracity's reading against the reference package's own ``predict``.

The model has ModernBERT-base's architecture (hidden 768, 22 layers, 12 heads, intermediate 1152, local attention
128 with a global layer every third, 2 labels) with random weights: no published weights can be had offline, and the
speed does not depend on them. Its tokenizer is the tests' byte-level BPE (``tests/models/published/
tiny_modernbert.py``) trained here on the RAGTruth train split with ``--vocab`` pieces, not ModernBERT's 50,368-token
vocabulary: the token counts are close to the real ones, not equal (the mean tokens per window are recorded).

On the same ``--limit`` (default 50) RAGTruth dev answers, spread evenly over the split (its three tasks), on
``--threads`` CPU threads:

* ``reference``: ``lettucedetect.models.inference.HallucinationDetector(method="transformer").predict(context, answer,
  question, output_format="tokens")``, one answer at a time as the package runs it;
* ``veracity_detect``: ``SpanDetector.detect`` (the ``span`` detector's full Report), one answer at a time;
* ``veracity_batched``: ``LettuceDetectModel.read_many`` on all the answers at once, sorted by length,
  ``--batch-size`` windows per forward pass with up to 10% padding (``padding_slack=0.1``, the accelerator default; on
  the CPU the detector pads nothing by default, so its forward passes are the reference's).

The two one-at-a-time paths alternate answer by answer, so that load from other processes falls on both alike; each
path reads one answer first, untimed (model load, first-call costs). The largest |ΔP| between veracity's and the
reference's token probabilities is recorded as a check that both read the same thing.

    python benchmarks/published/lettuce_speed.py --out benchmarks/results/published_lettuce-speed
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BASE = {"hidden_size": 768, "num_hidden_layers": 22, "num_attention_heads": 12, "intermediate_size": 1152,
        "local_attention": 128}  # fmt: skip


def evenly_spaced(records: list[Any], count: int) -> list[Any]:
    """``count`` records spread evenly over ``records`` (the split lists its tasks in runs)."""
    step = len(records) / count
    return [records[int(i * step)] for i in range(count)]


def main() -> None:
    """Build the model, time the three paths and write metrics.json under ``--out``."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--limit", type=int, default=50, help="answers timed, spread evenly over the split")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--vocab", type=int, default=16384)
    parser.add_argument("--max-length", type=int, default=4096)
    args = parser.parse_args()

    import numpy as np
    import torch

    torch.set_num_threads(args.threads)
    sys.path.insert(0, str(ROOT / "tests" / "models" / "published"))
    from lettucedetect.models.inference import HallucinationDetector
    from tiny_modernbert import save_tiny_lettuce

    from veracity.data.loaders import Example, load_dataset
    from veracity.detectors.span import SpanDetector
    from veracity.models.published.lettuce import PADDING_SLACK, LettuceDetectModel

    train = [r for r in load_dataset("ragtruth:train") if isinstance(r, Example)]
    dev = [r for r in load_dataset("ragtruth:dev") if isinstance(r, Example)]
    examples = evenly_spaced(dev, args.limit)
    corpus = [text for r in train for text in (*r.context, r.answer, r.question or "")]
    items = [(list(e.context), e.question, e.answer) for e in examples]

    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        path = save_tiny_lettuce(Path(folder) / "lettuce-base", vocab_size=args.vocab, corpus=corpus, **BASE)
        build_s = time.perf_counter() - started
        reference = HallucinationDetector(
            method="transformer", model_path=str(path), max_length=args.max_length, device="cpu"
        )
        detector = SpanDetector.from_config(
            model=str(path), max_length=args.max_length, num_threads=args.threads, batch_size=args.batch_size
        )
        reader = LettuceDetectModel(
            str(path), max_length=args.max_length, batch_size=args.batch_size, num_threads=args.threads,
            padding_slack=PADDING_SLACK,
        )  # fmt: skip
        warm = ("The capital of France is Paris.", "Paris is the capital.", "Where?")
        reference.predict([warm[0]], warm[1], warm[2])
        detector.detect(warm[1], [warm[0]], warm[2])

        reference_ms, veracity_ms, expected = [], [], []
        for passages, question, answer in items:
            started = time.perf_counter()
            tokens = reference.predict(passages, answer, question, output_format="tokens")
            reference_ms.append((time.perf_counter() - started) * 1000)
            expected.append(np.array([t["prob"] for t in tokens[:-1]], dtype=np.float32))  # [:-1]: its [SEP]
            started = time.perf_counter()
            detector.detect(answer, passages, question)
            veracity_ms.append((time.perf_counter() - started) * 1000)

        started = time.perf_counter()
        readings = reader.read_many(items)
        batched_s = time.perf_counter() - started
    largest_gap = max(float(np.abs(r.probs - e).max(initial=0.0)) for r, e in zip(readings, expected, strict=True))
    windows = sum(r.chunks for r in readings)
    positions = sum(r.prompt_tokens_read + r.chunks * (len(r.probs) + 3) for r in readings)

    n = len(items)
    reference_rate = n / (sum(reference_ms) / 1000)
    detect_rate = n / (sum(veracity_ms) / 1000)
    batched_rate = n / batched_s
    metrics = {
        "measured": "answers/s of a ModernBERT-base-size LettuceDetect stand-in (random weights) on RAGTruth dev",
        "answers": n,
        "tasks": {task: sum(e.task == task for e in examples) for task in sorted({e.task or "" for e in examples})},
        "reference_answers_per_s": round(reference_rate, 3),
        "veracity_detect_answers_per_s": round(detect_rate, 3),
        "veracity_batched_answers_per_s": round(batched_rate, 3),
        "ratio_detect_over_reference": round(detect_rate / reference_rate, 3),
        "ratio_batched_over_reference": round(batched_rate / reference_rate, 3),
        "reference_p50_ms": round(statistics.median(reference_ms), 1),
        "veracity_detect_p50_ms": round(statistics.median(veracity_ms), 1),
        "max_abs_prob_difference": largest_gap,
        "windows": windows,
        "mean_tokens_per_window": round(positions / windows, 1),
        "model": {**BASE, "vocab_size": args.vocab, "labels": 2, "weights": "random", "build_s": round(build_s, 1)},
        "tokenizer": f"byte-level BPE, {args.vocab} pieces, trained on ragtruth:train (not ModernBERT's vocabulary)",
        "settings": {
            "threads": args.threads,
            "batch_size": args.batch_size,
            "max_length": args.max_length,
            "batched_padding_slack": PADDING_SLACK,
        },
        "reference_package": "lettucedetect " + _version("lettucedetect"),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "torch": torch.__version__},
        "command": "python benchmarks/published/lettuce_speed.py " + shlex.join(sys.argv[1:]),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(metrics, indent=2))


def _version(distribution: str) -> str:
    from importlib.metadata import version

    return version(distribution)


if __name__ == "__main__":
    main()

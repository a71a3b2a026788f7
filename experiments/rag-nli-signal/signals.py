"""Sentence-level NLI signals for the fused model: does the verifier, reading each answer sentence against the
context segments selected for it, add to the lexical signals on RAGTruth / HaluEval summaries / SummEdits?

Usage: python experiments/rag-nli-signal/signals.py DATASET [LIMIT]   (rows cached in ../runs/nli-signal/)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

from veracity.detectors.fused import shape_signals
from veracity.models.catalog import resolve_model_path
from veracity.models.pair_scorer import CONTRADICTION, ENTAILMENT, HFPairScorer, load_classifier
from veracity.text.novelty import lexical_signals
from veracity.text.select import context_segments, json_as_text, select_segments
from veracity.text.split import SentenceSplitter
from veracity.training.fused import _dataset_examples, _slug, collect_signals

BUDGET = 200  # tokens of context per sentence pair (the verifier reads 256)

splitter = SentenceSplitter("rules")
scorer = HFPairScorer("veracity-nli-small", batch_size=16)
_tokenizer, _ = load_classifier(str(resolve_model_path("veracity-nli-small")), "cpu")


def count_tokens(text: str) -> int:
    return len(_tokenizer.tokenize(text))


def nli_signals(answer: str, documents: list[str], question: str | None) -> dict[str, float]:
    texts = [json_as_text(d) for d in documents]
    segments = context_segments(texts, splitter)
    count = count_tokens
    sentences = [s.text for s in splitter.split(answer) if len(s.text.split()) >= 3] or [answer]
    pairs = []
    for sentence in sentences:
        query = f"{question} {sentence}" if question else sentence
        selection = select_segments(segments, query, BUDGET, count)
        pairs.append((selection.text(), sentence))
    probs = scorer.score(pairs)
    entail = probs[:, ENTAILMENT]
    contra = probs[:, CONTRADICTION]
    return {
        "nli_min": float(entail.min()),
        "nli_mean": float(entail.mean()),
        "nli_share_low": float((entail < 0.5).mean()),
        "nli_contra_max": float(contra.max()),
    }


def main() -> None:
    name = sys.argv[1]
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else None
    examples = _dataset_examples(name, limit)

    def signals_of(example):
        docs = list(example.context)
        sources = [*docs, example.question] if example.question else docs
        return {
            **lexical_signals(example.answer, sources),
            **shape_signals(docs, example.question),
            **nli_signals(example.answer, docs, example.question),
        }

    t = time.perf_counter()
    rows = collect_signals(examples, signals_of, Path("../runs/nli-signal") / f"{_slug(name)}.jsonl")
    print(name, len(rows), f"{time.perf_counter() - t:.0f}s")


if __name__ == "__main__":
    main()

"""Evidence retrieval against HotpotQA's sentence-level supporting facts (LiteHall §4, Appendix C.2).

The 100 HotpotQA dev questions with supporting facts (``hotpotqa_dev/reflexion_distractor_dev_sample_100.jsonl``):
each question's claim is the declarative ``The answer to "{question}" is: {answer}``; the corpus is its 10
paragraphs, split into sentences exactly as HotpotQA gives them (so indices are comparable); the gold set is the
supporting sentences of both gold paragraphs. The paragraphs fit in one 1,500-token chunk, so an instance is one
question. Reported: coverage / precision / recall / F1 / Jaccard, macro and micro, for the retrieved set (main ∪
supporting) and for the main sentences alone.
"""

from __future__ import annotations

import json
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from veracity.errors import InputError
from veracity.eval import metrics as m
from veracity.schema import Sentence, TextSpan
from veracity.stages.retrieve.evidence import LLMEvidenceRetriever, ScoredEvidenceRetriever
from veracity.text.tagging import CorpusSentence, TaggedChunk, tag_sentences

__all__ = ["evaluate_evidence_retrieval"]

SOURCE = "hotpotqa_dev/reflexion_distractor_dev_sample_100.jsonl"


def _chunk(row: dict[str, Any]) -> tuple[TaggedChunk, list[tuple[str, int]]]:
    members, keys = [], []
    for title, sentences in zip(row["context"]["title"], row["context"]["sentences"], strict=True):
        for index, text in enumerate(sentences):
            clean = text.strip()
            if not clean:
                continue
            members.append(
                CorpusSentence(title, Sentence(index=index, span=TextSpan(start=0, end=len(clean), text=clean)), title)
            )
            keys.append((title, index))
    chunk = TaggedChunk(text=tag_sentences([s.text for s in members]), sentences=tuple(members), n_tokens=0)
    return chunk, keys


def evaluate_evidence_retrieval(
    retriever: ScoredEvidenceRetriever | LLMEvidenceRetriever,
    data_dir: Path,
    out_dir: Path,
    limit: int | None = None,
    progress: Callable[[Any], Any] = lambda items: items,
) -> dict[str, Any]:
    """Run ``retriever`` on the questions and write ``predictions.jsonl`` and ``metrics.json``."""
    path = data_dir / SOURCE
    if not path.exists():
        raise InputError(f"HotpotQA supporting facts not found at {path}; set VERACITY_DATA or pass --data-dir")
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()][:limit]
    out_dir.mkdir(parents=True, exist_ok=True)
    gold_sets, retrieved_sets, main_sets, seconds = [], [], [], []
    notes = 0
    with (out_dir / "predictions.jsonl").open("w", encoding="utf-8") as handle:
        for row in progress(rows):
            chunk, keys = _chunk(row)
            position = {key: i for i, key in enumerate(keys)}
            gold = {
                position[(t, s)]
                for t, s in zip(row["supporting_facts"]["title"], row["supporting_facts"]["sent_id"], strict=True)
                if (t, s) in position
            }
            claim = f'The answer to "{row["question"].strip()}" is: {row["answer"].strip()}'
            start = time.perf_counter()
            (evidence,) = retriever.retrieve([claim], [chunk])
            seconds.append(time.perf_counter() - start)
            notes += len(evidence.notes)
            main = {g.main - 1 for g in evidence.groups}
            retrieved = main | {i - 1 for g in evidence.groups for i in g.support}
            gold_sets.append(gold)
            retrieved_sets.append(retrieved)
            main_sets.append(main)
            handle.write(json.dumps({"id": row["id"], "claim": claim, "gold": sorted(gold), "main": sorted(main),
                                     "retrieved": sorted(retrieved)}) + "\n")  # fmt: skip
    metrics = {
        "n": len(rows),
        "retrieved": m.retrieval_metrics(gold_sets, retrieved_sets),
        "main_only": m.retrieval_metrics(gold_sets, main_sets),
        "sentences_retrieved_per_claim": sum(map(len, retrieved_sets)) / max(1, len(rows)),
        "gold_per_claim": sum(map(len, gold_sets)) / max(1, len(rows)),
        "seconds_per_claim": sum(seconds) / max(1, len(seconds)),
        "claims_with_notes": notes,
        "retriever": retriever.config(),
        "source": SOURCE,
        "command": shlex.join(["veracity", *sys.argv[1:]]),
    }
    (out_dir / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    return metrics

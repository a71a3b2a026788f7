"""Recall@k of the dense retriever before and after training on LLM-OASIS pairs (issue 16, §5.2 / §7.1).

    python benchmarks/oasis/retriever.py --data ../runs/oasis-rules/data --corpus ../runs/knowledge/corpus.jsonl \
        --trained ../runs/retriever-oasis/model --out benchmarks/results/oasis-retriever_recall

Held out by document: the queries are the claims (and the falsified claim) of ``--queries`` records drawn with a fixed
seed from the **test** documents (:func:`veracity.data.oasis.document_split`), never trained on. The corpus is every
passage (Chunk(X; T), T = 128 words, the index's cut) of those test documents plus ``--distractors`` passages of
other documents of ``--corpus`` (drawn with the same seed). A claim is found at k when a passage of its own document
that overlaps the record's window is among the top k by cosine similarity. Each model embeds the same corpus; BM25
(bm25s) on the same corpus is given for reference.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))
from live import write_metrics

from veracity._jsonl import read_rows
from veracity.data.oasis import RECORDS, document_split
from veracity.models.embedder import SentenceTransformerEmbedder
from veracity.schema import Document
from veracity.stages.retrieve.knowledge import Passage, document_passages, iter_corpus
from veracity.training.retriever import recall_at_k

KS = (1, 5, 10, 30)


def main() -> None:
    """Build the held-out queries and corpus, rank with each model, write Recall@k."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--trained", type=Path, required=True)
    parser.add_argument("--base", default="all-MiniLM-L6-v2")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--queries", type=int, default=500)
    parser.add_argument("--distractors", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    records = [r for r in read_rows(args.data / RECORDS) if document_split(r["doc_id"]) == "test"]
    test_docs = {r["doc_id"] for r in records}
    documents = {d.id: d for d in iter_corpus(args.corpus) if isinstance(d, Document)}
    passages: list[Passage] = []
    for doc_id in sorted(test_docs):
        passages += document_passages(documents[doc_id])
    others = sorted(set(documents) - test_docs)
    for doc_id in rng.sample(others, min(args.distractors, len(others))):
        passages += document_passages(documents[doc_id])[:1]
    keys = [f"{p.doc_id}@{p.start}" for p in passages]
    chosen = rng.sample(records, min(args.queries, len(records)))
    queries, relevant = [], []
    for r in chosen:
        start, end = r["passage"]["start"], r["passage"]["end"]
        wanted = {
            key
            for key, p in zip(keys, passages, strict=True)
            if p.doc_id == r["doc_id"] and p.start < end and p.end > start
        }
        for claim in [*r["claims"], r["falsified"]["claim"]]:
            queries.append(claim)
            relevant.append(wanted)
    results = {}
    for name, model in (("base", args.base), ("trained", str(args.trained))):
        embedder = SentenceTransformerEmbedder(model)
        started = time.perf_counter()
        vectors = embedder.embed([p.text for p in passages])
        query_vectors = embedder.embed(queries)
        seconds = time.perf_counter() - started
        scores = query_vectors @ vectors.T
        top = np.argsort(-scores, axis=1, kind="stable")[:, : max(KS)]
        rankings = [[keys[i] for i in row] for row in top]
        results[name] = {
            "model": model,
            **{f"recall@{k}": round(recall_at_k(rankings, relevant, k), 4) for k in KS},
            "embed_seconds": round(seconds, 1),
        }
        print(name, results[name], flush=True)
    import bm25s

    retriever = bm25s.BM25()
    tokens = bm25s.tokenize([p.text for p in passages], stopwords="en", show_progress=False)
    retriever.index(tokens, show_progress=False)
    query_tokens = bm25s.tokenize(queries, stopwords="en", show_progress=False)
    ids, _ = retriever.retrieve(query_tokens, k=max(KS), show_progress=False)
    bm25_rankings = [[keys[int(i)] for i in row] for row in ids]
    results["bm25"] = {f"recall@{k}": round(recall_at_k(bm25_rankings, relevant, k), 4) for k in KS}
    ship = results["trained"]["recall@10"] > results["base"]["recall@10"]
    write_metrics(
        args.out,
        {
            "held_out": {"records": len(chosen), "queries": len(queries), "test_documents": len(test_docs)},
            "corpus": {"passages": len(passages), "distractor_documents": min(args.distractors, len(others))},
            "results": results,
            "ship_rule": "the trained model replaces the base embedder for retrieval only if its Recall@10 is higher",
            "ships": ship,
            "seed": args.seed,
        },
    )


if __name__ == "__main__":
    main()

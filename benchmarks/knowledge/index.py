"""The default knowledge index: build time, size on disk, query latency (also at 100k passages), and retrieval recall.

    python benchmarks/knowledge/index.py --work ../runs/knowledge --out benchmarks/results/knowledge-index_default
    python benchmarks/knowledge/index.py --table benchmarks/results/knowledge-index_default --write docs/knowledge.md

1. Gathers the default corpus (``veracity data build-knowledge-corpus``) and builds its index in ``--work`` (outside
   the repository: it is data), timing the build and measuring the folder.
2. Query latency, per mode (dense, bm25, hybrid), k = 10, over the questions of HaluEval-QA dev (lines 8000+, whose
   knowledge is not in the corpus), after one warm-up query. The embedder's cache is off, so every dense and hybrid
   query pays for its embedding, as a new query does.
3. The same at 100k passages: a copy of the index whose passages (and vectors) are repeated until there are at least
   100,000. Only the latency means anything there: the repeats are duplicates.
4. Recall@k (k = 1, 5, 10): for HaluEval-QA **train** questions, whose knowledge paragraph is in the corpus, how often
   a passage of that paragraph's document is among the top k.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))
from live import write_metrics

from veracity.data.knowledge import build_knowledge_corpus
from veracity.data.loaders import default_data_dir
from veracity.models.embedder import SentenceTransformerEmbedder
from veracity.stages.retrieve.knowledge import KnowledgeIndex, iter_corpus

MODES = ("dense", "bm25", "hybrid")


def questions(start: int, count: int) -> list[tuple[int, str]]:
    """(line, question) of HaluEval-QA from ``start``."""
    out = []
    with (default_data_dir() / "halueval" / "qa_data.json").open(encoding="utf-8") as handle:
        for line, raw in enumerate(handle):
            if line >= start:
                out.append((line, json.loads(raw)["question"]))
            if len(out) == count:
                break
    return out


def latency(index: KnowledgeIndex, queries: list[str]) -> dict[str, Any]:
    """p50 / p95 / mean milliseconds per query, per mode."""
    result = {}
    for mode in MODES:
        index.search(queries[0], k=10, mode=mode)  # warm-up: loads the embedder and BM25
        times = []
        for query in queries:
            started = time.perf_counter()
            index.search(query, k=10, mode=mode)
            times.append((time.perf_counter() - started) * 1000)
        times.sort()
        result[mode] = {
            "p50_ms": round(statistics.median(times), 2),
            "p95_ms": round(times[int(0.95 * (len(times) - 1))], 2),
            "mean_ms": round(statistics.fmean(times), 2),
        }
    return result


def tiled(index: KnowledgeIndex, folder: Path, at_least: int) -> KnowledgeIndex:
    """A copy of ``index`` with its passages repeated to ``at_least`` rows (for latency only)."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    n = index.info()["passages"]
    repeats = -(-at_least // n)
    vectors = (index.folder / "vectors.f32").read_bytes()
    passages = (index.folder / "passages.jsonl").read_text(encoding="utf-8").splitlines()
    with (folder / "vectors.f32").open("wb") as out:
        for _ in range(repeats):
            out.write(vectors)
    with (folder / "passages.jsonl").open("w", encoding="utf-8") as out:
        for r in range(repeats):
            for line in passages:
                row = json.loads(line)
                out.write(json.dumps({**row, "id": row["id"] + r * n, "doc_id": f"{row['doc_id']}#{r}"}) + "\n")
    manifest = {**index.info(), "passages": n * repeats, "bm25_passages": 0}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    copy = KnowledgeIndex.open(folder, index.embedder)
    started = time.perf_counter()
    copy.search("warm-up", k=1, mode="bm25")  # builds BM25 over the copy
    copy.manifest["bm25_build_seconds"] = round(time.perf_counter() - started, 2)
    return copy


def recall(index: KnowledgeIndex, items: list[tuple[int, str]]) -> dict[str, dict[str, float]]:
    """Recall@1/5/10 of the question's own knowledge document (``halueval-qa:LINE``), per mode."""
    result = {}
    for mode in MODES:
        hits = {1: 0, 5: 0, 10: 0}
        for line, question in items:
            docs = [h.passage.doc_id for h in index.search(question, k=10, mode=mode)]
            for k in hits:
                hits[k] += f"halueval-qa:{line}" in docs[:k]
        result[mode] = {f"recall@{k}": round(v / len(items), 4) for k, v in hits.items()}
    return result


def table(metrics: dict[str, Any]) -> str:
    """docs/knowledge.md's measured block, from metrics.json."""
    index, corpus = metrics["index"], metrics["corpus"]
    lines = [
        f"Corpus: {corpus['documents']:,} documents ({', '.join(f'{k} {v:,}' for k, v in corpus['by_source'].items())})"
        f", {corpus['characters']:,} characters. Index: {index['passages']:,} passages of {index['config']['embedder']}"
        f" vectors ({index['dimension']} dimensions), {index['size_bytes'] / 2**20:.0f} MiB on disk, built in "
        f"{metrics['build_seconds_wall']:.0f} s ({metrics['passages_per_second']:.0f} passages/s) on this 2-core "
        "machine.",
        "",
        "| query latency, k = 10 | dense p50 / p95 ms | BM25 p50 / p95 ms | hybrid p50 / p95 ms |",
        "|---|---|---|---|",
    ]
    for name, block in (("default index", metrics["latency"]), ("100k passages", metrics["latency_100k"])):
        label = (
            f"{name} ({block.get('passages', index['passages']):,} passages, {metrics['latency']['queries']} queries)"
        )
        cells = " | ".join(f"{block[m]['p50_ms']:.1f} / {block[m]['p95_ms']:.1f}" for m in MODES)
        lines.append(f"| {label} | {cells} |")
    recall_block = metrics["recall_halueval_qa_train"]
    lines += [
        "",
        f"Retrieval of a question's own knowledge paragraph ({recall_block['questions']} HaluEval-QA train questions):",
        "",
        "| mode | recall@1 | recall@5 | recall@10 |",
        "|---|---|---|---|",
    ]
    for mode in MODES:
        r = recall_block[mode]
        lines.append(f"| {mode} | {r['recall@1']:.3f} | {r['recall@5']:.3f} | {r['recall@10']:.3f} |")
    return "\n".join(lines)


def main() -> None:
    """Build, measure, write metrics.json (or, with --table, fill the doc's block from one)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--work", type=Path, help="Where the corpus and the indexes are written.")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument(
        "--reuse-index",
        action="store_true",
        help="Measure the finished index already in --work (its build time is the one its manifest recorded).",
    )
    parser.add_argument("--out", type=Path)
    parser.add_argument("--table", type=Path, help="A result folder: print (or --write) its table instead.")
    parser.add_argument("--write", type=Path, help="With --table: the doc whose <!-- knowledge:measured --> to fill.")
    args = parser.parse_args()
    if args.table is not None:
        body = table(json.loads((args.table / "metrics.json").read_text(encoding="utf-8")))
        if args.write is None:
            print(body)
            return
        text = args.write.read_text(encoding="utf-8")
        pattern = re.compile(r"(<!-- knowledge:measured -->\n)(?:.*?\n)?(<!-- /knowledge:measured -->)", re.S)
        args.write.write_text(pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(2), text), encoding="utf-8")
        return
    if args.work is None or args.out is None:
        parser.error("--work and --out are required to measure")
    corpus = build_knowledge_corpus(default_data_dir(), args.work / "corpus.jsonl")
    folder = args.work / "index"
    embedder = SentenceTransformerEmbedder(cache_size=0)  # no cached query embeddings: each query pays for its own
    if args.reuse_index:
        index = KnowledgeIndex.open(folder, embedder)
        if not index.info()["complete"] or index.info()["documents"] != corpus["documents"]:
            raise SystemExit(f"{folder} is not a finished index of this corpus: build it without --reuse-index")
        build_s = index.info()["build_seconds"]
    else:
        if folder.exists():
            shutil.rmtree(folder)
        started = time.perf_counter()
        index = KnowledgeIndex.create(folder, embedder=embedder)
        index.add(iter_corpus(args.work / "corpus.jsonl"))
        build_s = time.perf_counter() - started
    info = index.info()
    dev = [q for _, q in questions(8000, args.queries)]
    train = [(line, q) for line, q in questions(0, args.queries)]
    # The train questions whose knowledge paragraph was kept (a repeated paragraph keeps its first line's id).
    ids = index.document_ids()
    train = [(line, q) for line, q in train if f"halueval-qa:{line}" in ids]
    big = tiled(index, args.work / "index-100k", 100_000)
    write_metrics(
        args.out,
        {
            "corpus": {k: v for k, v in corpus.items() if k != "out"},
            "index": {k: info[k] for k in ("embedder", "config", "documents", "passages", "dimension", "size_bytes")},
            "build_seconds_wall": round(build_s, 1),
            "build_reused": args.reuse_index,
            "passages_per_second": round(info["passages"] / build_s, 1),
            "latency": {"queries": len(dev), "k": 10, **latency(index, dev)},
            "latency_100k": {
                "passages": big.info()["passages"],
                "bm25_build_seconds": big.manifest["bm25_build_seconds"],
                **latency(big, dev),
            },
            "recall_halueval_qa_train": {"questions": len(train), **recall(index, train)},
        },
    )


if __name__ == "__main__":
    main()

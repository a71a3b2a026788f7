"""LLM-OASIS data by rules from COVID-QA's articles and the HaluEval-QA train knowledge (issue 16): counts, rejections.

    python benchmarks/oasis/rules.py --work ../runs/oasis-rules --out benchmarks/results/oasis-rules_covid-halueval

Gathers the two sources with `veracity data build-knowledge-corpus --sources halueval-qa-train,covid-qa`, runs
`veracity data synth` on them (K = 5, s = 1, one passage per document, seed 13) into ``--work`` (outside the
repository: it is data), writes the derived sets, and records the stats and the time taken.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))
from live import write_metrics

from veracity.data.knowledge import build_knowledge_corpus
from veracity.data.loaders import default_data_dir
from veracity.data.oasis import SynthConfig, synthesize, write_derived_sets
from veracity.schema import Document
from veracity.stages.retrieve.knowledge import iter_corpus


def main() -> None:
    """Gather, generate, derive, measure."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--work", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    corpus = build_knowledge_corpus(default_data_dir(), args.work / "corpus.jsonl", ["halueval-qa-train", "covid-qa"])
    documents = [d for d in iter_corpus(args.work / "corpus.jsonl") if isinstance(d, Document)]
    started = time.perf_counter()
    stats = synthesize(documents, args.work / "data", SynthConfig())
    seconds = time.perf_counter() - started
    derived = write_derived_sets(args.work / "data")
    rejected_documents = len(stats.pop("rejected_documents"))
    write_metrics(
        args.out,
        {
            "corpus": {k: v for k, v in corpus.items() if k != "out"},
            "generator": "rules",
            **stats,
            "documents_without_record": rejected_documents,
            "acceptance": round(stats["records"] / len(documents), 4) if documents else None,
            "derived": derived,
            "seconds": round(seconds, 1),
            "documents_per_second": round(len(documents) / seconds, 2) if seconds else None,
        },
    )


if __name__ == "__main__":
    main()

"""The counts of an LLM-generated LLM-OASIS set (issue 16), as a committed result folder.

    timeout 600 veracity data synth ../runs/oasis-rules/corpus.jsonl --out ../runs/oasis-qwen \
        --llm qwen2.5-coder-1.5b-instruct --limit 40
    python benchmarks/oasis/llm_stats.py --data ../runs/oasis-qwen --out benchmarks/results/oasis-llm_qwen

The generation runs first (resumable; ``timeout`` bounds a background run, and stats.json is kept current after every
document). This script copies its stats (records, rejections by reason, seconds) with the command that made them, and
the edit sizes of the accepted records, and the easiness P / R / F1 (ROUGE-1, LLM-OASIS Eq. 8-9) of the `rules`
claim extractor against the LLM's claims of the same passages (macro over records).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))
from live import write_metrics

from veracity._jsonl import read_rows
from veracity.eval.metrics import easiness
from veracity.stages.claims import RulesClaimExtractor

GENERATION = (
    "timeout 600 veracity data synth ../runs/oasis-rules/corpus.jsonl --out ../runs/oasis-qwen "
    "--llm qwen2.5-coder-1.5b-instruct --limit 40"
)


def main() -> None:
    """Read stats.json and records.jsonl; write metrics.json."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    stats = json.loads((args.data / "stats.json").read_text(encoding="utf-8"))
    records = read_rows(args.data / "records.jsonl")
    attempted = stats["records"] + len(stats["rejected_documents"])
    shares = [
        max(r["edit"]["end"] - r["edit"]["start"], len(r["edit"]["replacement"])) / max(1, len(r["factual"]))
        for r in records
    ]
    extractor = RulesClaimExtractor(splitter="rules")
    scores = [easiness([c.text for c in extractor.extract(r["text"]).claims], r["claims"]) for r in records]
    rules_vs_llm = (
        {k: round(statistics.fmean(x[k] for x in scores), 3) for k in ("easiness_p", "easiness_r", "easiness_f1")}
        if scores
        else None
    )
    write_metrics(
        args.out,
        {
            "generation_command": GENERATION,
            "generator": stats["paraphrase"],
            "config": stats["config"],
            "documents_attempted": attempted,
            "records": stats["records"],
            "acceptance": round(stats["records"] / attempted, 3) if attempted else None,
            "rejected": stats["rejected"],
            "seconds": stats.get("seconds"),
            "seconds_per_document": round(stats["seconds"] / attempted, 1)
            if attempted and stats.get("seconds")
            else None,
            "claims_per_record": round(statistics.fmean(len(r["claims"]) for r in records), 2) if records else None,
            "rules_extractor_easiness_rouge1_vs_llm_claims": rules_vs_llm,
            "edit_share_median": round(statistics.median(shares), 3) if shares else None,
        },
    )


if __name__ == "__main__":
    main()

"""Claim extraction against FActScore's human atomic facts (LiteHall §4 module evaluation, Appendix C.1).

An instance is one biography: the extractor reads the model's whole output (so pronouns can be resolved across
sentences) and its claims are matched against every human atomic fact of that output. Reported: Semantic Match
F1 (SBERT cosine, τ = 0.75, Hungarian matching, macro over bios) and the LLM-OASIS easiness F1 (ROUGE-1), with the
claim counts and the extractor's speed. Bios whose model abstained (``annotations`` null) are skipped and counted.
"""

from __future__ import annotations

import json
import shlex
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from veracity.errors import InputError
from veracity.eval import metrics as m
from veracity.stages.claims import ClaimExtractor

__all__ = ["FACTSCORE_FILES", "evaluate_claim_extraction", "factscore_bios"]

FACTSCORE_FILES = ("ChatGPT.jsonl", "InstructGPT.jsonl", "PerplexityAI.jsonl")


def factscore_bios(data_dir: Path, files: tuple[str, ...] = FACTSCORE_FILES) -> Iterator[dict[str, Any]]:
    """``{"id", "question", "answer", "gold"}`` per annotated bio, in file order; abstentions are skipped.

    Raises:
        InputError: a FActScore file is missing.
    """
    for name in files:
        path = data_dir / "factscore" / name
        if not path.exists():
            raise InputError(f"FActScore data not found at {path}; set VERACITY_DATA or pass --data-dir")
        for line_number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            row = json.loads(line)
            if not row.get("annotations"):
                continue
            gold = [f["text"] for a in row["annotations"] for f in a.get("human-atomic-facts") or []]
            question = str(row.get("input", "")).removeprefix("Question:").strip() or None
            yield {"id": f"{name.removesuffix('.jsonl')}-{line_number}", "question": question,
                   "answer": row["output"], "gold": gold}  # fmt: skip


def evaluate_claim_extraction(
    extractor: ClaimExtractor,
    data_dir: Path,
    out_dir: Path,
    embed: Callable[[list[str]], Any],
    limit: int | None = None,
    tau: float = 0.75,
    progress: Callable[[Any], Any] = lambda items: items,
) -> dict[str, Any]:
    """Run ``extractor`` on the FActScore bios and write ``predictions.jsonl`` and ``metrics.json``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    bios = list(factscore_bios(data_dir))[:limit]
    gold, predicted, seconds = [], [], []
    dropped = fallbacks = 0
    with (out_dir / "predictions.jsonl").open("w", encoding="utf-8") as handle:
        for bio in progress(bios):
            start = time.perf_counter()
            result = extractor.extract(bio["answer"], bio["question"])
            seconds.append(time.perf_counter() - start)
            claims = [c.text for c in result.claims]
            dropped += result.dropped
            fallbacks += any("extractor was used" in note for note in result.notes)
            gold.append(bio["gold"])
            predicted.append(claims)
            handle.write(json.dumps({"id": bio["id"], "claims": claims, "gold": bio["gold"],
                                     "notes": result.notes}) + "\n")  # fmt: skip
    easiness = [m.easiness(p, g)["easiness_f1"] for g, p in zip(gold, predicted, strict=True)]
    metrics = {
        "n": len(bios),
        "semantic_match_f1": m.semantic_match_f1(gold, predicted, embed, tau=tau),
        "easiness_f1_rouge1": statistics.fmean(easiness) if easiness else None,
        "claims_per_bio": statistics.fmean(len(p) for p in predicted) if predicted else None,
        "gold_facts_per_bio": statistics.fmean(len(g) for g in gold) if gold else None,
        "seconds_per_bio": statistics.fmean(seconds) if seconds else None,
        "claims_dropped": dropped,
        "bios_with_fallback": fallbacks,
        "tau": tau,
        "extractor": getattr(extractor, "config", lambda: {"extractor": extractor.name})(),
        "command": shlex.join(["veracity", *sys.argv[1:]]),
    }
    (out_dir / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    return metrics

"""Choose the span detector's token threshold and score aggregation on ragtruth:dev (issue 32 §2).

usage: python benchmarks/ragtruth/span_sweep.py SPAN_MODEL RUN_DIR OUT_JSON

Runs the span model once over ragtruth:dev, keeping every answer's token probabilities in RUN_DIR/tokens.jsonl
(resumable), then reads off, for each token threshold, the character-level span F1 (RAGTruth's reading), and for each
aggregation of the token probabilities into an answer score, the AUROC. The choice: the token threshold with the best
span F1; the aggregation with the best AUROC. Both are dev choices, stated as such in docs/rag.md.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from veracity._jsonl import read_rows
from veracity.data.loaders import Example, load_dataset
from veracity.detectors.span import SpanConfig, SpanDetector, TokenProbabilities
from veracity.eval import metrics as m

THRESHOLDS = [0.02, 0.04, 0.06, 0.08] + [round(t, 2) for t in np.arange(0.1, 0.95, 0.05)]


def main() -> None:
    model, run_dir, out = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    run_dir.mkdir(parents=True, exist_ok=True)
    path = run_dir / "tokens.jsonl"
    done = {r["id"] for r in read_rows(path)}
    detector = SpanDetector.from_config(SpanConfig(model=model))
    examples = [e for e in load_dataset("ragtruth:dev") if isinstance(e, Example)]
    with path.open("a", encoding="utf-8") as handle:
        for i, e in enumerate(examples):
            if e.id in done:
                continue
            tokens = detector.token_probabilities(e.answer, e.context, e.question)
            handle.write(json.dumps({"id": e.id, **tokens.model_dump()}) + "\n")
            handle.flush()
            if i % 100 == 0:
                print(f"{i}/{len(examples)}", file=sys.stderr)
    rows = {r["id"]: r for r in read_rows(path)}
    gold = [e.label for e in examples]
    result: dict[str, object] = {"model": model, "n": len(examples), "span_f1": {}, "auroc": {}}
    tasks = sorted({str(e.task) for e in examples})
    for t in THRESHOLDS:
        d = SpanDetector(detector.tagger, SpanConfig(model=model, token_threshold=t))
        counts = {task: m.PRF() for task in ["all", *tasks]}
        for e in examples:
            tokens = TokenProbabilities(**{k: v for k, v in rows[e.id].items() if k != "id"})
            spans = [(s, end) for s, end, _ in d.spans(e.answer, tokens)]
            c = m.span_overlap(e.spans or [], spans)
            counts["all"] += c
            counts[str(e.task)] += c
        result["span_f1"][str(t)] = {k: round(v.f1(), 4) for k, v in counts.items()}  # type: ignore[index]
    aggregations = {
        "max": lambda p: max(p, default=0.0),
        "top5_mean": lambda p: float(np.mean(sorted(p)[-5:])) if p else 0.0,
        "mean": lambda p: float(np.mean(p)) if p else 0.0,
        "share_over_half": lambda p: float(np.mean(np.array(p) >= 0.5)) if p else 0.0,
    }
    for name, f in aggregations.items():
        scores = [f(rows[e.id]["probs"]) for e in examples]
        by_task = {
            task: m.auroc([g for g, e in zip(gold, examples) if e.task == task],
                          [s for s, e in zip(scores, examples) if e.task == task])
            for task in tasks
        }  # fmt: skip
        result["auroc"][name] = {"all": m.auroc(gold, scores), **by_task}  # type: ignore[index]
    best_t = max(THRESHOLDS, key=lambda t: result["span_f1"][str(t)]["all"])  # type: ignore[index]
    best_a = max(aggregations, key=lambda a: result["auroc"][a]["all"])  # type: ignore[index]
    best_scores = [aggregations[best_a](rows[e.id]["probs"]) for e in examples]
    threshold, f1 = m.fit_threshold(gold, best_scores, "f1")
    result["choice"] = {"token_threshold": best_t, "aggregation": best_a, "threshold": threshold, "f1": f1}
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result["choice"]), json.dumps(result["auroc"]), json.dumps(result["span_f1"][str(best_t)]))


if __name__ == "__main__":
    main()

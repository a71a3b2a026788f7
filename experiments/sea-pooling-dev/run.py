"""Dev-only look at how sea turns per-cluster entailment into one score (HotPotQA-Derived dev; never test).

Runs the default `sea` once on hotpotqa-derived:dev, keeps every cluster's e_k and its cosine to A' and to H, and
scores these readings from the same NLI outputs (written before running; see README.md for the rule):
  paper         S = Σ r̃_k e_k, r_k = cos(D_k, A')            (the default, §3.5)
  query-h       S = Σ r̃_k e_k, r_k = cos(D_k, H)             (H = the question template with A')
  max           S = max_k e_k
  top1-answer   S = e_k of the cluster most similar to A'
  top1-h        S = e_k of the cluster most similar to H
Writes metrics.json (accuracy at the dev-fitted balanced-accuracy threshold, AUROC, per level) and clusters.jsonl.
    python experiments/sea-pooling-dev/run.py
"""

import json
import sys
import time
from pathlib import Path

import numpy as np

from veracity.data.loaders import load_dataset
from veracity.detectors.sea import SEADetector
from veracity.eval.metrics import auroc, fit_threshold

HERE = Path(__file__).parent


def main() -> None:
    """Run sea on dev once, write clusters.jsonl and print the readings' metrics."""
    detector = SEADetector.from_config()
    rows = []
    started = time.perf_counter()
    for n, ex in enumerate(load_dataset("hotpotqa-derived:dev"), start=1):
        report = detector.detect(ex.answer, ex.context, ex.question)
        texts = ["\n".join(c.span.text for c in g.chunks) for g in report.details.evidence_groups]
        hypothesis = detector.settings.question_template.format(question=ex.question.strip(), answer=ex.answer.strip())
        vectors = detector._embed([ex.answer.strip(), hypothesis, *texts])
        rows.append(
            {
                "id": ex.id,
                "level": ex.task,
                "label": ex.label,
                "paper_score": report.score,
                "entailment": [g.entailment for g in report.details.evidence_groups],
                "cos_answer": (vectors[2:] @ vectors[0]).tolist(),
                "cos_h": (vectors[2:] @ vectors[1]).tolist(),
            }
        )
        if n % 50 == 0:
            print(f"{n} examples, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    with open(HERE / "clusters.jsonl", "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    print(json.dumps(summarise(rows), indent=2))


def weighted(e: np.ndarray, r: np.ndarray) -> float:
    """Σ r̃_k e_k with r clipped at 0 (uniform when every r is 0), as the detector computes it."""
    r = np.clip(r, 0, None)
    return float(e @ (r / r.sum())) if r.sum() > 0 else float(e.mean())


READINGS = {
    "paper": lambda e, ca, ch: weighted(e, ca),
    "query-h": lambda e, ca, ch: weighted(e, ch),
    "max": lambda e, ca, ch: float(e.max()),
    "top1-answer": lambda e, ca, ch: float(e[np.argmax(ca)]),
    "top1-h": lambda e, ca, ch: float(e[np.argmax(ch)]),
}


def summarise(rows: list[dict]) -> dict:
    """AUROC (all and per level) and the dev-fitted balanced accuracy of each reading."""
    out = {}
    for name, reading in READINGS.items():
        scores = [
            1.0 - reading(np.array(r["entailment"]), np.array(r["cos_answer"]), np.array(r["cos_h"])) for r in rows
        ]
        labels = [r["label"] for r in rows]
        threshold, balanced = fit_threshold(labels, scores, "balanced_accuracy")
        result = {"auroc": auroc(labels, scores), "balanced_accuracy_fitted": balanced, "threshold": threshold}
        for level in ("easy", "medium", "hard"):
            idx = [i for i, r in enumerate(rows) if r["level"] == level]
            result[f"auroc_{level}"] = auroc([labels[i] for i in idx], [scores[i] for i in idx])
        out[name] = result
    check = max(
        abs(r["paper_score"] - (1 - weighted(np.array(r["entailment"]), np.array(r["cos_answer"])))) for r in rows
    )
    return {"n": len(rows), "readings": out, "max_abs_diff_paper_reading_vs_detector": check}


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--summarise":
        rows = [json.loads(line) for line in open(HERE / "clusters.jsonl")]
        print(json.dumps(summarise(rows), indent=2))
    else:
        main()

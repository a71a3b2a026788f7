"""Fit litehall's entailment threshold τ_e on a dev split (never a test split).

LiteHall's verifier gives labels; ours gives probabilities, so τ_e (P(entail) a claim needs to count as supported)
is ours to set. The decisive premise of a claim does not depend on τ_e, so one run of the detector gives every
claim's P(entail) and the answer's FactScore can be recomputed for any τ_e ≥ 0.5 (where P(entail) ≥ τ_e already
implies P(entail) ≥ P(contradict)). Rule fixed before looking: the τ_e with the best dev accuracy (ties: the
lowest). Usage:

    .venv/bin/python experiments/litehall-tau-dev/sweep.py halueval-qa:dev experiments/litehall-tau-dev/halueval-qa-dev
    .venv/bin/python experiments/litehall-tau-dev/sweep.py halueval-summarization:dev \
        experiments/litehall-tau-dev/halueval-summarization-dev 600   # the first 600 examples
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tqdm import tqdm

from veracity.data.loaders import BadRecord, load_dataset
from veracity.detectors.litehall import LiteHallDetector
from veracity.schema import Label

TAUS = [round(0.5 + 0.05 * i, 2) for i in range(10)]


def main() -> None:
    dataset, out = sys.argv[1], Path(sys.argv[2])
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else None
    assert not dataset.endswith(":test"), "fit on a dev (or train) split only"
    out.mkdir(parents=True, exist_ok=True)
    detector = LiteHallDetector.from_config()
    rows = []
    for record in tqdm(load_dataset(dataset), desc=dataset, file=sys.stderr, mininterval=5):
        if isinstance(record, BadRecord):
            continue
        if limit is not None and len(rows) >= limit:
            break
        report = detector.detect(record.answer, record.context, record.question)
        # A claim is supported at τ_e iff its decisive P(entail) ≥ τ_e (the label at 0.5 tells p_e ≥ p_c there).
        p = [v.p_supported if v.label is Label.SUPPORTED else 0.0 for v in report.claims]
        rows.append({"id": record.id, "label": record.label, "p_supported": p})
    (out / "claims.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    tau_fs = detector.settings.fact_score_threshold
    accuracy = {}
    for tau in TAUS:
        correct = 0
        for r in rows:
            p = r["p_supported"]
            fact_score = sum(x >= tau for x in p) / len(p) if p else 1.0
            correct += int(fact_score < tau_fs) == r["label"]
        accuracy[str(tau)] = correct / len(rows)
    best = max(TAUS, key=lambda t: (accuracy[str(t)], -t))
    metrics = {"dataset": dataset, "n": len(rows), "accuracy_by_tau_e": accuracy, "chosen_tau_e": best,
               "command": " ".join([".venv/bin/python", *sys.argv])}  # fmt: skip
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(metrics, indent=2))


if __name__ == "__main__":
    main()

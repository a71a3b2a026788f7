"""Can the fused model's description signals carry a ranking the evidence does not make? (issue 68, item 4).

The description signals (``FUSED_DIRECTIONS`` 0: the answer's and the context's lengths, a question or not, a record or
not) may weigh either way; the evidence (+1: novel words, names, numbers and word pairs, the checkers' conflicts) only
raises P. On inverted labels the evidence weights fall to zero and, free, the descriptions alone fit the labels: an
exact copy of the source then reads as hallucinated (issue 68: 0.97, against 0.03 for an invented value). The fix caps
the descriptions' share of the log-odds movement over the training answers, s_d / (s_d + s_e) <= 0.5
(``DESCRIPTION_SHARE``; s: the standard deviation of a group's summed contributions). Measured here, each fit with the
cap (0.5) and without it (1.0), exactly as ``train fused`` fits (``fit_fused``: signs kept, C by grouped 5-fold
log-loss, calibration on out-of-fold predictions; no prior, so that the answers alone are measured):

1. what the cap costs where the labels are right: all 1,230 RAGTruth training answers, and 10 draws each of 24, 100
   and 400 of them, measured on the 894 RAGTruth dev answers no fit saw (AUROC); and the share the shipped model
   itself gives its descriptions on those answers;
2. what it prevents where they are inverted: the same fits on inverted training labels, measured on dev with the true
   labels (below 0.5: the fit ranks the answers the wrong way round, which only the descriptions can do, the evidence
   being held to its signs);
3. the issue's case: the 32 payments answers of tests/fixtures/payments_labelled.jsonl (a copied sentence faithful, an
   invented value hallucinated), right and inverted, and the P each fit gives an exact copy of an unseen source
   sentence and an answer with an invented value.

The signals are the shipped model's (lexical and the consistency checkers'; no span model): a run takes minutes.

Usage (computes and caches the signal rows on the first run)::

    python experiments/fused-description/measure.py ../runs/fused-description/signals \
        > experiments/fused-description/metrics.json
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from veracity.calibration import input_shape
from veracity.detectors.fused import answer_signals, resolve_fused_model
from veracity.detectors.fused.model import FusedModel
from veracity.errors import InputError
from veracity.eval import metrics as m
from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker
from veracity.training.fused import (
    DESCRIPTION_SHARE,
    FUSED_DIRECTIONS,
    FusedTrainConfig,
    description_share,
    fit_fused,
    signal_rows_for,
)

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "fixtures" / "payments_labelled.jsonl"
SIZES = (24, 100, 400)
REPEATS = 10
SEED = 68
CAPS = {"capped": DESCRIPTION_SHARE, "uncapped": 1.0}
# The probe of tests/training/test_fused_description.py: a source no case uses, a sentence of it, an invented value.
SOURCE = (
    "Card payments cost 2.9% plus $0.30 per successful charge, and international cards add 1.5% to that fee. "
    "Fees are taken from the payment before it reaches your balance. There is no monthly fee on the Starter plan."
)
QUESTION = "What does a card payment cost?"
PROBES = {
    "exact_copy": (
        "Card payments cost 2.9% plus $0.30 per successful charge, and international cards add 1.5% to that fee."
    ),
    "invented_value": "Card payments cost 4.9%.",
}


def summary(values: list[float]) -> dict[str, float | int]:
    """Count, mean, min, max (rounded to 4 places)."""
    return {
        "n_fits": len(values),
        "mean": round(statistics.fmean(values), 4),
        "min": round(min(values), 4),
        "max": round(max(values), 4),
    }


def dev_auroc(model: FusedModel, rows: list[dict[str, Any]]) -> float:
    """AUROC of the model's calibrated P on ``rows`` (their true labels)."""
    return reading(model, rows)["auroc"]


def reading(model: FusedModel, rows: list[dict[str, Any]]) -> dict[str, float]:
    """AUROC of the calibrated P on ``rows`` (their true labels), and how far P and each group's log-odds move (SDs).

    The groups are the descriptions' and the evidence's summed contributions. An AUROC alone misleads for a model that
    is nearly constant: weights of 1e-4 still order every answer. The SDs say whether the ordering moves P at all.
    """
    gold = [int(r["label"]) for r in rows]
    predictions = [model.predict(r["signals"], str(r["shape"])) for r in rows]
    auroc = m.auroc(gold, [p.probability for p in predictions])
    groups = {
        g: [sum(v for f, v in p.contributions.items() if FUSED_DIRECTIONS.get(f) == d) for p in predictions]
        for g, d in (("description", 0), ("evidence", 1))
    }
    return {
        "auroc": round(auroc if auroc is not None else 0.5, 4),  # None: one label only (never here)
        "p_sd": round(float(np.std([p.probability for p in predictions])), 4),
        "description_log_odds_sd": round(float(np.std(groups["description"])), 4),
        "evidence_log_odds_sd": round(float(np.std(groups["evidence"])), 4),
    }


def inverted(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows with each label turned over."""
    return [{**r, "label": 1 - int(r["label"])} for r in rows]


def model_share(model: FusedModel, rows: list[dict[str, Any]]) -> float:
    """The descriptions' share of ``model``'s log-odds movement on ``rows`` (its own standardisation)."""
    x = np.array([[float(r["signals"].get(f, 0.0)) for f in model.features] for r in rows])
    z = (x - np.array(model.mean)) / np.array(model.scale)
    return round(description_share(z, model.coef, model.features), 4)


def fit(rows: list[dict[str, Any]], features: list[str], share: float) -> tuple[FusedModel, dict[str, Any]]:
    """``fit_fused`` as ``train fused`` runs it, without a prior."""
    return fit_fused(rows, features, share=share)


def described(figures: dict[str, Any]) -> dict[str, float]:
    """The description weights of a fit."""
    return {f: round(w, 4) for f, w in figures["weights"].items() if FUSED_DIRECTIONS.get(f) == 0}


def probes(model: FusedModel, checker: ConsistencyChecker) -> dict[str, float]:
    """P(hallucinated) of the probe answers."""
    out = {}
    for name, answer in PROBES.items():
        signals, _, _ = answer_signals(None, answer, [SOURCE], QUESTION, checker)
        out[name] = round(model.predict(signals, input_shape(answer, QUESTION)).probability, 4)
    return out


def main(signals_dir: Path) -> dict[str, Any]:
    """The measurement; returns what metrics.json holds."""
    started = time.perf_counter()
    shipped = FusedModel.load(resolve_fused_model("veracity-fused-small"))
    config = FusedTrainConfig(
        data=["ragtruth:train"], out=signals_dir / "unused.json", signals_dir=signals_dir, use_span_model=False
    )
    quiet = lambda line: None  # noqa: E731
    train = signal_rows_for("ragtruth:train", config, ["veracity-span-small"], quiet)
    dev = signal_rows_for("ragtruth:dev", config, ["veracity-span-small"], quiet)
    features = list(shipped.features)
    print(f"signals: {time.perf_counter() - started:.0f} s", file=sys.stderr)

    result: dict[str, Any] = {
        "shipped": {
            "dev_auroc": dev_auroc(shipped, dev),
            "description_share_on_train": model_share(shipped, train),
            "description_share_on_dev": model_share(shipped, dev),
            "description_weights": {
                f: round(w, 4) for f, w in zip(shipped.features, shipped.coef, strict=True) if FUSED_DIRECTIONS[f] == 0
            },
        }
    }
    full: dict[str, Any] = {}
    for labels, rows in (("right", train), ("inverted", inverted(train))):
        for name, share in CAPS.items():
            model, figures = fit(rows, features, share)
            full[f"{labels}_{name}"] = {
                "oof_auroc": round(figures["oof"]["auroc"], 4),
                "dev": reading(model, dev),
                "description_share": round(figures["description_share"], 4),
                "train_log_odds_sd": {k: round(v, 4) for k, v in figures["log_odds_sd"].items()},
                "evidence_separation": round(figures["evidence_separation"], 4),
                "description_weights": described(figures),
                "uncalibrated_shapes": figures["uncalibrated_shapes"],
            }
            print(f"all train, {labels} labels, {name}: {json.dumps(full[f'{labels}_{name}'])}", file=sys.stderr)
    result["all_train"] = full

    rng = random.Random(SEED)
    by_size: dict[str, Any] = {}
    for n in SIZES:
        draws = [rng.sample(train, n) for _ in range(REPEATS)]
        entry: dict[str, Any] = {}
        for labels in ("right", "inverted"):
            for name, share in CAPS.items():
                readings, shares, oof, skipped = [], [], [], 0
                for drawn in draws:
                    try:
                        model, figures = fit(drawn if labels == "right" else inverted(drawn), features, share)
                    except InputError:
                        skipped += 1
                        continue
                    readings.append(reading(model, dev))
                    shares.append(figures["description_share"])
                    oof.append(figures["oof"]["auroc"])
                below = [r for r in readings if r["auroc"] < 0.5]
                entry[f"{labels}_{name}"] = {
                    "dev_auroc": summary([r["auroc"] for r in readings]),
                    "dev_p_sd": summary([r["p_sd"] for r in readings]),
                    "dev_description_log_odds_sd": summary([r["description_log_odds_sd"] for r in readings]),
                    "description_share": summary(shares),
                    "oof_auroc": summary(oof),
                    "written_without_force": sum(a > 0.5 for a in oof),
                    "one_label_draws": skipped,
                    "below_chance_on_dev": len(below),
                    "below_chance_on_dev_moving_p_by_0.05_or_more": sum(r["p_sd"] >= 0.05 for r in below),
                }
        by_size[str(n)] = entry
        print(f"n={n}: {json.dumps(entry)}", file=sys.stderr)
    result["by_size"] = by_size

    checker = ConsistencyChecker()
    cases_config = FusedTrainConfig(
        data=[f"jsonl:{CASES}"], out=signals_dir / "unused.json", signals_dir=signals_dir, use_span_model=False
    )
    cases = signal_rows_for(f"jsonl:{CASES}", cases_config, ["veracity-span-small"], quiet)
    payments: dict[str, Any] = {}
    for labels, rows in (("right", cases), ("inverted", inverted(cases))):
        for name, share in CAPS.items():
            model, figures = fit(rows, features, share)
            payments[f"{labels}_{name}"] = {
                "oof_auroc": round(figures["oof"]["auroc"], 4),
                "description_share": round(figures["description_share"], 4),
                "description_weights": described(figures),
                "probe_p_hallucinated": probes(model, checker),
            }
            print(f"payments, {labels} labels, {name}: {json.dumps(payments[f'{labels}_{name}'])}", file=sys.stderr)
    payments["shipped_auroc"] = {
        "right": dev_auroc(shipped, cases),
        "inverted": dev_auroc(shipped, inverted(cases)),
    }
    result["payments"] = payments
    return {
        "command": "python experiments/fused-description/measure.py ../runs/fused-description/signals > "
        "experiments/fused-description/metrics.json",
        "data": {
            "pool": f"ragtruth:train ({len(train)} answers)",
            "new_answers": f"ragtruth:dev ({len(dev)} answers)",
            "payments": f"tests/fixtures/payments_labelled.jsonl ({len(cases)} answers)",
        },
        "features": features,
        "caps": CAPS,
        "sizes": list(SIZES),
        "repeats": REPEATS,
        "seed": SEED,
        "probe": {"source": SOURCE, "question": QUESTION, **PROBES},
        **result,
        "seconds": round(time.perf_counter() - started, 1),
    }


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1])), indent=2))

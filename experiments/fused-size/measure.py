"""How many labelled answers does `veracity train fused` need? (issue 58, item 4).

A user refits the fused model on their own labelled answers. On few answers, how good is the model on new answers,
and how far is the out-of-fold figure that `train fused` prints from that? For each size n and 20 draws: n answers at
random from RAGTruth train (1,230, the pool a user's answers stand for), fitted exactly as `train fused` does
(``fit_fused``: sign-kept weights, C by grouped 5-fold log-loss, calibration on out-of-fold predictions; no prior, so
that the answers alone are measured), and measured on the 894 RAGTruth dev answers, which no fit saw: AUROC (the
ranking) and ECE. Beside it, the fit's own out-of-fold AUROC on its n answers, as `train fused` prints it, and its
error against the dev AUROC. A draw with one label only cannot be fitted and is counted. The signals are the shipped
model's (lexical and the consistency checkers'; no span model, so a measurement takes minutes of CPU).

The rule, written before the run: the reliable size is the smallest measured n at which (a) the mean dev AUROC is
within 0.02 of a fit on all 1,230 answers and (b) 9 fits in 10 print an out-of-fold AUROC within 0.05 of their dev
AUROC.

Usage (computes and caches the signal rows on the first run, about 4 minutes on 2 cores)::

    python experiments/fused-size/measure.py ../runs/fused-size/signals > experiments/fused-size/metrics.json
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from veracity.detectors.fused import resolve_fused_model
from veracity.detectors.fused.model import FusedModel
from veracity.errors import InputError
from veracity.eval import metrics as m
from veracity.training.fused import FusedTrainConfig, fit_fused, signal_rows_for

SIZES = (24, 50, 100, 200, 400, 800)
REPEATS = 20
SEED = 58


def summary(values: list[float]) -> dict[str, float | int]:
    """Count, mean, standard deviation, 10th, 50th and 90th percentiles (rounded to 4 places)."""
    ordered = sorted(values)

    def pct(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 4)

    return {
        "n_fits": len(values),
        "mean": round(statistics.fmean(values), 4),
        "sd": round(statistics.stdev(values), 4) if len(values) > 1 else 0.0,
        "p10": pct(0.1),
        "median": pct(0.5),
        "p90": pct(0.9),
    }


def dev_figures(model: FusedModel, rows: list[dict[str, Any]]) -> tuple[float, float]:
    """(AUROC, ECE) of the model's calibrated P on ``rows``."""
    gold = [int(r["label"]) for r in rows]
    probs = [model.predict(r["signals"], str(r["shape"])).probability for r in rows]
    return m.auroc(gold, probs), m.expected_calibration_error(gold, probs)


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
    reference: dict[str, Any] = {"shipped": dict(zip(("dev_auroc", "dev_ece"), dev_figures(shipped, dev), strict=True))}
    for signs in (True, False):
        model, figures = fit_fused(train, features, signs=signs)
        auroc, ece = dev_figures(model, dev)
        reference["all_train_signs_kept" if signs else "all_train_signs_free"] = {
            "n": len(train), "oof_auroc": figures["oof"]["auroc"], "dev_auroc": auroc, "dev_ece": ece,
            "negative_evidence_weights": {
                f: round(w, 4) for f, w in figures["weights"].items() if w < 0 and f not in (
                    "answer_words_log", "context_words_log", "has_question", "is_record")
            },
        }  # fmt: skip
    full = reference["all_train_signs_kept"]["dev_auroc"]
    rng = random.Random(SEED)
    by_size: dict[str, Any] = {}
    for n in SIZES:
        oof, dev_auroc, dev_ece, error, one_label = [], [], [], [], 0
        for _ in range(REPEATS):
            drawn = rng.sample(train, n)
            try:
                model, figures = fit_fused(drawn, features)
            except InputError:
                one_label += 1
                continue
            auroc, ece = dev_figures(model, dev)
            oof.append(figures["oof"]["auroc"])
            dev_auroc.append(auroc)
            dev_ece.append(ece)
            error.append(abs(figures["oof"]["auroc"] - auroc))
        by_size[str(n)] = {
            "one_label_draws": one_label,
            "oof_auroc": summary(oof),
            "dev_auroc": summary(dev_auroc),
            "dev_ece": summary(dev_ece),
            "oof_minus_dev_abs": summary(error),
            "below_shipped_on_dev": sum(a < reference["shipped"]["dev_auroc"] for a in dev_auroc),
        }
        print(f"n={n}: {json.dumps(by_size[str(n)]['dev_auroc'])}", file=sys.stderr)
    reliable = next(
        (
            n
            for n in SIZES
            if full - by_size[str(n)]["dev_auroc"]["mean"] <= 0.02
            and by_size[str(n)]["oof_minus_dev_abs"]["p90"] <= 0.05
        ),
        None,
    )
    table = {
        str(n): {
            "dev_auroc_mean": by_size[str(n)]["dev_auroc"]["mean"],
            "dev_auroc_p10": by_size[str(n)]["dev_auroc"]["p10"],
            "oof_error_p90": by_size[str(n)]["oof_minus_dev_abs"]["p90"],
        }
        for n in SIZES
    }
    return {
        "command": "python experiments/fused-size/measure.py ../runs/fused-size/signals > "
        "experiments/fused-size/metrics.json",
        "data": {"pool": f"ragtruth:train ({len(train)} answers)", "new_answers": f"ragtruth:dev ({len(dev)} answers)"},
        "features": features,
        "sizes": list(SIZES),
        "repeats": REPEATS,
        "seed": SEED,
        "rule": "reliable: the smallest n with mean dev AUROC within 0.02 of the all-train fit's and a 90th "
        "percentile |out-of-fold AUROC - dev AUROC| <= 0.05",
        "reliable_n": reliable,
        "reference": reference,
        "by_size": by_size,
        "table": table,
        "seconds": round(time.perf_counter() - started, 1),
    }


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1])), indent=2))

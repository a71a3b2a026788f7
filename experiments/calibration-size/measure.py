"""How far from calibrated is a calibrator fitted on n rows? (issue 53, "Bad input": `veracity calibrate` on few rows).

For each run given (a `veracity eval` folder's predictions, or a committed ``predictions.jsonl.gz``), and each size n:
draw n rows at random (20 repeats), fit Platt scaling and isotonic regression on them exactly as ``veracity calibrate``
does (``ShapeCalibration.fit``), and measure the expected calibration error (10 equal-width bins,
``expected_calibration_error``) of the fitted map on held-out rows (the same number of rows for every n). A draw with
a single class cannot be fitted (``veracity calibrate`` refuses it too) and is counted, not measured. The rows' raw
score is used where the run kept one (``raw_score``: a calibrated run), else its ``score``.

Usage (the README names the runs)::

    python experiments/calibration-size/measure.py NAME=PATH [NAME=PATH ...] > metrics.json
"""

from __future__ import annotations

import gzip
import json
import random
import statistics
import sys
from pathlib import Path

from veracity.calibration import CalibrationError, ShapeCalibration, expected_calibration_error

SIZES = (25, 50, 100, 200, 400)
REPEATS = 20
SEED = 53


def read_rows(path: Path) -> list[tuple[float, int]]:
    """(raw score, label) of every scored row of a predictions file (``.jsonl`` or ``.jsonl.gz``)."""
    opener = gzip.open if path.suffix == ".gz" else open
    rows = []
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            if "error" in row or row.get("not_checked") or "score" not in row:
                continue
            rows.append((float(row.get("raw_score", row["score"])), int(row["label"])))
    return rows


def summary(values: list[float]) -> dict[str, float | int]:
    """Mean, standard deviation, median and 90th percentile of ``values`` (rounded to 4 places)."""
    ordered = sorted(values)
    return {
        "n_fits": len(values),
        "mean": round(statistics.fmean(values), 4),
        "sd": round(statistics.stdev(values), 4) if len(values) > 1 else 0.0,
        "median": round(statistics.median(values), 4),
        "p90": round(ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))], 4),
    }


def measure(rows: list[tuple[float, int]], seed: int) -> dict[str, object]:
    """ECE on held-out rows of fits on n drawn rows, per method and size; and reference figures.

    Each repeat splits the rows once: the last ``max(SIZES)`` rows of a shuffle are the pool the fits draw from, the
    others the evaluation set, the same for every n (so the ECE of every size is measured on as many rows: the ECE of
    a finite set is itself noisy, and more so on fewer rows).
    """
    rng = random.Random(seed)
    scores = [s for s, _ in rows]
    labels = [y for _, y in rows]
    pool_size = max(SIZES)
    result: dict[str, object] = {
        "rows": len(rows),
        "evaluation_rows": len(rows) - pool_size,
        "hallucinated_share": round(statistics.fmean(labels), 4),
        "ece_raw_all_rows": round(expected_calibration_error(labels, scores), 4),
    }
    per_size: dict[int, dict[str, list[float]]] = {n: {"platt": [], "isotonic": []} for n in SIZES}
    single_class = dict.fromkeys(SIZES, 0)
    raw_on_evaluation: list[float] = []
    reference: dict[str, list[float]] = {"platt": [], "isotonic": []}
    full = {m: ShapeCalibration.fit(scores, labels, m, fitted_on="all rows") for m in ("platt", "isotonic")}
    for _ in range(REPEATS):
        order = list(range(len(rows)))
        rng.shuffle(order)
        evaluation, pool = order[:-pool_size], order[-pool_size:]
        held_scores = [scores[i] for i in evaluation]
        held_labels = [labels[i] for i in evaluation]
        raw_on_evaluation.append(expected_calibration_error(held_labels, held_scores))
        for method, fit in full.items():  # a fit that saw every row, these included: the floor of the measurement
            reference[method].append(expected_calibration_error(held_labels, [fit.probability(s) for s in held_scores]))
        for n in SIZES:
            drawn = rng.sample(pool, n)
            fit_scores = [scores[i] for i in drawn]
            fit_labels = [labels[i] for i in drawn]
            try:
                fits = {
                    m: ShapeCalibration.fit(fit_scores, fit_labels, m, fitted_on="draw") for m in ("platt", "isotonic")
                }
            except CalibrationError:
                single_class[n] += 1
                continue
            for method, fit in fits.items():
                probabilities = [fit.probability(s) for s in held_scores]
                per_size[n][method].append(expected_calibration_error(held_labels, probabilities))
    result["ece_raw_on_evaluation"] = summary(raw_on_evaluation)
    result["ece_fit_on_all_rows_on_evaluation"] = {m: summary(v) for m, v in reference.items()}
    result["by_size"] = {
        str(n): {"single_class_draws": single_class[n], **{m: summary(v) for m, v in per_size[n].items() if v}}
        for n in SIZES
    }
    return result


def main(arguments: list[str]) -> None:
    """Measure every NAME=PATH run and print the metrics as JSON."""
    runs = {}
    for argument in arguments:
        name, _, path = argument.partition("=")
        runs[name] = {"path": path, **measure(read_rows(Path(path)), SEED)}
    table = {
        method: {
            str(n): {
                stat: round(statistics.fmean(run["by_size"][str(n)][method][stat] for run in runs.values()), 3)
                for stat in ("mean", "p90")
            }
            for n in SIZES
        }
        for method in ("platt", "isotonic")
    }
    out = {
        "command": "python experiments/calibration-size/measure.py " + " ".join(arguments),
        "table": table,  # per method and n: the runs' mean ECE and 90th percentile, averaged over the runs
        "table_note": "what `veracity calibrate` quotes in its warning (veracity.calibration.fit.MEASURED_ECE)",
        "sizes": list(SIZES),
        "repeats": REPEATS,
        "seed": SEED,
        "ece": "10 equal-width bins (veracity.calibration.expected_calibration_error), on each split's evaluation rows",
        "runs": runs,
    }
    json.dump(out, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])

"""Fit the claim route's shipped calibrator (benchmarks/auto/README.md, fourth choice: "the chosen candidate gets a
calibrator fitted on its runs of the three dev parts").

usage: python benchmarks/auto/claim_calibrator.py RUNS_DIR OUT_JSON
RUNS_DIR holds the choice's runs (claim__PART__verifier). Their rows keep the verifier's raw score (`raw_score`,
the runs applied its shipped calibrator); one isotonic fit (≥ 200 rows) for the shape claim-route inputs have
(`summary`: no question), on the three parts pooled.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from veracity._jsonl import read_rows
from veracity.detectors import load_detector
from veracity.calibration import detector_fingerprint
from veracity.eval.metrics import auroc, expected_calibration_error
from veracity.calibration import Calibrator, ShapeCalibration

PARTS = ("claims", "rte-dev", "fever-symmetric")


def main() -> None:
    runs, out = Path(sys.argv[1]), Path(sys.argv[2])
    rows = [
        r
        for part in PARTS
        for r in read_rows(runs / f"claim__{part}__verifier" / "predictions.jsonl")
        if "error" not in r
    ]
    scores = [float(r.get("raw_score", r["score"])) for r in rows]
    labels = [int(r["label"]) for r in rows]
    fit = ShapeCalibration.fit(scores, labels, "isotonic", fitted_on=", ".join(f"claim route dev: {p}" for p in PARTS))
    settings = load_detector("verifier", calibration="none").config()
    dev_metrics = {"summary": {"n": float(len(rows)), "auroc": auroc(labels, scores) or 0.0,
                               "ece_raw": expected_calibration_error(labels, scores),
                               "ece_calibrated": expected_calibration_error(labels, [fit.probability(s) for s in scores])}}  # fmt: skip
    calibrator = Calibrator(detector="verifier", fingerprint=detector_fingerprint("verifier", settings),
                            settings=settings, shapes={"summary": fit}, dev_metrics=dev_metrics)  # fmt: skip
    calibrator.save(out)
    print(json.dumps(dev_metrics, indent=1))


if __name__ == "__main__":
    main()

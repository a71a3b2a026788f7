"""Fit the span detector's shipped calibrator on predictions for answers its model did not train on.

usage: python benchmarks/ragtruth/span_calibrator.py PREDICTIONS_JSONL OUT_JSON

The span model v2 trained on RAGTruth's `train-upstream` only (configs/span-small-v2.yaml), so a raw run on
`ragtruth:train` is out of sample:

    veracity eval -d span --dataset ragtruth:train --set calibration=none --out ../cache/runs/ragtruth-train_span-raw
    python benchmarks/ragtruth/span_calibrator.py ../cache/runs/ragtruth-train_span-raw/predictions.jsonl \
        src/veracity/detectors/calibrators/span.json

One fit per input shape (qa: the QA task; summary: Summary and Data2txt), isotonic (≥ 200 rows). (v1's calibrator
was fitted the same way on the two fold models' out-of-fold `span_top5` signals.)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from veracity._jsonl import read_rows
from veracity.calibration import Calibrator, ShapeCalibration, detector_fingerprint
from veracity.detectors.span import SpanConfig, SpanDetector
from veracity.eval.metrics import auroc, expected_calibration_error


def main() -> None:
    predictions, out = Path(sys.argv[1]), Path(sys.argv[2])
    rows = [r for r in read_rows(predictions) if r.get("score") is not None]
    settings = SpanDetector.from_config(SpanConfig()).config()  # the resolved settings, as with_calibration reads them
    shapes, dev_metrics = {}, {}
    for shape, tasks in (("qa", {"QA"}), ("summary", {"Summary", "Data2txt"})):
        picked = [r for r in rows if r["task"] in tasks]
        scores = [float(r["score"]) for r in picked]
        labels = [int(r["label"]) for r in picked]
        fit = ShapeCalibration.fit(scores, labels, "isotonic", fitted_on="ragtruth:train, out of sample")
        shapes[shape] = fit
        dev_metrics[shape] = {"n": float(len(picked)), "auroc_out_of_fold": auroc(labels, scores) or 0.0,
                              "ece_raw": expected_calibration_error(labels, scores),
                              "ece_calibrated": expected_calibration_error(labels, [fit.probability(s) for s in scores])}  # fmt: skip
    calibrator = Calibrator(detector="span", fingerprint=detector_fingerprint("span", settings), settings=settings,
                            shapes=shapes, dev_metrics=dev_metrics)  # fmt: skip
    calibrator.save(out)
    print(json.dumps(dev_metrics, indent=1))


if __name__ == "__main__":
    main()

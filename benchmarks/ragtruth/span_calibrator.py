"""Fit the span detector's shipped calibrator on out-of-fold training predictions (benchmarks/auto/README.md, third
choice: "span gets a calibrator fitted on ragtruth:train out-of-fold runs if it is chosen").

usage: python benchmarks/ragtruth/span_calibrator.py SIGNALS_DIR OUT_JSON
The span detector's score is the mean of the five largest token probabilities, the `span_top5` signal that
`veracity train fused` cached for every ragtruth:train answer from the span model that did not train on it (the two
fold models). One fit per input shape (qa: the QA task; summary: Summary and Data2txt), isotonic (≥ 200 rows).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from veracity._jsonl import read_rows
from veracity.calibration import detector_fingerprint
from veracity.detectors.span import SpanConfig
from veracity.eval.metrics import auroc, expected_calibration_error
from veracity.calibration import Calibrator, ShapeCalibration


def main() -> None:
    signals, out = Path(sys.argv[1]), Path(sys.argv[2])
    rows = [r for k in (0, 1) for r in read_rows(signals / f"ragtruth_train__.._runs_span-small-fold{k}_model.jsonl")]
    settings = SpanConfig().model_dump()
    shapes, dev_metrics = {}, {}
    for shape, tasks in (("qa", {"QA"}), ("summary", {"Summary", "Data2txt"})):
        picked = [r for r in rows if r["task"] in tasks]
        scores = [float(r["signals"]["span_top5"]) for r in picked]
        labels = [int(r["label"]) for r in picked]
        fit = ShapeCalibration.fit(scores, labels, "isotonic", fitted_on="ragtruth:train, out-of-fold span models")
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

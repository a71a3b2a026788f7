#!/bin/bash
# Calibrated scores (issue 15 §4; docs/calibration.md). Dev runs (raw scores) -> the shipped calibrator -> test runs.
# The summarization dev run was cut at 156 examples and the summarization test run at 400 for CPU time (2 cores).
set -e
for task in qa dialogue; do
  veracity eval --detector verifier --set calibration=none --dataset halueval-$task:dev --out ../runs/calib/verifier-$task-dev
done
veracity eval --detector verifier --set calibration=none --dataset halueval-summarization:dev --limit 156 \
  --out ../runs/calib/verifier-summarization-dev
veracity calibrate ../runs/calib/verifier-qa-dev ../runs/calib/verifier-dialogue-dev \
  ../runs/calib/verifier-summarization-dev --out src/veracity/detectors/calibrators/verifier.json
for task in qa dialogue; do
  veracity eval --detector verifier --dataset halueval-$task:test --out benchmarks/results/halueval-$task-test_verifier-calibrated
done
veracity eval --detector verifier --dataset halueval-summarization:test --limit 400 \
  --out benchmarks/results/halueval-summarization-test_verifier-calibrated

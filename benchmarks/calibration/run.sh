#!/bin/bash
# Calibrated scores (issue 15 §4; docs/calibration.md). Dev runs (raw scores) -> the shipped calibrator -> test runs.
# The dev runs are the `auto` choice's (benchmarks/auto/run.sh, run_summary2.sh: the same detector with raw scores);
# the summarization dev run covers all 2,000 examples since session 13 (it was cut at 156 before, a Platt fit).
# The summarization test run is cut at 400 for CPU time (2 cores).
set -e
dev=../runs/auto
for task in qa dialogue; do
  veracity eval -d verifier --set calibration=none --dataset halueval-$task:dev --out $dev/${task}__verifier
done
veracity eval -d verifier --set calibration=none --dataset halueval-summarization:dev --out $dev/summary-full__verifier
veracity calibrate $dev/qa__verifier $dev/dialogue__verifier $dev/summary-full__verifier \
  --out src/veracity/detectors/calibrators/verifier.json
for task in qa dialogue; do
  veracity eval --detector verifier --dataset halueval-$task:test --out benchmarks/results/halueval-$task-test_verifier-calibrated
done
veracity eval --detector verifier --dataset halueval-summarization:test --limit 400 \
  --out benchmarks/results/halueval-summarization-test_verifier-calibrated
# the verifier as shipped on the realistic grounding sets (also in benchmarks/grounding/run.sh)
for set in wice-test summedits-dev; do
  veracity eval -d verifier --dataset jsonl:../shared/data/grounding/detection/$set.jsonl --out benchmarks/results/${set}_verifier
done

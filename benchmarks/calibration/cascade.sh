#!/bin/bash
# The cascade (issue 15 §3; docs/calibration.md): the verifier first, litehall second. Both stages run once on
# HaluEval dev (raw first-stage scores), the band is fitted there (veracity eval cascade-curve), then the cascade
# runs once on test with that band. Dev runs live outside the repository; the curve and the test run are committed.
set -e
task=${1:-qa}
veracity eval --detector verifier --set calibration=none --dataset halueval-$task:dev --out ../runs/cascade/verifier-$task-dev
veracity eval --detector litehall --dataset halueval-$task:dev --out ../runs/cascade/litehall-$task-dev
veracity eval cascade-curve --first ../runs/cascade/verifier-$task-dev --second ../runs/cascade/litehall-$task-dev \
  --calibrator src/veracity/detectors/calibrators/verifier.json --out benchmarks/results/halueval-$task-dev_cascade-curve
# The test run with the band the curve chose (its `bands_setting`), run once.
bands=$(python -c "import json; print(json.load(open('benchmarks/results/halueval-$task-dev_cascade-curve/metrics.json'))['bands_setting'])")
veracity eval --detector cascade --set "bands=$bands" --dataset halueval-$task:test --out benchmarks/results/halueval-$task-test_cascade
# litehall alone on the same test set (current verifier), and McNemar against both single stages.
veracity eval --detector litehall --dataset halueval-$task:test --out benchmarks/results/halueval-$task-test_litehall-v2.1
veracity eval compare benchmarks/results/halueval-$task-test_litehall-v2.1 benchmarks/results/halueval-$task-test_cascade \
  > benchmarks/results/halueval-$task-test_cascade/compare-litehall.json
veracity eval compare benchmarks/results/halueval-$task-test_verifier-calibrated benchmarks/results/halueval-$task-test_cascade \
  > benchmarks/results/halueval-$task-test_cascade/compare-verifier.json

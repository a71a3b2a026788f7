#!/bin/bash
# The auto detector's routes (issue 15 §5; the rule is benchmarks/auto/README.md, written before these runs).
# Dev runs live outside the repository (../runs/auto/SHAPE__CANDIDATE); choice.json and the test runs are committed.
# Each `veracity eval` resumes where it stopped.
set -e
dev=../runs/auto
stage3=veracity-nli-small-stage3
run() {  # SHAPE CANDIDATE DATASET [--set ...]
  local shape=$1 candidate=$2 dataset=$3; shift 3
  veracity eval "$@" --set calibration=none --dataset "$dataset" --out "$dev/${shape}__${candidate}"
}
for pair in qa:halueval-qa:dev dialogue:halueval-dialogue:dev; do
  shape=${pair%%:*}; dataset=${pair#*:}
  run $shape verifier $dataset -d verifier
  run $shape verifier-stage3 $dataset -d verifier --set model=$stage3
  run $shape litehall $dataset -d litehall
done
summaries="halueval-summarization:dev --limit 600"
run summary verifier $summaries -d verifier
run summary verifier-stage3 $summaries -d verifier --set model=$stage3
run summary litehall $summaries -d litehall
run summary litehall-stage3 $summaries -d litehall --set nli_model=$stage3
python benchmarks/auto/choose.py $dev benchmarks/auto/choice.json
# The test runs, once, with the routes set from choice.json (AutoConfig's defaults).
for task in qa dialogue summarization; do
  veracity eval -d auto --dataset halueval-$task:test --out benchmarks/results/halueval-$task-test_auto
done

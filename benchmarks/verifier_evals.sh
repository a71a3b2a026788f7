#!/usr/bin/env bash
# The verifier's evaluations (issue 4): every set of the model card, for one model.
#   benchmarks/verifier_evals.sh MODEL NAME [extra --set ...]
# MODEL: a catalog name or a folder (e.g. veracity-nli-small, runs/verifier-control/model); NAME: the suffix of the
# result folders under benchmarks/results/. Run one at a time: two heavy jobs on 2 cores slow each other badly.
set -euo pipefail
model=$1; name=$2; shift 2
run() { veracity eval --detector verifier --set "model=$model" "$@"; }
run --dataset nli:benchmarks/fixtures/minimal_pairs.jsonl --out "benchmarks/results/minimal-pairs_$name" "$@"
run --dataset nli:../shared/data/nli/mnli_matched.tsv --out "benchmarks/results/mnli-matched_$name" "$@"
run --dataset fever-symmetric:full --out "benchmarks/results/fever-symmetric_$name" "$@"
run --dataset halueval-qa:test --out "benchmarks/results/halueval-qa-test_$name" "$@"
# Summarization contexts are long (many chunk pairs per example): int8, about twice as fast as fp32.
run --dataset halueval-summarization:test --set quantize=int8 --out "benchmarks/results/halueval-summarization-test_${name}_int8" "$@"
# The same test predictions with the threshold fitted on the dev split (records 8000-8999; never trained on): the
# summary-level rule (min over sentences of max over chunks) is strict, so 0.5 is far from the best threshold.
cal="benchmarks/results/halueval-summarization-test_${name}_int8_calibrated"
mkdir -p "$cal" && cp "benchmarks/results/halueval-summarization-test_${name}_int8/predictions.jsonl" "$cal/"
run --dataset halueval-summarization:test --set quantize=int8 --calibrate-on halueval-summarization:dev \
  --objective balanced_accuracy --out "$cal" "$@"

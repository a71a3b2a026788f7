#!/usr/bin/env bash
# Issue 34's check that the restructuring changed no behaviour: three committed evaluations rerun on the new code
# (novelty on all of RAGTruth dev; the default `auto` and `grounding` on the first 120 / 150 examples), compared
# prediction by prediction with the committed runs. Result: same.json.
set -euo pipefail
out=${1:-../runs/refactor-check}
veracity eval -d novelty --dataset ragtruth:dev --out "$out/novelty"
veracity eval -d auto --dataset ragtruth:dev --limit 120 --out "$out/auto"
veracity eval --detector grounding --dataset fever-symmetric:full --limit 150 --out "$out/grounding"
python benchmarks/refactor-check/same.py \
  benchmarks/results/ragtruth-dev_novelty="$out/novelty" \
  benchmarks/results/ragtruth-dev_auto-v4="$out/auto" \
  benchmarks/results/fever-symmetric_grounding="$out/grounding" > benchmarks/refactor-check/same.json

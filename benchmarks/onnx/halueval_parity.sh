#!/usr/bin/env bash
# Issue 46 "same answers" on the HaluEval dev parts: the default (auto) on the first 300 of each, on torch (an empty
# cache: auto finds no ONNX files) and on ONNX Runtime fp32; `table.py` compares the verdicts row by row.
set -euo pipefail
res=benchmarks/results
empty=$(mktemp -d)
for part in qa dialogue summarization; do
  VERACITY_CACHE=$empty veracity eval -d auto --dataset "halueval-$part:dev" --limit 300 \
    --out "$res/halueval-$part-dev_auto-torch-300"
  veracity eval -d auto --dataset "halueval-$part:dev" --limit 300 --out "$res/halueval-$part-dev_auto-onnx-300"
  python benchmarks/pack.py "$res/halueval-$part-dev_auto-torch-300"
  python benchmarks/pack.py "$res/halueval-$part-dev_auto-onnx-300"
done
python benchmarks/onnx/table.py

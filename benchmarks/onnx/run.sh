#!/usr/bin/env bash
# Issue 46: the default (auto) on ragtruth:dev on four backends — torch fp32, torch int8, ONNX fp32, ONNX int8 — each
# a full run (AUROC, verdicts, answers/s, p50/p95 latency, peak RSS in its metrics.json), then the speed floors on
# the first 200 answers (the default and the span model alone). Alone on the cores; `table.py` reads the folders.
# Every ragtruth:dev answer takes the summary or long_qa route (fused), so the backend is set on those two routes.
# Run from the repository root, with the ONNX files exported (`veracity export-onnx`, done by `make run`).
# Every run warms up first (`--warm-up`: models, spaCy and langid loaded before the clock), so answers/s measures
# checking; the cold default (loading counted) is kept beside it, and the one-shot run measures loading itself.
set -euo pipefail
res=benchmarks/results
routes() {  # $1 backend, $2 quantize, $3 spans (default: flagged)
  local s="{\"detector\":\"fused\",\"settings\":{\"backend\":\"$1\",\"quantize\":\"$2\",\"spans\":\"${3:-flagged}\"}}"
  echo --set "summary=$s" --set "long_qa=$s"  # (no spaces in $s: one word each)
}
veracity export-onnx > /dev/null
# Fresh runs: `veracity eval` resumes an output folder that holds predictions.
rm -rf "$res"/ragtruth-dev_auto-{torch,onnx}-{fp32,int8} "$res"/ragtruth-dev-speed_{auto,span}-onnx* \
  "$res"/ragtruth-dev-speed_auto-onnx-int8-cold "$res"/speed_detect-oneshot "$res"/service-load_auto-{torch,onnx}
for variant in "torch none torch-fp32" "torch int8 torch-int8" "onnx none onnx-fp32" "onnx int8 onnx-int8"; do
  set -- $variant
  veracity eval -d auto $(routes "$1" "$2") --dataset ragtruth:dev --warm-up --out "$res/ragtruth-dev_auto-$3"
done
# The default reads the span model with int8 weights (fused's quantize=int8) and only on flagged answers (spans=flagged).
first200="--dataset ragtruth:dev --limit 200 --warm-up"
veracity eval -d auto $(routes onnx none) $first200 --out "$res/ragtruth-dev-speed_auto-onnx"
veracity eval -d auto $first200 --out "$res/ragtruth-dev-speed_auto-onnx-int8"
veracity eval -d auto --dataset ragtruth:dev --limit 200 --out "$res/ragtruth-dev-speed_auto-onnx-int8-cold"
veracity eval -d auto $(routes onnx int8 always) $first200 --out "$res/ragtruth-dev-speed_auto-onnx-int8-every-answer"
veracity eval -d span --set backend=onnx $first200 --out "$res/ragtruth-dev-speed_span-onnx"
veracity eval -d span --set backend=onnx --set quantize=int8 $first200 --out "$res/ragtruth-dev-speed_span-onnx-int8"
python benchmarks/onnx/oneshot.py --out "$res/speed_detect-oneshot"
for folder in "$res"/ragtruth-dev_auto-{torch,onnx}-{fp32,int8} "$res"/ragtruth-dev-speed_{auto,span}-onnx*; do
  python benchmarks/pack.py "$folder"
done
# The service before (torch: an empty cache, so auto finds no ONNX files) and after (ONNX), 4 clients, RAG answers.
empty=$(mktemp -d)
VERACITY_CACHE=$empty python benchmarks/service/load.py --clients 4 --seconds 60 --detector auto --records ragtruth-dev \
  --out "$res/service-load_auto-torch"
python benchmarks/service/load.py --clients 4 --seconds 60 --detector auto --records ragtruth-dev \
  --out "$res/service-load_auto-onnx"
# The first-200 speed runs are kept for their metrics.json (answers/s, latency, RSS) only: their rows repeat the full
# runs' first 200, and benchmarks/ must stay under 10 MB.
rm -f "$res"/ragtruth-dev-speed_{auto,span}-onnx*/{predictions.jsonl.gz,pr_curve.png,reliability.png}
python benchmarks/onnx/table.py

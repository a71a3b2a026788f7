#!/usr/bin/env bash
# Reader v11 as it was run, from the repository root with the project's .venv active and nothing else on the cores.
set -euo pipefail
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
# base: configs/reader-small.yaml with out: ../cache/reader-base/reader_model.json (its caches rebuilt: a fresh machine)
sed 's#^out: .*#out: ../cache/reader-base/reader_model.json#' configs/reader-small.yaml > ../cache/reader-base.yaml
veracity train reader --config ../cache/reader-base.yaml
# v11: the base's caches copied to v11-* names first (the 700 RAGTruth answers are the base's), then extended
for f in reader-v7 aligned-v9 checkers-v9 span-v8; do cp ../cache/$f.jsonl ../cache/v11-$f.jsonl; done
veracity train reader --config experiments/reader-v11/v11.yaml
veracity eval -d reader --dataset ragtruth:dev --set model=../cache/reader-v11/reader_model.json --out ../runs/v11-rt
veracity eval -d reader --dataset ragtruth:dev --out ../runs/shipped-rt
veracity eval -d reader --dataset ragtruth:dev --set model=../cache/reader-base/reader_model.json --out ../runs/base-rt
python experiments/reader-v11/collect.py ../runs ../cache/reader-base/reader_model.json ../cache/reader-v11/reader_model.json

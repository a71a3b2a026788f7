#!/usr/bin/env bash
# Reader v13 as it was run, from the repository root with the project's .venv active and nothing else on the cores,
# on configs/reader-small.yaml's caches (under ../cache).
set -euo pipefail
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
python experiments/reader-v13/sweep.py
veracity train reader --config experiments/reader-v13/v13.yaml
veracity train reader --config experiments/reader-v13/v13w.yaml
python benchmarks/behaviour/generate.py
for v in v13 v13w; do
  veracity eval -d reader --dataset ragtruth:dev --set model=../cache/reader-$v/reader_model.json --out ../runs/$v-rt
  veracity eval -d reader --dataset behaviour --set model=../cache/reader-$v/reader_model.json --out ../runs/$v-bh
done
veracity eval -d reader --dataset ragtruth:dev --out ../runs/shipped-rt
veracity eval -d reader --dataset behaviour --out ../runs/shipped-bh
python experiments/reader-v13/collect.py ../runs

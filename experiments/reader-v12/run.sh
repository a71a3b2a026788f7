#!/usr/bin/env bash
# Reader v12 as it was run, from the repository root with the project's .venv active and nothing else on the cores,
# after experiments/reader-v11/run.sh (its caches and its base and v11 fits, under ../cache).
set -euo pipefail
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
veracity train reader --config experiments/reader-v12/v12.yaml
# the same with v11's 2,100-answer caches (rule step 2: the smoothed threshold's stability)
sed -e 's#^out: .*#out: ../cache/reader-v12b/reader_model.json#' experiments/reader-v11/v11.yaml > ../cache/v12b.yaml
echo "threshold_window: 0.05" >> ../cache/v12b.yaml && veracity train reader --config ../cache/v12b.yaml
# the base configuration once more on the same caches, plain argmax (they had grown by 4 RAGBench answers: README)
sed 's#^out: .*#out: ../cache/reader-base2/reader_model.json#' configs/reader-small.yaml > ../cache/reader-base2.yaml
veracity train reader --config ../cache/reader-base2.yaml
veracity eval -d reader --dataset ragtruth:dev --set model=../cache/reader-v12/reader_model.json --out ../runs/v12-rt
python benchmarks/behaviour/generate.py
veracity eval -d reader --dataset behaviour --set model=../cache/reader-v12/reader_model.json --out ../runs/v12-bh
veracity eval -d reader --dataset behaviour --out ../runs/shipped-bh
python experiments/reader-v12/collect.py ../runs ../cache

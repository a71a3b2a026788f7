#!/bin/bash
# Issue 32: the RAG detectors on RAGTruth (../shared/data/ragtruth, train / dev split by source).
# Run from the repository root with the venv's bin on PATH. Training and signal runs live in ../runs (not committed);
# evaluation folders under benchmarks/results are committed. Every step resumes where it stopped.
set -e
runs=../runs
res=benchmarks/results

# 1. The novelty baseline; its default threshold (0.25) is the F1-best on train.
veracity eval -d novelty --dataset ragtruth:train --out $res/ragtruth-train_novelty
veracity eval -d novelty --dataset ragtruth:dev --out $res/ragtruth-dev_novelty

# 2. The span model: trained on all of ragtruth:train (shipped), and two out-of-fold models (half the sources each
#    left out) whose predictions on the left-out half are the fused model's training signals.
veracity train span --config configs/span-small.yaml
veracity train span --config configs/span-small-fold0.yaml
veracity train span --config configs/span-small-fold1.yaml
mkdir -p src/veracity/models/weights/veracity-span-small
cp $runs/span-small/model/* src/veracity/models/weights/veracity-span-small/

# 3. The span detector's token threshold and score aggregation, chosen on dev (benchmarks/ragtruth/span-sweep.json).
python benchmarks/ragtruth/span_sweep.py veracity-span-small $runs/span-sweep benchmarks/ragtruth/span-sweep.json
veracity eval -d span --dataset ragtruth:dev --out $res/ragtruth-dev_span

# 4. The fused model: two fits (docs/rag.md, "Training data, chosen on dev"), signals cached in ../runs/fused-signals.
folds='fold_span_models=["../runs/span-small-fold0/model","../runs/span-small-fold1/model"]'
common="--dev ragtruth:dev --dev halueval-summarization:dev@600 --set signals_dir=$runs/fused-signals --set base=null"
veracity train fused --data ragtruth:train --out $runs/fused/ragtruth.json --set "$folds" $common
veracity train fused --data ragtruth:train --data halueval-summarization:train@1500 \
  --out $runs/fused/ragtruth-halueval.json --set "$folds" $common
python benchmarks/ragtruth/choose_fused.py $runs/fused benchmarks/ragtruth/fused-choice.json
# The chosen fit is copied to src/veracity/models/weights/veracity-fused-small/fused_model.json (with its metrics).
veracity eval -d fused --dataset ragtruth:dev --out $res/ragtruth-dev_fused

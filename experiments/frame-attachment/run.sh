#!/usr/bin/env bash
# Reproduces metrics.json: builds the frames of RAGTruth train/train-upstream/dev and RAGBench train/dev (cached under
# ../cache/frame-attachment), then measures every matcher (word overlap, MiniLM, MiniLM + a linear adapter fitted on
# RAGTruth train) and writes metrics.json. With MEASURE_FINE_TUNE=1 it first times the full MiniLM fine-tune
# (train.py, TRAIN_SECONDS, default 420) and keeps only its figures. Needs the project's .venv and ../shared/data.
set -euo pipefail
cd "$(dirname "$0")"
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
PY=../../.venv/bin/python
CACHE=../../../cache/frame-attachment
$PY build.py --mark-others ragtruth:train ragtruth:train-upstream ragtruth:dev ragbench:train ragbench:dev
$PY build.py ragtruth:train  # the unmarked variant, compared in run.py
if [ "${MEASURE_FINE_TUNE:-0}" = 1 ]; then
  $PY train.py "${TRAIN_SECONDS:-420}"
  mv "$CACHE/minilm-frames/training.json" "$CACHE/fine-tune-attempt.json"
  rm -rf "$CACHE/minilm-frames"
fi
$PY run.py

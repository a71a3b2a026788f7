#!/usr/bin/env bash
# Reproduces metrics.json: the production masked-frame checker's attachment gaps on RAGTruth train, a train-upstream
# sample (1/8 of its sources by hash) and dev; the margin chosen on train + the sample; firing, recall, speed.
# Vectors are cached under ../cache/masked-frames (seeded from ../cache/frame-attachment when present).
# Needs the project's .venv and ../shared/data/ragtruth. A cold run embeds what the cache lacks at ~35 frames/s.
set -euo pipefail
cd "$(dirname "$0")"
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
../../.venv/bin/python run.py

#!/usr/bin/env bash
# Reproduces metrics.json: the masked-frame checker's name gaps on RAGTruth train and a train-upstream sample (one
# source in 8 by hash, as ../run.sh; pass another N as the first argument), the name margin chosen on them (0.5% of
# faithful training units), firing and recall per split. Vectors are cached under ../../../../cache/masked-frames.
# Needs the project's .venv and ../../../../shared/data/ragtruth. Never reads dev.
set -euo pipefail
cd "$(dirname "$0")"
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
../../../.venv/bin/python run.py "$@"

#!/usr/bin/env bash
# Answers per second of the default reader (v13 + the idf_overlap refactor) on the first 60 ragtruth:dev answers,
# beside 8bd1e31 (issue 77's speed floor), alternated, three rounds, alone on the cores.
# Worktree: git worktree add /tmp/base8 8bd1e31. 8bd1e31 exports its ONNX files in another format, so it gets its
# own cache.
set -euo pipefail
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
OUT=experiments/reader-v13/speed
mkdir -p $OUT
for round in 1 2 3; do
  VERACITY_CACHE=/tmp/cache-8bd1e31 PYTHONPATH=/tmp/base8/src \
    python experiments/reader-speed/answers_per_second.py 60 $OUT/8bd1e31-$round.json
  python experiments/reader-speed/answers_per_second.py 60 $OUT/head-$round.json
done

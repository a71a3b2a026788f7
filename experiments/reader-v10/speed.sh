#!/usr/bin/env bash
# Answers per second of the default reader on the first 60 ragtruth:dev answers: 8bd1e31 (issue 77's speed floor),
# fe1f71c (before this work) and this checkout, one after the other, three rounds, alone on the cores. Worktrees:
# git worktree add /tmp/base8 8bd1e31; git worktree add /tmp/basehead fe1f71c. 8bd1e31 exports its ONNX files in
# another format, so it gets its own cache (a shared one would be re-exported each time the other code runs).
set -euo pipefail
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
OUT=experiments/reader-v10/speed
mkdir -p $OUT
for round in 1 2 3; do
  VERACITY_CACHE=/tmp/cache-8bd1e31 PYTHONPATH=/tmp/base8/src \
    python experiments/reader-speed/answers_per_second.py 60 $OUT/8bd1e31-$round.json
  PYTHONPATH=/tmp/basehead/src python experiments/reader-speed/answers_per_second.py 60 $OUT/fe1f71c-$round.json
  python experiments/reader-speed/answers_per_second.py 60 $OUT/head-$round.json
done

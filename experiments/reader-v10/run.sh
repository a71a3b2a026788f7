#!/usr/bin/env bash
# Reader v10 (issue 77's speed floor; issue 76's drift), as it was run, from the repository root with the project's
# .venv active and nothing else on the cores. Worktrees of the code compared: /tmp/base8 (8bd1e31), /tmp/basehead
# (fe1f71c). Caches go to ../cache (outside the repository).
set -euo pipefail
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
# what the reader reads more than once in an answer (on the code before the readers' results were kept)
PYTHONPATH=/tmp/basehead/src python experiments/reader-v10/reuse.py 60 experiments/reader-v10/reuse.json
# an NLI pair's probabilities by batch size (against one pair at a time), and each batch size's seconds
python experiments/reader-v10/nli_batch.py 60 experiments/reader-v10/nli_batch.json
# v10's fit: configs/reader-small.yaml with the reader's batch_size set to 1 while the NLI unit caches were read,
# cache: ../cache/reader-v10.jsonl, dev_cache: ../cache/reader-dev-v10.jsonl, out: ../cache/reader-v10/reader_model.json
veracity train reader --config /tmp/reader-v10.yaml
CHECKERS=../cache/checkers-dev-v9.jsonl python experiments/reader-v9/devcmp.py ../cache/reader-dev-v7.jsonl \
  src/veracity/models/weights/veracity-reader-small/reader_model.json > experiments/reader-v10/devcmp-v9.jsonl
CHECKERS=../cache/checkers-dev-v9.jsonl python experiments/reader-v9/devcmp.py ../cache/reader-dev-v10.jsonl \
  ../cache/reader-v10/reader_model.json > experiments/reader-v10/devcmp-v10.jsonl
# end to end: v10 (batch_size 1, its model file), then the shipped v9 as it is (fe1f71c)
veracity eval -d reader --dataset ragtruth:dev --set model=../cache/reader-v10/reader_model.json --out ../cache/runs/v10-rt
PYTHONPATH=/tmp/basehead/src python -m veracity eval -d reader --dataset ragtruth:dev --out ../cache/runs/v9-rt-today
python benchmarks/behaviour/generate.py  # v10's model file copied into the package for this run, then put back
veracity eval -d auto --dataset behaviour --out ../cache/runs/v10-behaviour
# speed, one run after the other: speed.sh

#!/usr/bin/env bash
# The frozen climbing cases, read once at the end: the commit before (BEFORE) and this checkout, as shipped.
set -euo pipefail
before=${1:?the commit before}
RUNS=${RUNS:-../cache/runs}
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
tree=/tmp/veracity-$before
[[ -d $tree ]] || git worktree add --detach "$tree" "$before" > /dev/null
PYTHONPATH="$tree/src" veracity eval -d reader --dataset "jsonl:$PWD/experiments/clock-words/frozen/climbing.jsonl.gz" \
  --out "$RUNS/cw-frozen-before" > /dev/null
veracity eval -d reader --dataset "jsonl:experiments/clock-words/frozen/climbing.jsonl.gz" --out "$RUNS/cw-frozen" > /dev/null
python experiments/clock-words/summary.py "$RUNS"

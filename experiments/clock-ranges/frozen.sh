#!/usr/bin/env bash
# The frozen planetarium cases, read once at the end: the reader before the change (5695c4c, a git worktree) and now.
set -euo pipefail
RUNS=${RUNS:-../cache/runs}
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
here=experiments/clock-ranges
tree=$(mktemp -d)/veracity-5695c4c
git worktree add --detach "$tree" 5695c4c > /dev/null
PYTHONPATH="$tree/src" veracity eval -d reader --dataset "jsonl:$here/frozen/planetarium.jsonl.gz" \
  --out "$RUNS/clock-frozen-before" > /dev/null
git worktree remove --force "$tree"
veracity eval -d reader --dataset "jsonl:$here/frozen/planetarium.jsonl.gz" --out "$RUNS/clock-frozen-now" > /dev/null
python $here/summary.py "$RUNS"

#!/usr/bin/env bash
# The frozen pottery cases, read once at the end: the commit before (BEFORE) and this checkout, as shipped.
set -euo pipefail
before=${1:?the commit before}
RUNS=${RUNS:-../cache/runs}
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
tree=/tmp/veracity-$before
[[ -d $tree ]] || git worktree add --detach "$tree" "$before" > /dev/null
PYTHONPATH="$tree/src" veracity eval -d reader --dataset "jsonl:$PWD/experiments/sentence-initial-names/frozen/pottery.jsonl.gz" \
  --out "$RUNS/sin-frozen-before" > /dev/null
veracity eval -d reader --dataset "jsonl:experiments/sentence-initial-names/frozen/pottery.jsonl.gz" --out "$RUNS/sin-frozen" > /dev/null
python experiments/sentence-initial-names/summary.py "$RUNS"

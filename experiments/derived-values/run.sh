#!/usr/bin/env bash
# The frozen derived-values sets (frozen/: pottery, scuba; written blind, read once at the end) through the reader as
# shipped at a commit before the span model read bridges (BEFORE, default 4db3856, from a git worktree) and at this
# checkout. Predictions stay in RUNS (default ../cache/runs); summary.py writes metrics.json here.
#   experiments/derived-values/run.sh [BEFORE]
set -euo pipefail
before=${1:-4db3856}
RUNS=${RUNS:-../cache/runs}
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
tree=$(mktemp -d)/veracity-$before
git worktree add --detach "$tree" "$before" > /dev/null
for set in pottery scuba; do
  PYTHONPATH="$tree/src" veracity eval -d reader --dataset "jsonl:experiments/derived-values/frozen/$set.jsonl.gz" \
    --out "$RUNS/derived-$set-before"
  veracity eval -d reader --dataset "jsonl:experiments/derived-values/frozen/$set.jsonl.gz" --out "$RUNS/derived-$set-now"
done
git worktree remove --force "$tree"
python experiments/derived-values/summary.py "$RUNS" --before "$before" --now "$(git rev-parse --short HEAD)" \
  --out experiments/derived-values/metrics.json

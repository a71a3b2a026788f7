#!/usr/bin/env bash
# Issue 77's frozen sets, read once (2026-12-03): the reader before issue 77's work (f29f7ea^, the commit before the
# sets were written, from a git worktree), as shipped now (masked_frames=false, the default), and now with
# masked_frames=structured and =true (options; the default was fixed before this read, experiments/masked-structured).
# Predictions stay in RUNS (default ../cache/runs); summary.py writes metrics.json here. Alone on the cores.
set -euo pipefail
before=${1:-$(git rev-parse --short f29f7ea^)}
RUNS=${RUNS:-../cache/runs}
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
here=experiments/alignment/heldout
tree=$(mktemp -d)/veracity-$before
git worktree add --detach "$tree" "$before" > /dev/null
for set in ski cowork museum; do
  VERACITY_CACHE=/tmp/cache-$before PYTHONPATH="$tree/src" \
    veracity eval -d reader --dataset "jsonl:$here/$set.jsonl.gz" --out "$RUNS/frozen77-$set-before" > /dev/null
  for setting in false structured true; do
    veracity eval -d reader --set masked_frames=$setting --dataset "jsonl:$here/$set.jsonl.gz" \
      --out "$RUNS/frozen77-$set-$setting" > /dev/null
  done
done
git worktree remove --force "$tree"
python $here/summary.py "$RUNS" --before "$before" --now "$(git rev-parse --short HEAD)"

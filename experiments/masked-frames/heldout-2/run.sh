#!/usr/bin/env bash
# The second blind held-out sets (vet, energy, driving; written 2026-11-29 before anything was run on them), read
# once at the end of this session's issue-70 work: the reader at BEFORE (default 95c2a96, the session's first commit,
# from a git worktree), the reader at this checkout, and this checkout with masked frames on. Predictions stay in
# RUNS (default ../cache/runs); summary.py writes metrics.json here.
#   experiments/masked-frames/heldout-2/run.sh [BEFORE]
set -euo pipefail
before=${1:-95c2a96}
RUNS=${RUNS:-../cache/runs}
now=$(git rev-parse --short HEAD)
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
tree=$(mktemp -d)/veracity-$before
git worktree add --detach "$tree" "$before" > /dev/null
here=experiments/masked-frames/heldout-2
for set in vet energy driving; do
  PYTHONPATH="$tree/src" veracity eval -d reader --dataset "jsonl:$here/$set.jsonl.gz" --out "$RUNS/heldout2-$set-before"
  veracity eval -d reader --dataset "jsonl:$here/$set.jsonl.gz" --out "$RUNS/heldout2-$set-now"
  veracity eval -d reader --set masked_frames=true --dataset "jsonl:$here/$set.jsonl.gz" --out "$RUNS/heldout2-$set-masked"
done
git worktree remove --force "$tree"
python $here/summary.py "$RUNS" --before "$before" --now "$now" --out $here/metrics.json

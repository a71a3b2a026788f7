#!/usr/bin/env bash
# The table checker on the development sets that hold tables — issue 70's three held-out sets and the derived-values
# frozen set, both already read once and used as development data since (benchmarks/frames-heldout,
# experiments/derived-values/frozen) — through the reader at BEFORE (default 95c2a96, the commit before the checker,
# from a git worktree) and at this checkout; then the behaviour suite at this checkout. Predictions stay in RUNS
# (default ../cache/runs); devsets.py writes devsets.json here.
#   experiments/table-checker/devsets.sh [BEFORE]
set -euo pipefail
before=${1:-95c2a96}
RUNS=${RUNS:-../cache/runs}
now=$(git rev-parse --short HEAD)
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
tree=$(mktemp -d)/veracity-$before
git worktree add --detach "$tree" "$before" > /dev/null
for path in benchmarks/frames-heldout/{registrar,marina,library} experiments/derived-values/frozen/{pottery,scuba}; do
  set=$(basename "$path")
  PYTHONPATH="$tree/src" veracity eval -d reader --dataset "jsonl:$path.jsonl.gz" --out "$RUNS/tables-$set-$before"
  veracity eval -d reader --dataset "jsonl:$path.jsonl.gz" --out "$RUNS/tables-$set-$now"
done
git worktree remove --force "$tree"
python experiments/table-checker/devsets.py "$RUNS" --before "$before" --now "$now" --out experiments/table-checker/devsets.json
veracity eval -d reader --dataset behaviour --out "$RUNS/behaviour-$now"

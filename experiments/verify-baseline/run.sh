#!/usr/bin/env bash
# Issue 69's behaviour baseline: the default reader on ragtruth:dev at a base commit and at another (default: HEAD),
# each from a `git worktree` of its own, and the two compared row by row (compare.py). Run from the repository root
# with .venv/bin on PATH; predictions stay in RUNS (default ../cache/runs), the comparison and each commit's compact
# scores come here. Usage: experiments/verify-baseline/run.sh [BASE] [OTHER]
set -euo pipefail
base=${1:-6cbf84b}
other=${2:-HEAD}
RUNS=${RUNS:-../cache/runs}
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
run() {  # commit
    local commit tree
    commit=$(git rev-parse --short "$1")
    tree=$(mktemp -d)/veracity-$commit
    git worktree add --detach "$tree" "$commit" > /dev/null
    PYTHONPATH="$tree/src" veracity eval -d reader --dataset ragtruth:dev --out "$RUNS/verify-baseline-$commit" \
        > "$RUNS/verify-baseline-$commit.log" 2>&1
    git worktree remove --force "$tree"
    echo "$commit"
}
mkdir -p "$RUNS"
run "$base" &
run "$other" &
wait
python experiments/verify-baseline/compare.py "$RUNS/verify-baseline-$(git rev-parse --short "$base")" \
    "$RUNS/verify-baseline-$(git rev-parse --short "$other")" --out experiments/verify-baseline

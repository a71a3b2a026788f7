#!/usr/bin/env bash
# The clock-words reading (this checkout) beside the commit before it (BEFORE, the commit before, from a worktree), as shipped:
# ragtruth:dev, the behavioural suite (python benchmarks/behaviour/generate.py first), the nine development held-out
# sets and the in-context set (python benchmarks/incontext/build.py first). Alone on the cores. Then summary.py.
# The frozen climbing cases are read separately, once, at the end (frozen.sh).
set -euo pipefail
before=${1:?the commit before}
RUNS=${RUNS:-../cache/runs}
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
declare -A SETS=(
  [library]=benchmarks/frames-heldout/library.jsonl.gz [marina]=benchmarks/frames-heldout/marina.jsonl.gz
  [registrar]=benchmarks/frames-heldout/registrar.jsonl.gz [vet]=experiments/masked-frames/heldout-2/vet.jsonl.gz
  [energy]=experiments/masked-frames/heldout-2/energy.jsonl.gz
  [driving]=experiments/masked-frames/heldout-2/driving.jsonl.gz [incontext]=benchmarks/incontext/cases.jsonl
  [ski]=experiments/alignment/heldout/ski.jsonl.gz [cowork]=experiments/alignment/heldout/cowork.jsonl.gz
  [museum]=experiments/alignment/heldout/museum.jsonl.gz
)
tree=/tmp/veracity-$before
[[ -d $tree ]] || git worktree add --detach "$tree" "$before" > /dev/null
for name in "${!SETS[@]}"; do
  [[ -f $RUNS/cw-before-$name/predictions.jsonl ]] || PYTHONPATH="$tree/src" veracity eval -d reader \
    --dataset "jsonl:$PWD/${SETS[$name]}" --out "$RUNS/cw-before-$name" > /dev/null
  veracity eval -d reader --dataset "jsonl:${SETS[$name]}" --out "$RUNS/cw-now-$name" > /dev/null
done
for data in behaviour ragtruth:dev; do
  PYTHONPATH="$tree/src" veracity eval -d reader --dataset $data --out "$RUNS/cw-before-${data%%:*}" > /dev/null
  veracity eval -d reader --dataset $data --out "$RUNS/cw-now-${data%%:*}" > /dev/null
done
python experiments/clock-words/summary.py "$RUNS"

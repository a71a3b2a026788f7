#!/usr/bin/env bash
# The rule (this checkout) beside the commit before it (BEFORE, default f3c9b79, from a worktree), as shipped:
# ragtruth:dev, the behavioural suite (python benchmarks/behaviour/generate.py first), the nine development held-out
# sets and the in-context set (python benchmarks/incontext/build.py first). Alone on the cores. Then summary.py.
# The frozen pottery cases are read separately, once, at the end (frozen.sh). The step after a full stop:
#   RUNS=../cache/runs-stop KEY=after_a_full_stop bash experiments/sentence-initial-names/run.sh 97bfa8e
set -euo pipefail
before=${1:-f3c9b79}
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
  [[ -f $RUNS/sin-before-$name/predictions.jsonl ]] || PYTHONPATH="$tree/src" veracity eval -d reader \
    --dataset "jsonl:$PWD/${SETS[$name]}" --out "$RUNS/sin-before-$name" > /dev/null
  veracity eval -d reader --dataset "jsonl:${SETS[$name]}" --out "$RUNS/sin-now-$name" > /dev/null
done
for data in behaviour ragtruth:dev; do
  PYTHONPATH="$tree/src" veracity eval -d reader --dataset $data --out "$RUNS/sin-before-${data%%:*}" > /dev/null
  veracity eval -d reader --dataset $data --out "$RUNS/sin-now-${data%%:*}" > /dev/null
done
python experiments/sentence-initial-names/summary.py "$RUNS" ${KEY:-}

#!/usr/bin/env bash
# Step 4 of the README's rule: the cell reading (this checkout) beside the row reading (BEFORE, default f3c9b79, run
# from a worktree of it), as shipped and with masked_frames=structured and true, on the nine development held-out sets and the
# in-context set. Alone on the cores. Then summary.py → metrics.json.
#   bash experiments/aligner-tables/endtoend.sh [BEFORE]
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
for setting in ${SETTINGS:-false structured true}; do
  for name in "${!SETS[@]}"; do
    PYTHONPATH="$tree/src" veracity eval -d reader --set masked_frames=$setting --dataset "jsonl:$PWD/${SETS[$name]}" \
      --out "$RUNS/at-before-$name-$setting" > /dev/null
    veracity eval -d reader --set masked_frames=$setting --dataset "jsonl:${SETS[$name]}" \
      --out "$RUNS/at-now-$name-$setting" > /dev/null
  done
done
python experiments/aligner-tables/summary.py "$RUNS"

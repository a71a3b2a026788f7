#!/usr/bin/env bash
# The cell reading (this checkout) beside the row reading (BEFORE, default 3dbb2ac: this session's runs of it are in
# RUNS already: ms-* from experiments/masked-structured, frozen77-* from experiments/alignment/heldout; rerun them
# with those scripts on BEFORE if RUNS lacks them). Alone on the cores. Then summary.py → metrics.json.
#   bash experiments/table-cells/run.sh [BEFORE]
set -euo pipefail
before=${1:-3dbb2ac}
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
for setting in false true; do
  for name in "${!SETS[@]}"; do
    veracity eval -d reader --set masked_frames=$setting --dataset "jsonl:${SETS[$name]}" \
      --out "$RUNS/cells-$name-$setting" > /dev/null
  done
done
veracity eval -d reader --dataset behaviour --out "$RUNS/cells-behaviour" > /dev/null
veracity eval -d reader --dataset ragtruth:dev --out "$RUNS/cells-ragtruth" > /dev/null
# the aligner's items rebuilt under each reading (a fresh item cache each: HOME), ranked by the shipped aligner
export VERACITY_CACHE=${VERACITY_CACHE:-$HOME/.cache/veracity} HF_HOME=${HF_HOME:-$HOME/.cache/huggingface}
tree=$(mktemp -d)/veracity-$before
git worktree add --detach "$tree" "$before" > /dev/null
HOME=$(mktemp -d) PYTHONPATH="$tree/src" python experiments/aligner/evaluate.py rows veracity-aligner-small \
  --out experiments/table-cells/aligner.json
git worktree remove --force "$tree"
HOME=$(mktemp -d) python experiments/aligner/evaluate.py cells veracity-aligner-small --out experiments/table-cells/aligner.json
python experiments/table-cells/summary.py "$RUNS"

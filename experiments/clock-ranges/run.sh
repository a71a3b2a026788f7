#!/usr/bin/env bash
# The shared-meridiem reading (this checkout) beside the reading before it (this session's runs at 62ea0a2 and 3dbb2ac,
# whose default reader is 5695c4c's: ms-*-false and frozen77-*-false in RUNS). Alone on
# the cores. The frozen planetarium cases are read separately, once, at the end (README).
set -euo pipefail
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
for name in "${!SETS[@]}"; do
  veracity eval -d reader --dataset "jsonl:${SETS[$name]}" --out "$RUNS/clock-$name" > /dev/null
done
veracity eval -d reader --dataset behaviour --out "$RUNS/clock-behaviour" > /dev/null
veracity eval -d reader --dataset ragtruth:dev --out "$RUNS/clock-ragtruth" > /dev/null
python experiments/clock-ranges/summary.py "$RUNS"

#!/usr/bin/env bash
# The reader with masked_frames false / structured (and true on the small sets) on ragtruth:dev, the behavioural
# suite, the six development held-out sets and the in-context set; alone on the cores. Predictions in RUNS.
set -euo pipefail
RUNS=${RUNS:-../cache/runs}
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
python benchmarks/incontext/build.py > /dev/null
python benchmarks/behaviour/generate.py > /dev/null
declare -A SETS=(
  [library]=benchmarks/frames-heldout/library.jsonl.gz [marina]=benchmarks/frames-heldout/marina.jsonl.gz
  [registrar]=benchmarks/frames-heldout/registrar.jsonl.gz [vet]=experiments/masked-frames/heldout-2/vet.jsonl.gz
  [energy]=experiments/masked-frames/heldout-2/energy.jsonl.gz
  [driving]=experiments/masked-frames/heldout-2/driving.jsonl.gz [incontext]=benchmarks/incontext/cases.jsonl
)
for setting in false structured true; do
  for name in "${!SETS[@]}"; do
    veracity eval -d reader --set masked_frames=$setting --dataset "jsonl:${SETS[$name]}" \
      --out "$RUNS/ms-$name-$setting" > /dev/null
  done
done
for setting in false structured; do
  veracity eval -d reader --set masked_frames=$setting --dataset behaviour --out "$RUNS/ms-behaviour-$setting" > /dev/null
  veracity eval -d reader --set masked_frames=$setting --dataset ragtruth:dev --out "$RUNS/ms-ragtruth-$setting" > /dev/null
done

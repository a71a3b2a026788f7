#!/usr/bin/env bash
# Issue 70's frozen held-out sets (benchmarks/frames-heldout: registrar, marina, library; written before the checker,
# read once, at the end), through the reader as shipped and with masked frames on. Predictions stay in RUNS (default
# ../cache/runs); summary.py writes metrics.json here: per set and in all, in-context errors caught, faithful passed.
#   experiments/masked-frames/heldout/run.sh
set -euo pipefail
RUNS=${RUNS:-../cache/runs}
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
for set in registrar marina library; do
  veracity eval -d reader --dataset "jsonl:benchmarks/frames-heldout/$set.jsonl.gz" --out "$RUNS/heldout-$set-reader"
  veracity eval -d reader --set masked_frames=true --dataset "jsonl:benchmarks/frames-heldout/$set.jsonl.gz" \
    --out "$RUNS/heldout-$set-masked"
done
python experiments/masked-frames/heldout/summary.py "$RUNS" --out experiments/masked-frames/heldout/metrics.json

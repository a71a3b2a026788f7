#!/usr/bin/env bash
# litehall on abstractive summaries: which evidence lets the NLI verifier see a claim that paraphrases several
# sentences? Compared on the first 300 examples of halueval-summarization:dev (150 right / hallucinated pairs), never
# the test split. Rule fixed before looking: the variant with the best dev AUROC; it must beat the default by at
# least 0.02 to replace it (300 examples are noisy). windows2-int8 (windows=2 is the default since) checks that the
# int8 verifier, twice as fast, reads summaries as well as fp32 does (for the summarization test run).
# windows6-int8: six windows per claim instead of two, nearer the verifier alone (which reads every chunk); it must
# beat windows2-int8 by 0.02 AUROC to be considered.
#   experiments/litehall-summarization-dev/run.sh [VARIANT...]   (default: all)
set -euo pipefail
here=experiments/litehall-summarization-dev
declare -A sets=(
  [default]=""
  [top4]="--set top_k=4"
  [windows2]="--set windows=2"
  [windows2-int8]="--set quantize=int8"
  [windows6-int8]="--set quantize=int8 --set windows=6"
)
for variant in ${*:-default top4 windows2}; do
  veracity eval --detector litehall --dataset halueval-summarization:dev --limit 300 ${sets[$variant]} \
    --out "runs/summ-dev/$variant"
  mkdir -p "$here/$variant" && cp "runs/summ-dev/$variant/metrics.json" "$here/$variant/"
done
.venv/bin/python "$here/compare.py" "$here" > "$here/comparison.json"

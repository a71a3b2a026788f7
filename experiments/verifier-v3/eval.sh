#!/usr/bin/env bash
# The floors of issue 60 for one candidate model (a folder), each set as benchmarks/verifier/run.sh reads it, the
# metrics.json copied compact into benchmarks/results/<set>_verifier-NAME (predictions under RUNS).
#   experiments/verifier-v3/eval.sh ../runs/verifier-small-v3/model v3-cpu-e1
# Leaves out run.sh's sets without a floor (SICK, ANLI, WiCE, HaluEval) to fit a session; run.sh runs them all.
set -euo pipefail
model=$1; name=$2
source benchmarks/lib/eval_into_results.sh  # run from the repository root
run() {  # folder [veracity eval args...]
  local folder=$1; shift
  eval_into_results "$folder" --detector verifier --set "model=$model" "$@"
}
python benchmarks/verifier/behaviour_pairs.py "$model" "benchmarks/results/behaviour-pairs_verifier-$name"
run "minimal-pairs_verifier-$name" --dataset nli:benchmarks/fixtures/minimal_pairs.jsonl
run "mnli-matched_verifier-$name" --dataset nli:../shared/data/nli/mnli_matched.tsv
run "fever-symmetric_verifier-$name" --dataset fever-symmetric:full
run "healthver-dev_verifier-$name" --dataset grounding:healthver:dev
for set in cad-nli conjnli fm2; do
  run "$set-dev_verifier-$name" --dataset "grounding:$set:dev"
done
run "summedits-dev_verifier-$name" --dataset "jsonl:../shared/data/grounding/detection/summedits-dev.jsonl"

#!/usr/bin/env bash
# The verifier's evaluations (issues 4, 14 and 60): every set of the model card, for one model.
#   benchmarks/verifier/run.sh MODEL NAME [extra --set ...]
#   PARTS="nli detection halueval behaviour" benchmarks/verifier/run.sh ...   (default: all four)
# MODEL: a catalog name or a folder (e.g. veracity-nli-small, ../runs/verifier-small-v3/model); NAME: the suffix of the
# result folders under benchmarks/results/. Predictions stay outside the repository (benchmarks/ stays under 10 MB):
# RUNS (default ../cache/runs) holds each run's folder, and its metrics.json is copied, compact, into
# benchmarks/results/. Run one at a time: two heavy jobs on 2 cores slow each other badly.
set -euo pipefail
model=$1; name=$2; shift 2
parts=${PARTS:-nli detection halueval behaviour}
source "$(dirname "$0")/../lib/eval_into_results.sh"
run() {  # folder [veracity eval args...]
  local folder=$1; shift
  eval_into_results "$folder" --detector verifier --set "model=$model" "$@"
}
grounding=../shared/data/grounding
if [[ $parts == *nli* ]]; then
  run "minimal-pairs_verifier-$name" --dataset nli:benchmarks/fixtures/minimal_pairs.jsonl "$@"
  run "mnli-matched_verifier-$name" --dataset nli:../shared/data/nli/mnli_matched.tsv "$@"
  run "fever-symmetric_verifier-$name" --dataset fever-symmetric:full "$@"
  # Human-labelled dev rows (issue 14): SICK and ANLI are evaluation only; HealthVer dev = its test split.
  run "sick-dev_verifier-$name" --dataset grounding:sick:dev "$@"
  run "healthver-dev_verifier-$name" --dataset grounding:healthver:dev "$@"
  run "anli-dev_verifier-$name" --dataset grounding:anli:dev "$@"
  # grounding-extra's dev rows (issue 60): human minimal pairs and claims written to fool a reader.
  for set in cad-nli conjnli fm2; do
    run "$set-dev_verifier-$name" --dataset "grounding:$set:dev" "$@"
  done
fi
if [[ $parts == *detection* ]]; then
  # Whole documents and web pages against summaries and claims: chunked verifier detector, balanced accuracy.
  run "summedits-dev_verifier-$name" --dataset "jsonl:$grounding/detection/summedits-dev.jsonl" "$@"
  run "wice-test_verifier-$name" --dataset "jsonl:$grounding/detection/wice-test.jsonl" "$@"
fi
if [[ $parts == *halueval* ]]; then
  # A one-sentence answer is read as `The answer to "Q" is: A` (the detector's question_template), so answer
  # length is no cue.
  run "halueval-qa-test_verifier-$name" --dataset halueval-qa:test "$@"
  # Summarization contexts are long (many chunk pairs per example): int8, about twice as fast as fp32.
  run "halueval-summarization-test_verifier-${name}-int8" --dataset halueval-summarization:test --set quantize=int8 "$@"
  # The same test predictions with the threshold fitted on the dev split (records 8000-8999; never trained on): the
  # summary-level rule (min over sentences of max over chunks) is strict, so 0.5 is far from the best threshold.
  cal="halueval-summarization-test_verifier-${name}-int8-calibrated"
  mkdir -p "$RUNS/$cal" && cp "$RUNS/halueval-summarization-test_verifier-${name}-int8"/predictions.jsonl* "$RUNS/$cal/"
  run "$cal" --dataset halueval-summarization:test --set quantize=int8 --calibrate-on halueval-summarization:dev \
    --objective balanced_accuracy "$@"
fi
if [[ $parts == *behaviour* ]]; then
  # The behavioural suite's edits as sentence pairs (issue 60): each edited sentence against the source sentence about
  # the same thing, alone and with its neighbours (benchmarks/verifier/behaviour_pairs.py says how they are chosen).
  python benchmarks/verifier/behaviour_pairs.py "$model" "benchmarks/results/behaviour-pairs_verifier-$name"
fi

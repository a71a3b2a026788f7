#!/usr/bin/env bash
# The verifier's evaluations (issues 4 and 14): every set of the model card, for one model.
#   benchmarks/verifier/run.sh MODEL NAME [extra --set ...]
#   PARTS="nli detection halueval behaviour" benchmarks/verifier/run.sh ...   (default: all four)
# MODEL: a catalog name or a folder (e.g. veracity-nli-small, runs/verifier-control/model); NAME: the suffix of the
# result folders under benchmarks/results/. Run one at a time: two heavy jobs on 2 cores slow each other badly.
set -euo pipefail
model=$1; name=$2; shift 2
parts=${PARTS:-nli detection halueval behaviour}
run() { veracity eval --detector verifier --set "model=$model" "$@"; }
grounding=../shared/data/grounding
if [[ $parts == *nli* ]]; then
  run --dataset nli:benchmarks/fixtures/minimal_pairs.jsonl --out "benchmarks/results/minimal-pairs_verifier-$name" "$@"
  run --dataset nli:../shared/data/nli/mnli_matched.tsv --out "benchmarks/results/mnli-matched_verifier-$name" "$@"
  run --dataset fever-symmetric:full --out "benchmarks/results/fever-symmetric_verifier-$name" "$@"
  # Human-labelled dev rows (issue 14): SICK and ANLI are evaluation only; HealthVer dev = its test split.
  run --dataset grounding:sick:dev --out "benchmarks/results/sick-dev_verifier-$name" "$@"
  run --dataset grounding:healthver:dev --out "benchmarks/results/healthver-dev_verifier-$name" "$@"
  run --dataset grounding:anli:dev --out "benchmarks/results/anli-dev_verifier-$name" "$@"
  # grounding-extra's dev rows (issue 60): human minimal pairs and claims written to fool a reader.
  for set in cad-nli conjnli fm2; do
    run --dataset "grounding:$set:dev" --out "benchmarks/results/$set-dev_verifier-$name" "$@"
  done
fi
if [[ $parts == *detection* ]]; then
  # Whole documents and web pages against summaries and claims: chunked verifier detector, balanced accuracy.
  run --dataset "jsonl:$grounding/detection/summedits-dev.jsonl" --out "benchmarks/results/summedits-dev_verifier-$name" "$@"
  run --dataset "jsonl:$grounding/detection/wice-test.jsonl" --out "benchmarks/results/wice-test_verifier-$name" "$@"
fi
if [[ $parts == *halueval* ]]; then
  # A one-sentence answer is read as `The answer to "Q" is: A` (the detector's question_template), so answer
  # length is no cue.
  run --dataset halueval-qa:test --out "benchmarks/results/halueval-qa-test_verifier-$name" "$@"
  # Summarization contexts are long (many chunk pairs per example): int8, about twice as fast as fp32.
  run --dataset halueval-summarization:test --set quantize=int8 --out "benchmarks/results/halueval-summarization-test_verifier-${name}-int8" "$@"
  # The same test predictions with the threshold fitted on the dev split (records 8000-8999; never trained on): the
  # summary-level rule (min over sentences of max over chunks) is strict, so 0.5 is far from the best threshold.
  cal="benchmarks/results/halueval-summarization-test_verifier-${name}-int8-calibrated"
  mkdir -p "$cal" && cp "benchmarks/results/halueval-summarization-test_verifier-${name}-int8"/predictions.jsonl* "$cal/"
  run --dataset halueval-summarization:test --set quantize=int8 --calibrate-on halueval-summarization:dev \
    --objective balanced_accuracy --out "$cal" "$@"
fi
if [[ $parts == *behaviour* ]]; then
  # The behavioural suite's edits as sentence pairs (issue 60): each edited sentence against the source sentence about
  # the same thing, alone and with its neighbours (benchmarks/verifier/behaviour_pairs.py says how they are chosen).
  python benchmarks/verifier/behaviour_pairs.py "$model" "benchmarks/results/behaviour-pairs_verifier-$name"
fi

#!/usr/bin/env bash
# The default (auto) run again on its sets, into *_auto-VERSION: `benchmarks/auto/rerun.sh VERSION [SET...]` (no SET:
# all of them). Run from the repository root with the data in ../shared/data; each run resumes if interrupted.
set -euo pipefail
version=$1; shift
declare -A DATASETS=(
  [ragtruth-dev]=ragtruth:dev
  [incontext]=jsonl:benchmarks/incontext/cases.jsonl
  [minimal-pairs-answers]=jsonl:../runs/minimal-pairs-answers.jsonl
  [halueval-qa-test]=halueval-qa:test
  [halueval-dialogue-test]=halueval-dialogue:test
  [summedits-dev]=jsonl:../shared/data/grounding/detection/summedits-dev.jsonl
  [wice-test]=jsonl:../shared/data/grounding/detection/wice-test.jsonl
  [halueval-summarization-test]=halueval-summarization:test
)
sets=("$@")
[ ${#sets[@]} -gt 0 ] || sets=(ragtruth-dev incontext minimal-pairs-answers halueval-qa-test halueval-dialogue-test
                               summedits-dev wice-test halueval-summarization-test)
python benchmarks/incontext/build.py >/dev/null
python benchmarks/ragtruth/minimal_pairs_as_answers.py ../runs/minimal-pairs-answers.jsonl
for set in "${sets[@]}"; do
  veracity eval -d auto --dataset "${DATASETS[$set]}" --out "benchmarks/results/${set}_auto-$version"
done
for set in "${sets[@]}"; do python benchmarks/pack.py "benchmarks/results/${set}_auto-$version"; done

#!/usr/bin/env bash
# The default (auto) rerun after issue 44 (calibration read without ties, reports that keep their verdict's promises,
# not_checked for other languages, the checker's clause overlap): the runs BENCHMARKS.md's summary quotes, into *_auto-v6.
# Run from the repository root with the data in ../shared/data; each run resumes if interrupted.
set -euo pipefail
python benchmarks/incontext/build.py >/dev/null
python benchmarks/ragtruth/minimal_pairs_as_answers.py ../runs/minimal-pairs-answers.jsonl
run() { veracity eval -d auto --dataset "$1" --out "benchmarks/results/$2"; }
run ragtruth:dev ragtruth-dev_auto-v6
run jsonl:benchmarks/incontext/cases.jsonl incontext_auto-v6
run jsonl:../runs/minimal-pairs-answers.jsonl minimal-pairs-answers_auto-v6
run halueval-qa:test halueval-qa-test_auto-v6
run halueval-dialogue:test halueval-dialogue-test_auto-v6
run jsonl:../shared/data/grounding/detection/summedits-dev.jsonl summedits-dev_auto-v6
run jsonl:../shared/data/grounding/detection/wice-test.jsonl wice-test_auto-v6
run halueval-summarization:test halueval-summarization-test_auto-v6
veracity eval -d fused --dataset ragtruth:dev --out benchmarks/results/ragtruth-dev_fused-v3  # `fused` alone, same change
for folder in benchmarks/results/*_auto-v6 benchmarks/results/ragtruth-dev_fused-v3; do python benchmarks/pack.py "$folder"; done

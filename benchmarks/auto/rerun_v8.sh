#!/usr/bin/env bash
# The default (auto) after the seventh route choice and the checker's aliases (issue 43, third session): *_auto-v8.
# ragtruth:dev is where routes changed; the in-context set, the minimal pairs + README examples and HaluEval QA keep
# their routes but run the changed checker, so they are measured again too. Each run resumes if interrupted.
set -euo pipefail
python benchmarks/incontext/build.py >/dev/null
python benchmarks/ragtruth/minimal_pairs_as_answers.py ../runs/minimal-pairs-answers.jsonl
run() { veracity eval -d auto --dataset "$1" --out "benchmarks/results/$2"; }
run ragtruth:dev ragtruth-dev_auto-v8
run jsonl:benchmarks/incontext/cases.jsonl incontext_auto-v8
run jsonl:../runs/minimal-pairs-answers.jsonl minimal-pairs-answers_auto-v8
run halueval-qa:test halueval-qa-test_auto-v8
for folder in benchmarks/results/*_auto-v8; do python benchmarks/pack.py "$folder"; done

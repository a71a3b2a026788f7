#!/bin/bash
# The default (`auto`) after the fourth route choice (the claim route, benchmarks/auto/README.md), measured once on
# the sets. HaluEval QA and dialogue inputs all have a question, so no input of theirs reaches the claim
# route: their auto-v3 figures stand. Each run resumes where it stopped.
set -e
res=benchmarks/results
g=../shared/data/grounding/detection
veracity eval -d auto --dataset ragtruth:dev --out $res/ragtruth-dev_auto-v4
veracity eval -d auto --dataset halueval-summarization:test --out $res/halueval-summarization-test_auto-v4
veracity eval -d auto --dataset jsonl:$g/summedits-dev.jsonl --out $res/summedits-dev_auto-v4
veracity eval -d auto --dataset jsonl:$g/wice-test.jsonl --out $res/wice-test_auto-v4
python benchmarks/ragtruth/minimal_pairs_as_answers.py ../runs/minimal-pairs-answers.jsonl
veracity eval -d auto --dataset jsonl:../runs/minimal-pairs-answers.jsonl --out $res/minimal-pairs-answers_auto-v4
# McNemar against the default before the claim route, on the same examples.
mkdir -p benchmarks/auto/v4-vs-v3
for s in minimal-pairs-answers summedits-dev wice-test halueval-summarization-test; do
  veracity eval compare $res/${s}_auto-v3 $res/${s}_auto-v4 > benchmarks/auto/v4-vs-v3/$s.json
done
# The span detector alone, after the review's speed fixes, and with int8 Linear layers (alone on the machine).
veracity eval -d span --dataset ragtruth:dev --limit 200 --out $res/ragtruth-dev-speed_span-v2
veracity eval -d span --set quantize=int8 --dataset ragtruth:dev --limit 200 --out $res/ragtruth-dev-speed_span-int8

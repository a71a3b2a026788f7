#!/bin/bash
# Issue 32: the default (`auto`, third route choice) on the issue's measures. Each run resumes where it stopped.
set -e
res=benchmarks/results
g=../shared/data/grounding/detection
veracity eval -d auto --dataset ragtruth:dev --out $res/ragtruth-dev_auto
for task in qa dialogue summarization; do
  python benchmarks/auto/compose_v3.py halueval-$task:test $res/halueval-$task-test_auto $res/halueval-$task-test_auto-v3
done
veracity eval -d auto --dataset jsonl:$g/summedits-dev.jsonl --out $res/summedits-dev_auto-v3
veracity eval -d auto --dataset jsonl:$g/wice-test.jsonl --out $res/wice-test_auto-v3
python benchmarks/ragtruth/minimal_pairs_as_answers.py ../runs/minimal-pairs-answers.jsonl
veracity eval -d auto --dataset jsonl:../runs/minimal-pairs-answers.jsonl --out $res/minimal-pairs-answers_auto-v3
# Speed, alone on the machine (the runs above shared the cores with others): the first 200 answers of ragtruth:dev.
for d in auto fused span; do
  veracity eval -d $d --dataset ragtruth:dev --limit 200 --out $res/ragtruth-dev-speed_$d
done

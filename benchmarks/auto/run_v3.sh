#!/bin/bash
# The routes' third choice (benchmarks/auto/README.md, written before these runs). Dev runs live outside the
# repository (../runs/auto); choice-v3.json is committed. Each `veracity eval` resumes where it stopped.
set -e
dev=../runs/auto
v3=$dev/v3
mkdir -p $v3
python benchmarks/auto/grounding_dev.py $dev/grounding-dev
stage3="-d verifier --set model=veracity-nli-small-stage3 --set calibration=shipped:verifier-stage3"
# Eligibility: throughput on the first 50 answers of each RAGTruth part of a route.
for c in fused span; do
  for part in ragtruth-qa ragtruth-summary ragtruth-data2txt; do
    veracity eval -d $c --dataset $part:dev --limit 50 --out $v3/speed__${part}__$c
  done
done
veracity eval -d litehall --dataset ragtruth-qa:dev --limit 50 --out $v3/speed__ragtruth-qa__litehall
for part in ragtruth-summary ragtruth-data2txt; do
  veracity eval $stage3 --dataset $part:dev --limit 50 --out $v3/speed__${part}__verifier-stage3
done
# Dev runs of the candidates that are eligible (choose_v3.py prints the throughputs; see choice-v3.json).
for c in fused span; do
  veracity eval -d $c --dataset ragtruth-qa:dev --out $v3/long_qa__ragtruth-qa__$c
  for part in ragtruth-summary ragtruth-data2txt; do
    veracity eval -d $c --dataset $part:dev --out $v3/summary__${part}__$c
  done
  veracity eval -d $c --dataset halueval-summarization:dev --limit 600 --out $v3/summary__halueval-summarization__$c
  for part in summedits-heldout claims; do
    veracity eval -d $c --dataset jsonl:$dev/grounding-dev/$part.jsonl --out $v3/summary__${part}__$c
  done
done
python benchmarks/auto/choose_v3.py $v3 benchmarks/auto/choice-v3.json

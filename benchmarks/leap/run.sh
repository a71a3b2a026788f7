#!/bin/bash
# LEAP's measurements (issue 17; docs/leap.md). Each step resumes where it stopped; run from the repository root.
set -e
# 1. The learning loop on 51 HaluEval train records (17 per task, tasks taking turns), local Qwen2.5-1.5B. Its folder
#    is committed as it grows (memory/, trajectories.jsonl, metrics.json), so a later session resumes it.
veracity train leap-strategies --out benchmarks/leap/learn --per-task 17 --seed 0
# 2. The 60 test records (ids in benchmarks/leap/test60-ids.json) and the two baselines on the same ids.
python benchmarks/leap/test60.py
veracity eval -d leap --set memory=benchmarks/leap/learn/memory --dataset jsonl:../runs/leap/test60.jsonl \
  --out benchmarks/results/leap-halueval60_leap
veracity eval -d verifier --dataset jsonl:../runs/leap/test60.jsonl --out benchmarks/results/leap-halueval60_verifier
veracity eval -d litehall --dataset jsonl:../runs/leap/test60.jsonl --out benchmarks/results/leap-halueval60_litehall
veracity eval compare benchmarks/results/leap-halueval60_verifier benchmarks/results/leap-halueval60_leap \
  > benchmarks/results/leap-halueval60_leap/compare-verifier.json
veracity eval compare benchmarks/results/leap-halueval60_litehall benchmarks/results/leap-halueval60_leap \
  > benchmarks/results/leap-halueval60_leap/compare-litehall.json
# 3. Table 2's ablations on the same 60 ids as the full run (issue 35), each about 2 hours on 2 cores; resumable,
#    and each folder's predictions can be committed as they grow. McNemar against the full run beside each.
for ablation in correction=off dynamic_strategy=false reflection_retrieval=false memory_retrieval=false tools=false; do
  name=${ablation%%=*}
  veracity eval -d leap --set memory=benchmarks/leap/learn/memory --set $ablation \
    --dataset jsonl:../runs/leap/test60.jsonl --out benchmarks/results/leap-halueval60_leap-no-${name//_/-}
  veracity eval compare benchmarks/results/leap-halueval60_leap benchmarks/results/leap-halueval60_leap-no-${name//_/-} \
    > benchmarks/results/leap-halueval60_leap-no-${name//_/-}/compare-full.json
done

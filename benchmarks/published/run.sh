#!/usr/bin/env bash
# Issue 45: each published family at its real architecture's size (random weights), veracity's path against the
# reference's own way of running it, on the same RAGTruth dev answers, 2 threads, alone on the cores. `table.py`
# reads the folders into benchmarks/published/metrics.json.
# The answer counts: LettuceDetect the 50; the larger models fewer, because one answer costs 20 s (HHEM,
# T5-base) to 80 s (FactCG, DeBERTa-v3-large) on these 2 cores for both paths together, and the session that ran this
# had ~20 minutes of machine time for all of them. Each script alternates or repeats its paths on the same answers,
# so the ratio is the figure to read; answers/s are per answer of these models on this machine.
set -euo pipefail
res=benchmarks/results
run() {  # $1 folder, then the command
  local out="$res/$1"; shift
  rm -rf "$out"
  "$@" --out "$out"
}
run speed_published-lettucedetect-base python benchmarks/published/lettuce_speed.py --limit 50
run speed_published-hhem python benchmarks/published/pair_scorer_speed.py --family hhem --limit 15
run speed_published-minicheck-ft5 python benchmarks/published/pair_scorer_speed.py --family minicheck-ft5 --limit 5
run speed_published-factcg-deberta python benchmarks/published/pair_scorer_speed.py --family factcg-deberta --limit 4
run speed_published-mxbai-rerank-base-v2 python benchmarks/published/mxbai_speed.py --limit 6
python benchmarks/published/table.py

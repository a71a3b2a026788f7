#!/usr/bin/env bash
# Reader v9 (issues 76, 77), as it was run: the fits, then each candidate end to end. Caches go to ../cache (outside
# the repository); the fit configs are configs/reader-small.yaml with the lines below changed (out, the caches).
set -euo pipefail
# Round 1 (B, C, Ba, Ca): the NLI unit caches read again (v7's reading), the span side caches read with bridges (v8),
# the aligner's side caches (aligned_gap); C and Ca drop novel_share and its steps, brevity_x_nli, brevity_x_window,
# span_mean and its steps; Ba and Ca read a second NLI unit cache with premise_about: true (reader-v8a.jsonl).
# Round 2 (B2, Ba2): the same with checker_cache / checker_dev_cache (names and dropped conditions read statement by
# statement). Round 3 (B3, shipped): B2 with the aligner's side caches read again after the range fix (aligned-v9).
veracity train reader --config configs/reader-small.yaml
# each fit's answer AUROC / F1 on the same dev rows: devcmp.py DEV_CACHE MODEL.json ... (CHECKERS=side cache)
python experiments/reader-v9/devcmp.py ../cache/reader-dev-v7.jsonl src/veracity/models/weights/veracity-reader-small/reader_model.json
# end to end, the candidate and the code before this work (a worktree of 12145de first on PYTHONPATH) on one machine
veracity eval -d reader --dataset ragtruth:dev --out ../cache/runs/v9-rt
python benchmarks/behaviour/generate.py && veracity eval -d auto --dataset behaviour --out ../cache/runs/v9-behaviour
python experiments/findings-per-value/run.py --label v9

#!/bin/bash
# fused v2 (issue 43 §4): today's lexical and shape signals plus the consistency checkers' (conflicts by kind, the
# highest confidence, the share of sentences with a conflict, record fields contradicted / missing), refitted on
# ragtruth:train alone and calibrated as before (out of fold, per shape); the span model's signals stay out (they did
# not earn a place in v1: docs/rag.md). Written before the run, the rule: v2 replaces v1 when, on ragtruth:dev, its
# AUROC is at least v1's (0.791) and its ECE at most 0.05; spans are the span model's plus the checkers' conflicts
# unless dev span F1 is higher without them (both measured from the same run's reports: span_f1_by_source.py).
# Signals are cached in ../runs/fused-v2/signals; each step resumes.
set -e
runs=../runs/fused-v2
res=benchmarks/results
veracity train fused --data ragtruth:train --out $runs/fused-v2.json --dev ragtruth:dev \
  --set signals_dir=$runs/signals --set use_span_model=false --set spans=true
# Shipped: src/veracity/models/weights/veracity-fused-small/fused_model.json ← $runs/fused-v2.json (metrics beside).
veracity eval -d fused --dataset ragtruth:dev --out $res/ragtruth-dev_fused-v2
veracity eval -d fused --set conflict_spans=false --dataset ragtruth:dev --out $res/ragtruth-dev_fused-v2-no-conflict-spans

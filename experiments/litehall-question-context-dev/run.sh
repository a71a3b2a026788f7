#!/usr/bin/env bash
# Which parts of a one-sentence answer keep the question (rules extractor, `question_context`), chosen on the first
# 1,000 examples of halueval-qa:dev (500 right / hallucinated pairs), never the test split. Rule fixed before
# looking: the best dev accuracy; a tie keeps the current default (short).
set -euo pipefail
here=experiments/litehall-question-context-dev
for variant in short sentence clauses; do
  veracity eval --detector litehall --dataset halueval-qa:dev --limit 1000 --set question_context=$variant \
    --out "runs/qc-dev/$variant"
  mkdir -p "$here/$variant" && cp "runs/qc-dev/$variant/metrics.json" "$here/$variant/"
done

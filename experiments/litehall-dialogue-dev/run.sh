#!/usr/bin/env bash
# litehall on dialogue: the "question" of a halueval-dialogue example is the whole dialogue history (median 51 words),
# and with question_context=clauses every claim of a one-sentence response is stated with it, so the response's own
# words can fall outside the verifier's 256 tokens. `question_words` states only the history's last sentences within
# that many words. Compared on the first 1,000 examples of halueval-dialogue:dev (500 pairs), never the test split.
# Rule fixed before looking: the best dev AUROC, by at least 0.01 over the whole question (none); a new default must
# also keep halueval-qa:dev (first 1,000) within 0.5 points of the current default's 92.0% (4% of its questions
# are longer than 40 words), checked by the `qa-<variant>` run.
#   experiments/litehall-dialogue-dev/run.sh [VARIANT...]   (default: none 40 20)
set -euo pipefail
here=experiments/litehall-dialogue-dev
for variant in ${*:-none 40 20}; do
  case $variant in
    qa-*) words=${variant#qa-}; dataset=halueval-qa:dev ;;
    *) words=$variant; dataset=halueval-dialogue:dev ;;
  esac
  set_words=()
  [ "$words" != none ] && set_words=(--set "question_words=$words")
  veracity eval --detector litehall --dataset "$dataset" --limit 1000 "${set_words[@]}" \
    --out "runs/dialogue-dev/$variant"
  mkdir -p "$here/$variant" && cp "runs/dialogue-dev/$variant/metrics.json" "$here/$variant/"
done

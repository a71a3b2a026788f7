#!/bin/bash
# The summary route's second choice (benchmarks/auto/README.md, written before these runs). Dev runs live outside
# the repository (../runs/auto); choice-summary2.json is committed. Each `veracity eval` resumes where it stopped.
set -e
dev=../runs/auto
python benchmarks/auto/grounding_dev.py $dev/grounding-dev
for part in summedits-heldout claims; do
  data=jsonl:$dev/grounding-dev/$part.jsonl
  veracity eval -d verifier --set calibration=none --dataset $data --out $dev/summary2/${part}__verifier
  veracity eval -d verifier --set model=veracity-nli-small-stage3 --set calibration=none --dataset $data \
    --out $dev/summary2/${part}__verifier-stage3
done
# part 1 is the first choice's runs (run.sh): $dev/summary__verifier and $dev/summary__verifier-stage3
for candidate in verifier verifier-stage3; do
  ln -sfn ../summary__$candidate $dev/summary2/halueval-summarization__$candidate
done
python benchmarks/auto/choose_summary2.py $dev/summary2 benchmarks/auto/choice-summary2.json

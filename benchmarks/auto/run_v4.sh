#!/bin/bash
# The claim route's choice (benchmarks/auto/README.md, fourth choice, written before these runs). Dev runs live
# outside the repository (../runs/auto/v4); choice-v4.json is committed. Each `veracity eval` resumes where it stopped.
set -e
dev=../runs/auto
v4=$dev/v4
mkdir -p $v4
python benchmarks/auto/grounding_dev.py $dev/grounding-dev
python benchmarks/auto/claim_dev.py $dev/claim-dev
declare -A candidate=(
  [fused]="-d fused"
  [grounding]="-d grounding"
  [verifier]="-d verifier"
  [verifier-stage3]="-d verifier --set model=veracity-nli-small-stage3 --set calibration=shipped:verifier-stage3"
)
for c in fused grounding verifier verifier-stage3; do
  veracity eval ${candidate[$c]} --dataset jsonl:$dev/grounding-dev/claims.jsonl --out $v4/claim__claims__$c
  veracity eval ${candidate[$c]} --dataset jsonl:$dev/claim-dev/rte-dev.jsonl --out $v4/claim__rte-dev__$c
  veracity eval ${candidate[$c]} --dataset fever-symmetric --out $v4/claim__fever-symmetric__$c
done
python benchmarks/auto/choose_v4.py $v4 benchmarks/auto/choice-v4.json

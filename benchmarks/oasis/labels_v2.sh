#!/bin/bash
# Issue 35: the LLM-OASIS rule generator with its swap refusals (a replacement already in the claim, coordinated
# with the replaced name, or containing / contained in it). Rebuilds the generated sets with the same seed into
# ../runs/oasis-rules-v2 and re-measures every row of docs/oasis.md on them. Each step resumes where it stopped.
#   benchmarks/oasis/labels_v2.sh [PART...]     (default: data claims e2e table)
# data   = the rules set and its sample (the same seed and sample as benchmarks/oasis/run.sh)
# claims = every detector on the 800 claim checks; oasis with the settings of the committed runs (neutral_verified
#          was true then), so that the label fix alone changes, and with today's default (-nee, issue 33)
# e2e    = oasis on the 600 end-to-end texts against the default knowledge index (python benchmarks/knowledge/index.py,
#          or `veracity data build-knowledge-corpus` + `veracity index build` into ../runs/knowledge), likewise
# table  = docs/oasis.md's tables (clean labels first, the earlier set's below) and the McNemar tests
set -euo pipefail
parts=${*:-data claims e2e table}
out=benchmarks/results
work=../runs/oasis-rules-v2
checks=jsonl:$work/eval/claim-checks.jsonl
texts=oasis:$work/eval
index="--set index=../runs/knowledge/index"
then="--set neutral_verified=true"
paper="--set entity_alignment=false --set alignment_coreference=false --set number_alignment=false"
for part in $parts; do
  case $part in
    data)
      python benchmarks/oasis/rules.py --work $work --out $out/oasis-rules_covid-halueval-v2
      python benchmarks/oasis/sample.py --data $work/data --out $work/eval
      ;;
    claims)
      veracity eval -d oasis $then --dataset $checks --out $out/oasis-claims_oasis-v2
      veracity eval -d oasis $then $paper --dataset $checks --out $out/oasis-claims_oasis-paper-v2
      # Today's default reads a claim with only neutral passages as not enough evidence (issue 33).
      veracity eval -d oasis --dataset $checks --out $out/oasis-claims_oasis-v2-nee
      veracity eval -d oasis $then --set alignment_coreference=false --set number_alignment=false --dataset $checks \
        --out $out/oasis-claims_oasis-aligned-v2
      veracity eval -d verifier --dataset $checks --out $out/oasis-claims_verifier-v2
      veracity eval -d grounding --dataset $checks --out $out/oasis-claims_grounding-v2
      veracity eval -d litehall --dataset $checks --out $out/oasis-claims_litehall-v2
      ;;
    e2e)
      veracity eval -d oasis $index --dataset $texts --out $out/oasis-e2e_oasis-v2-nee
      veracity eval -d oasis $then $index --dataset $texts --out $out/oasis-e2e_oasis-v2
      veracity eval -d oasis $then $paper $index --dataset $texts --out $out/oasis-e2e_oasis-paper-v2
      ;;
    table)
      python benchmarks/oasis/table.py --records $work/data/records.jsonl --write docs/oasis.md \
        --out $out/oasis-mcnemar_table
      ;;
    *) echo "unknown part: $part" >&2; exit 2 ;;
  esac
done

#!/bin/bash
# Issue 35: the LLM-OASIS rule generator with its swap refusals (a replacement already in the claim, coordinated
# with the replaced name, or containing / contained in it). Rebuilds the generated sets with the same seed into
# ../runs/oasis-rules-v2 and re-measures the claim checks with the settings of the committed runs (neutral_verified
# was true then: the label fix alone changes). Each step resumes where it stopped.
set -e
python benchmarks/oasis/rules.py --work ../runs/oasis-rules-v2 --out benchmarks/results/oasis-rules_covid-halueval-v2
python benchmarks/oasis/sample.py --data ../runs/oasis-rules-v2/data --out ../runs/oasis-rules-v2/eval
checks=jsonl:../runs/oasis-rules-v2/eval/claim-checks.jsonl
veracity eval -d oasis --set neutral_verified=true --dataset $checks --out benchmarks/results/oasis-claims_oasis-v2
veracity eval -d oasis --set neutral_verified=true --set entity_alignment=false --set alignment_coreference=false \
  --set number_alignment=false --dataset $checks --out benchmarks/results/oasis-claims_oasis-paper-v2
# Today's default reads a claim with only neutral passages as not enough evidence (issue 33): the same checks with it.
veracity eval -d oasis --dataset $checks --out benchmarks/results/oasis-claims_oasis-v2-nee

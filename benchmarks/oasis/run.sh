#!/usr/bin/env bash
# The LLM-OASIS measurements (issue 16); result folders go under benchmarks/results/. Run one part at a time.
# These made the earlier set's folders (docs/oasis.md, "The earlier set"). The generator has refused some swaps
# since (issue 35), so its data step now makes the clean set: benchmarks/oasis/labels_v2.sh measures that one into
# the *-v2 folders. The retriever part is only here.
#   benchmarks/oasis/run.sh [PART...]        (default: sample claims e2e retriever table)
# Needs the rules data (python benchmarks/oasis/rules.py --work ../runs/oasis-rules ...) and the default knowledge
# index (python benchmarks/knowledge/index.py ..., which builds ../runs/knowledge/index).
# sample    = derived sets split 80/20 by document; a fixed-seed sample of the test documents' records
#             (300 records = 600 end-to-end texts; 400 falsified + 400 true claim checks)
# claims    = every detector on the claim checks (context = the factual text), for balanced accuracy and McNemar;
#             oasis also with the OASIS-tuned verifier (configs/verifier-small-oasis.yaml) when it exists
# e2e       = oasis on the end-to-end texts against the default index (the source documents + other documents), with
#             its default BM25 search (chosen on dev: experiments/oasis-dev/sweep.sh) and with hybrid search
# retriever = retriever training (configs/retriever-oasis.yaml) and held-out Recall@k before / after
# table     = McNemar between oasis and the others, and the tables in docs/oasis.md
# A result folder that already holds predictions is resumed, not redone: delete it to rerun after a default changed.
set -euo pipefail
parts=${*:-sample claims e2e retriever table}
out=benchmarks/results
work=../runs/oasis-rules
checks="jsonl:$work/eval/claim-checks.jsonl"
tuned=../runs/verifier-small-oasis/model
paper="--set entity_alignment=false --set alignment_coreference=false --set number_alignment=false"
for part in $parts; do
  case $part in
    sample)
      python benchmarks/oasis/sample.py --data "$work/data" --out "$work/eval"
      ;;
    claims)
      # oasis's defaults include the alignment checks (chosen on dev: experiments/oasis-dev); the paper's
      # Algorithm 1 alone is oasis-paper, names-only alignment oasis-aligned.
      veracity eval -d oasis --dataset "$checks" --out "$out/oasis-claims_oasis"
      veracity eval -d oasis $paper --dataset "$checks" --out "$out/oasis-claims_oasis-paper"
      veracity eval -d oasis --set alignment_coreference=false --set number_alignment=false --dataset "$checks" \
        --out "$out/oasis-claims_oasis-aligned"
      veracity eval -d verifier --dataset "$checks" --out "$out/oasis-claims_verifier"
      veracity eval -d grounding --dataset "$checks" --out "$out/oasis-claims_grounding"
      veracity eval -d litehall --dataset "$checks" --out "$out/oasis-claims_litehall"
      if [[ -d $tuned ]]; then
        veracity eval -d oasis $paper --set "nli_model=$tuned" --dataset "$checks" --out "$out/oasis-claims_oasis-tuned"
      fi
      ;;
    e2e)
      veracity eval -d oasis --set index=../runs/knowledge/index --dataset "oasis:$work/eval" --out "$out/oasis-e2e_oasis"
      veracity eval -d oasis $paper --set index=../runs/knowledge/index --dataset "oasis:$work/eval" \
        --out "$out/oasis-e2e_oasis-paper"
      if [[ -d $tuned ]]; then
        veracity eval -d oasis $paper --set index=../runs/knowledge/index --set "nli_model=$tuned" \
          --dataset "oasis:$work/eval" --out "$out/oasis-e2e_oasis-tuned"
      fi
      ;;
    retriever)
      veracity train retriever --config configs/retriever-oasis.yaml
      python benchmarks/oasis/retriever.py --data "$work/data" --corpus ../runs/knowledge/corpus.jsonl \
        --trained ../runs/retriever-oasis/model --out "$out/oasis-retriever_recall"
      ;;
    table)
      python benchmarks/oasis/table.py --write docs/oasis.md --out "$out/oasis-mcnemar_table"
      ;;
    *) echo "unknown part: $part" >&2; exit 2 ;;
  esac
done

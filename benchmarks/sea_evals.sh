#!/usr/bin/env bash
# The Logic-Matters experiments (issue 5) for one NLI model; result folders go under benchmarks/results/.
#   benchmarks/sea_evals.sh MODEL NAME [PART...]
# MODEL: a catalog name or a folder; NAME: the suffix of the result folders. PARTs (default: main table7 ablation
# sweep): main = sea on hotpotqa-derived (threshold 0.4 and calibrated on its dev split) and halueval-qa;
# table7 = the NLI model alone (whole context, max over single documents) on hotpotqa-derived; ablation = Table 8;
# sweep = the chunk size C in {128, 256, 384, 512} (documents longer than C are cut, T_d = C, since HotpotQA
# paragraphs are shorter than the default T_d = 512); halueval = sea on halueval-summarization and -dialogue test
# (not in the default list: about 40 minutes); halueval-calibrated = the three HaluEval tasks with the threshold
# fitted on dev (after `main` and `halueval`); pooling = sea with S = max_k e_k on hotpotqa-derived (0.4 and
# calibrated) and halueval-qa. Needs `veracity data build-hotpotqa-derived` first.
# Run one at a time: two heavy jobs on 2 cores slow each other badly.
set -euo pipefail
model=$1; name=$2; shift 2
parts=${*:-main table7 ablation sweep}
out=benchmarks/results
hpd=hotpotqa-derived:test
sea() { veracity eval --detector sea --set "nli_model=$model" "$@"; }
for part in $parts; do
  case $part in
    main)
      sea --dataset $hpd --out "$out/hotpotqa-derived_sea_$name"
      # The calibrated run reuses those test predictions (evaluation resumes from predictions.jsonl; sea is
      # deterministic), so only the dev split is scored again.
      mkdir -p "$out/hotpotqa-derived_sea_${name}_calibrated"
      cp "$out/hotpotqa-derived_sea_$name/predictions.jsonl" "$out/hotpotqa-derived_sea_${name}_calibrated/"
      sea --dataset $hpd --calibrate-on hotpotqa-derived:dev --objective balanced_accuracy \
        --out "$out/hotpotqa-derived_sea_${name}_calibrated"
      sea --dataset halueval-qa:test --out "$out/halueval-qa-test_sea_$name" ;;
    table7)
      for mode in whole per_document; do
        veracity eval --detector verifier --set "model=$model" --set "mode=$mode" --dataset $hpd \
          --out "$out/hotpotqa-derived_nli-${mode//_/-}_$name"
      done ;;
    ablation)
      for off in segmentation aggregation relevance_weighting; do
        sea --set "$off=false" --dataset $hpd --out "$out/hotpotqa-derived_sea-no-${off//_/-}_$name"
      done
      sea --set aggregation=false --set relevance_weighting=false --dataset $hpd \
        --out "$out/hotpotqa-derived_sea-no-aggregation-no-relevance-weighting_$name" ;;
    sweep)
      for c in 128 256 384 512; do
        sea --set "chunk_tokens=$c" --set "document_threshold=$c" --dataset $hpd --out "$out/hotpotqa-derived_sea-c${c}_$name"
      done ;;
    halueval)
      # the other two HaluEval tasks of the paper's main table, at T_s = 0.4
      for task in summarization dialogue; do
        sea --dataset "halueval-$task:test" --out "$out/halueval-$task-test_sea_$name"
      done ;;
    halueval-calibrated)
      # the same with the threshold fitted on the first 600 dev examples (balanced accuracy); the test predictions
      # are reused from the `halueval` part (sea is deterministic), so only dev is scored
      for task in qa summarization dialogue; do
        cal="$out/halueval-$task-test_sea_${name}_calibrated"
        mkdir -p "$cal"
        cp "$out/halueval-$task-test_sea_$name/predictions.jsonl" "$cal/"
        sea --dataset "halueval-$task:test" --calibrate-on "halueval-$task:dev" --calibrate-limit 600 \
          --objective balanced_accuracy --out "$cal"
      done ;;
    pooling)
      # S = max_k e_k instead of the weighted mean (chosen on dev: benchmarks/exploratory/sea-pooling-dev/)
      sea --set pooling=max --dataset $hpd --out "$out/hotpotqa-derived_sea-max_$name"
      mkdir -p "$out/hotpotqa-derived_sea-max_${name}_calibrated"
      cp "$out/hotpotqa-derived_sea-max_$name/predictions.jsonl" "$out/hotpotqa-derived_sea-max_${name}_calibrated/"
      sea --set pooling=max --dataset $hpd --calibrate-on hotpotqa-derived:dev --objective balanced_accuracy \
        --out "$out/hotpotqa-derived_sea-max_${name}_calibrated"
      sea --set pooling=max --dataset halueval-qa:test --out "$out/halueval-qa-test_sea-max_$name" ;;
    *) echo "unknown part $part" >&2; exit 2 ;;
  esac
done

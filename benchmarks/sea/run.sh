#!/usr/bin/env bash
# The Logic-Matters experiments (issue 5) for one NLI model; result folders go under benchmarks/results/.
#   benchmarks/sea/run.sh MODEL NAME [PART...]
# MODEL: a catalog name or a folder; NAME: the suffix of the result folders. PARTs (default: main table7 ablation
# sweep): main = sea on hotpotqa-derived (threshold 0.4 and calibrated on its dev split) and halueval-qa;
# table7 = the NLI model alone (whole context, max over single documents) on hotpotqa-derived; ablation = Table 8;
# sweep = the chunk size C in {128, 256, 384, 512} (documents longer than C are cut, T_d = C, since HotpotQA
# paragraphs are shorter than the default T_d = 512); halueval = sea on halueval-summarization and -dialogue test
# (not in the default list: about 40 minutes); halueval-calibrated = the three HaluEval tasks with the threshold
# fitted on dev (after `main` and `halueval`); pooling = sea with S = max_k e_k on hotpotqa-derived (0.4 and
# calibrated) and halueval-qa; hotpotqa and pooling-hotpotqa = main and pooling without halueval-qa;
# table7-calibrated = table7's runs with the threshold fitted on dev; hard-gain = McNemar on the hard level of
# pooling-hotpotqa's calibrated run against table7-calibrated's. Needs `veracity data build-hotpotqa-derived` first.
# Run one at a time: two heavy jobs on 2 cores slow each other badly.
set -euo pipefail
model=$1; name=$2; shift 2
parts=${*:-main table7 ablation sweep}
out=benchmarks/results
hpd=hotpotqa-derived:test
sea() { veracity eval --detector sea --set "nli_model=$model" "$@"; }
# calibrated RUN TEST DEV [SEA ARGS...]: RUN-calibrated, RUN's test predictions with the threshold fitted on DEV
# (balanced accuracy). The test predictions are copied, not recomputed (evaluation resumes from predictions.jsonl;
# sea is deterministic), so only DEV is scored.
calibrated() {
  local run=$1 test=$2 dev=$3; shift 3
  mkdir -p "${run}-calibrated"
  cp "$run"/predictions.jsonl* "${run}-calibrated/"  # plain or packed (.gz)
  sea "$@" --dataset "$test" --calibrate-on "$dev" --objective balanced_accuracy --out "${run}-calibrated"
}
for part in $parts; do
  case $part in
    main|hotpotqa)
      sea --dataset $hpd --out "$out/hotpotqa-derived_sea-$name"
      calibrated "$out/hotpotqa-derived_sea-$name" $hpd hotpotqa-derived:dev
      if [[ $part == main ]]; then sea --dataset halueval-qa:test --out "$out/halueval-qa-test_sea-$name"; fi ;;
    table7)
      for mode in whole per_document; do
        veracity eval --detector verifier --set "model=$model" --set "mode=$mode" --dataset $hpd \
          --out "$out/hotpotqa-derived_verifier-nli-${mode//_/-}-$name"
      done ;;
    table7-calibrated)
      # the table7 runs with the threshold fitted on hotpotqa-derived:dev, to set beside sea's calibrated rows
      for mode in whole per_document; do
        run="$out/hotpotqa-derived_verifier-nli-${mode//_/-}-$name"
        mkdir -p "${run}-calibrated"
        cp "$run"/predictions.jsonl* "${run}-calibrated/"  # plain or packed (.gz)
        veracity eval --detector verifier --set "model=$model" --set "mode=$mode" --set calibration=none --dataset $hpd \
          --calibrate-on hotpotqa-derived:dev --objective balanced_accuracy --out "${run}-calibrated"
      done ;;
    hard-gain)
      # the floor's hard-level gain, paired: sea (pooling=max) against the NLI alone, all fitted on dev (McNemar)
      for alone in whole per-document; do
        veracity eval compare "$out/hotpotqa-derived_verifier-nli-${alone}-${name}-calibrated" \
          "$out/hotpotqa-derived_sea-max-${name}-calibrated" --task hard \
          > "$out/hotpotqa-derived_sea-max-${name}-calibrated/compare-hard-nli-$alone.json"
      done ;;
    ablation)
      for off in segmentation aggregation relevance_weighting; do
        sea --set "$off=false" --dataset $hpd --out "$out/hotpotqa-derived_sea-no-${off//_/-}-$name"
      done
      sea --set aggregation=false --set relevance_weighting=false --dataset $hpd \
        --out "$out/hotpotqa-derived_sea-no-aggregation-no-relevance-weighting-$name" ;;
    sweep)
      for c in 128 256 384 512; do
        sea --set "chunk_tokens=$c" --set "document_threshold=$c" --dataset $hpd --out "$out/hotpotqa-derived_sea-c${c}-$name"
      done ;;
    halueval)
      # the other two HaluEval tasks of the paper's main table, at T_s = 0.4
      for task in summarization dialogue; do
        sea --dataset "halueval-$task:test" --out "$out/halueval-$task-test_sea-$name"
      done ;;
    halueval-calibrated)
      # the `main` and `halueval` runs with the threshold fitted on the first 600 dev examples
      for task in qa summarization dialogue; do
        calibrated "$out/halueval-$task-test_sea-$name" "halueval-$task:test" "halueval-$task:dev" --calibrate-limit 600
      done ;;
    pooling|pooling-hotpotqa)
      # S = max_k e_k instead of the weighted mean (chosen on dev: experiments/sea-pooling-dev/)
      sea --set pooling=max --dataset $hpd --out "$out/hotpotqa-derived_sea-max-$name"
      calibrated "$out/hotpotqa-derived_sea-max-$name" $hpd hotpotqa-derived:dev --set pooling=max
      if [[ $part == pooling ]]; then sea --set pooling=max --dataset halueval-qa:test --out "$out/halueval-qa-test_sea-max-$name"; fi ;;
    *) echo "unknown part $part" >&2; exit 2 ;;
  esac
done

#!/usr/bin/env bash
# Issue 53: the one reader (`reader`, the default through `auto`) on every set its floors name, beside the baselines.
# Each run resumes its folder; run from the repository root with .venv/bin on PATH. Predictions are kept outside the
# repository (benchmarks/ stays under 10 MB): RUNS (default ../cache/runs) holds them, and the metrics.json of each
# run is copied, compact, into benchmarks/results/. HaluEval summarization: the first 500 of its test split (its
# documents are long; 2,000 would take an hour here). speed: run it alone on the machine.
set -euo pipefail
source "$(dirname "$0")/../lib/eval_into_results.sh"
run() {  # name detector dataset [extra args...]
    local name=$1 detector=$2 dataset=$3; shift 3
    eval_into_results "$name" -d "$detector" --dataset "$dataset" "$@"
}
what=${1:-all}
if [[ $what == all || $what == ragtruth ]]; then
    run ragtruth-dev_reader reader ragtruth:dev
fi
if [[ $what == all || $what == small ]]; then
    python benchmarks/incontext/build.py > /dev/null
    python benchmarks/ragtruth/minimal_pairs_as_answers.py "$RUNS/minimal-pairs-answers.jsonl"
    run incontext_reader reader jsonl:benchmarks/incontext/cases.jsonl
    run minimal-pairs-answers_reader reader "jsonl:$RUNS/minimal-pairs-answers.jsonl"
fi
if [[ $what == all || $what == behaviour ]]; then
    python benchmarks/behaviour/generate.py
    for detector in ${BEHAVIOUR_DETECTORS:-reader fused novelty grounding verifier}; do
        run "behaviour_$detector" "$detector" behaviour
    done
fi
if [[ $what == all || $what == halueval ]]; then
    run halueval-qa-test_reader reader halueval-qa:test
    run halueval-dialogue-test_reader reader halueval-dialogue:test
    run halueval-summarization-test_reader-500 reader halueval-summarization:test --limit 500
fi
if [[ $what == all || $what == other ]]; then
    run xsumfaith-dev_reader reader "ragtruth:../shared/data/xsumfaith/dev.jsonl.gz"
    [[ -n ${SKIP_BASELINES:-} ]] || run xsumfaith-dev_novelty novelty "ragtruth:../shared/data/xsumfaith/dev.jsonl.gz"
    run ragbench-dev_reader reader "ragtruth:../shared/data/ragbench/dev.jsonl.gz"
    [[ -n ${SKIP_BASELINES:-} ]] || run ragbench-dev_novelty novelty "ragtruth:../shared/data/ragbench/dev.jsonl.gz"
fi
if [[ $what == all || $what == speed ]]; then
    run ragtruth-dev-speed_reader reader ragtruth:dev --limit 200 --warm-up
fi

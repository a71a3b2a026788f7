# Sourced by benchmarks/reader/run.sh, benchmarks/verifier/run.sh and experiments/verifier-v3/eval.sh.
# eval_into_results FOLDER [veracity eval args...]: runs `veracity eval ARGS --out "$RUNS/FOLDER"` (the predictions
# stay outside the repository; the run resumes its folder) and copies its metrics.json, compact, to
# benchmarks/results/FOLDER/ (benchmarks/ stays under 10 MB). RUNS, when unset, is ../cache/runs.
RUNS=${RUNS:-../cache/runs}
eval_into_results() {
    local folder=$1; shift
    veracity eval "$@" --out "$RUNS/$folder"
    mkdir -p "benchmarks/results/$folder"
    python -c 'import json, sys; json.dump(json.load(open(sys.argv[1])), open(sys.argv[2], "w"), separators=(",", ":"))' \
        "$RUNS/$folder/metrics.json" "benchmarks/results/$folder/metrics.json"
}

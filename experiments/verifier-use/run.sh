#!/usr/bin/env bash
# Issue 76 item 6: what the `verifier` detector (chunked mode, its default) gives on multi-passage RAG answers and
# on the input it was built for, beside the default detector (`auto`) on the same examples.
# Run from the repository root: `experiments/verifier-use/run.sh`. Each eval resumes its folder. Predictions stay
# outside the repository in RUNS (default ../runs/verifier-use); figures.py reads them and writes metrics.json here.
# One eval at a time; keep the machine otherwise quiet.
# The code that runs is a commit's (COMMIT, default HEAD), unpacked into RUNS and put first on PYTHONPATH, so edits
# in the working tree do not reach the runs (the harness still records the checkout's commit, "+dirty" if edited).
set -euo pipefail
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
RUNS=${RUNS:-../runs/verifier-use}
COMMIT=$(git rev-parse "${COMMIT:-HEAD}")
VERACITY=${VERACITY:-.venv/bin/veracity}
PYTHON=${PYTHON:-.venv/bin/python}
mkdir -p "$RUNS"
CODE=$RUNS/code-$COMMIT
if [[ ! -d $CODE ]]; then
    mkdir -p "$CODE.tmp" && git archive "$COMMIT" src benchmarks | tar -x -C "$CODE.tmp" && mv "$CODE.tmp" "$CODE"
fi
# Predictions resume: a RUNS folder holds one commit's runs (the figures name it as code_commit).
if [[ -f $RUNS/code_commit.txt && $(cat "$RUNS/code_commit.txt") != "$COMMIT" ]]; then
    echo "$RUNS holds the runs of $(cat "$RUNS/code_commit.txt"); use another RUNS or COMMIT=$(cat "$RUNS/code_commit.txt")" >&2
    exit 1
fi
echo "$COMMIT" > "$RUNS/code_commit.txt"
export PYTHONPATH=$CODE/src
# The behavioural suite's faithful rewordings (generated, not tracked; written outside the repository).
$PYTHON "$CODE/benchmarks/behaviour/generate.py" --out "$RUNS/behaviour-cases.jsonl.gz" > /dev/null
export VERACITY_BEHAVIOUR=$RUNS/behaviour-cases.jsonl.gz
run() {  # name dataset [extra args...]: the verifier and the default on the same examples
    local name=$1 dataset=$2; shift 2
    for detector in verifier auto; do
        $VERACITY eval -d "$detector" --dataset "$dataset" "$@" --out "$RUNS/${name}_$detector"
    done
}
# Multi-passage RAG answers: RAGTruth dev's QA answers (all 282; three web passages each; the first 200 answers of
# ragtruth:dev are all data-to-text), and the first 200 answers of RAGBench dev (covidqa and msmarco).
run ragtruth-qa-dev ragtruth-qa:dev
run ragbench-dev-200 ragtruth:../shared/data/ragbench/dev.jsonl.gz --limit 200
# Reworded faithful answers over short passages (the behavioural suite; every case is faithful).
for test in faithful-paraphrase faithful-unit-format faithful-merge; do
    run "behaviour-$test" "behaviour:$test"
done
# The input it was built for: one claim against one evidence sentence (FEVER-Symmetric), and a one-sentence answer
# stated with its question against a short knowledge paragraph (HaluEval QA).
run fever-symmetric-300 fever-symmetric --limit 300
run halueval-qa-test-200 halueval-qa:test --limit 200
$PYTHON experiments/verifier-use/figures.py "$RUNS" experiments/verifier-use/metrics.json

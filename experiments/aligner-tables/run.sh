#!/usr/bin/env bash
# Reproduces metrics.json's rankings (README): the shipped aligner on the aligner's items with the cell reading
# (cells-v2.patch applied to the checkout) and with the row reading (as shipped), each on a fresh item cache.
# Needs the project's .venv and ../shared/data; run it with nothing else on the cores. The end-to-end runs:
# endtoend.sh, then summary.py.
set -euo pipefail
cd "$(dirname "$0")/../.."
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
: "${VERACITY_DATA:=$(cd .. && pwd)/shared/data}"
export VERACITY_DATA VERACITY_CACHE=${VERACITY_CACHE:-$HOME/.cache/veracity} HF_HOME=${HF_HOME:-$HOME/.cache/huggingface}
PY=.venv/bin/python
OUT=experiments/aligner-tables/metrics.json
HOME=$(mktemp -d) $PY experiments/aligner/evaluate.py "shipped, row reading (as shipped)" veracity-aligner-small \
  --out $OUT --splits synthetic-tables:test
git apply experiments/aligner-tables/cells-v2.patch
trap 'git apply -R experiments/aligner-tables/cells-v2.patch' EXIT
HOME=$(mktemp -d) $PY experiments/aligner/evaluate.py "shipped, cell reading (cells-v2.patch)" veracity-aligner-small \
  --out $OUT --splits ragtruth:dev ragbench:dev synthetic:test synthetic-tables:test

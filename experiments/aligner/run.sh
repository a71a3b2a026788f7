#!/usr/bin/env bash
# Reproduces metrics.json: the aligner's items (cached under ~/.cache/veracity/aligner), the untuned embedder's
# ranking, the training run (configs/aligner-small.yaml; resumes from ../cache/aligner-small/checkpoint), the trained
# and the shipped (int8) model's ranking, and the masked-frame checker's margin with it. Needs the project's .venv
# and ../shared/data. Run it with nothing else on the cores: the training's speed is part of the record.
set -euo pipefail
cd "$(dirname "$0")"
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
: "${VERACITY_DATA:=$(cd ../../.. && pwd)/shared/data}"  # the items are read from here
export VERACITY_DATA
PY=../../.venv/bin/python
$PY build.py
$PY evaluate.py untuned all-MiniLM-L6-v2
(cd ../.. && .venv/bin/veracity train aligner --config configs/aligner-small.yaml)
$PY evaluate.py trained ../../../cache/aligner-small/model
# the third epoch, resumed from the 2-epoch run's checkpoint (configs/aligner-small-e3.yaml), which was shipped
rm -rf ../../../cache/aligner-small-e3 && cp -r ../../../cache/aligner-small ../../../cache/aligner-small-e3
(cd ../.. && .venv/bin/veracity train aligner --config configs/aligner-small-e3.yaml)
$PY evaluate.py third-epoch ../../../cache/aligner-small-e3/model
$PY -c "from pathlib import Path; from veracity.training.aligner import export_aligner; \
print(export_aligner(Path('../../../cache/aligner-small-e3/model'), Path('../../src/veracity/models/weights/veracity-aligner-small')))"
$PY evaluate.py shipped veracity-aligner-small
$PY margin.py veracity-aligner-small
(cd ../.. && .venv/bin/veracity eval -d reader --dataset ragtruth:dev --out ../runs/rt-masked --set masked_frames=true \
  && cp ../runs/rt-masked/metrics.json experiments/aligner/reader-dev-masked.json)
# 2026-12-03: the NLI's premise by the aligner against the lexical choice, and a word-overlap rerank (README)
$PY premise.py 450
$PY rerank.py
$PY local.py
$PY rerank_pairs.py 15
$PY failures.py  # read by hand (README)

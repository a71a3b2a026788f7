#!/usr/bin/env bash
# Issue 76 §5: how far the default's scores move between backends and instruction sets. Run from the repository root
# after `make test` (both virtual environments and the ONNX files); the AVX2-only machine is emulated by qemu-user
# (Debian's qemu-user: `qemu-x86_64 -cpu Haswell`: no AVX-512, no VNNI). Writes runs/7bit-weights/*.jsonl and
# metrics.json (summary.py). runs/8bit-weights/ holds the same runs with the int8 files before issue 76 (8-bit
# weights, EXPORT_FORMAT 4), made with this script on 2026-12-02 with the clock-time reader of e3e4d77 (an
# earlier state of this session's scoring code; the spread between settings is what they measure).
set -euo pipefail
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
here=experiments/cross-machine
out=$here/runs/${WEIGHTS:-7bit-weights}
light=.venv-light/bin/python
full=.venv/bin/python
N=${N:-12}
$light $here/scores.py onnx-int8 --ragtruth "$N" --out "$out"                 # as shipped, this CPU
$light $here/scores.py onnx-int8-no-graph-optimisation --ragtruth "$N" --no-graph-optimisation --out "$out"
$light $here/scores.py onnx-fp32 --ragtruth "$N" --set quantize=none --out "$out"
$full $here/scores.py torch-int8 --ragtruth "$N" --set backend=torch --out "$out"
qemu-x86_64 -cpu Haswell $light $here/scores.py haswell-onnx-int8 --ragtruth "$N" --out "$out" 2> /dev/null
python3 $here/summary.py > $here/metrics.json

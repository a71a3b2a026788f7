#!/usr/bin/env bash
# The default (auto) rerun after issue 44 (calibration read without ties, reports that keep their verdict's promises,
# not_checked for other languages, the checker's clause overlap): the runs BENCHMARKS.md's summary quotes, into *_auto-v6.
# Run from the repository root with the data in ../shared/data; each run resumes if interrupted.
set -euo pipefail
bash benchmarks/auto/rerun.sh v6
veracity eval -d fused --dataset ragtruth:dev --out benchmarks/results/ragtruth-dev_fused-v3  # `fused` alone, same change
python benchmarks/pack.py benchmarks/results/ragtruth-dev_fused-v3

#!/bin/bash
# The behavioural suite (issue 53 §6) through every named detector that runs offline here. Each run resumes where it
# stopped; its metrics.json carries the suite's pass rates per test and its floors under "behaviour".
#
#   benchmarks/behaviour/run.sh                        # the whole suite, every detector below (hours on 2 cores)
#   benchmarks/behaviour/run.sh sample                 # behaviour:sample (59 cases, every test), every detector
#   benchmarks/behaviour/run.sh sample novelty grounding   # some detectors only
#
# Results: benchmarks/behaviour/results/<detector>/ (the whole suite) or <detector>-sample/; then
# `python benchmarks/behaviour/score.py` prints the table of every folder. Not run here: llm-judge, leap and oasis
# (an LLM or an index), cascade (two detectors already run on their own).
set -euo pipefail
split=${1:-all}
shift || true
detectors=("$@")
if [ ${#detectors[@]} -eq 0 ]; then
  detectors=(novelty grounding span verifier litehall sea fused auto)
fi
here=benchmarks/behaviour
python $here/generate.py --check 2>/dev/null || python $here/generate.py >/dev/null  # the cases are not tracked
suffix=$([ "$split" = all ] && echo "" || echo "-$split")
for detector in "${detectors[@]}"; do
  veracity eval -d "$detector" --dataset "behaviour:$split" --out "$here/results/$detector$suffix"
done
python $here/score.py $(for d in "${detectors[@]}"; do echo "$here/results/$d$suffix"; done)

#!/bin/bash
# The summary route's second choice (benchmarks/auto/README.md, written before these runs). Dev runs live outside
# the repository (../runs/auto); choice-summary2.json is committed. Each `veracity eval` resumes where it stopped.
set -e
dev=../runs/auto
python benchmarks/auto/grounding_dev.py $dev/grounding-dev
for part in summedits-heldout claims; do
  data=jsonl:$dev/grounding-dev/$part.jsonl
  veracity eval -d verifier --set calibration=none --dataset $data --out $dev/summary2/${part}__verifier
  veracity eval -d verifier --set model=veracity-nli-small-stage3 --set calibration=none --dataset $data \
    --out $dev/summary2/${part}__verifier-stage3
done
# part 1 is the first choice's runs (run.sh): $dev/summary__verifier and $dev/summary__verifier-stage3
for candidate in verifier verifier-stage3; do
  ln -sfn ../summary__$candidate $dev/summary2/halueval-summarization__$candidate
done
python benchmarks/auto/choose_summary2.py $dev/summary2 benchmarks/auto/choice-summary2.json
# The rule kept stage 3; its summary calibrator is refitted on all 2,000 summarization dev examples (the runs of the
# first 600 are reused: evaluation resumes from predictions.jsonl), then auto is run again where the summary route
# decides.
mkdir -p $dev/summary-full__verifier-stage3
[ -s $dev/summary-full__verifier-stage3/predictions.jsonl ] || cp $dev/summary__verifier-stage3/predictions.jsonl $dev/summary-full__verifier-stage3/
veracity eval -d verifier --set model=veracity-nli-small-stage3 --set calibration=none \
  --dataset halueval-summarization:dev --out $dev/summary-full__verifier-stage3
veracity calibrate $dev/qa__verifier-stage3 $dev/dialogue__verifier-stage3 $dev/summary-full__verifier-stage3 \
  --out src/veracity/detectors/calibrators/verifier-stage3.json
res=benchmarks/results
g=../shared/data/grounding/detection
rm -rf $res/halueval-summarization-test_auto $res/summedits-dev_auto $res/wice-test_auto  # scored with the old fit
veracity eval -d auto --dataset jsonl:$g/summedits-dev.jsonl --out $res/summedits-dev_auto
veracity eval -d auto --dataset jsonl:$g/wice-test.jsonl --out $res/wice-test_auto
veracity eval -d auto --dataset halueval-summarization:test --out $res/halueval-summarization-test_auto

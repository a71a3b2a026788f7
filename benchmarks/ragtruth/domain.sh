#!/bin/bash
# Issue 32 §5: a user's own domain. WiCE stands in for it: its train split (723 Wikipedia claims against the pages
# they cite) refits the fused model; its test split (358, ../shared/data/grounding/detection/wice-test.jsonl) is
# the user's dev set. "before" is the shipped veracity-fused-small, "after" the refit; both decide at their own
# threshold. Signals are cached in ../runs/fused-signals; the metrics file is copied under benchmarks/ragtruth/domain (not benchmarks/results: they are fits, not eval runs).
set -e
veracity train fused --data grounding:wice:train --dev jsonl:../shared/data/grounding/detection/wice-test.jsonl \
  --out ../runs/fused/wice.json --set signals_dir=../runs/fused-signals
mkdir -p benchmarks/ragtruth/domain/wice-test_fused-domain
cp ../runs/fused/wice.metrics.json benchmarks/ragtruth/domain/wice-test_fused-domain/metrics.json
cp ../runs/fused/wice.json benchmarks/ragtruth/domain/wice-test_fused-domain/fused_model.json
# The same refit with the threshold chosen for balanced accuracy (the measure of the floor), not F1.
veracity train fused --data grounding:wice:train --dev jsonl:../shared/data/grounding/detection/wice-test.jsonl \
  --out ../runs/fused/wice-balanced.json --set signals_dir=../runs/fused-signals --set objective=balanced_accuracy
mkdir -p benchmarks/ragtruth/domain/wice-test_fused-domain-balanced
cp ../runs/fused/wice-balanced.metrics.json benchmarks/ragtruth/domain/wice-test_fused-domain-balanced/metrics.json
cp ../runs/fused/wice-balanced.json benchmarks/ragtruth/domain/wice-test_fused-domain-balanced/fused_model.json
# A blind second check of objective=balanced_accuracy (written before it ran): SummEdits as the user's domain, the
# first 1,000 train rows (six domains) refit the model, SummEdits dev (the other two domains) is the user's dev.
veracity train fused --data grounding:summedits:train@1000 \
  --dev jsonl:../shared/data/grounding/detection/summedits-dev.jsonl --out ../runs/fused/summedits-balanced.json \
  --set signals_dir=../runs/fused-signals --set objective=balanced_accuracy
mkdir -p benchmarks/ragtruth/domain/summedits-dev_fused-domain-balanced
cp ../runs/fused/summedits-balanced.metrics.json benchmarks/ragtruth/domain/summedits-dev_fused-domain-balanced/metrics.json
cp ../runs/fused/summedits-balanced.json benchmarks/ragtruth/domain/summedits-dev_fused-domain-balanced/fused_model.json

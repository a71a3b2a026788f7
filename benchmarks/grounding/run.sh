#!/bin/bash
# Issue 15 §5: every detector on the two realistic grounding sets (../shared/data/grounding/detection/, evaluation
# only). No threshold is fitted on them: each detector decides as shipped (a calibrated one at P = 0.5 with its
# summary-shape calibrator, fitted on HaluEval summarization dev), so balanced accuracy is what a user would get.
# Slow LLM detectors (leap, llm-judge, oasis's llm stages) are not run here. Each run resumes where it stopped.
# The stage-3 verifier is not run on its own: both sets have no question, so `auto` sends every row to it (calibrated).
# Table: python benchmarks/grounding/table.py
set -e
data=../shared/data/grounding/detection
for set in summedits-dev wice-test; do
  for detector in auto verifier grounding litehall sea; do
    veracity eval -d $detector --dataset jsonl:$data/$set.jsonl --out benchmarks/results/${set}_$detector
  done
done

#!/bin/bash
# The in-context set (issue 43 §6) through the detectors that matter for it. Each run resumes where it stopped.
# The default before this issue (auto-v4) is run from a worktree of its commit, 474a123, with this venv:
#   git worktree add ../runs/v4-worktree 474a123
#   (cd ../runs/v4-worktree && PYTHONPATH=$PWD/src python -m veracity eval -d auto \
#      --dataset jsonl:$OLDPWD/benchmarks/incontext/cases.jsonl --out $OLDPWD/benchmarks/results/incontext_auto-v4)
set -e
res=benchmarks/results
python benchmarks/incontext/build.py  # writes cases.jsonl from the scenario modules (not tracked: 0.4 MB)
set_=jsonl:benchmarks/incontext/cases.jsonl
veracity eval -d novelty --dataset $set_ --out $res/incontext_novelty
veracity eval -d fused --dataset $set_ --out $res/incontext_fused-v2
veracity eval -d auto --dataset $set_ --out $res/incontext_auto-v5
python benchmarks/incontext/table.py

#!/usr/bin/env bash
# The default (auto) after the seventh route choice and the checker's aliases (issue 43, third session): *_auto-v8.
# ragtruth:dev is where routes changed; the in-context set, the minimal pairs + README examples and HaluEval QA keep
# their routes but run the changed checker, so they are measured again too. Each run resumes if interrupted.
set -euo pipefail
bash benchmarks/auto/rerun.sh v8 ragtruth-dev incontext minimal-pairs-answers halueval-qa-test

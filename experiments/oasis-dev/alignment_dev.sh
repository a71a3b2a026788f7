#!/usr/bin/env bash
# Session 5: the alignment checks on DEV (train documents only, never the test sample).
# 1. Claim checks (the 400 of claims_dev.sh): entity_alignment with the sentence-choice fix, with coreference, with
#    number_alignment, and with both.
# 2. End to end: 100 other records (200 texts) of the train documents, seed 11, against the default index: whether
#    the alignment checks may be on by default (their false alarms add up over the claims of a text).
set -euo pipefail
dev=../runs/oasis-dev
claims() { local name=$1; shift; rm -rf "$dev/$name"
  veracity eval -d oasis "$@" --dataset "jsonl:$dev/claim-checks.jsonl" --out "$dev/$name" >/dev/null 2>&1; }
claims s5-align --set entity_alignment=true
claims s5-align-coref --set entity_alignment=true --set alignment_coreference=true
claims s5-align-num --set entity_alignment=true --set number_alignment=true
claims s5-align-coref-num --set entity_alignment=true --set alignment_coreference=true --set number_alignment=true
python - <<'PY'
import json, random
rows = [json.loads(l) for l in open("../runs/oasis-rules/data/train/e2e.jsonl")]
old = {json.loads(l)["id"].rsplit(":", 1)[0] for l in open("../runs/oasis-dev/e2e.jsonl")}
records = sorted({r["id"].rsplit(":", 1)[0] for r in rows} - old)
chosen = set(random.Random(11).sample(records, 100))
with open("../runs/oasis-dev/e2e-200.jsonl", "w") as out:
    for r in rows:
        if r["id"].rsplit(":", 1)[0] in chosen:
            out.write(json.dumps(r) + "\n")
PY
e2e() { local name=$1; shift
  veracity eval -d oasis --set index=../runs/knowledge/index "$@" --dataset "oasis:$dev/e2e-200.jsonl" --out "$dev/$name" >/dev/null 2>&1; }
e2e s5-e2e-default
e2e s5-e2e-aligned --set entity_alignment=true --set alignment_coreference=true --set number_alignment=true
e2e s5-e2e-numbers --set number_alignment=true
for d in "$dev"/s5-*; do
  python -c "import json,sys; m=json.load(open(sys.argv[1]+'/metrics.json'))['metrics']; print(sys.argv[1].rsplit('/',1)[1], 'BA %.4f  unfactual %.3f  factual %.3f' % (m['balanced_accuracy'], m['acc_hallucinated'], m['acc_faithful']))" "$d"
done

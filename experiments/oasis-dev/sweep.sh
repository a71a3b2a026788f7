#!/usr/bin/env bash
# Choosing oasis's evidence and decision settings on DEV: 40 records (80 texts) of the TRAIN documents, never the
# test sample. Writes one eval folder per variant under ../runs/oasis-dev/; compare with
#   python experiments/oasis-dev/compare.py ../runs/oasis-dev
set -euo pipefail
dev=../runs/oasis-dev
mkdir -p $dev
python - <<'PY'
import json, random
rows = [json.loads(l) for l in open("../runs/oasis-rules/data/train/e2e.jsonl")]
records = sorted({r["id"].rsplit(":", 1)[0] for r in rows})
chosen = set(random.Random(7).sample(records, 40))
with open("../runs/oasis-dev/e2e.jsonl", "w") as out:
    for r in rows:
        if r["id"].rsplit(":", 1)[0] in chosen:
            out.write(json.dumps(r) + "\n")
PY
run() { local name=$1; shift; veracity eval -d oasis --set index=../runs/knowledge/index "$@" --dataset "oasis:$dev/e2e.jsonl" --out "$dev/$name" >/dev/null 2>&1; }
run default
run contr-0.9 --set min_contradiction=0.9
run contr-0.7 --set min_contradiction=0.7
run bm25 --set search=bm25
run dense --set search=dense
run k5 --set top_k=5

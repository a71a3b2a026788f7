#!/usr/bin/env bash
# entity_alignment on DEV claim checks: 200 falsified + 200 true of the TRAIN documents (never the test sample).
set -euo pipefail
dev=../runs/oasis-dev
python - <<'PY'
import json, random
rows = [json.loads(l) for l in open("../runs/oasis-rules/data/train/claim-checks.jsonl")]
rng = random.Random(3)
sample = rng.sample([r for r in rows if r["label"] == 1], 200) + rng.sample([r for r in rows if r["label"] == 0], 200)
with open("../runs/oasis-dev/claim-checks.jsonl", "w") as out:
    for r in sample:
        out.write(json.dumps(r) + "\n")
PY
for v in "claims-default" "claims-aligned --set entity_alignment=true"; do
  set -- $v; name=$1; shift
  veracity eval -d oasis "$@" --dataset "jsonl:$dev/claim-checks.jsonl" --out "$dev/$name" >/dev/null 2>&1
done

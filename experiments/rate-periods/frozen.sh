#!/usr/bin/env bash
# The frozen car-club cases, read once: the reading as it stands (no rule was built), then their counts into metrics.json.
set -euo pipefail
RUNS=${RUNS:-../cache/runs}
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
veracity eval -d reader --dataset "jsonl:experiments/rate-periods/frozen/carclub.jsonl.gz" --out "$RUNS/rp-frozen" > /dev/null
python - "$RUNS/rp-frozen" <<'PY'
import json, sys
from pathlib import Path
rows = [json.loads(line) for line in (Path(sys.argv[1]) / "predictions.jsonl").open(encoding="utf-8")]
out = {"command": "bash experiments/rate-periods/frozen.sh", "git_commit": json.loads((Path(sys.argv[1]) / "metrics.json").read_text())["git_commit"],
       "errors": sum(r["label"] == 1 for r in rows), "caught": sum(r["label"] == 1 and r["predicted"] == 1 for r in rows),
       "faithful": sum(r["label"] == 0 for r in rows), "passed": sum(r["label"] == 0 and r["predicted"] == 0 for r in rows),
       "cases": {r["id"]: {"label": r["label"], "predicted": r["predicted"], "p": round(r["score"], 3)} for r in rows}}
Path("experiments/rate-periods/metrics.json").write_text(json.dumps(out, indent=1) + "\n")
print(json.dumps(out, indent=1))
PY

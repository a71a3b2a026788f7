"""Firings, precision and span precision of the consistency checker on a RAGTruth split (answers, not spans).

python experiments/consistency-checker/measure.py train   # choices were made on train; dev is measured once
"""

from __future__ import annotations

import gzip
import json
import sys
import time
from collections import Counter
from pathlib import Path

from veracity.schema import Document
from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker

split = sys.argv[1] if len(sys.argv) > 1 else "train"  # train, dev, or incontext (benchmarks/incontext/cases.jsonl)
limit = int(sys.argv[2]) if len(sys.argv) > 2 else None
if split == "incontext":
    path = Path(__file__).parents[2] / "benchmarks" / "incontext" / "cases.jsonl"
    rows = [json.loads(line) for line in path.open()][:limit]
    for row in rows:
        row["spans"] = [{"start": s, "end": e} for s, e in row["spans"]]
else:
    path = Path(__file__).parents[3] / "shared" / "data" / "ragtruth" / f"{split}.jsonl.gz"
    rows = [json.loads(line) for line in gzip.open(path, "rt")][:limit]
checker = ConsistencyChecker()
fired: Counter[str] = Counter()
fired_pos: Counter[str] = Counter()
spans_total: Counter[str] = Counter()
spans_hit: Counter[str] = Counter()
examples = []
start = time.perf_counter()
for row in rows:
    docs = [Document(id=f"d{i}", text=t) for i, t in enumerate(row["context"])]
    result = checker.check(row["answer"], docs)
    kinds = {f.kind for f in result.findings}
    if split == "incontext":
        kinds |= {f"case:{row['task']}" for _ in result.findings[:1]}
    for kind in kinds | ({"any"} if kinds else set()):
        fired[kind] += 1
        fired_pos[kind] += row["label"]
    for f in result.findings:
        hit = any(f.span.start < s["end"] and s["start"] < f.span.end for s in row["spans"])
        spans_total[f.kind] += 1
        spans_hit[f.kind] += hit
        examples.append(
            {
                "id": row["id"],
                "task": row["task"],
                "label": row["label"],
                "hit": hit,
                "kind": f.kind,
                "answer_words": f.span.text,
                "explanation": f.explanation,
                "source": f.source_text[:300],
            }
        )
elapsed = time.perf_counter() - start
base = sum(r["label"] for r in rows) / len(rows)
out = {
    "split": split,
    "answers": len(rows),
    "base_rate": round(base, 3),
    "seconds": round(elapsed, 1),
    "by_kind": {
        k: {
            "answers_fired": fired[k],
            "precision": round(fired_pos[k] / fired[k], 3),
            "recall": round(fired_pos[k] / sum(r["label"] for r in rows), 3),
            "findings": spans_total.get(k, 0),
            "span_precision": round(spans_hit[k] / spans_total[k], 3) if spans_total.get(k) else None,
        }
        for k in sorted(fired)
    },
}
print(json.dumps(out, indent=1))
folder = Path(__file__).parent
(folder / f"{split}-metrics.json").write_text(json.dumps(out, indent=1) + "\n")
with open(folder / f"{split}-findings.jsonl", "w") as fh:
    for e in examples:
        fh.write(json.dumps(e) + "\n")

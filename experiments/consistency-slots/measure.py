"""Findings of the consistency and record checkers on the first N answers of a RAGTruth split, and their precision.

    python experiments/consistency-slots/measure.py after            # dev, first 300 answers -> after-metrics.json
    PYTHONPATH=/tmp/base/src python experiments/consistency-slots/measure.py before   # the code before the change

A finding counts as precise when it overlaps a gold hallucinated span ("in span") or, more leniently, when its answer
is labelled hallucinated ("in a hallucinated answer"). ``incontext`` reads benchmarks/incontext/cases.jsonl instead.
"""

from __future__ import annotations

import argparse
import gzip
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

from veracity.schema import Document
from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker
from veracity.stages.verify.checkers.records import check_record_claims, read_record_fields

HERE = Path(__file__).parent
parser = argparse.ArgumentParser()
parser.add_argument("name", help="before / after: names the output files")
parser.add_argument("--data", default="dev", help="dev, train, or incontext")
parser.add_argument("--limit", type=int, default=300)
parser.add_argument("--skip-task", default=None, help="leave out one RAGTruth task (e.g. Data2txt)")
args = parser.parse_args()

if args.data == "incontext":
    rows = [json.loads(line) for line in (HERE.parents[1] / "benchmarks" / "incontext" / "cases.jsonl").open()]
    for row in rows:
        row["spans"] = [{"start": s, "end": e} for s, e in row["spans"]]
else:
    path = HERE.parents[2] / "shared" / "data" / "ragtruth" / f"{args.data}.jsonl.gz"
    rows = [json.loads(line) for line in gzip.open(path, "rt")]
rows = [r for r in rows if args.skip_task is None or r.get("task") != args.skip_task][: args.limit]

checker = ConsistencyChecker()
counts: dict[str, Counter[str]] = {k: Counter() for k in ("consistency", "record", "all")}
found: list[dict[str, Any]] = []
start = time.perf_counter()
for row in rows:
    docs = [Document(id=f"d{i}", text=t) for i, t in enumerate(row["context"])]
    fields = [f for d in docs for f in read_record_fields(d.id, d.text)]
    by_checker = {
        "consistency": checker.check(row["answer"], docs).findings,
        "record": check_record_claims(row["answer"], fields) if fields else [],
    }
    label = int(row["label"])
    for name, findings in [*by_checker.items(), ("all", [f for fs in by_checker.values() for f in fs])]:
        c = counts[name]
        c["answers_fired"] += bool(findings)
        c["answers_fired_hallucinated"] += bool(findings) and label == 1
        for f in findings:
            in_span = any(f.span.start < s["end"] and s["start"] < f.span.end for s in row["spans"])
            c["findings"] += 1
            c[f"findings_{f.relation}"] += 1
            c["in_span"] += in_span
            c["in_hallucinated_answer"] += label == 1
            c["in_span_or_hallucinated_answer"] += in_span or label == 1
            if name != "all":
                found.append(
                    {
                        "id": row["id"],
                        "checker": name,
                        "label": label,
                        "in_span": in_span,
                        "kind": f.kind,
                        "relation": f.relation,
                        "words": f.span.text,
                        "explanation": f.explanation,
                        "source": f.source_text[:200],
                    }
                )


def share(a: int, b: int) -> float | None:
    """``a / b`` to three places, None for ``b == 0``."""
    return round(a / b, 3) if b else None


metrics: dict[str, Any] = {
    "data": args.data,
    "answers": len(rows),
    "hallucinated_answers": sum(int(r["label"]) for r in rows),
    "tasks": dict(Counter(r.get("task") for r in rows)),
    "seconds": round(time.perf_counter() - start, 1),
}
for name, c in counts.items():
    metrics[name] = {
        **dict(sorted(c.items())),
        "share_in_span": share(c["in_span"], c["findings"]),
        "share_in_hallucinated_answer": share(c["in_hallucinated_answer"], c["findings"]),
        "answer_precision": share(c["answers_fired_hallucinated"], c["answers_fired"]),
    }
suffix = "" if args.data == "dev" and args.skip_task is None else f"-{args.data}" + (
    f"-no-{args.skip_task}" if args.skip_task else "")  # fmt: skip
(HERE / f"{args.name}{suffix}-metrics.json").write_text(json.dumps(metrics, indent=1) + "\n")
with (HERE / f"{args.name}{suffix}-findings.jsonl").open("w") as out:
    out.writelines(json.dumps(f) + "\n" for f in found)
print(json.dumps(metrics, indent=1))

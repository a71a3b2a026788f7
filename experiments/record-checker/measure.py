"""Firings, precision and span precision of the structured-record checker on RAGTruth Data2txt answers.

For each finding relation (and each feature family within it): answers with at least one finding, the share of those
labelled hallucinated (answer precision), the share of findings whose span overlaps a gold span (span precision),
and the share of hallucinated answers it fires on (recall). Train only: the phrase table and every rule were chosen
by reading train's findings; dev is where the lead measures.

    .venv/bin/python experiments/record-checker/measure.py            # writes train-metrics.json, train-findings.jsonl
"""

from __future__ import annotations

import gzip
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

from veracity.stages.verify.checkers.records import check_record_claims, read_record_fields

SPLIT = sys.argv[1] if len(sys.argv) > 1 else "train"
if SPLIT not in {"train", "dev"}:  # the rules were written on train; dev is measured once they were frozen
    raise SystemExit("usage: measure.py [train|dev]")
DATA = Path("/work/shared/data/ragtruth") / f"{SPLIT}.jsonl.gz"
FOLDER = Path(__file__).parent


def family(explanation: str, source: str) -> str:
    """A coarse name for what a finding is about, from its source field."""
    name = source.split(":")[0] if source else re.sub(r".*no field for ", "", explanation)
    if name.startswith("hours") or "no hours" in explanation:
        return "hours"
    if "review count" in explanation:
        return "review count"
    return name.split(".")[0] if "." in name else name


def main() -> None:
    """Measure and write the metrics and every finding."""
    rows = [json.loads(line) for line in gzip.open(DATA, "rt")]
    rows = [r for r in rows if r["task"] == "Data2txt"]
    positives = sum(r["label"] for r in rows)
    fired: Counter[str] = Counter()
    fired_pos: Counter[str] = Counter()
    spans: Counter[str] = Counter()
    spans_hit: Counter[str] = Counter()
    records = 0
    start = time.perf_counter()
    with open(FOLDER / f"{SPLIT}-findings.jsonl", "w") as out:
        for row in rows:
            fields = [f for i, text in enumerate(row["context"]) for f in read_record_fields(f"d{i}", text)]
            records += bool(fields)
            findings = check_record_claims(row["answer"], fields)
            keys: set[str] = set()
            for f in findings:
                hit = any(f.span.start < s["end"] and s["start"] < f.span.end for s in row["spans"])
                for key in (f.relation, f"{f.relation}/{family(f.explanation, f.source_text)}"):
                    keys.add(key)
                    spans[key] += 1
                    spans_hit[key] += hit
                out.write(
                    json.dumps(
                        {
                            "id": row["id"],
                            "label": row["label"],
                            "hit": hit,
                            "relation": f.relation,
                            "words": f.span.text,
                            "confidence": f.confidence,
                            "explanation": f.explanation,
                        }
                    )
                    + "\n"
                )
            for key in keys | ({"any"} if findings else set()):
                fired[key] += 1
                fired_pos[key] += row["label"]
    metrics = {
        "split": SPLIT,
        "task": "Data2txt",
        "answers": len(rows),
        "answers_with_a_record": records,
        "base_rate": round(positives / len(rows), 3),
        "seconds": round(time.perf_counter() - start, 1),
        "by_relation": {
            key: {
                "answers_fired": fired[key],
                "precision": round(fired_pos[key] / fired[key], 3),
                "recall": round(fired_pos[key] / positives, 3),
                "findings": spans[key],
                "span_precision": round(spans_hit[key] / spans[key], 3) if spans[key] else None,
            }
            for key in sorted(fired, key=lambda k: (k.count("/"), k))
        },
    }
    (FOLDER / f"{SPLIT}-metrics.json").write_text(json.dumps(metrics, indent=1) + "\n")
    print(json.dumps(metrics, indent=1))


if __name__ == "__main__":
    main()

"""What the value checker v5 stops counting: RAGTruth training units with an absent value, before and after.

    python experiments/reader-v5/non_claims.py > experiments/reader-v5/non-claims.json

Reads the unit cache (`reader-v3`, the v4 checker's signals) and the value side cache (`value-v5`, the present
checker) outside the repository; a unit is "in a hallucinated span" when its label is 1.
"""

import collections
import json
from pathlib import Path

CACHE = Path(__file__).resolve().parents[3] / "cache"
old = [json.loads(line) for line in (CACHE / "reader-v3.jsonl").open(encoding="utf-8")]
new = {(r["source"], str(r["example"]), r["unit"]): r for r in map(json.loads, (CACHE / "value-v5.jsonl").open())}
counts = collections.Counter()
answers = collections.defaultdict(lambda: [0, 0, 0])  # per answer: had a value before, has one after, answer label
for row in old:
    if row.get("skipped") or row["source"] != "ragtruth":
        continue
    before = row["signals"]["unsupported_value"] > 0
    after = new[(row["source"], str(row["example"]), row["unit"])]["unsupported_value"] > 0
    if before:
        counts[f"units with an absent value (v4), label {row['label']}"] += 1
        if not after:
            counts[f"units no longer counted (v5), label {row['label']}"] += 1
    a = answers[row["example"]]
    a[0] |= before
    a[1] |= after
    a[2] = row["answer_label"]
for name, index in (("v4", 0), ("v5", 1)):
    having = [a for a in answers.values() if a[index]]
    counts[f"answers with an absent value ({name})"] = len(having)
    counts[f"share hallucinated of those ({name})"] = round(sum(a[2] for a in having) / len(having), 4)
print(json.dumps(dict(sorted(counts.items())), indent=1))

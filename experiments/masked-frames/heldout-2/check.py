"""Structural check of the held-out sets in this folder: JSON, fields, ids, counts. Reads no model, runs no detector."""

import collections
import gzip
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
DOMAINS = ("vet", "energy", "driving")
FIELDS = ["id", "question", "answer", "context", "label", "kind", "why"]
COUNTS = {
    ("hallucinated", "swap-value"): 3, ("hallucinated", "swap-date"): 2, ("hallucinated", "swap-name"): 2,
    ("hallucinated", "swap-role"): 2, ("hallucinated", "wrong-operand"): 2, ("hallucinated", "table-wrong-row"): 3,
    ("faithful", "paraphrase"): 2, ("faithful", "summary-two-passages"): 2, ("faithful", "conversion"): 2,
    ("faithful", "sum"): 2, ("faithful", "table-lookup"): 2,
}


def check(domain):
    with gzip.open(HERE / f"{domain}.jsonl.gz", "rt", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    assert len(rows) == 24, (domain, len(rows))
    for row in rows:
        assert list(row) == FIELDS, (domain, list(row))
        assert all(isinstance(row[k], str) and row[k] for k in FIELDS if k != "context"), row["id"]
        assert 1 <= len(row["context"]) <= 3, row["id"]
        for passage in row["context"]:
            assert list(passage) == ["id", "text"] and passage["id"] and passage["text"], row["id"]
            assert 60 <= len(passage["text"].split()) <= 200, (row["id"], passage["id"])
    ids = [row["id"] for row in rows]
    assert sorted(ids) == [f"{domain}-{n:02d}" for n in range(1, 25)], (domain, ids)
    counts = collections.Counter((row["label"], row["kind"]) for row in rows)
    assert counts == collections.Counter(COUNTS), (domain, counts)
    kinds = [row["kind"] for row in sorted(rows, key=lambda r: r["id"])]
    assert all(a != b for a, b in zip(kinds, kinds[1:])), (domain, "two neighbours share a kind")
    labels = collections.Counter(row["label"] for row in rows)
    print(f"{domain}: {len(rows)} cases, hallucinated {labels['hallucinated']}, faithful {labels['faithful']}; "
          + ", ".join(f"{k} {counts[(lab, k)]}" for lab, k in COUNTS))


if __name__ == "__main__":
    for d in DOMAINS:
        check(d)
    print("ok")
    sys.exit(0)

"""Structural check of issue 77's frozen held-out sets in this folder: JSON, fields, ids, counts, passages.

Plain Python standard library. Reads no model, imports nothing of veracity and runs no detector, so running it does
not unblind the sets. Prints the counts per label and kind, and the SHA-256 of each file (compare with the README).
"""

import collections
import gzip
import hashlib
import json
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
DOMAINS = ("ski", "cowork", "museum")
FIELDS = ["id", "question", "answer", "context", "label", "kind", "why"]
MIN_CASES = 24
MIN_HALLUCINATED = 13
WORDS = (60, 250)
KINDS = {
    "hallucinated": {
        "wrong-section-price", "wrong-section-time", "wrong-section-date", "wrong-section-count",
        "wrong-section-duration", "wrong-row", "wrong-column", "wrong-item", "wrong-record-field",
        "swapped-name", "role", "condition", "comparison",
    },
    "faithful": {
        "faithful-paraphrase", "faithful-conversion", "faithful-sum", "faithful-table", "faithful-summary",
        "faithful-record", "faithful-condition", "faithful-comparison",
    },
}
PIPE_TABLE = re.compile(r"^\|.*\|\s*$\n^\|(?:\s*:?-+:?\s*\|)+\s*$", re.M)
HEADING = re.compile(r"^#{1,6} \S", re.M)
SENTENCE_END = re.compile(r"[.!?](?=\s+[A-Z\"'(])")


def sentences(text):
    return len(SENTENCE_END.findall(text.strip())) + 1


def json_record(text):
    if "{" not in text:
        return False
    try:
        return isinstance(json.loads(text[text.index("{"):]), dict)
    except ValueError:
        return False


def check(domain):
    path = HERE / f"{domain}.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    n = len(rows)
    assert n >= MIN_CASES, (domain, n)
    passages = {}
    uses = collections.Counter()
    for row in rows:
        rid = row.get("id")
        assert list(row) == FIELDS, (domain, rid, list(row))
        assert all(isinstance(row[k], str) and row[k].strip() for k in FIELDS if k != "context"), rid
        assert row["label"] in KINDS, (rid, row["label"])
        assert row["kind"] in KINDS[row["label"]], (rid, row["label"], row["kind"])
        assert 1 <= sentences(row["answer"]) <= 4, (rid, "answer of 1-4 sentences")
        assert isinstance(row["context"], list) and 1 <= len(row["context"]) <= 3, rid
        ids = [p.get("id") for p in row["context"]]
        assert len(set(ids)) == len(ids), (rid, "a passage twice in one case")
        for passage in row["context"]:
            assert list(passage) == ["id", "text"], (rid, list(passage))
            assert isinstance(passage["id"], str) and passage["id"], rid
            assert isinstance(passage["text"], str) and passage["text"].strip(), rid
            words = len(passage["text"].split())
            assert WORDS[0] <= words <= WORDS[1], (rid, passage["id"], words)
            # a passage id names one text: the same passage is reused verbatim across cases
            assert passages.setdefault(passage["id"], passage["text"]) == passage["text"], (rid, passage["id"])
            uses[passage["id"]] += 1
    ids = [row["id"] for row in rows]
    assert len(set(ids)) == n, (domain, "duplicate ids")
    assert ids == [f"{domain}-{k:02d}" for k in range(1, n + 1)], (domain, ids)
    labels = collections.Counter(row["label"] for row in rows)
    assert labels["hallucinated"] >= MIN_HALLUCINATED and 2 * labels["hallucinated"] >= n, (domain, labels)
    assert labels["faithful"] >= 1, (domain, labels)
    kinds = [row["kind"] for row in rows]
    assert all(a != b for a, b in zip(kinds, kinds[1:])), (domain, "two neighbouring ids share a kind")
    texts = list(passages.values())
    assert any(PIPE_TABLE.search(t) for t in texts), (domain, "no Markdown pipe table")
    assert any(json_record(t) for t in texts), (domain, "no JSON record")
    assert any(HEADING.search(t) for t in texts), (domain, "no Markdown heading")
    assert sum(1 for c in uses.values() if c >= 2) >= 3, (domain, "passages are not reused")
    counts = collections.Counter((row["label"], row["kind"]) for row in rows)
    raw = path.read_bytes()
    print(f"{domain}: {n} cases, hallucinated {labels['hallucinated']}, faithful {labels['faithful']}; "
          f"{len(passages)} passages")
    for (label, kind), c in sorted(counts.items()):
        print(f"  {label:12s} {kind:24s} {c}")
    print(f"  sha256 .gz   {hashlib.sha256(raw).hexdigest()}")
    print(f"  sha256 JSONL {hashlib.sha256(gzip.decompress(raw)).hexdigest()}")


if __name__ == "__main__":
    for d in DOMAINS:
        check(d)
    print("ok")
    sys.exit(0)

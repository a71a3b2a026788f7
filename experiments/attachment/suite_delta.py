"""Verdicts of the reader with and without the attachment findings, on the behavioural suite cases where they fire.

Run from the repository root after `python benchmarks/behaviour/generate.py`:

    python experiments/attachment/suite_delta.py
"""

import gzip
import json
from collections import Counter

import veracity.stages.verify.checkers.attachment as att
from veracity.detectors.reader import ReaderDetector
from veracity.detectors.reader.signals import reader_sentences
from veracity.schema import Document

d = ReaderDetector.from_config()
d.load_models()
orig = att.attachment_findings
rows = []
for line in gzip.open("benchmarks/behaviour/cases.jsonl.gz", "rt"):
    r = json.loads(line)
    docs = [Document(id=str(i), text=t) for i, t in enumerate(r["context"])]
    if orig(r["answer"], reader_sentences(r["answer"]), docs, d.contradiction):
        rows.append(r)
out = Counter()
for r in rows:
    with_att = d.detect(r["answer"], r["context"], r.get("question")).verdict
    att.attachment_findings = lambda *a, **k: []
    without = d.detect(r["answer"], r["context"], r.get("question")).verdict
    att.attachment_findings = orig
    out[(r["test"], r["label"], without, with_att)] += 1
for k, v in sorted(out.items()):
    print(k, v)

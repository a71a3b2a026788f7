"""The RAGTruth sources the reader's training cache reads (its answers and the synthetic edits made from them).

The span model v2 leaves their answers out, so the reader's span signals on its own training answers are out of
sample (and it leaves out `ragtruth:train` whole, so the fused model can be refit on its plain predictions).

    python experiments/span-v2/exclusions.py ../cache/reader-v3.jsonl > configs/span-small-v2.exclude.txt
"""

import gzip
import json
import re
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "ragtruth"

source_of: dict[str, str] = {}
for name in ("train.jsonl.gz", "train-upstream.jsonl.gz"):
    with gzip.open(DATA / name, "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            source_of[row["id"]] = str(row["source_id"])

sources: set[str] = set()
unknown = 0
for cache in sys.argv[1:]:
    for line in open(cache, encoding="utf-8"):
        example = json.loads(line)["example"]
        for found in re.findall(r"ragtruth-(?:train-)?\d+(?:-\d+)*", example):
            while found not in source_of and re.search(r"-\d+$", found):
                found = found.rsplit("-", 1)[0]
            if found in source_of:
                sources.add(source_of[found])
            else:
                unknown += 1
print(f"# {len(sources)} RAGTruth sources read by the reader's training cache ({unknown} ids not found)")
for source in sorted(sources):
    print(source)

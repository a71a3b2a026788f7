"""Print 25 of RAGBench dev's items the aligner ranks wrong, drawn at random (seed 1): ``python failures.py``.

What README.md's hand reading of RAGBench dev's failures read (each item's anchor, its best positive and the negative
ranked above it, with their cosines). It prints data from ../shared/data; nothing of it is kept in the repository.
"""

from __future__ import annotations

import random
from pathlib import Path

from evaluate import encoder

from veracity.training.aligner import AlignerTrainConfig, load_items

if __name__ == "__main__":
    items = load_items("ragbench:dev", AlignerTrainConfig(output_dir=Path("unused")).cache_dir)
    texts = sorted({t for i in items for t in (i.anchor, *i.positives, *i.negatives)})
    vectors = dict(zip(texts, encoder("veracity-aligner-small")(texts), strict=True))
    failures = []
    for item in items:
        a = vectors[item.anchor]
        positive = max((float(vectors[c] @ a), c) for c in item.positives)
        negative = max((float(vectors[c] @ a), c) for c in item.negatives)
        if negative[0] > positive[0]:
            failures.append((item, positive, negative))
    random.Random(1).shuffle(failures)
    print(len(failures), "failures of", len(items))
    for item, positive, negative in failures[:25]:
        print("KIND", item.kind, len(item.positives), len(item.negatives), item.group)
        print(" A:", item.anchor[:300])
        print(f" P: {positive[0]:.3f} {positive[1][:300]}")
        print(f" N: {negative[0]:.3f} {negative[1][:300]}")

"""Does the target value's own clause, read beside the whole frame, tell two values of one sentence apart?

``python local.py``: slot-level failures (experiments/aligner/README.md: "[other NUMBER]° … [NUMBER]°" against the
reverse) differ only in which slot is the target. Each frame is also read cut to the stretch around its target
placeholder (cut at ";", ". ", ",", "(", " and ", " while ", " but ", " whereas ", " compared with/to "; its about path kept),
and a candidate scored ``cos(frames) + μ · cos(local stretches)``. μ is chosen on the held-out quarter of RAGTruth
train-upstream (``rerank.heldout_items``) and read on the dev splits. Rule written before the run: built only if at
that μ RAGBench dev gains and RAGTruth dev and synthetic test lose no more than 0.005. Writes ``local.json``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
from evaluate import encoder
from rerank import heldout_items, hit

from veracity.training.aligner import AlignerTrainConfig, AlignItem, load_items

MUS = (0.0, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0)
SPLITS = ("ragtruth:dev", "ragbench:dev", "synthetic:test")
_CUT = re.compile(r"[;.]\s+|,\s*|\(|\)|\s+(?:and|while|but|whereas|compared\s+(?:with|to))\s+")
_TARGET = re.compile(r"\[(?!other )[A-Z]+\]")


def local(text: str) -> str:
    """The stretch of a frame around its target placeholder, after the frame's about path."""
    about, bar, frame = text.rpartition(" | ")
    found = _TARGET.search(frame)
    if found is None:
        return text
    lo, hi = 0, len(frame)
    for m in _CUT.finditer(frame):
        if m.end() <= found.start():
            lo = m.end()
        elif m.start() >= found.end():
            hi = m.start()
            break
    stretch = frame[lo:hi].strip()
    return f"{about}{bar}{stretch}" if bar else stretch


def top1(items: list[AlignItem], vectors: dict[str, np.ndarray], mu: float) -> float:
    """Expected top-1 of ``cos + mu * local cos`` (ties at random)."""
    hits = []
    for item in items:
        candidates = [*item.positives, *item.negatives]
        a, la = vectors[item.anchor], vectors[local(item.anchor)]
        score = np.array([float(vectors[c] @ a) + mu * float(vectors[local(c)] @ la) for c in candidates])
        hits.append(hit(score, np.array([1] * len(item.positives) + [0] * len(item.negatives))))
    return round(float(np.mean(hits)), 4)


if __name__ == "__main__":
    cache = AlignerTrainConfig(output_dir=Path("unused")).cache_dir
    splits = {"ragtruth:train-upstream-heldout": heldout_items(cache)}
    splits.update({s: load_items(s, cache) for s in SPLITS})
    encode = encoder("veracity-aligner-small")
    result: dict[str, object] = {}
    for name, items in splits.items():
        texts = sorted({t for i in items for c in (i.anchor, *i.positives, *i.negatives) for t in (c, local(c))})
        vectors = dict(zip(texts, encode(texts), strict=True))
        result[name] = {"items": len(items), "top1": {str(mu): top1(items, vectors, mu) for mu in MUS}}
        print(name, json.dumps(result[name]), flush=True)
    fit = result["ragtruth:train-upstream-heldout"]["top1"]  # type: ignore[index]
    result["chosen_mu"] = float(max(MUS, key=lambda mu: (fit[str(mu)], -mu)))
    Path(__file__).with_name("local.json").write_text(json.dumps(result, indent=1) + "\n")

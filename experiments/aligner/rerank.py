"""Does word overlap, weighed among an item's own candidates, rank RAGBench items better beside the aligner's cosine?

``python rerank.py``: each candidate clause of an item is scored ``cosine + λ · overlap``, where overlap is the share
of the anchor's idf mass (idf over the item's candidates, so a word every candidate has weighs nothing) that the
candidate shares. λ is chosen on items the aligner never trained on — the held-out quarter of RAGTruth
train-upstream's sources (``held_out``), built here — and read on the dev splits. Writes ``rerank.json``: expected
top-1 at each λ on every split, and the chosen λ. A rule written before the run: λ is the held-out quarter's best; a
rerank is worth building only if at that λ RAGBench dev gains and RAGTruth dev and synthetic test lose no more than
0.005.
"""

from __future__ import annotations

import gzip
import json
import math
import re
from collections import Counter
from pathlib import Path

import numpy as np
from evaluate import encoder

from veracity.training.aligner import AlignerTrainConfig, AlignItem, _group, _rows, held_out, items_of_row, load_items

LAMBDAS = (0.0, 0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3)
SPLITS = ("ragtruth:dev", "ragbench:dev", "synthetic:test", "ragbench:train")
_WORD = re.compile(r"[a-z][a-z]+")
_SKIP = set("the a an of and or to in on for with is are was were be by at as that this it its from other".split()) | {
    "number", "date", "amount", "count", "percent", "duration", "quantity", "time"}  # fmt: skip


def heldout_items(cache: Path) -> list[AlignItem]:
    """The items of the quarter of RAGTruth train-upstream's sources the aligner never trained on (cached)."""
    path = cache / "items-ragtruth-train-upstream-heldout.jsonl.gz"
    if path.exists():
        with gzip.open(path, "rt", encoding="utf-8") as f:
            return [AlignItem.of_json(json.loads(line)) for line in f]
    items = []
    for row in _rows("ragtruth:train-upstream"):
        group = _group(row)
        if held_out(group) and row.get("quality", "good") == "good":
            items += items_of_row(row, group)
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.writelines(json.dumps(i.as_json()) + "\n" for i in items)
    return items


def words(text: str) -> set[str]:
    """The lower-case words of ``text`` that can tell clauses apart (no function words, no placeholders)."""
    return {w for w in _WORD.findall(text.lower()) if w not in _SKIP}


def scored(items: list[AlignItem], vectors: dict[str, np.ndarray]) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Per item: the candidates' cosines, their overlaps, and which are positives."""
    out = []
    for item in items:
        candidates = [*item.positives, *item.negatives]
        anchor = vectors[item.anchor]
        cosine = np.array([float(vectors[c] @ anchor) for c in candidates])
        held = [words(c) for c in candidates]
        df = Counter(w for s in held for w in s)
        idf = {w: math.log(len(candidates) / df[w]) for w in words(item.anchor) if df[w]}
        mass = sum(idf.values()) or 1.0
        overlap = np.array([sum(v for w, v in idf.items() if w in s) / mass for s in held])
        out.append((cosine, overlap, np.array([1] * len(item.positives) + [0] * len(item.negatives))))
    return out


def hit(score: np.ndarray, positive: np.ndarray) -> float:
    """One item's expected top-1 under ``score``: ties with the best positive broken at random, as ``rank_items``."""
    best, others = score[positive == 1].max(), score[positive == 0]
    above, tied = int((others > best + 1e-6).sum()), int((np.abs(others - best) <= 1e-6).sum())
    return 1 / (tied + 1) if above == 0 else 0.0


def top1(rows: list[tuple[np.ndarray, np.ndarray, np.ndarray]], lam: float) -> float:
    """Expected top-1 of ``cosine + lam * overlap`` over the items."""
    return round(float(np.mean([hit(cosine + lam * overlap, positive) for cosine, overlap, positive in rows])), 4)


if __name__ == "__main__":
    cache = AlignerTrainConfig(output_dir=Path("unused")).cache_dir
    splits = {"ragtruth:train-upstream-heldout": heldout_items(cache)}
    splits.update({s: load_items(s, cache) for s in SPLITS})
    encode = encoder("veracity-aligner-small")
    result: dict[str, object] = {}
    for name, items in splits.items():
        texts = sorted({t for i in items for t in (i.anchor, *i.positives, *i.negatives)})
        vectors = dict(zip(texts, encode(texts), strict=True))
        rows = scored(items, vectors)
        result[name] = {"items": len(items), "top1": {str(lam): top1(rows, lam) for lam in LAMBDAS}}
        print(name, json.dumps(result[name]), flush=True)
    fit = result["ragtruth:train-upstream-heldout"]["top1"]  # type: ignore[index]
    result["chosen_lambda"] = float(max(LAMBDAS, key=lambda lam: (fit[str(lam)], -lam)))
    Path(__file__).with_name("rerank.json").write_text(json.dumps(result, indent=1) + "\n")

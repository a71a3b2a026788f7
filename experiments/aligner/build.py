"""Build (and cache) the aligner's items of every split: ``python build.py [SPLIT ...]``; counts to stdout."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from veracity.training.aligner import AlignerTrainConfig, load_items

SPLITS = [
    "ragtruth:dev",
    "ragbench:dev",
    "synthetic:test",
    "synthetic:train",
    "ragbench:train",
    "ragtruth:train",
    "ragtruth:train-upstream",
]

if __name__ == "__main__":
    config = AlignerTrainConfig(output_dir=Path("unused"))
    for split in sys.argv[1:] or SPLITS:
        started = time.perf_counter()
        items = load_items(split, config.cache_dir, config.synthetic_docs)
        print(split, len(items), "items", f"{time.perf_counter() - started:.0f}s", flush=True)

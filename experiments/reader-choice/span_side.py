"""Side cache: the span model's token probabilities per cached unit (span_max, span_mean).

    python experiments/reader-choice/span_side.py CACHE OUT

Now `veracity.training.reader.build_span_cache` (what `veracity train reader` runs with `span_model`); this script
calls it with the shipped span model, as the side caches of experiments/reader-choice and experiments/span-v2 were
made.
"""

import sys
from pathlib import Path

from veracity.training.reader import build_span_cache

build_span_cache(Path(sys.argv[1]), Path(sys.argv[2]), "veracity-span-small", Path("/work/shared/data"))

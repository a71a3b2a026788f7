"""Answer AUROC and F1 of reader model files on the same rows of a dev unit cache (experiments/reader-v9).

    python experiments/reader-v9/devcmp.py DEV_CACHE MODEL.json [MODEL.json ...]

Prints one JSON line per model: {set: [AUROC, F1, answers]}. The rows get the span and aligner side caches
(SPAN, ALIGNED: default ../cache/span-dev-v8.jsonl and ../cache/aligned-dev-v9.jsonl) and, with CHECKERS set, the
rule checkers' side cache, then are read as top_k 1.
"""

import json
import os
import sys
from pathlib import Path

from sklearn.metrics import f1_score, roc_auc_score

from veracity.detectors.reader.model import ReaderModel
from veracity.training.reader import answer_scores, read_as_top_one
from veracity.training.reader_side import read_rows, with_aligned_signals, with_checker_signals, with_span_signals

SETS = {
    "ragtruth": lambda s: s.startswith("dev:ragtruth:dev"),
    "ragbench": lambda s: "ragbench" in s,
    "xsumfaith": lambda s: "xsumfaith" in s,
    "halueval-qa": lambda s: "halueval-qa" in s,
    "halueval-dialogue": lambda s: "dialogue" in s,
}


def main() -> None:
    """Read the rows once, then score them with each model file."""
    rows = read_rows(Path(sys.argv[1]))
    with_span_signals(rows, Path(os.environ.get("SPAN", "../cache/span-dev-v8.jsonl")))
    with_aligned_signals(rows, Path(os.environ.get("ALIGNED", "../cache/aligned-dev-v9.jsonl")))
    if os.environ.get("CHECKERS"):
        with_checker_signals(rows, Path(os.environ["CHECKERS"]))
    rows = read_as_top_one(rows)
    for path in sys.argv[2:]:
        model = ReaderModel.load(Path(path))
        scores = answer_scores(model, rows)
        out = {}
        for name, pick in SETS.items():
            keys = [k for k, v in scores.items() if pick(v[0])]
            y = [scores[k][2] for k in keys]
            p = [scores[k][1] for k in keys]
            f1 = f1_score(y, [q >= model.threshold for q in p])
            out[name] = (round(roc_auc_score(y, p), 4), round(f1, 4), len(keys))
        print(json.dumps({"model": path, "dev_cache": sys.argv[1], "sets": out}))


if __name__ == "__main__":
    main()

"""Training pairs for a verifier fine-tuned on the generated LLM-OASIS NLI triplets (issue 16, §5.3).

    python benchmarks/oasis/verifier_data.py --oasis ../runs/oasis-rules/data/train/nli.jsonl \
        --replay ../runs/nli-data-v2/train.jsonl --out ../runs/oasis-verifier/train.jsonl

Draws ``--oasis-pairs`` triplets from the **train** documents' NLI triplets (never the test split's), as many of
each label, and as many
pairs from the verifier's own mixture (``--replay``, the pairs v2 / v2.1 trained on) so that the model keeps its
neutral class and its other sources: the rules generator writes no neutral triplet for one-passage documents.
Shuffled with a fixed seed; each row keeps its ``source`` (``oasis-rules`` for the triplets).
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path

from veracity._jsonl import read_rows


def main() -> None:
    """Sample, mix, shuffle, write."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--oasis", type=Path, required=True)
    parser.add_argument("--replay", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--oasis-pairs", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    triplets = read_rows(args.oasis)
    by_label: dict[str, list[dict[str, str]]] = {}
    for t in triplets:
        by_label.setdefault(t["label"], []).append(t)
    share = args.oasis_pairs // len(by_label)  # as many of each label: most triplets are <c_j, t, ENT>
    oasis = [
        {"premise": t["premise"], "hypothesis": t["hypothesis"], "label": t["label"], "source": "oasis-rules"}
        for label in sorted(by_label)
        for t in rng.sample(by_label[label], min(share, len(by_label[label])))
    ]
    replay_rows = read_rows(args.replay)
    replay = rng.sample(replay_rows, min(len(oasis), len(replay_rows)))
    rows = oasis + replay
    rng.shuffle(rows)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    summary = {
        "pairs": len(rows),
        "oasis": dict(Counter(r["label"] for r in oasis)),
        "replay": dict(Counter(r["label"] for r in replay)),
        "seed": args.seed,
    }
    (args.out.parent / "train-stats.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()

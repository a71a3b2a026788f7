"""NLI only where the rules leave a unit undecided (issue 59, item 5): how much NLI it saves, what it costs.

    python experiments/reader-speed/nli_gating.py --cache ../cache/reader-dev-v7.jsonl \
        --span-cache ../cache/span-dev-v7.jsonl --source dev:ragtruth --out experiments/reader-speed/nli_gating.json

The shipped reader model is monotone in every NLI signal (each weight ≥ 0, each signal non-decreasing in
P(not entailed) and P(contradiction)), so a unit's P with all NLI signals at 0 and at 1 bounds what the NLI can do.
Gating, read on the dev cache (the unit signals the reader computed, span signals included):

1. a unit needs the NLI where its own verdict is undecided (the bounds straddle the threshold);
2. if the answer's verdict is still undecided with the other units at their bounds, every unit needs it;
3. a unit left without the NLI reads its signals at their training means (what the model does with a missing
   signal), so its P lies within its bounds and every verdict — unit and answer — is the one the full reading gives.

Written: the share of units that need the NLI, whether every verdict agrees, and AUROC / F1 with and without gating.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np
from sklearn.metrics import f1_score, roc_auc_score

from veracity.detectors.reader import resolve_reader_model
from veracity.detectors.reader.model import ReaderModel
from veracity.detectors.reader.signals import with_interactions

NLI = ("nli_not_entailed", "nli_unsure", "nli_contradiction", "nli_window_not_entailed", "nli_first_not_entailed",
       "nli_first_contradiction", "nli_window_alone_not_entailed")  # fmt: skip


def main() -> None:
    """Read the caches, gate, write the counts."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--cache", type=Path, required=True)
    parser.add_argument("--span-cache", type=Path, required=True)
    parser.add_argument("--source", default="dev:ragtruth", help="cache rows whose source starts so")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    model = ReaderModel.load(resolve_reader_model("veracity-reader-small"))
    threshold = model.threshold
    span = {(r["source"], r["example"], r["unit"]): r for r in map(json.loads, args.span_cache.open())}
    answers: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for row in map(json.loads, args.cache.open()):
        if not row["source"].startswith(args.source):
            continue
        side = span.get((row["source"], row["example"], row["unit"]))
        if side is not None:
            row["signals"].update(span_max=side["span_max"], span_mean=side["span_mean"])
        answers[(row["source"], row["example"])].append(row)

    def z(signals: dict[str, float]) -> float:
        return model.read(with_interactions(signals)).z

    def unit_p(signals: dict[str, float], single: bool) -> float:
        floor = model.floor_of(signals)
        return model.recalibrated(floor + (1 - floor) * model.probability(z(signals), single=single))

    def answer_p(units: list[dict[str, float]]) -> float:
        return model.answer_probability([z(s) for s in units], max(model.floor_of(s) for s in units))

    def without(signals: dict[str, float]) -> dict[str, float]:
        return {k: v for k, v in signals.items() if k not in NLI}

    def at(signals: dict[str, float], value: float) -> dict[str, float]:
        return {**without(signals), **dict.fromkeys(NLI, value)}

    labels, full, gated = [], [], []
    units = read = unit_agree = answer_agree = 0
    for rows in answers.values():
        signals = [r["signals"] for r in rows]
        single = len(signals) == 1
        need = {k for k, s in enumerate(signals) if unit_p(at(s, 0.0), single) < threshold <= unit_p(at(s, 1.0), single)}
        low = answer_p([s if k in need else at(s, 0.0) for k, s in enumerate(signals)])
        high = answer_p([s if k in need else at(s, 1.0) for k, s in enumerate(signals)])
        if low < threshold <= high:
            need = set(range(len(signals)))
        kept = [s if k in need else without(s) for k, s in enumerate(signals)]
        units += len(signals)
        read += len(need)
        p_full, p_gated = answer_p(signals), answer_p(kept)
        answer_agree += (p_full >= threshold) == (p_gated >= threshold)
        unit_agree += sum((unit_p(a, single) >= threshold) == (unit_p(b, single) >= threshold)
                          for a, b in zip(signals, kept, strict=True))  # fmt: skip
        labels.append(rows[0]["answer_label"])
        full.append(p_full)
        gated.append(p_gated)
    y = np.array(labels)
    metrics = {
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "answers": len(y),
        "units": units,
        "units_needing_nli": read,
        "share_needing_nli": read / max(1, units),
        "answer_verdicts_agree": answer_agree / max(1, len(y)),
        "unit_verdicts_agree": unit_agree / max(1, units),
        "auroc_full": float(roc_auc_score(y, full)),
        "auroc_gated": float(roc_auc_score(y, gated)),
        "f1_full": float(f1_score(y, np.array(full) >= threshold)),
        "f1_gated": float(f1_score(y, np.array(gated) >= threshold)),
    }
    args.out.write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(metrics, indent=2))


if __name__ == "__main__":
    main()

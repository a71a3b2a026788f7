"""The masked-frame checker with the learned aligner (``aligned=True``) on RAGTruth: its margin, firing and recall.

``python margin.py MODEL`` (MODEL: a trained aligner folder or ``veracity-aligner-small``). The procedure of
experiments/masked-frames (whose helpers it imports): every answer unit's largest attachment gap, per value set,
on RAGTruth train, the train-upstream margin sample (1/8 of its sources by hash: inside the quarter the aligner
never trained on) and dev; the margin is the smallest m at which the rule fires on at most 0.5% of the faithful
units of train + the sample; dev is only reported. Writes ``metrics.json["margin"]``.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path

from veracity.models.embedder import SentenceTransformerEmbedder
from veracity.schema import Document
from veracity.stages.sources import AnswerUnits, Sources
from veracity.stages.verify.checkers.masked import READ_KINDS, MaskedFrameChecker

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("masked_run", HERE.parent / "masked-frames" / "run.py")
assert _spec is not None and _spec.loader is not None
masked_run = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(masked_run)

BIKES = (
    "Bike hire\n\nCity bikes\nUp to 3 hours: £12. A full day: £25. Helmet included.\n\n"
    "Electric bikes\nUp to 3 hours: £30. A full day: £55. Helmet and charger included."
)
REPRODUCTIONS = [
    ("Hiring an electric bike for a full day costs £25.", BIKES),
    ("Hiring a city bike for a full day costs £25.", BIKES),
    *masked_run.REPRODUCTIONS,
]


def main(model: str) -> None:
    """Gaps on every split, the margin on training data, firing and recall, the reproductions."""
    started = time.perf_counter()
    embedder = SentenceTransformerEmbedder(model, cache_size=0)
    checker = MaskedFrameChecker(embedder, margin=0.0, kinds=masked_run.SETS["with counts"], cache_size=10**7,
                                 read_ranges=True, aligned=True)  # fmt: skip
    upstream = [r for r in masked_run.read_rows("train-upstream") if masked_run.in_sample(masked_run.source_key(r))]
    splits = {"train": masked_run.read_rows("train"), "train-upstream sample": upstream,
              "dev": masked_run.read_rows("dev")}  # fmt: skip
    records = {}
    for name, rows in splits.items():
        t = time.perf_counter()
        records[name] = masked_run.unit_records(checker, rows)
        print(f"{name}: {len(rows)} answers, {time.perf_counter() - t:.0f}s", flush=True)
    training = records["train"] + records["train-upstream sample"]
    out: dict = {"model": model, "target": masked_run.TARGET, "settings": {}}
    for name in masked_run.SETS:
        total = sum(1 for r in training if r["faithful"])
        gaps = [r[name] for r in training if r["faithful"] and r[name] is not None]
        margin = masked_run.choose_margin(gaps, total, masked_run.TARGET)
        out["settings"][name] = {
            "margin": round(margin, 4),
            "training": masked_run.firing(training, name, margin),
            **{split: masked_run.firing(records[split], name, margin) for split in splits},
        }
    margin = out["settings"]["no counts"]["margin"]
    shipped = MaskedFrameChecker(embedder, margin=margin, kinds=READ_KINDS, read_ranges=True, aligned=True)
    out["reproductions"] = []
    for answer, context in REPRODUCTIONS:
        read = AnswerUnits.of(answer, [(0, len(answer))])
        sources = Sources([Document(id="d0", text=context)])
        attached = shipped.attachments(read, sources)
        out["reproductions"].append({
            "answer": answer,
            "gaps": [round(a.gap, 4) for a in attached if a.gap is not None],
            "findings": [f.explanation for f in shipped.findings(AnswerUnits.of(answer, [(0, len(answer))]), sources)],
        })  # fmt: skip
    out["run_seconds"] = round(time.perf_counter() - started, 1)
    path = HERE / "metrics.json"
    metrics = json.loads(path.read_text()) if path.exists() else {}
    metrics["margin"] = out
    path.write_text(json.dumps(metrics, indent=1, ensure_ascii=False) + "\n")
    print(json.dumps(out, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "veracity-aligner-small")

"""One setting's scores for the cross-machine spread (README.md beside this file): P(hallucinated) per answer.

    python experiments/cross-machine/scores.py NAME [--set KEY=VALUE ...] [--no-graph-optimisation]

Reads the bundled examples, the issue-76 reproductions and the first ``--ragtruth`` answers of ragtruth:dev, runs
the default detector with the settings given, and writes ``NAME.jsonl`` (id, P, verdict, sentence Ps) under
``--out``. ``--no-graph-optimisation`` loads every ONNX Runtime session with its graph optimisations off (another of
the runtime's own kernel choices), by setting that option where sessions are made.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("VERACITY_DATA") or ROOT.parent / "shared" / "data")

REPRODUCTIONS = [  # issue 76's own examples (answer, context)
    ("The pharmacy is open from 8 am to 6 pm.", "Outpatient pharmacy: open 08:00 to 18:00, Monday to Saturday."),
    ("The library opens at 9 am on Saturdays.", "Saturday opening: 09:00 to 13:00."),
    ("Take two 250 mg capsules four times a day, which is 2 g a day.",
     "Take two 250 mg capsules four times a day (2,000 mg a day)."),
    ("Day tickets cost £4.50.", "Day tickets cost £6.50 and weekly tickets cost £20."),
    ("A weekly pass costs £13.50.", "Weekly pass: £15 for seven consecutive days."),
    ("Paris is in Germany.", "Paris is in France."),
]


def inputs(ragtruth: int) -> list[tuple[str, str, list[str], str | None]]:
    """(id, answer, context texts, question) of every input measured."""
    found = []
    for name in ("curie", "payments"):
        folder = ROOT / "examples" / name
        question = (folder / "question.txt").read_text(encoding="utf-8").strip()
        docs = [p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.txt")) if p.stem not in ("answer", "question")]
        found.append((name, (folder / "answer.txt").read_text(encoding="utf-8").strip(), docs, question))
    found += [(f"issue76-{k}", a, [c], None) for k, (a, c) in enumerate(REPRODUCTIONS)]
    if ragtruth:
        from veracity.data.loaders import load_dataset

        for k, example in enumerate(load_dataset("ragtruth:dev", data_dir=DATA)):
            if k >= ragtruth:
                break
            found.append((example.id, example.answer, list(example.context), example.question))
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("name")
    parser.add_argument("--set", action="append", default=[])
    parser.add_argument("--ragtruth", type=int, default=12)
    parser.add_argument("--out", default=str(Path(__file__).parent / "runs"))
    parser.add_argument("--no-graph-optimisation", action="store_true")
    args = parser.parse_args()
    if args.no_graph_optimisation:
        import onnxruntime

        made = onnxruntime.InferenceSession.__init__

        def without_optimisation(self, path, sess_options=None, *rest, **kwargs):  # type: ignore[no-untyped-def]
            options = sess_options or onnxruntime.SessionOptions()
            options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
            made(self, path, options, *rest, **kwargs)

        onnxruntime.InferenceSession.__init__ = without_optimisation  # type: ignore[method-assign]
    from veracity import Document, load_detector

    settings = dict(item.split("=", 1) for item in args.set)
    detector = load_detector("reader", calibration="none", **settings)  # what auto routes every input with sources to
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with (out / f"{args.name}.jsonl").open("w", encoding="utf-8") as rows:
        for ident, answer, docs, question in inputs(args.ragtruth):
            context = [Document(id=f"d{k}", text=t) for k, t in enumerate(docs)]
            report = detector.detect(answer, context, question)
            row = {"id": ident, "p": report.score, "threshold": report.threshold, "verdict": report.verdict,
                   "sentences": [s.score for s in report.sentences]}
            rows.write(json.dumps(row) + "\n")
            print(ident, round(report.score or 0, 4), report.verdict, file=sys.stderr)


if __name__ == "__main__":
    main()

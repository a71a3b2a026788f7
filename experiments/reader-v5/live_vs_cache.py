"""Do the reader's training caches hold what a live reading gives? 40 answers of the behavioural suite, every unit.

    python experiments/reader-v5/live_vs_cache.py > experiments/reader-v5/live-vs-cache.json

Reads each answer with the shipped reader (`ReaderDetector.read`, as `veracity detect` does) and compares every
signal with the unit cache (`reader-behaviour-v3`) merged with a span side cache: `span-beh-v4` (read with torch's
dynamic int8) or `span-beh-v5` (ONNX int8, as the runs read the span model), and the checkers' `checker-beh-v6`.
"""

from __future__ import annotations

import collections
import gzip
import json
import random
from pathlib import Path

from veracity.detectors import load_detector
from veracity.detectors.base import as_documents
from veracity.training.reader import read_rows, with_checker_signals, with_span_signals

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT.parent / "cache"


def main() -> None:
    """Print, per span side cache, the mean and largest absolute difference of each signal."""
    with gzip.open(ROOT / "benchmarks" / "behaviour" / "cases.jsonl.gz", "rt", encoding="utf-8") as handle:
        cases = {c["id"]: c for c in map(json.loads, handle)}
    reader = load_detector("reader")
    variants = {}
    for span in ("span-beh-v4", "span-beh-v5"):
        rows = read_rows(CACHE / "reader-behaviour-v3.jsonl")
        with_span_signals(rows, CACHE / f"{span}.jsonl")
        with_checker_signals(rows, CACHE / "checker-beh-v6.jsonl")
        variants[span] = {(r["example"], r["unit"]): r for r in rows}
    examples = random.Random(1).sample(sorted({e for e, _ in variants["span-beh-v5"]}), 40)
    differences: dict[str, dict[str, list[float]]] = {v: collections.defaultdict(list) for v in variants}
    units = 0
    for example in examples:
        case = cases[example]
        readings, _, _ = reader.read(case["answer"], as_documents(case["context"]), case.get("question"))
        for k, reading in enumerate(readings):
            units += 1
            for name, by_unit in variants.items():
                cached = by_unit[(example, k)]
                assert (cached["start"], cached["end"]) == (reading.start, reading.end)
                for signal, value in reading.signals.items():
                    differences[name][signal].append(abs(value - float(cached["signals"].get(signal, 0.0))))
    out = {"command": "python experiments/reader-v5/live_vs_cache.py", "answers": len(examples), "units": units}
    for name, by_signal in differences.items():
        out[name] = {
            s: {"mean": round(sum(d) / len(d), 6), "max": round(max(d), 6)} for s, d in sorted(by_signal.items())
        }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

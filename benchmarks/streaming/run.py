"""Issue 54's streaming floor: answers fed in chunks of 1–20 characters, the final Report against `detect`'s, and how
soon each sentence's reading arrives after the chunk that completed it.

    python benchmarks/streaming/run.py --limit 100 --out benchmarks/results/streaming_auto

Run alone on the machine (the latency is wall time). The first `--limit` answers of `ragtruth:dev`, the default
detector, warmed up first; chunk sizes drawn with a fixed seed per answer.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

from veracity.data.loaders import Example, load_dataset
from veracity.detectors import load_detector
from veracity.streaming import FinalReport, SentenceReading, detect_stream


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--detector", default="auto")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    examples = [r for r in load_dataset("ragtruth:dev") if isinstance(r, Example)][: args.limit]
    detector = load_detector(args.detector)
    detector.detect("A warm-up answer.", ["A warm-up context."], "A question?")
    same_verdict = same_spans = 0
    score_diffs: list[float] = []
    first_latency: list[float] = []
    every_latency: list[float] = []
    for example in examples:
        rng = random.Random(example.id)
        pieces, k = [], 0
        while k < len(example.answer):
            n = rng.randint(1, 20)
            pieces.append(example.answer[k : k + n])
            k += n
        handed = [0.0]

        def feed(parts: list[str] = pieces, clock: list[float] = handed) -> Iterator[str]:
            for part in parts:
                clock[0] = time.perf_counter()
                yield part

        final = None
        seen = 0
        for event in detect_stream(detector, feed(), example.context, example.question):
            if isinstance(event, SentenceReading):
                latency = (time.perf_counter() - handed[0]) * 1000
                every_latency.append(latency)
                if seen == 0:
                    first_latency.append(latency)
                seen += 1
            elif isinstance(event, FinalReport):
                final = event.report
        whole = detector.detect(example.answer, example.context, example.question)
        assert final is not None
        same_verdict += final.verdict == whole.verdict
        same_spans += [(s.start, s.end) for s in final.hallucinated_spans] == [
            (s.start, s.end) for s in whole.hallucinated_spans
        ]
        if final.score is not None and whole.score is not None:
            score_diffs.append(abs(final.score - whole.score))
    n = len(examples)
    p50 = statistics.median(first_latency) if first_latency else None
    result = {
        "command": f"python benchmarks/streaming/run.py --limit {args.limit} --out {args.out}",
        "detector": args.detector,
        "dataset": "ragtruth:dev",
        "n": n,
        "same_verdict": same_verdict / n,
        "same_spans": same_spans / n,
        "max_score_difference": max(score_diffs, default=0.0),
        "first_reading_latency_ms": {"p50": p50, "p95": sorted(first_latency)[int(0.95 * (len(first_latency) - 1))]},
        "every_reading_latency_ms": {"p50": statistics.median(every_latency)},
        "holds": same_verdict == n
        and same_spans == n
        and max(score_diffs, default=0.0) <= 1e-6
        and p50 is not None
        and p50 <= 50,
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "metrics.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()

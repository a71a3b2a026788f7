"""Where the reader's time goes (issue 59, item 5): per stage, per kind of NLI pair, in tokens and seconds.

    python experiments/reader-speed/time_by_stage.py [--answers 200] [--out experiments/reader-speed/metrics.json]

Reads the first N answers of ragtruth:dev with the default reader after a warm-up of 5 (models loaded, ONNX files
built), one answer at a time as `veracity detect` does, and records: answers per second; the report's stage timings
summed (read.checkers, read.units, read.nli, read.span); the NLI pairs by kind — the unit against each aligned
sentence alone (``sentence``), against the best one with its neighbours (``window``), attachment's confirmations
(``confirm``) — with their count and tokens (the scorer's own tokenizer, at its max_length). Run it alone on the
machine: timings are wall-clock.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

from tokenizers import Tokenizer

from veracity.data.loaders import Example, load_dataset
from veracity.detectors.reader import ReaderDetector
from veracity.stages.sources import SourceIndex
from veracity.models.catalog import resolve_model_path


def main() -> None:
    """Profile the reader on the first answers of ragtruth:dev."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=200)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("metrics.json"))
    args = parser.parse_args()
    records = [r for r in itertools.islice(load_dataset("ragtruth:dev"), args.answers + 5) if isinstance(r, Example)]
    warm, records = records[:5], records[5 : args.answers + 5]
    detector = ReaderDetector.from_config()
    for r in warm:
        detector.detect(r.answer, r.context, r.question)
    scorer = detector.stages.nli.get()
    tokenizer = Tokenizer.from_file(str(resolve_model_path(scorer.model_id) / "tokenizer.json"))
    tokenizer.enable_truncation(scorer.max_length or 256)
    pairs: Counter[str] = Counter()
    tokens: Counter[str] = Counter()
    kind = {"now": "reader"}
    windows: set[str] = set()  # premises the reader asked for with neighbours (window > 0)
    align = SourceIndex.align

    def aligning(self: SourceIndex, sentence: str, top_k: int = 3, window: int = 1, max_words: int = 120) -> Any:
        found = align(self, sentence, top_k=top_k, window=window, max_words=max_words)
        if window > 0:
            windows.update(w.text for w in found)
        return found

    SourceIndex.align = aligning  # type: ignore[method-assign]
    score = scorer.score

    def counting(batch: list[tuple[str, str]]) -> Any:  # the reader's pairs in one call per answer, attachment's apart
        lengths = [sum(e.attention_mask) for e in tokenizer.encode_batch([list(p) for p in batch])]
        for (premise, _), length in zip(batch, lengths, strict=True):
            name = kind["now"] if kind["now"] == "confirm" else ("window" if premise in windows else "sentence")
            pairs[name] += 1
            tokens[name] += length
        return score(batch)

    scorer.score = counting
    contradiction = detector.contradiction

    def confirming(batch: list[tuple[str, str]]) -> list[float]:
        kind["now"] = "confirm"
        try:
            return contradiction(batch)
        finally:
            kind["now"] = "reader"

    detector.contradiction = confirming
    stages: Counter[str] = Counter()
    units = 0
    started = time.perf_counter()
    for r in records:
        windows.clear()
        report = detector.detect(r.answer, r.context, r.question)
        for name, ms in (report.timings_ms or {}).items():
            stages[name] += ms
        units += len(report.sentences or [])
    seconds = time.perf_counter() - started
    metrics = {
        "command": f"python experiments/reader-speed/time_by_stage.py --answers {args.answers}",
        "answers": len(records),
        "answers_per_second": round(len(records) / seconds, 2),
        "seconds": round(seconds, 1),
        "units": units,
        "stage_seconds": {k: round(v / 1000, 2) for k, v in sorted(stages.items())},
        "stage_share": {k: round(v / 1000 / seconds, 3) for k, v in sorted(stages.items())},
        "nli_pairs": dict(pairs),
        "nli_tokens": dict(tokens),
    }
    args.out.write_text(json.dumps(metrics, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(metrics, indent=1))


if __name__ == "__main__":
    main()

"""The figures experiments/reader-v9/README.md quotes besides the fits, written to measures.json.

    python experiments/reader-v9/measures.py DEV_CACHE BEHAVIOUR_PREDICTIONS   # from the repository root

- ``statements``: how many RAGTruth dev units (of a reader unit cache) join two or more statements
  (``stages.sources.unit_clauses``), and the extra pieces per unit a statement-by-statement reading would read;
- ``aligned_stage``: the seconds the aligner's stage (``MaskedFrameChecker.unit_gaps``) takes over the first 60
  ``ragtruth:dev`` answers after 5 of warm-up, and the texts it embeds, beside the whole reading's seconds;
- ``dir_append_supported``: each case of the suite's test whose P fell, from a ``veracity eval`` predictions file of the
  suite (base and variant P, the threshold), and whether the base and the variant hold a contradicted finding.
"""

from __future__ import annotations

import gzip
import itertools
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from veracity import Document, load_detector
from veracity.data.loaders import Example, load_dataset
from veracity.detectors.reader import ReaderDetector
from veracity.stages.sources import unit_clauses

HERE = Path(__file__).resolve().parent


def statements(cache: Path) -> dict[str, float]:
    """Units of the RAGTruth dev answers in ``cache`` that join statements, and the pieces they add."""
    units = joined = pieces = 0
    for line in cache.open(encoding="utf-8"):
        row = json.loads(line)
        if row.get("skipped") or not row["source"].startswith("dev:ragtruth:dev"):
            continue
        units += 1
        found = unit_clauses(row["text"])
        joined += bool(found)
        pieces += len(found)
    share, per_unit = round(joined / units, 3), round(pieces / units, 3)
    return {"units": units, "joining": joined, "share": share, "pieces_per_unit": per_unit}


def aligned_stage() -> dict[str, float]:
    """The aligner's stage's seconds and embedded texts over 60 answers, and the whole reading's seconds."""
    records = [r for r in itertools.islice(load_dataset("ragtruth:dev"), 65) if isinstance(r, Example)]
    detector = ReaderDetector.from_config()
    for r in records[:5]:
        detector.detect(r.answer, r.context, r.question)
    checker = detector.stages.aligned.get()
    assert checker is not None
    spent, embedded = [0.0], [0]
    gaps, embed = checker.unit_gaps, checker.embedder.embed

    def counted(texts: Sequence[str]) -> Any:
        embedded[0] += len(texts)
        return embed(texts)

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        out = gaps(*args, **kwargs)
        spent[0] += time.perf_counter() - started
        return out

    checker.embedder.embed = counted  # type: ignore[method-assign]
    checker.unit_gaps = timed  # type: ignore[method-assign]
    started = time.perf_counter()
    for r in records[5:]:
        detector.detect(r.answer, r.context, r.question)
    return {"answers": 60, "seconds": round(time.perf_counter() - started, 2), "aligned_seconds": round(spent[0], 3),
            "texts_embedded": embedded[0]}  # fmt: skip


def direction_drops(predictions: Path) -> list[dict[str, object]]:
    """The suite's dir-append-supported cases whose P fell, with whether a contradicted finding holds in each."""
    cases = {c["id"]: c for c in map(json.loads, gzip.open("benchmarks/behaviour/cases.jsonl.gz", "rt"))}
    scored = {r["id"]: r for r in map(json.loads, predictions.open(encoding="utf-8"))}
    detector = load_detector("auto")
    out = []
    for case in (c for c in cases.values() if c["test"] == "dir-append-supported"):
        base, variant = scored[case["group"]], scored[case["id"]]
        if variant["score"] >= base["score"] - 1e-9:
            continue
        held = []
        for c in (cases[case["group"]], case):
            docs = [Document(id=f"d{k}", text=t) for k, t in enumerate(c["context"])]
            report = detector.detect(c["answer"], docs, c["question"])
            held.append(any(f.relation == "contradicted" for f in report.details.findings))
        out.append({"id": case["id"], "base": case["group"], "base_p": round(base["score"], 3),
                    "variant_p": round(variant["score"], 3), "threshold": round(base["threshold"], 3),
                    "finding_in_base": held[0], "finding_in_variant": held[1]})  # fmt: skip
    return out


def main() -> None:
    """Write measures.json."""
    result = {
        "statements": statements(Path(sys.argv[1])),
        "aligned_stage": aligned_stage(),
        "dir_append_supported_drops": direction_drops(Path(sys.argv[2])),
    }
    (HERE / "measures.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()

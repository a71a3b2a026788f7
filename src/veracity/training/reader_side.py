"""The reader's side caches: signals read again for every unit of a unit cache without the NLI model.

The unit cache (:func:`veracity.training.reader.build_cache`) holds every signal of every training unit, the NLI
verifier's included (the costly part: about 40 minutes here). When a cheaper part changes — the span model, a rule
checker — a side cache reads just that part again for the same units, and ``with_*_signals`` merges it into the rows:
:func:`build_span_cache` (the span model's ``span_max``, ``span_mean``), :func:`build_checker_cache` (the value,
consistency and record checkers' signals, :data:`CHECKER_SIGNALS`), :func:`build_aligned_cache` (the learned
alignment's ``aligned_gap``). Both resume (answers already in the side cache
are skipped).
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from veracity.training.reader_sources import examples_of

__all__ = [
    "CHECKER_SIGNALS",
    "Units",
    "append_side_rows",
    "build_aligned_cache",
    "build_checker_cache",
    "build_span_cache",
    "read_rows",
    "with_aligned_signals",
    "with_checker_signals",
    "with_span_signals",
]


def read_rows(cache: Path) -> list[dict[str, Any]]:
    """The labelled unit rows of a cache (skipped answers and cut lines left out)."""
    rows = []
    with cache.open(encoding="utf-8") as handle:
        for line in handle:
            try:
                row = json.loads(line)
            except ValueError:
                continue
            if not row.get("skipped"):
                rows.append(row)
    return rows


Units = list[tuple[int, int, int]]
"""An answer's units in a unit cache: ``(unit, start, end)``."""


def append_side_rows(
    cache: Path,
    out: Path,
    data_dir: Path,
    read_answer: Callable[[str, Any, Units], Iterable[dict[str, Any]]],
    what: str,
    log: Callable[[str], object] = print,
    every: int = 200,
) -> int:
    """For every answer of ``cache`` not yet in ``out``: ``read_answer(source, example, units)``'s rows, appended.

    The answers are found again in their sources (:func:`~veracity.training.reader_sources.examples_of`); resumable
    (answers already in ``out`` are skipped), flushed after each answer. Returns the answers read in this call.
    """
    units: dict[tuple[str, str], Units] = defaultdict(list)
    for row in read_rows(cache):
        units[(row["source"], str(row["example"]))].append((row["unit"], row["start"], row["end"]))
    done = {(r["source"], str(r["example"])) for r in read_rows(out)} if out.is_file() else set()
    started, read = time.perf_counter(), 0
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a", encoding="utf-8") as handle:
        for source in sorted({s for s, _ in units}):
            wanted = {e for s, e in units if s == source and (s, e) not in done}
            for example in examples_of(source, data_dir) if wanted else ():
                if example.id not in wanted:
                    continue
                for row in read_answer(source, example, units[(source, example.id)]):
                    handle.write(json.dumps(row, ensure_ascii=False) + "\n")
                handle.flush()
                wanted.discard(example.id)
                read += 1
                if read % every == 0:
                    log(f"{what}: {read} answers ({read / (time.perf_counter() - started):.1f}/s)")
                if not wanted:
                    break
    return read


def build_span_cache(
    cache: Path, out: Path, span_model: str, data_dir: Path, log: Callable[[str], object] = print
) -> int:
    """The span model's signals (``span_max``, ``span_mean``) for every unit of ``cache``, appended to ``out``.

    A side cache, so that the costly unit signals need not be read again when the span model changes; resumable
    (answers already in ``out`` are skipped). Returns the answers read in this call.
    """
    from veracity.detectors.base import as_documents
    from veracity.detectors.reader import ReaderDetector, related_texts
    from veracity.detectors.reader.detector import UnitReading
    from veracity.detectors.reader.premises import with_bridges
    from veracity.detectors.reader.signals import span_sentence_signals
    from veracity.detectors.span import SpanConfig, SpanDetector
    from veracity.stages.sources import SourceIndex

    span = SpanDetector.from_config(SpanConfig(model=span_model, quantize="int8"))
    top_k = ReaderDetector.from_config().top_k

    def read_answer(source: str, example: Any, units: Units) -> Iterator[dict[str, Any]]:
        texts = [d.text for d in as_documents(example.context)]
        # as the reader reads it: the related passages, each unit's bridges after its best aligned sentence's passage
        index = SourceIndex(texts, example.question)
        readings = [UnitReading(start, end, {}, index.align(example.answer[start:end], top_k=top_k, window=0), [])
                    for _, start, end in units]  # fmt: skip
        read = with_bridges(related_texts(texts, example.answer, example.question), example.answer, index, readings)
        tokens = span.token_probabilities(example.answer, read, example.question)
        for unit, start, end in units:
            inside = [p for (s, _), p in zip(tokens.offsets, tokens.probs, strict=True) if start <= s < end]
            yield {"source": source, "example": example.id, "unit": unit, **span_sentence_signals(inside)}

    return append_side_rows(cache, out, data_dir, read_answer, "span signals", log)


CHECKER_SIGNALS = (
    "unsupported_name",
    "unsupported_value",
    "unsupported_negation",
    "conflict",
    "record_conflict",
    "record_not_found",
)
"""The unit signals of the rule checkers, which :func:`build_checker_cache` reads again without the NLI model."""


def build_checker_cache(cache: Path, out: Path, data_dir: Path, log: Callable[[str], object] = print) -> int:
    """The rule checkers' signals of every unit of ``cache``, read again with the present checkers, appended to ``out``.

    The value checker's (:data:`CHECKER_SIGNALS`: absent names and values, unsupported negations, and the ``absent``
    words) and the consistency and record checkers' (conflicts). A side cache like :func:`build_span_cache`: a change
    to a checker (a list marker is no claim, clock times compared as times) needs no new NLI reading. Resumable;
    returns the answers read in this call.
    """
    from veracity.detectors.base import as_documents
    from veracity.detectors.reader import ReaderDetector
    from veracity.detectors.reader.signals import finding_signals, value_signals
    from veracity.stages.sources import SourceIndex
    from veracity.stages.verify.grounding import EvidenceFacts

    reader = ReaderDetector.from_config()

    def read_answer(source: str, example: Any, units: Units) -> Iterator[dict[str, Any]]:
        documents = as_documents(example.context)
        index = SourceIndex([d.text for d in documents], example.question)
        facts = EvidenceFacts.of(index.stated)
        findings, _ = reader.checker_findings(example.answer, documents)
        for unit, start, end in units:
            counts, marks, _ = reader.value_reading(example.answer[start:end], start, index, facts)
            absent = [example.answer[a:b] for a, b in marks]
            signals = {**value_signals(counts), **finding_signals(start, end, findings)}
            yield {"source": source, "example": example.id, "unit": unit, **signals, "absent": absent}

    return append_side_rows(cache, out, data_dir, read_answer, "checker signals", log, every=500)


def build_aligned_cache(
    cache: Path, out: Path, aligner: str, data_dir: Path, log: Callable[[str], object] = print
) -> int:
    """The learned alignment's signal (``aligned_gap``) of every unit of ``cache``, appended to ``out``.

    A side cache like :func:`build_span_cache`: the aligner (``aligner``, a shipped name or a model folder) reads
    each answer's values against the sources' clauses (:func:`~veracity.detectors.reader.assembly.masked_checker`
    with it), so a new aligner needs no new NLI reading. Resumable; returns the answers read in this call.
    """
    from veracity.detectors.base import as_documents
    from veracity.detectors.reader.assembly import masked_checker
    from veracity.detectors.reader.signals import aligned_signals
    from veracity.stages.sources import AnswerUnits, Sources

    checker = masked_checker(True, aligner)
    assert checker is not None

    def read_answer(source: str, example: Any, units: Units) -> Iterator[dict[str, Any]]:
        read = AnswerUnits.of(example.answer, [(start, end) for _, start, end in units])
        gaps = checker.unit_gaps(read, Sources.of(as_documents(example.context)))
        for (unit, _, _), gap in zip(units, gaps, strict=True):
            yield {"source": source, "example": example.id, "unit": unit, **aligned_signals(gap)}

    return append_side_rows(cache, out, data_dir, read_answer, "aligned signals", log, every=500)


def with_aligned_signals(rows: Sequence[dict[str, Any]], side: Path) -> None:
    """Merge a :func:`build_aligned_cache` side cache into unit rows (in place; a unit without one gets 0)."""
    signals = {(r["source"], str(r["example"]), r["unit"]): r for r in read_rows(side)}
    for row in rows:
        found = signals.get((row["source"], str(row["example"]), row["unit"]), {})
        row["signals"]["aligned_gap"] = float(found.get("aligned_gap", 0.0))


def with_checker_signals(rows: Sequence[dict[str, Any]], side: Path) -> None:
    """Merge a :func:`build_checker_cache` side cache into unit rows (in place; a unit without one keeps its own)."""
    signals = {(r["source"], str(r["example"]), r["unit"]): r for r in read_rows(side)}
    for row in rows:
        found = signals.get((row["source"], str(row["example"]), row["unit"]))
        if found is not None:
            for name in CHECKER_SIGNALS:
                if name in found:
                    row["signals"][name] = float(found[name])
            row["absent"] = found["absent"]


def with_span_signals(rows: Sequence[dict[str, Any]], side: Path) -> None:
    """Merge a :func:`build_span_cache` side cache into unit rows (in place; a unit without one gets zeros)."""
    signals = {(r["source"], str(r["example"]), r["unit"]): r for r in read_rows(side)}
    for row in rows:
        found = signals.get((row["source"], str(row["example"]), row["unit"]), {})
        row["signals"]["span_max"] = float(found.get("span_max", 0.0))
        row["signals"]["span_mean"] = float(found.get("span_mean", 0.0))

"""Training the reader's sentence model (``veracity train reader``): sentence labels from five sources, one mixture.

Two steps, each resumable:

1. :func:`extract_rows` reads every answer of a source with the ``reader`` detector's own signal code
   (:meth:`~veracity.detectors.reader.ReaderDetector.read`) and appends one row per answer unit to a JSONL cache
   (the signals, the unit's text and offsets, its label); an answer already in the cache is skipped, so an
   interrupted run goes on where it stopped. The cheap signals that depend only on the unit's text (abstention,
   referral, hedge) are recomputed at fit time, so a better reader of them needs no new extraction.
2. :func:`fit_reader` weighs the sources by the mixture rule (:data:`MIXTURE`, written before the runs), fits the
   sign-constrained model on units, calibrates the answer-level maxima of the RAGTruth answers out of fold (Platt,
   folds grouped by source document), and picks the threshold that maximises F1 on them.

Unit labels: a unit is unsupported when it overlaps a gold span (RAGTruth and XSumFaith: human spans; RAGBench: its
unsupported sentences; the synthetic edits: the edited characters); HaluEval QA and dialogue answers of one unit
take the answer's label (longer answers are left: which of their units is wrong is not known).
"""

from __future__ import annotations

import json
import os
import random
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from veracity.data.loaders import Example
from veracity.detectors.reader.model import (
    ReaderModel,
    feature_direction,
    fit_multi_instance,
    fit_platt,
    fit_sign_constrained,
    signal_value,
)
from veracity.detectors.reader.signals import DIRECTIONS
from veracity.training.reader_scores import (
    answer_scores,
    calibration_error,
    evaluate_rows,
    final_p,
    read_as_top_one,
    smoothed_best,
    unit_values,
)
from veracity.training.reader_side import (
    CHECKER_SIGNALS,
    build_aligned_cache,
    build_checker_cache,
    build_span_cache,
    read_rows,
    with_aligned_signals,
    with_checker_signals,
    with_span_signals,
)
from veracity.training.reader_sources import SOURCES, examples_of

__all__ = [
    "CHECKER_SIGNALS",
    "MIXTURE",
    "SOURCES",
    "ReaderTrainConfig",
    "answer_scores",
    "build_checker_cache",
    "build_span_cache",
    "cached_rows",
    "evaluate_rows",
    "extract_rows",
    "final_p",
    "fit_configured",
    "fit_reader",
    "labelled_units",
    "read_as_top_one",
    "read_rows",
    "smoothed_best",
    "train_reader",
    "unit_values",
    "with_checker_signals",
    "with_span_signals",
]

# The share of the total training weight each source gets (written down before the runs; see the model card).
MIXTURE: dict[str, float] = {
    "ragtruth": 0.35,
    "ragbench": 0.15,
    "xsumfaith": 0.10,
    "halueval-qa": 0.075,
    "halueval-dialogue": 0.075,
    "edits": 0.10,
    "absent": 0.10,
    "abstentions": 0.05,
}


def labelled_units(example: Example, units: Sequence[tuple[int, int]], single_label: bool) -> list[int] | None:
    """Each unit's label: 1 when it overlaps a gold span.

    ``single_label``: the answer's label for a one-unit answer (``None`` — leave the answer — for a longer one).
    """
    if single_label:
        return [int(example.label)] if len(units) == 1 else None
    spans = example.spans or []
    return [int(any(s < end and start < e for s, e in spans)) for start, end in units]


def extract_rows(
    detector: Any,
    source: str,
    examples: Iterable[Example],
    cache: Path,
    limit: int | None = None,
    log: Callable[[str], object] = print,
) -> int:
    """Append the units of ``examples`` not yet in ``cache`` with their signals and labels.

    An answer is known by its id: one whose id was read already (in the cache, or earlier in this call) is skipped, so a
    run and its resumption read the same answers. Returns how many answers the cache holds for ``source`` afterwards.
    """
    from veracity.detectors.base import as_documents

    done: set[str] = set()
    if cache.is_file():
        with cache.open(encoding="utf-8") as handle:
            for line in handle:
                try:
                    row = json.loads(line)
                except ValueError:
                    continue  # a line cut by an interrupted run
                if row.get("source") == source:
                    done.add(row["example"])
    cache.parent.mkdir(parents=True, exist_ok=True)
    single = source.startswith("halueval")
    seen = len(done)
    started, read = time.perf_counter(), 0
    with cache.open("a", encoding="utf-8") as handle:
        for example in examples:
            if limit is not None and seen >= limit:
                break
            if example.id in done or not example.answer.strip() or not any(c.strip() for c in example.context):
                continue
            try:
                documents = as_documents(example.context)  # as the detector reads them: empty and repeated dropped
                readings, _, _ = detector.read(example.answer, documents, example.question)
            except Exception as exc:
                log(f"{source}: {example.id}: skipped ({type(exc).__name__}: {exc})")
                continue
            labels = labelled_units(example, [(r.start, r.end) for r in readings], single)
            # an id is read once: a second answer under the same id (RAGBench gives several responses one id) would be
            # skipped by a resumed run, count in this one, and share its unit keys with the first in the side caches
            done.add(example.id)
            seen += 1
            read += 1
            if labels is None:
                handle.write(json.dumps({"source": source, "example": example.id, "skipped": True}) + "\n")
                continue
            for k, (reading, label) in enumerate(zip(readings, labels, strict=True)):
                row = {
                    "source": source,
                    "example": example.id,
                    "group": example.group or example.id,
                    "task": example.task,
                    "answer_label": int(example.label),
                    "unit": k,
                    "start": reading.start,
                    "end": reading.end,
                    "text": example.answer[reading.start : reading.end],
                    "label": label,
                    "signals": {n: round(v, 6) for n, v in reading.signals.items()},
                    "absent": reading.absent or [],
                }
                handle.write(json.dumps(row, ensure_ascii=False) + "\n")
            handle.flush()
            if read % 100 == 0:
                rate = read / (time.perf_counter() - started)
                log(f"{source}: {seen} answers read ({rate:.1f}/s)")
    return seen


def fit_reader(
    rows: Sequence[Mapping[str, Any]],
    features: Sequence[str],
    mixture: Mapping[str, float] = MIXTURE,
    l2: float = 1e-3,
    folds: int = 5,
    threshold_source: str = "ragtruth",
    metadata: Mapping[str, Any] | None = None,
    span_model: str | None = None,
    tau: float = 0.0,
    unit_share: float = 1.0,
    shared_intercept: Sequence[str] = (),
    single_sources: Sequence[str] = ("halueval-qa", "halueval-dialogue", "absent", "edits"),
    floor_signals: Sequence[str] = (),
    pooled_floors: Sequence[str] = ("conflict", "record_conflict"),
    floor_threshold: Sequence[str] = (),
    top_k: int = 2,
    threshold_window: float = 0.0,
) -> tuple[ReaderModel, dict[str, Any]]:
    """Fit the reader model on unit rows (see the module); returns the model and its out-of-fold figures.

    ``threshold_window``: the threshold is the best of the out-of-fold F1 curve averaged over candidates within this
    distance (:func:`smoothed_best`; 0: its plain argmax).
    """
    from sklearn.metrics import f1_score, roc_auc_score

    rows = sorted(rows, key=lambda r: (r["source"], str(r["example"]), r["unit"]))
    values = [unit_values(r) for r in rows]
    sources = [r["source"] for r in rows]
    per_source: dict[str, int] = defaultdict(int)
    for s in sources:
        per_source[s] += 1
    # Each source's base rate is a nuisance (nine in ten of XSumFaith's summaries are hallucinated, half of HaluEval's
    # answers): an intercept per source absorbs it during the fit, so that no signal of the input's shape learns it
    # (a one-unit answer is not more suspect because HaluEval's are). The model keeps the calibration source's.
    nuisance = [s for s in sorted(per_source) if s != threshold_source and s not in shared_intercept]
    x = np.array(
        [
            [signal_value(f, v, 0.0) for f in features] + [float(s == n) for n in nuisance]
            for v, s in zip(values, sources, strict=True)
        ],
        dtype=np.float64,
    )
    y = np.array([r["label"] for r in rows], dtype=np.float64)
    present = {s: w for s, w in mixture.items() if per_source.get(s)}
    total = sum(present.values())
    w = np.array([present.get(s, 0.0) / total / per_source[s] for s in sources]) * len(rows)
    directions = [feature_direction(f, DIRECTIONS) for f in features] + [0] * len(nuisance)
    n_signals = len(features)

    def calibration_source_z(
        xs: np.ndarray, coef: np.ndarray, bias: float, mean: np.ndarray, scale: np.ndarray
    ) -> np.ndarray:
        """Log-odds with every row read as the calibration source (the nuisance columns at 0)."""
        xs = xs.copy()
        xs[:, n_signals:] = 0.0
        z: np.ndarray = ((xs - mean) / scale) @ coef + bias
        return z

    answers: dict[str, list[int]] = defaultdict(list)
    for i, r in enumerate(rows):
        answers[f"{r['source']}|{r['example']}"].append(i)
    groups = sorted({f"{r['source']}|{r['group']}" for r in rows})
    fold_of = {g: k % folds for k, g in enumerate(random.Random(0).sample(groups, len(groups)))}
    keys = list(answers)
    answer_index = {a: k for k, a in enumerate(keys)}
    answer_of = np.array([answer_index[f"{r['source']}|{r['example']}"] for r in rows], dtype=np.int64)
    answer_labels = np.array([max(rows[i]["answer_label"] for i in answers[a]) for a in keys], dtype=np.float64)
    answer_sources = [a.split("|", 1)[0] for a in keys]
    answer_counts: dict[str, int] = defaultdict(int)
    for s in answer_sources:
        answer_counts[s] += 1
    answer_w = np.array([present.get(s, 0.0) / total / answer_counts[s] for s in answer_sources]) * len(keys)

    def fit(mask: np.ndarray) -> tuple[np.ndarray, float, np.ndarray, np.ndarray]:
        if unit_share >= 1.0:
            return fit_sign_constrained(x[mask], y[mask], w[mask], directions, l2)
        kept = np.unique(answer_of[mask])
        renumber = np.full(len(keys), -1)
        renumber[kept] = np.arange(len(kept))
        return fit_multi_instance(
            x[mask],
            y[mask],
            w[mask],
            renumber[answer_of[mask]],
            answer_labels[kept],
            answer_w[kept],
            directions,
            tau,
            unit_share,
            l2,
        )

    oof_z = np.zeros(len(rows))
    for k in range(folds):
        train = np.array([fold_of[f"{r['source']}|{r['group']}"] != k for r in rows])
        coef, bias, mean, scale = fit(train)
        oof_z[~train] = calibration_source_z(x[~train], coef, bias, mean, scale)
    shell = ReaderModel(features=(), directions=(), mean=(), scale=(), weights=(), bias=0.0, tau=tau)
    answer_z = np.array([shell.answer_z([float(oof_z[i]) for i in answers[a]]) for a in keys])
    answer_y = np.array([max(rows[i]["answer_label"] for i in answers[a]) for a in keys], dtype=np.float64)
    # calibrated and thresholded on the RAG answers (RAGTruth): the other sources' base rates (nine in ten of
    # XSumFaith's summaries are hallucinated) are not what a user's RAG answers look like
    chosen = np.array([a_.startswith(threshold_source + "|") for a_ in keys])
    a, b = fit_platt(answer_z[chosen], answer_y[chosen])
    # answers of one unit get their own map, fitted on the one-unit answers of the short-answer sources (balanced
    # by design: HaluEval's right and wrong answers, the synthetic twins)
    n_units = np.array([len(answers[k]) for k in keys])
    short = np.array([s in single_sources for s in answer_sources]) & (n_units == 1)
    single_a, single_b = fit_platt(answer_z[short], answer_y[short]) if short.sum() >= 50 else (None, None)
    p = 1 / (1 + np.exp(-(a * answer_z + b)))
    if single_a is not None:
        p[n_units == 1] = 1 / (1 + np.exp(-(single_a * answer_z[n_units == 1] + single_b)))
    # evidence floors: the share of the calibration source's answers with the evidence that were hallucinated
    floors: dict[str, float] = {}
    record = np.array([any(values[i].get("is_record", 0.0) > 0 for i in answers[a]) for a in keys])
    for name in floor_signals:
        having = np.array([any(values[i].get(name, 0.0) > 0 for i in answers[a]) for a in keys])
        for shape, mask in (("record", record), ("prose", ~record)):
            if (having & mask & chosen).sum() >= 20:
                floors[f"{name}@{shape}"] = round(float(answer_y[having & mask & chosen].mean()), 4)
        if name not in pooled_floors or any(k.startswith(name + "@") for k in floors):
            continue
        # a checker's finding is rare in RAGTruth (a few answers): its floor is the share over every source's
        # answers with one (the synthetic twins, HaluEval, XSumFaith, RAGBench included)
        if having.sum() >= 20:
            floors[name] = round(float(answer_y[having].mean()), 4)
    shell_floors = ReaderModel(features=(), directions=(), mean=(), scale=(), weights=(), bias=0.0, floors=floors)
    answer_floor = np.array([max(shell_floors.floor_of(values[i]) for i in answers[a]) for a in keys])
    p = answer_floor + (1 - answer_floor) * p
    final_a, final_b = 1.0, 0.0
    if floors:  # the floors raise P: a last Platt map on the floored log-odds keeps it calibrated (order unchanged)
        clipped = np.clip(p, 1e-9, 1 - 1e-9)
        logit = np.log(clipped / (1 - clipped))
        final_a, final_b = fit_platt(logit[chosen], answer_y[chosen])
        p = 1 / (1 + np.exp(-(final_a * logit + final_b)))
    candidates = np.linspace(0.05, 0.95, 91)
    f1s = [f1_score(answer_y[chosen], p[chosen] >= t) for t in candidates]
    threshold = smoothed_best(candidates, f1s, threshold_window)
    # an answer held by one of these floors is flagged whatever else it shows: the threshold is at most the least P
    # such a floor gives (the floors raise P to at least that, so the guarantee holds for every answer)
    held = [final_p(f, final_a, final_b) for k, f in floors.items() if k.partition("@")[0] in floor_threshold]
    if held:
        threshold = min(threshold, float(max([t for t in candidates if t <= min(held)], default=candidates[0])))
    coef, bias, mean, scale = fit(np.ones(len(rows), dtype=bool))
    bias -= float(coef[n_signals:] @ (mean[n_signals:] / scale[n_signals:]))  # the calibration source's intercept
    coef, mean, scale = coef[:n_signals], mean[:n_signals], scale[:n_signals]
    directions = directions[:n_signals]
    model = ReaderModel(
        features=tuple(features),
        directions=tuple(directions),
        mean=tuple(float(v) for v in mean),
        scale=tuple(float(v) for v in scale),
        weights=tuple(float(v) for v in coef),
        bias=bias,
        calibration_a=a,
        calibration_b=b,
        threshold=threshold,
        tau=tau,
        single_a=single_a,
        single_b=single_b,
        floors=floors,
        final_a=final_a,
        final_b=final_b,
        span_model=span_model,
        top_k=top_k,
        metadata=dict(metadata or {}),
    )
    figures: dict[str, Any] = {
        "units": len(rows),
        "answers": len(keys),
        "threshold": threshold,
        "floors": floors,
        "per_source": {},
    }
    for source in sorted(per_source):
        mask = np.array([a_.startswith(source + "|") for a_ in keys])
        unit_mask = np.array([s == source for s in sources])
        entry: dict[str, Any] = {"units": int(unit_mask.sum()), "answers": int(mask.sum())}
        if len(set(y[unit_mask])) == 2:
            entry["unit_auroc_oof"] = round(float(roc_auc_score(y[unit_mask], oof_z[unit_mask])), 4)
        if len(set(answer_y[mask])) == 2:
            entry["answer_auroc_oof"] = round(float(roc_auc_score(answer_y[mask], answer_z[mask])), 4)
            entry["answer_f1_oof"] = round(float(f1_score(answer_y[mask], p[mask] >= threshold)), 4)
        figures["per_source"][source] = entry
    figures["weights"] = {f: round(float(c), 4) for f, c in zip(features, coef, strict=True)}
    figures["ece_oof"] = round(calibration_error(p[chosen], answer_y[chosen]), 4)
    return model, figures


def build_cache(
    detector: Any, limits: Mapping[str, int], cache: Path, data_dir: Path, log: Callable[[str], object] = print
) -> dict[str, int]:
    """:func:`extract_rows` for each source up to its limit (resumable); the answers read per source."""
    counts = {}
    for source, limit in limits.items():
        log(f"{source}: reading up to {limit} answers into {cache}")
        counts[source] = extract_rows(detector, source, examples_of(source, data_dir), cache, limit, log)
    return counts


class ReaderTrainConfig(BaseModel):
    """``veracity train reader``: which answers to read, the mixture, the signals weighed, where to write."""

    model_config = ConfigDict(extra="forbid")

    out: Path = Field(description="The reader model file to write (JSON); metrics beside it.")
    cache: Path = Field(description="The unit-signal cache of the training answers (JSONL; resumed).")
    dev_cache: Path | None = Field(None, description="The unit-signal cache of the dev answers (JSONL; resumed).")
    data_dir: Path = Field(Path("../shared/data"), description="The shared data folder.")
    limits: dict[str, int] = Field(description="Answers read per training source (see SOURCES, edits, abstentions).")
    dev_limits: dict[str, int] = Field(default_factory=dict, description="Answers read per dev set (dev:SPEC).")
    features: list[str] = Field(description="The signals the model weighs (each with its sign in DIRECTIONS).")
    mixture: dict[str, float] = Field(default_factory=lambda: dict(MIXTURE))
    l2: float = Field(1e-3, ge=0.0)
    tau: float = Field(0.0, ge=0.0, description="Temperature of the units' log-sum-exp (0: the worst unit).")
    unit_share: float = Field(
        1.0, gt=0.0, le=1.0, description="Share of the loss on the units' own labels (the rest on the answers')."
    )
    floors: list[str] = Field(
        default_factory=list,
        description="Signals whose presence holds P at the share of RAGTruth training answers with it that were "
        "hallucinated (unsupported_name, unsupported_value: a name or value found nowhere in the sources).",
    )
    single_sources: list[str] = Field(
        default_factory=list,
        description="Sources whose one-unit answers fit a map of their own for one-unit answers (none: one map).",
    )
    extract: bool = Field(True, description="Read answers missing from the caches first (False: fit on the caches).")
    verifier: str = Field(
        "veracity-nli-small",
        description="The NLI model the caches are read with and the fitted model names: a shipped name or a model "
        "folder (a candidate verifier can be read before it ships; caches read with another one must not be mixed).",
    )
    span_model: str | None = Field(
        None, description="Span model whose token probabilities are unit signals (span_max, span_mean); None: none."
    )
    span_cache: Path | None = Field(None, description="Side cache of the span signals of `cache` (JSONL; resumed).")
    span_dev_cache: Path | None = Field(None, description="Side cache of the span signals of `dev_cache`.")
    checker_cache: Path | None = Field(
        None, description="Side cache of the rule checkers' signals of `cache`, read again (None: the cache's own)."
    )
    checker_dev_cache: Path | None = Field(None, description="Side cache of the rule checkers' signals of `dev_cache`.")
    aligner: str | None = Field(
        None, description="The aligner whose per-value reading is a unit signal (aligned_gap); None: not weighed."
    )
    premise_about: bool = Field(
        False, description="The caches' NLI premises are written after what their sentences are about (Sources.about)."
    )
    aligned_cache: Path | None = Field(None, description="Side cache of the aligned signal of `cache` (resumed).")
    aligned_dev_cache: Path | None = Field(None, description="Side cache of the aligned signal of `dev_cache`.")
    floor_threshold: list[str] = Field(
        default_factory=list,
        description="Floors whose answers are always flagged: the threshold is at most the least P they give.",
    )
    top_k: int = Field(
        2, ge=1, le=8, description="Source sentences each unit is read against alone (1: the best-aligned only)."
    )
    threshold_window: float = Field(
        0.0,
        ge=0.0,
        le=0.2,
        description="The threshold is the best of the out-of-fold F1 curve averaged over thresholds within this "
        "distance (0: its plain argmax, which jumps between refits on a flat curve).",
    )


def cached_rows(config: ReaderTrainConfig, dev: bool = False) -> list[dict[str, Any]]:
    """The unit rows ``config`` fits on: its training cache's rows of its sources (``dev``: every dev cache row).

    The side caches' signals are merged in, and the rows read as the reader reads them (``top_k`` 1: against the
    best-aligned sentence only).
    """
    if dev:
        if config.dev_cache is None:
            raise ValueError("the config names no dev_cache")
        rows = list(read_rows(config.dev_cache))
        span, checkers, aligned = config.span_dev_cache, config.checker_dev_cache, config.aligned_dev_cache
    else:
        rows = [r for r in read_rows(config.cache) if r["source"] in config.limits]
        span, checkers, aligned = config.span_cache, config.checker_cache, config.aligned_cache
    if config.span_model is not None:
        with_span_signals(rows, span)  # type: ignore[arg-type]
    if config.aligner is not None:
        with_aligned_signals(rows, aligned)  # type: ignore[arg-type]
    if checkers is not None:
        with_checker_signals(rows, checkers)
    return read_as_top_one(rows) if config.top_k == 1 else rows


def fit_configured(rows: Sequence[Mapping[str, Any]], config: ReaderTrainConfig) -> tuple[ReaderModel, dict[str, Any]]:
    """:func:`fit_reader` on ``rows`` with ``config``'s mixture, signals and settings."""
    return fit_reader(
        rows,
        config.features,
        config.mixture,
        config.l2,
        metadata={"mixture": config.mixture, "l2": config.l2, "tau": config.tau, "unit_share": config.unit_share},
        tau=config.tau,
        unit_share=config.unit_share,
        single_sources=config.single_sources,
        floor_signals=config.floors,
        span_model=config.span_model,
        floor_threshold=config.floor_threshold,
        top_k=config.top_k,
        threshold_window=config.threshold_window,
    )


def train_reader(config: ReaderTrainConfig, log: Callable[[str], object] = print) -> dict[str, Any]:
    """Read (resumably), fit, evaluate on dev, and write the model and its metrics (``OUT``, ``OUT.metrics.json``)."""
    from veracity.detectors.reader import ReaderConfig, ReaderDetector
    from veracity.detectors.reader.assembly import ReaderStages

    unknown = [f for f in config.features if f.partition(">=")[0] not in DIRECTIONS]
    if unknown:
        raise ValueError(f"unknown reader signals {unknown}; known: {sorted(DIRECTIONS)}")
    # the side caches' settings are checked before any reading (the NLI unit caches take minutes to read)
    if config.span_model is not None and (config.span_cache is None or config.span_dev_cache is None):
        raise ValueError("span_model needs span_cache and span_dev_cache (the side caches of its signals)")
    if config.checker_cache is not None and config.dev_cache is not None and config.checker_dev_cache is None:
        raise ValueError(
            "checker_cache needs checker_dev_cache too (the dev answers must be read as the training ones)"
        )
    if config.aligner is not None and (config.aligned_cache is None or config.aligned_dev_cache is None):
        raise ValueError("aligner needs aligned_cache and aligned_dev_cache (the side caches of its signal)")
    if config.extract:
        blank = ReaderModel(features=(), directions=(), mean=(), scale=(), weights=(), bias=0.0)
        settings = ReaderConfig(top_k=config.top_k, verifier=config.verifier, premise_about=config.premise_about)
        detector = ReaderDetector(blank, settings, Path(os.devnull), ReaderStages.of(settings, blank))
        build_cache(detector, config.limits, config.cache, config.data_dir, log)
        if config.dev_cache is not None:
            build_cache(detector, config.dev_limits, config.dev_cache, config.data_dir, log)
    if config.span_model is not None and config.extract:
        build_span_cache(config.cache, config.span_cache, config.span_model, config.data_dir, log)  # type: ignore[arg-type]
        if config.dev_cache is not None:
            build_span_cache(config.dev_cache, config.span_dev_cache, config.span_model, config.data_dir, log)  # type: ignore[arg-type]
    if config.checker_cache is not None and config.extract:
        build_checker_cache(config.cache, config.checker_cache, config.data_dir, log)
        if config.dev_cache is not None and config.checker_dev_cache is not None:
            build_checker_cache(config.dev_cache, config.checker_dev_cache, config.data_dir, log)
    if config.aligner is not None and config.extract:
        build_aligned_cache(config.cache, config.aligned_cache, config.aligner, config.data_dir, log)  # type: ignore[arg-type]
        if config.dev_cache is not None:
            build_aligned_cache(config.dev_cache, config.aligned_dev_cache, config.aligner, config.data_dir, log)  # type: ignore[arg-type]
    model, figures = fit_configured(cached_rows(config), config)
    result: dict[str, Any] = {"train_oof": figures}
    if config.dev_cache is not None and config.dev_cache.is_file():
        result["dev"] = evaluate_rows(model, cached_rows(config, dev=True))
    model = replace(
        model,
        verifier=config.verifier,
        aligner=config.aligner,
        premise_about=config.premise_about,
        metadata={**model.metadata, "train_oof": figures, "dev": result.get("dev", {})},
    )
    model.save(config.out)
    metrics = config.out.with_name(config.out.stem + ".metrics.json")
    metrics.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    log(f"wrote {config.out} and {metrics}")
    return result

"""Fitting the fused detector's model: signals of labelled answers → a calibrated logistic regression (JSON).

Two steps, both resumable:

1. :func:`collect_signals` computes every signal of each labelled answer (the span model is the slow part, about
   0.1–0.3 s an answer on 2 cores) and appends one JSON row per answer to a file, skipping ids already there.
   Signals of training answers must come from a span model that did not train on them (out of fold), or the fit
   trusts the span model more than it deserves: ``veracity train span`` with ``holdout_fold`` makes those models.
2. :func:`fit_fused`: a logistic regression on standardised signals (L2, ``C`` chosen by grouped cross-validation
   log-loss) whose weights keep their signs (:data:`FUSED_DIRECTIONS`: a signal of evidence against the answer — a
   novel word, a span-model reading, a checker's conflict — can only raise P(hallucinated); a description of the
   input, its lengths or shape, may weigh either way, but never move P more than the evidence does:
   :data:`DESCRIPTION_SHARE`), out-of-fold predictions by the same folds, an isotonic (or Platt, under 200
   examples) calibration per input shape on those predictions (none for a shape they rank at or below chance), and
   the threshold that maximises
   ``objective`` (F1 by default, or balanced accuracy) on the calibrated out-of-fold probabilities. A signal that
   never varies in the training answers (a checker that never fired) keeps the shipped model's weight, held to its
   sign: the answers cannot say what it is worth. Everything is written as one JSON
   :class:`~veracity.detectors.fused.model.FusedModel`.

:func:`train_fused` puts the out-of-fold figures beside the shipped model's on the same answers, warns when the
answers are fewer than :data:`RELIABLE_ANSWERS` (with the error measured at that size, :data:`MEASURED_AUROC`), and
does not write a model that ranks the answers at or below chance out of fold (whatever the shipped model scores), or
worse than the shipped one, unless told to (``force``; the model file then keeps the warning).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from veracity._jsonl import ResumableJsonl, read_rows
from veracity.calibration import input_shape
from veracity.data.loaders import BadRecord, Example, NLIPair, load_dataset
from veracity.detectors.fused import CONSISTENCY_SIGNALS, SPAN_SIGNALS
from veracity.detectors.fused.model import FusedModel
from veracity.errors import InputError
from veracity.eval import metrics as m
from veracity.training.fused_fit import (
    DESCRIPTION_SHARE,
    FUSED_DIRECTIONS,
    FUSED_FEATURES,
    conflict_floors,
    description_share,
    evidence_separation,
    fit_fused,
    fit_logistic,
    group_folds,
)
from veracity.training.fused_size import MEASURED_AUROC, MIN_ANSWERS, RELIABLE_ANSWERS, size_warnings

__all__ = [
    "DESCRIPTION_SHARE",
    "FUSED_DIRECTIONS",
    "FUSED_FEATURES",
    "MEASURED_AUROC",
    "MIN_ANSWERS",
    "RELIABLE_ANSWERS",
    "FusedTrainConfig",
    "collect_signals",
    "conflict_floors",
    "description_share",
    "evidence_separation",
    "fit_fused",
    "fit_logistic",
    "group_folds",
    "signal_rows_for",
    "size_warnings",
    "train_fused",
]

DEFAULT_FUSED_MODEL = "veracity-fused-small"


def collect_signals(
    examples: Iterable[Example],
    signals_of: Callable[[Example], dict[str, float]],
    out_path: Path,
    log: Callable[[str], None] = print,
) -> list[dict[str, Any]]:
    """Append ``{id, label, task, group, shape, signals}`` per example not yet in ``out_path``; return all rows."""
    output = ResumableJsonl(out_path)
    done = {str(r["id"]) for r in output.rows()}
    started, n_new = time.perf_counter(), 0
    with output:
        for example in examples:
            if example.id in done:
                continue
            row = {
                "id": example.id,
                "label": example.label,
                "task": example.task,
                "group": example.group,
                "shape": input_shape(example.answer, example.question),
                "signals": signals_of(example),
            }
            output.write(row)
            done.add(example.id)
            n_new += 1
            if n_new % 50 == 0:
                log(f"{out_path.name}: {n_new} new rows ({n_new / (time.perf_counter() - started):.1f}/s)")
    return read_rows(out_path)


class FusedTrainConfig(BaseModel):
    """Settings of ``veracity train fused``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    data: list[str] = Field(
        description="Labelled datasets to fit on (NAME[:SPLIT], jsonl:PATH, ...; NAME@N: its first N answers)."
    )
    out: Path = Field(description="The fused model file to write (JSON); its figures go beside it.")
    dev: list[str] = Field(default_factory=list, description="Datasets to report before / after figures on.")
    base: str | None = Field(
        DEFAULT_FUSED_MODEL, description="The model the 'before' figures are of (None: no 'before')."
    )
    span_model: str = Field("veracity-span-small", description="Span model for the signals (and the model).")
    fold_span_models: list[str] = Field(
        default_factory=list,
        description="Out-of-fold span models, one per source fold (veracity train span --set holdout_fold=K): an "
        "answer of fold K gets its training signals from model K. Empty: span_model for every answer (right when "
        "the span model never saw the training answers).",
    )
    fold_datasets: list[str] = Field(
        default_factory=lambda: ["ragtruth:train"],
        description="The datasets the span model trained on: only their answers take fold_span_models.",
    )
    signals_dir: Path | None = Field(None, description="Where signal rows are cached (default: beside out).")
    limit: int | None = Field(None, ge=1, description="At most N answers per training dataset (the first N).")
    features: list[str] = Field(default_factory=lambda: list(FUSED_FEATURES))
    use_span_model: bool = Field(True, description="False: lexical and shape signals only (fast).")
    consistency: bool = Field(
        True, description="Compute the consistency checkers' signals (values, roles, negations; record fields)."
    )
    spans: bool = Field(
        True,
        description="Name span_model in the model for the report's spans, even when its signals are not weighed.",
    )
    num_threads: int | None = Field(None, ge=1)
    objective: Literal["f1", "balanced_accuracy"] = Field(
        "f1", description="What the decision threshold maximises on the out-of-fold training predictions."
    )
    signs: bool = Field(
        True,
        description="Keep each weight's sign (FUSED_DIRECTIONS): evidence against an answer can only raise "
        "P(hallucinated). False: every weight free.",
    )
    description_share: float = Field(
        DESCRIPTION_SHARE,
        gt=0.0,
        le=1.0,
        description="The most of the fit's log-odds movement over the training answers that the description signals "
        "(lengths, a question or not, a record or not) may make; 1: no cap (as before issue 68).",
    )
    force: bool = Field(
        False,
        description="Write the model even when, out of fold, it ranks the training answers at or below chance, or "
        "worse than base does; the model's training record keeps the warning.",
    )


def split_count(name: str) -> tuple[str, int | None]:
    """``NAME@N`` → (``NAME``, N); a name without a count → (name, None)."""
    base, _, count = name.rpartition("@")
    return (base, int(count)) if base and count.isdigit() else (name, None)


def _dataset_examples(
    name: str, limit: int | None, data_dir: Path | None = None, log: Callable[[str], None] = print
) -> list[Example]:
    """The labelled answers (a premise / hypothesis pair: a one-claim answer, hallucinated unless entailed).

    A record that cannot be read is reported (the first five, with their reasons) and left out.

    Raises:
        InputError: no record could be read (the message gives the first reasons).
    """
    name, count = split_count(name)
    if count is not None:
        limit = min(count, limit or count)
    out: list[Example] = []
    bad: list[BadRecord] = []
    for record in load_dataset(name, data_dir):
        if isinstance(record, BadRecord):
            if len(bad) < 5:
                log(f"{name}: skipped {record.error}")
            bad.append(record)
            continue
        if isinstance(record, NLIPair):
            label = 0 if record.label == "entailment" else 1
            record = Example(id=record.id, answer=record.hypothesis, context=[record.premise], label=label)
        out.append(record)
        if limit is not None and len(out) >= limit:
            break
    if bad:
        log(f"{name}: {len(bad)} records skipped, {len(out)} read")
    if not out:
        reasons = "; ".join(b.error for b in bad[:3])
        raise InputError(f"{name} has no labelled answers" + (f": {len(bad)} bad records ({reasons})" if bad else ""))
    return out


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[-80:]


# The code that computes an answer's signals: a change to any of it makes cached signal rows stale.
SIGNAL_CODE = ("veracity.detectors.fused", "veracity.stages.verify", "veracity.text.novelty", "veracity.text.select")


def signals_digest(span_model: str) -> str:
    """12 hex digits naming what made a signal row: the source of :data:`SIGNAL_CODE` and the span model's weights.

    Cached rows are looked up by example id, so a cache written by other code or another model would be read as if
    current; the digest in the file name sends a changed setup to a new file instead.
    """
    import hashlib
    import importlib.util

    from veracity.calibration.calibrator import weights_digest
    from veracity.models.catalog import resolve_model_path

    digest = hashlib.sha256()
    for module in SIGNAL_CODE:
        spec = importlib.util.find_spec(module)
        origin = Path(spec.origin) if spec is not None and spec.origin else None
        if origin is None:
            continue
        files = sorted(origin.parent.glob("*.py")) if origin.name == "__init__.py" else [origin]
        for file in files:
            digest.update(f"{module}/{file.name}".encode())
            digest.update(file.read_bytes())
    if span_model != "none":
        try:
            digest.update(str(weights_digest(Path(resolve_model_path(span_model)))).encode())
        except Exception:  # a model that cannot be read here fails later, where it is loaded, with its own error
            digest.update(span_model.encode())
    return digest.hexdigest()[:12]


def signal_rows_for(
    name: str,
    config: FusedTrainConfig,
    span_models: Sequence[str],
    log: Callable[[str], None] = print,
    use_span_model: bool | None = None,
    limit: int | None = None,
) -> list[dict[str, Any]]:
    """Signal rows of one dataset (cached, resumable); ``span_models`` by source fold, or one for all.

    ``use_span_model`` (default: the config's) says whether the span model's signals are computed.
    """
    use_span = config.use_span_model if use_span_model is None else use_span_model
    from veracity.detectors.fused import answer_signals
    from veracity.detectors.span import SpanConfig, SpanDetector
    from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker
    from veracity.training.span import source_fold

    checker = ConsistencyChecker() if config.consistency else None

    examples = _dataset_examples(name, limit, log=log)
    cache = config.signals_dir or config.out.parent / "signals"
    rows: list[dict[str, Any]] = []
    models = list(span_models) if use_span else ["none"]
    for k, model in enumerate(models):
        span = SpanDetector.from_config(SpanConfig(model=model, num_threads=config.num_threads)) if use_span else None
        picked = [e for e in examples if len(models) == 1 or source_fold(e, len(models)) == k]

        def signals_of(example: Example, span: SpanDetector | None = span) -> dict[str, float]:
            values, _, _ = answer_signals(span, example.answer, example.context, example.question, checker)
            return values

        # One cache file per dataset, span model, checker setting and signals_digest, whatever the limit: rows are
        # looked up by id.
        suffix = ("__consistency" if checker is not None else "") + f"__{signals_digest(model)}"
        path = cache / f"{_slug(split_count(name)[0])}__{_slug(model)}{suffix}.jsonl"
        log(f"signals of {len(picked)} answers of {name} with span model {model} → {path}")
        ids = {e.id for e in picked}
        rows += [r for r in collect_signals(picked, signals_of, path, log) if r["id"] in ids]
    return rows


def _beside(refit: dict[str, Any], base: dict[str, Any], n: int, name: str, in_sample: Sequence[str]) -> list[str]:
    """The refit's out-of-fold figures beside ``base``'s on the same answers, as lines to print."""
    lines = [
        f"out of fold on the {n} training answers, beside {name} on the same answers"
        + (f" (in-sample for it: it was fitted on {', '.join(in_sample)})" if in_sample else "")
        + ":",
        f"  {'':20} {'refit, out of fold':>20} {name[:24]:>24}",
    ]
    for key, label in (("auroc", "AUROC"), ("balanced_accuracy", "balanced accuracy"), ("f1", "F1"), ("ece", "ECE")):
        mine, theirs = refit.get(key), base.get(key)
        if mine is not None and theirs is not None:
            lines.append(f"  {label:20} {mine:>20.3f} {theirs:>24.3f}")
    return lines


def _figures(model: FusedModel, rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    gold = [int(r["label"]) for r in rows]
    probs = [model.predict(r["signals"], str(r["shape"])).probability for r in rows]
    return m.binary_metrics(gold, [int(p >= model.threshold) for p in probs], probs)


def train_fused(config: FusedTrainConfig, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Signals → fit → the model file, with out-of-fold figures and dev figures before and after.

    Writes ``config.out`` (the model) and ``config.out`` with ``.metrics.json`` (what was measured, and how).
    """
    started = time.perf_counter()
    rows: list[dict[str, Any]] = []
    for name in config.data:
        folded = config.fold_span_models and name in config.fold_datasets
        models = config.fold_span_models if folded else [config.span_model]
        rows += signal_rows_for(name, config, models, log, limit=config.limit)
    features = [
        f
        for f in config.features
        if (config.use_span_model or not f.startswith("span_")) and (config.consistency or f not in CONSISTENCY_SIGNALS)
    ]
    base = None
    if config.base is not None:
        from veracity.detectors.fused import resolve_fused_model

        base = FusedModel.load(resolve_fused_model(config.base))
    model, oof = fit_fused(
        rows,
        features,
        span_model=config.span_model if config.use_span_model or config.spans else None,
        training={"data": config.data, "fold_span_models": config.fold_span_models, "n": len(rows)},
        objective=config.objective,
        signs=config.signs,
        prior=base,
        share=config.description_share,
    )
    warnings = size_warnings(len(rows))
    for warning in warnings:
        log(f"warning: {warning}")
    spread = oof["log_odds_sd"]
    log(
        f"description signals: {oof['description_share']:.2f} of the log-odds movement on the training answers (at "
        f"most {config.description_share:.2f}: description_share); SD of their summed contributions "
        f"{spread['description']:.2f}, of the evidence's {spread['evidence']:.2f}"
    )
    train: dict[str, Any] = {"n": len(rows), "out_of_fold": oof}
    refit = oof["oof"].get("auroc")
    theirs = None
    if base is not None:
        shipped = _figures(base, rows)
        fitted_on = base.training.get("data")
        trained_on = {split_count(str(d))[0] for d in (fitted_on if isinstance(fitted_on, list) else [])}
        in_sample = sorted({split_count(d)[0] for d in config.data} & trained_on)
        train["base"] = {"model": config.base, "figures": shipped, "in_sample": in_sample}
        for line in _beside(oof["oof"], shipped, len(rows), str(config.base), in_sample):
            log(line)
        theirs = shipped.get("auroc")
    forced: list[str] = []
    if refit is not None and refit <= 0.5:
        problem = (
            f"out of fold it ranks your {len(rows)} answers at or below chance (AUROC {refit:.3f}; 0.5: chance)"
            + (f", whatever {config.base} scores on them ({theirs:.3f})" if theirs is not None else "")
        )
        if not config.force:
            raise InputError(
                f"the refitted model was not written: {problem}. Check that label 1 means hallucinated and 0 "
                "faithful (are the labels inverted?), label more answers"
                + (f" (fits on fewer than {RELIABLE_ANSWERS} are unreliable: experiments/fused-size)"
                   if len(rows) < RELIABLE_ANSWERS else "")
                + ", or write it anyway with --force"
            )  # fmt: skip
        forced.append(f"written with --force: {problem}")
    if refit is not None and theirs is not None and refit < theirs:
        worse = (
            f"out of fold it ranks your {len(rows)} answers worse than the model {config.base} does (AUROC "
            f"{refit:.3f} against {theirs:.3f}"
        )
        if not config.force:
            raise InputError(
                f"the refitted model was not written: {worse}"
                + (f"; {config.base} was fitted on {', '.join(in_sample)}, so its figure is in-sample: to refit it, "
                   "--set base=null" if in_sample else "")
                + "). Keep that model, label more answers"
                + (f" (fits on fewer than {RELIABLE_ANSWERS} are unreliable: experiments/fused-size)"
                   if len(rows) < RELIABLE_ANSWERS else "")
                + ", or write it anyway with --force"
            )  # fmt: skip
        forced.append(f"written with --force: {worse})")
    for warning in forced:
        log(f"warning: {warning}")
    if forced:  # the file says what it was written over, for whoever loads it
        model = model.model_copy(update={"training": {**model.training, "warnings": forced}})
        warnings = [*warnings, *forced]
    model.save(config.out)
    result: dict[str, Any] = {"model": str(config.out), "train": train, "warnings": warnings, "dev": {}}
    needs_span = config.use_span_model or (base is not None and bool(set(base.features) & set(SPAN_SIGNALS)))
    for name in config.dev:
        dev_rows = signal_rows_for(name, config, [config.span_model], log, needs_span)
        entry: dict[str, Any] = {"n": len(dev_rows), "after": _figures(model, dev_rows)}
        if base is not None:
            entry["before"] = _figures(base, dev_rows)
        result["dev"][name] = entry
        log(f"{name}: " + json.dumps({k: v.get("balanced_accuracy") for k, v in entry.items() if isinstance(v, dict)}))
    result["seconds"] = time.perf_counter() - started
    result["config"] = json.loads(config.model_dump_json())
    config.out.with_suffix(".metrics.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return result

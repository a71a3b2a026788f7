"""The evaluation harness behind ``veracity eval``: run a detector over a dataset, resumably, and measure it.

``DIR/predictions.jsonl`` gets one line per example as it is scored (so an interrupted run resumes where it
stopped), and ``DIR/metrics.json`` the metrics, timings, memory, versions and the command that produced them.
"""

from __future__ import annotations

import json
import platform
import resource
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from veracity._jsonl import ResumableJsonl, has_rows_file, read_rows
from veracity.calibration import input_shape
from veracity.data.loaders import BadRecord, DatasetSpec, Example, NLIPair, Record, load_dataset
from veracity.detectors.base import Detector, PairScoringDetector
from veracity.detectors.warm_up import warm_detector
from veracity.errors import ConfigError, InputError, VeracityError
from veracity.eval import metrics as m
from veracity.eval.plots import plot_run
from veracity.models.memory import release_free_memory
from veracity.schema import AgentTrace

__all__ = ["EvalResult", "PredictMany", "compare_runs", "evaluate", "predict_example", "summarize"]

PREDICTIONS = "predictions.jsonl"
METRICS = "metrics.json"
NLI_LABELS = ("entailment", "neutral", "contradiction")

PredictMany = Callable[[Sequence[Example | NLIPair]], Iterable[dict[str, Any]]]
"""Turns examples into prediction rows, in order (the scale-out engine's; the default predicts one by one)."""


def span_metrics(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Character-level span precision / recall / F1 over the rows with gold spans (RAGTruth's reading), micro-summed.

    Where the gold spans have types, ``span_recall_by_type`` is the share of each type's gold characters that a
    predicted span covers (a detector's spans have no type, so precision per type is undefined), and, where the rows
    carry the detector's flagged sentences, ``span_in_flagged_sentence_by_type`` the share of each type's gold spans
    that overlap a sentence the detector flags (issue 59: a conflict is caught where its sentence is). Empty when no
    row has gold spans.
    """
    with_spans = [r for r in rows if r.get("gold_spans") is not None and "spans" in r]
    if not with_spans:
        return {}
    counts = m.PRF()
    covered: dict[str, list[float]] = {}
    in_flagged: dict[str, list[int]] = {}
    for r in with_spans:
        gold = [(int(s[0]), int(s[1])) for s in r["gold_spans"]]
        predicted = [(int(s[0]), int(s[1])) for s in r["spans"]]
        counts += m.span_overlap(gold, predicted)
        flagged = r.get("flagged_sentences")
        for (start, end), kind in zip(gold, r.get("gold_span_types") or [], strict=False):
            part = m.span_overlap([(start, end)], predicted)
            tally = covered.setdefault(kind, [0.0, 0.0])
            tally[0] += part.tp
            tally[1] += part.tp + part.fn
            if flagged is not None:
                inside = in_flagged.setdefault(kind, [0, 0])
                inside[0] += any(s < end and start < e for s, e in flagged)
                inside[1] += 1
    out: dict[str, Any] = {
        "span_precision": counts.precision(),
        "span_recall": counts.recall(),
        "span_f1": counts.f1(),
    }
    if covered:
        out["span_recall_by_type"] = {
            kind: (tp / total if total else 0.0) for kind, (tp, total) in sorted(covered.items())
        }
    if in_flagged:
        out["span_in_flagged_sentence_by_type"] = {
            kind: {"share": inside / n, "n": n} for kind, (inside, n) in sorted(in_flagged.items())
        }
    return out


@dataclass
class EvalResult:
    """What a run produced (also written to ``metrics.json``)."""

    metrics: dict[str, Any]
    out_dir: Path
    n_new: int = 0
    bad_records: list[BadRecord] = field(default_factory=list)


def evaluate(
    detector: Detector,
    dataset: str,
    out_dir: Path,
    *,
    data_dir: Path | None = None,
    limit: int | None = None,
    seed: int = 0,
    calibrate_on: str | None = None,
    calibrate_limit: int | None = None,
    objective: str = "f1",
    command: str | None = None,
    progress: Callable[[Iterable[Any], str], Iterable[Any]] | None = None,
    predict_many: PredictMany | None = None,
    engine: str = "local",
    warm_up: bool = False,
) -> EvalResult:
    """Run ``detector`` on ``dataset`` and write predictions and metrics under ``out_dir``.

    Args:
        detector: the detector (for ``nli:`` datasets, one with a ``score_pairs`` method, e.g. ``verifier``).
        dataset: ``NAME[:SPLIT]`` or ``jsonl:PATH`` / ``nli:PATH``.
        out_dir: the result folder; predictions already in it are kept and their examples skipped.
        data_dir: where the benchmark data lives (default: ``../shared/data``).
        limit: evaluate only the first ``limit`` examples of the stream.
        seed: seeds the bootstrap intervals.
        calibrate_on: a dataset split on which to fit the decision threshold (maximising ``objective``), applied
            unchanged to ``dataset``; its predictions go to ``out_dir/calibration``.
        calibrate_limit: fit on only the first ``calibrate_limit`` examples of ``calibrate_on`` (for slow
            detectors; HaluEval's examples come in right / hallucinated pairs, so an even limit stays balanced).
        objective: ``f1`` or ``balanced_accuracy``.
        command: the command line recorded in metrics.json.
        progress: wraps an example stream, given the stream and the dataset it comes from (``dataset`` or
            ``calibrate_on``), e.g. a progress bar labelled with that name.
        predict_many: predicts the examples not yet in the folder, all at once, returning the rows of
            :func:`predict_example` in order (e.g. :meth:`veracity.scale.RayDetectorPool.predict`). Without it the
            harness predicts the stream one example at a time with ``detector``.
        engine: the engine ``predict_many`` runs on, recorded in metrics.json.
        warm_up: before the clock starts, run ``detector`` once per input shape it routes
            (:func:`~veracity.detectors.warm_up.warm_detector`) and load what it loads for some answers only, so
            ``throughput_per_s`` measures checking, not loading (the warm-up's seconds go to ``warm_up_s``). Off by
            default, as the runs committed before it were timed; the local engine only (``predict_many`` loads
            its own workers).

    Raises:
        ConfigError: ``warm_up`` with ``predict_many``.
    """
    if objective not in ("f1", "balanced_accuracy"):
        raise ConfigError(f"--objective must be f1 or balanced_accuracy, got {objective!r}")
    if warm_up and predict_many is not None:
        raise ConfigError("--warm-up times the local engine only; the Ray engine's workers load their own models")
    spec = DatasetSpec.parse(dataset)
    out_dir.mkdir(parents=True, exist_ok=True)
    commit = _git_commit()  # the code that runs, not whatever is checked out when the run ends
    earlier = _read_metrics(out_dir / METRICS)
    warm_up_s = None
    if warm_up:
        started = time.perf_counter()
        warm_detector(detector, threading.Lock(), max_answer_chars=sys.maxsize)
        warm_up_s = time.perf_counter() - started
    started = time.perf_counter()
    bad, n_new, ids = _predict(detector, dataset, out_dir / PREDICTIONS, data_dir, limit, progress, predict_many)
    wall = time.perf_counter() - started
    if not ids:
        reasons = "; ".join(b.error for b in bad[:3])
        raise InputError(f"{dataset} has no valid example" + (f" ({len(bad)} bad: {reasons})" if bad else ""))
    calibration = None
    if calibrate_on is not None:
        calibration_dir = out_dir / "calibration"
        calibration_dir.mkdir(exist_ok=True)
        _, _, calibration_ids = _predict(
            detector,
            calibrate_on,
            calibration_dir / PREDICTIONS,
            data_dir,
            calibrate_limit,
            progress,
            predict_many,
        )
        rows = [
            r
            for r in read_rows(calibration_dir / PREDICTIONS)
            if "error" not in r and _scored(r) is not None and str(r.get("id")) in calibration_ids
        ]
        threshold, value = m.fit_threshold([r["label"] for r in rows], [r["score"] for r in rows], objective)
        calibration = {
            "dataset": calibrate_on,
            "objective": objective,
            "threshold": threshold,
            "value": value,
            "n": len(rows),
            "limit": calibrate_limit,
        }
    # With a limit, a folder resumed from a longer run is summarised on the limit's examples only.
    result = summarize(out_dir, seed=seed, calibration=calibration, only_ids=ids if limit is not None else None)
    if result["n"] == 0:  # every example was refused: no metric means anything
        reasons = "; ".join([*result["errors"], *(b.error for b in bad)][:3])
        raise InputError(f"{dataset}: no example could be checked ({result['n_errors'] + len(bad)} errors: {reasons})")
    result.update(
        dataset=spec.name,
        split=spec.split or (str(spec.path) if spec.path else None),
        detector=getattr(detector, "name", type(detector).__name__),
        config=detector.config(),
        # A line that could not be read is an error of the run like an example the detector refused.
        n_errors=result["n_errors"] + len(bad),
        errors=(result["errors"] + [b.error for b in bad])[:20],
        n_skipped=len(bad),
        skipped=[b.error for b in bad[:20]],
        limit=limit,
        seed=seed,
        throughput_per_s=(n_new / wall) if n_new and wall > 0 else result.get("throughput_per_s"),
        warm_up_s=warm_up_s if n_new else earlier.get("warm_up_s"),
        versions=_versions(),
        command=command,
        engine=engine,
        **_resumed_provenance(earlier, commit, n_new),
    )
    if n_new == 0 and _same_outcome(earlier, result):
        # Nothing was predicted and nothing it measures changed: the folder's file stands as the work wrote it (its
        # throughput was measured, not rebuilt from rounded latencies), so a rerun of a finished run shows no change.
        return EvalResult(earlier, out_dir, n_new, bad)
    (out_dir / METRICS).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    plot_run(out_dir, result)
    return EvalResult(result, out_dir, n_new, bad)


# What a process that predicted nothing may record differently from the one that did the work.
_PROCESS_KEYS = frozenset({"throughput_per_s", "warm_up_s", "peak_rss_mb", "versions", "command", "git_commit"})


def kept_predictions(out_dir: Path) -> int:
    """How many predictions a result folder already holds (``evaluate`` keeps them and skips their examples)."""
    path = out_dir / PREDICTIONS
    return len(read_rows(path)) if has_rows_file(path) else 0


def _same_outcome(earlier: dict[str, Any], result: dict[str, Any]) -> bool:
    """Whether ``result`` says what ``earlier`` (read from metrics.json) says, but for the process's own keys."""

    def outcome(metrics: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in metrics.items() if k not in _PROCESS_KEYS}

    # ``result`` goes through JSON as ``earlier`` did, so that a tuple and the list it is read back as compare equal.
    return bool(earlier) and outcome(earlier) == json.loads(json.dumps(outcome(result), ensure_ascii=False))


def _predict(
    detector: Detector,
    dataset: str,
    path: Path,
    data_dir: Path | None,
    limit: int | None,
    progress: Callable[[Iterable[Any], str], Iterable[Any]] | None,
    predict_many: PredictMany | None = None,
) -> tuple[list[BadRecord], int, set[str]]:
    """Predict the examples of ``dataset`` not yet in ``path``.

    Returns:
        The bad records, the count of new predictions, and the ids of every example of the (limited) stream.
    """
    output = ResumableJsonl(path)
    done = {str(r.get("id")) for r in output.rows()}
    bad: list[BadRecord] = []
    n_new = 0
    seen: set[str] = set()
    stream: Iterable[Record] = _limited(load_dataset(DatasetSpec.parse(dataset), data_dir), limit)
    if predict_many is None and progress is not None:
        stream = progress(stream, dataset)

    def pending() -> Iterator[Example | NLIPair]:
        for record in stream:
            if isinstance(record, BadRecord):
                bad.append(record)
                continue
            seen.add(record.id)
            if record.id not in done:
                done.add(record.id)  # a repeated id is predicted once
                yield record

    if predict_many is None:
        rows: Iterable[dict[str, Any]] = (predict_example(detector, record) for record in pending())
    else:
        todo = list(pending())
        rows = predict_many(todo)
        if progress is not None:
            rows = progress(_Sized(rows, len(todo)), dataset)
    with output:
        for row in rows:
            output.write(row)
            n_new += 1
            release_free_memory()
    return bad, n_new, seen


class _Sized:
    """An iterable with a known length (so that a progress bar shows its total)."""

    def __init__(self, items: Iterable[Any], length: int) -> None:
        self.items, self.length = items, length

    def __iter__(self) -> Iterator[Any]:
        return iter(self.items)

    def __len__(self) -> int:
        return self.length


def _limited(records: Iterator[Record], limit: int | None) -> Iterator[Record]:
    count = 0
    for record in records:
        if limit is not None and count >= limit and not isinstance(record, BadRecord):
            return
        if not isinstance(record, BadRecord):
            count += 1
        yield record


def predict_example(detector: Detector, record: Example | NLIPair) -> dict[str, Any]:
    """The prediction row of one example (an error row for input the detector refuses); never raises for it."""
    start = time.perf_counter()
    try:
        if isinstance(record, NLIPair):
            if not isinstance(detector, PairScoringDetector):  # a calibrated verifier passes: it delegates to its own
                raise ConfigError("NLI pair files need a pair-scoring detector: --detector verifier")
            probs = [float(p) for p in detector.score_pairs([(record.premise, record.hypothesis)])[0]]
            row: dict[str, Any] = {
                "id": record.id,
                "label": record.label,
                "probs": probs,
                "predicted": NLI_LABELS[max(range(3), key=probs.__getitem__)],
            }
        else:
            report = detector.detect(record.answer, record.context, record.question)
            row = {
                "id": record.id,
                "label": record.label,
                "score": report.score,
                "threshold": report.threshold,
                "predicted": int(report.verdict == "hallucinated"),  # not_checked: no claim of a hallucination
                "spans": [[s.start, s.end] for s in report.hallucinated_spans],
                "gold_spans": record.spans,
                "task": record.task,
                "shape": input_shape(record.answer, record.question),  # what `veracity calibrate` fits by
            }
            if record.span_types is not None:
                row["gold_span_types"] = record.span_types
            if report.sentences:
                row["flagged_sentences"] = [[t.sentence.span.start, t.sentence.span.end]
                                            for t in report.sentences if t.hallucinated]  # fmt: skip
            if report.timings_ms:
                row["timings_ms"] = {k: round(v, 3) for k, v in report.timings_ms.items()}
            if report.raw_score is not None:
                row["raw_score"] = report.raw_score
            if report.score is None:  # not checked: no score (the rows' metrics that rank scores leave it out)
                del row["score"]
                row["not_checked"] = True
                if report.details.unchecked_score is not None:
                    row["unchecked_score"] = report.details.unchecked_score
            details = report.details
            if details.decided_by is not None:
                row["decided_by"] = details.decided_by
            if details.routed_to is not None:
                row["routed_to"] = details.routed_to
            if details.agent is not None:
                row["agent"] = agent_row(details.agent)
    except VeracityError as exc:
        row = {"id": record.id, "label": record.label, "error": f"{type(exc).__name__}: {exc}"}
    row["latency_ms"] = round((time.perf_counter() - start) * 1000.0, 1)  # finer digits are timer noise
    return row


def agent_row(agent: AgentTrace) -> dict[str, Any]:
    """What the harness keeps of an agent's run: LLM calls, tool calls by name, revisions, how it ended."""
    tools: dict[str, int] = {}
    for step in agent.steps:
        if step.tool != "get_answer":
            tools[step.tool] = tools.get(step.tool, 0) + 1
    return {
        "llm_calls": agent.llm_calls,
        "tool_calls": sum(tools.values()),
        "tools": tools,
        "strategies": len(agent.strategies),
        "revised": len(agent.strategies) > 1,
        "stopped_by": agent.stopped_by,
        "fallback": bool(agent.fallbacks),
    }


def agent_summary(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Means and shares over the rows' ``agent`` entries (LEAP's Tables 4–5 extras)."""
    agents = [r["agent"] for r in rows if isinstance(r.get("agent"), dict)]
    tools: dict[str, int] = {}
    for agent in agents:
        for name, count in agent.get("tools", {}).items():
            tools[name] = tools.get(name, 0) + int(count)
    n = len(agents)
    return {
        "n": n,
        "llm_calls_mean": statistics.fmean(a["llm_calls"] for a in agents),
        "tool_calls_mean": statistics.fmean(a["tool_calls"] for a in agents),
        "tool_calls_by_name": dict(sorted(tools.items())),
        "revised_share": sum(a["revised"] for a in agents) / n,
        "fallback_share": sum(a["fallback"] for a in agents) / n,
        "stopped_by": {k: sum(a["stopped_by"] == k for a in agents) for k in ("get_answer", "step_limit", "fallback")},
    }


def stage_timings(per_example: Sequence[dict[str, float]]) -> dict[str, dict[str, float]]:
    """Mean milliseconds per example of each detector stage, and its share of the stages' total (Tables 12–13)."""
    if not per_example:
        return {}
    names = sorted({name for timings in per_example for name in timings})
    means = {name: statistics.fmean(t.get(name, 0.0) for t in per_example) for name in names}
    total = sum(means.values())
    return {name: {"mean_ms": mean, "share": mean / total if total > 0 else 0.0} for name, mean in means.items()}


def summarize(
    out_dir: Path, seed: int = 0, calibration: dict[str, Any] | None = None, only_ids: set[str] | None = None
) -> dict[str, Any]:
    """Metrics of the predictions in ``out_dir`` (binary or NLI, whichever they are), or of ``only_ids`` among them."""
    all_rows = read_rows(out_dir / PREDICTIONS)
    if only_ids is not None:
        all_rows = [r for r in all_rows if str(r.get("id")) in only_ids]
    rows = [r for r in all_rows if "error" not in r]
    errors = [r for r in all_rows if "error" in r]
    latencies = [r["latency_ms"] for r in all_rows if "latency_ms" in r]
    result: dict[str, Any] = {
        "n": len(rows),
        "n_not_checked": sum(bool(r.get("not_checked")) for r in rows),
        "n_errors": len(errors),
        "errors": [f"{r['id']}: {r['error']}" for r in errors[:20]],
        "latency_ms": _latency(latencies),
        # None too when every example took under 0.05 ms (latencies are kept to 0.1 ms): too fast to time
        "throughput_per_s": 1000.0 / statistics.fmean(latencies) if any(latencies) else None,
        "calibration": calibration,
    }
    stages = stage_timings([r["timings_ms"] for r in rows if r.get("timings_ms")])
    if stages:
        result["stage_timings_ms"] = stages
    if any(isinstance(r.get("agent"), dict) for r in rows):
        result["agent"] = agent_summary(rows)
    if any("decided_by" in r for r in rows):
        result["second_stage_share"] = sum(r.get("decided_by") == "second" for r in rows) / len(rows)
    if rows and "probs" in rows[0]:
        result["metrics"] = m.nli_metrics([r["label"] for r in rows], [r["predicted"] for r in rows])
        result["threshold"] = None
        return result
    gold = [int(r["label"]) for r in rows]
    scores = [_scored(r) for r in rows]  # None: not checked, no claim of a hallucination and left out of AUROC
    if calibration is not None:
        threshold: float | None = float(calibration["threshold"])
        predicted = [int(s is not None and s >= calibration["threshold"]) for s in scores]
    else:
        thresholds = {r["threshold"] for r in rows}
        threshold = thresholds.pop() if len(thresholds) == 1 else None
        predicted = [int(r["predicted"]) for r in rows]
    metrics: dict[str, Any] = dict(m.binary_metrics(gold, predicted, scores))
    for name in ("accuracy", "f1"):

        def statistic(g: Sequence[int], p: Sequence[int], key: str = name) -> float:
            return m.binary_metrics(g, p)[key] or 0.0

        metrics[f"{name}_ci95"] = list(m.bootstrap_ci(gold, predicted, statistic, seed=seed))
    metrics.update(span_metrics(rows))
    tasks = sorted({str(r.get("task")) for r in rows if r.get("task") is not None})
    if len(tasks) > 1:
        # Per-task figures (e.g. the levels of hotpotqa-derived), at the same threshold as the whole set.
        by_task: dict[str, Any] = {}
        for task in tasks:
            picked = [i for i, r in enumerate(rows) if str(r.get("task")) == task]
            by_task[task] = {
                "n": len(picked),
                **m.binary_metrics(
                    [gold[i] for i in picked], [predicted[i] for i in picked], [scores[i] for i in picked]
                ),
                **span_metrics([rows[i] for i in picked]),
            }
        metrics["by_task"] = by_task
    result["metrics"] = metrics
    result["threshold"] = threshold
    return result


def _scored(row: dict[str, Any]) -> float | None:
    """A prediction row's score; None for an answer not checked (a run before schema 4 kept a score for it)."""
    return None if row.get("not_checked") or "score" not in row else float(row["score"])


def compare_runs(a: Path, b: Path, task: str | None = None) -> dict[str, Any]:
    """Metric deltas (b − a) and McNemar's test on the examples both runs scored (only ``task``'s, if given).

    A run calibrated on dev is read at its fitted threshold, as its metrics are.

    Raises:
        ConfigError: a folder has no metrics.json or predictions.jsonl, or no metrics for ``task``.
    """
    runs = []
    for folder in (a, b):
        if not (folder / METRICS).exists() or not has_rows_file(folder / PREDICTIONS):
            raise ConfigError(f"{folder} has no {METRICS} and {PREDICTIONS}; run `veracity eval` first")
        metrics = json.loads((folder / METRICS).read_text(encoding="utf-8"))
        threshold = (metrics.get("calibration") or {}).get("threshold")
        correct = {}
        if task is not None:
            by_task = metrics.get("metrics", {}).get("by_task", {})
            if task not in by_task:
                known = ", ".join(sorted(by_task)) or "none"
                raise ConfigError(f"{folder} has no metrics for task {task!r} (tasks: {known})")
            metrics = {**metrics, "metrics": by_task[task]}
        for row in read_rows(folder / PREDICTIONS):
            if "error" in row or (task is not None and row.get("task") != task):
                continue
            score = _scored(row)
            predicted = row["predicted"] if threshold is None or score is None else int(score >= threshold)
            correct[str(row["id"])] = predicted == row["label"]
        runs.append((metrics, correct))
    (ma, ca), (mb, cb) = runs
    shared = sorted(set(ca) & set(cb))
    deltas = {
        key: mb["metrics"][key] - value
        for key, value in ma["metrics"].items()
        if isinstance(value, (int, float)) and isinstance(mb["metrics"].get(key), (int, float))
    }
    return {
        "task": task,
        "n_shared": len(shared),
        "deltas": deltas,
        "mcnemar": m.mcnemar([ca[i] for i in shared], [cb[i] for i in shared]),
    }


def _latency(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50": None, "p95": None, "mean": None}
    ordered = sorted(values)
    return {
        "p50": statistics.median(ordered),
        "p95": ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))],
        "mean": statistics.fmean(ordered),
    }


def _read_metrics(path: Path) -> dict[str, Any]:
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return loaded if isinstance(loaded, dict) else {}


def _resumed_provenance(earlier: dict[str, Any], commit: str | None, n_new: int) -> dict[str, Any]:
    """peak_rss_mb and git_commit of a run that may span several processes (it resumes from predictions.jsonl).

    The peak is the largest any process reached; a process that predicted nothing keeps the earlier commit, and one
    that resumed a run begun by other code names that code in ``resumed_from_commit``.
    """
    peak = _peak_rss_mb()
    earlier_peak = earlier.get("peak_rss_mb")
    if isinstance(earlier_peak, (int, float)):
        peak = max(peak, float(earlier_peak))
    earlier_commit = earlier.get("git_commit")
    provenance: dict[str, Any] = {"peak_rss_mb": peak, "git_commit": commit}
    if earlier_commit is not None and n_new == 0:
        provenance["git_commit"] = earlier_commit
        if "resumed_from_commit" in earlier:
            provenance["resumed_from_commit"] = earlier["resumed_from_commit"]
    elif earlier_commit is not None and earlier_commit != commit:
        provenance["resumed_from_commit"] = earlier_commit
    return provenance


def _peak_rss_mb() -> float:
    # ru_maxrss is in KiB on Linux (bytes on macOS).
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def _versions() -> dict[str, str]:
    out = {"python": platform.python_version()}
    for package in ("veracity", "torch", "transformers", "sentence-transformers", "spacy", "numpy"):
        try:
            out[package] = version(package)
        except PackageNotFoundError:
            continue
    return out


def _git_commit() -> str | None:
    """HEAD, with "+dirty" when tracked files have uncommitted changes."""
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10, check=False)
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True, timeout=10,
            check=False,
        )  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    commit = head.stdout.strip()
    return (commit + ("+dirty" if dirty.stdout.strip() else "")) if commit else None

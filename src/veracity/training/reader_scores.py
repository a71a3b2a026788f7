"""How the reader's cached unit rows are read and scored: their signals as the reader weighs them, answer P, figures.

Split from :mod:`veracity.training.reader` (which re-exports these names): the fit needs them, and so do the
experiments that read caches without fitting.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from veracity.detectors.reader.model import ReaderModel
from veracity.detectors.reader.signals import abstention_signals, with_interactions

__all__ = [
    "answer_scores",
    "calibration_error",
    "evaluate_rows",
    "final_p",
    "read_as_top_one",
    "smoothed_best",
    "unit_values",
]


def unit_values(row: Mapping[str, Any]) -> dict[str, float]:
    """A cached row's signals with the text-only ones recomputed (see the module)."""
    from veracity.text.abstain import read_abstention

    values = dict(row["signals"])
    reading = read_abstention(row["text"])
    kind = reading.kind if reading is not None else None
    denies = float(row["signals"].get("abstention_denies", 0.0)) > 0 if kind == "abstention" else False
    values.update(abstention_signals(kind, denies))
    return with_interactions(values)


def read_as_top_one(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Cached rows as a reader with ``top_k=1`` reads them: the NLI signals of the best-aligned sentence alone.

    A cache read with ``top_k=2`` holds that sentence's own reading (``nli_first_*``) and the window's
    (``nli_window_alone_not_entailed``), so one cache serves both; rows read with ``top_k=1`` are unchanged.
    """
    out = []
    for row in rows:
        s = dict(row["signals"])
        if "nli_first_not_entailed" in s:
            first = s["nli_first_not_entailed"]
            s["nli_not_entailed"] = first
            s["nli_contradiction"] = s["nli_first_contradiction"]
            s["nli_unsure"] = float(1.0 - first < 0.5)
            s["nli_window_not_entailed"] = min(s["nli_window_alone_not_entailed"], first)
        out.append({**row, "signals": s})
    return out


def final_p(floor: float, a: float, b: float) -> float:
    """The P an answer held at ``floor`` gets at least, after the final Platt map (a, b) on the log-odds."""
    clipped = min(max(floor, 1e-9), 1 - 1e-9)
    return float(1 / (1 + math.exp(-(a * math.log(clipped / (1 - clipped)) + b))))


def smoothed_best(candidates: ArrayLike, scores: ArrayLike, window: float) -> float:
    """The candidate whose mean score over the candidates within ``window`` of it is highest (the first on a tie).

    An argmax of a flat, noisy curve (F1 over thresholds, read on a few hundred answers) jumps between refits; the
    argmax of its moving average does not. ``window`` 0 is the plain argmax.

    >>> smoothed_best([0.1, 0.2, 0.3, 0.4, 0.5], [0.60, 0.70, 0.69, 0.69, 0.50], 0.0)
    0.2
    >>> smoothed_best([0.1, 0.2, 0.3, 0.4, 0.5], [0.60, 0.70, 0.69, 0.69, 0.50], 0.1)
    0.3
    """
    xs = np.asarray(candidates, dtype=np.float64)
    ys = np.asarray(scores, dtype=np.float64)
    if xs.size == 0 or xs.size != ys.size:
        raise ValueError(f"candidates and scores must be as long and not empty (got {xs.size} and {ys.size})")
    if window < 0:
        raise ValueError(f"window must be >= 0, got {window}")
    means = [float(ys[np.abs(xs - x) <= window + 1e-9].mean()) for x in xs]
    return float(xs[int(np.argmax(means))])


def calibration_error(p: np.ndarray, y: np.ndarray, bins: int = 10) -> float:
    """Expected calibration error over equal-width bins."""
    total = 0.0
    for k in range(bins):
        mask = (p >= k / bins) & ((p < (k + 1) / bins) if k < bins - 1 else (p <= 1.0))
        if mask.any():
            total += mask.mean() * abs(float(p[mask].mean()) - float(y[mask].mean()))
    return total if not math.isnan(total) else 0.0


def answer_scores(model: ReaderModel, rows: Sequence[Mapping[str, Any]]) -> dict[str, tuple[str, float, int]]:
    """Each answer's P under ``model`` (its units aggregated): ``{source|example: (source, P, answer label)}``."""
    units: dict[str, list[float]] = defaultdict(list)
    floor: dict[str, float] = defaultdict(float)
    meta: dict[str, tuple[str, int]] = {}
    for row in rows:
        key = f"{row['source']}|{row['example']}"
        values = unit_values(row)
        units[key].append(model.read(values).z)
        floor[key] = max(floor[key], model.floor_of(values))
        source = f"{row['source']}/{row['task']}" if row.get("task") in ("QA", "Summary", "Data2txt") else row["source"]
        meta[key] = (source, int(row["answer_label"]))
    return {k: (meta[k][0], model.answer_probability(zs, floor[k]), meta[k][1]) for k, zs in units.items()}


def evaluate_rows(model: ReaderModel, rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Answer-level AUROC, F1 at the model's threshold, ECE and the smoothness of P, per source of cached rows."""
    from sklearn.metrics import f1_score, roc_auc_score

    scores = answer_scores(model, rows)
    by_source: dict[str, list[tuple[float, int]]] = defaultdict(list)
    for source, p, label in scores.values():
        by_source[source].append((p, label))
    out: dict[str, Any] = {}
    for source, pairs in sorted(by_source.items()):
        probs = np.array([q for q, _ in pairs])
        y = np.array([label for _, label in pairs])
        flagged = probs >= model.threshold
        values, counts = np.unique(np.round(probs, 6), return_counts=True)
        entry: dict[str, Any] = {
            "answers": len(pairs),
            "positive": int(y.sum()),
            "f1": round(float(f1_score(y, flagged, zero_division=0)), 4),
            "accuracy": round(float((flagged == y).mean()), 4),
            "ece": round(calibration_error(probs, y.astype(np.float64)), 4),
            "distinct_p": len(values),
            "largest_share_at_one_p": round(float(counts.max() / len(probs)), 4),
        }
        if len(set(y.tolist())) == 2:
            entry["auroc"] = round(float(roc_auc_score(y, probs)), 4)
        out[source] = entry
    return out

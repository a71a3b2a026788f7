"""The fused model's fit: a logistic regression whose weights keep their signs, out-of-fold figures, calibration.

:func:`fit_fused` is step 2 of :mod:`veracity.training.fused` (which collects the signals and writes the model): the
signals' directions (:data:`FUSED_DIRECTIONS`), the cap on what the input's description may weigh
(:data:`DESCRIPTION_SHARE`), the grouped folds, the L2 logistic fit and the per-checker conflict floors.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from veracity.calibration import DecreasingFitError, ShapeCalibration
from veracity.detectors.fused import CONSISTENCY_SIGNALS, SPAN_SIGNALS
from veracity.detectors.fused.model import FusedModel
from veracity.errors import InputError
from veracity.eval import metrics as m
from veracity.training.fused_size import MIN_ANSWERS

__all__ = [
    "CONFLICT_CHECKERS",
    "DESCRIPTION_SHARE",
    "FUSED_DIRECTIONS",
    "FUSED_FEATURES",
    "conflict_floors",
    "description_share",
    "evidence_separation",
    "fit_fused",
    "fit_logistic",
    "group_folds",
]

FUSED_FEATURES = (
    "novelty",
    "novel_words_log",
    "novel_numbers_log",
    "novel_names_log",
    "novel_bigrams",
    "answer_words_log",
    "context_words_log",
    "has_question",
    "is_record",
    *CONSISTENCY_SIGNALS,
    *SPAN_SIGNALS,
)

FUSED_DIRECTIONS: dict[str, int] = {
    **dict.fromkeys(("novelty", "novel_words_log", "novel_numbers_log", "novel_names_log", "novel_bigrams"), 1),
    **dict.fromkeys(("answer_words_log", "context_words_log", "has_question", "is_record"), 0),
    **dict.fromkeys(CONSISTENCY_SIGNALS, 1),
    **dict.fromkeys(SPAN_SIGNALS, 1),
}
"""The sign each signal's weight keeps: +1, evidence against the answer (more of it can only raise P); 0, a
description of the input (its lengths, a question or not, a record or not) that may weigh either way. A signal not
named here (a ``features`` setting of your own) is free, as a description is, and is left out of
:data:`DESCRIPTION_SHARE`'s cap."""

DESCRIPTION_SHARE = 0.5
"""The most of a fit's log-odds movement that the description signals may make: s_d / (s_d + s_e) ≤ 0.5, where s_d
and s_e are the standard deviations, over the training answers, of the summed contributions (weight × standardised
value) of the descriptions (:data:`FUSED_DIRECTIONS` 0) and of the evidence (+1); and s_d may be no more than the
evidence alone separates the labels (the difference of its mean log-odds between hallucinated and faithful answers, in
a fit without the descriptions). So the descriptions move P no more than the evidence does, and only as far as the
evidence itself tells the answers apart: they cannot carry a ranking the evidence does not make. On inverted labels the
evidence weights, held to their signs, fall to zero or near it, and the descriptions with them (issue 68: before, an
exact copy of the source scored 0.97 there). An input shape is a description too: a shape whose out-of-fold
predictions rank its answers at or below chance is left uncalibrated. A fit over the cap is refitted under it (SLSQP,
the cap as a constraint); with the labels the right way round the cap does not bind on RAGTruth (the fit's share is
0.22, the shipped model's 0.23). Measured in experiments/fused-description."""


def group_folds(groups: Sequence[str], k: int) -> list[int]:
    """A fold in ``0..k-1`` per row; rows of one group share a fold (balanced by a greedy fill, largest first)."""
    sizes: dict[str, int] = {}
    for g in groups:
        sizes[g] = sizes.get(g, 0) + 1
    load = [0] * k
    fold_of: dict[str, int] = {}
    for g in sorted(sizes, key=lambda g: (-sizes[g], g)):
        f = min(range(k), key=lambda i: load[i])
        fold_of[g] = f
        load[f] += sizes[g]
    return [fold_of[g] for g in groups]


def _matrix(rows: Sequence[dict[str, Any]], features: Sequence[str]) -> np.ndarray:
    x = np.array([[float(r["signals"].get(f, 0.0)) for f in features] for r in rows], dtype=np.float64)
    if not np.isfinite(x).all():
        raise InputError("a signal is not finite; the signal rows are damaged")
    return x


def _spread2(z: np.ndarray, w: np.ndarray, columns: Sequence[int]) -> float:
    """The variance, over the rows of ``z``, of Σ_j w_j·z_j over ``columns``: a group of signals' log-odds movement."""
    if not len(columns):
        return 0.0
    t = z[:, list(columns)] @ w[list(columns)]
    return float(np.var(t))


def description_share(z: np.ndarray, weights: Sequence[float] | np.ndarray, features: Sequence[str]) -> float:
    """s_d / (s_d + s_e) (:data:`DESCRIPTION_SHARE`) of ``weights`` on the standardised rows ``z``; 0 if both are 0."""
    w = np.asarray(weights, dtype=np.float64)
    description, evidence = _groups(features)
    s_d, s_e = _spreads(z, w, description, evidence)
    return s_d / (s_d + s_e) if s_d + s_e > 1e-6 else 0.0  # neither moves P: no share to speak of


def _spreads(z: np.ndarray, w: np.ndarray, description: Sequence[int], evidence: Sequence[int]) -> tuple[float, float]:
    """(s_d, s_e): how far the descriptions' and the evidence's summed contributions move over the rows (their SD)."""
    return math.sqrt(_spread2(z, w, description)), math.sqrt(_spread2(z, w, evidence))


def _groups(features: Sequence[str]) -> tuple[list[int], list[int]]:
    """The columns of the description signals and of the evidence signals (:data:`FUSED_DIRECTIONS` 0 and ±1)."""
    description = [j for j, f in enumerate(features) if FUSED_DIRECTIONS.get(f) == 0]
    evidence = [j for j, f in enumerate(features) if FUSED_DIRECTIONS.get(f) in (1, -1)]
    return description, evidence


def fit_logistic(
    z: np.ndarray,
    y: np.ndarray,
    c: float,
    directions: Sequence[int] | None = None,
    capped: tuple[Sequence[int], Sequence[int], float] | None = None,
) -> tuple[np.ndarray, float]:
    """L2 logistic regression on standardised columns with sign bounds: (weights, intercept).

    Minimises Σ log-loss + ‖w‖² / (2C) (scikit-learn's ``LogisticRegression(C=c)``; the intercept is not
    penalised) with w_j ≥ 0 where ``directions[j]`` is +1, w_j ≤ 0 where it is −1, free where 0 (L-BFGS-B).
    ``capped`` = (description columns, evidence columns, share): the descriptions' share of the log-odds movement
    over these rows is held at ``share`` or less (:data:`DESCRIPTION_SHARE`); a fit over it is refitted with the cap
    as a constraint.
    """
    from scipy.optimize import minimize

    n_features = z.shape[1]
    signs = list(directions) if directions is not None else [0] * n_features

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        w, b = theta[:-1], theta[-1]
        t = z @ w + b
        p = 0.5 * (1.0 + np.tanh(0.5 * t))  # σ(t), without overflow
        g = p - y
        value = float(np.sum(np.logaddexp(0.0, t) - y * t)) + float(w @ w) / (2.0 * c)
        return value, np.concatenate([z.T @ g + w / c, [float(g.sum())]])

    bounds: list[tuple[float | None, float | None]] = [
        (0.0, None) if d > 0 else (None, 0.0) if d < 0 else (None, None) for d in signs
    ]
    bounds.append((None, None))
    result = minimize(
        loss,
        np.zeros(n_features + 1),
        jac=True,
        method="L-BFGS-B",
        bounds=bounds,
        options={"maxiter": 2000, "ftol": 1e-12, "gtol": 1e-8},
    )
    theta = np.asarray(result.x, dtype=np.float64)
    if capped is not None and capped[2] < 1.0 and len(capped[0]):
        separation = evidence_separation(z, y, c, signs, capped[0], capped[1])
        theta = _under_cap(theta, z, loss, bounds, capped, separation)
    return theta[:-1], float(theta[-1])


def evidence_separation(
    z: np.ndarray,
    y: np.ndarray,
    c: float,
    directions: Sequence[int],
    description: Sequence[int],
    evidence: Sequence[int],
) -> float:
    """How far the evidence alone tells the labels apart, in log-odds (0 if not at all).

    A fit without the descriptions (signs kept, L2 ``c``), and the difference of its evidence log-odds' mean between
    the hallucinated and the faithful rows.
    """
    keep = [j for j in range(z.shape[1]) if j not in set(description)]
    w = np.zeros(z.shape[1])
    if keep and len(set(y.tolist())) == 2:
        w[keep] = fit_logistic(z[:, keep], y, c, [directions[j] for j in keep])[0]
    told = z[:, list(evidence)] @ w[list(evidence)]
    return max(float(told[y == 1].mean() - told[y == 0].mean()), 0.0) if len(set(y.tolist())) == 2 else 0.0


def _under_cap(
    theta: np.ndarray,
    z: np.ndarray,
    loss: Callable[[np.ndarray], tuple[float, np.ndarray]],
    bounds: list[tuple[float | None, float | None]],
    capped: tuple[Sequence[int], Sequence[int], float],
    separation: float,
) -> np.ndarray:
    """The best fit whose descriptions stay within the cap: ``theta`` if they do, else a constrained refit.

    With r = share / (1 − share), the descriptions' movement s_d (the SD of their summed contributions over the rows)
    may be at most r times (a) the evidence's movement in this fit, and (b) ``separation``, how far the evidence
    alone tells the labels apart (:func:`evidence_separation`). (b) is what stops inverted labels: there the evidence
    alone separates nothing, except through a rare signal's few false alarms (a checker's conflicts on answers
    labelled hallucinated) that give it a small weight and a movement all of its own, which (a) alone would let the
    descriptions match on every answer. Both are written squared, r²·bound² − Var(description) ≥ 0, smooth
    constraints for SLSQP. It starts from ``theta`` with the description weights scaled down onto the cap (to 0 when
    the evidence separates nothing), a point that meets it; whatever SLSQP returns is held to the cap the same way,
    and the better of the two is kept.
    """
    from scipy.optimize import minimize

    description, evidence, share = [list(capped[0]), list(capped[1]), capped[2]]
    ratio2 = (share / (1.0 - share)) ** 2
    var_alone = separation**2
    centred = z - z.mean(axis=0)
    n = len(z)
    cov = centred.T @ centred / n
    cov_d, cov_e = cov[np.ix_(description, description)], cov[np.ix_(evidence, evidence)]

    def limit(th: np.ndarray) -> float:
        return ratio2 * min(_spread2(z, th, evidence), var_alone)

    def onto_cap(th: np.ndarray) -> np.ndarray:
        var_d, most = _spread2(z, th, description), limit(th)
        if var_d <= most:
            return th
        held = th.copy()
        held[description] *= math.sqrt(most / var_d) * (1.0 - 1e-9)
        return held

    if _spread2(z, theta, description) <= limit(theta):
        return theta

    def jac_d(th: np.ndarray) -> np.ndarray:
        jac = np.zeros_like(th)
        jac[description] = -2.0 * (cov_d @ th[description])
        return jac

    def jac_joint(th: np.ndarray) -> np.ndarray:
        jac = jac_d(th)
        jac[evidence] = 2.0 * ratio2 * (cov_e @ th[evidence])
        return jac

    constraints = [
        {"type": "ineq", "fun": lambda th: ratio2 * _spread2(z, th, evidence) - _spread2(z, th, description),
         "jac": jac_joint},
        {"type": "ineq", "fun": lambda th: ratio2 * var_alone - _spread2(z, th, description), "jac": jac_d},
    ]  # fmt: skip
    start = onto_cap(theta)
    result = minimize(
        lambda th: tuple(v / n for v in loss(th)),  # the mean: SLSQP's tolerances are absolute
        start,
        jac=True,
        method="SLSQP",
        bounds=bounds,
        constraints=constraints,
        options={"maxiter": 500, "ftol": 1e-10},
    )
    refit = onto_cap(np.asarray(result.x, dtype=np.float64))
    return refit if loss(refit)[0] <= loss(start)[0] else start


def _held_sign(weight: float, direction: int) -> float:
    return max(weight, 0.0) if direction > 0 else min(weight, 0.0) if direction < 0 else weight


def fit_fused(
    rows: Sequence[dict[str, Any]],
    features: Sequence[str] = FUSED_FEATURES,
    span_model: str | None = None,
    folds: int = 5,
    cs: Sequence[float] = (0.01, 0.03, 0.1, 0.3, 1.0, 3.0),
    training: dict[str, Any] | None = None,
    objective: str = "f1",
    signs: bool = True,
    prior: FusedModel | None = None,
    share: float = DESCRIPTION_SHARE,
) -> tuple[FusedModel, dict[str, Any]]:
    """Fit the fused model on signal rows; returns it and its out-of-fold figures on those rows.

    ``signs``: each weight keeps its sign in :data:`FUSED_DIRECTIONS` (False: every weight is free). ``prior`` (the
    shipped model): a signal that never varies in ``rows`` takes its weight, standardisation and sign, and a checker
    that never fired its conflict floor; without one, such a signal weighs nothing. ``share``: the most of the
    log-odds movement the description signals may make, in every fold's fit and the final one
    (:data:`DESCRIPTION_SHARE`), and an input shape whose out-of-fold predictions rank its answers at or below chance
    is left uncalibrated (its calibration would give every answer the shape's share of hallucinated ones); 1: neither
    (as before issue 68).

    Raises:
        InputError: fewer than 20 rows, or only one class.
    """
    if len(rows) < MIN_ANSWERS:
        raise InputError(
            f"the fused model needs at least {MIN_ANSWERS} labelled answers, got {len(rows)}: its regularisation and "
            f"calibration are chosen on {folds}-fold out-of-fold scores, and a fold of fewer than 4 answers (often of "
            "one label) makes that choice noise"
        )
    y = np.array([int(r["label"]) for r in rows])
    if y.min() == y.max():
        raise InputError("the fused model needs faithful (0) and hallucinated (1) answers")
    x = _matrix(rows, features)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    constant = scale < 1e-9
    scale[constant] = 1.0
    z = (x - mean) / scale
    directions = [FUSED_DIRECTIONS.get(f, 0) if signs else 0 for f in features]
    description, evidence = _groups(features)
    capped = (description, evidence, share) if share < 1.0 else None
    fold = np.array(group_folds([str(r.get("group") or r["id"]) for r in rows], folds))

    def predict(w: np.ndarray, b: float, columns: np.ndarray) -> np.ndarray:
        return np.asarray(0.5 * (1.0 + np.tanh(0.5 * (columns @ w + b))))

    def out_of_fold(c: float) -> np.ndarray:
        p = np.zeros(len(rows))
        for f in range(folds):
            train, test = fold != f, fold == f
            if not test.any() or len(set(y[train])) < 2:
                continue
            w, b = fit_logistic(z[train], y[train], c, directions, capped)
            p[test] = predict(w, b, z[test])
        return p

    def log_loss(p: np.ndarray) -> float:
        q = np.clip(p, 1e-6, 1 - 1e-6)
        return float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q)))

    losses = {c: log_loss(out_of_fold(c)) for c in cs}
    best_c = min(losses, key=lambda c: (losses[c], c))
    oof = out_of_fold(best_c)
    weights, intercept = fit_logistic(z, y, best_c, directions, capped)
    moved = description_share(z, weights, features)
    s_d, s_e = _spreads(z, weights, description, evidence)
    separation = evidence_separation(z, y, best_c, directions, description, evidence)
    # A signal that never varies here: the rows cannot weigh it (z = 0 on every row). The prior's weight, held to its
    # sign, on the prior's scale; the intercept takes back what it adds on these rows, so they score as fitted.
    carried: dict[str, float] = {}
    if prior is not None:
        parts = zip(prior.features, prior.mean, prior.scale, prior.coef, strict=True)
        known = {f: (mu, sigma, w) for f, mu, sigma, w in parts}
        for j, name in enumerate(features):
            if constant[j] and name in known:
                mu, sigma, w = known[name]
                w = _held_sign(w, directions[j])
                offset = w * (float(x[0, j]) - mu) / sigma
                mean[j], scale[j], weights[j] = mu, sigma, w
                intercept -= offset
                carried[name] = w
    shapes_of = [str(r["shape"]) for r in rows]
    shapes: dict[str, ShapeCalibration] = {}
    uncalibrated: dict[str, str] = {}
    for shape in sorted(set(shapes_of)):
        picked = [i for i, s in enumerate(shapes_of) if s == shape]
        labels = [int(y[i]) for i in picked]
        if len(set(labels)) < 2:
            uncalibrated[shape] = "one label only"
            continue
        ranking = m.auroc(labels, [float(oof[i]) for i in picked])
        if capped is not None and ranking is not None and ranking <= 0.5:
            # The shape is a description too: calibrated, scores that rank its answers no better than chance would
            # read as the shape's share of hallucinated answers, one P for all (a ranking the evidence did not make).
            uncalibrated[shape] = f"out-of-fold AUROC {ranking:.2f}, at or below chance: its calibration would be "
            uncalibrated[shape] += "the shape's share of hallucinated answers alone"
            continue
        method = "isotonic" if len(picked) >= 200 else "platt"
        try:
            shapes[shape] = ShapeCalibration.fit([float(oof[i]) for i in picked], labels, method, "out-of-fold, train")
        except DecreasingFitError as exc:  # the out-of-fold predictions rank this shape's labels the wrong way round
            uncalibrated[shape] = f"out-of-fold AUROC {exc.auroc:.2f}: an increasing calibration could not be fitted"
    calibrated = [
        shapes[s].probability(float(p)) if s in shapes else float(p) for s, p in zip(shapes_of, oof, strict=True)
    ]
    threshold, _ = m.fit_threshold(list(map(int, y)), calibrated, objective)
    figures = {
        "n": len(rows),
        "C": best_c,
        "log_loss_by_C": {str(c): v for c, v in losses.items()},
        "oof": m.binary_metrics(list(map(int, y)), [int(p >= threshold) for p in calibrated], calibrated),
        "oof_raw_auroc": m.auroc(list(map(int, y)), list(map(float, oof))),
        "threshold": threshold,
        "weights": dict(zip(features, map(float, weights), strict=True)),
        "signs": "kept (FUSED_DIRECTIONS)" if signs else "free",
        "description_share": moved,
        "description_cap": share,
        "log_odds_sd": {"description": s_d, "evidence": s_e},
        "evidence_separation": separation,
        "weights_from_prior": carried,
        "uncalibrated_shapes": uncalibrated,
    }
    floors: dict[str, dict[str, float]] = dict(conflict_floors(rows))
    if prior is not None:
        for checker, floor in prior.conflict_floors.items():
            if checker not in floors:  # it never fired here: the prior's floor, named as such
                floors[checker] = {"answers": 0, "hallucinated": 0, "floor": floor, "from_prior": 1.0}
    figures["conflict_floors"] = floors
    model = FusedModel(
        features=list(features),
        mean=[float(v) for v in mean],
        scale=[float(v) for v in scale],
        coef=[float(v) for v in weights],
        intercept=float(intercept),
        shapes=shapes,
        threshold=float(threshold) if math.isfinite(threshold) else 0.5,
        span_model=span_model,
        conflict_floors={k: v["floor"] for k, v in floors.items()},
        training={**(training or {}), "out_of_fold": figures},
    )
    return model, figures


CONFLICT_CHECKERS = {"prose": "conflict_max", "record": "record_conflict_max"}


def conflict_floors(rows: Sequence[dict[str, Any]], min_confidence: float = 0.7) -> dict[str, dict[str, float]]:
    """Per checker, the least P(hallucinated) an answer with a contradicted finding gets.

    It is the share of training answers with such a finding (confidence ≥ ``min_confidence``) that are hallucinated,
    Laplace-smoothed: (k + 1) / (n + 2).

    A checker that never fired on the training rows gets no floor (its findings are reported, not weighed).
    """
    out: dict[str, dict[str, float]] = {}
    for name, signal in CONFLICT_CHECKERS.items():
        fired = [int(r["label"]) for r in rows if float(r["signals"].get(signal, 0.0)) >= min_confidence]
        if fired:
            out[name] = {
                "answers": len(fired),
                "hallucinated": sum(fired),
                "floor": (sum(fired) + 1) / (len(fired) + 2),
            }
    return out

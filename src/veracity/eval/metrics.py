"""Evaluation metrics of the four papers, as pure functions.

Conventions: binary labels use 1 = hallucinated (the positive class) and 0 = faithful; scores are hallucination
scores (higher = more likely hallucinated). A ratio whose denominator is zero takes ``zero_division`` (default 0.0)
— never NaN — except AUROC/AUPRC, which are ``None`` when only one class is present (undefined, not zero).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from veracity.calibration import expected_calibration_error

__all__ = [
    "PRF",
    "auprc",
    "auroc",
    "binary_metrics",
    "bootstrap_ci",
    "easiness",
    "expected_calibration_error",
    "fit_threshold",
    "mcnemar",
    "nli_metrics",
    "prf",
    "recall_at_k",
    "retrieval_metrics",
    "rouge1_f",
    "semantic_match_f1",
    "span_overlap",
]


@dataclass(frozen=True)
class PRF:
    """True positives, false positives and false negatives; precision, recall and F1 derive from them.

    Counts add up (``a + b``), so per-example counts sum to corpus (micro) counts.
    """

    tp: float = 0.0
    fp: float = 0.0
    fn: float = 0.0

    def __add__(self, other: PRF) -> PRF:
        return PRF(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn)

    def precision(self, zero_division: float = 0.0) -> float:
        """Tp / (tp + fp)."""
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else zero_division

    def recall(self, zero_division: float = 0.0) -> float:
        """Tp / (tp + fn)."""
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else zero_division

    def f1(self, zero_division: float = 0.0) -> float:
        """2·tp / (2·tp + fp + fn), the harmonic mean of precision and recall."""
        denominator = 2 * self.tp + self.fp + self.fn
        return 2 * self.tp / denominator if denominator else zero_division


def prf(gold: Sequence[int], predicted: Sequence[int], positive: int = 1) -> PRF:
    """Counts of the ``positive`` class."""
    _same_length(gold, predicted)
    tp = sum(1 for g, p in zip(gold, predicted, strict=True) if g == positive and p == positive)
    fp = sum(1 for g, p in zip(gold, predicted, strict=True) if g != positive and p == positive)
    fn = sum(1 for g, p in zip(gold, predicted, strict=True) if g == positive and p != positive)
    return PRF(tp, fp, fn)


def binary_metrics(
    gold: Sequence[int], predicted: Sequence[int], scores: Sequence[float | None] | None = None
) -> dict[str, float | None]:
    """Binary detection metrics (hallucinated = 1 is the positive class).

    accuracy = (tp + tn) / n; precision, recall, f1 of class 1; balanced_accuracy = (TPR + TNR) / 2;
    acc_hallucinated = TPR (accuracy on gold-1 examples), acc_faithful = TNR (LEAP Table 5); with ``scores``,
    auroc, auprc and ece (10 equal-width bins over the score read as P(hallucinated)).

    A score of None (an answer not checked: no score) leaves that example out of auroc, auprc and ece, which are then
    over ``n_scored`` examples (the key is there only when some were left out); it still counts, as predicted, in the
    rest.
    """
    _same_length(gold, predicted)
    n = len(gold)
    counts = prf(gold, predicted)
    positives = sum(1 for g in gold if g == 1)
    negatives = n - positives
    tn = sum(1 for g, p in zip(gold, predicted, strict=True) if g == 0 and p == 0)
    tpr = counts.tp / positives if positives else 0.0
    tnr = tn / negatives if negatives else 0.0
    out: dict[str, float | None] = {
        "accuracy": (counts.tp + tn) / n if n else 0.0,
        "precision": counts.precision(),
        "recall": counts.recall(),
        "f1": counts.f1(),
        "balanced_accuracy": (tpr + tnr) / 2 if positives and negatives else (tpr if positives else tnr),
        "acc_hallucinated": tpr,
        "acc_faithful": tnr,
    }
    if scores is not None:
        _same_length(gold, scores)
        scored_gold = [g for g, s in zip(gold, scores, strict=True) if s is not None]
        scored = [s for s in scores if s is not None]
        out["auroc"] = auroc(scored_gold, scored)
        out["auprc"] = auprc(scored_gold, scored)
        out["ece"] = expected_calibration_error(scored_gold, scored)
        if len(scored) < n:
            out["n_scored"] = len(scored)
    return out


def auroc(gold: Sequence[int], scores: Sequence[float]) -> float | None:
    """Area under the ROC curve: P(score of a random positive > score of a random negative), ties count ½.

    Computed from average ranks (Mann–Whitney U). ``None`` when a class is absent.
    """
    _same_length(gold, scores)
    positives = sum(1 for g in gold if g == 1)
    negatives = len(gold) - positives
    if not positives or not negatives:
        return None
    ranks = _average_ranks(scores)
    rank_sum = sum(r for r, g in zip(ranks, gold, strict=True) if g == 1)
    return (rank_sum - positives * (positives + 1) / 2) / (positives * negatives)


def auprc(gold: Sequence[int], scores: Sequence[float]) -> float | None:
    """Average precision: Σ_k (R_k − R_{k−1}) · P_k over distinct score thresholds, high to low.

    ``None`` when there is no positive example.
    """
    _same_length(gold, scores)
    positives = sum(1 for g in gold if g == 1)
    if not positives:
        return None
    pairs = sorted(zip(scores, gold, strict=True), key=lambda x: -x[0])
    tp = fp = 0
    previous_recall = 0.0
    total = 0.0
    i = 0
    while i < len(pairs):
        threshold = pairs[i][0]
        while i < len(pairs) and pairs[i][0] == threshold:
            tp += pairs[i][1] == 1
            fp += pairs[i][1] != 1
            i += 1
        recall = tp / positives
        total += (recall - previous_recall) * tp / (tp + fp)
        previous_recall = recall
    return total


def bootstrap_ci(
    gold: Sequence[int],
    predicted: Sequence[int],
    metric: Callable[[Sequence[int], Sequence[int]], float],
    samples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval of ``metric(gold, predicted)``, resampling examples with replacement."""
    _same_length(gold, predicted)
    if not gold:
        return (0.0, 0.0)
    rng = random.Random(seed)
    n = len(gold)
    values = []
    for _ in range(samples):
        idx = [rng.randrange(n) for _ in range(n)]
        values.append(metric([gold[i] for i in idx], [predicted[i] for i in idx]))
    values.sort()
    alpha = (1 - confidence) / 2
    low = values[math.floor(alpha * (samples - 1))]
    high = values[math.ceil((1 - alpha) * (samples - 1))]
    return (low, high)


def fit_threshold(gold: Sequence[int], scores: Sequence[float], objective: str = "f1") -> tuple[float, float]:
    """The threshold t (predict 1 iff score ≥ t) that maximises ``objective`` ("f1" or "balanced_accuracy").

    Candidates are the distinct scores (and one above the maximum, i.e. "predict nothing"); ties go to the
    smallest threshold. Returns ``(threshold, objective value)``.
    """
    _same_length(gold, scores)
    if objective not in ("f1", "balanced_accuracy"):
        raise ValueError(f"objective must be f1 or balanced_accuracy, got {objective!r}")
    candidates = [*sorted(set(scores)), max(scores, default=0.0) + 1e-9]
    best = (candidates[0], -1.0)
    for t in candidates:
        predicted = [int(s >= t) for s in scores]
        value = binary_metrics(gold, predicted)[objective]
        assert value is not None
        if value > best[1]:
            best = (t, value)
    return best


def nli_metrics(gold: Sequence[str], predicted: Sequence[str]) -> dict[str, float]:
    """NLI pair metrics: accuracy, macro-F1 over the gold label set, binary accuracy (entailment vs not).

    A gold ``not_entailment`` (binary sets) is matched by any prediction but ``entailment``; for macro-F1 the
    predictions of such a set are read as entailment / not_entailment.
    """
    _same_length(gold, predicted)
    n = len(gold)
    if not n:
        return {"accuracy": 0.0, "macro_f1": 0.0, "binary_accuracy": 0.0}
    if "not_entailment" in gold:
        predicted = [p if p == "entailment" else "not_entailment" for p in predicted]
    labels = sorted(set(gold))
    f1s = [prf([int(g == c) for g in gold], [int(p == c) for p in predicted]).f1() for c in labels]
    return {
        "accuracy": sum(g == p for g, p in zip(gold, predicted, strict=True)) / n,
        "macro_f1": sum(f1s) / len(f1s),
        "binary_accuracy": sum((g == "entailment") == (p == "entailment") for g, p in zip(gold, predicted, strict=True))
        / n,
    }


def span_overlap(gold: Iterable[tuple[int, int]], predicted: Iterable[tuple[int, int]]) -> PRF:
    """Character-level overlap counts of one text (RAGTruth span metrics).

    tp = characters in both gold and predicted spans; fp = predicted only; fn = gold only. Sum the counts over
    a corpus for micro span precision / recall / F1.
    """
    gold_chars = {i for start, end in gold for i in range(start, end)}
    predicted_chars = {i for start, end in predicted for i in range(start, end)}
    return PRF(
        float(len(gold_chars & predicted_chars)),
        float(len(predicted_chars - gold_chars)),
        float(len(gold_chars - predicted_chars)),
    )


def mcnemar(correct_a: Sequence[bool], correct_b: Sequence[bool]) -> dict[str, float | str]:
    """McNemar's test of two systems on the same examples.

    With b = #(A right, B wrong) and c = #(A wrong, B right): if b + c < 25, the exact two-sided binomial
    p = min(1, 2 · Σ_{k ≤ min(b,c)} C(b+c, k) / 2^(b+c)); else the χ² statistic with continuity correction
    (|b − c| − 1)² / (b + c), 1 degree of freedom.
    """
    _same_length(correct_a, correct_b)
    b = sum(1 for a, o in zip(correct_a, correct_b, strict=True) if a and not o)
    c = sum(1 for a, o in zip(correct_a, correct_b, strict=True) if o and not a)
    n = b + c
    if n == 0:
        return {"b": 0, "c": 0, "p_value": 1.0, "test": "exact"}
    if n < 25:
        tail = sum(math.comb(n, k) for k in range(min(b, c) + 1)) / 2**n
        return {"b": b, "c": c, "p_value": min(1.0, 2 * tail), "test": "exact"}
    statistic = (abs(b - c) - 1) ** 2 / n
    return {"b": b, "c": c, "statistic": statistic, "p_value": math.erfc(math.sqrt(statistic / 2)), "test": "chi2"}


def _average_ranks(values: Sequence[float]) -> list[float]:
    order = np.argsort(np.asarray(values, dtype=float), kind="stable")
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[int(order[k])] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def _same_length(a: Sequence[object], b: Sequence[object]) -> None:
    if len(a) != len(b):
        raise ValueError(f"length mismatch: {len(a)} gold values but {len(b)} predictions")


def retrieval_metrics(gold: Sequence[set[int]], predicted: Sequence[set[int]]) -> dict[str, float]:
    r"""LiteHall Appendix C.2 retrieval metrics over (claim, chunk) instances, macro and micro.

    Per instance: TP = |Ĝ ∩ G|, FP = |Ĝ \\ G|, FN = |G \\ Ĝ|; coverage = TP / |G|; precision, recall, F1 and
    Jaccard = TP / (TP + FP + FN). Empty-ground-truth rule: when G = ∅, every per-instance score is 1 if Ĝ = ∅
    and 0 otherwise. Macro = mean of per-instance scores; micro = from summed counts (coverage_micro =
    ΣTP / Σ|G|). Also fp_total and fn_total. Call it once per role (main, support) for per-role figures.
    """
    _same_length(gold, predicted)
    names = ("coverage", "precision", "recall", "f1", "jaccard")
    sums = dict.fromkeys(names, 0.0)
    total = PRF()
    gold_size = 0
    for g, p in zip(gold, predicted, strict=True):
        counts = PRF(len(p & g), len(p - g), len(g - p))
        total += counts
        gold_size += len(g)
        if not g:
            value = 1.0 if not p else 0.0
            scores = dict.fromkeys(names, value)
        else:
            union = counts.tp + counts.fp + counts.fn
            scores = {
                "coverage": counts.tp / len(g),
                "precision": counts.precision(),
                "recall": counts.recall(),
                "f1": counts.f1(),
                "jaccard": counts.tp / union if union else 0.0,
            }
        for name in names:
            sums[name] += scores[name]
    n = len(gold)
    out = {f"{name}_macro": (sums[name] / n if n else 0.0) for name in names}
    union_total = total.tp + total.fp + total.fn
    out.update(
        coverage_micro=total.tp / gold_size if gold_size else 0.0,
        precision_micro=total.precision(),
        recall_micro=total.recall(),
        f1_micro=total.f1(),
        jaccard_micro=total.tp / union_total if union_total else 0.0,
        fp_total=total.fp,
        fn_total=total.fn,
    )
    return out


def recall_at_k(gold: Sequence[set[Hashable]], ranked: Sequence[Sequence[Hashable]], k: int) -> float:
    """LLM-OASIS Recall@k: the mean over queries of |top-k ∩ gold| / |gold| (queries with empty gold skipped)."""
    _same_length(gold, ranked)
    values = [len(set(r[:k]) & g) / len(g) for g, r in zip(gold, ranked, strict=True) if g]
    return sum(values) / len(values) if values else 0.0


def semantic_match_f1(
    gold: Sequence[Sequence[str]],
    predicted: Sequence[Sequence[str]],
    embed: Callable[[list[str]], np.ndarray],
    tau: float = 0.75,
) -> float:
    """LiteHall Appendix C.1 Semantic Match F1, macro-averaged over instances.

    Per instance: de-duplicate and strip claims; S_ij = cos(g_i, p_j), zeroed below τ; Hungarian one-to-one
    matching maximising ΣS; TP = matched pairs with S > 0, FP = |P| − TP, FN = |G| − TP; F1 = 2TP/(2TP+FP+FN).
    An instance with no gold and no predicted claims scores 1. ``embed`` returns L2-normalised rows.
    """
    from scipy.optimize import linear_sum_assignment

    _same_length(gold, predicted)
    scores = []
    for g_claims, p_claims in zip(gold, predicted, strict=True):
        g = list(dict.fromkeys(c.strip() for c in g_claims if c.strip()))
        p = list(dict.fromkeys(c.strip() for c in p_claims if c.strip()))
        if not g or not p:
            scores.append(1.0 if not g and not p else 0.0)
            continue
        vectors = embed(g + p)
        similarity = vectors[: len(g)] @ vectors[len(g) :].T
        similarity = np.where(similarity >= tau, similarity, 0.0)
        rows, cols = linear_sum_assignment(similarity, maximize=True)
        tp = int(sum(similarity[r, c] > 0 for r, c in zip(rows, cols, strict=True)))
        scores.append(PRF(tp, len(p) - tp, len(g) - tp).f1())
    return sum(scores) / len(scores) if scores else 0.0


def rouge1_f(candidate: str, reference: str) -> float:
    """ROUGE-1 F-measure: unigram overlap (with counts) of lower-cased word tokens."""
    from collections import Counter

    from veracity.text.normalize import normalize_words

    c, r = Counter(normalize_words(candidate)), Counter(normalize_words(reference))
    overlap = sum((c & r).values())
    if not overlap:
        return 0.0
    precision, recall = overlap / sum(c.values()), overlap / sum(r.values())
    return 2 * precision * recall / (precision + recall)


def easiness(
    generated: Sequence[str], gold: Sequence[str], similarity: Callable[[str, str], float] = rouge1_f
) -> dict[str, float]:
    """LLM-OASIS easiness (their Eq. 8–9), with ROUGE-1 or another similarity.

    P = mean over generated c of max_g sim(c, g); R = mean over gold g of max_c sim(c, g); F1 = 2PR/(P+R).
    Pass an embedding cosine as ``similarity`` for the embedding variant.
    """
    if not generated or not gold:
        return {"easiness_p": 0.0, "easiness_r": 0.0, "easiness_f1": 0.0}
    matrix = [[similarity(c, g) for g in gold] for c in generated]
    p = sum(max(row) for row in matrix) / len(generated)
    r = sum(max(matrix[i][j] for i in range(len(generated))) for j in range(len(gold))) / len(gold)
    return {"easiness_p": p, "easiness_r": r, "easiness_f1": 2 * p * r / (p + r) if p + r else 0.0}

"""Matchers over built items, ranking metrics, the margin's choice and the rule's firing rates (issue 70, items 2, 5).

Pure functions over the built items (:mod:`build`) and a *matcher*: a function from a list of (answer frame,
candidate source frames) to the similarity of each candidate.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence

import numpy as np
from attach import attach, content_words, expected_reciprocal_rank, expected_top1, jaccard, rank_of_best_positive

Matcher = Callable[[Sequence[tuple[str, Sequence[str]]]], list[np.ndarray]]


def word_overlap_matcher(queries: Sequence[tuple[str, Sequence[str]]]) -> list[np.ndarray]:
    """(a) Jaccard of content words."""
    cache: dict[str, frozenset[str]] = {}

    def words(t: str) -> frozenset[str]:
        if t not in cache:
            cache[t] = content_words(t)
        return cache[t]

    return [np.array([jaccard(words(q), words(c)) for c in cands]) for q, cands in queries]


def blend_matcher(first: Matcher, second: Matcher, weight: float = 0.5) -> Matcher:
    """(d) a weighted mean of two matchers' similarities (word overlap and an embedder's cosine)."""

    def match(queries: Sequence[tuple[str, Sequence[str]]]) -> list[np.ndarray]:
        return [weight * a + (1 - weight) * b for a, b in zip(first(queries), second(queries), strict=True)]

    return match


def embedding_matcher(embed: Callable[[Sequence[str]], np.ndarray]) -> Matcher:
    """(b, c) cosine of the frames' normalised embeddings; every distinct text embedded once, in batches."""

    def match(queries: Sequence[tuple[str, Sequence[str]]]) -> list[np.ndarray]:
        texts = list(dict.fromkeys([q for q, _ in queries] + [c for _, cands in queries for c in cands]))
        vectors = embed(texts)
        row = {t: k for k, t in enumerate(texts)}
        return [vectors[[row[c] for c in cands]] @ vectors[row[q]] for q, cands in queries]

    return match


def candidates(item: dict, sources: dict) -> tuple[list[str], list[bool]]:
    """An item's same-kind source frames and whether each states the answer's value."""
    frames = sources[item["source"]]
    order = list(item["pos"]) + list(item["neg"])
    return [frames[k]["frame"] for k in order], [True] * len(item["pos"]) + [False] * len(item["neg"])


def score_items(items: Sequence[dict], sources: dict, matcher: Matcher) -> list[dict]:
    """Each item with its attachment (``gap``: best other-value similarity minus best own-value similarity, None when
    either is missing) and ``rank``: how many other-value frames are more alike than the best own-value frame and how
    many as alike (None when either side is missing).
    """
    queries, states = [], []
    for item in items:
        frames, stated = candidates(item, sources)
        queries.append((item["frame"], frames))
        states.append(stated)
    sims = matcher(queries)
    out = []
    for item, s, stated in zip(items, sims, states, strict=True):
        a = attach(s, stated)
        pos = [x for x, t in zip(s, stated, strict=True) if t]
        neg = [x for x, t in zip(s, stated, strict=True) if not t]
        rank = rank_of_best_positive(pos, neg) if pos and neg else None
        out.append(
            {**item, "gap": a.gap, "rank": rank, "other": a.other, "own_sim": a.own_sim, "other_sim": a.other_sim}
        )
    return out


def ranking_metrics(scored: Iterable[dict]) -> dict:
    """Top-1 accuracy and MRR over faithful items with both an own-value and another-value frame, with the chance
    level (one own-value frame drawn at random among the candidates), overall and per kind.
    """
    by_kind: dict[str, list[dict]] = defaultdict(list)
    for s in scored:
        if s["faithful"] and s["rank"] is not None:
            by_kind[s["kind"]].append(s)
            by_kind["all"].append(s)

    def summary(group: list[dict]) -> dict:
        n = len(group)
        chance = sum(len(g["pos"]) / (len(g["pos"]) + len(g["neg"])) for g in group) / n
        return {
            "pairs": n,
            "top1": round(sum(expected_top1(*g["rank"]) for g in group) / n, 4),
            "mrr": round(sum(expected_reciprocal_rank(*g["rank"]) for g in group) / n, 4),
            "top1_chance": round(chance, 4),
            "mean_candidates": round(sum(len(g["pos"]) + len(g["neg"]) for g in group) / n, 2),
        }

    return {k: summary(v) for k, v in sorted(by_kind.items()) if v}


def keeps(item: dict, kinds) -> bool:
    """Whether a value set ``kinds`` keeps an item: None keeps all; a set of kinds; a predicate on the item."""
    if kinds is None:
        return True
    return kinds(item) if callable(kinds) else item["kind"] in kinds


def unit_gaps(scored: Iterable[dict], kinds=None, in_span_only: bool = False) -> dict:
    """The largest gap of each answer unit's values, ``{(row, unit): gap}`` (units with no comparable value left
    out); ``kinds`` keeps only values of those kinds; ``in_span_only`` only values inside a marked span.
    """
    gaps: dict[tuple[str, int], float] = {}
    for s in scored:
        if s["gap"] is None or not keeps(s, kinds) or (in_span_only and not s["in_span"]):
            continue
        key = (s["row"], s["unit"])
        gaps[key] = max(gaps.get(key, -math.inf), s["gap"])
    return gaps


def faithful_units(units: dict) -> list[tuple[str, int]]:
    """Every faithful answer unit of a split: ``(row, unit)``."""
    return [(row, k) for row, u in units.items() for k, ok in enumerate(u["faithful"]) if ok]


def choose_margin(gaps: Sequence[float], total_units: int, target: float) -> float:
    """The smallest margin m ≥ 0 such that the rule (gap > m) fires on at most ``target`` of ``total_units``."""
    allowed = math.floor(target * total_units)
    ordered = sorted(gaps, reverse=True)
    if len(ordered) <= allowed:
        return 0.0
    return max(0.0, float(ordered[allowed]))


def firing(scored: Sequence[dict], units: dict, margin: float, kinds=None) -> dict:
    """The rule's firing on a split at ``margin``: on faithful units (over all of them, and over those with a
    comparable value), and on hallucinated units whose marked span overlaps a value (flagged at such a value; and
    over those where that value is comparable: stated in the sources and competing with another value).
    """
    faithful = set(faithful_units(units))
    f_gaps = {k: g for k, g in unit_gaps([s for s in scored if s["faithful"]], kinds).items() if k in faithful}
    fired = [k for k, g in f_gaps.items() if g > margin]
    halluc = {(s["row"], s["unit"]) for s in scored if not s["faithful"] and s["in_span"]}
    h_gaps = unit_gaps([s for s in scored if not s["faithful"]], kinds, in_span_only=True)
    caught = [k for k in halluc if k in h_gaps and h_gaps[k] > margin]
    return {
        "margin": round(margin, 4),
        "faithful_units": len(faithful),
        "faithful_units_comparable": len(f_gaps),
        "faithful_fired": len(fired),
        "faithful_firing_rate": round(len(fired) / max(1, len(faithful)), 5),
        "faithful_firing_rate_comparable": round(len(fired) / max(1, len(f_gaps)), 4),
        "hallucinated_value_units": len(halluc),
        "hallucinated_value_units_comparable": len(h_gaps),
        "hallucinated_flagged": len(caught),
        "hallucinated_recall": round(len(caught) / max(1, len(halluc)), 4),
        "hallucinated_recall_comparable": round(len(caught) / max(1, len(h_gaps)), 4),
    }

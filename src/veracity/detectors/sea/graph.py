"""Semantic evidence aggregation: the betweenness-ordered merge of Logic-Matters §3.4 (and Appendix B).

Given the embeddings v_i of the N evidence chunks and their token counts τ(c_i):

1. d_ij = ‖v_i − v_j‖₂ for every pair, μ = their mean over the N(N−1)/2 pairs;
2. G⁽⁰⁾ has an edge (i, j) with weight w_ij = d_ij wherever d_ij ≤ α·μ;
3. f_e = the number of node pairs (i, j) whose shortest path in G⁽⁰⁾ uses e (edge betweenness, unnormalised);
4. edges sorted by f_e descending; starting from singletons S = {{i}}, each edge (i, j) merges the clusters of i and
   j when they differ and τ(S_p) + τ(S_q) ≤ T_t (union–find);
5. each cluster S_k gives D_k, its chunks in their original order.

Tie rules (the paper is silent):

- several shortest paths of equal length between i and j: each counts 1/(number of shortest paths) for every edge
  it uses (Brandes' betweenness, as ``networkx.edge_betweenness_centrality``), so f_e stays "pairs through e" and
  equals the paper's count whenever shortest paths are unique (the usual case with real-valued distances);
- equal f_e: the shorter edge (smaller d_ij) first, then the smaller (i, j) — the result is deterministic.

Cost: the distance matrix is O(N²·d); the all-pairs shortest paths are Brandes' O(N·|E| + N² log N). Callers cap N
(the ``sea`` detector's ``max_chunks``) so that this stays bounded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from veracity.errors import ConfigError, InputError

__all__ = ["EvidenceGraph", "aggregate_evidence", "edge_frequencies"]


@dataclass(frozen=True)
class EvidenceGraph:
    """The result of the merge: clusters (chunk indices, sorted) and the quantities that produced them."""

    clusters: list[list[int]]
    mean_distance: float
    edges: list[tuple[int, int, float]]  # (i, j, f_e) in merge order
    merged_edges: list[tuple[int, int]]


def _distances(embeddings: NDArray[np.floating]) -> NDArray[np.float64]:
    vectors = np.asarray(embeddings, dtype=np.float64)
    squared = (vectors**2).sum(axis=1)
    gram = vectors @ vectors.T
    distances: NDArray[np.float64] = np.sqrt(np.maximum(squared[:, None] + squared[None, :] - 2.0 * gram, 0.0))
    return distances


def edge_frequencies(distances: NDArray[np.floating], alpha: float) -> tuple[dict[tuple[int, int], float], float]:
    """f_e for every edge of G⁽⁰⁾ = {(i, j): d_ij ≤ α·μ} (steps 1–3 of the module docstring).

    Returns:
        ({(i, j): f_e} with i < j, μ). With N < 2 there are no pairs: ({}, 0.0).
    """
    import networkx as nx

    n = len(distances)
    if n < 2:
        return {}, 0.0
    upper = np.triu_indices(n, k=1)
    mu = float(np.mean(distances[upper]))
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for i, j in zip(*upper, strict=True):
        if distances[i, j] <= alpha * mu:
            graph.add_edge(int(i), int(j), weight=float(distances[i, j]))
    betweenness = nx.edge_betweenness_centrality(graph, normalized=False, weight="weight")
    return {(min(i, j), max(i, j)): float(f) for (i, j), f in betweenness.items()}, mu


def aggregate_evidence(
    embeddings: NDArray[np.floating],
    token_counts: Sequence[int],
    alpha: float = 1.0,
    max_cluster_tokens: int = 1024,
) -> EvidenceGraph:
    """Cluster chunks by the betweenness-ordered union–find merge of Logic-Matters §3.4.

    Args:
        embeddings: v_i, shape (N, d).
        token_counts: τ(c_i) per chunk.
        alpha: α, the edge threshold as a multiple of the mean distance μ.
        max_cluster_tokens: T_t, the most tokens a merged cluster may hold.

    Raises:
        InputError: embeddings and token counts disagree in length, or an embedding is not finite.
        ConfigError: α ≤ 0 or T_t < 1.
    """
    vectors = np.asarray(embeddings, dtype=np.float64)
    n = len(token_counts)
    if vectors.ndim != 2 or len(vectors) != n:
        raise InputError(f"{len(vectors)} embeddings for {n} chunks")
    if not np.isfinite(vectors).all():
        raise InputError("an embedding holds NaN or infinity")
    if alpha <= 0 or max_cluster_tokens < 1:
        raise ConfigError(f"alpha must be > 0 and T_t ≥ 1, got {alpha} and {max_cluster_tokens}")
    distances = _distances(vectors)
    frequencies, mu = edge_frequencies(distances, alpha)
    # Rounded keys: float noise in f_e or d_ij must not decide a tie (see the module docstring).
    ordered = sorted(
        frequencies.items(), key=lambda item: (-round(item[1], 6), round(float(distances[item[0]]), 9), item[0])
    )
    parent = list(range(n))
    tokens = [int(t) for t in token_counts]

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    merged: list[tuple[int, int]] = []
    for (i, j), _ in ordered:
        root_i, root_j = find(i), find(j)
        if root_i != root_j and tokens[root_i] + tokens[root_j] <= max_cluster_tokens:
            parent[root_j] = root_i
            tokens[root_i] += tokens[root_j]
            merged.append((i, j))
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(i)
    clusters = sorted(groups.values(), key=lambda members: members[0])
    return EvidenceGraph(
        clusters=clusters,
        mean_distance=mu,
        edges=[(i, j, f) for (i, j), f in ordered],
        merged_edges=merged,
    )

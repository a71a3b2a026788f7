"""The betweenness-ordered merge of Logic-Matters §3.4 on point sets small enough to check by hand."""

import numpy as np
import pytest

from veracity.detectors.sea.graph import aggregate_evidence, edge_frequencies
from veracity.errors import ConfigError, InputError

# A zigzag chain: neighbours are 1.0198 apart, next-but-one 2.0, the ends 3.0067; μ = 1.6777, so with α = 1 only
# the three neighbour edges exist. In a path graph 0–1–2–3 the middle edge carries the shortest paths of 4 pairs
# ((0,2), (0,3), (1,2), (1,3)) and each outer edge 3.
ZIGZAG = np.array([[0.0, 0.0], [1.0, 0.2], [2.0, 0.0], [3.0, 0.2]])


def test_edge_frequencies_count_the_pairs_whose_shortest_path_uses_each_edge():
    distances = np.linalg.norm(ZIGZAG[:, None] - ZIGZAG[None, :], axis=-1)
    frequencies, mu = edge_frequencies(distances, alpha=1.0)
    assert mu == pytest.approx((3 * np.sqrt(1.04) + 2 + 2 + np.sqrt(9.04)) / 6)
    assert frequencies == {(0, 1): 3.0, (1, 2): 4.0, (2, 3): 3.0}


def test_the_bridge_edge_merges_first_and_the_token_budget_stops_the_rest():
    graph = aggregate_evidence(ZIGZAG, [100, 100, 100, 100], alpha=1.0, max_cluster_tokens=200)
    assert [e[:2] for e in graph.edges] == [(1, 2), (0, 1), (2, 3)]
    assert graph.clusters == [[0], [1, 2], [3]]
    assert graph.merged_edges == [(1, 2)]


def test_a_large_budget_merges_the_whole_connected_chain():
    assert aggregate_evidence(ZIGZAG, [10, 10, 10, 10], max_cluster_tokens=1024).clusters == [[0, 1, 2, 3]]


def test_distant_groups_stay_apart():
    # Two tight triangles 10 apart: μ ≈ 6.06, so no edge crosses between them.
    points = np.array([[0, 0], [1, 0], [1, 1], [10, 0], [10, 1]], dtype=float)
    graph = aggregate_evidence(points, [1] * 5)
    assert graph.clusters == [[0, 1, 2], [3, 4]]
    # Within a triangle every edge is its own pair's only shortest path (f = 1): shorter edges first.
    assert [e[:2] for e in graph.edges] == [(0, 1), (1, 2), (3, 4), (0, 2)]


def test_small_and_degenerate_inputs():
    assert aggregate_evidence(np.zeros((0, 3)), []).clusters == []
    assert aggregate_evidence(np.ones((1, 3)), [5]).clusters == [[0]]
    # Identical chunks: every distance is 0 (μ = 0), all edges exist; the budget still bounds the clusters.
    graph = aggregate_evidence(np.ones((6, 3)), [10] * 6, max_cluster_tokens=30)
    assert sorted(len(c) for c in graph.clusters) == [3, 3]


def test_bad_inputs():
    with pytest.raises(InputError):
        aggregate_evidence(np.ones((2, 3)), [1])
    with pytest.raises(InputError):
        aggregate_evidence(np.array([[np.nan, 0.0], [0.0, 1.0]]), [1, 1])
    with pytest.raises(ConfigError):
        aggregate_evidence(np.ones((2, 3)), [1, 1], alpha=0)

import math

import numpy as np
import pytest

from veracity.eval.metrics import (
    PRF,
    auprc,
    auroc,
    binary_metrics,
    bootstrap_ci,
    easiness,
    expected_calibration_error,
    fit_threshold,
    mcnemar,
    nli_metrics,
    recall_at_k,
    retrieval_metrics,
    rouge1_f,
    semantic_match_f1,
    span_overlap,
)

GOLD = [1, 1, 1, 0, 0, 0, 0, 1]
PRED = [1, 0, 1, 0, 1, 0, 0, 1]
# tp = 3, fn = 1, fp = 1, tn = 3


def test_binary_metrics_by_hand():
    m = binary_metrics(GOLD, PRED)
    assert m["accuracy"] == pytest.approx(6 / 8)
    assert m["precision"] == pytest.approx(3 / 4)
    assert m["recall"] == pytest.approx(3 / 4)
    assert m["f1"] == pytest.approx(3 / 4)
    assert m["acc_hallucinated"] == pytest.approx(3 / 4)
    assert m["acc_faithful"] == pytest.approx(3 / 4)
    assert m["balanced_accuracy"] == pytest.approx(3 / 4)


def test_no_positives_and_one_class_predictions_are_defined():
    m = binary_metrics([0, 0, 0], [0, 0, 0], scores=[0.1, 0.2, 0.3])
    assert m["accuracy"] == 1.0 and m["precision"] == 0.0 and m["recall"] == 0.0 and m["f1"] == 0.0
    assert m["auroc"] is None and m["auprc"] is None
    assert m["balanced_accuracy"] == 1.0  # only the faithful class exists: TNR
    all_positive = binary_metrics([1, 0, 1, 0], [1, 1, 1, 1])
    assert all_positive["precision"] == 0.5 and all_positive["recall"] == 1.0
    assert all_positive["f1"] == pytest.approx(2 / 3)
    assert all_positive["acc_faithful"] == 0.0 and all_positive["balanced_accuracy"] == 0.5
    assert not any(isinstance(v, float) and math.isnan(v) for v in all_positive.values())


def test_auroc_by_hand_with_ties():
    # positives 0.9, 0.5; negatives 0.5, 0.1: pairs (0.9>0.5) 1, (0.9>0.1) 1, (0.5=0.5) 0.5, (0.5>0.1) 1 -> 3.5/4
    assert auroc([1, 1, 0, 0], [0.9, 0.5, 0.5, 0.1]) == pytest.approx(0.875)
    assert auroc([1, 0], [0.2, 0.8]) == 0.0


def test_auprc_by_hand():
    # ranked: 0.9(1) 0.8(0) 0.7(1) 0.1(0): AP = 0.5*1/1 + 0.5*2/3
    assert auprc([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1]) == pytest.approx(0.5 + 1 / 3)
    assert auprc([0, 0], [0.1, 0.2]) is None


def test_ece_by_hand():
    # bin [0.2,0.3): p=0.2,0.2 y=0,1 -> |0.5-0.2| weight 2/4; bin [0.9,1]: p=0.9, 1.0 y=1,1 -> |1-0.95| weight 2/4
    assert expected_calibration_error([0, 1, 1, 1], [0.2, 0.2, 0.9, 1.0]) == pytest.approx(0.5 * 0.3 + 0.5 * 0.05)
    assert expected_calibration_error([], []) == 0.0


def test_bootstrap_interval_contains_the_point_estimate():
    gold = [1, 0] * 50
    predicted = [1, 0] * 40 + [0, 1] * 10
    low, high = bootstrap_ci(gold, predicted, lambda g, p: binary_metrics(g, p)["accuracy"], samples=300)
    assert low <= 0.8 <= high and high - low < 0.25
    assert bootstrap_ci([], [], lambda g, p: 0.0) == (0.0, 0.0)


def test_fit_threshold():
    threshold, value = fit_threshold([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    assert (threshold, value) == (0.35, pytest.approx(0.8))  # predicts 0.35, 0.4, 0.8 -> tp 2 fp 1
    threshold, value = fit_threshold([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], "balanced_accuracy")
    assert value == pytest.approx(0.75)
    with pytest.raises(ValueError):
        fit_threshold([0], [0.1], "auc")


def test_nli_metrics_by_hand():
    gold = ["entailment", "neutral", "contradiction", "entailment"]
    pred = ["entailment", "contradiction", "contradiction", "neutral"]
    m = nli_metrics(gold, pred)
    assert m["accuracy"] == 0.5
    # F1: entailment 2*1/(2+0+1)=2/3; neutral 0; contradiction 2*1/(2+1+0)=2/3
    assert m["macro_f1"] == pytest.approx((2 / 3 + 0 + 2 / 3) / 3)
    assert m["binary_accuracy"] == 0.75


def test_span_overlap_by_hand():
    counts = span_overlap(gold=[(0, 10)], predicted=[(5, 15), (20, 22)])
    assert counts == PRF(5, 7, 5)
    assert (counts + PRF(1, 0, 0)).tp == 6
    assert span_overlap([], []).f1() == 0.0


def test_mcnemar_exact_and_chi2():
    a = [True] * 6 + [False] * 1 + [True] * 3
    b = [False] * 6 + [True] * 1 + [True] * 3
    result = mcnemar(a, b)  # b=6, c=1: p = 2 * (1 + 7) / 128
    assert result["test"] == "exact" and result["p_value"] == pytest.approx(16 / 128)
    big_a = [True] * 30 + [False] * 10
    big_b = [False] * 30 + [True] * 10
    chi = mcnemar(big_a, big_b)  # (|30-10|-1)^2/40 = 9.025
    assert chi["test"] == "chi2" and chi["statistic"] == pytest.approx(9.025)
    assert chi["p_value"] == pytest.approx(0.002663, abs=1e-5)
    assert mcnemar([True], [True])["p_value"] == 1.0


def test_retrieval_metrics_by_hand_with_empty_ground_truth():
    gold = [{1, 2}, set(), set(), {5}]
    pred = [{2, 3}, set(), {4}, set()]
    m = retrieval_metrics(gold, pred)
    # instance 1: tp1 fp1 fn1 -> cov .5 p .5 r .5 f1 .5 jac 1/3; instance 2: all 1; instance 3: all 0; instance 4: 0
    assert m["coverage_macro"] == pytest.approx((0.5 + 1 + 0 + 0) / 4)
    assert m["jaccard_macro"] == pytest.approx((1 / 3 + 1) / 4)
    assert m["coverage_micro"] == pytest.approx(1 / 3)
    assert m["f1_micro"] == pytest.approx(2 * 1 / (2 + 2 + 2))
    assert m["fp_total"] == 2 and m["fn_total"] == 2


def test_recall_at_k():
    assert recall_at_k([{"a", "b"}, {"c"}, set()], [["a", "x", "b"], ["y", "c"], ["z"]], k=2) == pytest.approx(
        (0.5 + 1.0) / 2
    )


def test_semantic_match_f1_with_a_hand_made_embedding():
    table = {"a": [1, 0, 0], "a2": [0.95, 0.312, 0], "b": [0, 1, 0], "c": [0, 0, 1]}

    def embed(texts):
        rows = np.array([table[t] for t in texts], dtype=float)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)

    # gold {a, b}, predicted {a2, c}: a~a2 cos .95 matches, b-c 0 -> tp 1 fp 1 fn 1 -> F1 .5
    assert semantic_match_f1([["a", "b"]], [["a2", "c"]], embed) == pytest.approx(0.5)
    assert semantic_match_f1([["a", "a ", "b"]], [["a", "b"]], embed) == 1.0  # de-duplicated
    assert semantic_match_f1([[]], [[]], embed) == 1.0 and semantic_match_f1([["a"]], [[]], embed) == 0.0


def test_easiness_by_hand():
    assert rouge1_f("the cat sat", "the cat ran") == pytest.approx(2 / 3)
    e = easiness(["the cat sat"], ["the cat ran", "dogs bark"])
    assert e["easiness_p"] == pytest.approx(2 / 3)
    assert e["easiness_r"] == pytest.approx((2 / 3 + 0) / 2)


def test_length_mismatch_is_an_error():
    with pytest.raises(ValueError, match="length mismatch"):
        binary_metrics([1, 0], [1])


def test_an_example_without_a_score_counts_in_accuracy_and_is_left_out_of_the_ranking_metrics():
    """Issue 53: a not_checked answer has no score; AUROC, AUPRC and ECE are over the scored ones, counted."""
    m = binary_metrics([1, 0, 1, 0], [1, 0, 0, 0], [0.9, 0.1, None, 0.2])
    assert m["accuracy"] == 0.75 and m["recall"] == 0.5  # the unscored hallucination was not caught
    assert m["auroc"] == 1.0 and m["n_scored"] == 3
    assert m["ece"] == pytest.approx(expected_calibration_error([1, 0, 0], [0.9, 0.1, 0.2]))
    assert "n_scored" not in binary_metrics([1, 0], [1, 0], [0.9, 0.1])

"""The calibration maps by hand: Platt scaling, isotonic regression, their refusals, the input-shape rule, ECE."""

from __future__ import annotations

import itertools
import math

import pytest

from veracity.calibration import ShapeCalibration, expected_calibration_error, fit_isotonic, fit_platt, input_shape
from veracity.errors import CalibrationError


def test_platt_by_hand_on_a_symmetric_case():
    # logit(0.2) = -logit(0.8) and the smoothed targets are 1/4 and 3/4, so b = 0 and σ(a·logit(0.8)) = 3/4.
    a, b = fit_platt([0.2, 0.2, 0.8, 0.8], [0, 0, 1, 1])
    assert b == pytest.approx(0.0, abs=1e-5)
    assert a == pytest.approx(math.log(3) / math.log(4), rel=1e-4)
    fit = ShapeCalibration(method="platt", platt=(a, b), n=4, hallucinated_share=0.5, fitted_on="hand")
    assert fit.probability(0.8) == pytest.approx(0.75, rel=1e-4) and fit.probability(0.5) == pytest.approx(0.5)


def test_isotonic_by_hand_pools_the_violator():
    xs, ys = fit_isotonic([0.1, 0.2, 0.3, 0.4], [0, 1, 0, 1])
    assert xs == [0.1, 0.2, 0.3, 0.4] and ys == pytest.approx([0.0, 0.5, 0.5, 1.0])
    fit = ShapeCalibration.fit([0.1, 0.2, 0.3, 0.4], [0, 1, 0, 1], "isotonic", "hand")
    # Read with its ties broken (issue 44 §6): n = 4 bounds P to [1/6, 5/6]; the 0.5 step over [0.2, 0.3] tilts by
    # h = ¼·min(0.5 − 1/6, 5/6 − 0.5) = 1/12, from 5/12 at 0.2 to 7/12 at 0.3.
    assert fit.ranking_knots == (pytest.approx([0.1, 0.2, 0.3, 0.4]), pytest.approx([1 / 6, 5 / 12, 7 / 12, 5 / 6]))
    assert fit.probability(0.25) == pytest.approx(0.5) and fit.probability(0.15) == pytest.approx(3.5 / 12)
    assert fit.probability(0.0) == pytest.approx(1 / 6) and fit.probability(1.0) == pytest.approx(5 / 6)
    flat = fit_isotonic([0.1, 0.2, 0.3, 0.4, 0.5], [0, 0, 0, 1, 1])  # inner knots of a plateau are dropped
    assert flat[0] == [0.1, 0.3, 0.4, 0.5]


@pytest.mark.parametrize("scores,labels", [([0.3], [1]), ([0.3, 0.4], [1, 1]), ([0.3, float("nan")], [0, 1])])
def test_fits_refuse_what_cannot_be_calibrated(scores, labels):
    with pytest.raises(CalibrationError):
        fit_platt(scores, labels)
    with pytest.raises(CalibrationError):
        fit_isotonic(scores, labels)


def test_input_shape_rule():
    assert input_shape("A summary.", None) == "summary" and input_shape("x", "  ") == "summary"
    assert input_shape("Warsaw", "Where was Marie Curie born?") == "qa"
    assert input_shape("Sure!", "[Human]: Do you like Iron Man? [Assistant]: Yes. [Human]: Me too.") == "dialogue"
    assert input_shape("Sure!", "User: hi\nAssistant: hello\nUser: and Curie?") == "dialogue"


def test_expected_calibration_error_by_hand():
    # two bins used: [0.2, 0.2] with labels [0, 1] (|0.5 - 0.2| = 0.3) and [0.9, 0.9] with [1, 1] (|1 - 0.9| = 0.1)
    assert expected_calibration_error([0, 1, 1, 1], [0.2, 0.2, 0.9, 0.9]) == pytest.approx(0.5 * 0.3 + 0.5 * 0.1)
    assert expected_calibration_error([], []) == 0.0
    assert expected_calibration_error([1], [1.0]) == 0.0  # p = 1 falls in the last bin
    with pytest.raises(ValueError):
        expected_calibration_error([1, 0], [0.5])


def test_calibrated_probabilities_stay_inside_0_1_and_keep_the_raw_ranking_within_a_step():
    scores = [i / 100 for i in range(100)]
    labels = [int(i % 10 < i // 10) for i in range(100)]  # the share of hallucinated rises with the score
    fit = ShapeCalibration.fit(scores, labels, "isotonic", "hand")
    probs = [fit.probability(s) for s in scores]
    assert all(1 / 102 <= p <= 101 / 102 for p in probs)
    assert all(a <= b for a, b in itertools.pairwise(probs))  # monotone
    assert len(set(probs)) > len(set(fit.knots_y))  # not flat on the steps: more values than the fit has steps
    stepwise = [fit.knots_y[min(range(len(fit.knots_x)), key=lambda k: abs(fit.knots_x[k] - s))] for s in scores]
    assert max(abs(p - q) for p, q in zip(probs, stepwise, strict=True)) < 0.25  # near the fitted P

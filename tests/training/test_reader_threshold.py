"""The reader's threshold read from a smoothed F1 curve (`smoothed_best`; experiments/reader-v12)."""

from __future__ import annotations

import numpy as np
import pytest
from pydantic import ValidationError

from veracity.training.reader import ReaderTrainConfig, smoothed_best


def test_a_lone_peak_loses_to_a_broad_plateau():
    candidates = [0.1, 0.2, 0.3, 0.4, 0.5]
    scores = [0.60, 0.70, 0.69, 0.69, 0.50]  # by hand: window 0.1 means 0.650, 0.663, 0.693, 0.627, 0.595
    assert smoothed_best(candidates, scores, 0.0) == 0.2
    assert smoothed_best(candidates, scores, 0.1) == 0.3


def test_the_smoothed_choice_moves_less_under_noise_than_the_argmax():
    # a flat-topped F1 curve with the noise of a few hundred answers: the argmax wanders, its moving average less
    candidates = np.linspace(0.05, 0.95, 91)
    curve = 0.72 - 2.0 * np.clip(np.abs(candidates - 0.36) - 0.06, 0, None) ** 2 * 10
    rng = np.random.default_rng(0)
    plain, smoothed = [], []
    for _ in range(200):
        noisy = curve + rng.normal(0, 0.004, candidates.size)
        plain.append(smoothed_best(candidates, noisy, 0.0))
        smoothed.append(smoothed_best(candidates, noisy, 0.05))
    assert np.std(smoothed) < 0.6 * np.std(plain)
    assert abs(np.mean(smoothed) - 0.36) < 0.02


@pytest.mark.parametrize(
    ("candidates", "scores", "window"), [([], [], 0.0), ([0.1, 0.2], [0.5], 0.0), ([0.1], [0.5], -0.1)]
)
def test_bad_curves_are_refused(candidates, scores, window):
    with pytest.raises(ValueError):
        smoothed_best(candidates, scores, window)


def test_the_config_bounds_the_window(tmp_path):
    base = {"out": tmp_path / "m.json", "cache": tmp_path / "c.jsonl", "limits": {}, "features": ["novel_share"]}
    assert ReaderTrainConfig(**base).threshold_window == 0.0
    assert ReaderTrainConfig(**base, threshold_window=0.05).threshold_window == 0.05
    with pytest.raises(ValidationError):
        ReaderTrainConfig(**base, threshold_window=0.5)

"""Issue 58 §3: `veracity calibrate` fits increasing maps only, and reads the raw score of a calibrated run.

The runs are real: `veracity eval` with the `novelty` detector (no model to load) on a small labelled file of a
user's own, as the issue's trial had (24 answers).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from veracity.calibration import Calibrator, DecreasingFitError, ShapeCalibration, fit_isotonic, fit_platt
from veracity.cli import app

PRICES = ["EUR 55", "EUR 40", "USD 12", "USD 30"]


def write_cases(path: Path, n: int = 24, inverted: bool = False) -> Path:
    """n support answers, every third hallucinated (a fee and a name the context lacks); labels flipped if asked."""
    with path.open("w", encoding="utf-8") as out:
        for i in range(n):
            price = PRICES[i % len(PRICES)]
            context = f"Pets fly in the cabin on route {i}. The fee is {price} per pet per flight, paid at check-in."
            hallucinated = int(i % 3 == 0)
            answer = f"The fee on route {i} is {price} per pet per flight, paid at check-in."
            if hallucinated:
                answer = f"The fee on route {i} is GBP {70 + i} per pet, waived by Captain Okafor for members."
            elif i % 3 == 1:
                answer += " Members pay the same."  # a few unsupported words on some faithful answers: a noisy ranking
            label = 1 - hallucinated if inverted else hallucinated
            record = {"id": f"case-{i}", "question": "How much is the pet fee?", "answer": answer,
                      "context": [context], "label": label}  # fmt: skip
            out.write(json.dumps(record) + "\n")
    return path


def _invoke(*args: str):
    return CliRunner().invoke(app, list(args))


def _eval(data: Path, out: Path, *settings: str) -> Path:
    extra = [item for setting in settings for item in ("--set", setting)]
    result = _invoke("eval", "--dataset", f"jsonl:{data}", "--out", str(out), "-d", "novelty", *extra)
    assert result.exit_code == 0, result.output
    return out


def test_a_fit_that_would_invert_the_ranking_is_refused_by_both_methods():
    scores, labels = [0.1, 0.2, 0.3, 0.7, 0.8, 0.9], [1, 1, 0, 1, 0, 0]
    with pytest.raises(DecreasingFitError, match="the labels rank opposite to the scores") as platt:
        fit_platt(scores, labels)
    assert platt.value.slope is not None and platt.value.slope < 0
    assert platt.value.auroc == pytest.approx(1 / 9)  # one of nine (hallucinated, faithful) pairs in order
    with pytest.raises(DecreasingFitError, match="a decreasing step function fits the labels better"):
        fit_isotonic(scores, labels)
    with pytest.raises(DecreasingFitError, match="the increasing isotonic fit is flat"):
        ShapeCalibration.fit([0.4, 0.4, 0.4, 0.4], [0, 1, 0, 1], "isotonic", "hand")
    message = str(platt.value)
    assert "label 1 means hallucinated" in message and "inverted" in message and "another detector" in message
    a, _ = fit_platt(scores, [1 - y for y in labels])  # the same scores with labels the right way round: kept
    assert a > 0


def test_calibrate_refuses_labels_that_rank_opposite_to_the_scores(tmp_path):
    run = _eval(write_cases(tmp_path / "inverted.jsonl", inverted=True), tmp_path / "run")
    out = tmp_path / "calibrator.json"
    result = _invoke("calibrate", str(run), "--out", str(out))
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit) and "Traceback" not in result.output  # an error, not a crash
    assert "veracity: error: qa rows of" in result.output and "the labels rank opposite to the scores" in result.output
    assert "label 1 means hallucinated" in result.output and "slope -" in result.output
    assert not out.exists()

    right = _eval(write_cases(tmp_path / "right.jsonl"), tmp_path / "right-run")
    kept = _invoke("calibrate", str(right), "--out", str(out))
    assert kept.exit_code == 0, kept.output
    fit = Calibrator.load(out).shapes["qa"]
    assert fit.method == "platt" and fit.platt is not None and fit.platt[0] > 0  # 24 rows: Platt, increasing
    assert "read score (raw: the run had no calibrator)" in kept.output


def test_a_calibrated_run_is_fitted_on_its_raw_scores_and_says_so(tmp_path):
    data = write_cases(tmp_path / "cases.jsonl")
    first = tmp_path / "first.json"
    assert _invoke("calibrate", str(_eval(data, tmp_path / "raw")), "--out", str(first)).exit_code == 0
    calibrated = _eval(data, tmp_path / "calibrated", f"calibration={first}")  # its scores are P(hallucinated)
    rows = [json.loads(line) for line in (calibrated / "predictions.jsonl").read_text().splitlines()]
    assert all("raw_score" in r and r["raw_score"] != r["score"] for r in rows)

    second = tmp_path / "second.json"
    result = _invoke("calibrate", str(calibrated), "--out", str(second))
    assert result.exit_code == 0, result.output
    assert f"its scores are calibrated ({first}); read the raw scores (raw_score) of 24 rows" in result.output
    assert json.loads(result.stdout)["scores_read"][0].startswith(f"{calibrated}: its scores are calibrated")
    # The same raw scores, the same labels: the same map as the first fit (not a map of its probabilities).
    assert Calibrator.load(second).shapes["qa"].platt == pytest.approx(Calibrator.load(first).shapes["qa"].platt)

    # The same run without its raw scores cannot be refitted: refused, with what to do.
    stripped = tmp_path / "stripped"
    stripped.mkdir()
    (stripped / "metrics.json").write_bytes((calibrated / "metrics.json").read_bytes())
    (stripped / "predictions.jsonl").write_text(
        "".join(json.dumps({k: v for k, v in r.items() if k != "raw_score"}) + "\n" for r in rows)
    )
    refused = _invoke("calibrate", str(stripped), "--out", str(tmp_path / "third.json"))
    assert refused.exit_code == 2 and "holds calibrated scores" in refused.output
    assert "--set calibration=none" in refused.output and not (tmp_path / "third.json").exists()


def test_a_row_that_cannot_be_read_is_a_clear_error(tmp_path):
    run = _eval(write_cases(tmp_path / "cases.jsonl"), tmp_path / "run")
    rows = (run / "predictions.jsonl").read_text().splitlines()
    bad = {**json.loads(rows[0]), "label": "yes"}
    (run / "predictions.jsonl").write_text("\n".join([json.dumps(bad), *rows[1:]]) + "\n")
    result = _invoke("calibrate", str(run), "--out", str(tmp_path / "c.json"))
    assert result.exit_code == 2 and "row case-0 has label 'yes'" in result.output
    assert "1 (hallucinated) or 0 (faithful)" in result.output

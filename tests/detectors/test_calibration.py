"""Calibrated detectors: the calibrator file, its version check, fitting from runs, and the real verifier wrapped."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from veracity.calibration import Calibrator, detector_fingerprint, fit_calibrator
from veracity.cli import app
from veracity.detectors import calibrated, load_detector
from veracity.detectors.calibrated import CalibratedDetector, with_calibration
from veracity.errors import CalibrationError

CONTEXT = ["Marie Curie was born in Warsaw in 1867. She won two Nobel Prizes."]


def _run(folder, detector, config, rows, split="dev"):
    folder.mkdir(parents=True)
    (folder / "metrics.json").write_text(json.dumps({"detector": detector, "config": config, "split": split}))
    (folder / "predictions.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return folder


def _qa_rows(n=40):
    # Raw scores that overstate hallucination: label 1 only above 0.8.
    return [{"id": str(i), "score": i / n, "label": int(i / n > 0.8), "task": "qa"} for i in range(n)]


@pytest.fixture(scope="module")
def verifier():
    return load_detector("verifier", calibration="none")


def test_a_fitted_calibrator_is_applied_to_the_real_verifier_and_keeps_the_raw_score(tmp_path, verifier):
    run = _run(tmp_path / "qa-dev", "verifier", verifier.config(), _qa_rows())
    calibrator = fit_calibrator([run])
    assert set(calibrator.shapes) == {"qa"} and calibrator.shapes["qa"].method == "platt"  # 40 < 200 examples
    assert calibrator.dev_metrics["qa"]["ece_calibrated"] < calibrator.dev_metrics["qa"]["ece_raw"]
    path = tmp_path / "verifier.json"
    calibrator.save(path)
    assert Calibrator.load(path) == calibrator

    detector = load_detector("verifier", calibration=str(path))
    assert isinstance(detector.inner, CalibratedDetector) and detector.config()["calibration"] == str(path)
    report = detector.detect("Warsaw", CONTEXT, "Where was Marie Curie born?")
    raw = verifier.detect("Warsaw", CONTEXT, "Where was Marie Curie born?")
    assert report.raw_score == pytest.approx(raw.score) and report.threshold == 0.5
    assert report.score == pytest.approx(calibrator.shapes["qa"].probability(raw.score))
    assert report.verdict == ("hallucinated" if report.score >= 0.5 else "faithful")
    assert report.calibration == f"{path} (qa, platt)"
    # One reading of a score (issue 33): the sentences are on the headline's scale, judged by its threshold.
    fit = calibrator.shapes["qa"]
    for mapped, unmapped in zip(report.sentences, raw.sentences, strict=True):
        assert mapped.score == pytest.approx(fit.probability(unmapped.score))
        assert mapped.hallucinated == (mapped.score >= report.threshold)
    if len(report.sentences) == 1:
        assert report.sentences[0].score == pytest.approx(report.score)
    summary = detector.detect("Marie Curie was born in Paris.", CONTEXT)  # no summary fit: raw, with a note
    assert summary.raw_score is None and summary.calibration is None
    assert any("no fit for summary inputs" in note for note in summary.notes)


def test_a_calibrator_for_other_settings_or_files_that_are_not_calibrators_are_clear_errors(tmp_path, verifier):
    other = {**verifier.config(), "chunk_tokens": 100}
    path = tmp_path / "other.json"
    fit_calibrator([_run(tmp_path / "other", "verifier", other, _qa_rows())]).save(path)
    with pytest.raises(CalibrationError, match=str(path)):
        with_calibration(verifier, str(path))
    with pytest.raises(CalibrationError, match="for detector 'verifier', not 'grounding'"):
        with_calibration(load_detector("grounding", calibration="none"), str(path))
    for name, text in [("missing.json", None), ("junk.json", "{not json"), ("foreign.json", '{"format": "x"}'),
                       ("bad.json", '{"format": "veracity-calibrator/1", "detector": "verifier"}')]:  # fmt: skip
        target = tmp_path / name
        if text is not None:
            target.write_text(text)
        with pytest.raises(CalibrationError, match=name):
            load_detector("verifier", calibration=str(target))


def test_auto_uses_a_matching_shipped_calibrator_and_otherwise_falls_back_with_a_note(tmp_path, verifier, monkeypatch):
    shipped = tmp_path / "shipped" / "verifier.json"
    monkeypatch.setattr(calibrated, "shipped_calibrator", lambda name: shipped)
    assert with_calibration(verifier, "auto") is verifier  # nothing shipped: raw, no wrapper
    fit_calibrator([_run(tmp_path / "ok", "verifier", verifier.config(), _qa_rows())]).save(shipped)
    report = with_calibration(verifier, "auto").detect("Warsaw", CONTEXT, "Where was Marie Curie born?")
    assert report.calibration == "shipped:verifier.json (qa, platt)" and report.raw_score is not None
    other = {**verifier.config(), "question_template": None}
    fit_calibrator([_run(tmp_path / "stale", "verifier", other, _qa_rows())]).save(shipped)
    report = with_calibration(verifier, "auto").detect("Warsaw", CONTEXT, "Where was Marie Curie born?")
    assert report.calibration is None and report.raw_score is None
    assert any("fitted for other settings or model weights" in note for note in report.notes)


def test_a_shipped_calibrator_can_be_named_and_a_missing_or_odd_name_is_a_clear_error(tmp_path, verifier, monkeypatch):
    folder = tmp_path / "shipped"
    monkeypatch.setattr(calibrated, "shipped_calibrator", lambda name: folder / f"{name}.json")
    fit_calibrator([_run(tmp_path / "ok", "verifier", verifier.config(), _qa_rows())]).save(folder / "verifier-x.json")
    detector = with_calibration(verifier, "shipped:verifier-x")
    assert detector.config()["calibration"] == "shipped:verifier-x.json"
    report = detector.detect("Warsaw", CONTEXT, "Where was Marie Curie born?")
    assert report.calibration == "shipped:verifier-x.json (qa, platt)"
    with pytest.raises(CalibrationError, match="shipped:nowhere"):
        with_calibration(verifier, "shipped:nowhere")
    for odd in ["shipped:", "shipped:../verifier", "shipped:a/b"]:
        with pytest.raises(CalibrationError, match="name is letters"):
            with_calibration(verifier, odd)
    fit_calibrator([_run(tmp_path / "other", "verifier", {**verifier.config(), "chunk_tokens": 100}, _qa_rows())]).save(
        folder / "stale.json"
    )
    with pytest.raises(CalibrationError, match=r"stale\.json"):
        with_calibration(verifier, "shipped:stale")


def test_fingerprint_ignores_runtime_settings_but_not_scoring_ones(verifier):
    config = verifier.config()
    base = detector_fingerprint("verifier", config)
    assert detector_fingerprint("verifier", {**config, "batch_size": 3, "threshold": 0.9}) == base
    assert detector_fingerprint("verifier", {**config, "mode": "whole"}) != base
    assert detector_fingerprint("sea", config) != base


def test_fit_refuses_test_runs_and_mixed_detectors_and_the_cli_writes_the_file(tmp_path, verifier):
    test_run = _run(tmp_path / "t", "verifier", verifier.config(), _qa_rows(), split="test")
    with pytest.raises(CalibrationError, match="test split"):
        fit_calibrator([test_run])
    a = _run(tmp_path / "a", "verifier", verifier.config(), _qa_rows())
    b = _run(tmp_path / "b", "grounding", {}, _qa_rows())
    with pytest.raises(CalibrationError, match="fit them apart"):
        fit_calibrator([a, b])
    out = tmp_path / "cal.json"
    result = CliRunner().invoke(app, ["calibrate", str(a), "--out", str(out), "--method", "isotonic"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["shapes"]["qa"]["method"] == "isotonic" and Calibrator.load(out).shapes
    bad = CliRunner().invoke(app, ["calibrate", str(test_run), "--out", str(out)])
    assert bad.exit_code != 0 and "test split" in bad.output


def test_calibrate_on_few_rows_warns_with_the_measured_error_at_that_size(tmp_path, verifier):
    """Issue 53: fewer rows than a calibrator can be trusted with is a warning with the expected ECE, not silence."""
    from veracity.calibration import MEASURED_ECE, TRUSTED_ROWS, small_fit_warnings

    few = _run(tmp_path / "few", "verifier", verifier.config(), _qa_rows(60))
    warnings = small_fit_warnings(fit_calibrator([few]))
    assert len(warnings) == 1 and warnings[0].startswith("calibrating qa on 60 rows (platt): expect an ECE of about")
    assert f"about {MEASURED_ECE['platt'][50][0]:.2f}" in warnings[0] and "experiments/calibration-size" in warnings[0]
    # 10 rows, one hallucinated: the map flags none of them, a refusal (issue 68) that force writes over.
    tiny_run = _run(tmp_path / "tiny", "verifier", verifier.config(), _qa_rows(10))
    tiny = small_fit_warnings(fit_calibrator([tiny_run], force=True))
    assert f"more than {MEASURED_ECE['platt'][25][0]:.2f}" in tiny[0]
    enough = _run(tmp_path / "enough", "verifier", verifier.config(), _qa_rows(TRUSTED_ROWS))
    assert small_fit_warnings(fit_calibrator([enough])) == []

    result = CliRunner().invoke(app, ["calibrate", str(few), "--out", str(tmp_path / "cal.json")])
    assert result.exit_code == 0, result.output
    assert f"veracity: warning: {warnings[0]}" in result.stderr
    assert json.loads(result.stdout)["warnings"] == warnings


def test_the_warnings_figures_are_the_committed_measurement():
    from conftest import ROOT
    from veracity.calibration import MEASURED_ECE

    measured = json.loads((ROOT / "experiments" / "calibration-size" / "metrics.json").read_text(encoding="utf-8"))
    table = {
        method: {int(n): (row["mean"], row["p90"]) for n, row in sizes.items()}
        for method, sizes in measured["table"].items()
    }
    assert table == MEASURED_ECE

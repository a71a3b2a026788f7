"""Issue 68 §3: `veracity calibrate` refuses a map that ranks at or below chance or flags nearly every row one way.

The runs are written by hand (a `veracity eval` folder: metrics.json and predictions.jsonl) so that each holds the
case it names exactly: 15 rows whose scores rank below chance, as in the issue's trial, where Platt's slope still
comes out positive and the nearly flat map flags every row.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from veracity.calibration import Calibrator, ShapeCalibration, fit_calibrator
from veracity.cli import app
from veracity.detectors import load_detector
from veracity.detectors.calibrated import CALIBRATED_THRESHOLD, shipped_calibrator
from veracity.errors import CalibrationError

# Nine hallucinated rows, six faithful: AUROC 0.42, one hallucinated outlier keeps Platt's slope positive (0.087).
BELOW_CHANCE = (
    [0.99, 0.2, 0.25, 0.3, 0.35, 0.45, 0.5, 0.55, 0.65, 0.3, 0.42, 0.47, 0.52, 0.6, 0.62],
    [1] * 9 + [0] * 6,
)
# A weak ranking (AUROC 0.60) of rows a third hallucinated: the map keeps every P under 0.5 and flags none.
FLAGS_NONE = (
    [0.1, 0.2, 0.3, 0.4, 0.5, 0.15, 0.25, 0.35, 0.45, 0.55, 0.12, 0.22, 0.32, 0.42, 0.52],
    [1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0],
)


def _run(folder: Path, scores: list[float], labels: list[int]) -> Path:
    folder.mkdir(parents=True)
    config = load_detector("novelty", calibration="none").config()  # the run of a real detector: its calibrator applies
    (folder / "metrics.json").write_text(json.dumps({"detector": "novelty", "config": config, "split": "dev"}))
    pairs = enumerate(zip(scores, labels, strict=True))
    rows = [{"id": f"r{i}", "score": s, "label": y, "shape": "qa"} for i, (s, y) in pairs]
    (folder / "predictions.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return folder


def _invoke(*args: str):
    return CliRunner().invoke(app, list(args))


def test_a_map_of_scores_below_chance_that_flags_every_row_is_refused_and_written_only_when_forced(tmp_path):
    run = _run(tmp_path / "run", *BELOW_CHANCE)
    out = tmp_path / "calibrator.json"
    refused = _invoke("calibrate", str(run), "--out", str(out))
    assert refused.exit_code == 2, refused.output
    assert isinstance(refused.exception, SystemExit) and "Traceback" not in refused.output  # an error, not a crash
    assert f"veracity: error: qa rows of {run}: the calibrator was not written:" in refused.output
    assert "at or below chance (AUROC 0.42 on 15 rows" in refused.output
    assert "flags 15 of the 15 rows (100%) as hallucinated (P ≥ 0.5), where 9 (60%)" in refused.output
    assert "label 1 means hallucinated" in refused.output and "--force" in refused.output
    assert not out.exists()

    from veracity.calibration import UselessFitError

    forced = _invoke("calibrate", str(run), "--out", str(out), "--force")
    assert forced.exit_code == 0, forced.output
    written = Calibrator.load(out)
    assert written.warnings["qa"].startswith("written with --force over a refusal: the scores rank the labels at")
    assert "flags 15 of the 15 rows (100%)" in written.warnings["qa"]
    assert f"qa: {written.warnings['qa']}" in json.loads(forced.stdout)["warnings"]
    assert "veracity: warning: qa: written with --force" in forced.output
    with pytest.raises(UselessFitError) as caught:  # the library refuses the same fit, with the same reason
        fit_calibrator([run])
    assert written.warnings["qa"].endswith(caught.value.reason)

    # A calibrator written before the field (every shipped one) still loads, with no warnings.
    shipped = Calibrator.load(shipped_calibrator("litehall"))
    assert "warnings" not in json.loads(shipped_calibrator("litehall").read_text()) and shipped.warnings == {}


def test_a_map_that_flags_no_row_where_a_third_are_hallucinated_is_refused(tmp_path):
    run = _run(tmp_path / "run", *FLAGS_NONE)
    with pytest.raises(CalibrationError, match="it would flag fewer than 10% of them") as caught:
        fit_calibrator([run])
    assert "flags 0 of the 15 rows (0%)" in str(caught.value) and "where 5 (33%)" in str(caught.value)
    assert "(AUROC 0.60)" in str(caught.value)  # above chance: the AUROC is named beside the share


def test_labels_that_are_themselves_one_sided_may_be_flagged_one_way():
    from veracity.calibration import FLAG_THRESHOLD, fit_refusal

    scores, labels = [0.3 + 0.03 * i for i in range(20)], [0] + [1] * 19  # 95% hallucinated, ranked perfectly
    mapped = ShapeCalibration.fit(scores, labels, "platt", "hand")
    assert all(mapped.probability(s) >= FLAG_THRESHOLD for s in scores[1:])
    assert fit_refusal(mapped, scores, labels) is None
    # The same map on rows labelled the other way round is refused: it flags what is not there.
    assert fit_refusal(mapped, scores, [1 - y for y in labels]) is not None


def test_a_flag_is_the_calibrated_detectors_decision(tmp_path):
    from veracity.calibration import FLAG_THRESHOLD

    out = tmp_path / "forced.json"
    fit_calibrator([_run(tmp_path / "run", *BELOW_CHANCE)], force=True).save(out)
    assert FLAG_THRESHOLD == CALIBRATED_THRESHOLD  # hallucinated iff P(hallucinated) >= 0.5
    # A forced calibrator in use: each report of the forced shape says what it was written over.
    report = load_detector("novelty", calibration=str(out)).detect("Paris.", ["Paris is in France."], "Where?")
    assert report.verdict == ("hallucinated" if report.score >= FLAG_THRESHOLD else "faithful")
    assert any("for qa inputs was written with --force over a refusal: the scores" in note for note in report.notes)

"""The cascade's routing (scripted stages), its faults with real parts, and the llm-judge detector.

Scripted stages stand in for detectors only where a test needs an exact score at the band's edges; the faults use
the real verifier and a real (refused) local port, and the judge runs SmolLM2 through llama.cpp.
"""

from __future__ import annotations

import pytest

from veracity.detectors import load_detector
from veracity.detectors.cascade import CascadeConfig, CascadeDetector, route
from veracity.detectors.judge import JUDGE_SCHEMA, LLMJudgeDetector
from veracity.errors import BackendError, ConfigError
from veracity.models.llm.base import RETRY_TEMPERATURE
from veracity.models.llm.scripted import ScriptedLLM
from veracity.schema import Report

CONTEXT = ["Marie Curie was born in Warsaw in 1867. She won two Nobel Prizes."]
QUESTION = "Where was Marie Curie born?"


class Stage:
    """A detector that answers with a fixed score (or fails), and counts its calls."""

    def __init__(self, name: str, score: float, calibrated: bool = True, fails: bool = False) -> None:
        self.name, self.score, self.calibrated, self.fails, self.calls = name, score, calibrated, fails, 0

    def config(self):
        return {"stage": self.name}

    def detect(self, answer, context, question=None):
        self.calls += 1
        if self.fails:
            raise BackendError("connection refused")
        return Report(
            answer=answer,
            question=question,
            verdict="hallucinated" if self.score >= 0.5 else "faithful",
            score=self.score,
            threshold=0.5,
            detector=self.name,
            models={"nli": self.name},
            timings_ms={"nli": 2.0},
            calibration="test (qa, isotonic)" if self.calibrated else None,
        )


def test_route_by_hand():
    assert route(0.1, (0.2, 0.8)) == "faithful" and route(0.8, (0.2, 0.8)) == "hallucinated"
    assert route(0.2, (0.2, 0.8)) is None and route(0.79, (0.2, 0.8)) is None
    assert route(0.5, (0.5, 0.5)) == "hallucinated" and route(0.49, (0.5, 0.5)) == "faithful"  # empty band


@pytest.mark.parametrize(
    ("first_score", "decided_by", "verdict", "second_calls"),
    [(0.05, "first", "faithful", 0), (0.95, "first", "hallucinated", 0), (0.5, "second", "hallucinated", 1)],
)
def test_the_first_stage_decides_outside_the_band_and_the_second_inside(first_score, decided_by, verdict, second_calls):
    first, second = Stage("verifier", first_score), Stage("litehall", 0.9)
    report = CascadeDetector(first, second).detect("Paris", CONTEXT, QUESTION)
    assert report.details.decided_by == decided_by and report.verdict == verdict and report.detector == "cascade"
    assert second.calls == second_calls and first.calls == 1
    assert "first:nli" in report.timings_ms and ("second:nli" in report.timings_ms) == (decided_by == "second")
    assert f"{decided_by} stage decided" in report.notes[-1] and report.config["second_config"] == {"stage": "litehall"}


def test_bands_per_shape_and_an_uncalibrated_first_stage_is_said():
    settings = CascadeConfig(band=(0.2, 0.8), bands={"summary": (0.0, 1.0)})
    first, second = Stage("verifier", 0.1, calibrated=False), Stage("litehall", 0.9)
    cascade = CascadeDetector(first, second, settings)
    assert cascade.detect("Warsaw", CONTEXT, QUESTION).details.decided_by == "first"
    summary = cascade.detect("Marie Curie was born in Warsaw.", CONTEXT)  # no question: the summary band
    assert summary.details.decided_by == "second" and second.calls == 1
    assert any("not calibrated: the band applies to its raw score" in n for n in summary.notes)


def test_a_failing_second_stage_leaves_the_first_verdict_and_says_so():
    report = CascadeDetector(Stage("verifier", 0.6), Stage("llm-judge", 0.1, fails=True)).detect("Paris", CONTEXT)
    assert report.details.decided_by == "first" and report.verdict == "hallucinated"
    assert "second stage 'llm-judge' failed (connection refused); the first stage's verdict stands" in report.notes[-1]


def test_bad_bands_and_nested_cascades_are_config_errors():
    with pytest.raises(ConfigError, match="low <= high"):
        load_detector("cascade", band=[0.9, 0.1])
    with pytest.raises(ConfigError, match="unknown input shape"):
        load_detector("cascade", bands={"poem": [0.1, 0.9]})
    with pytest.raises(ConfigError, match="cannot be cascades"):
        load_detector("cascade", second="cascade")


def test_real_verifier_with_an_llm_judge_that_is_down():
    cascade = load_detector(
        "cascade",
        first_calibration="none",
        second="llm-judge",
        second_settings={"llm": "http://127.0.0.1:9/v1", "llm_timeout": 5},
        band=[0.0, 1.0],
    )
    report = cascade.detect("Paris", CONTEXT, QUESTION)
    assert report.details.decided_by == "first" and report.raw_score is None
    assert any("second stage 'llm-judge' failed" in note for note in report.notes)
    assert report.verdict == "hallucinated"  # the real verifier: Paris is not Warsaw


def test_llm_judge_repairs_once_then_fails_clearly_and_its_score_follows_the_label():
    good = '{"label": "faithful", "confidence": 80}'
    judge = LLMJudgeDetector(ScriptedLLM(["not json", good]))
    report = judge.detect("Warsaw", CONTEXT, QUESTION)
    assert report.verdict == "faithful" and report.score == pytest.approx(0.1)
    assert judge.llm.calls[0][1] == JUDGE_SCHEMA and "Not usable" in judge.llm.calls[1][0][-1]["content"]
    assert judge.llm.temperatures == [0.0, RETRY_TEMPERATURE]
    coin = LLMJudgeDetector(ScriptedLLM(['{"label": "faithful", "confidence": 0}'])).detect("Warsaw", CONTEXT)
    assert coin.verdict == "faithful" and coin.score < 0.5
    with pytest.raises(BackendError, match="no usable verdict"):
        LLMJudgeDetector(ScriptedLLM(["junk", '{"label": "maybe"}'])).detect("Warsaw", CONTEXT, QUESTION)


def test_llm_judge_with_smollm2_gives_a_schema_valid_verdict():
    judge = load_detector("llm-judge", llm="smollm2-135m-instruct", context_chars=300)
    report = judge.detect("Marie Curie was born in Paris. " * 3, [CONTEXT[0] * 10], QUESTION)
    assert report.verdict in ("hallucinated", "faithful") and 0.0 <= report.score <= 1.0
    assert report.models["llm"] and any("context cut" in note for note in report.notes)


# -- the curve --------------------------------------------------------------------------------------------------------
def test_cascade_curve_pareto_and_band_by_hand():
    from veracity.eval.cascade import cascade_curve, choose_band, pareto

    labels, p = [0, 1, 0, 1], [0.1, 0.9, 0.6, 0.4]  # the first stage is wrong on the last two
    curve = cascade_curve(labels, p, [10] * 4, labels, [100] * 4, grid=[0.0, 0.3, 0.5, 0.7, 1.0])
    point = {(q.low, q.high): q for q in curve}
    assert point[(0.3, 0.7)].accuracy == 1.0 and point[(0.3, 0.7)].mean_latency_ms == 60.0
    assert point[(0.3, 0.7)].routed == 0.5 and point[(0.5, 0.5)].accuracy == 0.5
    assert point[(0.0, 1.0)].routed == 1.0 and point[(0.0, 1.0)].mean_latency_ms == 110.0
    assert point[(0.0, 0.7)].mean_latency_ms == 85.0  # 0.1, 0.4 and 0.6 go, 0.9 stays
    frontier = [(q.mean_latency_ms, q.accuracy) for q in pareto(curve)]
    assert frontier == [(10.0, 0.5), (35.0, 0.75), (60.0, 1.0)]
    chosen = choose_band(curve, target_accuracy=1.0, tolerance=0.0)
    assert (chosen.low, chosen.high) == (0.3, 0.7)
    assert choose_band(curve, target_accuracy=1.1, tolerance=0.0) is None


def test_cascade_curve_command_on_two_runs(tmp_path):
    import json

    from typer.testing import CliRunner

    from veracity.cli import app

    def run(name, rows):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "predictions.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
        return folder

    p = [0.1, 0.9, 0.6, 0.4]
    first = run("first", [{"id": str(i), "label": i % 2, "score": s, "threshold": 0.5, "predicted": int(s >= 0.5),
                           "task": "qa", "latency_ms": 10} for i, s in enumerate(p)])  # fmt: skip
    second = run("second", [{"id": str(i), "label": i % 2, "score": 0.5, "predicted": i % 2, "task": "qa",
                             "latency_ms": 100} for i in range(4)])  # fmt: skip
    result = CliRunner().invoke(app, ["eval", "cascade-curve", "--first", str(first), "--second", str(second),
                                      "--out", str(tmp_path / "out")])  # fmt: skip
    assert result.exit_code == 0, result.output
    metrics = json.loads((tmp_path / "out" / "metrics.json").read_text())
    qa = metrics["shapes"]["qa"]
    assert qa["first"]["accuracy"] == 0.5 and qa["second"]["accuracy"] == 1.0 and qa["chosen"]["accuracy"] == 1.0
    assert qa["chosen"]["mean_latency_ms"] == 60.0 and (tmp_path / "out" / "curve.png").stat().st_size > 0
    assert json.loads(metrics["bands_setting"])["qa"] == [qa["chosen"]["low"], qa["chosen"]["high"]]
    empty = run("empty", [])
    bad = CliRunner().invoke(app, ["eval", "cascade-curve", "--first", str(first), "--second", str(empty),
                                   "--out", str(tmp_path / "o2")])  # fmt: skip
    assert bad.exit_code != 0 and "no example id in common" in bad.output

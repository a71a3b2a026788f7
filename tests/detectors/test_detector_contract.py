"""Every registered detector through the same checks (issue 34): the empty answer, a bad setting, the settings
listing, the config round trip, and the Report's invariants on one small real input.

The two detectors that need a generative LLM (`leap`, `llm-judge`) are not run on the real input here: a local LLM
takes minutes per answer on 2 cores; tests/detectors/test_leap.py and tests/models/test_models_llm.py run them with
real models.
"""

from __future__ import annotations

import json

import pytest

from veracity.detectors import detector_settings, load_detector
from veracity.errors import ConfigError
from veracity.registry import names
from veracity.schema import Report

DETECTORS = names("detector")
NEEDS_AN_LLM = {"leap", "llm-judge"}
# config() of auto reports each route's built detector and its settings, not the Route it was given.
NOT_ROUND_TRIP = {"auto": "config() shows the detectors the routes built (what ran), not the Route settings"}
CONTEXT = ["Marie Curie was born in Warsaw in 1867. She won the Nobel Prize in Physics in 1903."]


def test_the_registry_is_pinned():
    assert DETECTORS == [
        "auto", "cascade", "fused", "grounding", "leap", "litehall", "llm-judge", "novelty", "oasis", "reader", "sea",
        "span", "verifier",
    ]  # fmt: skip


@pytest.mark.parametrize("name", DETECTORS)
def test_an_empty_answer_is_the_defined_result(name):
    # Issue 53: not checked, not faithful (a gate must not pass a blank reply), and no score to compare.
    report = load_detector(name).detect("   ", CONTEXT)
    assert report.verdict == "not_checked" and report.score is None and report.details.unchecked_score is None
    assert report.hallucinated_spans == [] and "empty answer: nothing to check" in report.notes


@pytest.mark.parametrize("name", DETECTORS)
def test_a_bad_setting_is_a_config_error_naming_it_and_the_listing(name):
    with pytest.raises(ConfigError) as bad:
        load_detector(name, no_such_setting=1)
    assert "no_such_setting" in str(bad.value) and f"veracity detectors {name}" in str(bad.value)


@pytest.mark.parametrize("name", DETECTORS)
def test_settings_are_listed_and_config_round_trips(name):
    listed = {s.name for s in detector_settings(name)}
    detector = load_detector(name, calibration="none")
    config = detector.config()
    json.dumps(config)  # recorded in every report: plain JSON
    if name in NOT_ROUND_TRIP:
        return
    again = load_detector(
        name, calibration="none", **{k: v for k, v in config.items() if k in listed - {"calibration"}}
    )
    assert again.config() == config


@pytest.mark.parametrize("name", sorted(set(DETECTORS) - NEEDS_AN_LLM))
def test_a_real_input_gives_a_consistent_report(name):
    detector = load_detector(name)
    report = detector.detect("Marie Curie was born in Paris in 1867.", CONTEXT, "Where was Marie Curie born?")
    assert isinstance(report, Report)
    Report.model_validate_json(report.model_dump_json())  # the invariants hold after a round trip through JSON
    assert 0.0 <= report.score <= 1.0 and report.verdict == ("hallucinated" if report.score >= report.threshold
                                                               else "faithful")  # fmt: skip
    assert all(span.matches(report.answer) for span in report.hallucinated_spans)
    assert report.detector == name and report.config

"""The default detector on the behavioural suite's fast sample (issue 53 §6): what `make test` holds it to.

The whole suite runs behind `veracity eval --dataset behaviour` (benchmarks/reader/run.sh); here the sample (every
test, each variant with its base case, ~60 cases, real models) checks the families the default meets on the whole
suite: every direction test, absent names / numbers / dates caught, honest abstentions passed, verdicts unmoved by
the input's shape.
"""

from __future__ import annotations

import pytest

from veracity.data.behaviour_suite import read_behaviour_cases
from veracity.detectors import load_detector
from veracity.eval.behaviour import Outcome, pass_rates


@pytest.fixture(scope="module")
def rates(behaviour_suite_file):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("VERACITY_BEHAVIOUR", str(behaviour_suite_file))
        cases = read_behaviour_cases("sample")
    detector = load_detector("auto")
    outcomes = {}
    for case in cases:
        report = detector.detect(case["answer"], case["context"], case.get("question"))
        outcomes[str(case["id"])] = Outcome(report.score, report.threshold, report.verdict)
    return pass_rates(cases, outcomes)


def test_every_direction_case_of_the_sample_passes(rates):
    direction = {test: rate for test, rate in rates.items() if rate["type"] == "dir"}
    assert direction and all(rate["rate"] == 1.0 for rate in direction.values()), direction


def test_absent_names_numbers_and_dates_are_caught(rates):
    absent = {test: rate["rate"] for test, rate in rates.items() if test.startswith("absent-")}
    assert set(absent) == {"absent-name", "absent-number", "absent-date"} and all(r == 1.0 for r in absent.values())


def test_abstentions_pass_and_the_shape_does_not_move_the_verdict(rates):
    assert rates["faithful-abstention"]["rate"] == 1.0
    shape = ["inv-passages-split", "inv-passages-merged", "inv-passages-reordered", "inv-unrelated-passage",
             "inv-question-dropped", "inv-question-added", "bad-passage-repeated", "bad-passages-duplicated",
             "bad-empty-passages"]  # fmt: skip
    assert all(rates[test]["rate"] == 1.0 for test in shape), {test: rates[test]["rate"] for test in shape}

"""VeracityMetric in DeepEval (issue 54 §4): DeepEval's own evaluate() and assert_test() over LLMTestCases, the real
`grounding` detector and veracity's default one; no LLM key, no network, nothing of DeepEval mocked.

DeepEval's usage events are turned off the documented way, DEEPEVAL_TELEMETRY_OPT_OUT, set here before deepeval is
imported (its pytest plugin, which would import it when pytest starts, is off in pyproject.toml's pytest options).
A test below also fails any socket connection made while DeepEval evaluates.
"""

import asyncio
import os
import socket
from pathlib import Path

import pytest

os.environ["DEEPEVAL_TELEMETRY_OPT_OUT"] = "YES"

pytest.importorskip("deepeval", reason="the deepeval extra is not installed: pip install 'veracity[deepeval]'")

from deepeval import assert_test, evaluate
from deepeval.errors import MissingTestCaseParamsError
from deepeval.evaluate import AsyncConfig, DisplayConfig, ErrorConfig
from deepeval.metrics import BaseMetric
from deepeval.metrics.utils import copy_metrics
from deepeval.telemetry.client import telemetry_opt_out
from deepeval.test_case import LLMTestCase
from deepeval.test_case.llm_test_case import RetrievedContextData

from conftest import close_thread_event_loop
from veracity import load_detector
from veracity.errors import ConfigError, InputError, UnknownNameError
from veracity.integrations.deepeval import MissingTestCaseFieldError, VeracityMetric
from veracity.schema import Document

QUESTION = "How many weeks of paid leave do secondary caregivers get?"
POLICY = "Primary caregivers receive 18 weeks of paid leave; secondary caregivers receive 6 weeks."
WRONG = "Secondary caregivers get 9 weeks of paid leave."
RIGHT = "Secondary caregivers get 6 weeks of paid leave."


def case(answer=RIGHT, **fields):
    fields.setdefault("retrieval_context", [POLICY])
    return LLMTestCase(input=QUESTION, actual_output=answer, **fields)


@pytest.fixture(scope="module")
def detector():
    return load_detector("grounding")


@pytest.fixture(scope="module")
def metric(detector):
    return VeracityMetric(detector)


@pytest.fixture(scope="module")
def default_metric():
    """veracity's default detector (`auto`), built once: its models take seconds to load on first use."""
    return VeracityMetric()


@pytest.fixture
def quiet_run(tmp_path, monkeypatch):
    """DeepEval writes its run under .deepeval/ in the working directory: a temporary one here."""
    monkeypatch.chdir(tmp_path)
    yield DisplayConfig(show_indicator=False, print_results=False, inspect_after_run=False)
    close_thread_event_loop()


def test_telemetry_is_off():
    assert telemetry_opt_out()


def test_it_is_a_deepeval_metric_named_veracity(metric):
    assert isinstance(metric, BaseMetric) and metric.__name__ == "Veracity"
    assert metric.evaluation_model == "veracity grounding (no LLM)"
    fresh = VeracityMetric("grounding")
    assert fresh.threshold == 0.5 and fresh.is_successful() is None and fresh.score is None


def test_a_value_not_in_the_context_fails_naming_it_and_its_evidence(metric, detector):
    score = metric.measure(case(WRONG))
    report = detector.detect(WRONG, [Document(id="context-1", text=POLICY)], QUESTION)
    assert metric.report.model_dump(exclude={"timings_ms"}) == report.model_dump(exclude={"timings_ms"})
    assert report.verdict == "hallucinated"
    assert score == metric.score == pytest.approx(1 - report.score)
    assert metric.threshold == pytest.approx(1 - report.threshold)
    assert metric.is_successful() is False and metric.success is False and metric.error is None
    head, line = metric.reason.splitlines()
    assert head == f"not supported: P(supported) {1 - report.score:.2f}, passing above {1 - report.threshold:.2f}"
    assert line == f'"{WRONG}": unsupported \'9\'; the sources say "{POLICY}" [context-1]'


def test_a_supported_answer_passes(metric):
    assert metric.measure(case(RIGHT)) > 0.5
    assert metric.is_successful() is True and metric.score > metric.threshold
    assert metric.reason.startswith("supported: P(supported) ") and metric.reason.endswith("found in context-1")


def test_the_default_detector_is_veracitys_default_and_fails_the_wrong_value(default_metric):
    assert default_metric.detector.name == "auto"
    default_metric.measure(case(WRONG))
    report = default_metric.report
    assert report.verdict == "hallucinated" and default_metric.is_successful() is False
    assert default_metric.score == pytest.approx(1 - report.score)
    assert default_metric.score < default_metric.threshold
    assert default_metric.threshold == pytest.approx(1 - report.threshold)
    sentence, rest = default_metric.reason.splitlines()[1].split(": unsupported ")
    assert sentence == f'"{WRONG}"' and "9" in rest.split("; the sources say")[0] and rest.endswith("[context-1]")
    default_metric.measure(case(RIGHT))
    assert default_metric.is_successful() is True and default_metric.score > default_metric.threshold


def test_a_measure_runs_in_a_worker_thread_and_copies_share_the_detector(metric):
    copies = copy_metrics([metric, metric])
    assert all(copy.detector is metric.detector for copy in copies)

    async def both():
        return await asyncio.gather(copies[0].a_measure(case(WRONG)), copies[1].a_measure(case(RIGHT)))

    scores = asyncio.run(both())
    assert [copy.is_successful() for copy in copies] == [False, True]
    assert scores == [copy.score for copy in copies]
    assert scores == pytest.approx([metric.measure(case(WRONG)), metric.measure(case(RIGHT))])


def test_context_is_read_when_there_is_no_retrieval_context(metric):
    metric.measure(case(WRONG, retrieval_context=None, context=[POLICY]))
    assert metric.is_successful() is False and metric.reason.endswith("[context-1]")


def test_retrieved_context_data_is_named_by_its_source(metric):
    chunks = [
        RetrievedContextData(context="Primary caregivers receive 18 weeks of paid leave.", source="handbook.md"),
        RetrievedContextData(context="Secondary caregivers receive 6 weeks.", source="handbook.md"),
    ]
    metric.measure(case(WRONG, retrieval_context=chunks))
    documents = {e.document_id for s in metric.report.sentences for e in s.evidence}
    assert documents <= {"handbook.md", "handbook.md#2"} and metric.is_successful() is False


# Issue 58 §2: an answer the detector could not check — empty, blank, another language — does not pass by default;
# unchecked="pass" lets it through. It has no score either way, and the reason says why.
FRENCH = "Les aidants secondaires bénéficient de six semaines de congé payé, selon le règlement de l'entreprise."
UNCHECKED = {"empty": ("", "empty answer"), "whitespace": (" \n\t ", "empty answer"), "french": (FRENCH, "'fr'")}
unchecked_answers = pytest.mark.parametrize(("answer", "reason"), list(UNCHECKED.values()), ids=list(UNCHECKED))


@unchecked_answers
def test_an_answer_not_checked_is_an_error_never_a_pass(metric, answer, reason):
    assert metric.measure(case(answer)) is None
    assert metric.report.verdict == "not_checked" and metric.score is None
    assert metric.is_successful() is False and metric.error == metric.reason
    assert metric.reason.startswith("not checked: ") and reason in metric.reason and "blocked" in metric.reason
    metric.measure(case(RIGHT))  # the next measurement clears it
    assert metric.error is None and metric.is_successful() is True


@unchecked_answers
def test_unchecked_pass_makes_an_answer_not_checked_a_success(detector, answer, reason):
    lenient = VeracityMetric(detector, unchecked="pass")
    assert lenient.measure(case(answer)) is None
    assert lenient.is_successful() is True and lenient.error is None and lenient.score is None
    assert reason in lenient.reason and "passed" in lenient.reason
    lenient.measure(case(WRONG))
    assert lenient.is_successful() is False
    assert all(copy.unchecked == "pass" for copy in copy_metrics([lenient]))  # evaluate() measures copies


def test_an_unknown_unchecked_policy_is_refused(detector):
    with pytest.raises(ConfigError, match="unknown unchecked policy 'allow'; choose block"):
        VeracityMetric(detector, unchecked="allow")


@pytest.mark.parametrize(
    ("test_case", "message"),
    [
        (
            LLMTestCase(input=QUESTION, retrieval_context=[POLICY]),
            "looked for actual_output; the test case has input, retrieval_context",
        ),
        (
            LLMTestCase(input=QUESTION, actual_output=WRONG),
            "looked for retrieval_context, then context (a non-empty list of texts); the test case has "
            "actual_output, input",
        ),
        (
            LLMTestCase(input=QUESTION, actual_output=WRONG, retrieval_context=[], context=[]),
            "the test case has actual_output, context (empty), input, retrieval_context (empty)",
        ),
    ],
)
def test_a_missing_field_is_named_with_the_fields_found(metric, test_case, message):
    with pytest.raises(MissingTestCaseFieldError) as raised:
        metric.measure(test_case)
    assert message in str(raised.value)
    assert isinstance(raised.value, InputError) and isinstance(raised.value, MissingTestCaseParamsError)
    with pytest.raises(MissingTestCaseFieldError):
        asyncio.run(metric.a_measure(test_case))


def test_a_context_that_is_not_text_or_a_test_case_that_is_not_one_is_named(metric):
    bad = LLMTestCase.model_construct(input=QUESTION, actual_output=WRONG, retrieval_context=[POLICY, 7], context=None)
    with pytest.raises(InputError, match=r"retrieval_context\[1\] is int, not text"):
        metric.measure(bad)
    with pytest.raises(InputError, match="reads an LLMTestCase, not dict"):
        metric.measure({"input": QUESTION, "actual_output": WRONG})


def test_detector_settings_by_name(detector):
    strict = VeracityMetric("grounding", settings={"threshold": 0.8})
    strict.measure(case(RIGHT))
    assert strict.report.threshold == 0.8 and strict.threshold == pytest.approx(0.2)
    with pytest.raises(ConfigError, match="settings apply to a detector given by name"):
        VeracityMetric(detector, settings={"threshold": 0.8})
    with pytest.raises(ConfigError, match="threshhold"):
        VeracityMetric("grounding", settings={"threshhold": 0.8})
    with pytest.raises(UnknownNameError):
        VeracityMetric("no-such-detector")


@pytest.mark.parametrize("run_async", [True, False], ids=["async", "sync"])
def test_deepeval_evaluate_scores_each_test_case_without_a_connection(metric, quiet_run, monkeypatch, run_async):
    connections = []

    def refuse(sock, address):
        connections.append(address)
        raise OSError(f"no network in this test: {address}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    test_cases = [case(RIGHT), case(WRONG), case(WRONG, retrieval_context=None, context=[POLICY])]
    result = evaluate(test_cases, [metric], async_config=AsyncConfig(run_async=run_async), display_config=quiet_run)
    results = sorted(result.test_results, key=lambda r: r.name)
    assert [r.success for r in results] == [True, False, False]
    data = [r.metrics_data[0] for r in results]
    assert {d.name for d in data} == {"Veracity"} and all(d.error is None for d in data)
    assert [d.score for d in data] == pytest.approx([metric.measure(c) for c in test_cases])
    assert data[1].threshold == pytest.approx(0.5) and "unsupported '9'" in data[1].reason
    assert connections == []
    assert Path(".deepeval").is_dir()  # its run record: in the temporary folder, not the repository


def test_deepeval_evaluate_counts_an_answer_not_checked_as_errored(metric, quiet_run):
    result = evaluate([case(RIGHT), case("")], [metric], display_config=quiet_run)
    results = sorted(result.test_results, key=lambda r: r.name)
    assert [r.success for r in results] == [True, False]
    assert results[1].metrics_data[0].error.startswith("not checked: ")


def test_deepeval_evaluate_and_assert_test_by_the_unchecked_policy(detector, quiet_run):
    answers = [RIGHT, *(answer for answer, _ in UNCHECKED.values())]
    for policy, expected in (("block", [True, False, False, False]), ("pass", [True, True, True, True])):
        result = evaluate(
            [case(a) for a in answers], [VeracityMetric(detector, unchecked=policy)], display_config=quiet_run
        )
        success = {r.actual_output: r.success for r in result.test_results}
        assert [success[a] for a in answers] == expected, policy
    with pytest.raises(AssertionError, match=r"not checked: .*'fr'"):
        assert_test(case(FRENCH), [VeracityMetric(detector)])
    assert_test(case(FRENCH), [VeracityMetric(detector, unchecked="pass")])


def test_deepeval_skips_or_errors_a_test_case_missing_its_context_as_configured(metric, quiet_run):
    no_context = LLMTestCase(input=QUESTION, actual_output=WRONG)
    skipped = evaluate(
        [case(RIGHT), no_context],
        [metric],
        display_config=quiet_run,
        error_config=ErrorConfig(skip_on_missing_params=True),
    )
    measured = {r.actual_output: len(r.metrics_data or []) for r in skipped.test_results}
    assert measured == {RIGHT: 1, WRONG: 0}
    errored = evaluate([no_context], [metric], display_config=quiet_run, error_config=ErrorConfig(ignore_errors=True))
    (data,) = errored.test_results[0].metrics_data
    assert data.success is False and "looked for retrieval_context, then context" in data.error
    with pytest.raises(MissingTestCaseFieldError):
        evaluate([no_context], [metric], display_config=quiet_run)


def test_assert_test_passes_a_supported_answer_and_fails_the_wrong_value(metric, quiet_run):
    assert_test(case(RIGHT), [metric])
    with pytest.raises(AssertionError, match=r"(?s)Veracity \(score: 0\.0, threshold: 0\.5.*unsupported '9'"):
        assert_test(case(WRONG), [metric])

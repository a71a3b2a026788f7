"""The harness end to end with real detectors: grounding (MiniLM + spaCy) and verifier (a tiny random NLI model,
since no NLI model can be installed offline)."""

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import FIXTURES
from fakes import fixed_scorer
from veracity.cli import app
from veracity.detectors.verifier import VerifierConfig, VerifierDetector
from veracity.errors import ConfigError, InputError, VeracityError
from veracity.eval.harness import compare_runs, evaluate, stage_timings
from veracity.eval.report import render_benchmarks, score_is_probability

GENERIC = f"jsonl:{FIXTURES / 'generic.jsonl'}"
runner = CliRunner()


def test_generic_dataset_end_to_end(grounding, tmp_path):
    result = evaluate(grounding, GENERIC, tmp_path, command="test")
    data = json.loads((tmp_path / "metrics.json").read_text())
    assert data == result.metrics
    assert data["n"] == 3 and data["n_skipped"] == 2 and data["n_errors"] == 2  # skipped lines are errors (issue 44)
    assert data["metrics"]["accuracy"] == 1.0  # g1 hallucinated (Germany), g2 and g5 faithful
    assert data["metrics"]["span_precision"] == 1.0 and data["metrics"]["span_recall"] == 1.0
    for key in ("auroc", "ece", "acc_hallucinated", "acc_faithful", "balanced_accuracy", "f1", "accuracy_ci95"):
        assert key in data["metrics"]
    assert set(data["latency_ms"]) == {"p50", "p95", "mean"} and data["throughput_per_s"] > 0
    assert data["peak_rss_mb"] > 50 and data["versions"]["python"] and data["threshold"] == 0.5
    assert data["detector"] == "grounding" and data["config"]["top_k"] == 3
    assert (tmp_path / "pr_curve.png").exists() and (tmp_path / "reliability.png").exists()
    rows = [json.loads(line) for line in (tmp_path / "predictions.jsonl").read_text().splitlines()]
    assert [r["id"] for r in rows] == ["g1", "g2", "g5"] and rows[0]["spans"] == [[12, 19]]


def test_warm_up_loads_first_and_changes_no_prediction(grounding, tmp_path):
    cold = evaluate(grounding, GENERIC, tmp_path / "cold")
    warm = evaluate(grounding, GENERIC, tmp_path / "warm", warm_up=True)
    assert cold.metrics["warm_up_s"] is None and warm.metrics["warm_up_s"] > 0
    rows = [(tmp_path / name / "predictions.jsonl").read_text().splitlines() for name in ("cold", "warm")]
    scores = [[(json.loads(line)["id"], json.loads(line)["score"]) for line in r] for r in rows]
    assert scores[0] == scores[1]
    with pytest.raises(ConfigError, match="local engine only"):
        evaluate(grounding, GENERIC, tmp_path / "ray", warm_up=True, predict_many=lambda todo: [])


def test_resume_skips_scored_examples(grounding, tmp_path):
    evaluate(grounding, GENERIC, tmp_path, limit=1)
    assert len((tmp_path / "predictions.jsonl").read_text().splitlines()) == 1
    again = evaluate(grounding, GENERIC, tmp_path)
    assert again.n_new == 2 and again.metrics["n"] == 3
    assert len((tmp_path / "predictions.jsonl").read_text().splitlines()) == 3


def test_detector_errors_are_recorded_and_the_run_goes_on(grounding, tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text(
        json.dumps({"id": "ok", "answer": "Paris is in France.", "context": ["Paris is in France."], "label": 0})
        + "\n"
        + json.dumps({"id": "empty", "answer": "Paris is in France.", "context": [], "label": 0})
        + "\n"
    )
    result = evaluate(grounding, f"jsonl:{source}", tmp_path / "out")
    assert result.metrics["n"] == 1 and result.metrics["n_errors"] == 1
    assert "no context" in result.metrics["errors"][0]


def test_calibration_fits_on_one_split_and_applies_to_another(grounding, tmp_path):
    result = evaluate(grounding, GENERIC, tmp_path / "run", calibrate_on=GENERIC, objective="balanced_accuracy")
    calibration = result.metrics["calibration"]
    assert calibration["dataset"] == GENERIC and calibration["objective"] == "balanced_accuracy"
    assert result.metrics["threshold"] == calibration["threshold"]
    assert (tmp_path / "run" / "calibration" / "predictions.jsonl").exists()
    limited = evaluate(grounding, GENERIC, tmp_path / "limited", calibrate_on=GENERIC, calibrate_limit=2)
    assert limited.metrics["calibration"]["n"] == 2 and limited.metrics["calibration"]["limit"] == 2
    assert len((tmp_path / "limited" / "calibration" / "predictions.jsonl").read_text().splitlines()) == 2


def test_progress_is_told_which_dataset_each_stream_comes_from(grounding, tmp_path):
    seen: list[str] = []

    def progress(items, name):
        seen.append(name)
        return items

    copy = tmp_path / "calibration.jsonl"
    copy.write_text((FIXTURES / "generic.jsonl").read_text())
    other = f"jsonl:{copy}"
    evaluate(grounding, GENERIC, tmp_path / "run", calibrate_on=other, calibrate_limit=2, progress=progress)
    assert seen == [GENERIC, other]


def test_nli_pairs_with_the_verifier(tiny_nli_dir, tmp_path):
    detector = VerifierDetector.from_config(model=str(tiny_nli_dir))
    result = evaluate(detector, f"nli:{FIXTURES / 'pairs.tsv'}", tmp_path)
    assert result.metrics["n"] == 2 and result.metrics["n_skipped"] == 2
    assert set(result.metrics["metrics"]) == {"accuracy", "macro_f1", "binary_accuracy"}
    report = detector.detect("A person sleeps.", ["A man sleeps."])
    assert 0.0 <= report.score <= 1.0 and report.models == {"nli": str(tiny_nli_dir)}


def test_nli_pairs_need_a_pair_scorer(grounding, tmp_path):
    with pytest.raises(InputError, match=r"no example could be checked.*verifier"):  # every pair refused: no metric
        evaluate(grounding, f"nli:{FIXTURES / 'pairs.tsv'}", tmp_path)


def test_compare_and_report(grounding, tmp_path):
    results = tmp_path / "results"
    evaluate(grounding, GENERIC, results / "a", command="veracity eval A")
    evaluate(grounding.__class__.from_config(min_similarity=0.99), GENERIC, results / "b", command="veracity eval B")
    comparison = compare_runs(results / "a", results / "b")
    assert comparison["n_shared"] == 3 and comparison["mcnemar"]["test"] == "exact"
    assert comparison["deltas"]["accuracy"] <= 0
    text, count = render_benchmarks(results)
    assert count == 2 and "`veracity eval A`" in text and "| 100.0" in text


def test_score_is_probability_reads_the_calibration_setting():
    assert score_is_probability({"config": {"calibration": "auto"}})
    assert score_is_probability({"config": {"calibration": "shipped:verifier-stage3.json"}})
    assert not score_is_probability({"config": {"calibration": "none"}})
    assert not score_is_probability({"config": {"top_k": 3}}) and not score_is_probability({"config": None})


def test_compare_one_task(grounding, tmp_path):
    rows = [
        {"id": "e1", "answer": "Paris is in France.", "context": ["Paris is in France."], "label": 0, "task": "easy"},
        {"id": "e2", "answer": "Paris is in Spain.", "context": ["Paris is in France."], "label": 1, "task": "easy"},
        {"id": "h1", "answer": "Rome is in Italy.", "context": ["Rome is in Italy."], "label": 0, "task": "hard"},
    ]
    data = tmp_path / "levels.jsonl"
    data.write_text("".join(json.dumps(row) + "\n" for row in rows))
    evaluate(grounding, f"jsonl:{data}", tmp_path / "a")
    evaluate(grounding, f"jsonl:{data}", tmp_path / "b")
    comparison = compare_runs(tmp_path / "a", tmp_path / "b", task="hard")
    assert comparison["task"] == "hard" and comparison["n_shared"] == 1
    assert comparison["deltas"]["accuracy"] == 0.0
    with pytest.raises(ConfigError, match="no metrics for task 'medium'"):
        compare_runs(tmp_path / "a", tmp_path / "b", task="medium")


def test_cli_eval_commands(tmp_path):
    out = tmp_path / "run"
    result = runner.invoke(app, ["eval", "--dataset", GENERIC, "--out", str(out), "--limit", "2"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["n"] == 2
    assert json.loads((out / "metrics.json").read_text())["command"].startswith("veracity ")
    again = runner.invoke(app, ["eval", "--dataset", GENERIC, "--out", str(out)])  # a rerun says it resumes
    assert again.exit_code == 0 and "its 2 predictions are kept" in again.stderr and json.loads(again.stdout)["n"] == 3
    shutil.copytree(out, tmp_path / "results" / "copy")
    compare = runner.invoke(app, ["eval", "compare", str(out), str(tmp_path / "results" / "copy")])
    assert compare.exit_code == 0 and json.loads(compare.stdout)["mcnemar"]["p_value"] == 1.0
    target = tmp_path / "BENCH.md"
    report = runner.invoke(app, ["eval", "report", "--results", str(tmp_path / "results"), "--output", str(target)])
    assert report.exit_code == 0 and "# Benchmarks" in target.read_text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["eval", "--dataset", "halueval-qa:test"], "--dataset and --out"),
        (["eval", "--dataset", "nope", "--out", "x"], "unknown dataset 'nope'"),
        (["eval", "--dataset", "halueval-qa:test", "--out", "{out}", "--data-dir", "/no/data"], "/no/data"),
        (["eval", "compare", "/no/a", "/no/b"], "no metrics.json"),
        (["eval", "report", "--results", "/no/results"], "no result folders"),
    ],
)
def test_cli_eval_bad_input(args, message, tmp_path):
    result = runner.invoke(app, [a.replace("{out}", str(tmp_path / "o")) for a in args])
    assert result.exit_code == 2 and message in result.stderr


def test_verifier_states_short_answers_with_their_question():
    scorer = fixed_scorer([0.2, 0.3, 0.5])
    # Whole mode joins the documents into one premise; the chunked default's pairs are tested in test_verifier_detector.
    detector = VerifierDetector(scorer, VerifierConfig(mode="whole"))
    report = detector.detect("Kyoto", ["Kyoto was the capital.", "It is old."], "Which city was the capital?")
    assert scorer.pairs == [
        ("Kyoto was the capital.\n\nIt is old.", 'The answer to "Which city was the capital?" is: Kyoto')
    ]
    assert report.score == pytest.approx(0.8) and report.verdict == "hallucinated"
    detector.detect("Kyoto was the capital.", ["Kyoto was the capital."])
    assert scorer.pairs[-1][1] == "Kyoto was the capital."
    assert detector.detect("", ["x"]).verdict == "not_checked"


def test_stage_timings_average_each_stage_and_give_its_share():
    timings = stage_timings([{"graph": 10.0, "nli": 30.0}, {"graph": 30.0, "nli": 50.0, "embedding": 40.0}])
    assert timings["graph"] == {"mean_ms": 20.0, "share": pytest.approx(20 / 80)}
    assert timings["embedding"]["mean_ms"] == 20.0  # a stage an example skipped counts as 0 ms there
    assert sum(t["share"] for t in timings.values()) == pytest.approx(1.0)
    assert stage_timings([]) == {}


def test_report_lists_levels_and_stage_times(tmp_path):
    folder = tmp_path / "results" / "run"
    folder.mkdir(parents=True)
    metrics = {
        "dataset": "hotpotqa-derived",
        "split": "test",
        "detector": "sea",
        "n": 4,
        "command": "veracity eval X",
        "metrics": {
            "accuracy": 0.75,
            "by_task": {"easy": {"n": 2, "accuracy": 1.0}, "hard": {"n": 2, "accuracy": 0.5}},
        },
        "stage_timings_ms": {"graph": {"mean_ms": 2.0, "share": 0.1}, "nli": {"mean_ms": 18.0, "share": 0.9}},
    }
    (folder / "metrics.json").write_text(json.dumps(metrics))
    text, _ = render_benchmarks(tmp_path / "results")
    assert "easy 100.0 (n=2); hard 50.0 (n=2)" in text
    assert "graph 2 ms (10%); nli 18 ms (90%)" in text


def test_report_gives_litehall_module_evaluations_their_own_tables(tmp_path):
    claims = tmp_path / "results" / "claims"
    evidence = tmp_path / "results" / "evidence"
    for folder in (claims, evidence):
        folder.mkdir(parents=True)
    (claims / "metrics.json").write_text(json.dumps({
        "n": 3, "semantic_match_f1": 0.5, "easiness_f1_rouge1": 0.25, "claims_per_bio": 2.0,
        "gold_facts_per_bio": 4.0, "seconds_per_bio": 0.1, "extractor": {"extractor": "rules"}, "command": "c",
    }))  # fmt: skip
    (evidence / "metrics.json").write_text(json.dumps({
        "n": 2, "retriever": {"retriever": "scored"}, "sentences_retrieved_per_claim": 3.0, "command": "e",
        "retrieved": {"f1_macro": 0.4, "precision_macro": 0.5, "recall_macro": 0.6, "jaccard_macro": 0.3},
        "main_only": {"f1_macro": 0.45},
    }))  # fmt: skip
    text, count = render_benchmarks(tmp_path / "results")
    assert count == 2
    assert "| rules | 3 | 0.500 | 0.250 | 2.000 / 4.000 | 0.100 |" in text
    assert "| scored | 2 | 0.400 | 0.500 | 0.600 | 0.300 | 0.450 | 3.000 |" in text
    assert "## Hallucination detection" not in text  # no empty binary rows for them


def test_report_lists_proof_folders_with_their_doc_instead_of_empty_detection_rows(tmp_path):
    for name, data in {
        "scale-kill_verifier": {"detector": "verifier", "holds": True, "command": "python kill.py"},
        "service-auth_server": {"holds": False, "command": "python auth.py"},
    }.items():
        (tmp_path / "results" / name).mkdir(parents=True)
        (tmp_path / "results" / name / "metrics.json").write_text(json.dumps(data))
    text, count = render_benchmarks(tmp_path / "results")
    assert count == 2 and "## Hallucination detection" not in text
    assert "| verifier | ✓ | [docs/scale.md](docs/scale.md) |" in text
    assert "| – | ✗ | [docs/service.md](docs/service.md) |" in text


def test_a_resumed_run_keeps_the_peak_and_commit_of_the_processes_that_did_the_work(grounding, tmp_path):
    evaluate(grounding, GENERIC, tmp_path)
    path = tmp_path / "metrics.json"
    first = json.loads(path.read_text())
    path.write_text(json.dumps({**first, "peak_rss_mb": 99_999.0, "git_commit": "an-earlier-commit"}))
    again = evaluate(grounding, GENERIC, tmp_path)  # nothing left to predict
    assert again.n_new == 0
    assert again.metrics["peak_rss_mb"] == 99_999.0 and again.metrics["git_commit"] == "an-earlier-commit"
    assert "resumed_from_commit" not in again.metrics


def test_a_limit_on_a_folder_resumed_from_a_longer_run_summarises_only_its_examples(grounding, tmp_path):
    full = evaluate(grounding, GENERIC, tmp_path)
    assert full.metrics["n"] > 2
    again = evaluate(grounding, GENERIC, tmp_path, limit=2)
    assert again.metrics["n"] == 2 and again.n_new == 0
    assert len((tmp_path / "predictions.jsonl").read_text().splitlines()) == full.metrics["n"]  # nothing deleted


def test_report_opens_with_a_summary_read_from_the_runs_it_names(tmp_path):
    """Issue 33: BENCHMARKS.md opens with what to use for what; every figure comes from a named run."""
    results = tmp_path / "benchmarks" / "results"
    for name, auroc in (("rag_default", 0.77), ("rag_novelty", 0.70)):
        folder = results / name
        folder.mkdir(parents=True)
        metrics = {"dataset": "ragtruth", "split": "dev", "detector": "auto", "n": 4, "throughput_per_s": 7.84,
                   "peak_rss_mb": 612.4, "command": "veracity eval X",
                   "metrics": {"f1": 0.68, "balanced_accuracy": 0.7, "auroc": auroc, "ece": 0.066}}  # fmt: skip
        (folder / "metrics.json").write_text(json.dumps(metrics))
        labels = [1, 1, 1, 0]  # always "hallucinated": F1 = 2·3 / (4 + 3)
        (folder / "predictions.jsonl").write_text("".join(json.dumps({"id": str(i), "label": y}) + "\n"
                                                          for i, y in enumerate(labels)))  # fmt: skip
    spec = {"intro": ["**Which detector for what.** The default."],
            "rows": [{"use": "RAG answers", "run": "rag_default", "novelty": "rag_novelty"},
                     {"use": "later", "run": "missing"}]}  # fmt: skip
    (tmp_path / "benchmarks" / "summary.json").write_text(json.dumps(spec))
    text, _ = render_benchmarks(results)
    summary = text[text.index("## Summary") : text.index("## Hallucination detection")]
    assert "**Which detector for what.** The default." in summary
    assert (
        "| RAG answers | [rag_default]" in summary and "| 68.0 | 70.0 | 77.0 | 0.066 | 7.8 | 85.7 | 70.0 |" in summary
    )
    assert "missing: not run yet" in summary
    assert "| 612 |" in text  # peak RSS in whole MB


def test_a_packed_run_is_read_compared_and_resumed_as_the_plain_one(grounding, tmp_path):
    """Issue 34 §7: committed predictions are stored as predictions.jsonl.gz; every reader takes them as before."""
    from veracity._jsonl import pack_rows, read_rows

    plain = evaluate(grounding, GENERIC, tmp_path / "plain")
    evaluate(grounding, GENERIC, tmp_path / "packed", limit=1)
    packed_file = pack_rows(tmp_path / "packed" / "predictions.jsonl")
    assert packed_file.name == "predictions.jsonl.gz" and not (tmp_path / "packed" / "predictions.jsonl").exists()
    assert [r["id"] for r in read_rows(tmp_path / "packed" / "predictions.jsonl")] == ["g1"]
    resumed = evaluate(grounding, GENERIC, tmp_path / "packed")  # unpacks, then appends the two missing examples
    assert resumed.n_new == 2 and resumed.metrics["metrics"] == plain.metrics["metrics"]
    pack_rows(tmp_path / "packed" / "predictions.jsonl")
    comparison = compare_runs(tmp_path / "plain", tmp_path / "packed")
    assert comparison["n_shared"] == 3 and all(delta == 0 for delta in comparison["deltas"].values())
    packed_file.write_bytes(packed_file.read_bytes()[:20])  # cut short
    with pytest.raises(VeracityError, match="not a whole gzip file"):
        read_rows(tmp_path / "packed" / "predictions.jsonl")


def test_a_pointer_to_identical_predictions_is_followed_and_resumes_as_a_copy(grounding, tmp_path):
    from veracity._jsonl import has_rows_file, linked_path, pack_rows, read_rows

    evaluate(grounding, GENERIC, tmp_path / "base", limit=1)
    pack_rows(tmp_path / "base" / "predictions.jsonl")
    twin = tmp_path / "twin" / "predictions.jsonl"
    twin.parent.mkdir()
    linked_path(twin).write_text("../base/predictions.jsonl\n")
    assert has_rows_file(twin) and [r["id"] for r in read_rows(twin)] == ["g1"]
    resumed = evaluate(grounding, GENERIC, tmp_path / "twin")  # the copy becomes its own file, then grows
    assert resumed.n_new == 2 and twin.exists() and not linked_path(twin).exists()
    assert [r["id"] for r in read_rows(tmp_path / "base" / "predictions.jsonl")] == ["g1"]  # the original untouched
    linked_path(tmp_path / "base" / "x.jsonl").write_text("nowhere.jsonl\n")
    with pytest.raises(VeracityError, match="holds no rows file"):
        read_rows(tmp_path / "base" / "x.jsonl")


def test_every_committed_pointer_leads_to_rows():
    from veracity._jsonl import read_rows

    results = Path(__file__).resolve().parents[2] / "benchmarks" / "results"
    for link in results.glob("*/*.same-as"):
        assert read_rows(link.with_name(link.name.removesuffix(".same-as"))), link


def test_latencies_are_kept_to_a_tenth_of_a_millisecond(grounding, tmp_path):
    evaluate(grounding, GENERIC, tmp_path)
    for row in (json.loads(line) for line in (tmp_path / "predictions.jsonl").read_text().splitlines()):
        assert row["latency_ms"] == round(row["latency_ms"], 1)


def test_rerunning_a_finished_run_leaves_its_metrics_file_as_it_was(grounding, tmp_path):
    """A rerun with nothing to predict rewrote metrics.json (throughput from rounded latencies, key order)."""
    evaluate(grounding, GENERIC, tmp_path)
    path = tmp_path / "metrics.json"
    measured = json.loads(path.read_text())
    path.write_text(json.dumps({**measured, "throughput_per_s": 1234.5}, indent=2))  # as the working process measured
    written = path.read_bytes()
    again = evaluate(grounding, GENERIC, tmp_path)
    assert again.n_new == 0 and path.read_bytes() == written and again.metrics["throughput_per_s"] == 1234.5
    shown_as = evaluate(grounding, GENERIC, tmp_path, limit=2)  # a different outcome is still written
    assert json.loads(path.read_text())["n"] == 2 and shown_as.metrics["n"] == 2


def test_an_answer_not_checked_has_no_score_in_its_row_and_auroc_reads_the_checked_rows(grounding, tmp_path):
    """Issue 53: an empty answer is not_checked: no score in its row, predicted 0, counted, left out of AUROC."""
    records = [
        {"id": "a", "answer": "Paris is in Germany.", "context": ["Paris is in France."], "label": 1},
        {"id": "b", "answer": "Paris is in France.", "context": ["Paris is in France."], "label": 0},
        {"id": "c", "answer": "   ", "context": ["Paris is in France."], "label": 1},
    ]
    data = tmp_path / "in.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    result = evaluate(grounding, f"jsonl:{data}", tmp_path / "run")
    rows = {r["id"]: r for r in map(json.loads, (tmp_path / "run" / "predictions.jsonl").read_text().splitlines())}
    assert "score" not in rows["c"] and rows["c"]["not_checked"] is True and rows["c"]["predicted"] == 0
    assert "unchecked_score" not in rows["c"]  # an empty answer: nothing was read
    assert result.metrics["n"] == 3 and result.metrics["n_not_checked"] == 1
    metrics = result.metrics["metrics"]
    assert metrics["n_scored"] == 2 and metrics["auroc"] == 1.0 and metrics["recall"] == 0.5

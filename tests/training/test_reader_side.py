"""The reader's side caches (veracity.training.reader_side) on three answers of the behavioural suite."""

from __future__ import annotations

import copy

from veracity.detectors.reader import ReaderDetector
from veracity.training.reader import extract_rows
from veracity.training.reader_side import (
    CHECKER_SIGNALS,
    build_checker_cache,
    build_span_cache,
    read_rows,
    with_checker_signals,
    with_span_signals,
)
from veracity.training.reader_sources import examples_of


def test_side_caches_read_the_units_again_as_the_reader_does_and_resume(tmp_path, monkeypatch, behaviour_suite_file):
    monkeypatch.setenv("VERACITY_BEHAVIOUR", str(behaviour_suite_file))  # generated: no shared data needed
    source, data_dir = "dev:behaviour", tmp_path
    cache, checkers, spans = tmp_path / "units.jsonl", tmp_path / "checkers.jsonl", tmp_path / "spans.jsonl"
    reader = ReaderDetector.from_config()
    assert extract_rows(reader, source, examples_of(source, data_dir), cache, limit=3, log=lambda _: None) == 3
    rows = read_rows(cache)
    assert rows and {r["source"] for r in rows} == {source}

    assert build_checker_cache(cache, checkers, data_dir, log=lambda _: None) == 3
    assert build_checker_cache(cache, checkers, data_dir, log=lambda _: None) == 0  # resumed: nothing left
    assert build_span_cache(cache, spans, "veracity-span-small", data_dir, log=lambda _: None) == 3

    merged = copy.deepcopy(rows)
    for row in merged:  # what a merge must put back
        for name in (*CHECKER_SIGNALS, "span_max", "span_mean"):
            row["signals"][name] = -1.0
        row["absent"] = ["?"]
    with_checker_signals(merged, checkers)
    with_span_signals(merged, spans)
    for before, after in zip(rows, merged, strict=True):
        for name in (*CHECKER_SIGNALS, "span_max", "span_mean"):
            assert abs(after["signals"][name] - before["signals"][name]) < 1e-5, (before["example"], name)
        assert after["absent"] == before["absent"]


def test_the_reader_is_fitted_on_caches_read_with_the_verifier_its_config_names(tmp_path, monkeypatch):
    import json

    from veracity.detectors.reader.model import ReaderModel
    from veracity.training import reader as training

    cache = tmp_path / "units.jsonl"
    with cache.open("w", encoding="utf-8") as handle:
        for k in range(80):  # 40 answers of two units: the second unit's novel words decide the label
            label = k % 4 == 3
            handle.write(json.dumps({
                "source": "ragtruth", "example": f"a{k // 2}", "group": f"g{k // 2}", "task": "QA",
                "answer_label": int(k % 4 >= 2), "unit": k % 2, "start": 0, "end": 5, "text": "x", "label": int(label),
                "signals": {"novel_share": 0.6 + 0.01 * (k % 7) if label else 0.05 * (k % 5)}, "absent": [],
            }) + "\n")  # fmt: skip
    read_with = []
    monkeypatch.setattr(training, "build_cache", lambda detector, *a: read_with.append(detector.verifier_name))
    config = training.ReaderTrainConfig(
        out=tmp_path / "reader.json", cache=cache, limits={"ragtruth": 40}, features=["novel_share"], floors=[],
        floor_threshold=[], verifier="candidate-nli",
    )  # fmt: skip
    training.train_reader(config, log=lambda _: None)
    assert read_with == ["candidate-nli"]
    assert ReaderModel.load(tmp_path / "reader.json").verifier == "candidate-nli"


def test_an_aligner_without_its_side_caches_is_refused_before_any_reading(tmp_path):
    import pytest

    from veracity.training import reader as training

    config = training.ReaderTrainConfig(
        out=tmp_path / "reader.json", cache=tmp_path / "units.jsonl", limits={"ragtruth": 1}, features=["aligned_gap"],
        aligner="veracity-aligner-small", extract=False,
    )  # fmt: skip
    with pytest.raises(ValueError, match="aligned_cache"):
        training.train_reader(config, log=lambda _: None)


def test_the_aligned_side_cache_merges_by_unit_and_a_missing_unit_reads_zero(tmp_path):
    import json

    from veracity.training.reader_side import with_aligned_signals

    side = tmp_path / "aligned.jsonl"
    side.write_text(json.dumps({"source": "s", "example": "e", "unit": 0, "aligned_gap": 0.2}) + "\n", encoding="utf-8")
    rows = [{"source": "s", "example": "e", "unit": k, "signals": {}} for k in (0, 1)]
    with_aligned_signals(rows, side)
    assert [r["signals"]["aligned_gap"] for r in rows] == [0.2, 0.0]


def test_an_answer_id_is_read_once_so_a_resumed_run_reads_nothing_more(tmp_path, monkeypatch, behaviour_suite_file):
    # RAGBench gives several responses one id: the second used to be read and counted in a run, then the resumed run
    # found fewer ids than its limit and read more answers (a refit on "the same" caches read other rows)
    monkeypatch.setenv("VERACITY_BEHAVIOUR", str(behaviour_suite_file))
    source, cache = "dev:behaviour", tmp_path / "units.jsonl"
    first, second, third = list(examples_of(source, tmp_path))[:3]
    twin = second.model_copy(update={"id": first.id})
    reader = ReaderDetector.from_config()
    assert extract_rows(reader, source, [first, twin, third], cache, limit=3, log=lambda _: None) == 2
    assert {r["example"] for r in read_rows(cache)} == {first.id, third.id}
    lines = cache.read_text().count("\n")
    assert extract_rows(reader, source, [first, twin, third], cache, limit=3, log=lambda _: None) == 2
    assert cache.read_text().count("\n") == lines  # resumed: nothing more read

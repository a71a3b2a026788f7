"""The aligner's training (issue 77): items from structured documents, batches by length, the ranking measure by
hand, and a few real steps of MiniLM that stop at a time limit and go on from their checkpoint."""

from __future__ import annotations

import json

import numpy as np
import pytest

from veracity.data.structured_docs import LAYOUTS, TABLE_LAYOUTS, TEST_DOMAINS, TRAIN_DOMAINS, generate
from veracity.training.aligner import (
    AlignerTrainConfig,
    AlignItem,
    build_items,
    items_of_doc,
    length_grouped_batches,
    rank_items,
    train_aligner,
)


def test_generated_documents_are_deterministic_and_the_domains_apart() -> None:
    assert [d.text for d in generate(5, seed=2)] == [d.text for d in generate(5, seed=2)]
    assert {d.layout for d in generate(10, seed=2)} == set(LAYOUTS)
    assert not {d.title for d in TRAIN_DOMAINS} & {d.title for d in TEST_DOMAINS}


def test_each_claim_has_the_line_it_rewords_as_its_one_positive() -> None:
    for k, doc in enumerate(generate(25, seed=4, domains=TEST_DOMAINS)):
        items = items_of_doc(doc, str(k))
        assert len(items) >= len(doc.claims) - 1  # a value the reader reads otherwise may drop out
        for item in items:
            assert len(item.positives) == 1 and item.positives[0] not in item.negatives
            if doc.layout in ("markdown", "lead", "prose", "plain"):  # the thing is only in the about path
                assert " | " in item.positives[0]


def test_table_pages_are_opt_in_and_each_claim_is_anchored_to_its_own_row() -> None:
    assert [d.text for d in generate(6, seed=2)] == [d.text for d in generate(6, seed=2, layouts=LAYOUTS)]
    pages = generate(12, seed=4, domains=TEST_DOMAINS, layouts=TABLE_LAYOUTS)
    assert {d.layout for d in pages} == set(TABLE_LAYOUTS)
    for k, doc in enumerate(pages):
        assert all(doc.text[c.line_start : c.line_end] == c.value for c in doc.claims)  # a claim's line is its cell
        items = items_of_doc(doc, str(k))
        assert len(items) >= len(doc.claims) - 1
        for item in items:
            assert not set(item.positives) & set(item.negatives)
            # a row read whole, as shipped (experiments/aligner-tables: cells-v2.patch reads each cell on its own)
            assert all(p.rstrip().endswith("|") for p in item.positives)
    assert len(build_items("synthetic-tables:test")) > 4000  # the test domains' 600 pages


def test_an_unknown_training_split_is_refused(tmp_path) -> None:
    with pytest.raises(ValueError, match="unknown"):
        AlignerTrainConfig(output_dir=tmp_path, train_splits=("synthetic:tables",))


def test_batches_group_lengths_and_cover_every_index_once() -> None:
    lengths = [50, 1, 49, 2, 48, 3, 47, 4]
    batches = length_grouped_batches(lengths, 2, seed=0)
    assert sorted(i for b in batches for i in b) == list(range(8))
    assert all(abs(lengths[b[0]] - lengths[b[-1]]) <= 2 for b in batches)


def test_top1_and_mrr_by_hand_with_ties_counted_in_expectation() -> None:
    vectors = {"a": [1.0, 0.0], "p": [1.0, 0.0], "n": [0.6, 0.8], "q": [0.0, 1.0], "t": [1.0, 0.0]}
    items = [
        AlignItem("a", "AMOUNT", ("p",), ("n",), "g"),  # p first: top-1 1, rank 1
        AlignItem("a", "AMOUNT", ("q",), ("n", "p"), "g"),  # q third: 0, rank 3
        AlignItem("a", "DATE", ("p",), ("t",), "g"),  # p tied with t: 1/2, rank 1.5
    ]

    def encode(texts: list[str]) -> np.ndarray:
        return np.array([vectors[t] for t in texts])

    result = rank_items(items, encode)
    assert result["top1"] == pytest.approx((1 + 0 + 0.5) / 3, abs=1e-4)
    assert result["mrr"] == pytest.approx((1 + 1 / 3 + 1 / 1.5) / 3, abs=1e-4)
    assert result["by_kind"]["DATE"] == {"n": 1, "top1": 0.5, "mrr": pytest.approx(0.6667, abs=1e-4)}
    assert rank_items([], encode) == {"n": 0}


def test_a_few_real_steps_stop_at_the_time_limit_and_resume(tmp_path) -> None:
    config = AlignerTrainConfig(output_dir=tmp_path / "run", cache_dir=tmp_path / "cache",
                                train_splits=("synthetic:train",), synthetic_docs=4, batch_size=4, warmup_steps=1,
                                epochs=1.0, checkpoint_every=1, max_seconds=0.01)  # fmt: skip
    first = train_aligner(config, log=lambda _: None)
    assert first["steps"] == 1 and not first["finished"] and first["total_steps"] > 1
    state = json.loads((tmp_path / "run" / "checkpoint" / "state.json").read_text())
    assert state["step"] == 1
    rest = train_aligner(config.model_copy(update={"max_seconds": None}), log=lambda _: None)
    assert rest["finished"] and rest["steps"] == rest["total_steps"]
    from veracity.models.embedder import SentenceTransformerEmbedder

    vectors = SentenceTransformerEmbedder(str(tmp_path / "run" / "model"), backend="torch").embed(["a [AMOUNT]"])
    assert vectors.shape == (1, 384) and abs(float(np.linalg.norm(vectors[0])) - 1.0) < 1e-3


def test_a_split_read_twice_doubles_its_triplets_and_a_repeat_of_no_split_is_refused(tmp_path) -> None:
    config = AlignerTrainConfig(output_dir=tmp_path / "run", cache_dir=tmp_path / "cache",
                                train_splits=("synthetic:train",), synthetic_docs=2, batch_size=4, warmup_steps=1,
                                epochs=1.0, max_seconds=0.01)  # fmt: skip
    once = train_aligner(config, log=lambda _: None)
    twice = train_aligner(config.model_copy(update={"repeats": {"synthetic:train": 2},
                                                    "output_dir": tmp_path / "twice"}), log=lambda _: None)  # fmt: skip
    assert twice["triplets"] == 2 * once["triplets"] > 0
    with pytest.raises(ValueError, match="repeats"):
        AlignerTrainConfig(output_dir=tmp_path, train_splits=("synthetic:train",), repeats={"ragbench:train": 3})
    with pytest.raises(ValueError, match="repeats"):
        AlignerTrainConfig(output_dir=tmp_path, train_splits=("synthetic:train",), repeats={"synthetic:train": 0})

"""Retriever training (LLM-OASIS §5.2): pairs, batches without shared documents, Recall@k by hand, and a few real
steps of MiniLM with sentence-transformers' in-batch-negatives loss."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from veracity.cli import app
from veracity.data.oasis import document_split
from veracity.errors import ConfigError, InputError
from veracity.training.retriever import (
    RetrievalPair,
    RetrieverTrainConfig,
    batches_without_shared_documents,
    load_retriever_config,
    recall_at_k,
    retriever_pairs,
    train_retriever,
)


def record(doc_id: str, claims: list[str], falsified: str) -> dict[str, object]:
    return {"id": f"{doc_id}#0", "doc_id": doc_id, "text": f"Passage of {doc_id}. " + " ".join(claims),
            "claims": claims, "falsified": {"index": 0, "claim": falsified, "kind": "entity"},
            "passage": {"start": 0, "end": 10}}  # fmt: skip


def test_pairs_take_some_claims_and_always_the_falsified_one():
    r = record("d", ["a", "b", "c"], "a'")
    every = retriever_pairs([r], None, random.Random(0))
    assert [p.claim for p in every] == ["a", "b", "c", "a'"] and {p.passage for p in every} == {r["text"]}
    two = retriever_pairs([r], 2, random.Random(0))
    assert len(two) == 3 and two[-1].claim == "a'" and {p.claim for p in two[:2]} < {"a", "b", "c"}


def test_no_batch_holds_two_pairs_of_one_document():
    pairs = [RetrievalPair(f"c{i}", f"p{d}", f"d{d}") for i, d in enumerate([1, 1, 1, 2, 3, 2])]
    batches = batches_without_shared_documents(pairs, 3)
    assert [[p.claim for p in b] for b in batches] == [["c0", "c3", "c4"], ["c1", "c5"], ["c2"]]
    assert all(len({p.doc_id for p in b}) == len(b) for b in batches)
    assert sorted(p.claim for b in batches for p in b) == sorted(p.claim for p in pairs)


def test_recall_at_k_by_hand():
    rankings = [["a", "b", "c"], ["x", "y", "z"], ["b", "a", "q"]]
    relevant = [{"c"}, {"w"}, {"b", "a"}]
    assert recall_at_k(rankings, relevant, 1) == pytest.approx(1 / 3)  # only the third has b first
    assert recall_at_k(rankings, relevant, 3) == pytest.approx(2 / 3)  # the second never finds w
    assert recall_at_k([], [], 5) == 0.0
    with pytest.raises(ValueError):
        recall_at_k(rankings, relevant, 0)


def test_a_few_real_steps_save_a_model_the_embedder_loads(tmp_path):
    from veracity.models.embedder import SentenceTransformerEmbedder

    data = tmp_path / "data"
    data.mkdir()
    docs = [f"doc{i}" for i in range(40) if document_split(f"doc{i}") == "train"][:6]
    rows = [record(d, [f"{d} was founded in {1900 + i}.", f"{d} is a town."], f"{d} was founded in 1800.")
            for i, d in enumerate(docs)]  # fmt: skip
    (data / "records.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    config = RetrieverTrainConfig(data=data, output_dir=tmp_path / "out", batch_size=4, claims_per_record=None)
    summary = train_retriever(config, log=lambda _: None)
    assert summary["pairs"] == 18 and summary["steps"] >= 5  # 3 pairs per document, 4 per batch, no shared document
    log = [json.loads(line) for line in (tmp_path / "out" / "log.jsonl").read_text().splitlines()]
    assert log and all(entry["loss"] == entry["loss"] for entry in log)  # finite losses were logged
    embedder = SentenceTransformerEmbedder(str(tmp_path / "out" / "model"))
    vectors = embedder.embed(["a claim", "a passage"])
    assert vectors.shape == (2, 384)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(InputError, match="no LLM-OASIS records"):
        train_retriever(RetrieverTrainConfig(data=empty, output_dir=tmp_path / "o2"))


def test_the_cli_reads_a_config_and_reports_bad_ones(tmp_path):
    config = tmp_path / "r.yaml"
    config.write_text(f"data: {tmp_path / 'missing'}\noutput_dir: {tmp_path / 'out'}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["train", "retriever", "--config", str(config)])
    assert result.exit_code == 2 and "no LLM-OASIS records" in result.output
    with pytest.raises(ConfigError, match="invalid training config"):
        load_retriever_config(config, {"batch_size": 1})


def test_the_shipped_retriever_loads_by_name_and_ranks_a_claim_with_its_passage():
    from veracity.models.catalog import resolve_model_path
    from veracity.models.embedder import SentenceTransformerEmbedder

    assert (resolve_model_path("veracity-retriever-small") / "MODEL_CARD.md").exists()
    embedder = SentenceTransformerEmbedder("veracity-retriever-small")
    passages = ["Marie Curie was born in Warsaw in 1867.", "The Nile flows north into the Mediterranean Sea."]
    vectors = embedder.embed(["Curie was born in Berlin.", *passages])
    assert vectors.shape == (3, 384) and float(vectors[0] @ vectors[1]) > float(vectors[0] @ vectors[2])

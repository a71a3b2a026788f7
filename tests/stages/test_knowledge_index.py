"""The knowledge index (veracity.stages.retrieve.knowledge): RRF by hand, corpus reading, build, resume, add, search.

Runs the real MiniLM embedder and bm25s on a handful of documents.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from veracity.errors import ConfigError, InputError
from veracity.schema import Document
from veracity.stages.retrieve.knowledge import (
    CorpusProblem,
    IndexConfig,
    KnowledgeIndex,
    iter_corpus,
    reciprocal_rank_fusion,
)

DOCS = [
    Document(id="kyoto", text="Kyoto was the capital of Japan for over a thousand years. It has many temples."),
    Document(id="tokyo", text="Tokyo became the capital of Japan in 1868. It is the largest city in Japan."),
    Document(id="curie", text="Marie Curie was born in Warsaw. She won two Nobel Prizes, in physics and chemistry."),
    Document(id="nile", text="The Nile flows north through eleven countries into the Mediterranean Sea."),
]


def test_reciprocal_rank_fusion_by_hand():
    # k = 1: item 7 is 1st and 2nd -> 1/2 + 1/3; item 8 is 2nd and 1st -> 1/3 + 1/2 (a tie, 7 seen first);
    # item 9 is 3rd in one ranking only -> 1/4.
    fused = reciprocal_rank_fusion([[7, 8, 9], [8, 7]], k=1)
    assert [item for item, _ in fused] == [7, 8, 9]
    assert fused[0][1] == pytest.approx(1 / 2 + 1 / 3) and fused[2][1] == pytest.approx(1 / 4)
    assert reciprocal_rank_fusion([]) == []


def test_a_corpus_is_a_folder_of_text_files_or_jsonl_with_bad_entries_reported(tmp_path):
    folder = tmp_path / "docs"
    (folder / "sub").mkdir(parents=True)
    (folder / "b.txt").write_text("Bee.", encoding="utf-8")
    (folder / "sub" / "a.md").write_text("Ant.", encoding="utf-8")
    (folder / "bad.txt").write_bytes(b"\xff\xfe")
    (folder / "skip.pdf").write_bytes(b"%PDF")
    items = list(iter_corpus(folder))
    assert [i.id if isinstance(i, Document) else i.where for i in items] == ["b.txt", "bad.txt", "sub/a.md"]
    assert isinstance(items[1], CorpusProblem)
    jsonl = tmp_path / "c.jsonl"
    jsonl.write_bytes(b'{"id": 1, "title": "T", "text": "x"}\n\n{bad\n{"text": 5}\n{"text": "y"}\n')
    rows = list(iter_corpus(jsonl))
    assert rows[0] == Document(id="1", text="T\nx") and rows[3] == Document(id="line-5", text="y")
    assert [r.where for r in rows if isinstance(r, CorpusProblem)] == [f"{jsonl}:3", f"{jsonl}:4"]
    with pytest.raises(InputError, match="cannot read corpus"):
        list(iter_corpus(tmp_path / "missing.jsonl"))


@pytest.fixture
def built(tmp_path, embedder):
    index = KnowledgeIndex.create(tmp_path / "index", IndexConfig(batch_documents=2), embedder)
    counts = index.add(DOCS)
    return index, counts


def test_build_search_each_way_and_reopen(built, embedder):
    index, counts = built
    assert counts == {"documents": 4, "passages": 4, "skipped": 0, "problems": 0}
    info = index.info()
    assert info["complete"] and info["passages"] == 4 and info["dimension"] == 384 and info["size_bytes"] > 0
    for mode in ("dense", "bm25", "hybrid"):
        hits = index.search("Where was Marie Curie born?", k=2, mode=mode)
        assert hits[0].passage.doc_id == "curie", mode
    hybrid = index.search("capital of Japan in 1868", k=4)
    assert hybrid[0].passage.doc_id == "tokyo" and hybrid[0].dense_rank and hybrid[0].bm25_rank
    assert [h.score for h in hybrid] == sorted((h.score for h in hybrid), reverse=True)
    again = KnowledgeIndex.open(index.folder, embedder)
    assert isinstance(again.vectors(), np.memmap)
    assert [h.passage.id for h in again.search("temples", k=3)] == [h.passage.id for h in index.search("temples", k=3)]


def test_add_skips_known_documents_and_bm25_sees_the_new_ones(built):
    index, _ = built
    counts = index.add([DOCS[0], Document(id="volga", text="The Volga is the longest river in Europe."), DOCS[1]])
    assert counts == {"documents": 1, "passages": 1, "skipped": 2, "problems": 0}
    assert index.search("longest river in Europe", k=1, mode="bm25")[0].passage.doc_id == "volga"
    assert index.info()["documents"] == 5


def test_an_interrupted_build_resumes_from_its_last_commit(tmp_path, embedder):
    folder = tmp_path / "index"
    index = KnowledgeIndex.create(folder, IndexConfig(batch_documents=2), embedder)

    def interrupted():
        yield from DOCS[:3]
        raise KeyboardInterrupt  # Ctrl-C while the second batch is being read

    with pytest.raises(KeyboardInterrupt):
        index.add(interrupted())
    committed = json.loads((folder / "manifest.json").read_text())
    assert not committed["complete"]
    # and rows of a next batch written but never committed (a crash between the two)
    with (folder / "vectors.f32").open("ab") as out:
        out.write(b"\0" * 384 * 4 * 3)
    with (folder / "passages.jsonl").open("a") as out:
        out.write('{"id": 2, "doc_id": "curie", "start": 0, "end": 3, "text": "Mar"}\n{"id": 3, "doc_')
    resumed = KnowledgeIndex.create(folder, IndexConfig(batch_documents=2), embedder)  # build again: it resumes
    assert resumed.info()["passages"] == committed["passages"] == 2
    assert (folder / "vectors.f32").stat().st_size == 2 * 384 * 4
    assert resumed.add(DOCS)["documents"] == 2
    assert sorted(resumed.document_ids()) == sorted(d.id for d in DOCS)
    assert [p.id for p in resumed.passages()] == [0, 1, 2, 3]


def test_bad_uses_get_clear_errors(built, tmp_path, embedder):
    index, _ = built
    with pytest.raises(InputError, match="empty"):
        index.search("   ")
    with pytest.raises(InputError, match="k must be"):
        index.search("x", k=0)
    with pytest.raises(ConfigError, match="mode"):
        index.search("x", mode="sparse")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="already holds an index"):
        KnowledgeIndex.create(index.folder, IndexConfig(batch_documents=2), embedder)
    with pytest.raises(ConfigError, match="other settings"):
        KnowledgeIndex.create(index.folder, IndexConfig(passage_tokens=64), embedder)
    with pytest.raises(ConfigError, match="no knowledge index"):
        KnowledgeIndex.open(tmp_path / "nothing", embedder)
    empty = KnowledgeIndex.create(tmp_path / "empty", embedder=embedder)
    assert empty.add([Document(id="blank", text="   ")])["skipped"] == 1
    assert empty.search("anything") == []
    assert index.search("zzzz qqqq", mode="bm25") == []  # no query word in the vocabulary


def test_the_cli_builds_searches_adds_and_describes_an_index(tmp_path):
    from typer.testing import CliRunner

    from veracity.cli import app

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for document in DOCS[:3]:
        (corpus / f"{document.id}.txt").write_text(document.text, encoding="utf-8")
    (corpus / "broken.txt").write_bytes(b"\xff")
    runner = CliRunner()
    built = runner.invoke(app, ["index", "build", str(corpus), "--out", str(tmp_path / "ix")])
    assert built.exit_code == 0, built.output
    assert "skipped broken.txt" in built.output and '"passages": 3' in built.output
    found = runner.invoke(app, ["index", "search", str(tmp_path / "ix"), "Where was Marie Curie born?", "-k", "1"])
    assert found.exit_code == 0 and json.loads(found.output.splitlines()[0])["doc_id"] == "curie.txt"
    more = tmp_path / "more.jsonl"
    more.write_text(json.dumps({"id": "nile", "text": DOCS[3].text}) + "\n", encoding="utf-8")
    assert runner.invoke(app, ["index", "add", str(tmp_path / "ix"), str(more)]).exit_code == 0
    info = json.loads(runner.invoke(app, ["index", "info", str(tmp_path / "ix")]).output)
    assert info["documents"] == 4 and info["embedder"] == "all-MiniLM-L6-v2" and info["complete"]
    for args, message in [
        (["index", "build", str(tmp_path / "nope"), "--out", str(tmp_path / "ix2")], "cannot read corpus"),
        (["index", "build", str(corpus), "--out", str(tmp_path / "ix")], "already holds an index"),
        (["index", "search", str(tmp_path / "ix"), "river", "--mode", "fuzzy"], "--mode must be one of"),
        (["index", "info", str(tmp_path / "none")], "no knowledge index"),
        (["index", "build", str(corpus), "--out", str(tmp_path / "ix3"), "--passage-tokens", "2"], "passage_tokens"),
    ]:
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and message in result.output, (args, result.output)


def test_the_default_corpus_takes_train_knowledge_articles_and_paragraphs_once_each(tmp_path):
    from veracity.data.knowledge import HALUEVAL_TRAIN_LINES, build_knowledge_corpus

    data = tmp_path / "data"
    (data / "halueval").mkdir(parents=True)
    (data / "covid_qa").mkdir()
    (data / "hotpotqa_dev").mkdir()
    qa = [{"knowledge": "K0"}, {"knowledge": "K0"}, {"knowledge": " "}, {"knowledge": "K3"}]
    qa += [{"knowledge": "dev"}] * (HALUEVAL_TRAIN_LINES - len(qa)) + [{"knowledge": "TEST-ONLY"}]
    (data / "halueval" / "qa_data.json").write_text("\n".join(json.dumps(r) for r in qa), encoding="utf-8")
    (data / "halueval" / "dialogue_data.json").write_text('{"knowledge": "D0"}\n{broken\n', encoding="utf-8")
    covid = {"data": [{"paragraphs": [{"document_id": 7, "context": "Article.", "qas": [{"question": "Q?"}]}]}]}
    (data / "covid_qa" / "200423_covidQA.json").write_text(json.dumps(covid), encoding="utf-8")
    ircot = {"contexts": [{"title": "A", "paragraph_text": "Alpha."}, {"title": "B", "paragraph_text": "Beta."}]}
    reflexion = {"context": {"title": ["A", "C"], "sentences": [["Alpha."], ["Gam", "ma."]]}}
    (data / "hotpotqa_dev" / "ircot_dev_subsampled_500.jsonl").write_text(json.dumps(ircot) + "\n")
    (data / "hotpotqa_dev" / "reflexion_distractor_dev_sample_100.jsonl").write_text(json.dumps(reflexion) + "\n")
    stats = build_knowledge_corpus(data, tmp_path / "corpus.jsonl")
    rows = [json.loads(line) for line in (tmp_path / "corpus.jsonl").read_text().splitlines()]
    texts = [r["text"] for r in rows]
    assert texts == ["K0", "K3", "dev", "D0", "Article.", "Alpha.", "Beta.", "Gamma."]  # "dev": a train line here
    assert "TEST-ONLY" not in texts and len({r["id"] for r in rows}) == len(rows)
    assert stats["by_source"] == {"halueval-qa-train": 3, "halueval-dialogue-train": 1, "covid-qa": 1, "hotpotqa": 3}
    only = build_knowledge_corpus(data, tmp_path / "covid.jsonl", ["covid-qa"])
    assert only["by_source"] == {"covid-qa": 1}
    with pytest.raises(ConfigError, match="unknown knowledge sources"):
        build_knowledge_corpus(data, tmp_path / "x.jsonl", ["wikipedia"])
    with pytest.raises(InputError, match="default knowledge corpus needs"):
        build_knowledge_corpus(tmp_path / "nothing", tmp_path / "x.jsonl")


def test_query_products_run_on_one_blas_thread_and_restore_it_across_threads():
    import threading

    from threadpoolctl import threadpool_info

    from veracity.stages.retrieve.knowledge import _single_blas_thread

    def blas_threads() -> list[int]:
        return [lib["num_threads"] for lib in threadpool_info() if lib["user_api"] == "blas"]

    before = blas_threads()
    if not before:
        pytest.skip("numpy here has no BLAS that threadpoolctl can see")
    with _single_blas_thread():
        assert blas_threads() == [1] * len(before)
    assert blas_threads() == before

    def worker() -> None:
        for _ in range(50):
            with _single_blas_thread():
                np.ones((64, 8)) @ np.ones(8)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert blas_threads() == before

"""The ``oasis`` detector (LLM-OASIS §5): Algorithm 1 by hand, then the real verifier over context and a real index.

The Algorithm 1 tests script the pair scorer (a lookup table of probabilities), because they check the walk's order
and batching, not a model; everything else loads veracity-nli-small, MiniLM and bm25s.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from fakes import table_scorer
from veracity.batch import parse_record
from veracity.cli import app
from veracity.detectors import load_detector
from veracity.detectors.oasis.ranked import RankedPassageVerifier, first_decision
from veracity.errors import ConfigError, InputError
from veracity.models.pair_scorer import CONTRADICTION, ENTAILMENT, NEUTRAL
from veracity.schema import Document, Label
from veracity.stages.retrieve.knowledge import IndexConfig, KnowledgeIndex, document_passages

E, N, C = [0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8]


def test_first_decision_follows_algorithm_1_by_hand():
    assert first_decision([NEUTRAL, ENTAILMENT, CONTRADICTION]) == (True, 1)
    assert first_decision([NEUTRAL, CONTRADICTION, ENTAILMENT]) == (False, 1)
    assert first_decision([NEUTRAL, NEUTRAL, NEUTRAL]) == (True, None)  # line 10: no contradicting evidence
    assert first_decision([NEUTRAL], neutral_verified=False) == (False, None)
    assert first_decision([]) == (True, None)


def test_batched_rounds_give_the_sequential_walk_and_stop_at_the_decision():
    table = {"n1": N, "n2": N, "e": E, "c": C, "n3": N}
    scorer = table_scorer(table)
    claims = ["a", "b", "c", "d"]
    ranked = [["n1", "n2", "e", "c"], ["c", "e"], ["n1", "n2", "n3"], []]
    checks = RankedPassageVerifier(scorer, block=2).verify(claims, ranked)
    assert [(c.verified, c.decided_by) for c in checks] == [(True, 2), (False, 0), (True, None), (True, None)]
    # round 1: two passages of a, b and c; round 2: a and c go on (b decided at its first passage); d has none
    assert [len(b) for b in scorer.calls] == [6, 3]
    assert [c.scored for c in checks] == [4, 2, 3, 0]
    assert checks[0].probs == pytest.approx(tuple(E)) and checks[1].probs == pytest.approx(tuple(C))
    one_at_a_time = RankedPassageVerifier(table_scorer(table), block=1).verify(claims, ranked)
    assert [(c.verified, c.decided_by) for c in one_at_a_time] == [(c.verified, c.decided_by) for c in checks]
    assert [c.scored for c in one_at_a_time] == [3, 1, 3, 0]  # block 1 reads nothing past a decision
    with pytest.raises(ValueError, match="claims"):
        RankedPassageVerifier(scorer).verify(["a"], [])


CURIE = Document(
    id="curie",
    text="Marie Curie was born in Warsaw in 1867. She moved to Paris in 1891. She won the Nobel Prize in Physics "
    "in 1903.",
)
NILE = Document(id="nile", text="The Nile flows north through eleven countries. It ends in the Mediterranean Sea.")
TOKYO = Document(id="tokyo", text="Tokyo became the capital of Japan in 1868. It is the largest city in Japan.")


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("oasis") / "index"
    KnowledgeIndex.create(folder, IndexConfig(passage_tokens=16), embedder).add([CURIE, NILE, TOKYO])
    return folder


@pytest.fixture(scope="module")
def oasis(index_dir):
    return load_detector("oasis", index=str(index_dir), top_k=3)


def test_open_domain_flags_the_changed_fact_and_names_the_deciding_passage(oasis):
    faithful = oasis.detect("Marie Curie was born in Warsaw.", [])
    assert faithful.verdict == "faithful" and faithful.score == 0.0
    assert faithful.claims[0].label is Label.SUPPORTED
    report = oasis.detect("Marie Curie was born in Berlin.", [])
    assert report.verdict == "hallucinated" and report.score >= 1 / 3
    verdict = report.claims[0]
    assert verdict.label is Label.NOT_SUPPORTED
    evidence = verdict.evidence[0]
    assert evidence.document_id == "curie" and evidence.sentence_index is None
    assert CURIE.text[evidence.span.start : evidence.span.end] == evidence.text  # offsets locate it
    assert "Berlin" in [s.text for s in report.hallucinated_spans]
    assert report.models["nli"] and "retrieval" in report.timings_ms


def test_context_documents_are_the_evidence_when_given(oasis):
    report = oasis.detect("The Nile ends in the Black Sea.", [TOKYO, NILE])
    assert report.verdict == "hallucinated"
    assert report.claims[0].evidence[0].document_id == "nile"
    assert any("index was not searched" in note for note in report.notes)
    assert oasis.detect(
        "The Nile ends in the Mediterranean Sea.", ["The Nile ends in the Mediterranean Sea."]
    ).verdict == ("faithful")


def test_bad_inputs_get_clear_errors_or_defined_results(oasis, tmp_path):
    no_index = load_detector("oasis")
    with pytest.raises(InputError, match="no context and no knowledge index"):
        no_index.detect("Paris is in France.", [])
    with pytest.raises(ConfigError, match="no knowledge index"):
        load_detector("oasis", index=str(tmp_path / "missing")).detect("Paris is in France.", [])
    with pytest.raises(InputError, match="no context"):
        oasis.detect("Paris is in France.", ["  "])  # documents given, but all empty
    empty = oasis.detect("   ", [])
    assert empty.verdict == "not_checked" and empty.notes == ["empty answer: nothing to check"]
    question_only = oasis.detect("Is it true?", [])
    assert question_only.verdict == "faithful" and not question_only.claims


def test_document_passages_locate_their_text():
    padded = Document(id="d", text="  First sentence here.  Second one.  ")
    passages = document_passages(padded, passage_tokens=4)
    assert [p.text for p in passages] == ["First sentence here.", "Second one."]
    assert all(padded.text[p.start : p.end] == p.text for p in passages)


def test_the_cli_checks_against_an_index_and_a_batch_needs_no_context(index_dir, tmp_path):
    runner = CliRunner()
    result = runner.invoke(
        app, ["detect", "--answer", "Marie Curie was born in Berlin.", "--index", str(index_dir), "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["detector"] == "oasis" and report["verdict"] == "hallucinated"
    both = runner.invoke(app, ["detect", "--answer", "x", "--index", str(index_dir), "-d", "verifier"])
    assert both.exit_code == 2 and "oasis" in both.output
    record = parse_record(json.dumps({"id": "r", "answer": "Marie Curie was born in Warsaw."}), 1)
    assert record.problem is None and record.context == []
    records = tmp_path / "in.jsonl"
    records.write_text(
        json.dumps({"id": "r1", "answer": "Marie Curie was born in Warsaw."}) + "\n"
        + json.dumps({"id": "r2", "answer": "The Nile flows south."}) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    out = tmp_path / "out.jsonl"
    batch = runner.invoke(app, ["detect", "--input", str(records), "--output", str(out), "--index", str(index_dir)])
    assert batch.exit_code == 0, batch.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in rows] == ["r1", "r2"] and rows[0]["report"]["verdict"] == "faithful"


def test_the_service_checks_against_an_index_the_operator_offers(index_dir, tmp_path):
    pytest.importorskip("fastapi", reason="the service extra is not installed: pip install 'veracity[serve]'")
    from fastapi.testclient import TestClient

    from veracity.server.app import create_app
    from veracity.server.settings import ServiceSettings

    settings = ServiceSettings(data_dir=tmp_path / "data", warm_detectors=[], indexes={"kb": index_dir})
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        listed = client.get("/v1/indexes").json()["indexes"]
        assert [(i["name"], i["documents"], i["embedder"], i["complete"]) for i in listed] == [
            ("kb", 3, "all-MiniLM-L6-v2", True)
        ]
        report = client.post("/v1/detect", json={"answer": "Marie Curie was born in Berlin.", "index": "kb"})
        assert report.status_code == 200, report.text
        assert report.json()["detector"] == "oasis" and report.json()["verdict"] == "hallucinated"
        unknown = client.post("/v1/detect", json={"answer": "x y z.", "index": "web"})
        assert unknown.status_code == 422 and unknown.json()["code"] == "unknown_index"
        wrong = client.post("/v1/detect", json={"answer": "x y z.", "index": "kb", "detector": "grounding"})
        assert wrong.status_code == 422 and wrong.json()["code"] == "invalid_settings"
        neither = client.post("/v1/detect", json={"answer": "x y z."})
        assert neither.status_code == 422 and "knowledge index" in neither.json()["detail"]


def test_minimum_probabilities_turn_a_weak_argmax_into_neutral():
    weak = RankedPassageVerifier(table_scorer({}), min_contradiction=0.9, min_entailment=0.5)
    assert weak.label(np.array(C, dtype=np.float32)) == NEUTRAL  # P(CONTR) 0.8 < 0.9
    assert weak.label(np.array(E, dtype=np.float32)) == ENTAILMENT  # P(ENT) 0.8 >= 0.5
    assert weak.label(np.array([0.45, 0.1, 0.45], dtype=np.float32)) == NEUTRAL  # the argmax ENT is under 0.5
    table = {"c": C, "e": E}
    checks = RankedPassageVerifier(table_scorer(table), min_contradiction=0.9).verify(["x"], [["c", "e"]])
    assert (checks[0].verified, checks[0].decided_by) == (True, 1)  # the weak contradiction no longer decides


def test_misplaced_names_by_hand():
    from veracity.stages.verify.grounding import Checkable, CheckableKind
    from veracity.stages.verify.grounding_pairs import misplaced_names

    claim = "Kangas is a convicted killer."
    kangas = Checkable(CheckableKind.ENTITY, 0, 6, "Kangas")
    premise = ["Lane is a convicted killer.", "Kangas made the film."]
    assert misplaced_names(claim, [kangas], premise) == [kangas]  # the sentence about killers does not name Kangas
    assert misplaced_names(claim, [kangas], ["Kangas is a convicted killer, they say."]) == []
    assert misplaced_names(claim, [], premise) == [] and misplaced_names(claim, [kangas], []) == []
    # A claim of names only ties on its other words: the sentence holding most of its names decides, not the first.
    place = "Glasgow is in Scotland."
    glasgow, scotland = (Checkable(CheckableKind.ENTITY, 0, 7, "Glasgow"), Checkable(CheckableKind.ENTITY, 14, 22,
                         "Scotland"))  # fmt: skip
    passage = ["Young was a singer.", "He was born in Glasgow, Scotland."]
    assert misplaced_names(place, [glasgow, scotland], passage) == []
    assert misplaced_names(place, [glasgow, scotland], ["Young was a singer.", "He was born in Glasgow."]) == [scotland]
    # Coreference: "He" in the deciding sentence lets the name of the sentence before count, only when asked.
    viers = "Viers worked as a screenwriter."
    name = Checkable(CheckableKind.ENTITY, 0, 5, "Viers")
    passage = ["Viers is a producer.", "He has also worked as a screenwriter."]
    assert misplaced_names(viers, [name], passage) == [name]
    assert misplaced_names(viers, [name], passage, coreference=True) == []
    assert misplaced_names(viers, [name], ["Viers is a producer.", "Lane worked as a screenwriter."], True) == [name]


def test_entity_alignment_refutes_a_name_taken_from_another_sentence(oasis):
    context = ["Adam Leroy Lane is a convicted serial killer. The film about him was directed by Kevin Kangas."]
    aligned = load_detector("oasis", top_k=3, entity_alignment=True)
    report = aligned.detect("Kevin Kangas is a convicted serial killer.", context)
    assert report.verdict == "hallucinated" and report.claims[0].label is Label.NOT_SUPPORTED
    assert "Kevin Kangas" in [s.text for s in report.hallucinated_spans]
    assert aligned.detect("Adam Leroy Lane is a convicted serial killer.", context).verdict == "faithful"


def test_number_alignment_refutes_a_number_the_deciding_passage_lacks(oasis):
    context = ["The Hives are a Swedish rock band that rose to prominence in the early 2000s."]
    aligned = load_detector("oasis", top_k=3, number_alignment=True)
    report = aligned.detect("The Hives rose to prominence in the early 1990s.", context)
    assert report.verdict == "hallucinated"
    assert any(c.label is Label.NOT_SUPPORTED and "1990s" in c.claim.text for c in report.claims)
    assert any(s.text.startswith("1990") for s in report.hallucinated_spans)
    assert aligned.detect("The Hives rose to prominence in the early 2000s.", context).verdict == "faithful"
    assert [i.text for i in aligned._misaligned("It rose in 1999 and 2000.", context[0])] == ["1999"]
    paper = load_detector("oasis", top_k=3, entity_alignment=False, number_alignment=False)
    assert paper._misaligned("It rose in 1999.", context[0]) == []
    defaults = load_detector("oasis").config()  # chosen on dev (docs/oasis.md)
    assert defaults["entity_alignment"] and defaults["alignment_coreference"] and defaults["number_alignment"]


def test_a_claim_with_no_deciding_passage_is_not_enough_evidence_and_not_a_pass(oasis, index_dir):
    """Issue 33: "nothing found" must not read as "checked and true"; the paper's reading stays a setting."""
    answer = "The Great Wall of China is visible from space."
    report = oasis.detect(answer, [])
    assert [c.label for c in report.claims] == [Label.UNVERIFIABLE]
    assert report.verdict == "hallucinated" and report.score >= report.threshold
    assert any("not enough evidence" in note and "counted as unsupported" in note for note in report.notes)
    assert all(0.0 <= e.score <= 1.0 for c in report.claims for e in c.evidence)
    paper = load_detector("oasis", index=str(index_dir), top_k=3, neutral_verified=True).detect(answer, [])
    assert paper.verdict == "faithful" and paper.claims[0].label is Label.UNVERIFIABLE
    assert any("counted as verified" in note for note in paper.notes)
    text = CliRunner().invoke(app, ["detect", "--index", str(index_dir), "--set", "top_k=3", "--answer", answer])
    assert text.exit_code == 0 and "not enough evidence" in text.stdout

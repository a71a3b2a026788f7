"""LiteHall's stages and detector with the real MiniLM embedder and spaCy, and a transparent NLI stand-in.

The stand-in: P(entailment) = 1 when every content word of the claim is in the premise; P(contradiction) = 1 when
the premise names a different year than the claim; else neutral. It shows what each stage passes on.

The llm stages run with the real SmolLM2 (llama.cpp, schema-constrained) for the normal path, a scripted LLM for
replies a constrained model cannot produce (invalid JSON, a label outside the enum, prose around the JSON), and a
closed localhost port for a server that is down. SmolLM2-135M is too weak to judge; those tests check the contract
(valid provenance, counted drops, repair, retry, fallback with a note), not quality.
"""

import json
import re
import socket

import numpy as np
import pytest

from fakes import CONTRADICTED, ENTAILED, NEUTRAL, RuleScorer
from veracity.detectors.litehall import LiteHallConfig, LiteHallDetector
from veracity.errors import BackendError
from veracity.models.llm import load_llm
from veracity.models.llm.llamacpp import LlamaCppLLM
from veracity.models.llm.scripted import ScriptedLLM
from veracity.schema import Document, Label
from veracity.stages.claims import LLMClaimExtractor
from veracity.stages.retrieve.evidence import LLMEvidenceRetriever, ScoredEvidenceRetriever
from veracity.stages.verify.claims import LLMClaimVerifier, NLIClaimVerifier, fact_score

STOP = {"the", "a", "an", "of", "in", "was", "is", "to", "and", "she", "he"}


def words(text):
    return {w.lower() for w in re.findall(r"[\w']+", text)} - STOP


def year_rule(premise: str, claim: str) -> tuple[float, float, float]:
    """Entailed when the premise has every word of the claim; contradicted when only its years differ."""
    years_p, years_c = set(re.findall(r"\b1\d{3}\b", premise)), set(re.findall(r"\b1\d{3}\b", claim))
    if words(claim) <= words(premise):
        return ENTAILED
    if years_c and years_p and not years_c <= years_p and words(claim) - years_c <= words(premise):
        return CONTRADICTED
    return NEUTRAL


def RuleNLI() -> RuleScorer:
    return RuleScorer(year_rule, "rule-nli")


DOCS = [
    Document(id="bio", text="Marie Curie was a physicist. She was born in Warsaw in 1867. She moved to Paris in 1891."),
    Document(id="prize", text="Curie won the Nobel Prize in Physics in 1903. The prize was shared with Pierre Curie."),
]


@pytest.fixture()
def detector(embedder):
    return LiteHallDetector(RuleNLI(), embedder)


def test_fact_score():
    assert fact_score([Label.SUPPORTED, Label.SUPPORTED, Label.SUPPORTED, Label.NOT_SUPPORTED]) == 0.75
    assert fact_score([]) is None


def test_retriever_finds_main_and_supporting_sentences(embedder):
    retriever = ScoredEvidenceRetriever(embedder)
    chunks = retriever.chunks(DOCS)
    (evidence,) = retriever.retrieve(["Marie Curie was born in Warsaw."], chunks)
    assert evidence.main[0].text == "She was born in Warsaw in 1867."
    # "She …" needs the sentence naming her
    assert [s.text for s in evidence.support[0]] == ["Marie Curie was a physicist."]
    assert evidence.groups[0].main == 2 and evidence.groups[0].support == (1,)


def test_documents_take_turns_before_one_gives_a_second_sentence(embedder):
    docs = [
        Document(id="a", text="Curie was born in Warsaw. Curie was born in Warsaw, Poland."),
        Document(id="b", text="Warsaw is the capital of Poland."),
    ]
    claim = ["Curie was born in Warsaw."]
    taking_turns = ScoredEvidenceRetriever(embedder, top_k=2, per_document=1, topic_context=False)
    (found,) = taking_turns.retrieve(claim, taking_turns.chunks(docs))
    assert [m.document_id for m in found.main] == ["a", "b"]
    best_only = ScoredEvidenceRetriever(embedder, top_k=2, per_document=None, topic_context=False)
    (found,) = best_only.retrieve(claim, best_only.chunks(docs))
    assert [m.document_id for m in found.main] == ["a", "a"]
    (found,) = taking_turns.retrieve(claim, taking_turns.chunks(docs[:1]))  # one document: it fills both places
    assert [m.sentence.index for m in found.main] == [0, 1]


def test_follow_links_gives_the_next_turn_to_the_document_a_main_sentence_names():
    from veracity.schema import Sentence, TextSpan
    from veracity.stages.retrieve.evidence import _document_names
    from veracity.text.tagging import CorpusSentence, TaggedChunk

    texts = [
        ("a", 0, "Rex Harmon founded the Lindqvist Choir in 1950."),
        ("b", 0, "The Lindqvist Choir is based in Uppsala."),
        ("c", 0, "Mora Fields is a choir from Oslo."),
    ]
    members = tuple(
        CorpusSentence(d, Sentence(index=i, span=TextSpan(start=0, end=len(t), text=t))) for d, i, t in texts
    )
    chunks = [TaggedChunk("", members, 30)]
    located = [(0, 0), (0, 1), (0, 2)]
    names = _document_names(chunks)
    assert names == {"a": "Rex Harmon", "b": "Lindqvist Choir", "c": "Mora Fields"}
    row = np.array([0.9, 0.5, 0.6], dtype=np.float32)  # c is more similar to the claim than b
    plain = ScoredEvidenceRetriever(None, top_k=2, per_document=1)
    assert plain._select(row, 0.35, located, chunks) == [0, 2]
    linked = ScoredEvidenceRetriever(None, top_k=2, per_document=1, follow_links=True)
    assert linked._select(row, 0.35, located, chunks, names) == [0, 1]  # a names b's subject: b goes next
    assert linked._select(np.array([0.9, 0.3, 0.6], dtype=np.float32), 0.35, located, chunks, names) == [0, 2]


def test_documents_the_claim_names_go_first_but_the_boost_admits_nothing(embedder):
    from veracity.stages.retrieve.evidence import _document_names, _document_titles, named_documents

    docs = [
        Document(id="p1", title="Harbour Lights (film)", text="It was shot in Wales. It premiered in 1950."),
        Document(id="p2", text="Lighthouse films were popular in 1950. Many premiered in London."),
        Document(id="p3", title="Tide Mill", text="The mill grinds wheat."),
    ]
    claim = "Harbour Lights premiered in 1950."
    plain = ScoredEvidenceRetriever(embedder, top_k=1, per_document=1, name_boost=0.0)
    boosted = ScoredEvidenceRetriever(embedder, top_k=1, per_document=1, name_boost=0.3)
    chunks = plain.chunks(docs)
    located = [(j, k) for j, c in enumerate(chunks) for k in range(len(c.sentences))]
    titles = _document_titles(chunks, located, _document_names(chunks))
    assert titles["p1"] == ["Harbour Lights"] and titles["p2"] == ["Lighthouse"] and titles["p3"] == ["Tide Mill"]
    assert named_documents(claim, titles) == {"p1"}
    (before,) = plain.retrieve([claim], chunks)
    (after,) = boosted.retrieve([claim], chunks)
    assert before.main[0].document_id == "p2"  # the untitled paragraph is closer in words
    assert after.main[0].document_id == "p1" and after.main[0].text == "It premiered in 1950."
    assert after.scores[0] < before.scores[0]  # the reported score is the similarity, without the boost

    # the boost reorders admitted sentences; a sentence under the floor stays out even in a named document
    def mains(boost, floor):
        retriever = ScoredEvidenceRetriever(embedder, top_k=5, per_document=None, name_boost=boost,
                                            min_similarity=floor)  # fmt: skip
        (found,) = retriever.retrieve(["Tide Mill premiered in 1950."], chunks)
        return {m.text for m in found.main}

    assert mains(0.3, 0.3) == mains(0.0, 0.3) != mains(0.0, -1.0)
    assert ScoredEvidenceRetriever(embedder, name_boost=0.3).config()["name_boost"] == 0.3


def test_windows_of_consecutive_sentences_become_extra_premises(embedder):
    from veracity.stages.verify.claims import _premises

    docs = [
        Document(id="a", text="The storm hit the coast on Monday. Roads were closed. Schools shut for two days."),
        Document(id="b", text="A festival opened in the capital. It drew large crowds."),
    ]
    retriever = ScoredEvidenceRetriever(embedder, top_k=1, windows=2, window_tokens=12)
    (found,) = retriever.retrieve(["The storm closed roads and schools."], retriever.chunks(docs))
    assert len(found.windows) == 2 and len(found.window_scores) == 2
    for window in found.windows:  # each window: consecutive sentences of one document, within the token budget
        assert len({m.document_id for m in window}) == 1
        indices = [m.sentence.index for m in window]
        assert indices == list(range(indices[0], indices[0] + len(indices)))
        assert sum(len(m.text.split()) for m in window) <= 12 or len(window) == 1
    assert found.windows[0][0].document_id == "a"
    premises = _premises(found)
    assert " ".join(m.text for m in found.windows[0]) in premises
    assert ScoredEvidenceRetriever(embedder, top_k=1).retrieve(["x"], retriever.chunks(docs))[0].windows == []


def test_topic_context_reads_a_sentence_after_its_documents_first():
    from veracity.schema import Sentence, TextSpan
    from veracity.stages.retrieve.evidence import _with_topic
    from veracity.text.tagging import CorpusSentence

    def make(doc, i, text):
        return CorpusSentence(doc, Sentence(index=i, span=TextSpan(start=0, end=len(text), text=text)))

    sentences = [make("a", 0, "Curie was a physicist."), make("a", 1, "She moved."), make("b", 3, "It rained.")]
    assert _with_topic(sentences, 0) == "Curie was a physicist."
    assert _with_topic(sentences, 1) == "Curie was a physicist. She moved."
    assert _with_topic(sentences, 2) == "It rained."  # its document's first sentence is not in this chunk


def test_verifier_labels_and_error_spans(embedder):
    retriever = ScoredEvidenceRetriever(embedder)
    claims = ["Marie Curie was born in Warsaw.", "Marie Curie moved to Paris in 1895.", "Bananas are yellow."]
    evidence = retriever.retrieve(claims, retriever.chunks(DOCS))
    checks = NLIClaimVerifier(RuleNLI(), embedder).verify(claims, evidence, "Where was Marie Curie born?")
    assert [c.label for c in checks] == [Label.SUPPORTED, Label.NOT_SUPPORTED, Label.IRRELEVANT]
    assert [s.text for s in checks[1].error_spans] == ["1895"]


def test_detector_flags_the_wrong_year_and_maps_it_to_the_answer(detector):
    answer = "Marie Curie was born in Warsaw. She moved to Paris in 1895."
    report = detector.detect(answer, DOCS)
    assert [v.label for v in report.claims] == [Label.SUPPORTED, Label.SUPPORTED, Label.NOT_SUPPORTED]
    assert report.verdict == "hallucinated" and report.score == pytest.approx(1 / 3)
    assert [s.text for s in report.hallucinated_spans] == ["1895"]
    assert report.hallucinated_spans[0].matches(answer)
    assert [s.hallucinated for s in report.sentences] == [False, True]


def test_fact_score_at_the_threshold_is_faithful(detector):
    answer = (
        "Marie Curie was born in Warsaw. She moved to Paris. Curie won the Nobel Prize in 1903. Curie won it in 1905."
    )
    report = detector.detect(answer, DOCS)
    supported = sum(v.label is Label.SUPPORTED for v in report.claims)
    assert len(report.claims) == 4 and supported == 3
    assert report.verdict == "faithful"  # FactScore 0.75 is not < 0.75


def test_ablations_and_no_claims(embedder):
    whole = LiteHallDetector(RuleNLI(), embedder, LiteHallConfig(extractor="none", retriever="none"))
    report = whole.detect("Marie Curie was born in Warsaw.", DOCS)
    assert len(report.claims) == 1 and report.claims[0].label is Label.SUPPORTED
    opinion = LiteHallDetector(RuleNLI(), embedder).detect("Do you like Curie?", DOCS)
    assert opinion.verdict == "faithful" and opinion.claims == [] and opinion.notes


ANSWER = "Marie Curie was born in Warsaw in 1867. She won the Nobel Prize in Physics in 1903."


@pytest.fixture(scope="module")
def smollm2() -> LlamaCppLLM:
    return LlamaCppLLM("smollm2-135m-instruct", n_ctx=2048, n_threads=2)


def test_llm_extractor_with_a_real_model_keeps_valid_provenance(smollm2):
    result = LLMClaimExtractor(smollm2).extract(ANSWER, "Who was Marie Curie?")
    assert [s.index for s in result.sentences] == [0, 1]
    assert all(c.sentence_index in (0, 1) and c.text.strip() for c in result.claims)
    assert all(c.span is not None and ANSWER[c.span.start : c.span.end] == c.span.text for c in result.claims)
    assert result.claims or result.dropped or result.notes  # something happened, and it is accounted for


def test_llm_extractor_drops_and_counts_bad_items():
    reply = json.dumps([
        {"sentence_number": 1, "claim": "Marie Curie was born in Warsaw."},
        {"sentence_number": 7, "claim": "Out of range."},
        {"sentence_number": 2, "claim": "  "},
        {"sentence_number": "2", "claim": "Curie won the Nobel Prize in Physics in 1903."},
        "not an object",
    ])  # fmt: skip
    result = LLMClaimExtractor(ScriptedLLM([reply])).extract(ANSWER)
    assert [(c.sentence_index, c.text) for c in result.claims] == [
        (0, "Marie Curie was born in Warsaw."),
        (1, "Curie won the Nobel Prize in Physics in 1903."),
    ]
    assert result.dropped == 3 and "3 LLM claim(s) dropped" in result.notes[0]
    # a verbatim claim points at its own characters, a rewritten one at its sentence
    assert result.claims[0].span.text == "Marie Curie was born in Warsaw"
    assert result.claims[1].span.text == "She won the Nobel Prize in Physics in 1903."


def test_llm_extractor_repairs_retries_then_falls_back():
    wrapped = 'Sure! Here are the claims: [{"sentence_number": 1, "claim": "Curie was born in 1867."}] Hope it helps.'
    llm = ScriptedLLM([wrapped])
    assert [c.text for c in LLMClaimExtractor(llm).extract(ANSWER).claims] == ["Curie was born in 1867."]
    assert len(llm.calls) == 1  # repaired locally, no second call

    llm = ScriptedLLM(["{not json", '[{"sentence_number": 2, "claim": "Curie won a Nobel Prize."}]'])
    assert [c.sentence_index for c in LLMClaimExtractor(llm).extract(ANSWER).claims] == [1]
    assert len(llm.calls) == 2 and "could not be used" in llm.calls[1][0][-1]["content"]

    llm = ScriptedLLM(["{not json", "still not json"])
    result = LLMClaimExtractor(llm).extract(ANSWER)
    assert len(llm.calls) == 2
    assert result.claims and "the rules extractor was used" in result.notes[0]


def test_llm_retriever_maps_indices_drops_bad_ones_and_falls_back(embedder):
    scored = ScoredEvidenceRetriever(embedder)
    chunks = scored.chunks(DOCS)
    assert len(chunks) == 1
    llm = ScriptedLLM([json.dumps({"main_sentences": [{"sentence_number": 2, "support": [1, 99]},
                                                      {"sentence_number": 42, "support": []}]})])  # fmt: skip
    (found,) = LLMEvidenceRetriever(llm, scored).retrieve(["Curie was born in Warsaw."], chunks)
    assert [m.text for m in found.main] == ["She was born in Warsaw in 1867."]
    assert [[s.text for s in group] for group in found.support] == [["Marie Curie was a physicist."]]
    assert "2 sentence number(s)" in found.notes[0]
    assert "<2>She was born in Warsaw in 1867.</2>" in llm.calls[0][0][0]["content"]

    broken = ScriptedLLM(["nope", '{"main": 3}'])
    (found,) = LLMEvidenceRetriever(broken, scored).retrieve(["Curie was born in Warsaw."], chunks)
    assert found.main and "scored retriever used" in found.notes[0]


def test_llm_retriever_bounds_the_chunks_it_asks_about(embedder):
    scored = ScoredEvidenceRetriever(embedder, chunk_tokens=8)
    chunks = scored.chunks(DOCS)
    assert len(chunks) > 2
    llm = ScriptedLLM(lambda messages: '{"main_sentences": []}')
    (found,) = LLMEvidenceRetriever(llm, scored, llm_chunks=2).retrieve(["Curie was born in Warsaw."], chunks)
    assert len(llm.calls) == 2 and not found.main
    assert "Warsaw" in llm.calls[0][0][0]["content"]  # the most similar chunk comes first


def test_llm_verifier_labels_spans_and_fallback(embedder):
    scored = ScoredEvidenceRetriever(embedder)
    claims = ["Marie Curie was born in Warsaw in 1870."]
    evidence = scored.retrieve(claims, scored.chunks(DOCS))
    nli = NLIClaimVerifier(RuleNLI(), embedder)
    llm = ScriptedLLM(['{"label": "Not Supported", "error_tokens": "1870"}'])
    (check,) = LLMClaimVerifier(llm, nli).verify(claims, evidence)
    assert check.label is Label.NOT_SUPPORTED and [s.text for s in check.error_spans] == ["1870"]
    assert check.p_supported == 0.0 and check.note is None

    llm = ScriptedLLM(['{"label": "false", "error_tokens": ""}', '{"label": "maybe", "error_tokens": ""}'])
    (check,) = LLMClaimVerifier(llm, nli).verify(claims, evidence)
    assert len(llm.calls) == 2 and "nli verifier decided" in (check.note or "")
    assert check.label is Label.NOT_SUPPORTED  # the rule NLI sees the wrong year

    empty = LLMClaimVerifier(ScriptedLLM([]), nli).verify(claims, [type(evidence[0])()])
    assert empty[0].label is Label.UNVERIFIABLE  # no evidence: no call (the script is empty and would raise)


def test_detector_mixes_a_real_llm_stage_with_the_others(embedder, smollm2):
    settings = LiteHallConfig(extractor="llm", retriever="scored", verifier="nli")
    report = LiteHallDetector(RuleNLI(), embedder, settings, llm=smollm2).detect(ANSWER, DOCS, "Who was Curie?")
    assert report.models["llm"] == "smollm2-135m-instruct"
    assert report.config["extractor"] == "llm"
    assert 0.0 <= report.score <= 1.0 and report.verdict in ("faithful", "hallucinated")
    assert all(v.claim.sentence_index in (0, 1) for v in report.claims)


def test_a_server_that_is_down_is_a_clear_error(embedder):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # closed again when the block ends: nothing listens there
    llm = load_llm(f"http://127.0.0.1:{port}/v1", timeout=2.0)
    llm.max_retries = 0  # type: ignore[attr-defined]
    detector = LiteHallDetector(RuleNLI(), embedder, LiteHallConfig(verifier="llm"), llm=llm)
    with pytest.raises(BackendError, match=str(port)):
        detector.detect(ANSWER, DOCS)


# Issue 44, item 10: the words marked in a not-supported claim are those its evidence does not state.

APP = Document(
    id="d1",
    text="Version 8.1 of the app runs on Windows 10 and needs Java 7.0 or later. "
    "A Linux build is planned but not yet available.",
)


@pytest.fixture(scope="module")
def shipped_litehall():
    return LiteHallDetector.from_config()


def test_words_the_passage_states_verbatim_are_not_marked(shipped_litehall):
    """Hand-checked with the shipped NLI model: both claims are refuted by the Linux sentence, which lacks
    "Version", "8.1" and "Windows"; those were marked (and "8.1" listed twice). Only Linux is wrong."""
    from veracity.cli.render import render_report

    answer = "Version 8.1 runs on Windows and Linux and needs Java 7.0."
    report = shipped_litehall.detect(answer, [APP], "Which platforms does version 8.1 support?")
    assert report.verdict == "hallucinated"
    assert [s.text for s in report.hallucinated_spans] == ["Linux"]
    for verdict in report.claims:
        assert not {s.text for s in verdict.error_spans} & {"Version", "8.1", "Windows", "Java", "7.0"}
    lines = [line for line in render_report(report).splitlines() if line.startswith("      ")]
    assert len(lines) == len(set(lines)), "a line of the sentence's marks or evidence is printed twice"


def refuted_by(word: str) -> RuleScorer:
    """NLI stand-in: contradicted by any premise containing ``word``, else neutral."""
    return RuleScorer(lambda premise, claim: CONTRADICTED if word in premise else NEUTRAL, f"refuted-by-{word}")


def test_the_questions_words_yes_and_words_of_other_evidence_are_not_marked(embedder):
    security = Document(id="s", text="All data is encrypted at rest with AES-256. Backups are kept for 35 days.")
    detector = LiteHallDetector(refuted_by("Backups"), embedder)
    report = detector.detect("Yes: data is encrypted at rest.", [security], "Is my data encrypted?")
    (verdict,) = report.claims
    assert verdict.label is Label.NOT_SUPPORTED and verdict.claim.text.startswith("The answer to")
    # the deciding premise ("Backups are kept …") lacks "data", "encrypted", "rest": they were marked
    assert verdict.error_spans == [] and report.hallucinated_spans == []


def test_a_negation_is_marked_with_what_it_negates(embedder):
    detector = LiteHallDetector(refuted_by("Windows"), embedder)
    report = detector.detect("The app does not run on Windows.", [Document(id="d", text="The app runs on Windows.")])
    assert [s.text for s in report.hallucinated_spans] == ["does not run"]  # was "not"
    report = detector.detect("The app doesn't run on Windows.", [Document(id="d", text="The app runs on Windows.")])
    assert [s.text for s in report.hallucinated_spans] == ["doesn't run"]  # was "n't"


def test_number_words_and_durations_are_compared_as_values(embedder):
    detector = LiteHallDetector(refuted_by("trial"), embedder)
    trial = [Document(id="d", text="The free trial lasts 60 days.")]
    assert detector.detect("The free trial lasts about two months.", trial).hallucinated_spans == []  # was "two"
    assert [s.text for s in detector.detect("The free trial lasts three months.", trial).hallucinated_spans] == [
        "three"
    ]
    dozen = detector.detect("The trial has a dozen steps.", [Document(id="d", text="The trial has 12 steps.")])
    assert dozen.hallucinated_spans == []


# Issue 44, item 11: evidence with equal scores.

OSLO = Document(id="acme", text="Acme Tools was founded in 2010. The weather that year was mild. It is based in Oslo.")


def test_each_evidence_sentence_is_listed_once_with_its_own_score(embedder):
    """A supporting or window sentence used to carry its main sentence's score: three sentences at one score, the
    irrelevant weather sentence among them."""
    detector = LiteHallDetector(RuleNLI(), embedder)
    report = detector.detect("Acme Tools is based in Oslo.", [OSLO])
    evidence = report.claims[0].evidence
    texts = [e.text for e in evidence]
    assert len(texts) == len(set(texts)) == 3
    assert [e.score for e in evidence] == sorted((e.score for e in evidence), reverse=True)
    assert texts[0] == "It is based in Oslo."
    weather = next(e for e in evidence if "weather" in e.text)
    assert weather.score < evidence[0].score and weather is evidence[-1]
    assert report.sentences[0].evidence[0].text == "It is based in Oslo."


def test_equal_scores_of_the_llm_retriever_go_to_the_sentence_sharing_the_claims_words(embedder):
    """The llm retriever gives every sentence it picks the score 1.0; the irrelevant one it names first is not
    listed first."""
    llm = ScriptedLLM(lambda messages: json.dumps({"main_sentences": [
        {"sentence_number": 2, "support": []}, {"sentence_number": 1, "support": []},
        {"sentence_number": 3, "support": []}]}))  # fmt: skip
    detector = LiteHallDetector(RuleNLI(), embedder, LiteHallConfig(retriever="llm"), llm=llm)
    report = detector.detect("Acme is based in Oslo.", [OSLO])
    evidence = report.claims[0].evidence
    assert [e.score for e in evidence] == [1.0, 1.0, 1.0]
    assert [e.text for e in evidence] == [
        "It is based in Oslo.",  # shares "based" and "Oslo" with the claim
        "Acme Tools was founded in 2010.",  # shares "Acme"
        "The weather that year was mild.",  # shares nothing (the LLM named it first)
    ]

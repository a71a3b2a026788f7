"""The ``sea`` detector (Logic-Matters) with the real MiniLM embedder and a transparent NLI stand-in.

The stand-in says P(entailment) = 1 when every content word of the hypothesis's answer occurs in the premise, so
the tests can show what aggregation changes: an answer that needs two documents is entailed only by their merge.
"""

import pytest

from fakes import RuleScorer, overlap_scorer
from veracity.detectors.sea import SEAConfig, SEADetector
from veracity.schema import Document

STOP = frozenset({"the", "a", "an", "of", "is", "was", "to", "in", "answer", "who", "what", "which", "and"})


def overlap_nli() -> RuleScorer:
    """Entailed when the stated answer's words (after "is: ") are all in the premise."""
    return overlap_scorer(STOP, answer_after=" is: ")


BRIDGE = [
    Document(id="club", text="Tianjin Quanjian is a football club managed by Fabio Cannavaro since 2017."),
    Document(id="player", text="Fabio Cannavaro captained the Italy national football team as a defender."),
    Document(id="food", text="A baguette is a long thin loaf of French bread with a crisp crust."),
]
QUESTION = "What position did the manager of Tianjin Quanjian hold in the Italy team?"
ANSWER = "Cannavaro managed Tianjin Quanjian and captained Italy as defender"


@pytest.fixture()
def detector(embedder):
    return SEADetector(overlap_nli(), embedder)


def test_aggregation_merges_the_two_bridge_documents_and_entails_the_multi_hop_answer(detector):
    report = detector.detect(ANSWER, BRIDGE, QUESTION)
    merged = [g for g in report.details.evidence_groups if len(g.chunks) > 1]
    assert [sorted(c.document_id for c in g.chunks) for g in merged] == [["club", "player"]]
    assert report.verdict == "faithful"
    assert sum(g.relevance for g in report.details.evidence_groups) == pytest.approx(1.0)
    consistency = sum(g.relevance * g.entailment for g in report.details.evidence_groups)
    assert report.score == pytest.approx(1.0 - consistency) and report.threshold == pytest.approx(0.6)
    assert set(report.timings_ms) >= {"segmentation", "embedding", "graph", "nli"}


def test_without_aggregation_no_single_document_entails_it(embedder):
    report = SEADetector(overlap_nli(), embedder, SEAConfig(aggregation=False)).detect(ANSWER, BRIDGE, QUESTION)
    assert all(len(g.chunks) == 1 for g in report.details.evidence_groups)
    assert report.verdict == "hallucinated" and report.score == pytest.approx(1.0)


def test_without_relevance_weighting_the_weights_are_uniform(embedder):
    report = SEADetector(overlap_nli(), embedder, SEAConfig(relevance_weighting=False)).detect(ANSWER, BRIDGE)
    weights = [g.relevance for g in report.details.evidence_groups]
    assert weights == pytest.approx([1 / len(weights)] * len(weights))


def test_max_pooling_takes_the_best_cluster_whatever_its_relevance(embedder):
    # without aggregation no single document entails the multi-hop answer; a short answer each document states is
    # entailed by one of three clusters: the weighted mean stays below 1, the maximum is 1
    settings = SEAConfig(aggregation=False)
    weighted = SEADetector(overlap_nli(), embedder, settings).detect("defender", BRIDGE, QUESTION)
    pooled = SEADetector(overlap_nli(), embedder, settings.model_copy(update={"pooling": "max"})).detect(
        "defender", BRIDGE, QUESTION
    )
    assert [g.entailment for g in pooled.details.evidence_groups] == [0.0, 1.0, 0.0]
    assert weighted.score == pytest.approx(1.0 - pooled.details.evidence_groups[1].relevance) and weighted.score > 0.0
    assert pooled.score == pytest.approx(0.0) and pooled.verdict == "faithful"
    assert [g.relevance for g in pooled.details.evidence_groups] == [
        g.relevance for g in weighted.details.evidence_groups
    ]


def test_duplicate_documents_are_scored_once(detector):
    from veracity.detectors.guard import guarded

    docs = [BRIDGE[0], Document(id="copy", text=BRIDGE[0].text), BRIDGE[1]]
    report = guarded(detector).detect(ANSWER, docs, QUESTION)
    assert sum(len(g.chunks) for g in report.details.evidence_groups) == 2
    # Issue 53: a repeated passage is dropped before any detector reads it (as_documents); the guard names it.
    assert any("1 repeat of club (copy)" in note for note in report.notes)


def test_a_single_document_and_a_wrong_answer(detector):
    report = detector.detect("Cannavaro was a goalkeeper for Spain", [BRIDGE[1]], QUESTION)
    assert report.verdict == "hallucinated" and len(report.details.evidence_groups) == 1


def test_many_documents_are_capped_to_the_most_similar(embedder):
    docs = [Document(id=f"d{i}", text=f"Item {i} of the archive lists a recipe for soup.") for i in range(30)]
    docs.append(BRIDGE[1])
    report = SEADetector(overlap_nli(), embedder, SEAConfig(max_chunks=5)).detect(ANSWER, docs)
    assert sum(len(g.chunks) for g in report.details.evidence_groups) == 5
    assert any(c.document_id == "player" for g in report.details.evidence_groups for c in g.chunks)
    assert any("kept the 5" in note for note in report.notes)


def test_a_long_answer_keeps_only_factual_chunks(embedder):
    filler = "Honestly, I think so. " * 3
    answer = filler + "Fabio Cannavaro captained the Italy national football team as a defender in 2006."
    settings = SEAConfig(answer_threshold=10, chunk_tokens=8)
    report = SEADetector(overlap_nli(), embedder, settings).detect(answer, BRIDGE)
    assert any("not factual" in note for note in report.notes)


def test_an_answer_with_no_factual_chunk_is_checked_whole_and_says_so(embedder):
    answer = "Honestly, I think so. What do you think? Thanks a lot! " * 3
    settings = SEAConfig(answer_threshold=10, chunk_tokens=8)
    report = SEADetector(overlap_nli(), embedder, settings).detect(answer, BRIDGE)
    assert any("whole answer is checked" in note for note in report.notes)
    assert 0.0 <= report.score <= 1.0 and report.details.evidence_groups


def test_a_document_without_sentences_is_a_chunk_like_any_other(detector):
    docs = [*BRIDGE, Document(id="rule", text="----- * * * -----")]
    report = detector.detect(ANSWER, docs, QUESTION)
    assert report.verdict == "faithful"
    assert {c.document_id for g in report.details.evidence_groups for c in g.chunks} == {
        "club",
        "player",
        "food",
        "rule",
    }


def test_five_hundred_documents_stay_within_the_chunk_cap(embedder):
    docs = [Document(id=f"d{i}", text=f"Archive item {i} records a harvest of {i} tonnes.") for i in range(500)]
    docs += BRIDGE[:2]
    report = SEADetector(overlap_nli(), embedder).detect(ANSWER, docs, QUESTION)
    assert sum(len(g.chunks) for g in report.details.evidence_groups) == 128
    assert any("502 chunks: kept the 128" in note for note in report.notes)
    assert report.timings_ms["graph"] < 10_000


def test_long_documents_are_segmented(embedder):
    long_doc = Document(id="long", text=" ".join(f"Sentence {i} mentions the number {i}." for i in range(40)))
    report = SEADetector(overlap_nli(), embedder, SEAConfig(document_threshold=50, chunk_tokens=30)).detect(
        "The number 7 is mentioned.", [long_doc]
    )
    assert sum(len(g.chunks) for g in report.details.evidence_groups) > 1


def test_empty_answer(detector):
    assert detector.detect("  ", BRIDGE).verdict == "not_checked"


class CountingEmbedder:
    """The real embedder, counting the texts it is asked to embed."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.model_id = inner.model_id
        self.texts: list[str] = []

    def embed(self, texts):
        self.texts += list(texts)
        return self.inner.embed(texts)


def test_document_embeddings_are_reused_between_calls(embedder):
    counting = CountingEmbedder(embedder)
    detector = SEADetector(overlap_nli(), counting)
    first = detector.detect(ANSWER, BRIDGE, QUESTION)
    n_first = len(counting.texts)
    second = detector.detect("Cannavaro played as a goalkeeper", BRIDGE, QUESTION)
    # Only the new answer (and a merged cluster with it, if any) is embedded again, never the three documents.
    assert not {d.text for d in BRIDGE} & set(counting.texts[n_first:])
    assert first.score != second.score
    again = detector.detect(ANSWER, BRIDGE, QUESTION)
    assert again.score == pytest.approx(first.score)
    uncached = SEADetector(overlap_nli(), embedder, SEAConfig(embedding_cache=0)).detect(ANSWER, BRIDGE, QUESTION)
    assert uncached.score == pytest.approx(first.score)


class WindowNLI(RuleScorer):
    def __init__(self) -> None:
        super().__init__(overlap_nli().rule, "overlap")

    def window_tokens(self) -> int:
        return 256


def test_cluster_budget_follows_the_nli_window_unless_set(embedder):
    assert SEADetector(WindowNLI(), embedder).cluster_budget() == 179  # 0.7 × 256
    assert SEADetector(overlap_nli(), embedder).cluster_budget() == 1024  # no window known: the paper's T_t
    assert SEADetector(WindowNLI(), embedder, SEAConfig(cluster_tokens=40)).cluster_budget() == 40
    # A budget smaller than the two bridge documents together forbids their merge.
    report = SEADetector(WindowNLI(), embedder, SEAConfig(cluster_tokens=15)).detect(ANSWER, BRIDGE, QUESTION)
    assert all(len(g.chunks) == 1 for g in report.details.evidence_groups)

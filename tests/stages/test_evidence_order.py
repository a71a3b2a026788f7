"""Issue 44, item 11: evidence sentences with equal scores are ranked by the claim's words they share, then by
document order, so an irrelevant sentence does not come first among them."""

import numpy as np

from fakes import ENTAILED, RuleScorer
from veracity.schema import Document, Evidence, EvidenceRole, TextSpan
from veracity.stages.retrieve.evidence import ScoredEvidenceRetriever, order_evidence, shared_words

ACME = Document(
    id="acme",
    text="The weather that year was mild. Acme Tools was founded in 2010. Acme is based in Oslo.",
)


def evidence(text: str, score: float, role: EvidenceRole = EvidenceRole.MAIN, start: int = 0) -> Evidence:
    span = TextSpan(start=start, end=start + len(text), text=text)
    return Evidence(document_id="d", sentence_index=0, text=text, span=span, role=role, score=score)


def test_equal_scores_go_to_the_sentence_sharing_more_of_the_claims_words():
    items = [
        evidence("The weather that year was mild.", 1.0, start=0),
        evidence("Acme Tools was founded in 2010.", 1.0, start=40),
        evidence("Acme is based in Oslo.", 1.0, start=80),
    ]
    ordered = order_evidence("Acme is based in Oslo.", items)
    assert [e.text for e in ordered] == [
        "Acme is based in Oslo.",
        "Acme Tools was founded in 2010.",
        "The weather that year was mild.",
    ]
    # a higher score still comes first, whatever the words; equal scores and words: main first, then as given
    assert order_evidence("Acme is based in Oslo.", [*items, evidence("Unrelated.", 1.5, start=120)])[0].text == (
        "Unrelated."
    )
    support = evidence("Acme Tools sells rakes.", 1.0, EvidenceRole.SUPPORT, start=200)
    main = evidence("Acme Tools sells hoes.", 1.0, start=300)
    assert [e.text for e in order_evidence("Acme Tools", [support, main])] == [main.text, support.text]


def test_a_sentence_listed_twice_is_kept_once_with_its_best_score_and_role():
    first = evidence("Acme is based in Oslo.", 0.4, EvidenceRole.SUPPORT)
    again = evidence("Acme is based in Oslo.", 0.9)
    (kept,) = order_evidence("Oslo", [first, again])
    assert kept.score == 0.9 and kept.role is EvidenceRole.MAIN


def test_shared_words_ignores_case_and_stop_words():
    assert shared_words("Where is Acme based?", ["ACME is based in Oslo.", "It is what it is."]) == [2, 0]


def test_a_saturated_relatedness_score_does_not_put_the_first_sentence_first(embedder):
    """An NLI relatedness score of exactly 1.0 for every sentence (P(neutral) = 0) used to leave them in document
    order: the irrelevant weather sentence first."""
    retriever = ScoredEvidenceRetriever(embedder, top_k=3, per_document=None, relatedness=RuleScorer(
        lambda premise, claim: ENTAILED))  # fmt: skip
    (found,) = retriever.retrieve(["Acme is based in Oslo."], retriever.chunks([ACME]))
    assert found.scores == [1.0, 1.0, 1.0]
    assert [m.text for m in found.main] == [
        "Acme is based in Oslo.",
        "Acme Tools was founded in 2010.",
        "The weather that year was mild.",
    ]


def test_select_breaks_ties_by_shared_words_then_position(embedder):
    retriever = ScoredEvidenceRetriever(embedder, top_k=3, per_document=None)
    chunks = retriever.chunks([ACME])
    located = [(0, k) for k in range(3)]
    row = np.array([0.5, 0.5, 0.5], dtype=np.float32)
    assert retriever._select(row, 0.35, located, chunks, shared=np.array([0, 1, 2])) == [2, 1, 0]
    assert retriever._select(row, 0.35, located, chunks) == [0, 1, 2]
    assert retriever._select(np.array([0.4, 0.6, 0.5]), 0.35, located, chunks, shared=np.array([9, 0, 0])) == [1, 2, 0]

"""LiteHall's stages and detector with the real MiniLM embedder and spaCy, and a transparent NLI stand-in.

The stand-in: P(entailment) = 1 when every content word of the claim is in the premise; P(contradiction) = 1 when
the premise names a different year than the claim; else neutral. It shows what each stage passes on.
"""

import re
from collections.abc import Sequence

import numpy as np
import pytest

from veracity.detectors.litehall import LiteHallConfig, LiteHallDetector
from veracity.schema import Document, Label
from veracity.stages.retrieve.evidence import ScoredEvidenceRetriever
from veracity.stages.verify.claims import NLIClaimVerifier, fact_score

STOP = {"the", "a", "an", "of", "in", "was", "is", "to", "and", "she", "he"}


def words(text):
    return {w.lower() for w in re.findall(r"[\w']+", text)} - STOP


class RuleNLI:
    model_id = "rule-nli"

    def score(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        out = np.zeros((len(pairs), 3), dtype=np.float32)
        for i, (premise, claim) in enumerate(pairs):
            years_p, years_c = set(re.findall(r"\b1\d{3}\b", premise)), set(re.findall(r"\b1\d{3}\b", claim))
            if words(claim) <= words(premise):
                out[i] = (1.0, 0.0, 0.0)
            elif years_c and years_p and not years_c <= years_p and words(claim) - years_c <= words(premise):
                out[i] = (0.0, 0.0, 1.0)
            else:
                out[i] = (0.0, 1.0, 0.0)
        return out


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

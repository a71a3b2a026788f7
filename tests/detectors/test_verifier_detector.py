"""The ``verifier`` detector's aggregation, with a transparent word-overlap scorer standing in for a model.

The arithmetic (sentence support = best chunk, answer = weakest sentence) is what is under test here; the real
models are exercised in test_models_pair_scorer.py and test_shipped_verifier.py.
"""

import pytest

from fakes import overlap_scorer
from veracity.detectors.verifier import VerifierConfig, VerifierDetector
from veracity.schema import Document

DOCS = [
    Document(id="a", text="Marie Curie was born in Warsaw. She studied in Paris."),
    Document(id="b", text="Curie won the Nobel Prize in Physics in 1903."),
]


def test_chunked_mode_takes_each_sentences_best_chunk_and_the_weakest_sentence():
    scorer = overlap_scorer()
    detector = VerifierDetector(scorer, VerifierConfig(chunk_tokens=10))
    report = detector.detect("Curie won the Nobel Prize in 1903. She was born in Berlin.", DOCS)
    assert [round(s.score, 3) for s in report.sentences] == [0.0, 1.0]
    assert report.sentences[0].evidence[0].document_id == "b"
    assert report.sentences[1].hallucinated and not report.sentences[0].hallucinated
    assert report.verdict == "hallucinated" and report.score == 1.0
    # chunk_tokens=10 cuts document a into its two sentences: 2 answer sentences × 3 chunks, in one call.
    assert len(scorer.calls) == 1 and len(scorer.calls[0]) == 6


def test_chunked_mode_is_faithful_when_every_sentence_has_a_supporting_chunk():
    report = VerifierDetector(overlap_scorer()).detect("Marie Curie was born in Warsaw. She studied in Paris.", DOCS)
    assert report.verdict == "faithful" and report.score == 0.0


def test_a_one_sentence_answer_is_stated_with_its_question():
    scorer = overlap_scorer()
    VerifierDetector(scorer).detect("Warsaw", DOCS, question="Where was Curie born?")
    hypotheses = {h for _, h in scorer.calls[0]}
    assert hypotheses == {'The answer to "Where was Curie born?" is: Warsaw'}


def test_chunks_beyond_the_cap_are_dropped_with_a_note():
    many = [Document(id=f"d{i}", text=f"Fact number {i} is here.") for i in range(10)]
    report = VerifierDetector(overlap_scorer(), VerifierConfig(max_chunks=3)).detect("Fact number 7 is here.", many)
    assert report.verdict == "hallucinated"  # document d7 was beyond the cap
    assert any("only the first 3" in note for note in report.notes)


def test_whole_mode_scores_one_joined_pair():
    scorer = overlap_scorer()
    report = VerifierDetector(scorer, VerifierConfig(mode="whole")).detect("Curie studied in Paris.", DOCS)
    assert len(scorer.calls[0]) == 1 and scorer.calls[0][0][0].count("\n\n") == 1
    assert report.verdict == "faithful" and report.sentences == []


@pytest.mark.parametrize("answer", ["", "   "])
def test_empty_answer_is_not_checked_without_scoring(answer):
    scorer = overlap_scorer()
    report = VerifierDetector(scorer).detect(answer, DOCS)
    assert report.verdict == "not_checked" and report.score is None and scorer.calls == []


def test_per_document_mode_takes_the_best_single_document():
    scorer = overlap_scorer()
    report = VerifierDetector(scorer, VerifierConfig(mode="per_document")).detect("Curie won the Nobel Prize.", DOCS)
    assert [p for p, _ in scorer.calls[0]] == [d.text for d in DOCS]
    assert report.verdict == "faithful"
    # Needs both documents at once: no single one entails it.
    both = VerifierDetector(overlap_scorer(), VerifierConfig(mode="per_document")).detect(
        "Curie was born in Warsaw and won the Nobel Prize.", DOCS
    )
    assert both.verdict == "hallucinated"


def test_a_hallucinated_sentence_marks_the_words_its_evidence_lacks():
    """Issue 33: the verifier flagged "+2 million inhabitants" but marked nothing; now its words are marked."""
    from veracity.detectors import load_detector

    detector = load_detector("verifier", calibration="none")
    answer = "Berlin is the capital of Germany. It has 9 million inhabitants."
    context = ["Berlin is the capital of Germany. It has 3.7 million inhabitants."]
    report = detector.detect(answer, context)
    flagged = [s for s in report.sentences if s.hallucinated]
    assert report.verdict == "hallucinated" and flagged
    assert "9 million" in [s.text for s in report.hallucinated_spans]
    assert all(s.matches(answer) for s in report.hallucinated_spans)
    assert {(s.start, s.end) for f in flagged for s in f.error_spans} == {
        (s.start, s.end) for s in report.hallucinated_spans
    }
    assert not any(s.error_spans for s in report.sentences if not s.hallucinated)
    plain = load_detector("verifier", calibration="none", mark_words=False).detect(answer, context)
    assert plain.hallucinated_spans == [] and plain.score == report.score

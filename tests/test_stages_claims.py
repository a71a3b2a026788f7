"""The rules claim extractor (LiteHall §3.2 without an LLM) on sentences whose claims are clear by hand."""

import pytest

from veracity.stages.claims import RulesClaimExtractor


@pytest.fixture(scope="module")
def extractor():
    return RulesClaimExtractor()


def texts(claim_set):
    return [(c.sentence_index, c.text) for c in claim_set.claims]


def test_coordination_apposition_and_pronouns(extractor):
    answer = (
        "Marie Curie, a Polish physicist, was born in Warsaw and moved to Paris in 1891. "
        "She won the Nobel Prize in 1903."
    )
    result = extractor.extract(answer)
    assert texts(result) == [
        (0, "Marie Curie was born in Warsaw."),
        (0, "Marie Curie moved to Paris in 1891."),
        (0, "Marie Curie is a Polish physicist."),
        (1, "Marie Curie won the Nobel Prize in 1903."),
    ]
    # provenance: every claim's span is a slice of the answer inside its sentence
    for claim in result.claims:
        sentence = result.sentences[claim.sentence_index]
        assert claim.span is not None and claim.span.matches(answer)
        assert sentence.span.start <= claim.span.start and claim.span.end <= sentence.span.end


def test_questions_opinions_and_imperatives_are_not_claims(extractor):
    result = extractor.extract("Paris is in France. Do you like it? I think it is lovely. Go there in May.")
    assert texts(result) == [(0, "Paris is in France.")]
    assert len(result.notes) == 3


def test_a_short_answer_is_stated_with_its_question(extractor):
    result = extractor.extract("Kyoto", "Which city was the capital of Japan until 1868?")
    assert texts(result) == [(0, 'The answer to "Which city was the capital of Japan until 1868?" is: Kyoto')]
    assert extractor.extract("Kyoto").claims[0].text == "Kyoto."  # no question: the answer as it is


def test_empty_answer(extractor):
    assert extractor.extract("   ").claims == []

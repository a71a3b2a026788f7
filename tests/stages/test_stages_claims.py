"""The rules claim extractor (LiteHall §3.2 without an LLM) on sentences whose claims are clear by hand."""

import pytest

from veracity.errors import ConfigError
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
        (0, "Marie Curie moved to Paris."),  # one claim per prepositional phrase of the verb
        (0, "Marie Curie moved in 1891."),
        (0, "Marie Curie is a Polish physicist."),
        (1, "Marie Curie won the Nobel Prize in 1903."),
    ]
    # provenance: every claim's span is a slice of the answer inside its sentence
    for claim in result.claims:
        sentence = result.sentences[claim.sentence_index]
        assert claim.span is not None and claim.span.matches(answer)
        assert sentence.span.start <= claim.span.start and claim.span.end <= sentence.span.end


def test_coordinated_nouns_and_quoted_titles_become_one_claim_each(extractor):
    result = extractor.extract(
        "He appeared in numerous films, television shows, and theater productions. "
        'His credits include "The Abyss," "The Game," and "The Straight Story."'
    )
    assert [c.text for c in result.claims] == [
        "He appeared in numerous films.",
        "He appeared in numerous television shows.",
        "He appeared in numerous theater productions.",
        "His credits include The Abyss.",
        "His credits include The Game.",
        "His credits include The Straight Story.",
    ]


def test_participle_and_relative_clauses(extractor):
    result = extractor.extract(
        "Lanny Flaherty is an American actor born in Pensacola, Florida. His career, which began in 1975, was long."
    )
    assert [c.text for c in result.claims] == [
        "Lanny Flaherty is an American actor.",
        "Lanny Flaherty was born in Pensacola.",
        "Pensacola is in Florida.",
        "His career was long.",
        "His career began in 1975.",
    ]


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


def test_question_context_of_a_one_sentence_answer():
    question = "Where was Marie Curie born?"
    answer = "Marie Curie was born in Warsaw and moved to Paris."
    short = RulesClaimExtractor(question_context="short").extract(answer, question)
    assert texts(short) == [(0, "Marie Curie was born in Warsaw."), (0, "Marie Curie moved to Paris.")]
    sentence = RulesClaimExtractor(question_context="sentence").extract(answer, question)
    assert texts(sentence) == [(0, f'The answer to "{question}" is: {answer}')]
    clauses = RulesClaimExtractor().extract(answer, question)  # the default
    assert texts(clauses) == [
        (0, f'The answer to "{question}" is: Marie Curie was born in Warsaw.'),
        (0, f'The answer to "{question}" is: Marie Curie moved to Paris.'),
    ]
    # two sentences, or no question: the question is not added
    two = RulesClaimExtractor(question_context="sentence").extract(answer + " She won a prize.", question)
    assert len(two.claims) == 3 and not any("answer to" in c.text for c in two.claims)
    with pytest.raises(ConfigError):
        RulesClaimExtractor(question_context="always")  # type: ignore[arg-type]


def test_a_long_question_is_stated_by_its_last_sentences():
    history = (
        "[Human]: Do you like Iron Man? [Assistant]: Sure do! Robert Downey Jr. is a favorite. "
        "[Human]: Yes I like him too. Did you know he also was in Zodiac?"
    )
    answer = "Jake Gyllenhaal starred in Zodiac as well."
    whole = RulesClaimExtractor().extract(answer, history)
    assert whole.claims[0].text.startswith(f'The answer to "{history}"')
    cut = RulesClaimExtractor(question_words=14).extract(answer, history)
    (claim,) = cut.claims
    assert claim.text == (
        'The answer to "[Human]: Yes I like him too. Did you know he also was in Zodiac?" is: '
        "Jake Gyllenhaal starred in Zodiac as well."
    )
    one = RulesClaimExtractor(question_words=3).extract(answer, history)  # the last sentence even when longer
    assert one.claims[0].text.startswith('The answer to "Did you know he also was in Zodiac?"')
    short = RulesClaimExtractor(question_words=12).extract(answer, "Who starred in Zodiac?")
    assert short.claims[0].text.startswith('The answer to "Who starred in Zodiac?"')
    with pytest.raises(ConfigError, match="question_words"):
        RulesClaimExtractor(question_words=0)

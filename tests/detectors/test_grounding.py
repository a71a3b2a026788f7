import time

import numpy as np
import pytest

from veracity.errors import InputError
from veracity.schema import Document, Label
from veracity.stages.verify.grounding import Checkable, CheckableKind, EvidenceFacts, GroundingChecker, find_unsupported
from veracity.text.values import DateValue


def flagged(report):
    return [span.text for span in report.hallucinated_spans]


def test_bundled_example_flags_the_planted_error(grounding, curie):
    report = grounding.detect(curie["answer"], curie["context"], curie["question"])
    assert report.verdict == "hallucinated"
    start = curie["answer"].index("Kraków")
    assert any(s.start <= start and start + len("Kraków") <= s.end for s in report.hallucinated_spans)
    assert flagged(report) == ["Kraków"]
    first, second = report.claims
    assert first.label is Label.NOT_SUPPORTED and [s.text for s in first.error_spans] == ["Kraków"]
    assert first.evidence[0].document_id == "warsaw"
    assert second.label is Label.SUPPORTED and second.evidence[0].document_id == "nobel"
    assert set(report.timings_ms) == {"split", "align", "check"}


def test_faithful_answer_with_reformatted_numbers_and_dates(grounding):
    context = [Document(id="d", text="The bridge, opened on 5 March 1901, carried 1,000 cars a day.")]
    report = grounding.detect("The bridge opened on March 5, 1901 and carried 1000 cars a day.", context)
    assert report.verdict == "faithful", report.hallucinated_spans
    assert report.hallucinated_spans == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("The summit was held in Tokyo in 1997.", "Tokyo"),  # entity swap, Kyoto -> Tokyo
        ("The summit was held in Kyoto in 1998.", "1998"),  # year changed
        ("The summit was held in Kyoto on 12 December 1997.", "12 December 1997"),  # date changed
        ("The summit was not held in Kyoto in 1997.", "was not held"),  # negation flipped: marked with its verb
        ("The summit was held in Kyoto in 1997 with 150 countries.", "150"),  # number changed
    ],
)
def test_each_kind_of_planted_error_is_located(grounding, answer, wrong):
    context = [
        Document(
            id="d",
            text="The climate summit was held in Kyoto on 11 December 1997. Delegates from 160 countries attended.",
        )
    ]
    report = grounding.detect(answer, context)
    assert report.verdict == "hallucinated"
    assert flagged(report) == [wrong]


def test_names_from_the_question_are_not_flagged(grounding):
    context = [Document(id="d", text="It was founded in 1889 by a group of engineers.")]
    question = "When was the Eiffel Society founded?"
    assert grounding.detect("The Eiffel Society was founded in 1889.", context, question).verdict == "faithful"
    assert grounding.detect("The Eiffel Society was founded in 1889.", context).verdict == "hallucinated"


def test_short_entity_answer_is_checked(grounding):
    context = [Document(id="d", text="Kyoto served as Japan's capital for more than a millennium.")]
    question = "Which city was Japan's capital for over a thousand years?"
    assert grounding.detect("Kyoto", context, question).verdict == "faithful"
    assert flagged(grounding.detect("Osaka", context, question)) == ["Osaka"]


def test_unrelated_sentence_is_flagged_whole(grounding):
    context = [Document(id="d", text="The Danube flows through ten countries into the Black Sea.")]
    answer = "The Danube reaches the Black Sea. Quantum chromodynamics describes the strong interaction."
    report = grounding.detect(answer, context)
    assert report.verdict == "hallucinated"
    assert flagged(report) == ["Quantum chromodynamics describes the strong interaction."]
    assert report.claims[1].label is Label.UNVERIFIABLE


def test_filler_sentences_are_not_scored(grounding):
    context = [Document(id="d", text="Paris is the capital of France.")]
    report = grounding.detect("Paris is the capital of France. I hope this helps!", context)
    assert report.verdict == "faithful"
    assert len(report.sentences) == 2 and len(report.claims) == 1


@pytest.mark.parametrize("answer", ["", "   \n "])
def test_empty_answer_is_not_checked_with_no_claims(grounding, answer):
    report = grounding.detect(answer, [Document(id="d", text="Anything.")])
    assert report.verdict == "not_checked" and report.score is None
    assert report.claims == [] and report.sentences == []


@pytest.mark.parametrize("context", [[], [Document(id="d", text="  ")], [""]])
def test_missing_context_is_an_input_error(grounding, context):
    with pytest.raises(InputError, match="no context"):
        grounding.detect("Paris is in France.", context)


def test_strings_are_accepted_as_context(grounding):
    report = grounding.detect("Paris is in Germany.", ["Paris is in France."])
    assert flagged(report) == ["Germany"] and report.claims[0].evidence[0].document_id == "doc-1"


def test_duplicate_document_ids_are_rejected(grounding):
    with pytest.raises(InputError, match="unique"):
        grounding.detect("x", [Document(id="a", text="one"), Document(id="a", text="two")])


def test_six_hundred_documents_take_bounded_time(grounding):
    docs = [
        Document(id=f"d{i}", text=f"Report {i} says the river rose by {i} centimetres in town {i}.") for i in range(600)
    ]
    docs.append(Document(id="key", text="The Seine rose by 620 centimetres in Paris in January 1910."))
    start = time.perf_counter()
    report = grounding.detect("The Seine rose by 620 centimetres in Paris in 1910.", docs)
    assert time.perf_counter() - start < 60
    assert report.verdict == "faithful"
    assert report.claims[0].evidence[0].document_id == "key"
    assert any("max_candidates" in note for note in report.notes)


def test_one_megabyte_context_has_a_defined_result(grounding):
    filler = "The committee met again and discussed the budget for the coming season at length. " * 12_500
    big = filler + "The observatory on Mauna Kea was completed in 1970."
    assert len(big) > 1_000_000
    start = time.perf_counter()
    report = grounding.detect("The observatory on Mauna Kea was completed in 1971.", [big])
    assert time.perf_counter() - start < 120
    assert report.verdict == "hallucinated" and flagged(report) == ["1971"]


def test_find_unsupported_by_hand():
    evidence = EvidenceFacts.of("Kyoto hosted the summit on 11 December 1997, with 160 nations; it did not end early.")
    items = [
        Checkable(CheckableKind.ENTITY, 0, 5, "Kyoto"),
        Checkable(CheckableKind.ENTITY, 0, 5, "Tokyo"),
        Checkable(CheckableKind.PROPER_NOUN, 0, 9, "the Kyoto"),
        Checkable(CheckableKind.DATE, 0, 4, "Dec 1997", DateValue(1997, 12, None)),
        Checkable(CheckableKind.DATE, 0, 4, "12 Dec 1997", DateValue(1997, 12, 12)),
        Checkable(CheckableKind.NUMBER, 0, 4, "1997", __import__("decimal").Decimal(1997)),
        Checkable(CheckableKind.NUMBER, 0, 3, "150", __import__("decimal").Decimal(150)),
        Checkable(CheckableKind.NEGATION, 0, 3, "not"),
    ]
    assert [i.text for i in find_unsupported(items, evidence)] == ["Tokyo", "12 Dec 1997", "150"]
    assert [i.text for i in find_unsupported(items[-1:], EvidenceFacts.of("It ended early."))] == ["not"]


def test_checkables_of_a_sentence():
    checker = GroundingChecker()
    items = checker.checkables("Marie Curie did not move to Paris until 1891, with 2,000 francs.")
    kinds = {(i.kind.value, i.text) for i in items}
    assert ("entity", "Marie Curie") in kinds and ("entity", "Paris") in kinds
    assert ("negation", "not") in kinds
    assert ("number", "1891") in kinds and ("number", "2,000") in kinds


def test_grounding_as_a_pair_scorer_plugs_into_sea():
    from veracity.detectors.base import load_pair_scorer
    from veracity.detectors.sea import SEADetector
    from veracity.models.pair_scorer import PairScorer
    from veracity.registry import names

    assert "grounding" in names("pair_scorer")
    scorer = load_pair_scorer("grounding", quantize="int8")  # options for Hugging Face models are ignored
    assert isinstance(scorer, PairScorer) and scorer.model_id == "grounding"
    premise = "Marie Curie was born in Warsaw in 1867."
    probs = scorer.score([(premise, "Curie was born in Warsaw in 1867."),
                          (premise, "Curie was born in Paris in 1867."),
                          (premise, "It is nice.")])  # fmt: skip
    # items: Curie, Warsaw|Paris, 1867 -> all found; Paris missing (2 of 3); nothing checkable -> undecided
    assert np.allclose(probs, [[1, 0, 0], [2 / 3, 1 / 3, 0], [0.5, 0.5, 0]], atol=1e-6)
    detector = SEADetector.from_config(nli_model="grounding")
    context = ["Marie Curie was born in Warsaw.", "Paris is in France."]
    assert detector.detect("Warsaw", context, "Where was Curie born?").verdict == "faithful"
    assert detector.detect("Lyon", context, "Where was Curie born?").verdict == "hallucinated"


# Issue 44, item 10: no function word or negation particle is marked on its own; number words and durations are
# compared as values.

TRIAL = [Document(id="pricing", text="The free trial lasts 60 days, which is about two months.")]


@pytest.mark.parametrize(
    ("answer", "marked"),
    [
        ("The trial does not last two months; it lasts 60 days.", "does not last"),
        ("The trial doesn't last two months; it lasts 60 days.", "doesn't last"),
        ("The trial cannot last two months; it lasts 60 days.", "cannot last"),
    ],
)
def test_an_unsupported_negation_is_marked_with_what_it_negates(grounding, answer, marked):
    report = grounding.detect(answer, TRIAL)
    assert report.verdict == "hallucinated"
    assert flagged(report) == [marked]  # was "not" / "n't" alone
    assert [s.text for s in report.claims[0].error_spans] == [marked]


@pytest.mark.parametrize(
    ("answer", "context"),
    [
        ("The free trial lasts about two months.", "The free trial lasts 60 days."),
        ("The free trial lasts 60 days.", "The free trial lasts about two months."),
        ("The export is emailed to the owner within a day.", "The export is emailed to the owner within 24 hours."),
        ("Backups are kept for one year.", "Backups are kept for 52 weeks."),
        ("The plan includes a dozen seats.", "The plan includes 12 seats."),
        ("The plan includes twelve seats.", "The plan includes 12 seats."),
    ],
)
def test_number_words_and_durations_are_compared_as_values(grounding, answer, context):
    report = grounding.detect(answer, [Document(id="d", text=context)])
    assert report.verdict == "faithful" and flagged(report) == []


def test_a_duration_of_another_length_is_still_flagged(grounding):
    trial = [Document(id="d", text="The free trial lasts 60 days.")]
    assert flagged(grounding.detect("The free trial lasts about three months.", trial)) == ["three"]
    assert flagged(grounding.detect("The free trial lasts 50 days.", trial)) == ["50"]


def test_what_the_sources_do_not_mention_is_checked_against_them(grounding):
    support = [Document(id="support", text="Support is by email and chat on weekdays, 9:00 to 17:00 CET.")]
    answer = "Support is by email and chat on weekdays; the sources do not mention phone support."
    report = grounding.detect(answer, support, "Does Acme offer phone support?")
    assert report.verdict == "faithful" and flagged(report) == []  # was hallucinated, "not" marked
    wrong = grounding.detect("The sources do not mention email support.", support)
    assert wrong.verdict == "hallucinated" and flagged(wrong) == ["do not mention"]


def test_durations_function_words_and_names_out_of_place_by_hand():
    from veracity.stages.verify.grounding import marked_range, only_function_words
    from veracity.stages.verify.grounding_pairs import names_out_of_place
    from veracity.text.values import duration_supported, find_durations

    found = find_durations("A 60-day trial, about two months, or within a day; 48 hours.")
    assert [(d.text, d.value.amount, d.value.units) for d in found] == [
        ("60-day", 60, ("day",)),
        ("two months", 2, ("month",)),
        ("a day", 1, ("day",)),
        ("48 hours", 48, ("hour",)),
    ]
    days = [d.value for d in find_durations("60 days and 2 days")]
    assert duration_supported(found[1].value, days) and duration_supported(found[3].value, days)
    assert not duration_supported(find_durations("four weeks")[0].value, [d.value for d in find_durations("30 days")])
    assert not duration_supported(find_durations("29 days")[0].value, [d.value for d in find_durations("30 days")])
    assert [only_function_words(t) for t in ("not", "n't", "does not", "Yes", "the", "Linux", "not Linux")] == [
        True, True, True, True, True, False, False
    ]  # fmt: skip
    text = "Guests are never billed."
    assert text[slice(*marked_range(text, Checkable(CheckableKind.NEGATION, 11, 16, "never")))] == "are never billed"
    claim = "The desktop app supports Windows 10 or later, Linux."
    items = GroundingChecker().checkables(claim)
    sentences = ["The desktop app runs on Windows 10 or later.", "A Linux build is planned but not yet available."]
    assert [n.text for n in names_out_of_place(claim, items, sentences)] == ["Linux"]
    two_clauses = "It runs on Windows 10; Linux support is planned but not available yet."
    assert names_out_of_place(two_clauses, GroundingChecker().checkables(two_clauses), sentences) == []


def test_clock_times_are_compared_as_times_of_day():
    from veracity.text.values import clock_times

    assert [divmod(t.minutes, 60) for t in clock_times("12 am, 12:15 p.m., 7 P.M., 23:59, 24:00")] == [
        (0, 0),
        (12, 15),
        (19, 0),
        (23, 59),
        (0, 0),
    ]
    checker = GroundingChecker()
    for answer, evidence, missing in [
        ("The cafe is open from 8:00 am to 2:30 pm.", "Hours: 8:00-14:30", []),
        ("It opens at 14:00.", "It opens at 2 pm.", []),
        ("It opens at 2:15 pm.", "It opens at 14:30.", ["2", "15"]),  # another time of day stays absent
        ("It opens at 3 pm.", "It opens at 14:00.", ["3"]),
    ]:
        items = checker.checked_items(answer)
        assert [m.text for m in checker.unsupported(answer, items, [evidence])] == missing, answer


@pytest.mark.parametrize(
    ("text", "checked"),
    [
        ("4.", []),  # a list marker alone
        ("(Passage 3)\n2.", []),
        ("As Passage 2 says, the fee is 40 euros.", ["40"]),  # the reference goes, the fee stays
        ("Documents 1 and 3 agree that 12 people came.", ["12"]),
        ("The team has 4 players [2].", ["4"]),
        ("Here is a summary of the news in 72 words:", []),  # the answer's own length
        ("The essay was 300 words long.", ["300"]),  # a length that is a claim (no summary talk)
        ("1. Preheat the oven to 150 degrees.", ["150"]),
    ],
)
def test_list_markers_source_references_and_the_answers_length_are_not_claims(text, checked):
    numbers = [i.text for i in GroundingChecker().checked_items(text) if i.kind is CheckableKind.NUMBER]
    assert numbers == checked


@pytest.mark.parametrize(
    ("answer", "evidence", "missing"),
    [
        ("It kept four-fifths of its capacity.", "It kept 80% of its capacity.", []),
        ("Two-thirds came from the fund.", "67% came from the fund.", []),
        ("It kept three-fifths of it.", "It kept 80% of it.", ["three"]),
        ("Net income was $0.48 a share.", "Net income was 48 cents per share.", []),
        ("It costs 48 cents.", "It costs $0.48.", []),
        ("Take no more than 2.2 g a day.", "Take no more than 2200 mg a day.", []),
        ("Take no more than 2.2 kg a day.", "Take no more than 2200 mg a day.", ["2.2"]),
        ("It delivered 70% at minus 20 °C.", "At -20 °C it delivered 70%.", []),
        ("The crossing takes 1 hour and 35 minutes.", "The crossing takes 95 minutes.", []),
        ("It stays at 18 degrees Celsius.", "It stays at 18 °C.", []),  # a unit, not a name
    ],
)
def test_values_are_compared_across_units_shares_and_words(answer, evidence, missing):
    checker = GroundingChecker()
    assert [m.text for m in checker.unsupported(answer, checker.checked_items(answer), [evidence])] == missing

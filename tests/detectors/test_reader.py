"""The ``reader`` detector with its shipped model and the real NLI model: the cases a new user tries first.

The verdict follows the evidence, not the input's shape: the same answer over one passage, two passages, or without
its question gets the same verdict; a name the sources never mention is caught in a one-line answer; an honest
abstention passes; every report lists its sentences with P and evidence, a passed answer's included.
"""

from __future__ import annotations

import pytest

from veracity.detectors import load_detector
from veracity.detectors.guard import innermost
from veracity.detectors.reader import ReaderDetector
from veracity.detectors.reader.signals import DIRECTIONS

LEAVE = (
    "Parental leave. Primary caregivers receive 18 weeks of paid leave at full pay. Secondary caregivers receive 6 "
    "weeks of paid leave at full pay. Leave can be taken at any point in the first year after the birth or adoption."
)
HOLIDAYS = "Public holidays. The office is closed on public holidays. Staff who work on a public holiday get a day off."
HEIAN = [
    "Kyoto, then called Heian-kyō, was the imperial capital of Japan from 794 until 1868.",
    "The Heian period (794–1185) is named after the capital and is known for its court literature.",
]


@pytest.fixture(scope="module")
def reader():
    return load_detector("reader")


def test_the_shipped_model_keeps_every_sign(reader) -> None:
    model = innermost(reader).model
    assert isinstance(innermost(reader), ReaderDetector)
    for name, direction, weight in zip(model.features, model.directions, model.weights, strict=True):
        assert direction == DIRECTIONS[name.partition(">=")[0]]
        assert weight * direction >= 0, name
    assert model.calibration_a > 0


def test_more_evidence_against_a_sentence_never_lowers_its_p(reader) -> None:
    model = innermost(reader).model
    base = dict(zip(model.features, model.mean, strict=True))
    for name, direction in zip(model.features, model.directions, strict=True):
        if direction == 0:
            continue
        low = model.probability(model.read({**base, name: 0.0}).z)
        high = model.probability(model.read({**base, name: 1.0}).z)
        assert (high - low) * direction >= 0, name


def test_a_city_the_passages_never_name_is_caught_in_a_short_answer(reader) -> None:
    report = reader.detect("The imperial capital during the Heian period was Tokyo.", HEIAN, None)
    assert report.verdict == "hallucinated"
    assert any("Tokyo" in span.text for span in report.hallucinated_spans)
    assert not any(span.text.lower() in {"the", "was", "during"} for span in report.hallucinated_spans)


@pytest.mark.parametrize(
    ("context", "question"),
    [
        ([LEAVE], "How much leave do secondary caregivers get?"),
        ([LEAVE, HOLIDAYS], "How much leave do secondary caregivers get?"),
        ([LEAVE], None),
    ],
    ids=["one-passage", "two-passages", "no-question"],
)
def test_the_verdict_does_not_follow_the_inputs_shape(reader, context, question) -> None:
    wrong = reader.detect("Secondary caregivers get 9 weeks of paid leave.", context, question)
    right = reader.detect("Secondary caregivers get 6 weeks of paid leave at full pay.", context, question)
    assert wrong.verdict == "hallucinated"
    assert right.verdict == "faithful"


def test_an_honest_abstention_passes(reader) -> None:
    answer = (
        "The passages I have don't mention gym memberships, so I can't confirm that they're covered; it's best to "
        "check with HR."
    )
    report = reader.detect(answer, [LEAVE, HOLIDAYS], "Are gym memberships covered?")
    assert report.verdict == "faithful"
    assert any("abstain" in note or "abstention" in note for note in report.notes)


def test_a_passed_report_lists_its_sentences_with_p_and_evidence(reader) -> None:
    answer = "Primary caregivers receive 18 weeks of paid leave. The office is closed on public holidays."
    report = reader.detect(answer, [LEAVE, HOLIDAYS], None)
    assert report.verdict == "faithful"
    assert [s.sentence.text for s in report.sentences] == [
        "Primary caregivers receive 18 weeks of paid leave.",
        "The office is closed on public holidays.",
    ]
    assert all(s.evidence for s in report.sentences)
    assert report.score >= max(s.score for s in report.sentences) - 1e-9


def test_appending_a_sentence_never_lowers_p(reader) -> None:
    first = "Primary caregivers receive 18 weeks of paid leave."
    alone = reader.detect(first, [LEAVE], None)
    more = reader.detect(first + " Leave can be taken in the first year.", [LEAVE], None)
    worse = reader.detect(first + " Leave is also paid out in cash when you resign.", [LEAVE], None)
    assert more.score >= alone.score - 1e-9 and worse.score >= alone.score - 1e-9


def test_an_empty_answer_is_not_checked(reader) -> None:
    report = reader.detect("   ", [LEAVE], None)
    assert report.verdict == "not_checked"


PARCELS = (
    "Standard parcels weighing up to 2 kg cost EUR 4.90 to send within the country. "
    "Large parcels weighing up to 10 kg cost EUR 8.90."
)


@pytest.mark.parametrize("question", [None, "How heavy can a standard parcel be?"], ids=["no-question", "question"])
def test_a_value_the_sources_give_only_to_another_thing_does_not_vouch(reader, question) -> None:
    # issue 59: "10 kg" is in the sources, but about large parcels; df93517 read this as faithful (P 0.06)
    wrong = reader.detect("You can send a standard parcel of up to 10 kg for EUR 4.90.", [PARCELS], question)
    right = reader.detect("You can send a standard parcel of up to 2 kg for EUR 4.90.", [PARCELS], question)
    assert wrong.verdict == "hallucinated" and right.verdict == "faithful"
    assert [span.text for span in wrong.hallucinated_spans] == ["up to 10 kg"]
    finding = next(f for f in wrong.details.findings if f.relation == "contradicted")
    assert finding.source_text.startswith("Standard parcels weighing up to 2 kg")


REFUNDS = (
    "Refund requests are approved by the finance officer, Lena Park, who reports to the director of operations, "
    "Omar Haddad. Orders over 500 euros are checked by the warehouse team."
)


@pytest.mark.parametrize("question", [None, "Who approves refund requests?"], ids=["no-question", "question"])
def test_a_name_the_sources_state_elsewhere_does_not_vouch_for_another_names_clause(reader, question) -> None:
    # issue 59: Omar Haddad is in the sources, but as the director the finance officer reports to; a7b50e2 read this
    # as faithful (P 0.03)
    wrong = reader.detect("Refund requests are approved by Omar Haddad.", [REFUNDS], question)
    right = reader.detect("Refund requests are approved by Lena Park.", [REFUNDS], question)
    assert wrong.verdict == "hallucinated" and right.verdict == "faithful"
    assert [span.text for span in wrong.hallucinated_spans] == ["Omar Haddad"]
    finding = next(f for f in wrong.details.findings if f.relation == "contradicted")
    assert finding.source_text == "Refund requests are approved by the finance officer, Lena Park"


def test_two_names_exchanged_in_a_copied_sentence_are_caught(reader) -> None:
    # issue 59: both names are in the sources, each in the other's role; a7b50e2 read these as faithful
    sources = [
        "Press enquiries are handled by Tariq Bello, who reports to the communications director, Ines Moreau.",
    ]
    wrong = reader.detect("Ines Moreau, the communications director, reports to Tariq Bello.", sources)
    right = reader.detect("Tariq Bello reports to Ines Moreau, the communications director.", sources)
    assert wrong.verdict == "hallucinated" and right.verdict == "faithful"
    assert any(f.kind == "role" and f.relation == "contradicted" for f in wrong.details.findings)


def test_the_span_model_reads_only_the_sources_that_share_a_word_with_the_answer_or_question():
    from veracity.detectors.reader import related_texts

    planning = "The application fee of £250 has been paid."
    stadium = "The Lindale Stadium holds 31,000 spectators."
    answer = "The application fee of £250 has been paid by bank transfer."
    assert related_texts([stadium, planning], answer, None) == [planning]
    assert related_texts([stadium, planning], answer, "How big is the stadium?") == [stadium, planning]
    assert related_texts([stadium], answer, None) == [stadium]  # none shares a word: all are read

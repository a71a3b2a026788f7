"""The masked-frame checker (issue 70, items 1–2): frames built by hand, and the checker with the real MiniLM."""

from __future__ import annotations

import json

import pytest

from veracity.schema import Document
from veracity.stages.sources import AnswerUnits, Sources
from veracity.stages.verify.checkers import Checker
from veracity.stages.verify.checkers.masked import (
    MAX_VALUES,
    READ_KINDS,
    MaskedFrameChecker,
    content_words,
    field_clause,
    frame,
    frames_of_text,
    in_range,
    jaccard,
    same_stated,
    sentence_values,
    source_frames,
    value_kind,
    written_span,
)
from veracity.text.records import RecordField
from veracity.text.values import read_values

CARD = "You can refund a card charge within 180 days of the original charge."
SEPA = "SEPA Direct Debit payments can be refunded within 60 days."
PLANS = (
    "On the Starter plan, live keys can make up to 100 requests per second. "
    "On the Growth plan, live keys can make up to 250 requests per second. "
    "Test keys are limited to 25 requests per second on every plan."
)
GROWTH = "On the Growth plan, live keys can make up to 250 requests per second."


# ----------------------------------------------------------------------------------------------- frames (pure)
def test_value_kinds_from_the_reader():
    text = "It costs $5, takes 3 days, is 45% off, weighs 2 kg, seats 4 people, since 2019, item 7."
    assert [value_kind(v) for v in read_values(text)] == [
        "AMOUNT", "DURATION", "PERCENT", "QUANTITY", "COUNT", "DATE", "NUMBER"
    ]  # fmt: skip


def test_written_span_takes_currency_and_unit():
    text = "It raised $50 million in 180 days, 45% more."
    spans = [text[slice(*written_span(text, v, value_kind(v)))] for v in read_values(text)]
    assert spans == ["$50 million", "180 days", "45%"]


def test_sentence_values_clock_date_count_address():
    text = "Open 9:00 pm on 3 May 2021 for 20 guests at 12 Elm Street."
    values = sentence_values(text)
    assert [(text[v.start : v.end], v.key) for v in values] == [
        ("9:00 pm", "TIME"), ("3 May 2021", "DATE"), ("20", "COUNT:guest"), ("12 Elm Street", "ADDRESS")
    ]  # fmt: skip
    assert values[0].clock == (21 * 60, True)


def test_a_count_is_keyed_by_its_noun():
    (value,) = sentence_values("Live keys can make up to 100 requests per second.")
    assert value.key == "COUNT:request"


def test_frame_masks_the_value_and_marks_the_others_of_its_kind():
    text = "Cards take 180 days, and SEPA 60 days, in 2024."
    values = sentence_values(text)
    assert frame(text, values, 0) == "Cards take [DURATION], and SEPA [other DURATION], in 2024."
    assert frame(text, values, 1) == "Cards take [other DURATION], and SEPA [DURATION], in 2024."
    assert frame(text, values, 2) == "Cards take 180 days, and SEPA 60 days, in [DATE]."


def test_a_long_sentence_is_cut_around_its_value():
    text = "a " * 400 + "; the fee is $5 today; " + "b " * 400
    (value,) = sentence_values(text)
    assert frame(text, [value], 0) == "the fee is [AMOUNT] today"


def test_too_many_values_give_no_frames():
    text = "Scores: " + ", ".join(f"{k} points" for k in range(1, MAX_VALUES + 2)) + "."
    assert frames_of_text(text) is None
    assert len(frames_of_text("It takes 3 days and costs $5.") or []) == 2


def test_range_bounds():
    text = "It takes 2-3 days and costs $5."
    values = sentence_values(text)
    assert [in_range(text, values, k) for k in range(len(values))] == [True, True, False]


def test_same_stated_reads_units_dates_clocks():
    def one(text: str):
        return sentence_values(text)[0]

    assert same_stated(one("It takes 2 hours."), one("It takes 120 minutes."))
    assert not same_stated(one("It takes 2 hours."), one("It takes 3 hours."))
    assert same_stated(one("On 3 May 2021."), one("In May 2021."))
    assert same_stated(one("At 5:30."), one("At 5:30 pm."))
    assert not same_stated(one("At 5:30 am."), one("At 5:30 pm."))
    assert not same_stated(one("For 20 guests."), one("For 20 rooms."))  # another noun: another key


def test_field_clause_and_record_frames():
    field = RecordField("d", ("fees", "UK", "commercialCard"), ("commercial", "card"), "1.5%")
    assert field_clause(field) == ("fees UK commercial card: 1.5%", 25)
    assert field_clause(RecordField("d", ("items", "2", "hours"), ("hours",), "12:0-19:0")) == (
        "items hours: 12:00-19:00", 13
    )  # fmt: skip
    assert field_clause(RecordField("d", ("open",), ("open",), True)) is None
    record = json.dumps({"plans": {"Starter": {"price": "$20 per month"}, "Growth": {"price": "$50 per month"}}})
    sources = Sources([Document(id="r", text=record)])
    built = source_frames(sources, 100)
    assert [(f.frame, f.written) for f in built.frames] == [
        ("plans Starter price: [AMOUNT] per month", "$20"),
        ("plans Growth price: [AMOUNT] per month", "$50"),
    ]
    assert all(record[f.start : f.end].startswith('"price"') for f in built.frames)


def test_source_frames_are_capped():
    sources = Sources([Document(id="d", text=f"{CARD} {SEPA} {SEPA}")])
    assert len(source_frames(sources, 100).frames) == 3
    capped = source_frames(sources, 2)
    assert capped.capped and len(capped.frames) == 2


def test_word_overlap():
    a, b = content_words("SEPA payments can be refunded within [DURATION]."), content_words("SEPA refunds [AMOUNT]")
    assert a == {"sepa", "payment", "refunded"} and b == {"sepa", "refund"} and jaccard(a, b) == pytest.approx(1 / 4)


# ----------------------------------------------------------------------------------------------- the checker
@pytest.fixture(scope="module")
def checker(embedder) -> MaskedFrameChecker:  # type: ignore[no-untyped-def]
    return MaskedFrameChecker(embedder)


def check(checker: MaskedFrameChecker, answer: str, *documents: str) -> tuple[list, AnswerUnits]:
    read = AnswerUnits.of(answer, [(0, len(answer))])
    sources = Sources([Document(id=f"d{k}", text=t) for k, t in enumerate(documents)])
    return checker.findings(read, sources), read


def test_it_is_a_checker(checker):
    assert isinstance(checker, Checker) and checker.name == "masked"


def test_sepa_refund_window_is_flagged_with_the_source_value(checker):
    answer = "SEPA Direct Debit payments can be refunded within 180 days of the original payment."
    context = f"{CARD} {SEPA}"
    findings, _ = check(checker, answer, context)
    assert len(findings) == 1
    (f,) = findings
    assert (f.kind, f.relation, f.span.text) == ("value", "contradicted", "180 days")
    assert f.source_text == SEPA and f.source_document == "d0"
    assert f.source_span is not None and f.source_span.matches(context) and f.source_span.text == SEPA
    assert "60 days" in f.explanation and f.explanation.startswith("answer: 180 days; the source gives 60 days")


def test_growth_plan_rate_limit_is_not_read_since_counts_are_not(checker):
    """Counts with their noun are framed (kind COUNT) and attach right, to the Growth sentence's 250, but are not
    read: on the training data they flagged fewer hallucinations at the 0.5% budget (experiments/masked-frames)."""
    answer = "On the Growth plan, live keys can make up to 100 requests per second."
    assert "COUNT" not in READ_KINDS
    assert check(checker, answer, PLANS)[0] == []
    counting = MaskedFrameChecker(checker.embedder, kinds=READ_KINDS | {"COUNT"})
    (a,) = counting.attachments(AnswerUnits.of(answer, [(0, len(answer))]), Sources([Document(id="d", text=PLANS)]))
    assert a.other is not None and a.other.text == GROWTH and a.other.written == "250"
    assert a.gap is not None and 0.1 < a.gap < 0.3


def test_a_range_bound_is_attached_on_its_own(checker):
    hours = "Weekday hours are 9 am to 5 pm. Weekend hours are 11 am to 4 pm."
    findings, _ = check(checker, "On weekends it is open from 9 am to 4 pm.", hours)
    assert [(f.span.text, f.source_text) for f in findings] == [("9 am", "Weekend hours are 11 am to 4 pm.")]


@pytest.mark.parametrize(
    ("answer", "context"),
    [
        ("Refunds of SEPA Direct Debit payments are possible for up to 60 days.", f"{CARD} {SEPA}"),
        ("A card charge may be refunded up to 180 days after it was made.", f"{CARD} {SEPA}"),
        ("Live keys on the Growth plan allow as many as 250 requests per second.", PLANS),
        ("With the Starter plan, you get up to 100 requests per second on live keys.", PLANS),
    ],
)
def test_faithful_paraphrases_pass(checker, answer, context):
    assert check(checker, answer, context)[0] == []


def test_a_value_stated_nowhere_is_left_to_the_value_checker(checker):
    answer = "SEPA Direct Debit payments can be refunded within 90 days of the original payment."
    assert check(checker, answer, f"{CARD} {SEPA}")[0] == []


def test_a_json_record_source(checker):
    record = json.dumps({"plans": {"Starter": {"price": "$20 per month"}, "Growth": {"price": "$50 per month"}}})
    findings, _ = check(checker, "The Growth plan costs $20 per month.", record)
    (f,) = findings
    assert f.span.text == "$20" and f.source_text == "plans Growth price: $50 per month"
    assert f.source_span is not None and f.source_span.text == '"price": "$50 per month"'
    assert f.source_span.matches(record) and "the source gives $50" in f.explanation
    assert check(checker, "Growth costs $50 a month.", record)[0] == []


def test_a_unit_with_forty_numbers_is_skipped_with_a_note(checker):
    answer = "Scores: " + ", ".join(f"{k} days" for k in range(1, 41)) + "."
    findings, read = check(checker, answer, f"{CARD} {SEPA}")
    assert findings == [] and len(read.notes) == 1 and "40 values" in read.notes[0]


def test_too_many_source_frames_are_capped_with_a_note(embedder):
    small = MaskedFrameChecker(embedder, max_source_frames=1)
    findings, read = check(small, "SEPA Direct Debit payments can be refunded within 180 days.", f"{CARD} {SEPA}")
    assert findings == [] and any("first 1 value frames" in n for n in read.notes)


def test_a_repeated_source_sentence_cites_the_copy_attached_to(checker):
    context = f"Old policy said {SEPA} {CARD} {SEPA}"
    answer = "SEPA Direct Debit payments can be refunded within 180 days of the original payment."
    (f,) = check(checker, answer, context)[0]
    assert f.source_span is not None and f.source_span.start == context.rindex(SEPA)
    assert f.source_span.text == SEPA and context.find(SEPA) != f.source_span.start


def test_source_frames_are_built_once_per_input_and_vectors_kept_across_inputs(counting_embedder):
    counted = MaskedFrameChecker(counting_embedder)
    answer = "SEPA Direct Debit payments can be refunded within 180 days of the original payment."
    sources = Sources([Document(id="d", text=f"{CARD} {SEPA}")])
    counted.findings(AnswerUnits.of(answer, [(0, len(answer))]), sources)
    counted.findings(AnswerUnits.of(answer, [(0, len(answer))]), sources)
    counted.findings(AnswerUnits.of(answer, [(0, len(answer))]), Sources([Document(id="e", text=f"{CARD} {SEPA}")]))
    # the two source frames once, the answer's frame once: then all from the cache
    assert counting_embedder.calls == [2, 1]


def test_unreadable_input_never_raises(checker):
    for answer, context in [("", ""), ("1/0 = ∞ %% $$ 12:99", "€€5 and 31 February 2023"), ("x" * 5000, "{not json")]:
        findings, _ = check(checker, answer, context)
        assert findings == []

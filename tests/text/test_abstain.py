"""Abstentions, referrals and hedges (issue 53): hand-written sentences of each kind, and claims that stay claims."""

from __future__ import annotations

import time

import pytest

from veracity.text.abstain import Abstention, denies_stated, only_abstention, read_abstention

GYM = (
    "The passages I have don't mention gym memberships, so I can't confirm that they're covered; it's best to check "
    "with HR."
)

# (sentence, the topic the reader must find, or None where it names none)
ABSTENTIONS = [
    (GYM, "gym memberships"),
    (
        "The context does not specify how many days of leave part-time staff get.",
        "how many days of leave part-time staff get",
    ),
    ("The provided documents don't say whether contractors are eligible.", "contractors are eligible"),
    ("The information provided doesn't include the parental leave policy.", "parental leave policy"),
    ("Unfortunately, the sources do not mention the price of the premium plan.", "price of the premium plan"),
    ("None of the passages mention a relocation allowance.", "relocation allowance"),
    ("The passages are silent on overtime pay.", "overtime pay"),
    ("There is no information about parking in the passages.", "parking"),
    ("There's no mention of a probation period in the context.", "probation period"),
    ("The duration of the warranty is not specified in the documents.", "duration of the warranty"),
    ("The price is not mentioned.", "price"),
    ("Dental care is not covered in the passages.", "Dental care"),
    ("I can't confirm whether parking is free.", "parking is free"),
    ("I cannot determine the exact launch date from the information given.", "launch date"),
    ("I couldn't find any information on the company's pension scheme.", "company's pension scheme"),
    ("I don't know.", None),
    ("The context doesn't say.", None),
    ("I do not have information about the canteen's opening hours.", "canteen's opening hours"),
    ("I'm not sure whether the office is open on Sundays.", "office is open on Sundays"),
    ("I am not certain about the refund deadline.", "refund deadline"),
    ("Unable to determine who approved the budget.", "approved the budget"),
    ("No details are given about the bonus scheme.", "bonus scheme"),
    ("It is unclear from the passages whether the discount applies to students.", "discount applies to students"),
    ("The exact number of employees cannot be determined from the text.", "number of employees"),
    ("There is not enough information to answer the question.", "question"),
]

REFERRALS = [
    "Please contact HR.",
    "It's best to check with HR about gym memberships.",
    "You should consult your doctor.",
    "Contact your manager for more details.",
    "I recommend you speak to the benefits team.",
    "For the most accurate information, refer to the policy.",
    "You may want to reach out to customer support to confirm.",
    "Check the employee handbook for details.",
]

HEDGES = [
    "It seems that the trial lasts 30 days.",
    "The office is possibly closed on public holidays.",
    "Fees may vary by region.",
    "The deadline might be extended next year.",
    "According to the handbook, employees get 25 days of leave.",
    "The update appears to fix the login bug.",
    "The meeting will probably move to Thursday.",
    "I think the plan costs $12 per user.",
]

# Claims: a reader of abstentions must leave each alone.
CLAIMS = [
    "The policy does not cover gym memberships.",
    "Employees may not carry over leave.",
    "Employees may take up to 10 days of paid leave.",
    "Lunch is not provided.",
    "Dental care is not covered.",
    "The handbook does not allow remote work on Fridays.",
    "We cannot offer refunds after 30 days.",
    "Employees must contact HR within 3 days of a sickness.",
    "Contact your manager before 9 am on the first day of absence.",
    "The trial lasts 30 days and then costs $12 per user per month.",
    "Paris is the capital of France.",
    "Secondary caregivers get 6 weeks of paid leave.",
    "The plan does not include dental insurance.",
    "Guests cannot create projects.",
    "He contacted the police after the accident.",
    "The study did not find a significant effect.",
    "Customers can see the doctor on weekends at the Main Street clinic.",
    "The materials do not include asbestos.",
    "The report does not mention any risks.",
    "Customers unable to find their receipt may request a copy.",
    "You should consult your doctor before changing the dose.",  # an instruction with more in it: a claim
    "The cause of the fire is not known.",
]


def test_a_sentence_that_abstains_on_one_thing_and_claims_another_is_a_hedge():
    sentence = "The weather is not mentioned in the passage, but the match started at 3 pm."
    reading = read_abstention(sentence)
    assert reading is not None and reading.kind == "hedge" and reading.topic is None
    assert sentence[slice(*reading.cue)] == "is not mentioned in the passage"
    assert not only_abstention([sentence])


def _topic(sentence: str, reading: Abstention) -> str | None:
    return None if reading.topic is None else sentence[slice(*reading.topic)]


@pytest.mark.parametrize(("sentence", "topic"), ABSTENTIONS)
def test_an_abstention_is_read_with_its_topic(sentence, topic):
    reading = read_abstention(sentence)
    assert reading is not None and reading.kind == "abstention"
    assert _topic(sentence, reading) == topic
    start, end = reading.cue
    assert 0 <= start < end <= len(sentence) and sentence[start:end].strip() == sentence[start:end]


def test_the_cue_is_the_words_that_abstain():
    reading = read_abstention(GYM)
    assert reading is not None and GYM[slice(*reading.cue)] == "The passages I have don't mention"


@pytest.mark.parametrize("sentence", REFERRALS)
def test_a_referral_sends_the_reader_elsewhere(sentence):
    reading = read_abstention(sentence)
    assert reading is not None and reading.kind == "referral", reading


def test_a_referral_keeps_what_to_ask_about():
    sentence = "It's best to check with HR about gym memberships."
    reading = read_abstention(sentence)
    assert reading is not None and _topic(sentence, reading) == "gym memberships"


@pytest.mark.parametrize("sentence", HEDGES)
def test_a_hedge_is_marked_and_still_a_claim(sentence):
    reading = read_abstention(sentence)
    assert reading is not None and reading.kind == "hedge" and reading.topic is None, reading


@pytest.mark.parametrize("sentence", CLAIMS)
def test_a_claim_is_not_read_as_an_abstention_or_a_referral(sentence):
    reading = read_abstention(sentence)
    assert reading is None, (sentence, reading)


def test_an_abstention_wins_over_a_referral_and_a_referral_over_a_hedge():
    assert read_abstention("The context doesn't say; you should contact HR.").kind == "abstention"  # type: ignore[union-attr]
    assert read_abstention("It may be best to ask your manager.").kind == "referral"  # type: ignore[union-attr]


def test_an_answer_only_of_abstentions_and_courtesies_is_one():
    assert only_abstention([GYM])
    assert only_abstention(["Sorry!", "The passages don't mention gym memberships.", "Please check with HR."])
    assert only_abstention(["I don't know.", "I hope this helps."])
    assert not only_abstention(["The passages don't mention gym memberships.", "The plan costs $12 per month."])
    assert not only_abstention(["It seems that the trial lasts 30 days."])  # a hedge still claims
    assert not only_abstention(["Sorry!"]) and not only_abstention([]) and not only_abstention(["  ", "..."])


SOURCES = [
    "Benefits. All staff receive private health insurance. Gym memberships are reimbursed up to €40 per month. "
    "Parking is available on site for a fee.",
    "Leave. Full-time staff get 25 days of annual leave.",
]


@pytest.mark.parametrize(
    ("sentence", "denies"),
    [
        (GYM, True),  # a source sentence states gym memberships
        ("There is no information about parking in the passages.", True),
        ("The passages don't say how much annual leave full-time staff get.", True),
        ("The passages don't mention a relocation allowance.", False),  # they don't
        ("I can't confirm whether dental care is covered.", False),
        ("I don't know.", False),  # no topic: denies nothing
        ("Please check with HR about gym memberships.", False),  # a referral denies nothing
        ("It seems that gym memberships are reimbursed.", False),  # a hedge is read as a claim elsewhere
    ],
)
def test_an_abstention_that_denies_what_a_source_states_is_caught(sentence, denies):
    reading = read_abstention(sentence)
    assert reading is not None
    assert denies_stated(reading, sentence, SOURCES) is denies


def test_the_topic_must_be_stated_together_in_one_source_sentence():
    sentence = "The passages don't mention gym parking."
    reading = read_abstention(sentence)
    assert reading is not None
    # "gym" and "parking" are in the sources, but in two sentences: not stated together
    assert not denies_stated(reading, sentence, SOURCES)
    assert denies_stated(reading, sentence, ["There is on-site parking beside the gym."])


def test_an_enormous_sentence_is_read_quickly_and_as_a_hedge_at_most():
    sentence = "The passages don't mention gym memberships and " + "employees and contractors and visitors " * 400
    started = time.perf_counter()
    reading = read_abstention(sentence)
    assert time.perf_counter() - started < 0.5
    assert reading is not None and reading.kind == "hedge" and reading.topic is None


def test_reading_is_fast():
    sentences = [s for s, _ in ABSTENTIONS] + REFERRALS + HEDGES + CLAIMS
    started = time.perf_counter()
    for _ in range(20):
        for sentence in sentences:
            read_abstention(sentence)
    per_sentence_ms = (time.perf_counter() - started) * 1000 / (20 * len(sentences))
    assert per_sentence_ms < 2.0, per_sentence_ms


@pytest.mark.parametrize(
    "sentence",
    [
        "The timetable does not say whether cars can be taken on the ferry.",
        "The discharge information does not say when you can start driving again, so you would need to ask your GP.",
        "The passages only mention fresh water, so they do not say whether the Glow is protected against salt water.",
        "The passages don't mention how much was sprayed on the fields, so I can't confirm it; please check with the "
        "beekeeping association.",
    ],
)
def test_a_document_that_does_not_say_and_a_referral_to_anyone_abstain(sentence: str) -> None:
    reading = read_abstention(sentence)
    assert reading is not None and reading.kind == "abstention"

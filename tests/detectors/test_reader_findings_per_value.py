"""A correct detail in another clause never clears a finding (issue 76 §3): each value is read in its own clause.

Cases written for this test (a swimming club's fees and a clinic's cancellation rules), not taken from any
evaluation set or from experiments/findings-per-value (its frozen direction cases are a measurement).
"""

from __future__ import annotations

import pytest

from veracity.detectors.reader import ReaderDetector
from veracity.schema import Document
from veracity.stages.verify.checkers.attachment import value_clause
from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker

CLUB = (
    "Junior members pay £85 a season and senior members pay £170 a season. "
    "Juniors train on Tuesdays and seniors on Thursdays. "
    "The club secretary, Ann Wells, takes payments by bank transfer."
)


@pytest.fixture(scope="module")
def reader() -> ReaderDetector:
    return ReaderDetector.from_config()


def contradicted(report) -> list[str]:  # type: ignore[no-untyped-def]
    return [f.span.text for f in report.details.findings if f.relation == "contradicted"]


def test_a_supported_clause_appended_keeps_the_finding(reader: ReaderDetector) -> None:
    base = reader.detect("Junior members pay £170 a season.", [CLUB])
    more = reader.detect(
        "Junior members pay £170 a season, and the club secretary, Ann Wells, takes payments by bank transfer.",
        [CLUB],
    )
    assert "£170" in contradicted(base) and "£170" in contradicted(more)
    assert base.verdict == more.verdict == "hallucinated"


def test_the_value_is_read_in_its_own_clause() -> None:
    sentence = "Juniors pay £170 a season, and payments go to Ann Wells by bank transfer."
    start = sentence.index("£170")
    assert value_clause(sentence, start, start + 4) == "Juniors pay £170 a season"
    short = "Juniors pay £170, and so on."  # a clause under four words: the whole sentence
    assert value_clause(short, short.index("£170"), short.index("£170") + 4) == short


def test_a_time_in_the_frames_keeps_its_kind() -> None:
    """ "8 pm" against "8:00" is no conflict (8:00 may be 20:00); against "15:00" a conflict of times."""
    checker = ConsistencyChecker()
    source = [Document(id="pool", text="The pool opens at 8:00 and closes at 15:00.")]
    assert not checker.check("The pool opens at 8 pm.", source).findings
    [finding] = checker.check("The pool closes at 4 pm.", source).findings
    assert finding.span.text == "4 pm" and finding.explanation.startswith("answer: 4 pm; source: 15:00 (time)")

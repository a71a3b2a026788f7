import json

import pytest
from pydantic import ValidationError

from conftest import ROOT
from veracity.schema import (
    Claim,
    ClaimVerdict,
    Evidence,
    EvidenceRole,
    Label,
    Report,
    Sentence,
    SentenceScore,
    TextSpan,
    report_json_schema,
)


def full_report() -> Report:
    answer = "Paris is in Germany. It is big."
    span = TextSpan.of(answer, 12, 19)
    sentence = Sentence(index=0, span=TextSpan.of(answer, 0, 20))
    evidence = Evidence(
        document_id="d1",
        sentence_index=0,
        text="Paris is in France.",
        span=TextSpan.of("Paris is in France.", 0, 19),
        role=EvidenceRole.MAIN,
        score=0.9,
    )
    claim = Claim(id="c1", text="Paris is in Germany.", sentence_index=0, span=sentence.span)
    return Report(
        answer=answer,
        question="Where is Paris?",
        verdict="hallucinated",
        score=0.75,
        threshold=0.5,
        sentences=[
            SentenceScore(sentence=sentence, score=0.75, hallucinated=True, error_spans=[span], evidence=[evidence])
        ],
        claims=[
            ClaimVerdict(
                claim=claim,
                label=Label.NOT_SUPPORTED,
                p_supported=0.25,
                error_spans=[TextSpan.of(claim.text, 12, 19)],
                answer_error_spans=[span],
                evidence=[evidence],
            )
        ],
        hallucinated_spans=[span],
        detector="test",
        config={"k": 1, "nested": {"a": [1, 2]}},
        models={"embedder": "all-MiniLM-L6-v2"},
        timings_ms={"align": 1.5},
        notes=["a note"],
    )


def test_report_json_round_trip_is_lossless():
    report = full_report()
    again = Report.model_validate_json(report.model_dump_json())
    assert again == report
    assert json.loads(again.model_dump_json())["claims"][0]["label"] == "not_supported"


def test_text_span_of_slices_the_source():
    span = TextSpan.of("Kyoto is old.", 0, 5)
    assert span.text == "Kyoto"
    assert span.matches("Kyoto is old.")
    assert not span.matches("Tokyo is old.")


@pytest.mark.parametrize(("start", "end", "text"), [(5, 3, ""), (0, 4, "abc"), (-1, 2, "abc")])
def test_inconsistent_spans_are_rejected(start, end, text):
    with pytest.raises(ValidationError):
        TextSpan(start=start, end=end, text=text)


def test_span_outside_source_is_rejected():
    with pytest.raises(ValueError, match="outside"):
        TextSpan.of("abc", 1, 9)


def test_verdict_must_agree_with_score_and_threshold():
    data = full_report().model_dump()
    data["verdict"] = "faithful"
    with pytest.raises(ValidationError, match="contradicts"):
        Report.model_validate(data)


def test_hallucinated_spans_must_match_the_answer():
    data = full_report().model_dump()
    data["hallucinated_spans"] = [{"start": 0, "end": 5, "text": "Tokyo"}]
    with pytest.raises(ValidationError, match="does not match"):
        Report.model_validate(data)


def test_results_are_frozen_and_strict():
    report = full_report()
    with pytest.raises(ValidationError):
        report.score = 0.1  # type: ignore[misc]
    with pytest.raises(ValidationError):
        TextSpan(start=0, end=1, text="a", extra=1)  # type: ignore[call-arg]


def test_committed_json_schema_is_current():
    committed = json.loads((ROOT / "docs" / "schema.json").read_text(encoding="utf-8"))
    assert committed == report_json_schema(), "regenerate with: veracity schema > docs/schema.json"


def test_a_report_decided_from_its_score_has_the_verdict_the_rule_gives():
    from veracity.schema import Report, verdict_of

    assert verdict_of(0.5, 0.5) == "hallucinated" and verdict_of(0.49, 0.5) == "faithful"
    at = Report.decide(answer="a", score=0.5, threshold=0.5, detector="d")
    below = Report.decide(answer="a", score=0.2, threshold=0.5, detector="d")
    assert (at.verdict, below.verdict) == ("hallucinated", "faithful")


def test_a_schema_1_report_is_upgraded_and_never_read_wrong():
    from veracity.schema import Report, upgrade_report

    old = {
        "answer": "a",
        "verdict": "hallucinated",
        "score": 0.9,
        "threshold": 0.5,
        "detector": "auto",
        "routed_to": "qa",
        "signals": [],
        "agent": None,
    }
    with pytest.raises(ValidationError, match="routed_to"):
        Report.model_validate(old)
    upgraded = upgrade_report(old)
    report = Report.model_validate(upgraded)
    assert report.details.routed_to == "qa" and report.details.agent is None and report.schema_version == 4
    assert "routed_to" not in upgraded and upgraded["details"] == {"routed_to": "qa"}
    current = json.loads(report.model_dump_json())
    assert upgrade_report(current) is current and current["schema_version"] == 4
    with pytest.raises(ValidationError, match="schema_version"):
        Report.model_validate({**current, "schema_version": 5})
    version_2 = {**current, "schema_version": 2}  # schema 3 only added a verdict and a details field: read as it was
    assert Report.model_validate(upgrade_report(version_2)) == report
    version_3 = {**current, "schema_version": 3}  # schema 4 changed only what a not_checked report holds
    assert Report.model_validate(upgrade_report(version_3)) == report


def test_a_not_checked_report_has_no_score_a_program_could_compare_with_the_threshold():
    """Issue 53: score None exactly when not checked; what was read is kept apart, in details.unchecked_score."""
    from veracity.schema import Details, Report, upgrade_report

    base = {"answer": "Hola, ¿qué tal?", "threshold": 0.5, "detector": "d"}
    unchecked = Report(**base, verdict="not_checked", score=None, details=Details(unchecked_score=0.998))
    assert unchecked.score is None and unchecked.raw_score is None and unchecked.details.unchecked_score == 0.998
    assert json.loads(unchecked.model_dump_json())["score"] is None
    with pytest.raises(ValidationError, match="no score"):
        Report(**base, verdict="not_checked", score=0.998)
    with pytest.raises(ValidationError, match="no score"):
        Report(**base, verdict="not_checked", score=None, raw_score=0.9)
    with pytest.raises(ValidationError, match="needs a score"):
        Report(**base, verdict="faithful", score=None)
    with pytest.raises(ValidationError, match="unchecked_score"):
        Report(**base, verdict="faithful", score=0.1, details=Details(unchecked_score=0.1))

    checked = Report.decide(score=0.9, threshold=0.5, answer="a", detector="d", raw_score=0.7, calibration="c")
    moved = checked.as_not_checked("not checked: a note")
    assert (moved.verdict, moved.score, moved.raw_score) == ("not_checked", None, None)
    assert moved.details.unchecked_score == 0.9 and moved.notes == ["not checked: a note"]
    assert Report.model_validate_json(moved.model_dump_json()) == moved
    assert moved.as_not_checked("another").details.unchecked_score == 0.9

    # A schema-3 not_checked report (it kept its score) reads in the current shape, the score moved aside.
    old = {**base, "verdict": "not_checked", "score": 0.998, "schema_version": 3}
    upgraded = Report.model_validate(upgrade_report(old))
    assert upgraded.score is None and upgraded.details.unchecked_score == 0.998 and upgraded.schema_version == 4

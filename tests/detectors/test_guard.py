"""Reports never contradict their verdict; no verdict on a language the models do not read (issue 44 §5, §7)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from veracity.cli import app
from veracity.cli.render import render_report
from veracity.detectors import load_detector
from veracity.detectors.guard import keep_promises
from veracity.schema import Report, Sentence, SentenceScore, TextSpan

GERMAN_CONTEXT = [
    "Die kostenlose Testphase dauert 30 Tage. Danach kostet der Team-Tarif 12 Euro pro Nutzer und Monat.",
]
GERMAN_ANSWER = "Die kostenlose Testphase dauert 30 Tage, danach kostet der Tarif 12 Euro pro Nutzer und Monat."
PRODUCT = [
    "The free trial lasts 30 days. After the trial, the Team plan costs $12 per user per month. Guests can comment "
    "on tasks but cannot create projects. Admins can invite members and create projects."
]


def _faithful_with_marks() -> Report:
    answer = "The trial lasts 30 days. It costs $12."
    first = TextSpan.of(answer, 16, 23)
    sentences = [
        SentenceScore(sentence=Sentence(index=0, span=TextSpan.of(answer, 0, 24)), score=0.7, hallucinated=True,
                      error_spans=[first]),
        SentenceScore(sentence=Sentence(index=1, span=TextSpan.of(answer, 25, len(answer))), score=0.1,
                      hallucinated=False),
    ]  # fmt: skip
    return Report.decide(score=0.3, threshold=0.5, answer=answer, detector="span", hallucinated_spans=[first],
                         sentences=sentences)  # fmt: skip


def test_a_faithful_report_shows_no_word_as_unsupported_and_keeps_the_weak_marks_named_as_such():
    report = keep_promises(_faithful_with_marks(), english_only=True)
    assert report.verdict == "faithful" and report.hallucinated_spans == []
    assert [s.text for s in report.details.below_threshold_spans] == ["30 days"]
    assert all(not s.hallucinated and not s.error_spans for s in report.sentences)
    assert [s.score for s in report.sentences] == [0.7, 0.1]  # the scores stay as the detector gave them
    text = render_report(report)
    assert "[[" not in text and "✗" not in text and "no unsupported text found" in text


def test_a_hallucinated_report_is_left_as_it_is():
    answer = "Paris is in Germany."
    report = Report.decide(score=0.9, threshold=0.5, answer=answer, detector="span",
                           hallucinated_spans=[TextSpan.of(answer, 12, 19)])  # fmt: skip
    assert keep_promises(report, english_only=True) is report


@pytest.fixture(scope="module")
def default():
    return load_detector()


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("How long is the trial?", "The trial lasts 30 days."),
        (
            "What does it cost?",
            "The free trial lasts 30 days, and after it the Team plan costs $15 per user per "
            "month. Guests can comment on tasks and create projects, while admins invite members to the workspace.",
        ),
        ("[Human]: How long is the trial? [Assistant]: 30 days. [Human]: And then?", "It costs $12 per user."),
        (
            None,
            "The free trial lasts 30 days, and after it the Team plan costs $15 per user per month. Guests can "
            "comment on tasks and create projects, while admins invite members to the workspace.",
        ),
        (None, "The trial lasts 60 days."),
    ],
    ids=["qa", "long_qa", "dialogue", "summary", "claim"],
)
def test_every_route_of_the_default_lists_its_sentences_and_keeps_its_promises(default, question, answer):
    report = default.detect(answer, PRODUCT, question)
    assert report.sentences and all(0.0 <= s.score <= 1.0 for s in report.sentences)
    if report.verdict != "hallucinated":
        assert not report.hallucinated_spans and not any(s.error_spans for s in report.sentences)
    assert "sentences (score: higher is worse):" in render_report(report)


@pytest.mark.parametrize("name", ["auto", "fused", "span", "verifier", "grounding"])
def test_an_answer_in_another_language_is_not_checked(default, name):
    detector = default if name == "auto" else load_detector(name)
    report = detector.detect(GERMAN_ANSWER, GERMAN_CONTEXT, "Wie lange dauert die Testphase?")
    assert report.verdict == "not_checked" and report.hallucinated_spans == []
    assert any("reads as 'de'" in note and "read English only" in note for note in report.notes)
    # Issue 53: no score a program could compare with the threshold; what was read is kept apart.
    assert report.score is None and report.raw_score is None
    assert report.details.unchecked_score is not None and 0.0 <= report.details.unchecked_score <= 1.0
    assert render_report(report).startswith("verdict: NOT CHECKED")


def test_novelty_reads_any_language_and_gives_its_verdict():
    report = load_detector("novelty").detect(GERMAN_ANSWER, GERMAN_CONTEXT)
    assert report.verdict in ("faithful", "hallucinated")


def test_the_exit_code_of_an_answer_not_checked_is_2():
    result = CliRunner().invoke(
        app,
        ["detect", "-d", "verifier", "--answer", GERMAN_ANSWER, "--context", GERMAN_CONTEXT[0], "--exit-code",
         "--format", "json"],
    )  # fmt: skip
    assert result.exit_code == 2, result.output
    assert json.loads(result.stdout)["verdict"] == "not_checked"


def test_a_not_checked_report_may_not_mark_words():
    answer = "Paris ist in Deutschland."
    with pytest.raises(ValueError, match="not_checked"):
        Report(answer=answer, verdict="not_checked", score=None, threshold=0.5, detector="x",
               hallucinated_spans=[TextSpan.of(answer, 13, 24)])  # fmt: skip


@pytest.mark.parametrize("name", ["auto", "novelty", "grounding"])
def test_repeated_and_empty_passages_leave_the_verdict_as_it_is_without_them(default, name):
    """Issue 53: a passage given twice or 50 times, and empty strings beside it, change nothing but a note."""
    detector = default if name == "auto" else load_detector(name)
    answer, question = "The free trial lasts 45 days and the Team plan costs $12 per user per month.", "How long?"
    plain = detector.detect(answer, PRODUCT, question)
    for context in (PRODUCT * 2, PRODUCT * 50, ["", *PRODUCT, "   "], ["", *(PRODUCT * 50)]):
        report = detector.detect(answer, context, question)
        assert (report.verdict, report.score) == (plain.verdict, plain.score)
        assert report.hallucinated_spans == plain.hallucinated_spans
        assert any(note.startswith("context: dropped") for note in report.notes)
        assert [n for n in report.notes if not n.startswith("context: dropped")] == plain.notes

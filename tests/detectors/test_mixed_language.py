"""The language is read sentence by sentence (issue 68 §5, §7).

A sentence the models cannot read (another language) is set aside and listed, the other sentences are read and give
the verdict; an answer none of whose sentences can be read is ``not_checked`` as before, and its notes say nothing of
how a score would have been reached.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from veracity.cli import app
from veracity.cli.render import render_report
from veracity.detectors import detector_settings, load_detector
from veracity.detectors.guard import keep_promises
from veracity.errors import ConfigError
from veracity.schema import Report, TextSpan

CONTEXT = [
    "Card payments captured in live mode settle on a T+2 schedule: the funds reach your bank account two business "
    "days after capture. Payouts are sent automatically to the bank account on file unless the account is under "
    "review."
]
QUESTION = "When do card payments settle?"
ENGLISH = "Card payments captured in live mode settle on a T+5 schedule."  # the sources say T+2
GERMAN = (
    "Die Auszahlung erfolgt anschließend automatisch auf das hinterlegte Bankkonto des Händlers, sofern das Konto "
    "nicht geprüft wird und alle Angaben vollständig sind."
)
MIXED = f"{ENGLISH} {GERMAN}"


@pytest.fixture(scope="module")
def default():
    return load_detector()


@pytest.fixture(scope="module")
def mixed(default) -> Report:
    return default.detect(MIXED, CONTEXT, QUESTION)


def _answer_spans(report: Report) -> list[TextSpan]:
    """Every span of ``report`` that lies in its answer."""
    spans = [*report.hallucinated_spans, *report.details.below_threshold_spans]
    spans += [u.span for u in report.details.unread_sentences]
    spans += [f.span for f in report.details.findings]
    for scored in report.sentences:
        spans += [scored.sentence.span, *scored.error_spans]
    return spans


def test_a_wrong_english_figure_beside_a_german_sentence_is_found_and_the_german_sentence_listed(mixed):
    """The trial's answer: an English sentence with a wrong figure, then a long German one ("de, p = 0.99")."""
    assert mixed.verdict == "hallucinated" and mixed.answer == MIXED
    assert any("T+5" in span.text for span in mixed.hallucinated_spans)
    assert [s.sentence.text for s in mixed.sentences] == [ENGLISH] and mixed.sentences[0].hallucinated
    [unread] = mixed.details.unread_sentences
    assert unread.span.text == GERMAN and unread.span.start == len(ENGLISH) + 1 and unread.language == "de"
    assert unread.probability >= 0.99
    assert any(note.startswith("not read: 1 sentence in another language ('de'") for note in mixed.notes)
    assert all(span.matches(MIXED) for span in _answer_spans(mixed))  # offsets are the answer's own
    Report.model_validate_json(mixed.model_dump_json())  # and hold through JSON
    text = render_report(mixed)
    assert "not read (a language the models do not read" in text and f"[de, p = 1.00] {GERMAN}" in text


def test_the_sentences_read_are_read_as_they_are_alone(default, mixed):
    """Setting the German sentence aside leaves the English one's reading as it is on its own."""
    alone = default.detect(ENGLISH, CONTEXT, QUESTION)
    assert not alone.details.unread_sentences and not any(n.startswith("not read") for n in alone.notes)
    assert mixed.score == pytest.approx(alone.score, abs=1e-9)
    assert [s.score for s in mixed.sentences] == pytest.approx([s.score for s in alone.sentences], abs=1e-9)
    assert [s.text for s in mixed.hallucinated_spans] == [s.text for s in alone.hallucinated_spans]


def test_a_right_english_figure_beside_a_german_sentence_is_faithful(default):
    answer = f"{ENGLISH.replace('T+5', 'T+2')} {GERMAN}"
    report = default.detect(answer, CONTEXT, QUESTION)
    assert report.verdict == "faithful" and [u.span.text for u in report.details.unread_sentences] == [GERMAN]


def test_an_answer_all_in_german_is_not_checked_as_before(default):
    report = default.detect(GERMAN, CONTEXT, QUESTION)
    assert report.verdict == "not_checked" and report.score is None and report.details.unchecked_score is not None
    assert any("reads as 'de'" in note and "read English only" in note for note in report.notes)
    assert [u.span.text for u in report.details.unread_sentences] == [GERMAN]


def test_a_not_checked_report_of_the_default_has_no_note_on_a_score(default):
    """Issue 68 §7: the reader held P at an evidence floor on the German sentence; with no P, no note says so."""
    report = default.detect(GERMAN, CONTEXT, QUESTION)
    assert report.verdict == "not_checked"
    assert not any("decides by itself" in note or "holds P at" in note for note in report.notes), report.notes
    assert report.notes[0].startswith("auto: read sentence by sentence")  # what does apply stays


def test_the_unread_sentences_setting_gives_a_partly_unread_answer_no_verdict(mixed):
    strict = load_detector(unread_sentences="not_checked")
    report = strict.detect(MIXED, CONTEXT, QUESTION)
    assert report.verdict == "not_checked" and report.score is None and report.hallucinated_spans == []
    assert [u.span.text for u in report.details.unread_sentences] == [GERMAN]
    assert report.config["unread_sentences"] == "not_checked" and "unread_sentences" not in mixed.config
    assert any("unread_sentences=not_checked" in note and "'de'" in note for note in report.notes)
    assert not any(n.startswith("not read:") or "holds P at" in n for n in report.notes), report.notes


def test_the_setting_is_listed_and_checked():
    [row] = [s for s in detector_settings("auto") if s.name == "unread_sentences"]
    assert row.default == "skip" and "not_checked" in row.description
    with pytest.raises(ConfigError, match="unread_sentences"):
        load_detector("novelty", unread_sentences="drop")


def test_a_detector_that_reads_any_language_reads_every_sentence():
    report = load_detector("novelty").detect(MIXED, CONTEXT, QUESTION)
    assert report.verdict in ("faithful", "hallucinated") and not report.details.unread_sentences


def test_the_exit_code_follows_the_sentences_read_and_the_setting():
    common = ["detect", "-d", "verifier", "--answer", MIXED, "--context", CONTEXT[0], "--exit-code", "--format", "json"]
    read = CliRunner().invoke(app, common)
    assert read.exit_code in (0, 1), read.output
    assert [u["span"]["text"] for u in json.loads(read.stdout)["details"]["unread_sentences"]] == [GERMAN]
    strict = CliRunner().invoke(app, [*common, "--set", "unread_sentences=not_checked"])
    assert strict.exit_code == 2, strict.output
    assert json.loads(strict.stdout)["verdict"] == "not_checked"


def test_a_report_that_read_a_german_sentence_is_not_checked_by_the_promises_alone():
    """Without the detector to read again, a report that read a sentence its models cannot read has no verdict."""
    report = Report.decide(score=0.9, threshold=0.5, answer=MIXED, detector="x",
                           hallucinated_spans=[TextSpan.of(MIXED, 0, 5)])  # fmt: skip
    kept = keep_promises(report, english_only=True)
    assert kept.verdict == "not_checked" and kept.details.unchecked_score == 0.9 and not kept.hallucinated_spans
    assert [u.span.text for u in kept.details.unread_sentences] == [GERMAN]
    assert keep_promises(report, english_only=False).verdict == "hallucinated"

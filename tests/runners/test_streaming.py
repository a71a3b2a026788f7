"""Checking an answer while it streams (issue 54 §6): readings as sentences complete, then detect's own Report."""

import asyncio
import json
import random

import pytest

from conftest import EXAMPLE
from veracity import Document, load_detector
from veracity.streaming import FinalReport, SentenceReading, adetect_stream, detect_stream
from veracity.text.split import SentenceSplitter

CONTEXT = [
    Document(id=name, text=(EXAMPLE / f"{name}.txt").read_text(encoding="utf-8")) for name in ("warsaw", "nobel")
]
QUESTION = (EXAMPLE / "question.txt").read_text(encoding="utf-8").strip()
MORE = " Dr. Curie moved to Paris in 1891.\n\nShe died in 1934. The U.S. Army gave her a medal in 1921!"
ANSWER = (EXAMPLE / "answer.txt").read_text(encoding="utf-8").strip() + MORE


@pytest.fixture(scope="module")
def detector():
    return load_detector("grounding")


def chunked(text, sizes):
    """``text`` in pieces of the given sizes, cycled."""
    pieces, position, i = [], 0, 0
    while position < len(text):
        pieces.append(text[position : position + sizes[i % len(sizes)]])
        position += sizes[i % len(sizes)]
        i += 1
    return pieces


def comparable(report):
    """A Report as JSON, less its wall times (two runs of the same detection differ only there)."""
    return {k: v for k, v in json.loads(report.model_dump_json()).items() if k != "timings_ms"}


def split_events(events):
    *readings, final = events
    assert isinstance(final, FinalReport) and all(isinstance(r, SentenceReading) for r in readings)
    return readings, final.report


@pytest.mark.parametrize("sizes", [[1], [3], [7], [20], "random"])
def test_the_final_report_is_detects_and_readings_do_not_depend_on_the_chunks(detector, sizes):
    if sizes == "random":
        sizes = [random.Random(54).randint(1, 20) for _ in range(50)]
    readings, report = split_events(list(detect_stream(detector, chunked(ANSWER, sizes), CONTEXT, QUESTION)))
    assert comparable(report) == comparable(detector.detect(ANSWER, CONTEXT, QUESTION))
    whole = SentenceSplitter("rules").split(ANSWER)
    assert [r.sentence for r in readings] == whole and len(whole) == 5
    once = split_events(list(detect_stream(detector, [ANSWER], CONTEXT, QUESTION)))[0]
    assert readings == once
    assert not any(r.partial for r in readings)


def test_a_reading_is_the_prefix_reports_sentence_entry(detector):
    readings, report = split_events(list(detect_stream(detector, chunked(ANSWER, [5]), CONTEXT, QUESTION)))
    for reading in readings[:-1]:
        prefix = detector.detect(ANSWER[: reading.sentence.span.end], CONTEXT, QUESTION)
        (entry,) = [s for s in prefix.sentences if s.sentence.span == reading.sentence.span]
        assert reading.scored == "sentence"
        assert (reading.score, reading.hallucinated) == (pytest.approx(entry.score), entry.hallucinated)
        assert reading.error_spans == entry.error_spans and reading.evidence == entry.evidence
    last = readings[-1]
    (entry,) = [s for s in report.sentences if s.sentence.span == last.sentence.span]
    assert last.score == pytest.approx(entry.score)
    # Kraków is the unsupported word of the first sentence; the others rest on the sources or are not in them
    assert readings[0].hallucinated and [s.text for s in readings[0].error_spans] == ["Kraków"]
    assert all(span.matches(ANSWER) for r in readings for span in r.error_spans)


def test_each_reading_comes_as_soon_as_its_sentence_is_complete(detector):
    pulled = []

    def chunks():
        for piece in chunked(ANSWER, [4]):
            pulled.append(piece)
            yield piece

    for event in detect_stream(detector, chunks(), CONTEXT, QUESTION):
        if isinstance(event, SentenceReading) and event.sentence.index < 4:
            seen = "".join(pulled)
            # complete: the next sentence has begun; as soon as: within the chunk that began it
            assert seen[event.sentence.span.end :].strip()
            assert not "".join(pulled[:-1])[event.sentence.span.end :].strip()


def test_a_stream_cut_mid_sentence_reads_the_partial_sentence_last(detector):
    cut = ANSWER[: ANSWER.index("gave her") + 8]
    readings, report = split_events(list(detect_stream(detector, chunked(cut, [6]), CONTEXT, QUESTION)))
    assert [r.partial for r in readings] == [False, False, False, False, True]
    assert readings[-1].sentence.text == "The U.S. Army gave her"
    assert comparable(report) == comparable(detector.detect(cut, CONTEXT, QUESTION))


@pytest.mark.parametrize("chunks", [[], [""], ["  ", "\n"]])
def test_an_empty_stream_gives_the_empty_answer_report(detector, chunks):
    events = list(detect_stream(detector, chunks, CONTEXT, QUESTION))
    assert len(events) == 1 and isinstance(events[0], FinalReport)
    report = events[0].report
    assert comparable(report) == comparable(detector.detect("".join(chunks), CONTEXT, QUESTION))
    assert "empty answer: nothing to check" in report.notes and report.hallucinated_spans == []


def test_a_detector_without_sentence_scores_reads_the_prefix_reports_score():
    detector = load_detector("novelty")
    readings, report = split_events(list(detect_stream(detector, chunked(ANSWER, [9]), CONTEXT, QUESTION)))
    assert report.sentences == [] and len(readings) == 5
    for reading in readings[:-1]:
        prefix = detector.detect(ANSWER[: reading.sentence.span.end], CONTEXT, QUESTION)
        assert reading.scored == "answer" and reading.score == pytest.approx(prefix.score)
        assert reading.hallucinated == (prefix.verdict == "hallucinated")
    assert readings[-1].score == pytest.approx(report.score)


def test_the_async_stream_gives_the_same_events(detector):
    async def chunks():
        for piece in chunked(ANSWER, [11]):
            await asyncio.sleep(0)
            yield piece

    async def collect():
        return [event async for event in adetect_stream(detector, chunks(), CONTEXT, QUESTION)]

    readings, report = split_events(asyncio.run(collect()))
    expected, expected_report = split_events(list(detect_stream(detector, chunked(ANSWER, [11]), CONTEXT, QUESTION)))
    assert readings == expected and comparable(report) == comparable(expected_report)


def test_closing_the_async_stream_stops_the_work(detector):
    async def first_then_close():
        stream = adetect_stream(detector, _slow(ANSWER), CONTEXT, QUESTION)
        first = await anext(stream)
        await stream.aclose()
        return first

    seen = []

    async def _slow(text):
        for piece in chunked(text, [10]):
            seen.append(piece)
            yield piece

    first = asyncio.run(first_then_close())
    assert isinstance(first, SentenceReading) and first.sentence.index == 0
    assert "".join(seen) != ANSWER  # the rest of the answer was never pulled


def test_a_chunk_that_is_not_text_is_refused(detector):
    with pytest.raises(TypeError, match="a stream chunk must be str, not bytes"):
        list(detect_stream(detector, [b"Paris."], CONTEXT))

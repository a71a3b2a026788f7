"""`POST /v1/detect/stream` on a real server on localhost (uvicorn in a thread, the real `grounding` detector): the
events, the client that reads them, a client that disconnects, and a JSON body sent without its content type."""

import json
import time

import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed: pip install 'veracity[serve]'")

import httpx

from conftest import grounding_service_in_thread
from veracity.client import AsyncClient, Client, ServiceError
from veracity.detectors import load_detector
from veracity.streaming import FinalReport, SentenceReading, detect_stream

KYOTO = {
    "question": "Which city was the capital of Japan until 1868?",
    "answer": "Tokyo was the capital of Japan until 1868. Kyoto was the capital for over a thousand years. It is",
    "context": [{"id": "japan", "text": "Kyoto was the capital of Japan for over a thousand years, until 1868."}],
}


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    """The service on 127.0.0.1, in a thread of this process (so the test can see what its CPU does)."""
    with grounding_service_in_thread(tmp_path_factory.mktemp("data")) as url:
        yield url


def comparable(report):
    return {k: v for k, v in json.loads(report.model_dump_json()).items() if k != "timings_ms"}


def sse_events(text):
    """(event, data) pairs of a text/event-stream body."""
    pairs = []
    for block in text.strip().split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines())
        pairs.append((fields["event"], json.loads(fields["data"])))
    return pairs


def test_the_stream_sends_each_sentences_reading_then_the_report(service):
    with httpx.stream("POST", f"{service}/v1/detect/stream", json=KYOTO) as response:
        assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
        events = sse_events(response.read().decode())
    assert [name for name, _ in events] == ["sentence", "sentence", "sentence", "report"]
    assert [data["sentence"]["span"]["text"] for _, data in events[:3]] == [
        "Tokyo was the capital of Japan until 1868.",
        "Kyoto was the capital for over a thousand years.",
        "It is",
    ]
    assert events[0][1]["hallucinated"] and not events[1][1]["hallucinated"] and events[2][1]["partial"]
    served = httpx.post(f"{service}/v1/detect", json=KYOTO).json()
    for report in (served, events[-1][1]):
        report.pop("timings_ms")
    assert events[-1][1] == served


def test_the_client_reads_the_stream_as_the_library_gives_it(service):
    detector = load_detector("grounding")
    local = list(detect_stream(detector, [KYOTO["answer"]], KYOTO["context"], KYOTO["question"]))
    with Client(service) as client:
        served = list(client.detect_stream(KYOTO["answer"], KYOTO["context"], KYOTO["question"]))
    assert served[:-1] == local[:-1] and all(isinstance(e, SentenceReading) for e in served[:-1])
    assert isinstance(served[-1], FinalReport) and comparable(served[-1].report) == comparable(local[-1].report)

    async def read_async():
        async with AsyncClient(service) as client:
            return [e async for e in client.detect_stream(KYOTO["answer"], KYOTO["context"], KYOTO["question"])]

    import asyncio

    assert asyncio.run(read_async())[:-1] == local[:-1]


def test_bad_input_is_refused_before_the_stream_starts(service):
    with Client(service) as client:
        with pytest.raises(ServiceError) as refused:
            list(client.detect_stream(KYOTO["answer"], [], KYOTO["question"]))
    assert refused.value.status == 422 and refused.value.code == "invalid_request"
    with Client(service) as client:
        with pytest.raises(ServiceError) as unknown:
            list(client.detect_stream(KYOTO["answer"], KYOTO["context"], detector="nope"))
    assert unknown.value.code == "unknown_detector"


def test_a_client_that_disconnects_frees_the_servers_work(service):
    # thirty sentences: read one by one, the prefixes take the service many seconds of CPU
    answer = " ".join(f"Tokyo was the capital of Japan until {1800 + i}." for i in range(30))
    with Client(service) as client:
        stream = client.detect_stream(answer, KYOTO["context"])
        first = next(stream)
        busy_from = time.process_time()
        time.sleep(0.5)
        busy = time.process_time() - busy_from
        stream.close()  # closes the connection
    assert isinstance(first, SentenceReading) and first.sentence.index == 0
    time.sleep(1.0)  # the sentence being read finishes
    idle_from = time.process_time()
    time.sleep(1.0)
    idle = time.process_time() - idle_from
    assert busy > 0.2, f"the stream was not working before the disconnect ({busy:.2f} s of CPU in 0.5 s)"
    assert idle < 0.2, f"the service still works after the client left ({idle:.2f} s of CPU in 1 s)"
    metrics = httpx.get(f"{service}/metrics").text
    assert "veracity_queue_depth 0.0" in metrics


@pytest.mark.parametrize("content_type", [None, "application/x-www-form-urlencoded", "text/plain; charset=utf-8"])
def test_a_json_body_without_its_content_type_is_read_as_json(service, content_type):
    """curl -d sends application/x-www-form-urlencoded; the body is JSON all the same (issue 54, bad input)."""
    headers = {"content-type": content_type} if content_type else {}
    response = httpx.post(f"{service}/v1/detect", content=json.dumps(KYOTO), headers=headers)
    assert response.status_code == 200, response.text
    assert response.json()["verdict"] == "hallucinated"
    broken = httpx.post(f"{service}/v1/detect", content=b"answer=Tokyo&context=Kyoto", headers=headers)
    assert broken.status_code == 400 and broken.json()["code"] == "malformed_body"
    assert f"it came as content-type: {content_type or 'none'}; send application/json" in broken.json()["detail"]


def test_a_body_of_another_media_type_gets_415_naming_the_header(service):
    response = httpx.post(
        f"{service}/v1/detect/stream", content=json.dumps(KYOTO), headers={"content-type": "application/xml"}
    )
    assert response.status_code == 415 and response.json()["code"] == "unsupported_media_type"
    assert "content-type: application/json" in response.json()["detail"]

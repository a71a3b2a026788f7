"""`veracity serve` as a real process on localhost: the client, `detect --server`, a refusal to listen beyond
loopback without keys, and a job that survives SIGKILL (benchmarks/service/crash.py runs the 2,000-record version)."""

import contextlib
import json
import os
import signal
import subprocess
import time
from collections.abc import Callable, Iterator

import pytest

from conftest import free_port, start_service, veracity_command

pytest.importorskip("fastapi", reason="the service extra is not installed: pip install 'veracity[serve]'")

from veracity.client import Client, ServiceError

REFUSAL = (503, {"Retry-After": "1"}, b'{"code":"overloaded","detail":"full","status":503}')


@contextlib.contextmanager
def stand_in_service(answer: Callable[[str], tuple[int, dict[str, str], bytes]]) -> Iterator[str]:
    """A tiny stand-in service (http.server on localhost) whose every request, GET or POST, gets ``answer(path)``:
    (status, headers, body). Yields its URL; shut down afterwards."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            status, headers, body = answer(self.path)
            self.send_response(status)
            for key, value in headers.items():
                self.send_header(key, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            self.do_GET()

        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


RECORD = {
    "question": "Which city was the capital of Japan until 1868?",
    "answer": "Tokyo was the capital of Japan until 1868.",
    "context": ["Kyoto was the capital of Japan for over a thousand years, until 1868."],
}


def test_a_job_survives_sigkill_with_no_record_lost_or_duplicated(tmp_path):
    port = free_port()
    records = [{"id": f"r{i}", **RECORD} for i in range(300)]
    server = start_service(tmp_path / "data", port)
    try:
        with Client(f"http://127.0.0.1:{port}") as client:
            job = client.submit_job(records)
            deadline = time.monotonic() + 120
            while client.job(job["id"])["done"] < 20:
                assert time.monotonic() < deadline
                time.sleep(0.05)
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(30)
    server = start_service(tmp_path / "data", port)
    try:
        with Client(f"http://127.0.0.1:{port}") as client:
            deadline = time.monotonic() + 300
            while (status := client.job(job["id"]))["state"] != "done":
                assert time.monotonic() < deadline, status
                time.sleep(0.2)
            rows = list(client.job_results(job["id"]))
    finally:
        server.terminate()
        server.wait(30)
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids)) == status["total"] == 300
    assert ids == [r["id"] for r in records] and all("report" in r for r in rows)


def test_client_and_detect_server_against_a_live_service(tmp_path):
    port = free_port()
    server = start_service(tmp_path / "data", port)
    url = f"http://127.0.0.1:{port}"
    try:
        with Client(url) as client:
            report = client.detect(RECORD["answer"], RECORD["context"], RECORD["question"])
            assert [s.text for s in report.hallucinated_spans] == ["Tokyo"]
            with pytest.raises(ServiceError) as refused:
                client.detect(RECORD["answer"], [], None)
            assert refused.value.status == 422 and refused.value.code == "invalid_request"
            assert "grounding" in {d["name"] for d in client.detectors()["detectors"]}
        answer = tmp_path / "answer.txt"
        answer.write_text(RECORD["answer"])
        context = tmp_path / "japan.txt"
        context.write_text(RECORD["context"][0])
        result = subprocess.run(
            veracity_command(
                "detect", "--server", url, "--answer", f"@{answer}", "-c", str(context), "--format", "json"
            ),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["verdict"] == "hallucinated"
        # --index with --server names one of the service's indexes (issue 33), not a local folder
        unknown = subprocess.run(
            veracity_command("detect", "--server", url, "--answer", "x", "--index", "my-index"),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert unknown.returncode == 2 and "no knowledge index named 'my-index' here (offered: none)" in unknown.stderr
    finally:
        server.terminate()
        server.wait(30)
    down = subprocess.run(
        veracity_command("detect", "--server", url, "--answer", "x", "--context", str(context)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert down.returncode == 2 and "unreachable" in down.stderr and " 0 " not in down.stderr


def test_the_client_retries_a_503_with_retry_after_and_gives_up_after_its_retries():
    """A stand-in service refuses twice with Retry-After, then answers."""
    calls: list[float] = []
    refusals = {"left": 2}

    def answer(path: str) -> tuple[int, dict[str, str], bytes]:
        calls.append(time.monotonic())
        if refusals["left"] > 0:
            refusals["left"] -= 1
            return REFUSAL
        return 200, {}, b'{"detectors":[]}'

    with stand_in_service(answer) as url:
        with Client(url) as client:
            assert client.detectors() == {"detectors": []}
        assert len(calls) == 3 and calls[2] - calls[0] >= 1.9  # two waits of Retry-After: 1
        refusals["left"], calls[:] = 5, []
        with Client(url, retries=1) as client, pytest.raises(ServiceError) as refused:
            client.detectors()
        assert refused.value.status == 503 and refused.value.retry_after == 1 and len(calls) == 2


def test_serve_refuses_to_listen_beyond_loopback_without_keys(tmp_path):
    result = subprocess.run(
        veracity_command("serve", "--host", "0.0.0.0", "--data-dir", str(tmp_path)),
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "VERACITY_API_KEYS": ""},
    )
    assert result.returncode == 2 and "API keys" in result.stderr


def test_the_stream_and_the_async_client_retry_a_refusal_the_same_way():
    """One retry policy (client._Attempts) for every call: a streamed check refused once with Retry-After is retried
    (sync and async), then read event by event; a transport error names the URL."""
    import asyncio

    from veracity.client import AsyncClient
    from veracity.streaming import FinalReport

    report = json.dumps({"answer": "x", "score": 0.1, "threshold": 0.5, "verdict": "faithful", "detector": "stand-in"})
    calls: list[str] = []
    refusals = {"left": 0}

    def answer(path: str) -> tuple[int, dict[str, str], bytes]:
        calls.append(path)
        if refusals["left"] > 0:
            refusals["left"] -= 1
            return REFUSAL
        return 200, {"Content-Type": "text/event-stream"}, f"event: report\ndata: {report}\n\n".encode()

    async def read_async(url: str) -> list:
        async with AsyncClient(url) as client:
            return [event async for event in client.detect_stream("x", ["y"])]

    with stand_in_service(answer) as url:
        refusals["left"] = 1
        with Client(url) as client:
            events = list(client.detect_stream("x", ["y"]))
        assert len(calls) == 2 and isinstance(events[-1], FinalReport) and events[-1].report.verdict == "faithful"
        refusals["left"], calls[:] = 1, []
        events = asyncio.run(read_async(url))
        assert len(calls) == 2 and isinstance(events[-1], FinalReport)
    with Client(url) as client, pytest.raises(ServiceError) as down:
        list(client.detect_stream("x", ["y"]))
    assert down.value.status == 0 and down.value.code == "unreachable" and url in str(down.value)

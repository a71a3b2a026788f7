"""`veracity serve` as a real process on localhost: the client, `detect --server`, a refusal to listen beyond
loopback without keys, and a job that survives SIGKILL (benchmarks/service/crash.py runs the 2,000-record version)."""

import json
import os
import signal
import subprocess
import time

import pytest

from conftest import free_port, start_service, veracity_command

pytest.importorskip("fastapi", reason="the service extra is not installed: pip install 'veracity[serve]'")

from veracity.client import Client, ServiceError

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
    finally:
        server.terminate()
        server.wait(30)
    down = subprocess.run(
        veracity_command("detect", "--server", url, "--answer", "x", "--context", str(context)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert down.returncode == 2 and "unreachable" in down.stderr


def test_serve_refuses_to_listen_beyond_loopback_without_keys(tmp_path):
    result = subprocess.run(
        veracity_command("serve", "--host", "0.0.0.0", "--data-dir", str(tmp_path)),
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "VERACITY_API_KEYS": ""},
    )
    assert result.returncode == 2 and "API keys" in result.stderr

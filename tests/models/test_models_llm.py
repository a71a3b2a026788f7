"""LLM backends: one contract every backend passes, plus backend-specific behaviour.

The OpenAI-compatible client is tested against real servers on localhost: xllamacpp's own HTTP server serving
SmolLM2, and a small stdlib server that misbehaves on purpose (errors, delays, malformed bodies).
"""

from __future__ import annotations

import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from veracity.errors import BackendError, ConfigError, LLMOutputError, LLMTimeoutError
from veracity.models.catalog import resolve_model_path
from veracity.models.llm import LLM, complete_json
from veracity.models.llm.llamacpp import LlamaCppLLM
from veracity.models.llm.openai import OpenAICompatibleLLM
from veracity.models.llm.scripted import ScriptedLLM

PERSON_SCHEMA = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "age": {"type": "integer"}},
    "required": ["name", "age"],
    "additionalProperties": False,
}
PERSON_PROMPT = [{"role": "user", "content": "Describe a person named Ann who is 30 years old, as JSON."}]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def smollm2() -> LlamaCppLLM:
    return LlamaCppLLM("smollm2-135m-instruct", n_ctx=2048, n_threads=2)


@pytest.fixture(scope="session")
def llama_http_server():
    """xllamacpp's HTTP server (OpenAI-compatible) serving SmolLM2 on a free localhost port."""
    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = str(resolve_model_path("smollm2-135m-instruct"))
    params.n_ctx = 2048
    params.verbosity = -1
    params.cpuparams.n_threads = 2
    params.cpuparams_batch.n_threads = 2
    params.hostnames = ["127.0.0.1"]
    params.port = free_port()
    server = xllamacpp.Server(params)
    yield f"{server.listening_address}/v1"
    del server


class LLMContract:
    """What every LLM backend must do. Subclasses provide ``llm``."""

    @pytest.fixture
    def llm(self) -> LLM:
        raise NotImplementedError

    def test_is_an_llm(self, llm):
        assert isinstance(llm, LLM)
        assert isinstance(llm.model_id, str) and llm.model_id

    def test_returns_text(self, llm):
        reply = llm.complete([{"role": "user", "content": "Say hello."}], max_tokens=8)
        assert isinstance(reply, str)

    def test_json_schema_output_parses(self, llm):
        value = complete_json(llm, PERSON_PROMPT, PERSON_SCHEMA, max_tokens=48)
        assert isinstance(value, dict)
        assert isinstance(value["name"], str) and isinstance(value["age"], int)

    @pytest.mark.parametrize("messages", [[], [{"role": "robot", "content": "x"}], [{"role": "user"}]])
    def test_malformed_messages_are_rejected(self, llm, messages):
        with pytest.raises(ValueError, match="message"):
            llm.complete(messages)


class TestScriptedLLM(LLMContract):
    @pytest.fixture
    def llm(self):
        return ScriptedLLM(lambda messages: '{"name": "Ann", "age": 30}')

    def test_replays_a_list_then_fails_clearly(self):
        llm = ScriptedLLM(["one", "two"])
        assert [llm.complete(PERSON_PROMPT), llm.complete(PERSON_PROMPT)] == ["one", "two"]
        assert len(llm.calls) == 2
        with pytest.raises(BackendError, match="no replies left"):
            llm.complete(PERSON_PROMPT)

    def test_invalid_json_is_an_output_error(self):
        with pytest.raises(LLMOutputError, match="valid JSON"):
            complete_json(ScriptedLLM(["not json"]), PERSON_PROMPT, PERSON_SCHEMA)

    def test_fenced_json_is_accepted(self):
        assert complete_json(ScriptedLLM(['```json\n{"a": 1}\n```']), PERSON_PROMPT, {}) == {"a": 1}


class TestLlamaCppLLM(LLMContract):
    @pytest.fixture
    def llm(self, smollm2):
        return smollm2

    def test_schema_constrains_even_a_tiny_model(self, smollm2):
        schema = {
            "type": "object",
            "properties": {"label": {"enum": ["supported", "not_supported"]}},
            "required": ["label"],
        }
        for _ in range(2):
            value = complete_json(smollm2, [{"role": "user", "content": "Is the sky green? Answer."}], schema)
            assert value["label"] in ("supported", "not_supported")

    def test_is_deterministic_at_temperature_zero(self, smollm2):
        prompt = [{"role": "user", "content": "Name a colour."}]
        assert smollm2.complete(prompt, max_tokens=12) == smollm2.complete(prompt, max_tokens=12)

    def test_prompt_longer_than_the_context_is_a_backend_error(self):
        tiny = LlamaCppLLM("smollm2-135m-instruct", n_ctx=128, n_threads=2)
        with pytest.raises(BackendError):
            tiny.complete([{"role": "user", "content": "word " * 400}], max_tokens=8)


class TestOpenAICompatibleLLM(LLMContract):
    @pytest.fixture
    def llm(self, llama_http_server):
        return OpenAICompatibleLLM(model="smollm2", base_url=llama_http_server, timeout=60)


class ScriptedHandler(BaseHTTPRequestHandler):
    """Answers POSTs from the server's ``script``: a list of (status, body, delay) tuples, one per request."""

    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        self.server.requests.append((self.headers.get("Authorization"), json.loads(self.rfile.read(length))))
        status, body, delay = self.server.script.pop(0) if self.server.script else (500, "{}", 0)
        time.sleep(delay)
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body.encode())
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args):
        pass


@pytest.fixture
def scripted_server():
    server = ThreadingHTTPServer(("127.0.0.1", 0), ScriptedHandler)
    server.script, server.requests = [], []
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def ok(content: str) -> tuple[int, str, float]:
    return 200, json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]}), 0


def client(server, **kwargs) -> OpenAICompatibleLLM:
    return OpenAICompatibleLLM(model="m", base_url=f"http://127.0.0.1:{server.server_port}/v1", **kwargs)


def test_retries_server_errors_then_succeeds(scripted_server):
    scripted_server.script = [(503, "busy", 0), (429, "slow down", 0), ok("fine")]
    assert client(scripted_server, max_retries=2).complete(PERSON_PROMPT) == "fine"
    assert len(scripted_server.requests) == 3


def test_client_errors_are_not_retried(scripted_server):
    scripted_server.script = [(400, '{"error": "bad request"}', 0), ok("never")]
    with pytest.raises(BackendError, match="400"):
        client(scripted_server).complete(PERSON_PROMPT)
    assert len(scripted_server.requests) == 1


def test_slow_server_times_out_in_bounded_time(scripted_server):
    scripted_server.script = [(200, "{}", 3), (200, "{}", 3)]
    start = time.monotonic()
    with pytest.raises(LLMTimeoutError, match="did not answer"):
        client(scripted_server, timeout=0.3, max_retries=1).complete(PERSON_PROMPT)
    assert time.monotonic() - start < 3


def test_malformed_bodies_are_output_errors(scripted_server):
    scripted_server.script = [(200, "<html>", 0), (200, '{"choices": []}', 0)]
    with pytest.raises(LLMOutputError, match="non-JSON"):
        client(scripted_server).complete(PERSON_PROMPT)
    with pytest.raises(LLMOutputError, match="no message content"):
        client(scripted_server).complete(PERSON_PROMPT)


def test_request_carries_schema_and_key_only_when_given(scripted_server):
    scripted_server.script = [ok("{}"), ok("{}")]
    client(scripted_server, api_key="sk-test").complete(PERSON_PROMPT, json_schema=PERSON_SCHEMA)
    client(scripted_server).complete(PERSON_PROMPT)
    (auth1, body1), (auth2, body2) = scripted_server.requests
    assert auth1 == "Bearer sk-test" and auth2 is None
    assert body1["response_format"]["json_schema"]["schema"] == PERSON_SCHEMA
    assert "response_format" not in body2


def test_server_down_is_a_backend_error():
    llm = OpenAICompatibleLLM(base_url=f"http://127.0.0.1:{free_port()}/v1", max_retries=1, timeout=2)
    with pytest.raises(BackendError, match="cannot reach"):
        llm.complete(PERSON_PROMPT)


def test_base_url_is_required(monkeypatch):
    monkeypatch.delenv("VERACITY_LLM_BASE_URL", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with pytest.raises(ConfigError, match="VERACITY_LLM_BASE_URL"):
        OpenAICompatibleLLM()


def test_a_json_reply_is_whole_once_its_first_brace_closes():
    from veracity.models.llm.transformers import json_object_closed

    assert not json_object_closed('{"tool": "match", "args": {"sentence": "a}')  # the brace is inside a string
    assert not json_object_closed('{"a": "\\"}"')  # an escaped quote keeps the string open
    assert json_object_closed('{"a": "}"}')
    assert json_object_closed('{"tool": "get_answer", "args": {"label": "faithful"}} and then prose')
    assert not json_object_closed("{")

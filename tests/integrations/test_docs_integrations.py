"""Every example of docs/integrations.md runs and prints what the doc shows under it.

A ```python block is run in this process (its `http://127.0.0.1:8000` pointed at a live service in a thread, its
`command="veracity"` at this environment's script) and its output compared with the ```text block after it; the
`curl` example's body is sent as curl sends it (a form content type) and its events compared with the doc's, each
`…` standing for text left out.
"""

import contextlib
import importlib.util
import io
import itertools
import json
import re

import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed: pip install 'veracity[serve]'")
pytest.importorskip("langchain_core", reason="the langchain extra is not installed: pip install 'veracity[langchain]'")
pytest.importorskip("mcp", reason="the mcp extra is not installed: pip install 'veracity[mcp]'")
pytest.importorskip(
    "llama_index.core", reason="the llama-index extra is not installed: pip install 'veracity[llama-index]'"
)

import httpx

from conftest import ROOT, close_thread_event_loop, grounding_service_in_thread, veracity_command

DOC = ROOT / "docs" / "integrations.md"
DOCUMENTED_URL = "http://127.0.0.1:8000"


def blocks():
    """(language, text, line) of every fenced block of the doc."""
    text = DOC.read_text(encoding="utf-8")
    return [
        (m.group(1), m.group(2), text[: m.start()].count("\n") + 1)
        for m in re.finditer(r"^```(\w*)\n(.*?)^```", text, re.S | re.M)
    ]


def examples():
    """(line, code, shown output) of each python block and the text block after it."""
    found = blocks()
    pairs = []
    for (language, code, line), (after, shown, _) in itertools.pairwise(found):
        if language == "python":
            assert after == "text", f"docs/integrations.md:{line}: a python example needs its output after it"
            pairs.append((line, code, shown))
    return pairs


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    with grounding_service_in_thread(tmp_path_factory.mktemp("data")) as url:
        yield url


def test_the_doc_has_an_example_per_part():
    codes = [code for _, code, _ in examples()]
    assert len(codes) == 8
    parts = (
        "detect_stream(",
        "VeracityGuard(",
        "VeracityEvaluator(",
        "/alignscore_large",
        "LLMRails(",
        "stdio_client(",
        "VeracityMetric(",
    )
    assert [any(part in code for code in codes) for part in parts] == [True] * len(parts)


@pytest.fixture(autouse=True)
def deepeval_example_in_a_temporary_folder(request, tmp_path_factory, monkeypatch):
    """The DeepEval example runs where deepeval is installed (the deepeval extra), in a temporary working directory:
    DeepEval's evaluate() writes its run under .deepeval/ there. It also leaves the event loop it ran on open, set as
    this thread's: closed afterwards (else a ResourceWarning when it is collected, in whichever test runs then)."""
    callspec = getattr(request.node, "callspec", None)
    if callspec is None or "from deepeval" not in callspec.params.get("code", ""):
        yield
        return
    # not imported here: the example turns DeepEval's telemetry off before it imports it
    if importlib.util.find_spec("deepeval") is None:
        pytest.skip("the deepeval extra is not installed: pip install 'veracity[deepeval]'")
    monkeypatch.chdir(tmp_path_factory.mktemp("deepeval"))
    yield
    close_thread_event_loop()


# LlamaIndex's BatchEvalRunner calls its own deprecated asyncio_module() (llama-index-core 0.14.25).
@pytest.mark.filterwarnings(r"ignore:asyncio_module\(\) is deprecated:DeprecationWarning")
@pytest.mark.parametrize(("line", "code", "shown"), examples(), ids=[f"line-{line}" for line, _, _ in examples()])
def test_the_python_example_prints_what_the_doc_shows(line, code, shown, service):
    if "from nemoguardrails" in code:  # not in make setup-test: docs/integrations.md, "Versions and limits"
        pytest.importorskip("nemoguardrails", reason="nemoguardrails is not installed (it needs huggingface-hub<2)")
    code = code.replace(DOCUMENTED_URL, service).replace('command="veracity"', f"command={veracity_command()[0]!r}")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, f"docs/integrations.md:{line}", "exec"), {"__name__": "__main__"})
    assert printed.getvalue().strip() == shown.strip()


def test_the_curl_example_sends_the_events_the_doc_shows(service):
    (shell,) = [text for language, text, _ in blocks() if language == "sh" and "curl" in text]
    body = re.search(r"-d '(.*)'", shell, re.S).group(1)
    shown = next(text for language, text, _ in blocks() if language == "text" and text.startswith("event:"))
    # curl -d's own content type: the service reads the body as JSON all the same
    response = httpx.post(
        f"{service}/v1/detect/stream", content=body, headers={"content-type": "application/x-www-form-urlencoded"}
    )
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
    sent, documented = response.text.strip().split("\n\n"), shown.strip().split("\n\n")
    assert len(sent) == len(documented)
    for event, doc_event in zip(sent, documented, strict=True):
        (name, data), (doc_name, doc_data) = event.splitlines(), doc_event.splitlines()
        assert name == doc_name
        json.loads(data.removeprefix("data: "))
        for fragment in doc_data.split("…"):
            assert fragment.strip(",") in data, f"{fragment!r} is not in {data[:300]}"

"""Shared fixtures: the real small models, each loaded once per test session."""

from __future__ import annotations

import asyncio
import contextlib
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from veracity.detectors.grounding import GroundingDetector
from veracity.models.embedder import SentenceTransformerEmbedder
from veracity.schema import Document
from veracity.stages.verify.grounding import GroundingChecker
from veracity.text.split import SentenceSplitter

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "curie"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def has_ray() -> bool:
    """Whether the Ray engine can run here (``pip install 'veracity[ray]'``; `make test` installs it)."""
    from veracity.errors import ConfigError
    from veracity.scale import import_ray

    try:
        import_ray()
    except ConfigError:
        return False
    return True


needs_ray = pytest.mark.skipif(not has_ray(), reason="Ray is not installed: pip install 'veracity[ray]'")


@pytest.fixture(scope="session")
def embedder() -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder()


class CountingEmbedder:
    """An embedder that passes to the real one and records how many texts each call embeds (``calls``)."""

    def __init__(self, embedder: SentenceTransformerEmbedder) -> None:
        self.inner = embedder
        self.model_id = embedder.model_id
        self.calls: list[int] = []

    def embed(self, texts: list[str]):  # type: ignore[no-untyped-def]
        self.calls.append(len(texts))
        return self.inner.embed(texts)


@pytest.fixture
def counting_embedder(embedder: SentenceTransformerEmbedder) -> CountingEmbedder:
    """The session's real embedder, counting its calls (a new count per test)."""
    return CountingEmbedder(embedder)


@pytest.fixture(scope="session")
def spacy_splitter() -> SentenceSplitter:
    return SentenceSplitter("spacy")


@pytest.fixture(scope="session")
def grounding() -> GroundingDetector:
    return GroundingDetector.from_config()


@pytest.fixture(scope="session")
def grounding_checker() -> GroundingChecker:
    return GroundingChecker()


def missing_items(checker: GroundingChecker, answer: str, evidence: str) -> list[str]:
    """The texts of the answer's checked items (names, values, negations) that ``evidence`` does not state."""
    items = checker.checked_items(answer)
    return [m.text for m in checker.unsupported(answer, items, [evidence])]


@pytest.fixture(scope="session")
def curie() -> dict[str, object]:
    return {
        "question": (EXAMPLE / "question.txt").read_text(encoding="utf-8").strip(),
        "answer": (EXAMPLE / "answer.txt").read_text(encoding="utf-8").strip(),
        "context": [
            Document(id=name, text=(EXAMPLE / f"{name}.txt").read_text(encoding="utf-8"))
            for name in ("warsaw", "nobel")
        ],
    }


def build_tiny_classifier(path: Path, id2label: dict[int, str]) -> tuple[object, object]:
    """A random-weight 1-layer BERT classifier with MiniLM's real tokenizer, saved to ``path``.

    No NLI model can be installed offline, so tests of the pair-scoring plumbing use this stand-in.
    """
    import torch
    from transformers import AutoTokenizer, BertConfig, BertForSequenceClassification

    from veracity.models.catalog import resolve_model_path

    tokenizer = AutoTokenizer.from_pretrained(str(resolve_model_path("all-MiniLM-L6-v2")), local_files_only=True)
    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=tokenizer.vocab_size,
        hidden_size=32,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=37,
        max_position_embeddings=512,
        num_labels=len(id2label),
        id2label=id2label,
        label2id={v: k for k, v in id2label.items()},
    )
    model = BertForSequenceClassification(config).eval()
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return tokenizer, model


@pytest.fixture(scope="session")
def tiny_nli_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tiny-nli")
    build_tiny_classifier(path, {0: "entailment", 1: "neutral", 2: "contradiction"})
    return path


def close_thread_event_loop() -> None:
    """Close the event loop a framework made this thread's and left open (DeepEval's: a ResourceWarning when it is
    collected, in whichever test runs then), and leave the thread without one, as asyncio.run leaves it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Python 3.12+, where none is set
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            return
    loop.close()
    asyncio.set_event_loop(None)


def veracity_command(*args: str) -> list[str]:
    """The installed `veracity` script of this interpreter's environment, with ``args``."""
    import sys

    return [str(Path(sys.executable).parent / "veracity"), *args]


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def grounding_service_in_thread(data_dir: Path) -> Iterator[str]:
    """A service with the `grounding` detector on 127.0.0.1, in a thread of this process; yields its URL once ready.

    In-process, so a test can see what its CPU does (the streaming disconnect test) and needs no subprocess.
    """
    import threading
    import time

    import httpx
    import uvicorn

    from veracity.server.app import create_app
    from veracity.server.settings import ServiceSettings

    settings = ServiceSettings(data_dir=data_dir, default_detector="grounding", warm_detectors=["grounding"])
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/readyz").status_code == 200:
                break
        assert time.monotonic() < deadline, "the service never became ready"
        time.sleep(0.1)
    try:
        yield url
    finally:
        server.should_exit = True
        thread.join(30)


def start_service(data_dir: Path, port: int, *args: str, timeout: float = 120.0):  # type: ignore[no-untyped-def]
    """`veracity serve` as a real process on 127.0.0.1:``port``, returned once /readyz says ready.

    Unless ``args`` name one, its default detector is the rule-based `grounding` (fast, word-level spans): these tests
    are about the service; the shipped default (`auto`) has its own test.
    """
    import os
    import subprocess
    import time

    import httpx

    if "--detector" not in args and "-d" not in args:
        args = ("--detector", "grounding", *args)
    process = subprocess.Popen(
        veracity_command("serve", "--port", str(port), "--data-dir", str(data_dir), *args),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "VERACITY_API_KEYS": ""},
    )
    deadline = time.monotonic() + timeout
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=5).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        if process.poll() is not None:
            raise RuntimeError(f"veracity serve exited with {process.returncode}")
        if time.monotonic() > deadline:
            process.kill()
            raise RuntimeError("veracity serve never became ready")
        time.sleep(0.2)


@pytest.fixture(scope="session")
def behaviour_generator() -> ModuleType:
    """`benchmarks/behaviour/generate.py` as a module (the suite's generator: its cases are not committed)."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location(
        "behaviour_generate", ROOT / "benchmarks" / "behaviour" / "generate.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["behaviour_generate"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def behaviour_suite_file(behaviour_generator: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The behavioural suite's cases, generated once.

    A test reads it with ``monkeypatch.setenv("VERACITY_BEHAVIOUR", str(behaviour_suite_file))``.
    """
    path = tmp_path_factory.mktemp("behaviour") / "cases.jsonl.gz"
    path.write_bytes(behaviour_generator.gzipped(behaviour_generator.build()[1]))
    return path

"""The examples in docs/*.md (and README.md's that tests/test_readme.py does not check) give what the docs show.

Issue 44 §8: an example that shows a verdict, a score, marked words or a response is run here the cheapest faithful
way — a `curl` body through the service's app in-process (FastAPI's TestClient over `create_app`), a command
through the CLI's typer app (CliRunner), a snippet through the library — and its result is compared with the doc.
The examples are listed by hand, each with the text as the doc writes it: a test checks that the text is still in
the doc, so an edited example fails here until its entry is updated. An example whose request shows no response
(the Tokyo/Kyoto `curl` bodies) is held to what it was written to show; its entry says where that is stated.

README.md's examples that tests/test_readme.py already checks (the `make run` output, the Python snippet, the
`-d grounding` line with `→ HALLUCINATED; [[Germany]]`) are not repeated. Examples that show no result and depend on
the reader's own files (`--index runs/kb`, `--set memory=...`) are not run; the option check below still reads them.

A failing example is marked xfail(strict=True) with what is wrong, so the file passes today and an example that
starts to pass is noticed (the mark then has to go).
"""

from __future__ import annotations

import functools
import json
import re
import shlex
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed: pip install 'veracity[serve]'")

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from conftest import EXAMPLE, ROOT
from veracity.cli import app as cli_app

runner = CliRunner()

# The README's knowledge-index folder (`my-docs/`, as tests/test_readme.py writes it): "an index about Japan".
JAPAN = {
    "capital.txt": "Tokyo became the capital of Japan in 1868, when the emperor moved from Kyoto.",
    "kyoto.txt": "Kyoto was the imperial capital of Japan for more than a thousand years, until 1868.",
    "fuji.txt": "Mount Fuji is the highest mountain in Japan, at 3,776 metres.",
    "osaka.txt": "Osaka is a port city on the island of Honshu, known for its food.",
}


@dataclass(frozen=True)
class Outcome:
    """What one example gave: enough to compare with the doc and to say what went wrong."""

    verdict: str | None = None
    score: float | None = None
    marked: tuple[str, ...] = ()
    routed_to: str | None = None
    notes: tuple[str, ...] = ()
    text: str = ""  # the CLI's text output, or the response body
    status: int | None = None

    def summary(self) -> str:
        return (
            f"verdict={self.verdict} score={self.score} marked={list(self.marked)} routed_to={self.routed_to} "
            f"status={self.status} notes={list(self.notes)}"
        )


def report_outcome(report: dict[str, Any], text: str = "", status: int | None = 200) -> Outcome:
    return Outcome(
        verdict=report["verdict"],
        score=report["score"],
        marked=tuple(s["text"] for s in report["hallucinated_spans"]),
        routed_to=(report.get("details") or {}).get("routed_to"),
        notes=tuple(report["notes"]),
        text=text,
        status=status,
    )


@dataclass(frozen=True)
class DocExample:
    """One example of a doc: where it is, its text as written there, how it runs and what the doc shows."""

    doc: str
    shown: str
    run: Callable[[Tools], Outcome]
    verdict: str | None = None
    marked: tuple[str, ...] | None = None  # the exact marked words, when the doc shows (or states) them
    output_contains: tuple[str, ...] = ()
    status: int | None = None
    expectation: str = "shown in the doc"  # where the expected result is stated, when the doc shows no output
    failing: str | None = None  # why it fails today (the xfail reason)

    @property
    def line(self) -> int:
        text = (ROOT / self.doc).read_text(encoding="utf-8")
        return text[: text.index(self.shown)].count("\n") + 1 if self.shown in text else 0


def curl_body(shown: str) -> dict[str, Any]:
    """The JSON body of a doc's `curl ... -d '{...}'`."""
    match = re.search(r"-d '(.*)'", shown, re.S)
    assert match, f"no -d '...' body in {shown!r}"
    body: dict[str, Any] = json.loads(match.group(1))
    return body


def http(body: dict[str, Any]) -> Callable[[Tools], Outcome]:
    """POST a body to /v1/detect of the service (its default settings, in-process)."""

    def run(tools: Tools) -> Outcome:
        response = tools.client.post("/v1/detect", json=body)
        if response.status_code != 200:
            return Outcome(text=response.text, status=response.status_code)
        return report_outcome(response.json(), response.text)

    return run


def cli(args: list[str], *, index: bool = False) -> Callable[[Tools], Outcome]:
    """The CLI in-process; ``index`` appends ``--index`` with the README's Japan index. JSON output is parsed."""

    def run(tools: Tools) -> Outcome:
        argv = [*args, "--index", str(tools.japan_index)] if index else list(args)
        result = runner.invoke(cli_app, argv)
        assert result.exit_code == 0, f"veracity {shlex.join(argv)}\n{result.output[-3000:]}"
        if "--format" in argv and argv[argv.index("--format") + 1] == "json":
            return report_outcome(json.loads(result.stdout), result.stdout)
        verdict = re.search(r"^verdict: (\w+)", result.stdout, re.M)
        return Outcome(verdict=verdict.group(1).lower() if verdict else None, text=result.stdout)

    return run


def library(detector: str, answer: str, context: list[str], question: str | None = None) -> Callable[[Tools], Outcome]:
    def run(tools: Tools) -> Outcome:
        report = tools.detector(detector).detect(answer, context, question)
        return report_outcome(json.loads(report.model_dump_json()))

    return run


CURIE = [
    "--question",
    (EXAMPLE / "question.txt").read_text(encoding="utf-8").strip(),
    "--answer",
    f"@{EXAMPLE / 'answer.txt'}",
    "--context",
    str(EXAMPLE / "warsaw.txt"),
    "--context",
    str(EXAMPLE / "nobel.txt"),
]  # `make run`'s input (the Makefile's run target)

README_CURL = (
    """-d '{"answer": "Tokyo was the capital of Japan until 1868.", """
    """"context": ["Kyoto was the capital of Japan until 1868."]}'"""
)
PARIS_CONTEXT = "Paris is the capital and largest city of France."  # what tests/server/test_page_browser.py types
SERVICE_CURL = """-d '{
  "question": "Which city was the capital of Japan until 1868?",
  "answer": "Tokyo was the capital of Japan until 1868.",
  "context": [{"id": "japan", "text": "Kyoto was the capital of Japan for over a thousand years, until 1868."}]}'"""
KYOTO_EXPECTATION = (
    "the doc shows no response; the example swaps Kyoto for Tokyo, and tests/server/test_server.py (KYOTO) and "
    "tests/server/test_page_browser.py hold that 'Tokyo' is the unsupported word"
)

EXAMPLES = [
    DocExample(
        "README.md",
        "(`veracity detect -d grounding ...` prints `born in [[Kraków]]`)",
        cli(["detect", "-d", "grounding", *CURIE, "--format", "text"]),
        verdict="hallucinated",
        output_contains=("born in [[Kraków]]",),
        expectation="the README: `make run`'s input with -d grounding",
    ),
    DocExample(
        "README.md",
        README_CURL,
        http(curl_body(README_CURL)),
        verdict="hallucinated",
        marked=("Tokyo",),
        expectation=KYOTO_EXPECTATION,
    ),
    DocExample(
        "docs/service.md",
        SERVICE_CURL,
        http(curl_body(SERVICE_CURL)),
        verdict="hallucinated",
        marked=("Tokyo",),
        expectation=KYOTO_EXPECTATION,
        # Passes through auto's consistency floor (0.615): litehall alone says faithful 0.061 (claim supported 0.785).
    ),
    DocExample(
        "docs/service.md",
        '"code": "invalid_request", "detail": "answer: Field required"',
        http({"context": ["Kyoto was the capital of Japan until 1868."]}),
        status=422,
        output_contains=("answer: Field required",),
        expectation="docs/service.md's error example; the request is the one its detail names (no answer)",
    ),
    DocExample(
        "docs/service.md",
        'after checking "Paris is the capital of Germany.": "Germany" highlighted',
        http({"answer": "Paris is the capital of Germany.", "context": [PARIS_CONTEXT]}),
        verdict="hallucinated",
        marked=("Germany",),
        expectation="the screenshot's alt text; the context is the one tests/server/test_page_browser.py types",
    ),
    DocExample(
        "docs/oasis.md",
        'a user who checks "The Great Wall of\nChina is visible from space." against an index about Japan should not '
        'read "faithful"',
        cli(["detect", "--answer", "The Great Wall of China is visible from space.", "--format", "json"], index=True),
        verdict="hallucinated",
        expectation="docs/oasis.md: not enough evidence counts as unsupported (the README's index about Japan)",
    ),
    DocExample(
        "README.md",
        'veracity detect --answer "Tokyo became the capital of Japan in 1901." --index my-index',
        cli(["detect", "--answer", "Tokyo became the capital of Japan in 1901.", "--format", "json"], index=True),
        verdict="hallucinated",
        expectation="the README shows no output; its index (my-docs/) says 1868",
    ),
    DocExample(
        "docs/rag.md",
        '("Paris is in Germany." against a text that names both)',
        library("novelty", "Paris is in Germany.", ["Paris is in France, which borders Germany."]),
        verdict="faithful",
        marked=(),
        expectation="docs/rag.md: novelty cannot see a wrong relation between words the sources use",
    ),
]


def example_id(example: DocExample) -> str:
    return f"{example.doc}:{example.line}"


class Tools:
    """What the examples run on: the service in-process, the README's Japan index (built on first use), detectors."""

    def __init__(self, client: TestClient, work: Path) -> None:
        self.client = client
        self.work = work
        self.detectors: dict[str, Any] = {}

    def detector(self, name: str) -> Any:
        from veracity.detectors import load_detector

        return self.detectors.setdefault(name, load_detector(name))

    @functools.cached_property
    def japan_index(self) -> Path:
        docs, index = self.work / "my-docs", self.work / "my-index"
        docs.mkdir()
        for name, text in JAPAN.items():
            (docs / name).write_text(text, encoding="utf-8")
        built = runner.invoke(cli_app, ["index", "build", str(docs), "--out", str(index)])
        assert built.exit_code == 0, built.output
        return index


@pytest.fixture(scope="module")
def tools(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Tools]:
    """The service with its default settings (no warm-up, no job runner); models load once per process, so the
    service's `auto`, the CLI's detectors and the library's share them."""
    from veracity.server.app import create_app
    from veracity.server.settings import ServiceSettings

    work = tmp_path_factory.mktemp("docs-examples")
    app = create_app(ServiceSettings(data_dir=work / "data"), warm=False, run_jobs=False)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield Tools(client, work)


def test_every_listed_example_is_still_in_its_doc():
    """An edited example fails here (not inside an xfail) until its entry above is updated."""
    for example in EXAMPLES:
        assert example.line, f"{example.doc} no longer contains {example.shown!r}: update EXAMPLES"
    listed = {f"{doc}:{line}" for doc, line, _ in COMMANDS}
    assert set(WRONG_OPTIONS) <= listed, f"no such command any more: {set(WRONG_OPTIONS) - listed}"


@pytest.mark.parametrize(
    "example",
    [pytest.param(e, marks=[pytest.mark.xfail(strict=True, reason=e.failing)] if e.failing else []) for e in EXAMPLES],
    ids=[example_id(e) for e in EXAMPLES],
)
def test_the_example_gives_what_the_doc_shows(example: DocExample, tools: Tools):
    outcome = example.run(tools)
    where = f"{example_id(example)} ({example.expectation}): got {outcome.summary()}"
    if example.status is not None:
        assert outcome.status == example.status, where
    if example.verdict is not None:
        assert outcome.verdict == example.verdict, where
    if example.marked is not None:
        assert sorted(set(outcome.marked)) == sorted(example.marked), where
    for needle in example.output_contains:
        assert needle in outcome.text, f"{where}\n{needle!r} not in:\n{outcome.text[-3000:]}"


# --- every `veracity` command the docs show uses options the CLI has -------------------------------------------


def doc_commands() -> list[tuple[str, int, list[str]]]:
    """(doc, line, argv after `veracity`) of every `veracity ...` command in a fenced shell block."""
    commands = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for block in re.finditer(r"^```(?:sh|bash)\n(.*?)^```", text, re.S | re.M):
            first = text[: block.start(1)].count("\n") + 1
            lines: list[tuple[int, str]] = []  # (line number, command with its continuations joined)
            for offset, raw in enumerate(block.group(1).splitlines()):
                if lines and lines[-1][1].endswith("\\"):
                    lines[-1] = (lines[-1][0], lines[-1][1][:-1] + " " + raw.strip())
                else:
                    lines.append((first + offset, raw))
            for number, line in lines:
                code = re.split(r"\s#", line, maxsplit=1)[0]
                try:
                    tokens = shlex.split(code)
                except ValueError:
                    continue
                for start, token in enumerate(tokens):
                    if token == "veracity":
                        rest = list(tokens[start + 1 :])
                        end = next((i for i, t in enumerate(rest) if t in {";", "&&", "|", "done"}), len(rest))
                        commands.append((path.relative_to(ROOT).as_posix(), number, rest[:end]))
                        break
    return commands


def unknown_options(argv: list[str]) -> list[str]:
    import typer.main

    command: Any = typer.main.get_command(cli_app)  # typer's own click: a group is what has `commands`
    known = {"-h", "--help"}
    unknown = []
    for token in argv:
        known |= {opt for p in command.params for opt in (*p.opts, *p.secondary_opts)}
        if token in getattr(command, "commands", {}):
            command = command.commands[token]
        elif re.match(r"-+[A-Za-z]", token) and token.split("=", 1)[0] not in known:
            unknown.append(token)
    return unknown


COMMANDS = doc_commands()
WRONG_OPTIONS: dict[str, str] = {}  # doc:line → why it fails today (none now)


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(
            argv,
            marks=[pytest.mark.xfail(strict=True, reason=WRONG_OPTIONS[f"{doc}:{line}"])]
            if f"{doc}:{line}" in WRONG_OPTIONS
            else [],
        )
        for doc, line, argv in COMMANDS
    ],
    ids=[f"{doc}:{line}" for doc, line, _ in COMMANDS],
)
def test_every_documented_command_uses_options_the_cli_has(argv: list[str]):
    assert unknown_options(argv) == [], f"veracity {shlex.join(argv)}"

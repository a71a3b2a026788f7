"""A Model Context Protocol server: an agent checks its answer against its sources with veracity's detectors.

``veracity mcp`` runs it over stdio (the transport MCP clients start a local server with). Two tools:

* ``check_answer(answer, sources, question=None, detector=None, unchecked=None)`` — the detector's Report as JSON
  (verdict, score, the unsupported spans, each sentence with its score and evidence), with ``passes`` (whether the
  answer passes the gate) and ``reason`` (why) added. An answer the detector could not check (``not_checked``: an
  empty or blank answer, another language, one too long to read) does not pass by default; ``unchecked="pass"`` (the
  call's argument, or ``veracity mcp --unchecked pass`` for every call) lets it through
  (:func:`~veracity.schema.passes_gate`).
* ``list_detectors()`` — the detectors, the default one, and a line on each.

A client's configuration (Claude Desktop, an IDE, the ``mcp`` package's own client)::

    {"mcpServers": {"veracity": {"command": "veracity", "args": ["mcp", "--detector", "grounding"]}}}

With ``--server URL`` the tools ask a running ``veracity serve`` instead of loading models in this process; a service
that cannot be reached is an error naming the URL, never a pass.

Install with ``pip install 'veracity[mcp]'`` (the ``mcp`` package, the version tested pinned).
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Sequence
from typing import Annotated, Any

from pydantic import Field

from veracity.client import Client
from veracity.detectors import Detector
from veracity.errors import VeracityError
from veracity.integrations import gate_reason, unchecked_policy
from veracity.registry import DEFAULT_DETECTOR
from veracity.runners import RemoteDetector, open_detector
from veracity.schema import Document, Report, UncheckedPolicy, passes_gate

try:
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError as exc:  # the extra is not installed
    raise ImportError("the mcp package is not installed; run: pip install 'veracity[mcp]'") from exc

__all__ = ["build_server", "detector_list", "gate_result"]

INSTRUCTIONS = (
    "veracity checks whether an answer is supported by the source passages it should rest on. Call check_answer with "
    "the answer, the passages (and the question) before you rely on an answer drawn from documents: rely on it only "
    "when 'passes' is true ('reason' says why not). A verdict 'hallucinated' lists the unsupported words "
    "(hallucinated_spans) and each sentence's score and evidence; 'not_checked' (an empty answer, another language, "
    "one too long to read) does not pass unless the call sets unchecked='pass'."
)


def detector_list(default: str) -> dict[str, Any]:
    """The detectors as ``veracity detectors`` lists them: name, first docstring line, whether default."""
    from veracity.registry import names, resolve

    rows = []
    for name in names("detector"):
        try:
            doc = (resolve("detector", name).__doc__ or "").strip().splitlines()
            summary = doc[0] if doc else ""
        except ImportError as exc:  # a plug-in that cannot be imported here
            summary = f"unavailable: {exc}"
        rows.append({"name": name, "default": name == default, "summary": summary})
    return {"default": default, "detectors": rows}


class _Checker:
    """Detections for the tools: detectors loaded once each, one detection at a time; or a remote service."""

    def __init__(self, default: str, service_url: str | None, api_key: str | None) -> None:
        self.default = default
        self.service_url = service_url
        self.api_key = api_key
        self._detectors: dict[str, Detector] = {}
        self._lock = threading.Lock()

    def check(self, answer: str, sources: Sequence[Document | str], question: str | None, name: str | None) -> Report:
        if self.service_url is not None:
            with Client(self.service_url, api_key=self.api_key) as client:
                return RemoteDetector(client, name).detect(answer, sources, question)
        name = name or self.default
        with self._lock:
            if name not in self._detectors:
                self._detectors[name] = open_detector(name, {})
            return self._detectors[name].detect(answer, sources, question)

    def detectors(self) -> dict[str, Any]:
        if self.service_url is not None:
            with Client(self.service_url, api_key=self.api_key) as client:
                return client.detectors()
        return detector_list(self.default)


def gate_result(report: Report, unchecked: UncheckedPolicy = "block") -> dict[str, Any]:
    """What ``check_answer`` returns: the Report's JSON object with ``passes`` and ``reason`` added.

    ``passes`` is the gate under ``unchecked`` (:func:`~veracity.schema.passes_gate`); ``reason`` says why it passes
    or not (for an answer not checked, the detector's notes).
    """
    result = dict(json.loads(report.model_dump_json()))
    result.update(passes=passes_gate(report.verdict, unchecked), reason=gate_reason(report, unchecked))
    return result


def build_server(
    detector: str = DEFAULT_DETECTOR,
    service_url: str | None = None,
    api_key: str | None = None,
    unchecked: UncheckedPolicy = "block",
) -> MCPServer[Any]:
    """The MCP server with veracity's tools (run it with ``.run("stdio")``; ``veracity mcp`` does).

    Args:
        detector: the detector ``check_answer`` uses when the call names none.
        service_url: check through this ``veracity serve`` instead of in this process.
        api_key: the service's API key, if it needs one.
        unchecked: whether an answer the detector could not check ``passes`` when the call does not say: ``block``
            (the default: it does not) or ``pass``.

    Raises:
        ConfigError: ``unchecked`` is neither ``block`` nor ``pass``.
    """
    from veracity import __version__

    default_unchecked = unchecked_policy(unchecked)

    server: MCPServer[Any] = MCPServer(name="veracity", instructions=INSTRUCTIONS, version=__version__)
    checker = _Checker(detector, service_url, api_key)

    @server.tool(
        name="check_answer",
        description="Check an answer against its source passages: is every claim supported? Returns veracity's "
        "Report: verdict (hallucinated / faithful / not_checked), score (higher = less supported), the unsupported "
        "words of the answer (hallucinated_spans) and each sentence with its score and evidence; and passes (whether "
        "to rely on the answer) with the reason. An answer that could not be checked (empty, another language, too "
        "long) does not pass unless unchecked is 'pass'.",
    )
    async def check_answer(
        answer: Annotated[str, Field(description="The answer to check.")],
        sources: Annotated[
            list[str | Document],
            Field(description="The passages the answer should rest on: texts, or {id, text, title} objects."),
        ],
        question: Annotated[str | None, Field(description="The question the answer replies to.")] = None,
        detector: Annotated[
            str | None, Field(description="A detector name (list_detectors); the server's default if none.")
        ] = None,
        unchecked: Annotated[
            UncheckedPolicy | None,
            Field(
                description="Whether an answer the detector could not check (empty, another language, too long) "
                "passes: 'block' (it does not) or 'pass'; the server's default ('block' unless started with "
                "--unchecked pass) if none."
            ),
        ] = None,
    ) -> dict[str, Any]:
        try:
            report = await asyncio.to_thread(checker.check, answer, sources, question, detector)
        except VeracityError as exc:  # the caller's to fix (or the service's to answer): say why, as the CLI does
            raise ToolError(str(exc)) from exc
        return gate_result(report, unchecked or default_unchecked)

    @server.tool(name="list_detectors", description="The detectors check_answer can use, and the default one.")
    async def list_detectors() -> dict[str, Any]:
        try:
            return await asyncio.to_thread(checker.detectors)
        except VeracityError as exc:
            raise ToolError(str(exc)) from exc

    return server

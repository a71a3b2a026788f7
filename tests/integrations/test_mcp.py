"""`veracity mcp` over stdio, driven by the `mcp` package's own client (issue 54 §5): the tools listed, an answer
checked with the real `grounding` detector, the detectors listed, bad input and an unreachable service as tool
errors."""

import asyncio
import json
import os
import subprocess

import pytest

pytest.importorskip("mcp", reason="the mcp extra is not installed: pip install 'veracity[mcp]'")

from mcp import ClientSession, StdioServerParameters, stdio_client

from conftest import veracity_command
from veracity import Document, load_detector

QUESTION = "Which city was the capital of Japan until 1868?"
ANSWER = "Tokyo was the capital of Japan until 1868."
SOURCES = [{"id": "japan", "text": "Kyoto was the capital of Japan for over a thousand years, until 1868."}]


def call(*args, calls):
    """Start `veracity mcp ARGS`, make each (tool, arguments) call in order; the tool list and the results."""
    command, *rest = veracity_command("mcp", *args)
    params = StdioServerParameters(command=command, args=rest, env={**os.environ, "VERACITY_API_KEY": ""})

    async def run():
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            tools = await session.list_tools()
            return tools, [await session.call_tool(name, arguments) for name, arguments in calls]

    return asyncio.run(run())


def payload(result):
    assert not result.is_error, result.content
    return json.loads(result.content[0].text)


def test_the_server_checks_an_answer_and_lists_the_detectors():
    tools, (checked, by_text, listed) = call(
        "--detector",
        "grounding",
        calls=[
            ("check_answer", {"answer": ANSWER, "sources": SOURCES, "question": QUESTION}),
            ("check_answer", {"answer": ANSWER, "sources": [SOURCES[0]["text"]]}),
            ("list_detectors", {}),
        ],
    )
    assert {tool.name for tool in tools.tools} == {"check_answer", "list_detectors"}
    schema = next(tool for tool in tools.tools if tool.name == "check_answer").input_schema
    assert schema["required"] == ["answer", "sources"]
    report = payload(checked)
    local = load_detector("grounding").detect(ANSWER, [Document(**SOURCES[0])], QUESTION)
    for found in (report, expected := json.loads(local.model_dump_json())):
        found.pop("timings_ms")
    assert (report.pop("passes"), report.pop("reason").startswith("not supported: ")) == (False, True)
    assert report == expected
    assert report["verdict"] == "hallucinated" and [s["text"] for s in report["hallucinated_spans"]] == ["Tokyo"]
    assert checked.structured_content["verdict"] == "hallucinated"
    assert payload(by_text)["verdict"] == "hallucinated"
    detectors = payload(listed)
    assert detectors["default"] == "grounding" and "grounding" in {d["name"] for d in detectors["detectors"]}


def test_bad_input_and_an_unreachable_service_are_tool_errors_that_say_why():
    _, (unknown, no_sources) = call(
        "--detector",
        "grounding",
        calls=[
            ("check_answer", {"answer": ANSWER, "sources": SOURCES, "detector": "nope"}),
            ("check_answer", {"answer": ANSWER}),
        ],
    )
    assert unknown.is_error and "nope" in unknown.content[0].text and "grounding" in unknown.content[0].text
    assert no_sources.is_error and "sources" in no_sources.content[0].text
    _, (remote,) = call(
        "--server", "http://127.0.0.1:9", calls=[("check_answer", {"answer": ANSWER, "sources": SOURCES})]
    )
    assert remote.is_error and "http://127.0.0.1:9" in remote.content[0].text


# Issue 58 §2: an answer the detector could not check — empty, blank, another language — does not pass by default
# (`passes` false, the reason given); the call's `unchecked="pass"`, or `veracity mcp --unchecked pass`, lets it
# through.
FRENCH = "Kyoto fut la capitale du Japon pendant plus de mille ans, jusqu'en 1868, avant que Tokyo ne la remplace."
UNCHECKED = {"empty": ("", "empty answer"), "whitespace": (" \n\t ", "empty answer"), "french": (FRENCH, "'fr'")}


def test_an_answer_not_checked_does_not_pass_unless_the_call_or_the_server_says_so():
    answers = [answer for answer, _ in UNCHECKED.values()]
    calls = [("check_answer", {"answer": answer, "sources": SOURCES}) for answer in answers]
    calls += [("check_answer", {"answer": answer, "sources": SOURCES, "unchecked": "pass"}) for answer in answers]
    calls += [("check_answer", {"answer": ANSWER, "sources": SOURCES, "unchecked": "pass"})]
    calls += [("check_answer", {"answer": "", "sources": SOURCES, "unchecked": "allow"})]
    tools, results = call("--detector", "grounding", calls=calls)
    schema = next(tool for tool in tools.tools if tool.name == "check_answer").input_schema
    assert "unchecked" in schema["properties"] and "unchecked" not in schema["required"]
    blocked, passed, (checked, bad) = results[:3], results[3:6], results[6:]
    for result, (_, reason) in zip(blocked, UNCHECKED.values(), strict=True):
        found = payload(result)
        assert found["verdict"] == "not_checked" and found["passes"] is False
        assert reason in found["reason"] and "blocked" in found["reason"]
        assert result.structured_content["passes"] is False
    for result, (_, reason) in zip(passed, UNCHECKED.values(), strict=True):
        found = payload(result)
        assert found["verdict"] == "not_checked" and found["passes"] is True and reason in found["reason"]
    assert payload(checked)["passes"] is False  # a hallucinated answer never passes
    assert bad.is_error and "unchecked" in bad.content[0].text
    _, (lenient, strict) = call(
        "--detector",
        "grounding",
        "--unchecked",
        "pass",
        calls=[
            ("check_answer", {"answer": FRENCH, "sources": SOURCES}),
            ("check_answer", {"answer": FRENCH, "sources": SOURCES, "unchecked": "block"}),
        ],
    )
    assert payload(lenient)["passes"] is True and payload(strict)["passes"] is False
    refused = subprocess.run(
        veracity_command("mcp", "--unchecked", "allow"), capture_output=True, text=True, stdin=subprocess.DEVNULL
    )
    assert refused.returncode == 2 and "--unchecked must be one of block, pass, not 'allow'" in refused.stderr

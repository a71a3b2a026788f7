"""``veracity mcp``: a Model Context Protocol server over stdio (:mod:`veracity.integrations.mcp`)."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from veracity.cli._app import _fail, app, handle_errors
from veracity.registry import DEFAULT_DETECTOR


@app.command()
@handle_errors
def mcp(
    detector: Annotated[
        str, typer.Option("--detector", "-d", help="The detector check_answer uses when a call names none.")
    ] = DEFAULT_DETECTOR,
    server: Annotated[
        str | None,
        typer.Option(help="Check through a running `veracity serve` (e.g. http://127.0.0.1:8000), loading no models."),
    ] = None,
    api_key_env: Annotated[
        str, typer.Option(help="With --server: the environment variable holding the API key, if one is needed.")
    ] = "VERACITY_API_KEY",
) -> None:
    """Run an MCP server on stdio: tools that check an answer against its sources and list the detectors."""
    try:
        from veracity.integrations.mcp import build_server
    except ImportError as exc:
        raise _fail(str(exc)) from exc
    build_server(detector, server, os.environ.get(api_key_env) if server else None).run("stdio")

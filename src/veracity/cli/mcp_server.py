"""``veracity mcp``: a Model Context Protocol server over stdio (:mod:`veracity.integrations.mcp`)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Annotated, cast

import typer

from veracity.cli._app import app, check_choice, error_exit, handle_errors
from veracity.registry import DEFAULT_DETECTOR

if TYPE_CHECKING:
    from veracity.schema import UncheckedPolicy


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
    unchecked: Annotated[
        str,
        typer.Option(
            "--unchecked",
            help="Whether an answer the detector could not check (empty, another language, too long to read) passes "
            "when a check_answer call does not say: block (the default: `passes` is false, with the reason) or pass.",
        ),
    ] = "block",
) -> None:
    """Run an MCP server on stdio: tools that check an answer against its sources and list the detectors."""
    check_choice("unchecked", unchecked, ("block", "pass"))
    try:
        from veracity.integrations.mcp import build_server
    except ImportError as exc:
        raise error_exit(str(exc)) from exc
    build_server(
        detector, server, os.environ.get(api_key_env) if server else None, unchecked=cast("UncheckedPolicy", unchecked)
    ).run("stdio")

"""The ``veracity`` command line: a thin layer that parses input, calls the library and prints its results.

One module per command group; ``_app`` holds the application, the shared options and the one error-to-exit
wrapper. Heavy libraries are imported inside the commands so that ``veracity --help`` is instant.
"""

from __future__ import annotations

# Importing a command module registers its commands on ``app``, in this order.
from veracity.cli import data, detect, evaluation, index, leap, serve, stages, train  # noqa: F401
from veracity.cli._app import app, parse_settings, read_file, read_text
from veracity.cli.detect import context_documents
from veracity.cli.render import LABEL_WORDS, render_report, score_and_threshold


def main() -> None:
    """Entry point of the ``veracity`` script."""
    app()


__all__ = [
    "LABEL_WORDS",
    "app",
    "context_documents",
    "main",
    "parse_settings",
    "read_file",
    "read_text",
    "render_report",
    "score_and_threshold",
]

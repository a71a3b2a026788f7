"""The ``veracity`` command line: a thin layer that parses input, calls the library and prints its results.

One module per command group; ``_app`` holds the application, the shared options and the one error-to-exit
wrapper. Heavy libraries are imported inside the commands so that ``veracity --help`` is instant.
"""

from __future__ import annotations

# Importing a command module registers its commands on ``app``, in this order.
from veracity.cli import _app, data, detect, evaluation, index, leap, mcp_server, serve, stages, train  # noqa: F401
from veracity.cli._app import app, parse_settings, read_file, read_text
from veracity.cli.detect import context_documents
from veracity.cli.render import LABEL_WORDS, render_report, score_and_threshold


def main() -> None:
    """Entry point of the ``veracity`` script.

    After a one-shot ``detect`` (one answer, in this process) the process ends without tearing down its loaded
    models: spaCy's and ONNX Runtime's destructors take 0.3 s that a process about to exit does not need. Output is
    flushed first; nothing else of a one-shot check is left to finish.
    """
    try:
        app()
    except SystemExit as done:
        if _app.fast_exit:
            import os
            import sys

            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
        raise


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

"""The exit-code policy of a CI gate: a verdict, or a batch's outcome, to 0, 1 or 2.

``veracity detect --exit-code`` exits with these; a service or a pipeline step that gates on a report uses the same
function, so every gate reads a verdict the same way. The ``unchecked`` policy is the one every gate shares
(:data:`~veracity.schema.UncheckedPolicy`, :func:`~veracity.schema.passes_gate`).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from veracity.schema import UncheckedPolicy, Verdict, passes_gate

if TYPE_CHECKING:
    from veracity.batch import BatchOutcome

__all__ = ["EXIT_HALLUCINATED", "EXIT_NOT_CHECKED", "EXIT_PASSED", "answer_exit_code", "batch_exit_code"]

EXIT_PASSED = 0
"""The gate passes: faithful (or not checked, under ``unchecked="pass"``)."""
EXIT_HALLUCINATED = 1
"""An answer is hallucinated (in a batch: any, whatever else failed)."""
EXIT_NOT_CHECKED = 2
"""An answer could not be checked (under ``unchecked="block"``), or a batch record failed; the CLI's errors too."""


def answer_exit_code(verdict: Verdict, unchecked: UncheckedPolicy = "block") -> int:
    """The gate's exit code for one answer's verdict.

    0 when the gate passes it (:func:`~veracity.schema.passes_gate`), 1 when it is hallucinated, 2 when it was not
    checked and ``unchecked`` is ``block``.
    """
    if passes_gate(verdict, unchecked):
        return EXIT_PASSED
    return EXIT_HALLUCINATED if verdict == "hallucinated" else EXIT_NOT_CHECKED


def batch_exit_code(outcome: BatchOutcome, unchecked: UncheckedPolicy = "block") -> int:
    """The gate's exit code for a batch: :meth:`~veracity.batch.BatchOutcome.exit_status` under ``unchecked``.

    1 if any answer is hallucinated; else 2 if a record failed, or an answer was not checked under ``block``; else 0.
    With ``pass`` the not-checked answers are let through; a failed record still gives 2 (it has no report at all).
    """
    return (dataclasses.replace(outcome, not_checked=0) if unchecked == "pass" else outcome).exit_status()

"""veracity where RAG developers already work: one module per framework, each with its own install extra.

* :mod:`veracity.integrations.langchain` — ``VeracityGuard``, a LangChain Runnable over a retrieval chain's output
  (``pip install 'veracity[langchain]'``).
* :mod:`veracity.integrations.llama_index` — ``VeracityEvaluator``, a LlamaIndex evaluator (``BaseEvaluator``; runs in
  ``BatchEvalRunner``) giving P(supported) and feedback naming the unsupported words and their evidence
  (``pip install 'veracity[llama-index]'``).
* :mod:`veracity.integrations.mcp` — a Model Context Protocol server with a checking tool (``veracity mcp``;
  ``pip install 'veracity[mcp]'``).
* :mod:`veracity.integrations.deepeval` — ``VeracityMetric``, a DeepEval metric (``BaseMetric``; runs in
  ``deepeval.evaluate`` and ``assert_test``) giving P(supported) and a reason naming the unsupported words and their
  evidence (``pip install 'veracity[deepeval]'``).

Importing this package imports no framework: each module imports its own when it is imported, and says which extra
to install when the framework is missing. docs/integrations.md has an example for each.

Every gate treats an answer the detector could not check (``not_checked``: an empty answer, another language, one too
long to read) by one policy, :data:`~veracity.schema.UncheckedPolicy` (:func:`~veracity.schema.passes_gate`): by
default (``unchecked="block"``) it does not pass, and ``unchecked="pass"`` lets it through; the reason (the report's
notes) is in what each gate returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

from veracity.errors import ConfigError, VeracityError

# gate_reason and the lines it is made of live in schema (the service's NeMo rail says them too); re-exported here
from veracity.schema import Report, SentenceScore, UncheckedPolicy
from veracity.schema import gate_reason as gate_reason
from veracity.schema import not_checked_line as not_checked_line
from veracity.schema import supported_head as supported_head
from veracity.schema import supported_line as supported_line
from veracity.schema import unchecked_reason as unchecked_reason

__all__ = ["HallucinatedAnswerError", "UncheckedAnswerError"]


def unchecked_policy(value: str) -> UncheckedPolicy:
    """``value`` as an :data:`~veracity.schema.UncheckedPolicy`, checked when a gate is made.

    Raises:
        ConfigError: neither ``block`` nor ``pass``.
    """
    if value not in get_args(UncheckedPolicy):
        raise ConfigError(f"unknown unchecked policy {value!r}; choose block (the default) or pass")
    return value  # type: ignore[return-value]  # one of UncheckedPolicy's values, checked above


def unsupported_lines(flagged: Sequence[SentenceScore], limit: int) -> list[str]:
    """One line per unsupported sentence (at most ``limit``), then how many more.

    A line names the sentence's unsupported words and the source sentence it was read against:
    ``"<sentence>": unsupported '9 weeks'; the sources say "<evidence>" [<document>]``.
    """
    lines = []
    for sentence in flagged[:limit]:
        words = ", ".join(repr(span.text) for span in sentence.error_spans) or "the whole sentence"
        line = f'"{sentence.sentence.span.text}": unsupported {words}'
        if sentence.evidence:
            best = sentence.evidence[0]
            line += f'; the sources say "{best.text}" [{best.document_id}]'
        else:
            line += "; no source sentence is close to it"
        lines.append(line)
    if len(flagged) > limit:
        lines.append(f"and {len(flagged) - limit} more unsupported sentences (see the report)")
    return lines


class HallucinatedAnswerError(VeracityError):
    """An answer a guard with the ``raise`` policy refused: the detector judged it hallucinated.

    Or, as :class:`UncheckedAnswerError`, the detector could not check it.

    Attributes:
        report: the detector's Report on the answer (its unsupported spans, sentences and evidence).
    """

    def __init__(self, report: Report, message: str | None = None) -> None:
        self.report = report
        if message is None:
            marked = ", ".join(repr(span.text) for span in report.hallucinated_spans[:5]) or "no words marked"
            score = "" if report.score is None else f"score {report.score:.2f} >= threshold {report.threshold:.2f}; "
            message = f"the answer is not supported by its sources ({score}{marked})"
        super().__init__(message)


class UncheckedAnswerError(HallucinatedAnswerError):
    """An answer a guard with the ``raise`` policy refused because the detector could not check it.

    The verdict was ``not_checked`` (an empty answer, another language, one too long to read) and the guard's
    ``unchecked`` policy is ``block``. A :class:`HallucinatedAnswerError`, so that code catching the guard's refusal
    catches this one too; the reason (the Report's notes) is in the message and in ``report.notes``.
    """

    def __init__(self, report: Report) -> None:
        super().__init__(
            report,
            "the guard does not pass an answer it could not check (unchecked='pass' lets it through); not checked: "
            + unchecked_reason(report),
        )

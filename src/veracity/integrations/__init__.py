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
"""

from __future__ import annotations

from collections.abc import Sequence

from veracity.errors import VeracityError
from veracity.schema import Report, SentenceScore

__all__ = ["HallucinatedAnswerError"]


def not_checked_line(report: Report) -> str:
    """What an integration says of a report without a verdict: the detector's notes."""
    return "not checked: " + ("; ".join(report.notes) or "the detector gave no verdict")


def supported_head(report: Report) -> str:
    """P(supported) and the P(supported) above which the verdict is faithful (integrations are higher-is-better)."""
    return f"P(supported) {1.0 - (report.score or 0.0):.2f}, passing above {1.0 - report.threshold:.2f}"


def supported_line(report: Report) -> str:
    """What an integration says of a supported answer: its head and the documents its sentences were found in."""
    head = supported_head(report)
    found = sorted({e.document_id for s in report.sentences for e in s.evidence[:1]})
    where = f"; found in {', '.join(found)}" if found else ""
    return f"supported: {head}{where}"


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

    Attributes:
        report: the detector's Report on the answer (its unsupported spans, sentences and evidence).
    """

    def __init__(self, report: Report) -> None:
        self.report = report
        marked = ", ".join(repr(span.text) for span in report.hallucinated_spans[:5]) or "no words marked"
        super().__init__(
            f"the answer is not supported by its sources (score {report.score:.2f} >= threshold "
            f"{report.threshold:.2f}; {marked})"
        )

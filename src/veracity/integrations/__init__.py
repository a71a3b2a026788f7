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

from veracity.errors import VeracityError
from veracity.schema import Report

__all__ = ["HallucinatedAnswerError"]


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

"""NeMo Guardrails' AlignScore fact-checking rail, answered by veracity: a config pointed here blocks hallucinations.

The rail (``nemoguardrails/library/factchecking/align_score/request.py``, nemoguardrails 0.24.1) sends
``POST <endpoint>`` with the JSON body ``{"evidence": <the relevant chunks>, "claim": <the bot's answer>}`` and reads
``response.json()["alignscore"]``; it blocks the answer when that is below 0.5 (``FACT_CHECK_THRESHOLD``), and treats a
non-200 status or a missing score as "not set up" (its LLM self-check fallback, or a pass). The evidence is the
``relevant_chunks`` context variable: one string (NeMo's knowledge base joins its chunks with newlines) or a list.

veracity answers at the paths of NeMo's reference AlignScore server (``/alignscore_base``, ``/alignscore_large``) and
at ``/v1/alignscore``, all three alike: the body becomes a ``POST /v1/detect`` body (the answer, the evidence as its
context; a list item per document) and goes through that route — its keys, limits, queue and errors — with the
service's default detector, or the one a ``detector`` query parameter names (the endpoint URL can carry it). The
response is ``{"alignscore": P(supported), "passes": ..., "reason": ..., "report": <the Report>}``, P(supported)
being ``1 - report.score``.

An answer the detector could not check (``not_checked``: an empty or blank answer, another language, one too long to
read) has no P(supported). NeMo reads a missing or null ``alignscore`` as "not set up" and then passes the answer
(or asks its LLM), so a null would let it through: by the gates' policy (:func:`~veracity.schema.passes_gate`) it
gets ``"alignscore": 0.0`` instead, which the rail blocks, with ``passes`` false and the reason in ``reason``; the
query parameter ``unchecked=pass`` (on the endpoint URL) gives it ``1.0``, which the rail lets through.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from veracity.schema import Report, UncheckedPolicy, gate_reason, passes_gate
from veracity.server.problems import Problem, documented
from veracity.server.requests import ContextDocument, DetectRequest

__all__ = ["ALIGNSCORE_PATHS", "AlignScoreRequest", "alignscore_of", "alignscore_router"]

# The reference server's two paths (a config moved to veracity changes only the host), and veracity's own.
ALIGNSCORE_PATHS = ("/alignscore_base", "/alignscore_large", "/v1/alignscore")
# What the rail is given for an answer not checked: below its FACT_CHECK_THRESHOLD (0.5) it blocks, else it passes.
BLOCKED, PASSED = 0.0, 1.0


class AlignScoreRequest(BaseModel):
    """The body NeMo Guardrails' AlignScore rail sends."""

    # Unknown keys are ignored, as NeMo's reference server (a plain pydantic model) ignores them.
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {"evidence": "Marie Curie was born in Warsaw in 1867.", "claim": "Marie Curie was born in Paris."}
            ]
        }
    )

    evidence: str | list[str] = Field(
        description="The relevant chunks: one text (NeMo joins its knowledge base's chunks with newlines) or a list, "
        "one document each."
    )
    claim: str = Field(description="The bot's answer to check.")


def _context(evidence: str | list[str]) -> list[str | ContextDocument]:
    """The evidence as a detect body's context: ``evidence``, or ``evidence-1``, ``evidence-2``, ...

    Raises:
        Problem: no evidence (an empty string or list); NeMo itself passes such an answer without asking.
    """
    texts = [evidence] if isinstance(evidence, str) else evidence
    if not any(text.strip() for text in texts):
        raise Problem("invalid_input", "no evidence: the rail sent no relevant chunks to check the claim against",
                      "evidence")  # fmt: skip
    if isinstance(evidence, str):
        return [ContextDocument(id="evidence", text=evidence)]
    return [ContextDocument(id=f"evidence-{index + 1}", text=text) for index, text in enumerate(evidence)]


def alignscore_of(report: Report, unchecked: UncheckedPolicy = "block") -> float:
    """The ``alignscore`` the rail reads for ``report``: P(supported), ``1 - report.score``.

    An answer not checked has none: it gets 0.0 (the rail blocks it) or, under ``unchecked="pass"``, 1.0 (the rail
    lets it through).
    """
    if report.verdict == "not_checked" or report.score is None:
        return PASSED if passes_gate(report.verdict, unchecked) else BLOCKED
    return 1.0 - report.score


def alignscore_router(
    detect: Callable[[DetectRequest], Awaitable[Response]],
    dependencies: Sequence[Any],
    unchecked: UncheckedPolicy = "block",
) -> APIRouter:
    """The AlignScore routes, each passing its request on to ``detect`` (the ``POST /v1/detect`` handler).

    Args:
        detect: the service's detect route, which checks, queues and runs the detection.
        dependencies: the service's guard (keys, rate limit), applied to these routes as to ``/v1/detect``.
        unchecked: what an answer not checked gets when the request does not say (``?unchecked=``): ``block``
            (``alignscore`` 0.0) or ``pass`` (1.0).
    """
    router = APIRouter(dependencies=list(dependencies), tags=["integrations"])
    default = unchecked

    async def alignscore(
        body: AlignScoreRequest,
        detector: Annotated[str | None, Query(description="A detector name; the service default if none.")] = None,
        unchecked: Annotated[
            UncheckedPolicy | None,
            Query(
                description="An answer the detector could not check (empty, another language, too long): `block` "
                "(the default) gives it alignscore 0.0, which the rail blocks; `pass` gives it 1.0."
            ),
        ] = None,
    ) -> JSONResponse:
        """NeMo Guardrails' AlignScore request: ``alignscore`` is P(supported).

        An answer not checked gets 0.0 (the rail blocks it) unless ``unchecked=pass`` (1.0). ``passes`` is veracity's
        gate on the answer (its verdict, and the policy for one not checked), ``reason`` why.
        """
        policy = unchecked or default
        request = DetectRequest(answer=body.claim, context=_context(body.evidence), detector=detector)
        report = Report.model_validate_json(bytes((await detect(request)).body))
        return JSONResponse(
            {
                "alignscore": alignscore_of(report, policy),
                "passes": passes_gate(report.verdict, policy),
                "reason": gate_reason(report, policy),
                "report": report.model_dump(mode="json"),
            }
        )

    for path in ALIGNSCORE_PATHS:
        router.add_api_route(
            path,
            alignscore,
            methods=["POST"],
            summary="NeMo Guardrails' AlignScore fact-check (docs/integrations.md)",
            responses=documented(400, 401, 413, 422, 429, 500, 502, 503, 504),
        )
    return router

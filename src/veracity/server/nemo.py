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
response is ``{"alignscore": P(supported), "report": <the Report>}``, P(supported) being ``1 - report.score``; an
answer the detector could not read (``not_checked``) has ``"alignscore": null``, which NeMo reads as no score.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from veracity.schema import Report
from veracity.server.problems import Problem, documented
from veracity.server.requests import ContextDocument, DetectRequest

__all__ = ["ALIGNSCORE_PATHS", "AlignScoreRequest", "alignscore_router"]

# The reference server's two paths (a config moved to veracity changes only the host), and veracity's own.
ALIGNSCORE_PATHS = ("/alignscore_base", "/alignscore_large", "/v1/alignscore")


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


def alignscore_router(detect: Callable[[DetectRequest], Awaitable[Response]], dependencies: Sequence[Any]) -> APIRouter:
    """The AlignScore routes, each passing its request on to ``detect`` (the ``POST /v1/detect`` handler).

    Args:
        detect: the service's detect route, which checks, queues and runs the detection.
        dependencies: the service's guard (keys, rate limit), applied to these routes as to ``/v1/detect``.
    """
    router = APIRouter(dependencies=list(dependencies), tags=["integrations"])

    async def alignscore(
        body: AlignScoreRequest,
        detector: Annotated[str | None, Query(description="A detector name; the service default if none.")] = None,
    ) -> JSONResponse:
        """NeMo Guardrails' AlignScore request: ``alignscore`` is P(supported), null when not checked."""
        request = DetectRequest(answer=body.claim, context=_context(body.evidence), detector=detector)
        report = Report.model_validate_json(bytes((await detect(request)).body))
        supported = None if report.score is None or report.verdict == "not_checked" else 1.0 - report.score
        return JSONResponse({"alignscore": supported, "report": report.model_dump(mode="json")})

    for path in ALIGNSCORE_PATHS:
        router.add_api_route(
            path,
            alignscore,
            methods=["POST"],
            summary="NeMo Guardrails' AlignScore fact-check (docs/integrations.md)",
            responses=documented(400, 401, 413, 422, 429, 500, 502, 503, 504),
        )
    return router

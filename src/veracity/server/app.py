"""The HTTP API: ``create_app(settings)`` returns the FastAPI application ``veracity serve`` runs.

A thin layer over the library: ``POST /v1/detect`` returns the detector's :class:`~veracity.schema.Report`
unchanged, and jobs run :mod:`veracity.batch` rows through :mod:`veracity.server.jobs`. What the service adds is
operational: models loaded once and warmed before ``/readyz`` says ready, a bounded pool (a full queue answers 503
with ``Retry-After``, never waits unboundedly), limits on every input, API keys and a rate limit, one error shape
(:mod:`veracity.server.problems`), and Prometheus metrics. docs/service.md has the threat model.
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import math
import mimetypes
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from veracity.detectors.base import DetectInput
from veracity.detectors.warm_up import warm_detector
from veracity.errors import (
    ConfigError,
    InputError,
    ModelNotAvailableError,
    UnknownNameError,
    VeracityError,
)
from veracity.schema import Document, Report
from veracity.server.events import EVENTS_RESPONSE, EventStream, JsonBody, detection_events, problem_of, sent_as
from veracity.server.jobs import JobRunner, JobStore
from veracity.server.middleware import BodyLimit, Measure
from veracity.server.nemo import alignscore_router
from veracity.server.problems import Problem, documented, malformed_json, problem_response
from veracity.server.requests import DetectRequest, check_settings, form_text, parse_settings_json
from veracity.server.security import RateLimiter, hash_key, key_matches, retry_seconds
from veracity.server.settings import ServiceSettings

__all__ = ["DetectRequest", "ServiceState", "create_app"]

log = logging.getLogger("veracity.server")

# Query parameters a key must never travel in (URLs end up in logs and browser history).
_KEY_PARAMS = frozenset({"api_key", "apikey", "key", "token", "access_token", "x-api-key"})


class ServiceState:
    """What lives as long as the service: settings, loaded detectors, the pool, jobs, metrics, readiness."""

    def __init__(self, settings: ServiceSettings) -> None:
        self.settings = settings
        self.ready = threading.Event()
        self.warm_error: str | None = None
        self.warmed: list[dict[str, Any]] = []  # for /readyz: each warm detector, its seconds and its warm routes
        self.executor = ThreadPoolExecutor(max_workers=settings.workers, thread_name_prefix="veracity-detect")
        self.detect_lock = threading.Lock()  # one detection at a time per process: jobs and requests take turns
        self._detectors: OrderedDict[str, Any] = OrderedDict()
        self._detectors_lock = threading.Lock()
        self._admitted = 0
        self._admitted_lock = threading.Lock()
        self._service_s: float | None = None  # moving average of one detection's time, for the wait estimate
        self.limiter = RateLimiter(settings.rate_limit_per_minute) if settings.rate_limit_per_minute else None
        self.jobs = JobStore(settings.data_dir)
        self.runner = JobRunner(self.jobs, self.detector, self.detect_lock)
        self.registry = CollectorRegistry()
        self.requests = Counter(
            "veracity_requests", "HTTP requests", ["route", "method", "status"], registry=self.registry
        )
        self.latency = Histogram(
            "veracity_request_seconds",
            "HTTP request latency",
            ["route"],
            buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120),
            registry=self.registry,
        )
        self.queue_depth = Gauge("veracity_queue_depth", "Detections running or waiting", registry=self.registry)
        self.job_states = Gauge("veracity_jobs", "Jobs by state", ["state"], registry=self.registry)
        self.refused = Counter("veracity_refused", "Requests refused by load or rate", ["code"], registry=self.registry)

    def _detector_key(self, name: str, settings: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """The cache key of (name, settings), and the settings with the operator's under the request's."""
        merged = {**self.settings.detector_settings.get(name, {}), **settings}
        return json.dumps([name, merged], sort_keys=True), merged

    def cached(self, name: str, settings: dict[str, Any]) -> Any:
        """The detector for (name, settings) if it is loaded already, else None (no loading on the event loop)."""
        key, _ = self._detector_key(name, settings)
        with self._detectors_lock:
            return self._detectors.get(key)

    def detector(self, name: str, settings: dict[str, Any]) -> Any:
        """The loaded detector for (name, settings): built once and kept (the 16 most recent)."""
        from veracity.detectors import load_detector

        key, settings = self._detector_key(name, settings)
        with self._detectors_lock:
            if key in self._detectors:
                self._detectors.move_to_end(key)
                return self._detectors[key]
        detector = load_detector(name, **settings)  # raises UnknownNameError / ConfigError
        with self._detectors_lock:
            self._detectors[key] = detector
            while len(self._detectors) > 16:
                self._detectors.popitem(last=False)
        return detector

    def warm(self) -> None:
        """Load each warm-up detector and run it once per route it can take (models load on first use), then say ready.

        ``auto`` gets one tiny input per route (:mod:`veracity.detectors.warm_up`), so no request shape loads models.
        """
        try:
            for name in self.settings.warm_detectors:
                started = time.perf_counter()
                detector = self.detector(name, {})
                ran = warm_detector(detector, self.detect_lock, self.settings.max_answer_chars)
                seconds = time.perf_counter() - started
                self.warmed.append({"detector": name, "seconds": round(seconds, 1), **ran})
                log.info("detector %s warm in %.1f s %s", name, seconds, ran.get("routes", ""))
        except Exception as exc:  # the service stays up and says why it is not ready
            self.warm_error = f"{type(exc).__name__}: {exc}"
            log.exception("warm-up failed")
            return
        self.ready.set()

    def estimated_wait_s(self, waiting: int) -> float:
        """Seconds until a request with ``waiting`` detections ahead of it finishes (0 before any detection ran).

        Detections take turns on ``detect_lock`` whatever the number of workers, so they are counted one after another.
        """
        if self._service_s is None:
            return 0.0
        return (waiting + 1) * self._service_s

    def admit(self) -> tuple[bool, float]:
        """Take a slot of the queue: (admitted, estimated wait in seconds).

        A request is refused when the queue holds ``queue_limit`` detections, or when what is ahead of it could not
        finish within ``request_timeout_s`` at the average detection time seen so far (trusted inference servers
        queue by what can finish in time, not by a small count).
        """
        with self._admitted_lock:
            wait = self.estimated_wait_s(self._admitted)
            if self._admitted >= self.settings.queue_limit or wait > self.settings.request_timeout_s:
                return False, wait
            self._admitted += 1
            self.queue_depth.set(self._admitted)
            return True, wait

    def release(self) -> None:
        """Give a slot back (when the detection's thread has finished, not when the client stopped waiting)."""
        with self._admitted_lock:
            self._admitted -= 1
            self.queue_depth.set(self._admitted)

    def run_detect(self, detector: Any, answer: str, context: Sequence[Document | str], question: str | None) -> Report:
        """One detection, on a pool thread."""
        with self.detect_lock:
            started = time.perf_counter()
            report: Report = detector.detect(answer, context, question)
            took = time.perf_counter() - started
        with self._admitted_lock:
            self._service_s = took if self._service_s is None else 0.8 * self._service_s + 0.2 * took
        return report


def create_app(settings: ServiceSettings | None = None, warm: bool = True, run_jobs: bool = True) -> FastAPI:
    """The service's FastAPI application.

    Args:
        settings: limits, keys, data directory (:class:`ServiceSettings`).
        warm: load and run the warm-up detectors at start-up (in a thread; ``/readyz`` says when done).
        run_jobs: start the job runner thread (tests of the queue alone may leave it off).
    """
    settings = settings or ServiceSettings()
    state = ServiceState(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if warm:
            threading.Thread(target=state.warm, name="veracity-warm", daemon=True).start()
        else:
            state.ready.set()
        if run_jobs:
            state.runner.start()
        yield
        if run_jobs:
            state.runner.stop()
        state.executor.shutdown(wait=False, cancel_futures=True)

    from veracity import __version__

    app = FastAPI(
        title="veracity",
        version=__version__,
        summary="Hallucination detection for LLM answers: which claims and words the evidence does not support.",
        lifespan=lifespan,
        docs_url=None,  # Swagger UI loads its assets from a CDN; the service runs offline. /openapi.json stays.
        redoc_url=None,
    )
    app.state.veracity = state

    def limit_for(path: str) -> int:
        return settings.max_job_bytes if path.rstrip("/") == "/v1/jobs" else settings.max_body_bytes

    app.add_middleware(JsonBody, paths=frozenset({"/v1/detect", "/v1/detect/stream"}))
    app.add_middleware(BodyLimit, limit_for=limit_for)
    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=settings.cors_origins,
            allow_methods=["GET", "POST", "DELETE"],
            allow_headers=["Authorization", "X-API-Key", "Content-Type"],
        )

    app.add_middleware(Measure, state=state)

    @app.exception_handler(Problem)
    async def on_problem(request: Request, exc: Problem) -> JSONResponse:
        if exc.code in ("overloaded", "rate_limited"):
            state.refused.labels(exc.code).inc()
        return problem_response(exc, request.url.path)

    @app.exception_handler(RequestValidationError)
    async def on_invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {
                "field": ".".join(str(p) for p in e["loc"] if p != "body") or "body",
                # pydantic prefixes a validator's own message with its error type; the caller needs only the message
                "message": str(e["msg"]).removeprefix("Value error, "),
            }
            for e in exc.errors()
        ]
        broken = next((e for e in exc.errors() if e["type"] == "json_invalid"), None)
        if broken is not None:  # its loc is ("body", character offset): where the JSON broke, not a field
            problem = malformed_json(str(broken.get("ctx", {}).get("error", "")), exc.body, broken["loc"][-1])
            problem.detail += sent_as(request.scope)  # the label JsonBody read as JSON, if it did
        else:
            first = errors[0] if errors else {"field": "body", "message": "invalid"}
            detail = "; ".join(f"{e['field']}: {e['message']}" for e in errors[:5])
            problem = Problem("invalid_request", detail, field=first["field"], errors=errors[:20])
        return problem_response(problem, request.url.path)

    @app.exception_handler(StarletteHTTPException)
    async def on_http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed", 415: "unsupported_media_type"}.get(exc.status_code)
        if code is None:
            code = "malformed_body" if exc.status_code == 400 else "internal_error"
        problem = Problem(code, str(exc.detail))
        problem.headers = dict(exc.headers or {})
        if exc.status_code == 405:  # Allow lists every route of the path (GET and DELETE are separate routes)
            methods = {
                method
                for route in app.router.routes
                if route.matches(request.scope)[0] != Match.NONE
                for method in getattr(route, "methods", None) or ()
            }
            problem.headers["Allow"] = ", ".join(sorted(methods))
        return problem_response(problem, request.url.path)

    @app.exception_handler(Exception)
    async def on_error(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error on %s", request.url.path)
        return problem_response(Problem("internal_error", "an internal error occurred; see the server log"))

    def authorize(request: Request) -> None:
        leaked = _KEY_PARAMS & {k.lower() for k in request.query_params}
        if leaked:
            raise Problem("key_in_query", f"send the key in the Authorization or X-API-Key header, not ?{min(leaked)}")
        caller = request.client.host if request.client else "unknown"
        if settings.requires_keys:
            header = request.headers.get("authorization", "")
            key = header[7:].strip() if header.lower().startswith("bearer ") else request.headers.get("x-api-key")
            if not key:
                raise Problem("missing_key", "send an API key: `Authorization: Bearer KEY` or `X-API-Key: KEY`")
            if not key_matches(key, settings.api_key_hashes):
                raise Problem("invalid_key", "the API key is not valid")
            caller = hash_key(key)
        if state.limiter is not None:
            wait = state.limiter.acquire(caller)
            if wait > 0:
                raise Problem("rate_limited", "rate limit reached", retry_after=retry_seconds(wait))

    guarded = [Depends(authorize)]

    def check_limits(body: DetectRequest) -> None:
        if len(body.context) > settings.max_documents:
            raise Problem(
                "too_many_documents", f"{len(body.context)} documents; at most {settings.max_documents}", "context"
            )
        for index, item in enumerate(body.context):
            text = item if isinstance(item, str) else item.text
            if len(text) > settings.max_document_chars:
                raise Problem(
                    "document_too_long",
                    f"document {index} has {len(text)} characters; at most {settings.max_document_chars}",
                    f"context.{index}",
                )
        for name in ("answer", "question"):
            value = getattr(body, name)
            if value is not None and len(value) > settings.max_answer_chars:
                raise Problem(
                    "text_too_long", f"the {name} has {len(value)} characters; at most {settings.max_answer_chars}",
                    name,
                )  # fmt: skip
        check_settings(body.settings, "settings")

    def loaded_detector(name: str, options: dict[str, Any]) -> Any:
        try:
            return state.detector(name, options)
        except UnknownNameError as exc:
            raise Problem("unknown_detector", str(exc), "detector") from exc
        except ConfigError as exc:
            raise Problem("invalid_settings", str(exc), "settings") from exc
        except ModelNotAvailableError as exc:
            raise Problem("model_unavailable", str(exc)) from exc

    @app.post(
        "/v1/detect",
        dependencies=guarded,
        response_model=Report,
        tags=["detect"],
        responses=documented(400, 401, 413, 422, 429, 500, 502, 503, 504),
    )
    async def detect(body: DetectRequest) -> Response:
        """Check an answer against its context; the library's Report, unchanged."""
        detector, item = await prepared(body)
        admit()
        future = state.executor.submit(state.run_detect, detector, item.answer, item.context, item.question)
        future.add_done_callback(lambda _: state.release())
        try:
            report = await asyncio.wait_for(asyncio.wrap_future(future), settings.request_timeout_s)
        except (TimeoutError, VeracityError) as exc:
            raise problem_of(exc, settings.request_timeout_s) from exc
        return Response(report.model_dump_json(), media_type="application/json")

    @app.post(
        "/v1/detect/stream",
        dependencies=guarded,
        tags=["detect"],
        response_class=StreamingResponse,
        responses={200: EVENTS_RESPONSE, **documented(400, 401, 413, 415, 422, 429, 500, 503)},
    )
    async def detect_stream(body: DetectRequest) -> StreamingResponse:
        """The detect body's answer checked sentence by sentence, as server-sent events (docs/integrations.md)."""
        detector, item = await prepared(body)
        admit()
        events = detection_events(state, detector, item.answer, item.context, item.question)
        return EventStream(events, on_close=state.release)

    def admit() -> None:
        admitted, wait = state.admit()
        if not admitted:
            raise Problem(
                "overloaded",
                f"the detection queue is full (about {wait:.0f} s of work ahead, "
                f"limit {settings.request_timeout_s:g} s)",
                retry_after=max(settings.retry_after_s, math.ceil(wait - settings.request_timeout_s)),
            )

    async def prepared(body: DetectRequest) -> tuple[Any, DetectInput]:
        """The detector a detect body names (loaded) and its input, checked."""
        check_limits(body)
        if not state.ready.is_set():
            raise Problem("not_ready", state.warm_error or "models are loading", retry_after=settings.retry_after_s)
        name = body.detector or settings.default_detector
        options = body.settings
        if body.index is not None:
            if body.index not in settings.indexes:
                offered = ", ".join(sorted(settings.indexes)) or "none"
                raise Problem("unknown_index", f"no knowledge index named {body.index!r} here (offered: {offered})",
                              "index")  # fmt: skip
            name = body.detector or "oasis"
            if name != "oasis":
                raise Problem(
                    "invalid_settings", f"an index is searched by the oasis detector, not {name!r}", "detector"
                )
            options = {**body.settings, "index": str(settings.indexes[body.index])}
        detector = state.cached(name, options) or await asyncio.to_thread(loaded_detector, name, options)
        try:  # the body's shape was checked by DetectRequest (its OpenAPI schema); the input is the library's own
            item = DetectInput.of(
                body.answer, [c if isinstance(c, str) else c.model_dump() for c in body.context], body.question
            )
        except InputError as exc:
            raise Problem("invalid_input", str(exc)) from exc
        return detector, item

    @app.post(
        "/v1/jobs",
        dependencies=guarded,
        status_code=202,
        tags=["jobs"],
        responses={202: {"description": "The job's status"}, **documented(400, 401, 413, 422, 429, 500, 503)},
        openapi_extra={"requestBody": {"required": True, "content": {
            "application/x-ndjson": {"schema": {"type": "string", "description": "JSONL records, one per line"}},
            "multipart/form-data": {"schema": {"type": "object", "required": ["file"], "properties": {
                "file": {"type": "string", "format": "binary"},
                "detector": {"type": "string"},
                "settings_json": {"type": "string"},
            }}},
        }}},
    )  # fmt: skip
    async def create_job(
        request: Request, detector: str | None = None, settings_json: str | None = None
    ) -> JSONResponse:
        """Queue a JSONL batch (the CLI's batch form): a multipart upload (field `file`) or the body itself.

        The detector and its settings come as query parameters `detector` and `settings_json` (a JSON object), or
        as form fields of the same names beside the upload.
        """
        content_type = request.headers.get("content-type", "")
        if content_type.startswith("multipart/form-data"):
            async with request.form(max_files=1, max_fields=4) as form:  # closes the spooled upload
                upload = form.get("file")
                if upload is None or isinstance(upload, str):
                    raise Problem("invalid_request", "the upload needs a `file` field holding the JSONL batch", "file")
                data = await upload.read()
                detector = detector or form_text(form.get("detector"))
                settings_json = settings_json or form_text(form.get("settings_json"))
        else:
            data = await request.body()
        options = parse_settings_json(settings_json)
        name = detector or settings.default_detector
        await asyncio.to_thread(loaded_detector, name, options)  # an unknown detector or setting fails now, not later
        if not data.strip():
            raise Problem("invalid_request", "the batch is empty: send JSONL records, one per line", "file")
        status = await asyncio.to_thread(state.jobs.create, iter(data.splitlines()), name, options)
        state.runner.wake()
        return JSONResponse(status.as_json(), status_code=202, headers={"Location": f"/v1/jobs/{status.id}"})

    def job_or_404(job_id: str) -> Any:
        status = state.jobs.status(job_id)
        if status is None:
            raise Problem("not_found", f"no job {job_id!r}", "job_id")
        return status

    @app.get("/v1/jobs/{job_id}", dependencies=guarded, tags=["jobs"], responses=documented(400, 401, 404, 429, 500))
    def job_status(job_id: str) -> JSONResponse:
        """A job's state and progress."""
        return JSONResponse(job_or_404(job_id).as_json())

    @app.get(
        "/v1/jobs/{job_id}/results",
        dependencies=guarded,
        tags=["jobs"],
        response_class=StreamingResponse,
        responses={
            200: {"description": "JSONL rows", "content": {"application/x-ndjson": {"schema": {"type": "string"}}}},
            **documented(400, 401, 404, 429, 500),
        },
    )
    def job_results(job_id: str) -> StreamingResponse:
        """The finished records' rows as JSONL, in input order (all of them once the job is done)."""
        status = job_or_404(job_id)

        def lines() -> Iterator[str]:
            for row in state.jobs.results(job_id):
                yield row + "\n"

        return StreamingResponse(lines(), media_type="application/x-ndjson", headers={"X-Job-State": status.state})

    @app.delete("/v1/jobs/{job_id}", dependencies=guarded, tags=["jobs"], responses=documented(400, 401, 404, 429, 500))
    def cancel_job(job_id: str) -> JSONResponse:
        """Cancel a queued or running job; its finished rows stay readable."""
        job_or_404(job_id)
        status = state.jobs.cancel(job_id)
        return JSONResponse(status.as_json() if status else {})

    @app.get("/v1/indexes", dependencies=guarded, tags=["info"], responses=documented(400, 401, 429, 500))
    def indexes() -> JSONResponse:
        """The knowledge indexes a request may name (``index``), with their manifests' counts and embedder."""
        rows = []
        for name, folder in sorted(settings.indexes.items()):
            try:
                manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
                info = {k: manifest.get(k) for k in ("documents", "passages", "embedder", "complete")}
            except (OSError, ValueError) as exc:
                info = {"unavailable": f"cannot read its manifest: {exc}"}
            rows.append({"name": name, **info})
        return JSONResponse({"indexes": rows})

    @app.get("/v1/detectors", dependencies=guarded, tags=["info"], responses=documented(400, 401, 429, 500))
    def detectors() -> JSONResponse:
        """The detectors, the default one, and each one's settings with their defaults (loads no model)."""
        from veracity.detectors import detector_settings
        from veracity.registry import names, resolve

        rows = []
        for name in names("detector"):  # as `veracity detectors` lists them: from the registry, nothing built
            try:
                doc = (resolve("detector", name).__doc__ or "").strip().splitlines()
                listed = {
                    "summary": doc[0] if doc else "",
                    "settings": [s.model_dump(mode="json") for s in detector_settings(name)],
                }
            except (VeracityError, ImportError) as exc:  # a plug-in that cannot be imported here
                listed = {"unavailable": str(exc)}
            rows.append({"name": name, "default": name == settings.default_detector, **listed})
        return JSONResponse({"default": settings.default_detector, "detectors": rows})

    @app.get("/v1/models", dependencies=guarded, tags=["info"], responses=documented(400, 401, 429, 500))
    def models() -> JSONResponse:
        """The models veracity knows and whether each is installed."""
        from veracity.models.catalog import CATALOG, model_status

        return JSONResponse(
            [
                {"name": s.name, "kind": s.kind, "available": model_status(s), "description": s.description}
                for s in CATALOG.values()
            ]
        )

    @app.get("/docs", include_in_schema=False)
    def api_docs() -> HTMLResponse:
        """The endpoints, from the OpenAPI schema, as a plain page (Swagger UI would load its assets from a CDN)."""
        schema = app.openapi()
        rows = []
        for path, operations in schema.get("paths", {}).items():
            for method, operation in operations.items():
                summary = operation.get("summary", "")
                described = (operation.get("description") or "").strip().split("\n")[0]
                rows.append(
                    f"<tr><td><code>{html.escape(method.upper())}</code></td><td><code>{html.escape(path)}</code></td>"
                    f"<td>{html.escape(summary)}</td><td>{html.escape(described)}</td></tr>"
                )
        page = (
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>veracity API</title></head><body>'
            f"<h1>veracity API {html.escape(str(schema.get('info', {}).get('version', '')))}</h1>"
            '<p>The full description: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3). The page: '
            '<a href="/">/</a>. Errors are application/problem+json with a <code>code</code>.</p>'
            "<table><thead><tr><th>method</th><th>path</th><th>summary</th><th>what it does</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></body></html>"
        )
        return HTMLResponse(page)

    @app.get("/healthz", tags=["ops"])
    def healthz() -> dict[str, str]:
        """The process is up."""
        return {"status": "ok"}

    @app.get("/readyz", tags=["ops"], responses=documented(503))
    def readyz() -> JSONResponse:
        """Ready once the warm-up detectors have loaded and run on each route they can take; ``warm`` lists them."""
        warmed = list(state.warmed)
        if state.ready.is_set():
            return JSONResponse({"status": "ready", "warm": warmed})
        raise Problem(
            "not_ready", state.warm_error or "models are loading", retry_after=settings.retry_after_s, warm=warmed
        )

    @app.get(
        "/metrics",
        tags=["ops"],
        response_class=PlainTextResponse,
        responses={
            200: {"description": "Prometheus text format", "content": {"text/plain": {"schema": {"type": "string"}}}}
        },
    )
    def metrics() -> Response:
        """Prometheus metrics: requests, latencies, queue depth, jobs by state."""
        counts = state.jobs.counts()
        for job_state in ("queued", "running", "done", "failed", "cancelled"):
            state.job_states.labels(job_state).set(counts.get(job_state, 0))
        return Response(generate_latest(state.registry), media_type=CONTENT_TYPE_LATEST)

    static = resources.files("veracity.server") / "static"
    mimetypes.add_type("text/javascript", ".mjs")  # module scripts (the vendored pdf.js) need a JavaScript type

    @app.get("/", include_in_schema=False)
    def page() -> HTMLResponse:
        return HTMLResponse((static / "index.html").read_text(encoding="utf-8"))

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> Response:
        return Response(status_code=204)

    app.include_router(alignscore_router(detect, guarded))  # NeMo Guardrails' AlignScore rail (server/nemo.py)
    app.mount("/static", StaticFiles(packages=[("veracity.server", "static")]), name="static")
    return app

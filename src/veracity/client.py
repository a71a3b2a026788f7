"""A client for the veracity service (``veracity serve``), on httpx.

Every endpoint, sync (:class:`Client`) and async (:class:`AsyncClient`).

Example::

    from veracity.client import Client

    with Client("http://127.0.0.1:8000", api_key=None) as client:
        report = client.detect("Tokyo was the capital of Japan until 1868.", ["Kyoto was the capital until 1868."])
        print(report.verdict, [s.text for s in report.hallucinated_spans])

A refused or failed call raises :class:`ServiceError` with the service's problem code, status and detail. A
``503`` that carries ``Retry-After`` (a full queue, models still loading) is retried after that many seconds, at
most ``retries`` times (default 3; 0 turns it off); any other error is raised at once.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import httpx

from veracity.errors import VeracityError
from veracity.schema import Document, Report, upgrade_report
from veracity.streaming import FinalReport, SentenceReading

__all__ = ["AsyncClient", "Client", "ServiceError"]


def _report(content: bytes) -> Report:
    """The service's report, read in this version's shape (a service of an earlier schema version too)."""
    return Report.model_validate(upgrade_report(json.loads(content)))


class ServiceError(VeracityError):
    """The service answered with an error (problem+json) or could not be reached."""

    def __init__(self, status: int, code: str, detail: str, retry_after: float | None = None) -> None:
        self.status = status
        self.code = code
        self.detail = detail
        self.retry_after = retry_after
        super().__init__(f"{code}: {detail}" if status == 0 else f"{status} {code}: {detail}")


# The longest Retry-After the client sleeps through; a longer one is raised to the caller.
MAX_RETRY_WAIT_S = 60.0


def _retry_wait(error: ServiceError, attempt: int, retries: int) -> float | None:
    """Seconds to wait before retrying ``error`` (attempt 0, 1, …), or None: do not retry."""
    if attempt >= retries or error.status != 503 or error.retry_after is None:
        return None
    return error.retry_after if error.retry_after <= MAX_RETRY_WAIT_S else None


class _Attempts:
    """One retry policy for every call, plain or streamed, sync or async (tenacity's ``for attempt in …`` idiom).

    ``for attempt in _Attempts(url, retries): with attempt: …`` (``async with`` in async code): an attempt's block
    that raises a :class:`ServiceError` the service asked to be retried (503 with a short ``Retry-After``) is
    swallowed after the wait, and the next attempt runs; a transport error becomes ``ServiceError("unreachable")``
    naming the URL; anything else propagates. The loop ends after the first attempt whose block finished.
    """

    def __init__(self, url: object, retries: int) -> None:
        self.url, self.retries, self.attempt, self.done = url, retries, 0, False

    def __iter__(self) -> Iterator[_Attempts]:
        while not self.done:
            yield self

    def _wait(self, exc: BaseException | None) -> float | None:
        """After the block: the seconds to wait before the next attempt; None when the block's outcome stands."""
        if exc is None:
            self.done = True
            return None
        if isinstance(exc, httpx.HTTPError):
            raise ServiceError(0, "unreachable", f"{self.url}: {exc}") from exc
        if not isinstance(exc, ServiceError):
            return None
        wait = _retry_wait(exc, self.attempt, self.retries)
        self.attempt += 1
        return wait

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> bool:
        wait = self._wait(exc)
        if wait is None:
            return False
        time.sleep(wait)
        return True

    async def __aenter__(self) -> None:
        return None

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> bool:
        wait = self._wait(exc)
        if wait is None:
            return False
        await asyncio.sleep(wait)
        return True


def _context(context: Sequence[Document | str | dict[str, Any]]) -> list[Any]:
    return [c.model_dump(exclude_none=True) if isinstance(c, Document) else c for c in context]


def _detect_body(
    answer: str,
    context: Sequence[Document | str | dict[str, Any]],
    question: str | None,
    detector: str | None,
    settings: dict[str, Any] | None,
    index: str | None = None,
) -> dict[str, Any]:
    body: dict[str, Any] = {"answer": answer, "context": _context(context)}
    if index is not None:
        body["index"] = index
    if question is not None:
        body["question"] = question
    if detector is not None:
        body["detector"] = detector
    if settings:
        body["settings"] = settings
    return body


class _Events:
    """Server-sent events read line by line (``event:`` and ``data:`` fields, a blank line ends one)."""

    def __init__(self) -> None:
        self.name = "message"
        self.data: list[str] = []

    def feed(self, line: str) -> SentenceReading | FinalReport | None:
        """The event a line completes, if it completes one.

        Raises:
            ServiceError: the event is the service's ``error`` (its problem's status, code and detail).
        """
        if line.startswith("event:"):
            self.name = line[6:].strip()
        elif line.startswith("data:"):
            self.data.append(line[5:].removeprefix(" "))
        elif not line and self.data:
            name, data = self.name, "\n".join(self.data)
            self.name, self.data = "message", []
            if name == "sentence":
                return SentenceReading.model_validate_json(data)
            if name == "report":
                return FinalReport(report=_report(data.encode("utf-8")))
            problem = json.loads(data) if name == "error" else {"detail": f"an unknown event {name!r}"}
            raise ServiceError(int(problem.get("status", 500)), str(problem.get("code", "error")), problem["detail"])
        return None


def _check(response: httpx.Response) -> httpx.Response:
    if response.is_success:
        return response
    try:
        problem = response.json()
        code, detail = str(problem.get("code", "error")), str(problem.get("detail", response.reason_phrase))
    except (json.JSONDecodeError, AttributeError):
        code, detail = "error", response.text[:200] or response.reason_phrase
    retry = response.headers.get("retry-after")
    raise ServiceError(response.status_code, code, detail, float(retry) if retry and retry.isdigit() else None)


def _job_params(detector: str | None, settings: dict[str, Any] | None) -> dict[str, str]:
    params = {"detector": detector} if detector else {}
    if settings:
        params["settings_json"] = json.dumps(settings)
    return params


def _batch_bytes(records: Path | bytes | Sequence[dict[str, Any]]) -> bytes:
    if isinstance(records, Path):
        return records.read_bytes()
    if isinstance(records, bytes):
        return records
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode("utf-8")


class Client:
    """Synchronous client; ``api_key`` goes in the Authorization header; ``retries``: 503s retried after Retry-After."""

    def __init__(self, base_url: str, api_key: str | None = None, timeout: float = 300.0, retries: int = 3) -> None:
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._http = httpx.Client(base_url=base_url, headers=headers, timeout=timeout)
        self.retries = retries

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection pool."""
        self._http.close()

    def _call(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        for attempt in _Attempts(self._http.base_url, self.retries):
            with attempt:
                return _check(self._http.request(method, path, **kwargs))
        raise AssertionError("unreachable: the last attempt returns or raises")

    def detect(
        self,
        answer: str,
        context: Sequence[Document | str | dict[str, Any]],
        question: str | None = None,
        detector: str | None = None,
        settings: dict[str, Any] | None = None,
        index: str | None = None,
    ) -> Report:
        """``POST /v1/detect``: the detector's report (``index``: one of the service's knowledge indexes)."""
        body = _detect_body(answer, context, question, detector, settings, index)
        return _report(self._call("POST", "/v1/detect", json=body).content)

    def detect_stream(
        self,
        answer: str,
        context: Sequence[Document | str | dict[str, Any]],
        question: str | None = None,
        detector: str | None = None,
        settings: dict[str, Any] | None = None,
    ) -> Iterator[SentenceReading | FinalReport]:
        """``POST /v1/detect/stream``: each sentence's reading as the service sends it, then the final report.

        Closing the iterator early closes the connection, and the service stops reading the answer.
        """
        body = _detect_body(answer, context, question, detector, settings)
        # an error event carries no Retry-After, so only a refusal before the first event is retried
        for attempt in _Attempts(self._http.base_url, self.retries):
            with attempt, self._http.stream("POST", "/v1/detect/stream", json=body) as response:
                if not response.is_success:
                    response.read()
                    _check(response)
                events = _Events()
                for line in response.iter_lines():
                    if (event := events.feed(line)) is not None:
                        yield event

    def submit_job(
        self,
        records: Path | bytes | Sequence[dict[str, Any]],
        detector: str | None = None,
        settings: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """``POST /v1/jobs``: queue a batch (a JSONL file, its bytes, or records); the job's status."""
        files = {"file": ("records.jsonl", _batch_bytes(records), "application/x-ndjson")}
        return dict(self._call("POST", "/v1/jobs", files=files, params=_job_params(detector, settings)).json())

    def job(self, job_id: str) -> dict[str, Any]:
        """``GET /v1/jobs/{id}``: state and progress."""
        return dict(self._call("GET", f"/v1/jobs/{job_id}").json())

    def job_results(self, job_id: str) -> Iterator[dict[str, Any]]:
        """``GET /v1/jobs/{id}/results``: the rows finished so far, in input order."""
        try:
            with self._http.stream("GET", f"/v1/jobs/{job_id}/results") as response:
                if not response.is_success:
                    response.read()
                    _check(response)
                for line in response.iter_lines():
                    if line.strip():
                        yield json.loads(line)
        except httpx.HTTPError as exc:
            raise ServiceError(0, "unreachable", f"{self._http.base_url}: {exc}") from exc

    def cancel_job(self, job_id: str) -> dict[str, Any]:
        """``DELETE /v1/jobs/{id}``."""
        return dict(self._call("DELETE", f"/v1/jobs/{job_id}").json())

    def detectors(self) -> dict[str, Any]:
        """``GET /v1/detectors``."""
        return dict(self._call("GET", "/v1/detectors").json())

    def models(self) -> list[dict[str, Any]]:
        """``GET /v1/models``."""
        return list(self._call("GET", "/v1/models").json())

    def health(self) -> bool:
        """``GET /healthz``: whether the process answers."""
        try:
            return self._http.get("/healthz").is_success
        except httpx.HTTPError:
            return False

    def ready(self) -> bool:
        """``GET /readyz``: whether the models are warm."""
        try:
            return self._http.get("/readyz").is_success
        except httpx.HTTPError:
            return False

    def metrics(self) -> str:
        """``GET /metrics`` (Prometheus text)."""
        return self._call("GET", "/metrics").text


class AsyncClient:
    """Asynchronous client with the same methods as :class:`Client`."""

    def __init__(self, base_url: str, api_key: str | None = None, timeout: float = 300.0, retries: int = 3) -> None:
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._http = httpx.AsyncClient(base_url=base_url, headers=headers, timeout=timeout)
        self.retries = retries

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the connection pool."""
        await self._http.aclose()

    async def _call(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        for attempt in _Attempts(self._http.base_url, self.retries):
            async with attempt:
                return _check(await self._http.request(method, path, **kwargs))
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def detect(
        self,
        answer: str,
        context: Sequence[Document | str | dict[str, Any]],
        question: str | None = None,
        detector: str | None = None,
        settings: dict[str, Any] | None = None,
        index: str | None = None,
    ) -> Report:
        """``POST /v1/detect``: the detector's report (``index``: one of the service's knowledge indexes)."""
        body = _detect_body(answer, context, question, detector, settings, index)
        return _report((await self._call("POST", "/v1/detect", json=body)).content)

    async def detect_stream(
        self,
        answer: str,
        context: Sequence[Document | str | dict[str, Any]],
        question: str | None = None,
        detector: str | None = None,
        settings: dict[str, Any] | None = None,
    ) -> AsyncIterator[SentenceReading | FinalReport]:
        """``POST /v1/detect/stream``, event by event (see :meth:`Client.detect_stream`)."""
        body = _detect_body(answer, context, question, detector, settings)
        for attempt in _Attempts(self._http.base_url, self.retries):
            async with attempt, self._http.stream("POST", "/v1/detect/stream", json=body) as response:
                if not response.is_success:
                    await response.aread()
                    _check(response)
                events = _Events()
                async for line in response.aiter_lines():
                    if (event := events.feed(line)) is not None:
                        yield event

    async def submit_job(
        self,
        records: Path | bytes | Sequence[dict[str, Any]],
        detector: str | None = None,
        settings: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """``POST /v1/jobs``."""
        files = {"file": ("records.jsonl", _batch_bytes(records), "application/x-ndjson")}
        response = await self._call("POST", "/v1/jobs", files=files, params=_job_params(detector, settings))
        return dict(response.json())

    async def job(self, job_id: str) -> dict[str, Any]:
        """``GET /v1/jobs/{id}``."""
        return dict((await self._call("GET", f"/v1/jobs/{job_id}")).json())

    async def job_results(self, job_id: str) -> AsyncIterator[dict[str, Any]]:
        """``GET /v1/jobs/{id}/results``, row by row."""
        try:
            async with self._http.stream("GET", f"/v1/jobs/{job_id}/results") as response:
                if not response.is_success:
                    await response.aread()
                    _check(response)
                async for line in response.aiter_lines():
                    if line.strip():
                        yield json.loads(line)
        except httpx.HTTPError as exc:
            raise ServiceError(0, "unreachable", f"{self._http.base_url}: {exc}") from exc

    async def cancel_job(self, job_id: str) -> dict[str, Any]:
        """``DELETE /v1/jobs/{id}``."""
        return dict((await self._call("DELETE", f"/v1/jobs/{job_id}")).json())

    async def detectors(self) -> dict[str, Any]:
        """``GET /v1/detectors``."""
        return dict((await self._call("GET", "/v1/detectors")).json())

    async def models(self) -> list[dict[str, Any]]:
        """``GET /v1/models``."""
        return list((await self._call("GET", "/v1/models")).json())

    async def health(self) -> bool:
        """``GET /healthz``."""
        try:
            return (await self._http.get("/healthz")).is_success
        except httpx.HTTPError:
            return False

    async def ready(self) -> bool:
        """``GET /readyz``."""
        try:
            return (await self._http.get("/readyz")).is_success
        except httpx.HTTPError:
            return False

    async def metrics(self) -> str:
        """``GET /metrics``."""
        return (await self._call("GET", "/metrics")).text

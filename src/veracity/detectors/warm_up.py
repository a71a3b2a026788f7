"""The warm-up: every model an input of any shape needs, loaded before the first real input.

The service runs it before ``/readyz`` says ready, and ``veracity eval --warm-up`` before its clock starts.

Models load on a detector's first use. ``auto`` sends each input shape to its own route, and a route loads its models
on its first input, so warming ``auto`` with one input left the other routes' loading (seconds each) to the first
user request of that shape. The warm-up runs one tiny input per route ``auto`` can take with its settings through the
detector itself (calibration and consistency checkers included), and says which routes ran, for ``/readyz``; with
the one reader (the default) one input loads everything every shape reads with.
"""

from __future__ import annotations

import threading
from typing import Any

from veracity.detectors.auto import ONE_READER, ROUTES, AutoDetector, route_of
from veracity.detectors.guard import innermost

__all__ = ["WARM_UP_CONTEXT", "routing_detector", "warm_detector", "warm_up_inputs"]

WARM_UP_CONTEXT = (
    "Paris is the capital and largest city of France. It lies on the Seine, and it has been a centre of finance, "
    "diplomacy, commerce, culture and fashion for centuries."
)
_SHORT_ANSWERS = ("Paris is the capital of France.", "Paris.")
_QUESTIONS = (None, "What is the capital of France?", "[Human]: Which city is the capital of France?")


def warm_up_inputs(long_form_words: int, max_answer_chars: int) -> dict[str, tuple[str, str | None]]:
    """One (answer, question) per route ``auto`` can take with this length split, in :data:`ROUTES` order.

    The inputs are found with auto's own rule (:func:`route_of`), so they follow it if it changes. A route no
    request can reach (e.g. ``claim`` when ``long_form_words`` is 1, or a long-form route whose shortest input would
    pass ``max_answer_chars``) is left out.
    """
    short = next((a for a in _SHORT_ANSWERS if len(a.split()) < long_form_words), _SHORT_ANSWERS[-1])
    repeats = max(1, -(-long_form_words // len(WARM_UP_CONTEXT.split())))
    long = " ".join([WARM_UP_CONTEXT] * repeats)
    answers = [short, long] if len(long) <= max_answer_chars else [short]
    found: dict[str, tuple[str, str | None]] = {}
    for answer in answers:
        for question in _QUESTIONS:
            found.setdefault(route_of(answer, question, long_form_words), (answer, question))
    return {route: found[route] for route in ROUTES if route in found}


def routing_detector(detector: Any) -> AutoDetector | None:
    """The ``auto`` detector under ``detector``'s wrappers (its calibration, the report guard), if it is one."""
    routing = innermost(detector)
    return routing if isinstance(routing, AutoDetector) else None


def _load_deferred(detector: Any) -> None:
    """Load what ``detector`` loads only for some answers (``fused``'s span model, run on flagged answers only)."""
    load = getattr(innermost(detector), "load_deferred_models", None)
    if load is not None:
        load()


def warm_detector(detector: Any, lock: threading.Lock, max_answer_chars: int) -> dict[str, Any]:
    """Run ``detector`` once per route it can take (once for a detector that does not route), each under ``lock``.

    Returns:
        What ran, for ``/readyz``: ``{}`` for a detector that does not route; for ``auto``, ``routes`` (each warm
        route and the detector it runs) and ``cold`` (the routes no request can reach under its settings).
    """
    routing = routing_detector(detector)
    if routing is None:
        with lock:
            detector.detect(_SHORT_ANSWERS[0], [WARM_UP_CONTEXT])
            _load_deferred(detector)
        return {}
    if routing.one_reader:  # one reader for every shape: one input loads all it reads with
        with lock:
            detector.detect(_SHORT_ANSWERS[0], [WARM_UP_CONTEXT], _QUESTIONS[1])
            _load_deferred(routing.routes[ONE_READER])
        return {"routes": {ONE_READER: routing.routes[ONE_READER].name}, "cold": []}
    routes: dict[str, str] = {}
    for route, (answer, question) in warm_up_inputs(routing.settings.long_form_words, max_answer_chars).items():
        with lock:
            report = detector.detect(answer, [WARM_UP_CONTEXT], question)
            taken = report.details.routed_to or route
            _load_deferred(routing.routes[taken])
        routes[taken] = routing.routes[taken].name
    return {"routes": routes, "cold": [route for route in ROUTES if route not in routes]}

"""Where a detection runs: a detector loaded here or a running service's; a batch here or on a Ray cluster.

The command line's ``detect`` parses its options and calls these; the MCP tools and any other caller that may check
through a service use the same adapter (:class:`RemoteDetector`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from veracity.errors import InputError
from veracity.registry import DEFAULT_DETECTOR

if TYPE_CHECKING:
    from veracity.batch import BatchCounts, BatchOutcome
    from veracity.client import Client
    from veracity.scale import RaySettings
    from veracity.schema import Document, Report

__all__ = ["BatchSummary", "RemoteDetector", "batch_outcome", "open_detector", "run_detect_batch"]


class RemoteDetector:
    """A running service in a detector's shape: ``detect`` calls ``POST /v1/detect`` through ``client``.

    ``name`` None is the service's default detector; ``index`` names one of the service's knowledge indexes. It has
    no ``config()``: what the service ran is in each report (a batch checks a resumed file's writer by the reports).
    """

    def __init__(
        self, client: Client, name: str | None = None, settings: dict[str, Any] | None = None, index: str | None = None
    ) -> None:
        self.client, self.name, self.settings, self.index = client, name, settings or {}, index

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """The service's report on ``answer``.

        Raises:
            ServiceError: the service refused the request or could not be reached (its message says why).
        """
        return self.client.detect(answer, list(context), question, self.name, self.settings, index=self.index)


def open_detector(
    name: str | None,
    settings: dict[str, Any],
    server: str | None = None,
    api_key: str | None = None,
    index: str | None = None,
) -> Any:
    """The detector to run: ``name`` (None: the default) loaded here with ``settings``, or a service's.

    With ``server`` (a running ``veracity serve``), a :class:`RemoteDetector`: ``name`` None is the service's default
    and ``index`` names one of the service's indexes; no model loads here.

    Raises:
        UnknownNameError, ConfigError, ModelNotAvailableError: as :func:`~veracity.detectors.load_detector`.
    """
    if server is None:
        from veracity.detectors import load_detector

        return load_detector(name or DEFAULT_DETECTOR, **settings)
    from veracity.client import Client

    return RemoteDetector(Client(server, api_key=api_key), name, settings, index)


def run_detect_batch(
    name: str | None,
    settings: dict[str, Any],
    input_path: Path,
    output_path: Path | None,
    *,
    ray: RaySettings | None = None,
    server: str | None = None,
    api_key: str | None = None,
    index: str | None = None,
    restart: bool = False,
    on_error: Callable[[str], None] | None = None,
) -> BatchCounts:
    """Run a JSONL batch where it was asked to run: on a Ray cluster (``ray``), else here with :func:`open_detector`.

    Reports are appended to ``output_path`` (None: standard output, which does not resume); ``restart`` empties it
    first. Each failed record is passed to ``on_error`` (Ray's progress lines too).

    Raises:
        InputError: a Ray batch without an output file, or with a ``server`` (the cluster loads the detector).
    """
    if ray is not None:
        if server is not None:
            raise InputError("a Ray batch loads the detector on the cluster; it cannot run through a service")
        if output_path is None:
            raise InputError("a Ray batch writes its reports to a file: give an output path")
        from veracity.scale import run_batch_ray

        return run_batch_ray(
            name or DEFAULT_DETECTOR, settings, input_path, output_path, ray, on_error, restart=restart
        )
    from veracity.batch import run_batch

    detector = open_detector(name, settings, server, api_key, index)
    return run_batch(detector, input_path, output_path, on_error=on_error, restart=restart)


@dataclass(frozen=True)
class BatchSummary:
    """What a batch run leaves: the outcome a gate judges, and one line that says it."""

    outcome: BatchOutcome
    line: str


def batch_outcome(counts: BatchCounts, output_path: Path | None) -> BatchSummary:
    """The outcome of a batch run: of the whole output file (earlier runs' reports included), or of this run's rows.

    Standard output (``output_path`` None) does not resume: this run's rows are all there is.
    """
    if output_path is None:
        outcome = counts.outcome()
        not_checked = f", {counts.not_checked} not checked" if counts.not_checked else ""
        shared = f"; {outcome.shared_note()}" if outcome.shared_ids else ""
        return BatchSummary(
            outcome,
            f"done: {counts.ok} reports, {counts.failed} failed records; "
            f"{counts.hallucinated} of the new reports hallucinated{not_checked}{shared}",
        )
    from veracity.batch import BatchOutcome

    outcome = BatchOutcome.of_file(output_path)
    return BatchSummary(
        outcome,
        f"done: {counts.ok} reports, {counts.failed} failed records, {counts.skipped} already in "
        f"{output_path}; in all {output_path} holds {outcome.describe()}",
    )

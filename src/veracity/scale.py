"""Scale-out: the batch runner and the evaluation harness on a Ray cluster, with the same rows as one process.

Ray adds distribution and nothing else. Records are read, checked and turned into rows by the same functions as
the local runner (:func:`veracity.batch.parse_record`, :func:`veracity.batch.detect_row`, the harness's
per-example prediction); resume reads the same output file with :func:`veracity.batch.resume_state`. "The same rows"
means every field equal and scores to 1e-6: an actor runs torch with as many threads as it has CPUs, and float32
sums in another thread count differ in their last bits (docs/scale.md, "The same rows").

How a job runs (docs/scale.md):

1. The driver plans *chunks* of the input: byte ranges of a JSONL file with the number of their first line, or
   row groups of Parquet files with the number of their first row. It reads no record itself.
2. Ray Data reads the chunks (a datasource of zero-CPU read tasks: reading is cheap next to detection) in blocks of
   ``batch_size`` records, drops the records that already have a report, and hands the blocks to an actor pool
   (``map_batches``) whose actors each load the detector once.
3. The driver consumes the result stream in input order (``preserve_order``) and appends each row to the output
   file, flushing as it goes, exactly as the local runner does: an interrupted job resumes, and a batch that Ray
   retries after an actor died is written once, because only finished batches reach the driver.
"""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from veracity._jsonl import ResumableJsonl
from veracity.batch import (
    BatchCounts,
    Chunk,
    check_resumable,
    detect_row,
    discard_output,
    drop_stale_rows,
    parse_record,
    plan_chunks,
    read_chunk,
    resume_state,
)
from veracity.errors import ConfigError, InputError
from veracity.models.memory import release_free_memory

__all__ = [
    "Chunk",
    "RayDetectorPool",
    "RaySettings",
    "actor_settings",
    "import_ray",
    "plan_chunks",
    "read_chunk",
    "run_batch_ray",
]

INSTALL_HINT = "pip install 'veracity[ray]'"


class RaySettings(BaseModel):
    """Where and how wide a Ray job runs.

    ``address=None`` starts a local cluster for the job (and stops it after) with ``max(CPU count, workers ×
    cpus_per_worker)`` logical CPUs; ``auto`` joins the cluster this machine belongs to; ``ray://HOST:PORT`` a
    remote one through Ray Client. The machines of a cluster need veracity and its models installed.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    address: str | None = None
    workers: int = Field(2, ge=1, description="Actors in the pool; each loads the detector once.")
    batch_size: int = Field(
        16, ge=1, description="Records per map_batches call (and per block: a block goes to one actor)."
    )
    cpus_per_worker: float = Field(1.0, gt=0, description="CPUs reserved per actor (its torch threads).")
    gpus_per_worker: float = Field(0.0, ge=0, description="GPUs per actor; > 0 runs the models on CUDA.")
    object_store_mb: int | None = Field(
        512, ge=80, description="Object store of a local cluster (records and rows are small)."
    )


def import_ray() -> ModuleType:
    """The ``ray`` module, or an error that names the install command.

    Raises:
        ConfigError: Ray (with Ray Data) is not installed.
    """
    try:
        import ray
        import ray.data  # Ray Data is a separate extra of ray
    except ImportError as exc:
        raise ConfigError(f"--engine ray needs Ray Data, which is not installed: {INSTALL_HINT}") from exc
    module: ModuleType = ray
    return module


def start_ray(ray: ModuleType, *, attempts: int = 2, **options: Any) -> None:
    """``ray.init(**options)``, trying a local start once more when the first fails.

    A local head's GCS server sometimes misses Ray's 30-second wait for its port file on a loaded 2-core machine,
    most often on a second start in one process (seen in CI: "Timed out waiting for file .../gcs_server_port_*");
    the next start succeeds. A remote ``address`` is tried once: an unreachable cluster stays unreachable. After
    every failure Ray's global state is cleared (a failed ``ray://`` connection leaves the client half set when
    grpcio is installed), or the next ``ray.init`` in this process fails too.
    """
    tries = 1 if options.get("address") else max(1, attempts)
    for attempt in range(1, tries + 1):
        try:
            ray.init(**options)
            return
        except Exception:
            with contextlib.suppress(Exception):
                stop_ray(ray)
            if attempt == tries:
                raise


def stop_ray(ray: ModuleType) -> None:
    """``ray.shutdown``, waiting for the local head's processes to exit.

    Ray's default shutdown kills the processes it started (GCS server, raylet, log monitor) without waiting for them,
    so their ``Popen`` handles can be collected while the process still runs, which Python reports as a
    ``ResourceWarning`` at an arbitrary later moment (seen in a fresh clone's test run, raised in another test's setup).
    """
    ray.shutdown(wait_for_processes=True)


def actor_settings(detector: str, detector_settings: dict[str, Any], settings: RaySettings) -> dict[str, Any]:
    """The detector settings an actor builds from: the user's, with ``device=cuda`` on GPU actors.

    A GPU is only worth reserving if the models run on it, so ``gpus_per_worker > 0`` sets ``device`` to ``cuda``
    for a detector that has that setting, unless the user chose a device.

    Raises:
        ConfigError: the detector name or a setting is invalid (checked here, before any cluster starts).
    """
    from veracity.detectors import load_detector

    chosen = dict(detector_settings)
    if settings.gpus_per_worker > 0 and "device" not in chosen:
        if "device" in load_detector(detector, **chosen).config():
            chosen["device"] = "cuda"
    load_detector(detector, **chosen)
    return chosen


class _DetectorActor:
    """One actor of the pool: loads the detector once, then turns batches of records into output rows."""

    def __init__(self, detector: str, settings: dict[str, Any], mode: str) -> None:
        from veracity.detectors import load_detector

        self.detector = load_detector(detector, **settings)
        self.mode = mode

    def __call__(self, batch: dict[str, Any]) -> dict[str, list[Any]]:
        rows: list[str] = []
        failed: list[bool] = []
        if self.mode == "batch":
            for line, raw in zip(batch["line"], batch["raw"], strict=True):
                row = detect_row(self.detector, parse_record(bytes(raw), int(line)))
                rows.append(json.dumps(row, ensure_ascii=False))
                failed.append("error" in row)
        else:
            from veracity.eval.harness import predict_example

            for payload in batch["payload"]:
                row = predict_example(self.detector, pickle.loads(payload))
                rows.append(json.dumps(row, ensure_ascii=False))
                failed.append("error" in row)
        release_free_memory()
        return {"row": rows, "failed": failed}


class RayDetectorPool:
    """A connection to a Ray cluster and the recipe of an actor pool that runs one detector.

    Use as a context manager: it connects on entry (starting a local cluster when ``settings.address`` is None)
    and disconnects on exit, stopping the cluster it started.
    """

    def __init__(self, detector: str, detector_settings: dict[str, Any], settings: RaySettings | None = None) -> None:
        self.ray = import_ray()
        self.detector = detector
        self.settings = settings or RaySettings()
        self.detector_settings = actor_settings(detector, detector_settings, self.settings)

    def __enter__(self) -> RayDetectorPool:
        ray, s = self.ray, self.settings
        if not ray.is_initialized():
            options: dict[str, Any] = {
                "include_dashboard": False,
                "logging_level": "WARNING",
                "log_to_driver": True,
            }
            if s.address is None:
                options["num_cpus"] = max(os.cpu_count() or 1, int(s.workers * s.cpus_per_worker + 0.999))
                if s.object_store_mb is not None:
                    options["object_store_memory"] = s.object_store_mb * 1024 * 1024
            else:
                options["address"] = s.address
            try:
                start_ray(ray, **options)
            except Exception as exc:  # Ray raises ConnectionError, ValueError, RuntimeError, ImportError (ray://), ...
                raise ConfigError(f"cannot start or reach the Ray cluster ({s.address or 'local'}): {exc}") from exc
            self._started = True
        else:
            self._started = False
        context = ray.data.DataContext.get_current()
        context.execution_options.preserve_order = True
        context.enable_progress_bars = False
        context.print_on_execution_start = False
        return self

    def __exit__(self, *exc: object) -> None:
        if self._started:
            stop_ray(self.ray)

    def _block_rows(self, records: int) -> int:
        """Rows per block: the batch size, or fewer when there are not enough records to keep every actor busy."""
        return max(1, min(self.settings.batch_size, -(-records // self.settings.workers)))

    def _map(self, dataset: Any, mode: str) -> Any:
        s = self.settings
        remote: dict[str, Any] = {"num_cpus": s.cpus_per_worker}
        if s.gpus_per_worker:
            remote["num_gpus"] = s.gpus_per_worker
        return dataset.map_batches(
            _DetectorActor,
            fn_constructor_kwargs={"detector": self.detector, "settings": self.detector_settings, "mode": mode},
            compute=self.ray.data.ActorPoolStrategy(size=s.workers),
            batch_size=s.batch_size,
            batch_format="numpy",
            **remote,
        )

    def rows(self, input_path: Path, done: frozenset[int]) -> tuple[Iterator[dict[str, Any]], int]:
        """The output rows of the records of ``input_path`` whose line is not in ``done``, in input order.

        Returns:
            An iterator of ``{"row": JSON text, "failed": bool}`` and the number of records in the input.
        """
        chunks, total = plan_chunks(input_path)
        if not chunks:
            return iter(()), 0
        from veracity._ray_datasource import RecordsDatasource

        source = RecordsDatasource(chunks, total, self.ray.put(frozenset(done)), self._block_rows(total))
        # reading is cheap next to detection: zero CPUs, so that it runs while the actors hold every CPU
        dataset = self.ray.data.read_datasource(source, num_cpus=0)
        return self._iter(self._map(dataset, "batch")), total

    def predict(self, records: Sequence[Any]) -> Iterator[dict[str, Any]]:
        """The harness rows (``predict_example``) of ``records``, in order."""
        if not records:
            return iter(())
        items = [{"payload": pickle.dumps(record)} for record in records]
        rows = self._block_rows(len(items))
        dataset = self.ray.data.from_items(items, override_num_blocks=-(-len(items) // rows))
        return (json.loads(item["row"]) for item in self._iter(self._map(dataset, "eval")))

    def _iter(self, dataset: Any) -> Iterator[dict[str, Any]]:
        for batch in dataset.iter_batches(batch_size=None, batch_format="numpy"):
            for row, failed in zip(batch["row"], batch["failed"], strict=True):
                yield {"row": str(row), "failed": bool(failed)}


def run_batch_ray(
    detector: str,
    detector_settings: dict[str, Any],
    input_path: Path,
    output_path: Path,
    settings: RaySettings | None = None,
    on_error: Callable[[str], None] | None = None,
    progress: bool = True,
    restart: bool = False,
) -> BatchCounts:
    """:func:`veracity.batch.run_batch` on a Ray cluster: the same rows, in the same order, appended and resumable.

    As locally, ``restart`` starts the output again, records are known by their line (ids may repeat), and a resume
    over an output of another input, or with another detector or other settings than the file's reports, is refused
    before a cluster starts.

    Raises:
        ConfigError: Ray is not installed, the cluster cannot be reached, or the detector settings are invalid.
        InputError: the input cannot be read, or the output was written from another input or holds reports of
            another detector or settings.
    """
    from tqdm import tqdm

    settings = settings or RaySettings()
    actor_settings(detector, detector_settings, settings)  # bad names and settings fail before a cluster starts
    if not input_path.exists():
        raise InputError(f"cannot read {input_path}: no such file or directory")
    if restart:
        discard_output(output_path)
    state = resume_state(input_path, output_path)
    if state.done:
        from veracity.detectors import load_detector  # built only for its name and config: no model loads

        check_resumable(load_detector(detector, **detector_settings), input_path, output_path)
    drop_stale_rows(output_path, state)
    counts = BatchCounts()
    with RayDetectorPool(detector, detector_settings, settings) as pool:
        rows, total = pool.rows(input_path, state.done)
        bar = tqdm(
            total=total,
            initial=min(len(state.done), total),  # records with a report already are skipped, not shown as to do
            unit="rec",
            desc="detect (ray)",
            file=sys.stderr,
            disable=None if progress else True,
        )
        with ResumableJsonl(output_path) as output:
            for item in rows:
                output.write(item["row"])
                bar.update(1)
                # decoded for its error or its verdict (the count of hallucinated answers): cheap beside a detection
                counts.count(json.loads(item["row"]), input_path, on_error)
        bar.close()
    counts.skipped = total - counts.ok - counts.failed
    return counts

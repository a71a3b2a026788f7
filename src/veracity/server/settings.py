"""The service's settings: where it listens, what it accepts, how much work it queues."""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from veracity.registry import DEFAULT_DETECTOR

__all__ = ["ServiceSettings", "default_data_dir", "is_loopback"]


def default_data_dir() -> Path:
    """``$VERACITY_DATA_DIR``, else ``$XDG_DATA_HOME/veracity``, else ``~/.local/share/veracity``."""
    if os.environ.get("VERACITY_DATA_DIR"):
        return Path(os.environ["VERACITY_DATA_DIR"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "veracity"


def is_loopback(host: str) -> bool:
    """Whether ``host`` only accepts connections from this machine (``localhost``, 127.0.0.0/8, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class ServiceSettings(BaseModel):
    """Everything ``veracity serve`` can be told; every limit is configurable (docs/service.md)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    host: str = Field("127.0.0.1", description="Address to bind; anything but loopback requires API keys.")
    port: int = Field(8000, ge=0, le=65535)
    data_dir: Path = Field(default_factory=default_data_dir, description="Where the jobs database lives.")
    default_detector: str = Field(DEFAULT_DETECTOR, description="The detector a request that names none gets.")
    warm_detectors: list[str] = Field(
        default_factory=lambda: [DEFAULT_DETECTOR],
        description="Detectors loaded and run once before /readyz says ready.",
    )
    detector_settings: dict[str, dict[str, Any]] = Field(
        default_factory=dict,
        description="The operator's settings per detector, under each request's own (e.g. a local model folder, "
        "which a request itself may not name).",
    )
    indexes: dict[str, Path] = Field(
        default_factory=dict,
        description="Knowledge indexes requests may name (`index`): name -> folder built with `veracity index build`.",
    )
    api_key_hashes: frozenset[str] = Field(
        default_factory=frozenset, description="SHA-256 hex digests of the accepted API keys (keys are never kept)."
    )
    workers: int = Field(1, ge=1, le=64, description="Threads running detections (torch uses the cores within one).")
    queue_limit: int = Field(
        128,
        ge=1,
        description="Detections running or waiting at most (a hard cap); below it a request is refused only when its "
        "estimated wait would pass request_timeout_s.",
    )
    request_timeout_s: float = Field(120.0, gt=0, description="Time limit of one /v1/detect call.")
    max_body_bytes: int = Field(2_000_000, ge=1_000, description="Largest request body (jobs: max_job_bytes).")
    max_job_bytes: int = Field(200_000_000, ge=1_000, description="Largest JSONL batch a job accepts.")
    max_documents: int = Field(64, ge=1, description="Context documents per request.")
    max_document_chars: int = Field(200_000, ge=100, description="Characters per context document.")
    max_answer_chars: int = Field(50_000, ge=10, description="Characters of the answer (and of the question).")
    rate_limit_per_minute: int | None = Field(
        None, ge=1, description="Requests per minute per API key (per client address without keys); None: no limit."
    )
    cors_origins: list[str] = Field(default_factory=list, description="Origins allowed by CORS; empty: CORS off.")
    retry_after_s: int = Field(2, ge=1, description="The Retry-After a refused request is given.")

    @property
    def requires_keys(self) -> bool:
        """Keys are required whenever the service listens beyond this machine (or when any are configured)."""
        return bool(self.api_key_hashes) or not is_loopback(self.host)

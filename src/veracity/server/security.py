"""API keys (stored as hashes, compared in constant time) and a per-key rate limit."""

from __future__ import annotations

import hashlib
import hmac
import math
import os
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from veracity.errors import ConfigError

__all__ = ["KEYS_ENV", "RateLimiter", "hash_key", "key_matches", "load_key_hashes", "retry_seconds"]

KEYS_ENV = "VERACITY_API_KEYS"


def hash_key(key: str) -> str:
    """The SHA-256 hex digest a key is stored as."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def load_key_hashes(path: Path | None = None, environ: dict[str, str] | None = None) -> frozenset[str]:
    """The hashes of the keys in ``path`` (one per line, ``#`` comments) and in ``$VERACITY_API_KEYS`` (commas).

    A line of 64 hex digits prefixed ``sha256:`` is taken as a hash already, so a key file need not hold keys.

    Raises:
        ConfigError: the file cannot be read, or a key is shorter than 16 characters.
    """
    environ = dict(os.environ) if environ is None else environ
    entries: list[str] = [k.strip() for k in environ.get(KEYS_ENV, "").split(",") if k.strip()]
    if path is not None:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"cannot read the API key file {path}: {exc}") from exc
        entries += [line.strip() for line in lines if line.strip() and not line.strip().startswith("#")]
    hashes = set()
    for entry in entries:
        if entry.startswith("sha256:") and len(entry) == 71:
            hashes.add(entry[7:].lower())
        elif len(entry) < 16:
            raise ConfigError("an API key must have at least 16 characters (generate one: `openssl rand -hex 24`)")
        else:
            hashes.add(hash_key(entry))
    return frozenset(hashes)


def key_matches(key: str, hashes: Iterable[str]) -> bool:
    """Whether ``key`` hashes to one of ``hashes``; every stored hash is compared, each in constant time."""
    digest = hash_key(key)
    found = False
    for stored in hashes:
        found |= hmac.compare_digest(digest, stored)
    return found


class RateLimiter:
    """A token bucket per caller: ``per_minute`` requests a minute on average, bursts up to that many."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_minute / 60.0
        self.capacity = float(per_minute)
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def acquire(self, caller: str) -> float:
        """Take one token for ``caller``: 0 when allowed, else the seconds until a token is free."""
        now = self._clock()
        with self._lock:
            tokens, last = self._buckets.get(caller, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - last) * self.rate)
            if tokens >= 1.0:
                self._buckets[caller] = (tokens - 1.0, now)
                return 0.0
            self._buckets[caller] = (tokens, now)
            return (1.0 - tokens) / self.rate


def retry_seconds(wait: float) -> int:
    """A Retry-After value (whole seconds, at least 1)."""
    return max(1, math.ceil(wait))

"""Returning freed memory to the operating system during long runs.

Why: evaluating a detector over thousands of examples feeds torch and spaCy inputs of ever-changing sizes. glibc's
allocator keeps the freed blocks in its heaps and arenas, so the resident size climbs although live memory does not
(measured on 200 HaluEval-summarization examples with ``litehall``: resident 1.7 GB and rising, 0.8 GB after
``malloc_trim``; the full 2,000-example run peaked at 5.2 GB). Trimming after each example keeps the resident size at
what is really in use, at a cost too small to measure (< 1 ms per call there).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import sys
from collections.abc import Callable

__all__ = ["release_free_memory"]


@functools.lru_cache(maxsize=1)
def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim: Callable[[int], int] = libc.malloc_trim  # absent on musl
    except (OSError, AttributeError):
        return None
    return trim


def release_free_memory() -> bool:
    """Hand the allocator's free heap memory back to the OS (glibc ``malloc_trim``); ``False`` where unavailable."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True

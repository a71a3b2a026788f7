"""release_free_memory: freed heap memory goes back to the OS (the harness calls it after each example)."""

from __future__ import annotations

import sys

import pytest

from veracity.models.memory import release_free_memory


def _rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS line")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="malloc_trim is a glibc function")
def test_freed_fragmented_heap_is_returned() -> None:
    # 64 KiB blocks stay below glibc's mmap threshold, so they live in the heap; keeping every 50th alive stops the
    # allocator from shrinking the heap by itself, which is the fragmentation seen in long evaluation runs.
    blocks = [bytearray(64 * 1024) for _ in range(4000)]
    kept = blocks[::50]
    del blocks
    before = _rss_mb()
    assert release_free_memory() is True
    after = _rss_mb()
    assert before - after > 100, (before, after)
    assert len(kept) == 80

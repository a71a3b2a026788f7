"""Fixtures of the stage tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest


class CountingEmbedder:
    """An embedder that passes to the real one and records how many texts each call embeds (``calls``)."""

    def __init__(self, embedder: Any) -> None:
        self.inner = embedder
        self.model_id = embedder.model_id
        self.calls: list[int] = []

    def embed(self, texts: Sequence[str]) -> Any:
        self.calls.append(len(texts))
        return self.inner.embed(texts)


@pytest.fixture
def counting_embedder(embedder: Any) -> CountingEmbedder:
    """The session's real embedder, counting its calls (a new count per test)."""
    return CountingEmbedder(embedder)

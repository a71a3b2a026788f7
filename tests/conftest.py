"""Shared fixtures: the real small models, each loaded once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

from veracity.detectors.grounding import GroundingDetector
from veracity.models.embedder import SentenceTransformerEmbedder
from veracity.schema import Document
from veracity.text.split import SentenceSplitter

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "curie"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="session")
def embedder() -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder()


@pytest.fixture(scope="session")
def spacy_splitter() -> SentenceSplitter:
    return SentenceSplitter("spacy")


@pytest.fixture(scope="session")
def grounding() -> GroundingDetector:
    return GroundingDetector.from_config()


@pytest.fixture(scope="session")
def curie() -> dict[str, object]:
    return {
        "question": (EXAMPLE / "question.txt").read_text(encoding="utf-8").strip(),
        "answer": (EXAMPLE / "answer.txt").read_text(encoding="utf-8").strip(),
        "context": [
            Document(id=name, text=(EXAMPLE / f"{name}.txt").read_text(encoding="utf-8"))
            for name in ("warsaw", "nobel")
        ],
    }

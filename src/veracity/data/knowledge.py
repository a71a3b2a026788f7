"""The default knowledge corpus: every text in ``../shared/data`` that may serve as knowledge, as JSONL documents.

``veracity data build-knowledge-corpus --out corpus.jsonl`` writes it; ``veracity index build corpus.jsonl`` indexes
it (docs/knowledge.md). What goes in, and why:

* HaluEval qa and dialogue, **train split only** (lines 0–7999): each record's ``knowledge`` paragraph, deduplicated.
  The dev and test records' knowledge stays out, so that an open-domain run on HaluEval's test questions cannot find
  the very paragraph the example was written from.
* COVID-QA's 98 articles, whole (the QA annotations are not knowledge and are left out).
* The HotpotQA paragraphs of ``hotpotqa_dev`` (IRCoT's 500 questions and Reflexion's 100), each a document named by
  its title and deduplicated by title and text. They are Wikipedia paragraphs; which of them support a question is
  not marked.

A document is ``{"id", "title"?, "text", "source"}``; ids are prefixed by their source, so they never collide.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from veracity.errors import ConfigError, InputError

__all__ = ["SOURCES", "build_knowledge_corpus", "knowledge_documents"]

HALUEVAL_TRAIN_LINES = 8000


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def _halueval(data_dir: Path, kind: str) -> Iterator[dict[str, Any]]:
    path = data_dir / "halueval" / f"{kind}_data.json"
    seen: set[str] = set()
    with path.open(encoding="utf-8") as handle:
        for line, raw in enumerate(handle):
            if line >= HALUEVAL_TRAIN_LINES:
                return
            try:
                knowledge = json.loads(raw).get("knowledge")
            except json.JSONDecodeError:
                continue
            if isinstance(knowledge, str) and knowledge.strip() and knowledge not in seen:
                seen.add(knowledge)
                yield {"id": f"halueval-{kind}:{line}", "text": knowledge, "source": f"halueval-{kind}-train"}


def _covid_qa(data_dir: Path) -> Iterator[dict[str, Any]]:
    data = json.loads((data_dir / "covid_qa" / "200423_covidQA.json").read_text(encoding="utf-8"))
    for article in data.get("data", []):
        for paragraph in article.get("paragraphs", []):
            text = paragraph.get("context")
            if isinstance(text, str) and text.strip():
                yield {"id": f"covid-qa:{paragraph.get('document_id')}", "text": text, "source": "covid-qa"}


def _hotpotqa(data_dir: Path) -> Iterator[dict[str, Any]]:
    folder = data_dir / "hotpotqa_dev"
    seen: set[tuple[str, str]] = set()
    for name in ("ircot_dev_subsampled_500.jsonl", "reflexion_distractor_dev_sample_100.jsonl"):
        path = folder / name
        if not path.exists():
            continue
        with path.open(encoding="utf-8") as handle:
            for raw in handle:
                row = json.loads(raw)
                for title, text in _hotpot_paragraphs(row):
                    if (title, text) in seen or not text.strip():
                        continue
                    seen.add((title, text))
                    yield {
                        "id": f"hotpotqa:{title}:{_digest(text)}",
                        "title": title,
                        "text": text,
                        "source": "hotpotqa",
                    }


def _hotpot_paragraphs(row: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """The (title, text) paragraphs of an IRCoT row (``contexts``) or a HotpotQA-format row (``context``)."""
    for context in row.get("contexts") or []:
        yield str(context.get("title", "")), str(context.get("paragraph_text", ""))
    context = row.get("context")
    if isinstance(context, dict):  # Hugging Face layout: {"title": [...], "sentences": [[...], ...]}
        for title, sentences in zip(context.get("title", []), context.get("sentences", []), strict=False):
            yield str(title), "".join(sentences)
    elif isinstance(context, list):  # original layout: [[title, [sentences]], ...]
        for item in context:
            if isinstance(item, list) and len(item) == 2:
                yield str(item[0]), "".join(item[1])


SOURCES = ("halueval-qa-train", "halueval-dialogue-train", "covid-qa", "hotpotqa")


def knowledge_documents(data_dir: Path, sources: Sequence[str] = SOURCES) -> Iterator[dict[str, Any]]:
    """The documents of the default corpus from ``sources`` (all by default), source by source.

    Raises:
        InputError: a source file is missing.
        ConfigError: an unknown source.
    """
    unknown = sorted(set(sources) - set(SOURCES))
    if unknown:
        raise ConfigError(f"unknown knowledge sources {unknown}; choose from {', '.join(SOURCES)}")
    readers = {
        "halueval-qa-train": lambda: _halueval(data_dir, "qa"),
        "halueval-dialogue-train": lambda: _halueval(data_dir, "dialogue"),
        "covid-qa": lambda: _covid_qa(data_dir),
        "hotpotqa": lambda: _hotpotqa(data_dir),
    }
    try:
        for source in SOURCES:
            if source in sources:
                yield from readers[source]()
    except FileNotFoundError as exc:
        raise InputError(f"the default knowledge corpus needs {exc.filename}: is {data_dir} the shared data?") from exc


def build_knowledge_corpus(data_dir: Path, out: Path, sources: Sequence[str] = SOURCES) -> dict[str, Any]:
    """Write the default corpus (or the ``sources`` of it) to ``out`` (JSONL) and return its counts per source."""
    counts: dict[str, int] = {}
    chars = 0
    out.parent.mkdir(parents=True, exist_ok=True)
    temporary = out.with_name(out.name + ".tmp")
    with temporary.open("w", encoding="utf-8") as handle:
        for document in knowledge_documents(data_dir, sources):
            handle.write(json.dumps(document, ensure_ascii=False) + "\n")
            counts[document["source"]] = counts.get(document["source"], 0) + 1
            chars += len(document["text"])
    temporary.replace(out)
    return {"documents": sum(counts.values()), "by_source": counts, "characters": chars, "out": str(out)}

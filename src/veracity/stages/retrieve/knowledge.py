"""A persistent knowledge index: passages of a corpus, searchable densely, by BM25, or both fused.

The open-domain mode (LLM-OASIS, ``../shared/papers/llm-oasis.txt`` §5: retrieval from a knowledge corpus) checks
an answer against a corpus indexed once. An index is a folder:

* ``manifest.json``: the settings (embedder, passage size), the counts, and a hash of the corpus in index order;
  it is replaced atomically and is the one record of what is committed.
* ``passages.jsonl``: one passage a line, ``{"id", "doc_id", "start", "end", "text"}``; append-only.
* ``vectors.f32``: the passages' L2-normalised embeddings, float32 rows, read memory-mapped; append-only.
* ``bm25/``: the BM25 index (bm25s), rebuilt after every addition (BM25's statistics are corpus-wide).

Documents are added in batches; after each batch the manifest commits its passages. A build that is interrupted
resumes where the last commit left off (anything written after it is cut off on open), and ``add`` is the same
operation on an existing index: documents whose id is already in the index are skipped.

Search is exact: a dot product against every vector (a few milliseconds at 100k passages of 384 dimensions, so an
approximate index would cost recall for nothing at this size), BM25 from bm25s, and reciprocal rank fusion.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray
from pydantic import BaseModel, ConfigDict, Field

from veracity.errors import ConfigError, InputError
from veracity.models.embedder import DEFAULT_EMBEDDER, Embedder, SentenceTransformerEmbedder
from veracity.schema import Document
from veracity.text.chunk import chunk_sentences
from veracity.text.split import SentenceSplitter
from veracity.text.tokens import RegexTokenizer

__all__ = [
    "CorpusProblem",
    "Hit",
    "IndexConfig",
    "KnowledgeIndex",
    "Passage",
    "document_passages",
    "iter_corpus",
    "rank_passages",
    "reciprocal_rank_fusion",
]

MANIFEST, PASSAGES, VECTORS, BM25_DIR = "manifest.json", "passages.jsonl", "vectors.f32", "bm25"
FORMAT_VERSION = 1
SearchMode = Literal["hybrid", "dense", "bm25"]


class IndexConfig(BaseModel):
    """How an index cuts and embeds its corpus; fixed when the index is created."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    embedder: str = Field(DEFAULT_EMBEDDER, description="Sentence embedder of the dense vectors.")
    passage_tokens: int = Field(
        128, ge=8, description="T of Chunk(X; T): words per passage (MiniLM reads 256 subwords, about 190 words)."
    )
    batch_documents: int = Field(256, ge=1, description="Documents per committed batch.")
    rrf_k: int = Field(60, ge=1, description="k of reciprocal rank fusion (Cormack et al., 2009).")


@dataclass(frozen=True)
class Passage:
    """A passage of a corpus document: its number in the index, its document, and its span there."""

    id: int
    doc_id: str
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Hit:
    """A search result: the passage, its fused (or single-method) score, and its rank under each method."""

    passage: Passage
    score: float
    dense_rank: int | None = None
    bm25_rank: int | None = None


@dataclass(frozen=True)
class CorpusProblem:
    """A corpus entry that could not be indexed, and why (the build goes on without it)."""

    where: str
    problem: str


def reciprocal_rank_fusion(rankings: Sequence[Sequence[int]], k: int = 60) -> list[tuple[int, float]]:
    """Fuse rankings of item ids by reciprocal rank (Cormack, Clarke and Büttcher, SIGIR 2009).

    RRF(d) = Σ_r 1 / (k + r(d)), where r(d) is d's 1-based rank in ranking r (a ranking without d adds nothing).

    Returns:
        ``(id, score)`` by descending score; ties keep the order of first appearance.
    """
    scores: dict[int, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking, start=1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda pair: -pair[1])


def iter_corpus(path: Path) -> Iterator[Document | CorpusProblem]:
    """The documents of a corpus: a folder of ``.txt`` / ``.md`` files, or a JSONL file of ``{"id", "text"}``.

    A folder's files are read in path order, each named by its path relative to the folder. A JSONL row may have a
    ``title``, which is prefixed to its text; a row without an id is named ``line-N``. Unreadable files and bad rows
    come out as :class:`CorpusProblem` in their place.

    Raises:
        InputError: ``path`` does not exist.
    """
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in (".txt", ".md"))
        for file in files:
            name = file.relative_to(path).as_posix()
            try:
                yield Document(id=name, text=file.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError) as exc:
                yield CorpusProblem(name, f"cannot read as UTF-8 text: {exc}")
        return
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise InputError(f"cannot read corpus {path}: {exc.strerror or exc}") from exc
    with handle:
        for line, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            try:
                row = json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError):
                yield CorpusProblem(f"{path}:{line}", "not valid JSON in UTF-8")
                continue
            if not isinstance(row, dict) or not isinstance(row.get("text"), str):
                yield CorpusProblem(f"{path}:{line}", "not an object with a string 'text'")
                continue
            title = row.get("title")
            text = f"{title}\n{row['text']}" if isinstance(title, str) and title.strip() else row["text"]
            doc_id = row.get("id", f"line-{line}")
            yield Document(id=str(doc_id), text=text)


def document_passages(
    document: Document,
    passage_tokens: int = 128,
    splitter: SentenceSplitter | None = None,
    tokenizer: RegexTokenizer | None = None,
) -> list[Passage]:
    """The passages of one document as an index cuts them.

    Chunk(X; T) with T = ``passage_tokens`` words, without surrounding whitespace (``start``/``end`` locate
    ``text`` in the document); ``id`` numbers them from 0.
    """
    splitter = splitter or SentenceSplitter("rules")
    tokenizer = tokenizer or RegexTokenizer()
    passages: list[Passage] = []
    text = document.text
    for chunk in chunk_sentences(text, splitter.split(text), tokenizer, passage_tokens):
        raw = chunk.text
        stripped = raw.strip()
        if stripped:
            start = chunk.span.start + (len(raw) - len(raw.lstrip()))
            passages.append(Passage(len(passages), document.id, start, start + len(stripped), stripped))
    return passages


def rank_passages(
    queries: Sequence[str], passages: Sequence[Passage], embedder: Embedder, k: int
) -> list[list[tuple[Passage, float]]]:
    """Per query, the top ``k`` of ``passages`` by cosine similarity of embeddings (exact; for a few documents)."""
    if not passages or not queries:
        return [[] for _ in queries]
    vectors = embedder.embed([p.text for p in passages])
    scores = embedder.embed(list(queries)) @ vectors.T
    ranked = []
    for row in np.asarray(scores, dtype=np.float32):
        order = np.argsort(-row, kind="stable")[:k]
        ranked.append([(passages[int(i)], float(row[i])) for i in order])
    return ranked


def _batches(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    batch: list[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


@functools.cache
def _blas_controller() -> Any:
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


_BLAS_LOCK = threading.Lock()


@contextlib.contextmanager
def _single_blas_thread() -> Iterator[None]:
    """BLAS limited to one thread within the block (unchanged without threadpoolctl).

    The limit is process-wide, so blocks take a lock: two threads interleaving their limit and restore would leave
    BLAS at one thread for good.
    """
    try:
        controller = _blas_controller()
    except ImportError:
        yield
        return
    with _BLAS_LOCK, controller.limit(limits=1, user_api="blas"):
        yield


class KnowledgeIndex:
    """A corpus index on disk (see the module docstring); open with :meth:`create` or :meth:`open`."""

    def __init__(self, folder: Path, config: IndexConfig, manifest: dict[str, Any], embedder: Embedder) -> None:
        self.folder = folder
        self.config = config
        self.manifest = manifest
        self.embedder = embedder
        self._vectors: NDArray[np.float32] | None = None
        self._passages: list[Passage] | None = None
        self._bm25: Any = None

    # --- opening -----------------------------------------------------------------------------------------------

    @classmethod
    def create(
        cls, folder: Path, config: IndexConfig | None = None, embedder: Embedder | None = None
    ) -> KnowledgeIndex:
        """A new, empty index in ``folder`` (which must not hold one); an unfinished one there is opened instead.

        Raises:
            ConfigError: ``folder`` holds a finished index, or one made with other settings.
        """
        config = config or IndexConfig()
        if (folder / MANIFEST).exists():
            index = cls.open(folder, embedder)
            if index.config != config:
                raise ConfigError(f"{folder} holds an index made with other settings: {index.config.model_dump()}")
            if index.manifest.get("complete"):
                raise ConfigError(f"{folder} already holds an index; add to it with `veracity index add`")
            return index
        folder.mkdir(parents=True, exist_ok=True)
        embedder = embedder or SentenceTransformerEmbedder(config.embedder)
        manifest = {
            "format": FORMAT_VERSION,
            "config": config.model_dump(),
            "embedder": embedder.model_id,
            "dimension": None,
            "documents": 0,
            "passages": 0,
            "corpus_sha256": hashlib.sha256().hexdigest(),
            "complete": False,
            "build_seconds": 0.0,
        }
        index = cls(folder, config, manifest, embedder)
        index._commit()
        return index

    @classmethod
    def open(cls, folder: Path, embedder: Embedder | None = None) -> KnowledgeIndex:
        """An existing index; what an interrupted run wrote after its last commit is cut off.

        Raises:
            ConfigError: no index in ``folder``, a newer format, or an embedder other than the index's.
        """
        try:
            manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        except FileNotFoundError as exc:
            raise ConfigError(
                f"no knowledge index in {folder} (no {MANIFEST}); build one with `veracity index build`"
            ) from exc
        except (OSError, json.JSONDecodeError) as exc:
            raise ConfigError(f"cannot read {folder / MANIFEST}: {exc}") from exc
        if manifest.get("format") != FORMAT_VERSION:
            raise ConfigError(
                f"{folder} has index format {manifest.get('format')}; this veracity reads {FORMAT_VERSION}"
            )
        config = IndexConfig.model_validate(manifest["config"])
        embedder = embedder or SentenceTransformerEmbedder(config.embedder)
        if embedder.model_id != manifest["embedder"]:
            raise ConfigError(
                f"{folder} was embedded with {manifest['embedder']!r}, not {embedder.model_id!r}: "
                "its vectors cannot be compared with another model's"
            )
        index = cls(folder, config, manifest, embedder)
        index._truncate_to_commit()
        return index

    def _truncate_to_commit(self) -> None:
        count, dim = self.manifest["passages"], self.manifest["dimension"] or 0
        vectors = self.folder / VECTORS
        if vectors.exists() and vectors.stat().st_size > count * dim * 4:
            with vectors.open("rb+") as handle:
                handle.truncate(count * dim * 4)
        passages = self.folder / PASSAGES
        if passages.exists():
            with passages.open("rb+") as handle:
                kept = 0
                for _ in range(count):
                    line = handle.readline()
                    if not line.endswith(b"\n"):
                        raise ConfigError(f"{passages} has fewer passages than its manifest commits: rebuild it")
                    kept += len(line)
                handle.truncate(kept)

    def _commit(self) -> None:
        temporary = self.folder / (MANIFEST + ".tmp")
        temporary.write_text(json.dumps(self.manifest, indent=2) + "\n", encoding="utf-8")
        os.replace(temporary, self.folder / MANIFEST)

    # --- adding ------------------------------------------------------------------------------------------------

    def document_ids(self) -> set[str]:
        """The ids of the documents with at least one committed passage."""
        return {p.doc_id for p in self.passages()}

    def add(
        self,
        documents: Iterable[Document | CorpusProblem],
        on_problem: Callable[[CorpusProblem], None] | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> dict[str, int]:
        """Index the documents not yet in the index, committing every ``batch_documents``; then rebuild BM25.

        Returns:
            Counts: ``documents`` and ``passages`` added, ``skipped`` (already indexed or empty), ``problems``.
        """
        started = time.perf_counter()
        splitter, tokenizer = SentenceSplitter("rules"), RegexTokenizer()
        known = self.document_ids()
        counts = {"documents": 0, "passages": 0, "skipped": 0, "problems": 0}

        def wanted() -> Iterator[Document]:
            for item in documents:
                if isinstance(item, CorpusProblem):
                    counts["problems"] += 1
                    if on_problem is not None:
                        on_problem(item)
                elif item.id in known or not item.text.strip():
                    counts["skipped"] += 1
                else:
                    known.add(item.id)
                    yield item

        for batch in _batches(wanted(), self.config.batch_documents):
            rows: list[dict[str, Any]] = []
            digest = hashlib.sha256(bytes.fromhex(self.manifest["corpus_sha256"]))
            for document in batch:
                digest.update(document.id.encode() + b"\0" + document.text.encode() + b"\0")
                for passage in document_passages(document, self.config.passage_tokens, splitter, tokenizer):
                    rows.append({"doc_id": document.id, "start": passage.start, "end": passage.end,
                                 "text": passage.text})  # fmt: skip
            vectors = self.embedder.embed([row["text"] for row in rows]).astype(np.float32, copy=False)
            first = self.manifest["passages"]
            with (self.folder / VECTORS).open("ab") as out:
                out.write(np.ascontiguousarray(vectors).tobytes())
            with (self.folder / PASSAGES).open("a", encoding="utf-8") as lines:
                for number, row in enumerate(rows, start=first):
                    lines.write(json.dumps({"id": number, **row}, ensure_ascii=False) + "\n")
            self.manifest.update(
                dimension=int(vectors.shape[1]) if len(rows) else self.manifest["dimension"],
                documents=self.manifest["documents"] + len(batch),
                passages=first + len(rows),
                corpus_sha256=digest.hexdigest(),
                complete=False,
                build_seconds=round(self.manifest["build_seconds"] + time.perf_counter() - started, 3),
            )
            started = time.perf_counter()
            self._commit()
            counts["documents"] += len(batch)
            counts["passages"] += len(rows)
            if progress is not None:
                progress(len(batch))
        self._vectors = self._passages = None
        self._build_bm25()
        self.manifest.update(
            complete=True, build_seconds=round(self.manifest["build_seconds"] + time.perf_counter() - started, 3)
        )
        self.manifest["size_bytes"] = sum(p.stat().st_size for p in self.folder.rglob("*") if p.is_file())
        self._commit()
        return counts

    def _build_bm25(self) -> None:
        import bm25s

        texts = [p.text for p in self.passages()]
        retriever = bm25s.BM25()
        if texts:
            retriever.index(bm25s.tokenize(texts, stopwords="en", show_progress=False), show_progress=False)
            retriever.save(str(self.folder / BM25_DIR), show_progress=False)
        self.manifest["bm25_passages"] = len(texts)
        self._bm25 = retriever if texts else None

    # --- reading -----------------------------------------------------------------------------------------------

    def passages(self) -> list[Passage]:
        """Every committed passage, in index order (read once, then kept)."""
        if self._passages is None:
            path = self.folder / PASSAGES
            rows = []
            if path.exists():
                with path.open(encoding="utf-8") as handle:
                    for _, line in zip(range(self.manifest["passages"]), handle, strict=False):
                        row = json.loads(line)
                        rows.append(Passage(row["id"], row["doc_id"], row["start"], row["end"], row["text"]))
            self._passages = rows
        return self._passages

    def vectors(self) -> NDArray[np.float32]:
        """The passage embeddings, memory-mapped, shape ``(passages, dimension)``."""
        if self._vectors is None:
            count, dim = self.manifest["passages"], self.manifest["dimension"] or 0
            if count == 0:
                self._vectors = np.zeros((0, dim), dtype=np.float32)
            else:
                self._vectors = np.memmap(self.folder / VECTORS, dtype=np.float32, mode="r", shape=(count, dim))
        return self._vectors

    def _bm25_index(self) -> Any:
        if self._bm25 is None and self.manifest["passages"]:
            import bm25s

            if self.manifest.get("bm25_passages") != self.manifest["passages"]:
                self._build_bm25()
                self._commit()
            else:
                self._bm25 = bm25s.BM25.load(str(self.folder / BM25_DIR), mmap=True, show_progress=False)
        return self._bm25

    def search(self, query: str, k: int = 10, mode: SearchMode = "hybrid", depth: int = 100) -> list[Hit]:
        """The ``k`` passages that best match ``query``.

        ``dense``: cosine similarity of embeddings; ``bm25``: BM25; ``hybrid``: reciprocal rank fusion of the top
        ``depth`` of both (the score is the fused one).

        Raises:
            InputError: an empty query, or ``k`` < 1.
            ConfigError: an unknown mode.
        """
        return self.search_many([query], k, mode, depth)[0]

    def search_many(
        self, queries: Sequence[str], k: int = 10, mode: SearchMode = "hybrid", depth: int = 100
    ) -> list[list[Hit]]:
        """:meth:`search` for several queries, their embeddings computed in one batch.

        Raises:
            InputError: an empty query, or ``k`` < 1.
            ConfigError: an unknown mode.
        """
        if any(not q.strip() for q in queries):
            raise InputError("the query is empty")
        if k < 1:
            raise InputError(f"k must be at least 1, got {k}")
        if mode not in ("hybrid", "dense", "bm25"):
            raise ConfigError(f"search mode must be hybrid, dense or bm25, not {mode!r}")
        passages = self.passages()
        if not passages or not queries:
            return [[] for _ in queries]
        depth = max(depth, k)
        dense = self._dense(queries, depth) if mode != "bm25" else [[] for _ in queries]
        lexical = [self._lexical(q, depth) for q in queries] if mode != "dense" else [[] for _ in queries]
        results = []
        for dense_hits, lexical_hits in zip(dense, lexical, strict=True):
            dense_rank = {item: rank for rank, (item, _) in enumerate(dense_hits, start=1)}
            bm25_rank = {item: rank for rank, (item, _) in enumerate(lexical_hits, start=1)}
            if mode == "hybrid":
                ranked = reciprocal_rank_fusion(
                    [[i for i, _ in dense_hits], [i for i, _ in lexical_hits]], self.config.rrf_k
                )
            else:
                ranked = dense_hits if mode == "dense" else lexical_hits
            results.append(
                [Hit(passages[i], float(score), dense_rank.get(i), bm25_rank.get(i)) for i, score in ranked[:k]]
            )
        return results

    def _dense(self, queries: Sequence[str], depth: int) -> list[list[tuple[int, float]]]:
        vectors = self.vectors()
        embedded = self.embedder.embed(list(queries))
        depth = min(depth, len(vectors))
        results = []
        # One BLAS thread: a matrix-vector product is memory-bound, and right after the embedder's forward pass
        # torch's OpenMP threads still spin on the cores, so OpenBLAS threads fighting them tripled the p95 latency
        # (benchmarks/knowledge/index.py: hybrid p95 at 100k passages 138 ms with them, ~35 ms without).
        with _single_blas_thread():
            for query_vector in embedded:
                scores = np.asarray(vectors @ query_vector, dtype=np.float32)
                top = np.argpartition(-scores, depth - 1)[:depth]
                top = top[np.argsort(-scores[top], kind="stable")]
                results.append([(int(i), float(scores[i])) for i in top])
        return results

    def _lexical(self, query: str, depth: int) -> list[tuple[int, float]]:
        import bm25s

        index = self._bm25_index()
        tokens = bm25s.tokenize([query], stopwords="en", show_progress=False)
        if index is None or not tokens.vocab:
            return []
        depth = min(depth, self.manifest["passages"])
        ids, scores = index.retrieve(tokens, k=depth, show_progress=False)
        return [(int(i), float(s)) for i, s in zip(ids[0], scores[0], strict=True) if s > 0]

    def info(self) -> dict[str, Any]:
        """The manifest: settings, counts, corpus hash, build time and size on disk."""
        return dict(self.manifest)

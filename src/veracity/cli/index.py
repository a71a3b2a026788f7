"""``veracity index``: build, extend, search and describe knowledge indexes."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from veracity.errors import ConfigError, InputError

if TYPE_CHECKING:
    pass

from veracity.cli._app import app, check_choice, handle_errors

index_app = typer.Typer(help="Knowledge indexes: a corpus cut into passages, searchable densely, by BM25 or both.")
app.add_typer(index_app, name="index")


def _index_progress(total_hint: str) -> Any:
    from tqdm import tqdm

    return tqdm(unit="doc", desc=f"index {total_hint}", file=sys.stderr, mininterval=2.0)


def _index_add(index: Any, corpus: Path) -> None:
    from veracity.stages.retrieve.knowledge import iter_corpus

    bar = _index_progress(corpus.name)
    try:
        counts = index.add(
            iter_corpus(corpus),
            on_problem=lambda p: typer.echo(f"skipped {p.where}: {p.problem}", err=True),
            progress=bar.update,
        )
    finally:
        bar.close()
    info = index.info()
    typer.echo(
        json.dumps(
            {"added": counts, **{k: info[k] for k in ("documents", "passages", "build_seconds", "size_bytes")}},
            indent=2,
        )
    )


@index_app.command("build")
@handle_errors
def index_build(
    corpus: Annotated[Path, typer.Argument(help="A folder of .txt/.md files, or JSONL rows {id, title?, text}.")],
    out: Annotated[Path, typer.Option(help="The index folder (an interrupted build there resumes).")],
    embedder: Annotated[str, typer.Option(help="Embedder of the dense vectors.")] = "all-MiniLM-L6-v2",
    passage_tokens: Annotated[int, typer.Option(help="Words per passage, at most.")] = 128,
) -> None:
    """Index a corpus: passages, their embeddings (memory-mapped) and BM25, with a manifest (docs/knowledge.md)."""
    from pydantic import ValidationError

    from veracity.stages.retrieve.knowledge import IndexConfig, KnowledgeIndex

    try:
        config = IndexConfig(embedder=embedder, passage_tokens=passage_tokens)
    except ValidationError as exc:
        raise ConfigError(f"bad index setting: {exc.errors()[0]['loc'][0]}: {exc.errors()[0]['msg']}") from exc
    if not corpus.exists():
        raise InputError(f"cannot read corpus {corpus}: no such file or folder")
    _index_add(KnowledgeIndex.create(out, config), corpus)


@index_app.command("add")
@handle_errors
def index_add(
    index: Annotated[Path, typer.Argument(help="An index folder made by `veracity index build`.")],
    corpus: Annotated[Path, typer.Argument(help="More documents; those whose id is indexed already are skipped.")],
) -> None:
    """Add documents to an index (and finish an interrupted addition)."""
    from veracity.stages.retrieve.knowledge import KnowledgeIndex

    if not corpus.exists():
        raise InputError(f"cannot read corpus {corpus}: no such file or folder")
    _index_add(KnowledgeIndex.open(index), corpus)


@index_app.command("search")
@handle_errors
def index_search(
    index: Annotated[Path, typer.Argument(help="An index folder.")],
    query: Annotated[str, typer.Argument(help="The query text.")],
    k: Annotated[int, typer.Option("-k", help="Passages to return.")] = 5,
    mode: Annotated[str, typer.Option(help="hybrid (RRF of both), dense or bm25.")] = "hybrid",
) -> None:
    """Print the best passages for a query as JSON lines."""
    from veracity.stages.retrieve.knowledge import KnowledgeIndex

    check_choice("mode", mode, ("hybrid", "dense", "bm25"))
    hits = KnowledgeIndex.open(index).search(query, k=k, mode=mode)  # type: ignore[arg-type]
    for hit in hits:
        p = hit.passage
        row = {"score": round(hit.score, 6), "dense_rank": hit.dense_rank, "bm25_rank": hit.bm25_rank}
        typer.echo(json.dumps({**row, "doc_id": p.doc_id, "start": p.start, "end": p.end, "text": p.text}))


@index_app.command("info")
@handle_errors
def index_info(index: Annotated[Path, typer.Argument(help="An index folder.")]) -> None:
    """Print an index's manifest: settings, counts, corpus hash, build time, size on disk."""
    from veracity.stages.retrieve.knowledge import KnowledgeIndex

    typer.echo(json.dumps(KnowledgeIndex.open(index).info(), indent=2))

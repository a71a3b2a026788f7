"""``veracity leap``: LEAP memories (stats, export, prune) and trajectory exports."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    pass

from veracity.cli._app import app, check_choice, error_exit, handle_errors

leap_app = typer.Typer(help="LEAP's agent: memories and trajectory exports for agent tuning.")
app.add_typer(leap_app, name="leap")


memory_app = typer.Typer(help="Inspect and manage a LEAP memory folder.")
leap_app.add_typer(memory_app, name="memory")


def _open_memory(folder: Path, embedder: str) -> Any:
    from veracity.detectors.leap.memory import AgentMemory
    from veracity.models.embedder import SentenceTransformerEmbedder

    if not (folder / "memory.json").exists():
        raise error_exit(f"no LEAP memory in {folder} (no memory.json)")
    return AgentMemory.open(folder, SentenceTransformerEmbedder(embedder))


@memory_app.command("stats")
@handle_errors
def leap_memory_stats(
    folder: Annotated[Path, typer.Argument(help="A memory folder.")],
    embedder: Annotated[str, typer.Option(help="The memory's embedder.")] = "all-MiniLM-L6-v2",
) -> None:
    """Record counts per memory, advantages, and the strategy pool's size and entropy (Table 6)."""
    typer.echo(json.dumps(_open_memory(folder, embedder).stats(), indent=2))


@memory_app.command("export")
@handle_errors
def leap_memory_export(
    folder: Annotated[Path, typer.Argument(help="A memory folder.")],
    output: Annotated[Path | None, typer.Option("--output", "-o", help="JSONL file (default: stdout).")] = None,
    embedder: Annotated[str, typer.Option(help="The memory's embedder.")] = "all-MiniLM-L6-v2",
) -> None:
    """Every record as JSON lines: id, kind, key, payload, created."""
    memory = _open_memory(folder, embedder)
    lines = [
        json.dumps(
            {"id": r.id, "kind": r.kind, "key": r.key, "payload": r.payload, "created": r.created}, ensure_ascii=False
        )
        for r in memory.records
    ]
    text = "".join(line + "\n" for line in lines)
    if output is None:
        typer.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")
        typer.echo(f"{len(lines)} records -> {output}", err=True)


@memory_app.command("prune")
@handle_errors
def leap_memory_prune(
    folder: Annotated[Path, typer.Argument(help="A memory folder.")],
    kind: Annotated[str | None, typer.Option(help="planner, actor or critic (default: all).")] = None,
    keep_last: Annotated[int | None, typer.Option(help="Keep the newest N records of each kind.")] = None,
    min_advantage: Annotated[float | None, typer.Option(help="Drop actor records below this advantage.")] = None,
    embedder: Annotated[str, typer.Option(help="The memory's embedder.")] = "all-MiniLM-L6-v2",
) -> None:
    """Drop records and save the memory."""
    if kind is not None:
        check_choice("--kind", kind, ("planner", "actor", "critic"))
    if keep_last is None and min_advantage is None:
        raise error_exit("say what to prune: --keep-last N and/or --min-advantage A")
    memory = _open_memory(folder, embedder)
    removed = memory.prune(kind=kind, keep_last=keep_last, min_advantage=min_advantage)
    memory.save()
    typer.echo(json.dumps({"removed": removed, **memory.stats()["counts"]}))


@leap_app.command("export")
@handle_errors
def leap_export(
    trajectories: Annotated[Path, typer.Argument(help="trajectories.jsonl of a learning run.")],
    out: Annotated[Path, typer.Option(help="Folder for planner.jsonl, actor.jsonl and critic.jsonl.")],
    min_advantage: Annotated[float, typer.Option(help="Keep conversations with A above this (§3.4: 0).")] = 0.0,
) -> None:
    """The agent-tuning sets of §3.4, in chat JSONL with per-message train masks."""
    from veracity.training.leap import export_sft

    counts = export_sft(trajectories, out, min_advantage)
    typer.echo(json.dumps(counts))

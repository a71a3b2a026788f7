"""``veracity train``: the verifier, the span and fused models, the retriever, LEAP's strategies and agents."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    pass

from veracity.cli._app import app, error_exit, handle_errors, parse_settings

train_app = typer.Typer(help="Train veracity's own models.")
app.add_typer(train_app, name="train")


@train_app.command("verifier")
@handle_errors
def train_verifier_command(
    config: Annotated[Path, typer.Option(help="YAML training config, e.g. configs/verifier-small.yaml.")],
    settings: Annotated[list[str] | None, typer.Option("--set", help="Override a config key=value.")] = None,
) -> None:
    """Fine-tune the 3-class verifier; resumes from OUTPUT_DIR/checkpoint when one exists."""
    from veracity.training.verifier import load_train_config, train_verifier

    summary = train_verifier(
        load_train_config(config, parse_settings(settings)), log=lambda line: typer.echo(line, err=True)
    )
    typer.echo(json.dumps(summary, indent=2))


@train_app.command("span")
@handle_errors
def train_span_command(
    config: Annotated[Path, typer.Option(help="YAML training config, e.g. configs/span-small.yaml.")],
    settings: Annotated[list[str] | None, typer.Option("--set", help="Override a config key=value.")] = None,
) -> None:
    """Train the span model (a token classifier of unsupported answer tokens); resumes from OUTPUT_DIR/checkpoint."""
    from veracity.training import load_yaml_config
    from veracity.training.span import SpanTrainConfig, train_span_model

    summary = train_span_model(
        load_yaml_config(config, SpanTrainConfig, parse_settings(settings)),
        log=lambda line: typer.echo(line, err=True),
    )
    typer.echo(json.dumps(summary, indent=2))


@train_app.command("fused")
@handle_errors
def train_fused_command(
    data: Annotated[list[str], typer.Option("--data", help="Labelled dataset to fit on (repeat): jsonl:PATH, ...")],
    out: Annotated[Path, typer.Option(help="The fused model file to write (JSON).")],
    dev: Annotated[list[str] | None, typer.Option("--dev", help="Dataset for before / after figures (repeat).")] = None,
    settings: Annotated[list[str] | None, typer.Option("--set", help="Another setting key=value.")] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Write the model even if it ranks the answers worse than the shipped one.")
    ] = False,
) -> None:
    """Fit the fused detector's model on labelled answers (signals are cached and resumed beside OUT).

    Weights keep their signs (evidence against an answer only raises P). The out-of-fold figures are printed beside
    the shipped model's on the same answers, and a model that ranks them worse is not written without --force; fewer
    answers than the measured reliable count get a warning with the error to expect.
    """
    from veracity.training.fused import FusedTrainConfig, train_fused

    try:
        config = FusedTrainConfig.model_validate(
            {
                "data": data,
                "out": out,
                "dev": dev or [],
                **parse_settings(settings),
                **({"force": True} if force else {}),
            }
        )
        result = train_fused(config, log=lambda line: typer.echo(line, err=True))
    except ValueError as exc:
        raise error_exit(f"invalid settings: {exc}") from exc
    typer.echo(json.dumps({k: v for k, v in result.items() if k != "config"}, indent=2))


@train_app.command("retriever")
@handle_errors
def train_retriever_command(
    config: Annotated[Path, typer.Option(help="YAML training config, e.g. configs/retriever-oasis.yaml.")],
    settings: Annotated[list[str] | None, typer.Option("--set", help="Override a config key=value.")] = None,
) -> None:
    """Fine-tune the dense retriever on LLM-OASIS (claim, passage) pairs with in-batch negatives (§5.2)."""
    from veracity.training.retriever import load_retriever_config, train_retriever

    summary = train_retriever(
        load_retriever_config(config, parse_settings(settings)), log=lambda line: typer.echo(line, err=True)
    )
    typer.echo(json.dumps(summary, indent=2))


@train_app.command("aligner")
@handle_errors
def train_aligner_command(
    config: Annotated[Path, typer.Option(help="YAML training config, e.g. configs/aligner-small.yaml.")],
    settings: Annotated[list[str] | None, typer.Option("--set", help="Override a config key=value.")] = None,
) -> None:
    """Fine-tune the aligner (which source clause an answer clause is about); resumes from OUTPUT_DIR/checkpoint."""
    from veracity.training import load_yaml_config
    from veracity.training.aligner import AlignerTrainConfig, train_aligner

    summary = train_aligner(
        load_yaml_config(config, AlignerTrainConfig, parse_settings(settings)),
        log=lambda line: typer.echo(line, err=True),
    )
    typer.echo(json.dumps(summary, indent=2))


@train_app.command("leap-strategies")
@handle_errors
def train_leap_strategies_command(
    out: Annotated[Path, typer.Option(help="Output folder: memory/, trajectories.jsonl, metrics.json (resumed).")],
    per_task: Annotated[int, typer.Option(help="HaluEval train records per task.")] = 20,
    tasks: Annotated[str, typer.Option(help="Comma-separated HaluEval tasks.")] = "qa,dialogue,summarization",
    seed: Annotated[int, typer.Option(help="Seed of the record draw.")] = 0,
    settings: Annotated[
        list[str] | None, typer.Option("--set", help="A leap detector setting key=value (llm, max_steps, ...).")
    ] = None,
) -> None:
    """LEAP's learning loop (the paper's Algorithm 1) on HaluEval train records; writes its trajectories.

    The agent tries, fails, reflects and keeps what worked in its memories.
    """
    from veracity.training.leap import LearnConfig, learn_strategies

    try:
        config = LearnConfig(
            out=str(out),
            tasks=[t.strip() for t in tasks.split(",") if t.strip()],
            per_task=per_task,
            seed=seed,
            detector=parse_settings(settings),
        )
        metrics = learn_strategies(config, log=lambda line: typer.echo(line, err=True))
    except ValueError as exc:
        raise error_exit(f"invalid settings: {exc}") from exc
    typer.echo(json.dumps(metrics, indent=2))


@train_app.command("leap-agent")
@handle_errors
def train_leap_agent_command(
    data: Annotated[
        Path, typer.Option(help="Folder of planner.jsonl, actor.jsonl, critic.jsonl (veracity leap export).")
    ],
    out: Annotated[Path, typer.Option(help="Output folder: one LoRA adapter per agent.")],
    base_model: Annotated[
        str, typer.Option(help="Catalog name, .gguf file, folder or HF id.")
    ] = "smollm2-135m-instruct",
    steps: Annotated[int, typer.Option(help="Optimiser steps per agent.")] = 100,
    settings: Annotated[list[str] | None, typer.Option("--set", help="Another setting key=value (rank, ...).")] = None,
) -> None:
    """Agent tuning (LEAP §3.4): small LoRA adapters for the planner, actor and critic, from exported trajectories.

    The loss is on the agent's own tokens only.
    """
    from veracity.training.leap_agent import AgentTuneConfig, tune_agents

    try:
        config = AgentTuneConfig(
            data=str(data), out=str(out), base_model=base_model, steps=steps, **parse_settings(settings)
        )
        summary = tune_agents(config, log=lambda line: typer.echo(line, err=True))
    except ValueError as exc:
        raise error_exit(f"invalid settings: {exc}") from exc
    brief = {a: {k: v for k, v in r.items() if k != "losses"} for a, r in summary["agents"].items()}
    typer.echo(json.dumps(brief, indent=2))


@train_app.command("reader")
@handle_errors
def train_reader_command(
    config: Annotated[Path, typer.Option(help="YAML training config, e.g. configs/reader-small.yaml.")],
    settings: Annotated[list[str] | None, typer.Option("--set", help="Override a config key=value.")] = None,
) -> None:
    """Fit the reader's sentence model (signals cached and resumed in the config's cache files)."""
    import yaml

    from veracity.training.reader import ReaderTrainConfig, train_reader

    try:
        raw = yaml.safe_load(config.read_text(encoding="utf-8")) or {}
        train_config = ReaderTrainConfig.model_validate({**raw, **parse_settings(settings)})
    except ValueError as exc:
        raise error_exit(f"invalid settings: {exc}") from exc
    result = train_reader(train_config, log=lambda line: typer.echo(line, err=True))
    typer.echo(json.dumps(result, indent=2))

"""``detect`` (one answer or a batch, here or on a server), ``detectors``, ``models``, ``calibrate``, ``schema``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, cast

import typer

from veracity.errors import InputError
from veracity.registry import DEFAULT_DETECTOR

if TYPE_CHECKING:
    from veracity.schema import UncheckedPolicy

from veracity.cli import _app
from veracity.cli._app import (
    AddressOption,
    BatchSizeOption,
    CpusOption,
    EngineOption,
    GpusOption,
    WorkersOption,
    app,
    check_choice,
    check_one_stdin,
    handle_errors,
    parse_settings,
    ray_settings_of,
    read_text,
    read_text_or_file,
)
from veracity.cli.render import render_report


@app.command()
@handle_errors
def detect(
    answer: Annotated[
        str | None, typer.Option(help="The answer to check: text, @FILE, or - for standard input.")
    ] = None,
    context: Annotated[
        list[str] | None,
        typer.Option(
            "--context",
            "-c",
            help="A context document: the text itself (any length, line breaks and all), @FILE, an existing "
            "file's name, or - for standard input; repeat per document. A one-word value with a file suffix (such "
            "as doc.txt) that names no file is an error, not text.",
        ),
    ] = None,
    question: Annotated[
        str | None, typer.Option(help="The question, if any: text, @FILE, or - for standard input.")
    ] = None,
    index: Annotated[
        str | None,
        typer.Option(
            "--index",
            help="Open domain: check against this knowledge index (a folder from `veracity index build`; with "
            "--server, the name of one of the service's indexes) instead of context.",
        ),
    ] = None,
    detector: Annotated[
        str | None,
        typer.Option(
            "--detector", "-d", help="Detector name (default: auto; oasis with --index; with --server, the service's)."
        ),
    ] = None,
    settings: Annotated[list[str] | None, typer.Option("--set", help="Detector setting key=value; repeatable.")] = None,
    output_format: Annotated[str, typer.Option("--format", help="json or text.")] = "text",
    input_path: Annotated[
        Path | None,
        typer.Option("--input", help="Batch mode: JSONL records {id, question, answer, context}."),
    ] = None,
    output_path: Annotated[
        Path | None,
        typer.Option(
            "--output",
            help="Batch mode: JSONL reports (appended; resumes with the same detector and settings, see --restart). "
            "Default: standard output.",
        ),
    ] = None,
    restart: Annotated[
        bool,
        typer.Option(
            "--restart",
            help="Batch mode: empty --output first and check every record again, instead of resuming (needed when "
            "the file holds reports by another detector or other settings).",
        ),
    ] = False,
    exit_code: Annotated[
        bool,
        typer.Option(
            "--exit-code",
            help="For gating a CI step: exit 1 when the answer is hallucinated (in a batch: any report in --output, "
            "those of earlier runs included); else 2 when one could not be checked (a failed record, or the verdict "
            "not_checked under --unchecked block) or on an error; else 0.",
        ),
    ] = False,
    unchecked: Annotated[
        str,
        typer.Option(
            "--unchecked",
            help="With --exit-code, what a not_checked answer (empty, another language, too long to read) does: "
            "block (exit 2, the default: a gate must not pass what it could not check) or pass (exit 0). The "
            "reason is in the report's notes.",
        ),
    ] = "block",
    server: Annotated[
        str | None,
        typer.Option(help="Ask a running `veracity serve` (e.g. http://127.0.0.1:8000) instead of loading models."),
    ] = None,
    api_key_env: Annotated[
        str, typer.Option(help="With --server: the environment variable holding the API key, if one is needed.")
    ] = "VERACITY_API_KEY",
    engine: EngineOption = "local",
    address: AddressOption = None,
    workers: WorkersOption = 2,
    batch_size: BatchSizeOption = 16,
    cpus_per_worker: CpusOption = 1.0,
    gpus_per_worker: GpusOption = 0.0,
) -> None:
    """Check an answer against context documents and print a report (or run a JSONL / Parquet batch)."""
    if output_format not in ("json", "text"):
        raise InputError(f"--format must be json or text, got {output_format!r}")
    check_choice("unchecked", unchecked, ("block", "pass"))
    options = parse_settings(settings)
    if index is not None:
        detector = detector or "oasis"
        if detector != "oasis":
            raise InputError(f"--index is read by the oasis detector, not {detector!r}: use -d oasis")
        if server is None:
            options["index"] = str(Path(index).expanduser().resolve())
    ray_settings = ray_settings_of(engine, address, workers, batch_size, cpus_per_worker, gpus_per_worker)
    if ray_settings is not None and (input_path is None or output_path is None):
        raise InputError("--engine ray runs batches: give --input RECORDS and --output REPORTS.jsonl")
    if ray_settings is not None and server is not None:
        raise InputError("--engine ray loads the detector on the cluster; it cannot be used with --server")
    if restart and output_path is None:
        raise InputError("--restart starts an --output file again: give --output (standard output does not resume)")
    if input_path is not None or output_path is not None:
        if input_path is None:
            raise InputError("batch mode needs --input RECORDS.jsonl (--output defaults to standard output)")
        if answer is not None or context:
            raise InputError("give either --answer/--context or --input/--output, not both")
        from veracity.runners import batch_exit_code, batch_outcome, run_detect_batch

        try:
            counts = run_detect_batch(
                detector,
                options,
                input_path,
                output_path,
                ray=ray_settings,
                server=server,
                api_key=_api_key(server, api_key_env),
                index=index,
                restart=restart,
                on_error=lambda m: typer.echo(m, err=True),
            )
        except KeyboardInterrupt:
            if ray_settings is not None:
                raise
            where = f"the reports so far are in {output_path}; run the same command again to resume"
            typer.echo(f"\ninterrupted: {where if output_path else 'standard output does not resume'}", err=True)
            raise typer.Exit(130) from None
        summary = batch_outcome(counts, output_path)
        typer.echo(summary.line, err=True)
        outcome = summary.outcome
        if exit_code and outcome.not_checked:
            gate = "are let through (--unchecked pass)" if unchecked == "pass" else "fail the gate (--unchecked block)"
            typer.echo(f"{outcome.not_checked} not checked (each report's notes say why): they {gate}", err=True)
        status = batch_exit_code(outcome, cast("UncheckedPolicy", unchecked))
        if exit_code and status:
            raise typer.Exit(status)
        return
    if answer is None:
        raise InputError("--answer is required (text, @FILE or -)")
    if not context and index is None:
        raise InputError("give at least one --context (a file, @FILE or text; or --index DIR with the oasis detector)")
    from veracity.detectors.base import DetectInput

    check_one_stdin({"--answer": [answer], "--question": [question] if question else [], "--context": context or []})
    question_text = read_text(question, "--question") if question is not None else None
    answer_text = read_text(answer, "--answer")
    item = DetectInput.of(answer_text, context_documents(context or []), question_text, open_domain=True)
    from veracity.runners import answer_exit_code, open_detector

    report = open_detector(detector, options, server, _api_key(server, api_key_env), index).detect(
        item.answer, item.context, item.question
    )
    _app.fast_exit = True  # one answer checked: main() may end the process without teardown
    if output_format == "json":
        typer.echo(report.model_dump_json(indent=2))
    else:
        typer.echo(render_report(report))
    if exit_code:
        status = answer_exit_code(report.verdict, cast("UncheckedPolicy", unchecked))
        if report.verdict == "not_checked":
            why = "; ".join(report.notes) or "no reason given"
            gate = "--unchecked block does not pass it" if status else "--unchecked pass lets it through"
            typer.echo(f"veracity: exit {status}: the answer was not checked and {gate}. Why: {why}", err=True)
        if status:
            raise typer.Exit(status)


def _api_key(server: str | None, env: str) -> str | None:
    """With ``--server``, the API key in the environment variable ``--api-key-env`` names (None without one)."""
    import os

    return os.environ.get(env) if server is not None else None


def context_documents(values: list[str]) -> list[Any]:
    """``--context`` values as documents, each read by :func:`~veracity.cli._app.read_text_or_file`.

    ``-`` is standard input, ``@FILE`` or an existing file is read, a one-word value with a file suffix must name a
    file, and anything else is the text itself (never looked up as a path, whatever its length or characters).

    A file's name without its suffix is the document's id.

    Raises:
        InputError: an ``@FILE`` or a value that looks like a file name (one word with a suffix such as ``.txt``)
            names no readable file.
    """
    from veracity.schema import Document

    documents = []
    for i, value in enumerate(values, 1):
        text, path = read_text_or_file(value, "--context")
        documents.append(Document(id=(path.stem if path is not None else "") or f"doc-{i}", text=text))
    if len({d.id for d in documents}) != len(documents):
        documents = [Document(id=f"doc-{i}", text=d.text) for i, d in enumerate(documents, 1)]
    return documents


@app.command()
@handle_errors
def detectors(
    name: Annotated[str | None, typer.Argument(help="A detector: list its settings.")] = None,
    output_format: Annotated[str, typer.Option("--format", help="json or text.")] = "text",
) -> None:
    """List the detectors (the default marked), or one detector's settings with their defaults; loads no model."""
    from veracity.detectors import detector_settings
    from veracity.registry import names, resolve

    check_choice("format", output_format, ("json", "text"))
    if name is None:
        rows = []
        for detector in names("detector"):
            doc = (resolve("detector", detector).__doc__ or "").strip().splitlines()
            rows.append({"name": detector, "default": detector == DEFAULT_DETECTOR, "summary": doc[0] if doc else ""})
        if output_format == "json":
            typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
            return
        for row in rows:
            typer.echo(f"{row['name']:<10}{' (default)' if row['default'] else '':<11}{row['summary']}")
        typer.echo("\n`veracity detectors NAME` lists a detector's settings (`--set KEY=VALUE`).")
        return
    settings = detector_settings(name)
    if output_format == "json":
        typer.echo(json.dumps([s.model_dump(mode="json") for s in settings], indent=2, ensure_ascii=False))
        return
    typer.echo(f"settings of {name} (--set KEY=VALUE):")
    for setting in settings:
        typer.echo(f"  {setting.name} = {json.dumps(setting.default, ensure_ascii=False)}  ({setting.type})")
        if setting.description:
            typer.echo(f"      {setting.description}")
    _published_for(name)


def _published_for(detector: str) -> None:
    """The published models ``detector`` reads, each marked present or missing (`veracity models` has them all)."""
    from veracity.models.published.catalog import PUBLISHED, download_command, is_installed

    families = PUBLISHED_FAMILIES_OF.get(detector, ())
    models = [m for m in PUBLISHED if m.family in families]
    if not models:
        return
    typer.echo(f"\npublished models {detector} reads (docs/models.md):")
    for model in models:
        present = is_installed(model)
        typer.echo(f"  {model.hub_id}  {model.family}  {'available' if present else 'missing'}")
        if not present:
            typer.echo(f"      to fetch: {download_command(model)}")
        typer.echo(f"      to use:   {model.use}")


# Which published families each detector reads (models/published/catalog.py), for `veracity detectors NAME`.
PUBLISHED_FAMILIES_OF: dict[str, tuple[str, ...]] = {
    "auto": ("lettucedetect", "hhem", "minicheck", "factcg"),
    "span": ("lettucedetect",),
    "fused": ("lettucedetect",),
    "verifier": ("hhem", "minicheck", "factcg"),
    "litehall": ("hhem", "minicheck", "factcg"),
    "sea": ("hhem", "minicheck", "factcg", "mxbai-rerank-v2"),
}


@app.command()
@handle_errors
def models(
    output_format: Annotated[str, typer.Option("--format", help="json or text.")] = "text",
) -> None:
    """List the models veracity knows, whether each is available locally, and how to get the missing ones."""
    from veracity.models.catalog import CATALOG, model_status
    from veracity.models.onnx_backend import onnx_note
    from veracity.models.published.catalog import PUBLISHED, download_command, is_installed

    rows: list[dict[str, Any]] = [
        {
            "name": spec.name,
            "kind": spec.kind,
            "available": model_status(spec),
            "description": spec.description,
            "install": spec.install,
        }
        for spec in CATALOG.values()
    ]
    published: list[dict[str, Any]] = [
        {
            "name": model.hub_id,
            "kind": model.family,
            "available": is_installed(model),
            "description": model.description,
            "install": download_command(model),
            "use": model.use,
        }
        for model in PUBLISHED
    ]
    if output_format == "json":
        typer.echo(json.dumps([*rows, *published], indent=2))
        return
    width = max(len(r["name"]) for r in rows)
    for row in rows:
        state = "available" if row["available"] else "missing  "
        line = f"{row['name']:<{width}}  {row['kind']:<8}  {state}  {row['description']}"
        if not row["available"]:
            line += f"\n{'':<{width}}  to install: {row['install']}"
        typer.echo(line)
    typer.echo(onnx_note())
    typer.echo(
        "\npublished models, read as their authors read them (veracity never downloads: fetch one on a machine with "
        "network; it is found in the local Hugging Face cache by its id, or pass its folder):"
    )
    for row in published:
        state = "available" if row["available"] else "missing  "
        typer.echo(f"{row['name']}  {row['kind']}  {state}\n    {row['description']}")
        if not row["available"]:
            typer.echo(f"    to fetch: {row['install']}")
        typer.echo(f"    to use:   {row['use']}")


@app.command("export-onnx")
@handle_errors
def export_onnx(
    names: Annotated[
        list[str] | None,
        typer.Argument(help="Models (catalog names or folders); default: the encoders the default detector loads."),
    ] = None,
    int8: Annotated[bool, typer.Option(help="Also write the dynamic int8 copy.")] = True,
) -> None:
    """Export encoders to ONNX for ONNX Runtime (backend=onnx): into veracity's cache, from their safetensors."""
    from veracity.models.catalog import resolve_model_path
    from veracity.models.onnx_backend import DEFAULT_ONNX_MODELS, export_model

    precisions: list[Any] = ["none", "int8"] if int8 else ["none"]
    for name in names or DEFAULT_ONNX_MODELS:
        files = export_model(resolve_model_path(name), precisions)
        typer.echo(json.dumps({"model": name, "files": files}, ensure_ascii=False))


@app.command()
@handle_errors
def calibrate(
    runs: Annotated[list[Path], typer.Argument(help="`veracity eval` run folders on dev splits, of one detector.")],
    out: Annotated[Path, typer.Option(help="Calibrator file to write (JSON).")],
    method: Annotated[str, typer.Option(help="auto (isotonic; Platt under 200 examples), isotonic or platt.")] = "auto",
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Write a map that ranks at or below chance, or flags over 90% or under 10% of its rows; the file "
            "keeps the warning.",
        ),
    ] = False,
) -> None:
    """Fit a detector's calibrator (raw score → P(hallucinated), per input shape) from its dev runs.

    Every fit is increasing: labels that rank opposite to the scores are refused. A fit whose scores rank the labels
    at or below chance (AUROC ≤ 0.5), or whose map flags (P ≥ 0.5) more than 90% or fewer than 10% of its rows where
    the labels say otherwise, is refused with the AUROC and the share it would flag, unless --force. A run with
    calibrated scores is read by its raw scores (``raw_score``); the output says which score each run gave.
    """
    from veracity.calibration import fit_calibrator, small_fit_warnings

    read: list[str] = []
    calibrator = fit_calibrator(runs, method, log=read.append, force=force)
    for line in read:
        typer.echo(f"veracity: note: {line}", err=True)
    calibrator.save(out)
    summary = {shape: {"method": fit.method, "n": fit.n, **calibrator.dev_metrics.get(shape, {})}
               for shape, fit in calibrator.shapes.items()}  # fmt: skip
    warnings = [f"{shape}: {text}" for shape, text in sorted(calibrator.warnings.items())]
    warnings += small_fit_warnings(calibrator)
    for warning in warnings:
        typer.echo(f"veracity: warning: {warning}", err=True)
    result = {"detector": calibrator.detector, "out": str(out), "shapes": summary, "scores_read": read,
              "warnings": warnings}  # fmt: skip
    typer.echo(json.dumps(result, indent=2))


@app.command()
@handle_errors
def schema() -> None:
    """Print the JSON Schema of a Report (the contents of docs/schema.json)."""
    from veracity.schema import report_json_schema

    typer.echo(json.dumps(report_json_schema(), indent=2, ensure_ascii=False))

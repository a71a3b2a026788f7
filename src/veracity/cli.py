"""The ``veracity`` command line: a thin layer that parses input, calls the library and prints its results.

Heavy libraries are imported inside the commands so that ``veracity --help`` is instant.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer

from veracity.errors import ConfigError, InputError, VeracityError
from veracity.models.llm.llamacpp import DEFAULT_LOCAL_LLM
from veracity.registry import DEFAULT_DETECTOR

if TYPE_CHECKING:
    from veracity.schema import Report

app = typer.Typer(
    name="veracity",
    help="Detect hallucinations in LLM answers against the documents they should rest on.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Help texts are plain: with markup on, "veracity[ray]" lost its "[ray]".
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from veracity import __version__

        typer.echo(f"veracity {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", "-V", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Detect hallucinations in LLM answers against the documents they should rest on."""


OutputFormat = Literal["json", "text"]

# Scale-out options, shared by `detect --input` and `eval` (docs/scale.md).
EngineOption = Annotated[str, typer.Option(help="local (this process) or ray (a Ray cluster; veracity[ray]).")]
AddressOption = Annotated[
    str | None, typer.Option(help="--engine ray: auto, ray://HOST:PORT, or none to start a local cluster.")
]
WorkersOption = Annotated[int, typer.Option(help="--engine ray: actors, each loading the detector once.")]
BatchSizeOption = Annotated[int, typer.Option(help="--engine ray: records per actor call.")]
CpusOption = Annotated[float, typer.Option(help="--engine ray: CPUs per actor (its torch threads).")]
GpusOption = Annotated[float, typer.Option(help="--engine ray: GPUs per actor (> 0 runs models on CUDA).")]


def _ray_settings(engine: str, address: str | None, workers: int, batch_size: int, cpus: float, gpus: float) -> Any:
    """The Ray settings of ``--engine ray`` (None for the local engine); Ray's absence fails here, at once."""
    _check_choice("engine", engine, ("local", "ray"))
    if engine == "local":
        return None
    from pydantic import ValidationError

    from veracity.scale import RaySettings, import_ray

    import_ray()
    try:
        return RaySettings(
            # "none" on the command line is the library's None: start a local cluster for the job
            address=None if address is None or address.lower() == "none" else address,
            workers=workers,
            batch_size=batch_size,
            cpus_per_worker=cpus,
            gpus_per_worker=gpus,
        )
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise ConfigError(f"bad --engine ray option: {problems}") from exc


def main() -> None:
    """Entry point of the ``veracity`` script."""
    app()


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"veracity: error: {message}", err=True)
    return typer.Exit(code)


def read_text(value: str) -> str:
    """A text argument: ``@PATH`` reads a file, ``-`` reads standard input, anything else is the text itself.

    Raises:
        InputError: the file is missing or not UTF-8.
    """
    if value == "-":
        return _decode(sys.stdin.buffer.read(), "standard input")
    if value.startswith("@"):
        return read_file(Path(value[1:]))
    return value


def read_file(path: Path) -> str:
    """A UTF-8 text file's contents.

    Raises:
        InputError: the file is missing, unreadable or not UTF-8.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from exc
    return _decode(data, str(path))


def _decode(data: bytes, where: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{where} is not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start}); convert it first, "
            "e.g. `iconv -f latin1 -t utf-8`"
        ) from exc


def parse_settings(items: list[str] | None) -> dict[str, Any]:
    """``key=value`` pairs; values are parsed as JSON when they can be (``top_k=5``, ``flag=true``).

    Raises:
        InputError: an item has no ``=``.
    """
    settings: dict[str, Any] = {}
    for item in items or []:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise InputError(f"--set expects key=value, got {item!r}")
        try:
            settings[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            settings[key.strip()] = raw
    return settings


@app.command()
def detect(
    answer: Annotated[
        str | None, typer.Option(help="The answer to check: text, @FILE, or - for standard input.")
    ] = None,
    context: Annotated[
        list[str] | None,
        typer.Option(
            "--context",
            "-c",
            help="A context document: a UTF-8 file, @FILE, or the text itself; repeat per document.",
        ),
    ] = None,
    question: Annotated[str | None, typer.Option(help="The question, if any: text or @FILE.")] = None,
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
        typer.Option("--output", help="Batch mode: JSONL reports (appended; resumes). Default: standard output."),
    ] = None,
    exit_code: Annotated[
        bool,
        typer.Option(
            "--exit-code",
            help="Exit 1 when the answer (in a batch: any answer) is hallucinated, 0 when not, 2 on an error: for "
            "gating a CI step.",
        ),
    ] = False,
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
    try:
        if output_format not in ("json", "text"):
            raise InputError(f"--format must be json or text, got {output_format!r}")
        options = parse_settings(settings)
        if index is not None:
            detector = detector or "oasis"
            if detector != "oasis":
                raise InputError(f"--index is read by the oasis detector, not {detector!r}: use -d oasis")
            if server is None:
                options["index"] = str(Path(index).expanduser().resolve())
        ray_settings = _ray_settings(engine, address, workers, batch_size, cpus_per_worker, gpus_per_worker)
        if ray_settings is not None and (input_path is None or output_path is None):
            raise InputError("--engine ray runs batches: give --input RECORDS and --output REPORTS.jsonl")
        if ray_settings is not None and server is not None:
            raise InputError("--engine ray loads the detector on the cluster; it cannot be used with --server")
        if input_path is not None or output_path is not None:
            if input_path is None:
                raise InputError("batch mode needs --input RECORDS.jsonl (--output defaults to standard output)")
            if answer is not None or context:
                raise InputError("give either --answer/--context or --input/--output, not both")
            if ray_settings is not None and output_path is not None:
                from veracity.scale import run_batch_ray

                counts = run_batch_ray(
                    detector or DEFAULT_DETECTOR,
                    options,
                    input_path,
                    output_path,
                    ray_settings,
                    lambda m: typer.echo(m, err=True),
                )
            else:
                from veracity.batch import run_batch

                try:
                    counts = run_batch(
                        _detector_or_server(detector, options, server, api_key_env, index),
                        input_path,
                        output_path,
                        on_error=lambda m: typer.echo(m, err=True),
                    )
                except KeyboardInterrupt:
                    where = f"the reports so far are in {output_path}; run the same command again to resume"
                    typer.echo(
                        f"\ninterrupted: {where if output_path else 'standard output does not resume'}", err=True
                    )
                    raise typer.Exit(130) from None
            already = f", {counts.skipped} already in {output_path}" if output_path else ""
            typer.echo(
                f"done: {counts.ok} reports, {counts.failed} failed records{already}; "
                f"{counts.hallucinated} of the new reports hallucinated",
                err=True,
            )
            if exit_code and (counts.failed or counts.hallucinated):
                raise typer.Exit(2 if counts.failed else 1)
            return
        if answer is None:
            raise InputError("--answer is required (text, @FILE or -)")
        if not context and index is None:
            raise InputError(
                "give at least one --context (a file, @FILE or text; or --index DIR with the oasis detector)"
            )
        answer_text = read_text(answer)
        question_text = read_text(question) if question is not None else None
        documents = context_documents(context or [])
        report = _detector_or_server(detector, options, server, api_key_env, index).detect(
            answer_text, documents, question_text
        )
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    if output_format == "json":
        typer.echo(report.model_dump_json(indent=2))
    else:
        typer.echo(render_report(report))
    if exit_code and report.verdict == "hallucinated":
        raise typer.Exit(1)


def context_documents(values: list[str]) -> list[Any]:
    """``--context`` values as documents: ``@FILE`` or an existing file is read, anything else is the text.

    A file's name without its suffix is the document's id.

    Raises:
        InputError: an ``@FILE`` or a value that looks like a file name (one word with a suffix such as ``.txt``)
            names no readable file.
    """
    from veracity.schema import Document

    documents = []
    for i, value in enumerate(values, 1):
        path = Path(value[1:] if value.startswith("@") else value)
        if value.startswith("@") or path.is_file() or re.fullmatch(r"[\w./~-]+\.[A-Za-z0-9]{1,5}", value):
            documents.append(Document(id=path.stem or f"doc-{i}", text=read_file(path)))
        else:
            documents.append(Document(id=f"doc-{i}", text=value))
    if len({d.id for d in documents}) != len(documents):
        documents = [Document(id=f"doc-{i}", text=d.text) for i, d in enumerate(documents, 1)]
    return documents


class _RemoteDetector:
    """A running service in a detector's shape: ``detect`` calls ``POST /v1/detect``."""

    def __init__(self, client: Any, name: str | None, settings: dict[str, Any], index: str | None = None) -> None:
        self.client, self.name, self.settings, self.index = client, name, settings, index

    def detect(self, answer: str, context: Any, question: str | None = None) -> Report:
        return self.client.detect(  # type: ignore[no-any-return]
            answer, list(context), question, self.name, self.settings, index=self.index
        )


def _detector_or_server(
    name: str | None, settings: dict[str, Any], server: str | None, api_key_env: str, index: str | None = None
) -> Any:
    """The detector to run: loaded here, or a running service's when ``--server`` is given.

    With a server, ``name`` None is the service's default and ``index`` names one of the service's indexes.
    """
    if server is None:
        from veracity.detectors import load_detector

        return load_detector(name or DEFAULT_DETECTOR, **settings)
    import os

    from veracity.client import Client

    return _RemoteDetector(Client(server, api_key=os.environ.get(api_key_env)), name, settings, index)


LLM_HELP = "LLM of the llm stages: catalog name, .gguf path, or an OpenAI-compatible base URL."
DEFAULT_LLM = DEFAULT_LOCAL_LLM


@app.command()
def claims(
    answer: Annotated[str, typer.Option(help="The answer: text, @FILE, or - for standard input.")],
    question: Annotated[str | None, typer.Option(help="The question, if any: text or @FILE.")] = None,
    extractor: Annotated[
        str,
        typer.Option(help="rules (no LLM) or llm (an LLM splits the answer into claims; LiteHall Table 16's prompt)."),
    ] = "rules",
    llm: Annotated[str, typer.Option(help=LLM_HELP)] = DEFAULT_LLM,
) -> None:
    """LiteHall stage 1 alone: the answer's atomic claims with their sentence index (JSON)."""
    from veracity.stages.claims import LLMClaimExtractor, RulesClaimExtractor

    try:
        _check_choice("extractor", extractor, ("rules", "llm"))
        stage = LLMClaimExtractor(_load_llm(llm)) if extractor == "llm" else RulesClaimExtractor()
        result = stage.extract(read_text(answer), read_text(question) if question else None)
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(json.dumps({
        "sentences": [{"index": s.index, "text": s.text} for s in result.sentences],
        "claims": [c.model_dump() for c in result.claims],
        "dropped": result.dropped,
        "notes": result.notes,
    }, indent=2, ensure_ascii=False))  # fmt: skip


@app.command()
def evidence(
    claim: Annotated[list[str], typer.Option("--claim", help="A claim: text or @FILE; repeatable.")],
    context: Annotated[list[Path], typer.Option("--context", "-c", help="A context document; repeatable.")],
    top_k: Annotated[int, typer.Option(help="Main sentences per claim.")] = 2,
    retriever: Annotated[
        str,
        typer.Option(help="scored (no LLM) or llm (an LLM picks the evidence sentences; LiteHall Table 17's prompt)."),
    ] = "scored",
    llm: Annotated[str, typer.Option(help=LLM_HELP)] = DEFAULT_LLM,
) -> None:
    """LiteHall stage 2 alone: each claim's main and supporting evidence sentences (JSON)."""
    from veracity.schema import Document

    try:
        _check_choice("retriever", retriever, ("scored", "llm"))
        documents = [Document(id=f"{p.stem}-{i}", text=read_file(p)) for i, p in enumerate(context, 1)]
        stage = _litehall(retriever=retriever, llm=llm, top_k=top_k).retriever
        texts = [read_text(c) for c in claim]
        notes: list[str] = []
        found = stage.retrieve(texts, stage.chunks(documents, notes))
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    out = []
    for text, item in zip(texts, found, strict=True):
        out.append({"claim": text, "evidence": [
            {"main": {"document": m.document_id, "sentence": m.sentence.index, "text": m.text}, "score": score,
             "support": [{"document": s.document_id, "sentence": s.sentence.index, "text": s.text} for s in sup]}
            for m, sup, score in zip(item.main, item.support, item.scores, strict=True)],
            "notes": notes + item.notes})  # fmt: skip
    typer.echo(json.dumps(out, indent=2, ensure_ascii=False))


@app.command()
def verify(
    claim: Annotated[list[str], typer.Option("--claim", help="A claim: text or @FILE; repeatable.")],
    context: Annotated[list[Path], typer.Option("--context", "-c", help="A context document; repeatable.")],
    question: Annotated[str | None, typer.Option(help="The question (for the irrelevant label).")] = None,
    model: Annotated[str, typer.Option(help="Pair scorer: catalog name, folder or HF id.")] = "veracity-nli-small",
    verifier: Annotated[
        str, typer.Option(help="nli (the NLI model) or llm (an LLM labels each claim; LiteHall Table 18's prompt).")
    ] = "nli",
    llm: Annotated[str, typer.Option(help=LLM_HELP)] = DEFAULT_LLM,
) -> None:
    """LiteHall's third step alone (verification): label each claim against its evidence, with error spans (JSON)."""
    from veracity.schema import Document

    try:
        _check_choice("verifier", verifier, ("nli", "llm"))
        documents = [Document(id=f"{p.stem}-{i}", text=read_file(p)) for i, p in enumerate(context, 1)]
        detector = _litehall(verifier=verifier, llm=llm, nli_model=model)
        texts = [read_text(c) for c in claim]
        found = detector.retriever.retrieve(texts, detector.retriever.chunks(documents))
        checks = detector.verifier.verify(texts, found, read_text(question) if question else None)
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(json.dumps([
        {"claim": t, "label": c.label.value, "p_supported": c.p_supported, "p_contradicted": c.p_contradicted,
         "error_spans": [s.text for s in c.error_spans], "premise": c.premise, "note": c.note}
        for t, c in zip(texts, checks, strict=True)], indent=2, ensure_ascii=False))  # fmt: skip


def _check_choice(option: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ConfigError(f"--{option} must be one of {', '.join(choices)}, not {value!r}")


def _load_llm(spec: str) -> Any:
    from veracity.models.llm import load_llm

    return load_llm(spec)


def _litehall(**settings: Any) -> Any:
    """A ``litehall`` detector with these settings (its stages are what the stage commands run)."""
    from veracity.detectors.litehall import LiteHallDetector

    return LiteHallDetector.from_config(**settings)


# Claim labels in words (the JSON keeps LiteHall's names).
LABEL_WORDS = {
    "supported": "supported",
    "not_supported": "not supported",
    "unverifiable": "not enough evidence",
    "irrelevant": "irrelevant",
}


def score_and_threshold(score: float, threshold: float) -> tuple[str, str]:
    """The two numbers with as many decimals as it takes to show which side of the threshold the score is on."""
    for digits in range(2, 7):
        a, b = f"{score:.{digits}f}", f"{threshold:.{digits}f}"
        if a != b or score == threshold:
            return a, b
    return f"{score:.3e}", f"{threshold:.3e}"


def render_report(report: Report) -> str:
    """A report as readable text: verdict, the answer with flagged words in [[brackets]], then each sentence.

    Every score is on the headline's scale (higher = more likely hallucinated); sentences are marked ✗ / ✓ as the
    detector judged them.
    """
    status = report.verdict.upper()
    relation = "≥" if report.verdict == "hallucinated" else "<"
    score, threshold = score_and_threshold(report.score, report.threshold)
    kind = "P(hallucinated)" if report.calibration else "score"
    lines = [
        f"verdict: {status}  ({kind} {score} {relation} threshold {threshold}; higher is worse; "
        f"detector {report.detector})",
        "",
    ]
    if report.question:
        lines += ["question:", f"  {report.question.strip()}", ""]
    marked = report.answer
    for span in sorted(report.hallucinated_spans, key=lambda s: s.start, reverse=True):
        marked = f"{marked[: span.start]}[[{span.text}]]{marked[span.end :]}"
    if report.hallucinated_spans:
        header = "answer (unsupported text in [[...]]):"
    elif report.verdict == "hallucinated":
        header = "answer (the detector marks no words" + ("; see the sentences below):" if report.sentences else "):")
    else:
        header = "answer (no unsupported text found):"
    lines += [header, f"  {marked.strip()}", ""]
    if report.sentences:
        lines.append("sentences (score: higher is worse):")
    for scored in report.sentences:
        mark = "✗" if scored.hallucinated else "✓"
        lines.append(f"  {mark} {scored.score:.2f}  {scored.sentence.text}")
        for span in scored.error_spans:
            lines.append(f"      unsupported: {span.text!r}")
        for evidence in scored.evidence[:2]:
            where = evidence.document_id + (
                f" #{evidence.sentence_index}"
                if evidence.sentence_index is not None
                else f" {evidence.span.start}-{evidence.span.end}"
            )
            lines.append(f"      evidence [{where}, {evidence.score:.2f}]: ")
            lines[-1] += evidence.text if len(evidence.text) <= 160 else evidence.text[:157] + "..."
    if report.claims:
        lines += ["", "claims (score: higher is worse):"]
        for verdict in report.claims:
            words = LABEL_WORDS.get(verdict.label.value, verdict.label.value)
            lines.append(f"  {words:<19} {1.0 - verdict.p_supported:.2f}  {verdict.claim.text}")
    if report.notes:
        lines += ["", "notes:"] + [f"  - {note}" for note in report.notes]
    if report.timings_ms:
        timing = ", ".join(f"{name} {ms:.0f} ms" for name, ms in report.timings_ms.items())
        lines += ["", f"timings: {timing}"]
    return "\n".join(lines)


@app.command()
def detectors(
    name: Annotated[str | None, typer.Argument(help="A detector: list its settings.")] = None,
    output_format: Annotated[str, typer.Option("--format", help="json or text.")] = "text",
) -> None:
    """List the detectors (the default marked), or one detector's settings with their defaults; loads no model."""
    from veracity.detectors import detector_settings
    from veracity.registry import names, resolve

    try:
        _check_choice("format", output_format, ("json", "text"))
        if name is None:
            rows = []
            for detector in names("detector"):
                doc = (resolve("detector", detector).__doc__ or "").strip().splitlines()
                rows.append(
                    {"name": detector, "default": detector == DEFAULT_DETECTOR, "summary": doc[0] if doc else ""}
                )
            if output_format == "json":
                typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
                return
            for row in rows:
                typer.echo(f"{row['name']:<10}{' (default)' if row['default'] else '':<11}{row['summary']}")
            typer.echo("\n`veracity detectors NAME` lists a detector's settings (`--set KEY=VALUE`).")
            return
        settings = detector_settings(name)
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    if output_format == "json":
        typer.echo(json.dumps([s.model_dump(mode="json") for s in settings], indent=2, ensure_ascii=False))
        return
    typer.echo(f"settings of {name} (--set KEY=VALUE):")
    for setting in settings:
        typer.echo(f"  {setting.name} = {json.dumps(setting.default, ensure_ascii=False)}  ({setting.type})")
        if setting.description:
            typer.echo(f"      {setting.description}")


@app.command()
def models(
    output_format: Annotated[str, typer.Option("--format", help="json or text.")] = "text",
) -> None:
    """List the models veracity knows, whether each is available locally, and how to get the missing ones."""
    from veracity.models.catalog import CATALOG, model_status

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
    if output_format == "json":
        typer.echo(json.dumps(rows, indent=2))
        return
    width = max(len(r["name"]) for r in rows)
    for row in rows:
        state = "available" if row["available"] else "missing  "
        line = f"{row['name']:<{width}}  {row['kind']:<8}  {state}  {row['description']}"
        if not row["available"]:
            line += f"\n{'':<{width}}  to install: {row['install']}"
        typer.echo(line)


@app.command()
def calibrate(
    runs: Annotated[list[Path], typer.Argument(help="`veracity eval` run folders on dev splits, of one detector.")],
    out: Annotated[Path, typer.Option(help="Calibrator file to write (JSON).")],
    method: Annotated[str, typer.Option(help="auto (isotonic; Platt under 200 examples), isotonic or platt.")] = "auto",
) -> None:
    """Fit a detector's calibrator (raw score → P(hallucinated), per input shape) from its dev runs."""
    from veracity.training.calibration import fit_calibrator

    try:
        calibrator = fit_calibrator(runs, method)
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    calibrator.save(out)
    summary = {shape: {"method": fit.method, "n": fit.n, **calibrator.dev_metrics.get(shape, {})}
               for shape, fit in calibrator.shapes.items()}  # fmt: skip
    typer.echo(json.dumps({"detector": calibrator.detector, "out": str(out), "shapes": summary}, indent=2))


eval_app = typer.Typer(help="Evaluate detectors on benchmarks; compare runs; regenerate BENCHMARKS.md.")
app.add_typer(eval_app, name="eval")


@eval_app.callback(invoke_without_command=True)
def eval_run(
    ctx: typer.Context,
    dataset: Annotated[
        str | None, typer.Option(help="NAME[:SPLIT], jsonl:PATH or nli:PATH (e.g. halueval-qa:test).")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Result folder (predictions.jsonl, metrics.json, plots).")] = None,
    detector: Annotated[str, typer.Option("--detector", "-d", help="Detector name.")] = DEFAULT_DETECTOR,
    settings: Annotated[list[str] | None, typer.Option("--set", help="Detector setting key=value.")] = None,
    limit: Annotated[int | None, typer.Option(help="Only the first N examples.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the bootstrap intervals.")] = 0,
    calibrate_on: Annotated[
        str | None, typer.Option(help="Fit the threshold on this split (e.g. halueval-qa:dev).")
    ] = None,
    calibrate_limit: Annotated[
        int | None, typer.Option(help="Fit on only the first N examples of the calibration split.")
    ] = None,
    objective: Annotated[str, typer.Option(help="Calibration objective: f1 or balanced_accuracy.")] = "f1",
    data_dir: Annotated[Path | None, typer.Option(help="Benchmark data folder (default ../shared/data).")] = None,
    engine: EngineOption = "local",
    address: AddressOption = None,
    workers: WorkersOption = 2,
    batch_size: BatchSizeOption = 16,
    cpus_per_worker: CpusOption = 1.0,
    gpus_per_worker: GpusOption = 0.0,
) -> None:
    """Run a detector over a dataset: writes OUT/predictions.jsonl (resumable) and OUT/metrics.json."""
    if ctx.invoked_subcommand is not None:
        return
    if dataset is None or out is None:
        raise _fail("veracity eval needs --dataset and --out (or a subcommand: compare, report)")
    from tqdm import tqdm

    from veracity.detectors import load_detector
    from veracity.eval.harness import evaluate

    def progress(items: Any, name: str) -> Any:
        return tqdm(items, unit="ex", desc=f"eval {name}", file=sys.stderr, mininterval=2.0)

    try:
        options = parse_settings(settings)
        ray_settings = _ray_settings(engine, address, workers, batch_size, cpus_per_worker, gpus_per_worker)
        with contextlib.ExitStack() as stack:
            predict_many = None
            if ray_settings is not None:
                from veracity.scale import RayDetectorPool

                pool = stack.enter_context(RayDetectorPool(detector, options, ray_settings))
                predict_many, options = pool.predict, pool.detector_settings  # the actors' (device=cuda on GPUs)
            result = evaluate(
                load_detector(detector, **options),
                dataset,
                out,
                data_dir=data_dir,
                limit=limit,
                seed=seed,
                calibrate_on=calibrate_on,
                calibrate_limit=calibrate_limit,
                objective=objective,
                command="veracity " + " ".join(sys.argv[1:]),
                progress=progress,
                predict_many=predict_many,
                engine=engine,
            )
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    for bad in result.bad_records[:10]:
        typer.echo(f"skipped {bad.error}", err=True)
    shown = {k: v for k, v in result.metrics["metrics"].items() if isinstance(v, (int, float))}
    typer.echo(
        json.dumps(
            {
                "n": result.metrics["n"],
                "n_errors": result.metrics["n_errors"],
                "n_skipped": result.metrics["n_skipped"],
                **shown,
            },
            indent=2,
        )
    )


@eval_app.command("cascade-curve")
def eval_cascade_curve(
    first: Annotated[Path, typer.Option(help="The first stage's run folder (raw scores: --set calibration=none).")],
    second: Annotated[Path, typer.Option(help="The second stage's run folder, on the same examples.")],
    out: Annotated[Path, typer.Option(help="Folder for metrics.json and curve.png.")],
    calibrator: Annotated[Path | None, typer.Option(help="The first stage's calibrator file.")] = None,
    target_accuracy: Annotated[
        float | None, typer.Option(help="Accuracy the band must reach (default: the better stage's, per shape).")
    ] = None,
    tolerance: Annotated[float, typer.Option(help="Accuracy the band may give up against the target.")] = 0.005,
) -> None:
    """The cascade's accuracy against mean latency as its band widens, and the cheapest band that reaches a target."""
    from veracity.eval.cascade import fit_cascade, plot_cascade
    from veracity.stages.calibration import Calibrator

    try:
        loaded = Calibrator.load(calibrator) if calibrator is not None else None
        result = fit_cascade(first, second, loaded, target_accuracy, tolerance)
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    bands = {s: [d["chosen"]["low"], d["chosen"]["high"]] for s, d in result["shapes"].items() if d["chosen"]}
    result = {
        "first": str(first),
        "second": str(second),
        "calibrator": str(calibrator) if calibrator else None,
        **result,
        "bands_setting": json.dumps(bands, separators=(",", ":")),
        "command": "veracity " + " ".join(sys.argv[1:]),
    }
    out.mkdir(parents=True, exist_ok=True)
    (out / "metrics.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    plot_cascade(result, out / "curve.png")
    for shape, data in result["shapes"].items():
        chosen = data["chosen"]
        line = f"{shape}: first {data['first']['accuracy']:.3f} / second {data['second']['accuracy']:.3f}; "
        line += (
            f"band [{chosen['low']}, {chosen['high']}) -> {chosen['accuracy']:.3f} at "
            f"{chosen['mean_latency_ms']:.0f} ms ({100 * chosen['routed']:.0f}% routed)"
            if chosen
            else "no band reaches the target"
        )
        typer.echo(line)
    typer.echo(f"--set 'bands={result['bands_setting']}'")


@eval_app.command("compare")
def eval_compare(
    a: Annotated[Path, typer.Argument(help="Result folder A.")],
    b: Annotated[Path, typer.Argument(help="Result folder B.")],
    task: Annotated[
        str | None, typer.Option(help="Compare only this task's examples (e.g. a HotPotQA-Derived level).")
    ] = None,
) -> None:
    """Print metric deltas (B − A) and McNemar's p-value on the examples both runs scored."""
    from veracity.eval.harness import compare_runs

    try:
        typer.echo(json.dumps(compare_runs(a, b, task), indent=2))
    except VeracityError as exc:
        raise _fail(str(exc)) from exc


@eval_app.command("report")
def eval_report(
    results: Annotated[Path, typer.Option(help="Folder of committed result folders.")] = Path("benchmarks/results"),
    output: Annotated[Path, typer.Option(help="The Markdown file to write.")] = Path("BENCHMARKS.md"),
) -> None:
    """Regenerate BENCHMARKS.md from the metrics.json files under benchmarks/results/."""
    from veracity.eval.report import write_benchmarks

    try:
        count = write_benchmarks(results, output)
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(f"wrote {output} from {count} result folders", err=True)


@eval_app.command("claims")
def eval_claims(
    out: Annotated[Path, typer.Option(help="Result folder (predictions.jsonl, metrics.json).")],
    extractor: Annotated[str, typer.Option(help="Claim extractor: rules or llm.")] = "rules",
    llm: Annotated[str, typer.Option(help=LLM_HELP)] = DEFAULT_LLM,
    limit: Annotated[int | None, typer.Option(help="Only the first N bios.")] = None,
    data_dir: Annotated[Path | None, typer.Option(help="Benchmark data folder (default ../shared/data).")] = None,
) -> None:
    """Claim extraction against FActScore's human atomic facts: Semantic Match F1 (τ = 0.75) and easiness."""
    from tqdm import tqdm

    from veracity.data.loaders import default_data_dir
    from veracity.eval.claims import evaluate_claim_extraction
    from veracity.models.embedder import SentenceTransformerEmbedder
    from veracity.stages.claims import LLMClaimExtractor, RulesClaimExtractor

    try:
        _check_choice("extractor", extractor, ("rules", "llm"))
        stage = LLMClaimExtractor(_load_llm(llm)) if extractor == "llm" else RulesClaimExtractor()
        metrics = evaluate_claim_extraction(
            stage,
            data_dir or default_data_dir(),
            out,
            SentenceTransformerEmbedder().embed,
            limit=limit,
            progress=lambda items: tqdm(items, unit="bio", desc="eval claims", file=sys.stderr, mininterval=2.0),
        )
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(json.dumps({k: v for k, v in metrics.items() if isinstance(v, (int, float))}, indent=2))


@eval_app.command("evidence")
def eval_evidence(
    out: Annotated[Path, typer.Option(help="Result folder (predictions.jsonl, metrics.json).")],
    settings: Annotated[
        list[str] | None,
        typer.Option("--set", help="litehall retriever setting key=value (retriever=llm, top_k=3, llm=...)."),
    ] = None,
    limit: Annotated[int | None, typer.Option(help="Only the first N questions.")] = None,
    data_dir: Annotated[Path | None, typer.Option(help="Benchmark data folder (default ../shared/data).")] = None,
) -> None:
    """Evidence retrieval against HotpotQA's supporting sentences: coverage, P, R, F1, Jaccard."""
    from tqdm import tqdm

    from veracity.data.loaders import default_data_dir
    from veracity.eval.evidence import evaluate_evidence_retrieval

    try:
        retriever = _litehall(**parse_settings(settings)).retriever
        metrics = evaluate_evidence_retrieval(
            retriever,
            data_dir or default_data_dir(),
            out,
            limit=limit,
            progress=lambda items: tqdm(items, unit="q", desc="eval evidence", file=sys.stderr, mininterval=2.0),
        )
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(json.dumps({"n": metrics["n"], **metrics["retrieved"]}, indent=2))


data_app = typer.Typer(help="Build datasets: NLI training data, HotPotQA-Derived, the default knowledge corpus.")
app.add_typer(data_app, name="data")
train_app = typer.Typer(help="Train veracity's own models.")
app.add_typer(train_app, name="train")


@data_app.command("build-nli")
def data_build_nli(
    out: Annotated[Path, typer.Option(help="Output folder: train.jsonl, dev.jsonl, stats.json.")],
    config_file: Annotated[
        Path | None, typer.Option("--config", help="YAML file of builder settings, e.g. configs/nli-data-v2.yaml.")
    ] = None,
    settings: Annotated[
        list[str] | None,
        typer.Option("--set", help="Builder setting key=value (see NLIBuildConfig); wins over --config."),
    ] = None,
    data_dir: Annotated[Path | None, typer.Option(help="Benchmark data folder (default ../shared/data).")] = None,
) -> None:
    """Build NLI training data: synthetic pairs and human-labelled grounding sources, decontaminated.

    Synthetic pairs come from HaluEval's train split and perturbed real sentences; the grounding sources of
    ../shared/data/grounding join with their weights (--config configs/nli-data-v2.yaml).
    """
    from tqdm import tqdm

    from veracity.data.loaders import default_data_dir
    from veracity.training.nli_data import NLIBuildConfig, build_nli_dataset

    logging.getLogger("veracity.training").setLevel(logging.INFO)  # which source is being read
    logging.basicConfig(format="%(message)s", stream=sys.stderr)
    try:
        config = NLIBuildConfig.model_validate({**_yaml_settings(config_file), **parse_settings(settings)})
        stats = build_nli_dataset(
            data_dir or default_data_dir(),
            out,
            config,
            progress=lambda items: tqdm(items, unit="ex", desc="build-nli", file=sys.stderr, mininterval=5.0),
        )
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    except ValueError as exc:
        raise _fail(f"invalid settings: {exc}") from exc
    typer.echo(json.dumps({k: stats[k]["label"] for k in ("train", "dev")}, indent=2))


def _yaml_settings(path: Path | None) -> dict[str, Any]:
    """The settings of a YAML file (an empty mapping without one)."""
    if path is None:
        return {}
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise _fail(f"cannot read settings file {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise _fail(f"settings file {path} must hold a mapping of key: value")
    return data


@data_app.command("build-hotpotqa-derived")
def data_build_hotpotqa_derived(
    out: Annotated[Path, typer.Option(help="Output folder: examples.jsonl, stats.json.")] = Path(
        "runs/hotpotqa-derived"
    ),
    seed: Annotated[int, typer.Option(help="Seed of the candidate choices.")] = 13,
    data_dir: Annotated[Path | None, typer.Option(help="Benchmark data folder (default ../shared/data).")] = None,
) -> None:
    """Build HotPotQA-Derived (Logic-Matters §3.6) from the 500 HotpotQA dev questions, by rules."""
    from veracity.data.hotpotqa_derived import build_hotpotqa_derived
    from veracity.data.loaders import default_data_dir

    try:
        stats = build_hotpotqa_derived(data_dir or default_data_dir(), out, seed)
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(json.dumps(stats, indent=2))


@data_app.command("synth")
def data_synth(
    corpus: Annotated[Path, typer.Argument(help="A folder of .txt/.md files, or JSONL rows {id, title?, text}.")],
    out: Annotated[Path, typer.Option(help="Output folder: records.jsonl (resumable), stats.json, derived sets.")],
    sentences: Annotated[int, typer.Option(help="K: sentences per passage.")] = 5,
    stride: Annotated[int, typer.Option(help="s: stride of the sliding window.")] = 1,
    per_document: Annotated[int, typer.Option(help="Passages drawn per document.")] = 1,
    seed: Annotated[int, typer.Option(help="Seed of the passage and edit choices.")] = 13,
    limit: Annotated[int | None, typer.Option(help="Only the first N documents of the corpus.")] = None,
    neutral: Annotated[
        str | None, typer.Option(help="Add NEUT triplets with this NLI model (e.g. veracity-nli-small).")
    ] = None,
    llm: Annotated[
        str | None,
        typer.Option(
            help="Generate with this LLM and Table 1's prompt (catalog name, .gguf path or URL); default: rules."
        ),
    ] = None,
    llm_timeout: Annotated[float, typer.Option(help="Seconds per LLM request.")] = 300.0,
) -> None:
    """LLM-OASIS data (§3): passages, claims, a falsified claim, factual and unfactual texts; derived sets."""
    import itertools

    from pydantic import ValidationError
    from tqdm import tqdm

    from veracity.data.oasis import SynthConfig, neutral_triplets, synthesize, write_derived_sets
    from veracity.schema import Document
    from veracity.stages.retrieve.knowledge import CorpusProblem, iter_corpus

    try:
        try:
            config = SynthConfig(
                sentences=sentences,
                stride=stride,
                passages_per_document=per_document,
                seed=seed,
                generator="llm" if llm else "rules",
            )
        except ValidationError as exc:
            raise ConfigError(f"bad synth setting: {exc.errors()[0]['loc'][0]}: {exc.errors()[0]['msg']}") from exc
        if not corpus.exists():
            raise InputError(f"cannot read corpus {corpus}: no such file or folder")

        def documents() -> Iterator[Document]:
            for item in itertools.islice(iter_corpus(corpus), limit):
                if isinstance(item, CorpusProblem):
                    typer.echo(f"skipped {item.where}: {item.problem}", err=True)
                else:
                    yield item

        bar = tqdm(unit="doc", desc="synth", file=sys.stderr, total=limit, mininterval=2.0)
        try:
            generator = None
            if llm is not None:
                from veracity.models.llm import load_llm

                generator = load_llm(llm, timeout=llm_timeout)
            stats = synthesize(documents(), out, config, progress=bar.update, llm=generator)
        finally:
            bar.close()
        extra: list[dict[str, Any]] = []
        if neutral is not None:
            from veracity.detectors import load_detector

            scorer = load_detector("verifier", calibration="none", model=neutral)
            extra = neutral_triplets(out, {d.id: d for d in documents()}, scorer.score_pairs)  # type: ignore[attr-defined]
        stats["derived"] = write_derived_sets(out, extra)
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(json.dumps({k: v for k, v in stats.items() if k != "rejected_documents"}, indent=2))


@data_app.command("build-knowledge-corpus")
def data_build_knowledge_corpus(
    out: Annotated[Path, typer.Option(help="Output JSONL of documents {id, title?, text, source}.")] = Path(
        "runs/knowledge/corpus.jsonl"
    ),
    data_dir: Annotated[Path | None, typer.Option(help="Benchmark data folder (default ../shared/data).")] = None,
    sources: Annotated[
        str | None,
        typer.Option(help="Comma-separated subset: halueval-qa-train, halueval-dialogue-train, covid-qa, hotpotqa."),
    ] = None,
) -> None:
    """Gather the default knowledge corpus (HaluEval train knowledge, COVID-QA, HotpotQA paragraphs) for an index."""
    from veracity.data.knowledge import SOURCES, build_knowledge_corpus
    from veracity.data.loaders import default_data_dir

    try:
        chosen = [s.strip() for s in sources.split(",") if s.strip()] if sources else list(SOURCES)
        stats = build_knowledge_corpus(data_dir or default_data_dir(), out, chosen)
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(json.dumps(stats, indent=2))


@train_app.command("verifier")
def train_verifier_command(
    config: Annotated[Path, typer.Option(help="YAML training config, e.g. configs/verifier-small.yaml.")],
    settings: Annotated[list[str] | None, typer.Option("--set", help="Override a config key=value.")] = None,
) -> None:
    """Fine-tune the 3-class verifier; resumes from OUTPUT_DIR/checkpoint when one exists."""
    from veracity.training.verifier import load_train_config, train_verifier

    try:
        summary = train_verifier(
            load_train_config(config, parse_settings(settings)), log=lambda line: typer.echo(line, err=True)
        )
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(json.dumps(summary, indent=2))


@train_app.command("span")
def train_span_command(
    config: Annotated[Path, typer.Option(help="YAML training config, e.g. configs/span-small.yaml.")],
    settings: Annotated[list[str] | None, typer.Option("--set", help="Override a config key=value.")] = None,
) -> None:
    """Train the span model (a token classifier of unsupported answer tokens); resumes from OUTPUT_DIR/checkpoint."""
    from veracity.training import load_yaml_config
    from veracity.training.span import SpanTrainConfig, train_span_model

    try:
        summary = train_span_model(
            load_yaml_config(config, SpanTrainConfig, parse_settings(settings)),
            log=lambda line: typer.echo(line, err=True),
        )
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(json.dumps(summary, indent=2))


@train_app.command("fused")
def train_fused_command(
    data: Annotated[list[str], typer.Option("--data", help="Labelled dataset to fit on (repeat): jsonl:PATH, ...")],
    out: Annotated[Path, typer.Option(help="The fused model file to write (JSON).")],
    dev: Annotated[list[str] | None, typer.Option("--dev", help="Dataset for before / after figures (repeat).")] = None,
    settings: Annotated[list[str] | None, typer.Option("--set", help="Another setting key=value.")] = None,
) -> None:
    """Fit the fused detector's model on labelled answers (signals are cached and resumed beside OUT)."""
    from veracity.training.fused import FusedTrainConfig, train_fused

    try:
        config = FusedTrainConfig.model_validate(
            {"data": data, "out": out, "dev": dev or [], **parse_settings(settings)}
        )
        result = train_fused(config, log=lambda line: typer.echo(line, err=True))
    except ValueError as exc:
        raise _fail(f"invalid settings: {exc}") from exc
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(json.dumps({k: v for k, v in result.items() if k != "config"}, indent=2))


@train_app.command("retriever")
def train_retriever_command(
    config: Annotated[Path, typer.Option(help="YAML training config, e.g. configs/retriever-oasis.yaml.")],
    settings: Annotated[list[str] | None, typer.Option("--set", help="Override a config key=value.")] = None,
) -> None:
    """Fine-tune the dense retriever on LLM-OASIS (claim, passage) pairs with in-batch negatives (§5.2)."""
    from veracity.training.retriever import load_retriever_config, train_retriever

    try:
        summary = train_retriever(
            load_retriever_config(config, parse_settings(settings)), log=lambda line: typer.echo(line, err=True)
        )
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(json.dumps(summary, indent=2))


@train_app.command("leap-strategies")
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
        raise _fail(f"invalid settings: {exc}") from exc
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(json.dumps(metrics, indent=2))


@train_app.command("leap-agent")
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
        raise _fail(f"invalid settings: {exc}") from exc
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    brief = {a: {k: v for k, v in r.items() if k != "losses"} for a, r in summary["agents"].items()}
    typer.echo(json.dumps(brief, indent=2))


leap_app = typer.Typer(help="LEAP's agent: memories and trajectory exports for agent tuning.")
app.add_typer(leap_app, name="leap")
memory_app = typer.Typer(help="Inspect and manage a LEAP memory folder.")
leap_app.add_typer(memory_app, name="memory")


def _open_memory(folder: Path, embedder: str) -> Any:
    from veracity.models.embedder import SentenceTransformerEmbedder
    from veracity.stages.agent.memory import AgentMemory

    if not (folder / "memory.json").exists():
        raise _fail(f"no LEAP memory in {folder} (no memory.json)")
    try:
        return AgentMemory.open(folder, SentenceTransformerEmbedder(embedder))
    except VeracityError as exc:
        raise _fail(str(exc)) from exc


@memory_app.command("stats")
def leap_memory_stats(
    folder: Annotated[Path, typer.Argument(help="A memory folder.")],
    embedder: Annotated[str, typer.Option(help="The memory's embedder.")] = "all-MiniLM-L6-v2",
) -> None:
    """Record counts per memory, advantages, and the strategy pool's size and entropy (Table 6)."""
    typer.echo(json.dumps(_open_memory(folder, embedder).stats(), indent=2))


@memory_app.command("export")
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
def leap_memory_prune(
    folder: Annotated[Path, typer.Argument(help="A memory folder.")],
    kind: Annotated[str | None, typer.Option(help="planner, actor or critic (default: all).")] = None,
    keep_last: Annotated[int | None, typer.Option(help="Keep the newest N records of each kind.")] = None,
    min_advantage: Annotated[float | None, typer.Option(help="Drop actor records below this advantage.")] = None,
    embedder: Annotated[str, typer.Option(help="The memory's embedder.")] = "all-MiniLM-L6-v2",
) -> None:
    """Drop records and save the memory."""
    if kind is not None:
        _check_choice("--kind", kind, ("planner", "actor", "critic"))
    if keep_last is None and min_advantage is None:
        raise _fail("say what to prune: --keep-last N and/or --min-advantage A")
    memory = _open_memory(folder, embedder)
    removed = memory.prune(kind=kind, keep_last=keep_last, min_advantage=min_advantage)
    memory.save()
    typer.echo(json.dumps({"removed": removed, **memory.stats()["counts"]}))


@leap_app.command("export")
def leap_export(
    trajectories: Annotated[Path, typer.Argument(help="trajectories.jsonl of a learning run.")],
    out: Annotated[Path, typer.Option(help="Folder for planner.jsonl, actor.jsonl and critic.jsonl.")],
    min_advantage: Annotated[float, typer.Option(help="Keep conversations with A above this (§3.4: 0).")] = 0.0,
) -> None:
    """The agent-tuning sets of §3.4, in chat JSONL with per-message train masks."""
    from veracity.training.leap import export_sft

    try:
        counts = export_sft(trajectories, out, min_advantage)
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(json.dumps(counts))


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
        try:
            config = IndexConfig(embedder=embedder, passage_tokens=passage_tokens)
        except ValidationError as exc:
            raise ConfigError(f"bad index setting: {exc.errors()[0]['loc'][0]}: {exc.errors()[0]['msg']}") from exc
        if not corpus.exists():
            raise InputError(f"cannot read corpus {corpus}: no such file or folder")
        _index_add(KnowledgeIndex.create(out, config), corpus)
    except VeracityError as exc:
        raise _fail(str(exc)) from exc


@index_app.command("add")
def index_add(
    index: Annotated[Path, typer.Argument(help="An index folder made by `veracity index build`.")],
    corpus: Annotated[Path, typer.Argument(help="More documents; those whose id is indexed already are skipped.")],
) -> None:
    """Add documents to an index (and finish an interrupted addition)."""
    from veracity.stages.retrieve.knowledge import KnowledgeIndex

    try:
        if not corpus.exists():
            raise InputError(f"cannot read corpus {corpus}: no such file or folder")
        _index_add(KnowledgeIndex.open(index), corpus)
    except VeracityError as exc:
        raise _fail(str(exc)) from exc


@index_app.command("search")
def index_search(
    index: Annotated[Path, typer.Argument(help="An index folder.")],
    query: Annotated[str, typer.Argument(help="The query text.")],
    k: Annotated[int, typer.Option("-k", help="Passages to return.")] = 5,
    mode: Annotated[str, typer.Option(help="hybrid (RRF of both), dense or bm25.")] = "hybrid",
) -> None:
    """Print the best passages for a query as JSON lines."""
    from veracity.stages.retrieve.knowledge import KnowledgeIndex

    try:
        _check_choice("mode", mode, ("hybrid", "dense", "bm25"))
        hits = KnowledgeIndex.open(index).search(query, k=k, mode=mode)  # type: ignore[arg-type]
    except VeracityError as exc:
        raise _fail(str(exc)) from exc
    for hit in hits:
        p = hit.passage
        row = {"score": round(hit.score, 6), "dense_rank": hit.dense_rank, "bm25_rank": hit.bm25_rank}
        typer.echo(json.dumps({**row, "doc_id": p.doc_id, "start": p.start, "end": p.end, "text": p.text}))


@index_app.command("info")
def index_info(index: Annotated[Path, typer.Argument(help="An index folder.")]) -> None:
    """Print an index's manifest: settings, counts, corpus hash, build time, size on disk."""
    from veracity.stages.retrieve.knowledge import KnowledgeIndex

    try:
        typer.echo(json.dumps(KnowledgeIndex.open(index).info(), indent=2))
    except VeracityError as exc:
        raise _fail(str(exc)) from exc


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to bind. Anything but loopback requires API keys.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port.")] = 8000,
    data_dir: Annotated[
        Path | None, typer.Option(help="Jobs database folder (default $VERACITY_DATA_DIR or ~/.local/share/veracity).")
    ] = None,
    api_keys_file: Annotated[
        Path | None,
        typer.Option(help="API keys, one per line (or sha256:HEX); $VERACITY_API_KEYS adds comma-separated keys."),
    ] = None,
    detector: Annotated[str, typer.Option("--detector", "-d", help="Default detector of requests.")] = DEFAULT_DETECTOR,
    settings: Annotated[
        list[str] | None, typer.Option("--set", help="Service setting key=value (see docs/service.md); repeatable.")
    ] = None,
    index: Annotated[
        list[str] | None,
        typer.Option("--index", help="NAME=DIR: a knowledge index requests may name (open domain); repeatable."),
    ] = None,
) -> None:
    """Run the HTTP service: /v1/detect, batch jobs, the web page at /, /metrics (docs/service.md)."""
    try:
        import uvicorn

        from veracity.server.app import create_app
        from veracity.server.security import load_key_hashes
        from veracity.server.settings import ServiceSettings
    except ImportError as exc:
        raise _fail(f"the service needs its extra: pip install 'veracity[serve]' ({exc.name} is missing)") from exc
    try:
        values: dict[str, Any] = {"host": host, "port": port, "default_detector": detector, **parse_settings(settings)}
        if data_dir is not None:
            values["data_dir"] = data_dir
        values["api_key_hashes"] = load_key_hashes(api_keys_file)
        values.setdefault("warm_detectors", [detector])
        for item in index or []:
            name, sep, folder = item.partition("=")
            if not sep or not name or not folder:
                raise InputError(f"--index takes NAME=DIR, got {item!r}")
            if not (Path(folder).expanduser() / "manifest.json").exists():
                raise InputError(
                    f"--index {name}: no knowledge index in {folder} (build one with `veracity index build`)"
                )
            values.setdefault("indexes", {})[name] = Path(folder).expanduser().resolve()
        service = ServiceSettings.model_validate(values)
    except (VeracityError, ValueError) as exc:
        raise _fail(str(exc)) from exc
    if service.requires_keys and not service.api_key_hashes:
        raise _fail(
            f"--host {host} accepts connections from other machines: give API keys (--api-keys-file or "
            "$VERACITY_API_KEYS), or bind to 127.0.0.1"
        )
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    typer.echo(f"veracity serving on http://{host}:{port} (data in {service.data_dir})", err=True)
    uvicorn.run(create_app(service), host=host, port=port, log_level="info", server_header=False)


@app.command()
def schema() -> None:
    """Print the JSON Schema of a Report (the contents of docs/schema.json)."""
    from veracity.schema import report_json_schema

    typer.echo(json.dumps(report_json_schema(), indent=2, ensure_ascii=False))


__all__ = ["app", "main", "parse_settings", "read_file", "read_text", "render_report"]

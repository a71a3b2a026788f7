"""``veracity eval``: benchmark runs, comparisons, the cascade curve, BENCHMARKS.md, LiteHall's module evaluations."""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from veracity.registry import DEFAULT_DETECTOR

if TYPE_CHECKING:
    pass

from veracity.cli._app import (
    DEFAULT_LLM,
    LLM_HELP,
    AddressOption,
    BatchSizeOption,
    CpusOption,
    EngineOption,
    GpusOption,
    WorkersOption,
    app,
    check_choice,
    error_exit,
    handle_errors,
    llm_of_spec,
    parse_settings,
    ray_settings_of,
)
from veracity.cli.stages import litehall_detector

eval_app = typer.Typer(help="Evaluate detectors on benchmarks; compare runs; regenerate BENCHMARKS.md.")
app.add_typer(eval_app, name="eval")


@eval_app.callback(invoke_without_command=True)
@handle_errors
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
    warm_up: Annotated[
        bool,
        typer.Option(
            help="Load every model first (one tiny input per route), so answers/s measures checking, not loading."
        ),
    ] = False,
) -> None:
    """Run a detector over a dataset: writes OUT/predictions.jsonl (resumable) and OUT/metrics.json."""
    if ctx.invoked_subcommand is not None:
        return
    if dataset is None or out is None:
        raise error_exit("veracity eval needs --dataset and --out (or a subcommand: compare, report)")
    from tqdm import tqdm

    from veracity.detectors import load_detector
    from veracity.eval.harness import evaluate, kept_predictions

    def progress(items: Any, name: str) -> Any:
        return tqdm(items, unit="ex", desc=f"eval {name}", file=sys.stderr, mininterval=2.0)

    options = parse_settings(settings)
    if kept := kept_predictions(out):
        typer.echo(f"resuming {out}: its {kept} predictions are kept and their examples skipped (for a fresh run, "
                   "delete the folder)", err=True)  # fmt: skip
    ray_settings = ray_settings_of(engine, address, workers, batch_size, cpus_per_worker, gpus_per_worker)
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
            warm_up=warm_up,
        )
    for bad in result.bad_records[:10]:
        typer.echo(f"skipped {bad.error}", err=True)
    _add_behaviour_metrics(dataset, out)
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


def _add_behaviour_metrics(dataset: str, out: Path) -> None:
    """On the behavioural suite, add its pass rates per test and its floors to OUT/metrics.json (``behaviour``)."""
    from veracity.data.loaders import DatasetSpec

    spec = DatasetSpec.parse(dataset)
    if spec.name != "behaviour":
        return
    from veracity.eval.behaviour import score_run

    behaviour = score_run(out, spec.split)
    path = out / "metrics.json"
    metrics = json.loads(path.read_text(encoding="utf-8"))
    if metrics.get("behaviour") != json.loads(json.dumps(behaviour)):
        metrics["behaviour"] = behaviour
        path.write_text(json.dumps(metrics, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    missed = [row for row in behaviour["floors"] if row["passed"] is False]
    failed = [row["test"] + (f"@{row['length']}" if row["length"] else "") for row in missed]
    typer.echo(
        f"behaviour: {behaviour['floors_met']} of {behaviour['floors_measured']} floors met"
        + (f"; missed: {', '.join(failed)}" if failed else ""),
        err=True,
    )


@eval_app.command("cascade-curve")
@handle_errors
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
    from veracity.calibration import Calibrator
    from veracity.eval.cascade import fit_cascade, plot_cascade

    loaded = Calibrator.load(calibrator) if calibrator is not None else None
    result = fit_cascade(first, second, loaded, target_accuracy, tolerance)
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
@handle_errors
def eval_compare(
    a: Annotated[Path, typer.Argument(help="Result folder A.")],
    b: Annotated[Path, typer.Argument(help="Result folder B.")],
    task: Annotated[
        str | None, typer.Option(help="Compare only this task's examples (e.g. a HotPotQA-Derived level).")
    ] = None,
) -> None:
    """Print metric deltas (B − A) and McNemar's p-value on the examples both runs scored."""
    from veracity.eval.harness import compare_runs

    typer.echo(json.dumps(compare_runs(a, b, task), indent=2))


@eval_app.command("report")
@handle_errors
def eval_report(
    results: Annotated[Path, typer.Option(help="Folder of committed result folders.")] = Path("benchmarks/results"),
    output: Annotated[Path, typer.Option(help="The Markdown file to write.")] = Path("BENCHMARKS.md"),
) -> None:
    """Regenerate BENCHMARKS.md from the metrics.json files under benchmarks/results/."""
    from veracity.eval.report import write_benchmarks

    count = write_benchmarks(results, output)
    typer.echo(f"wrote {output} from {count} result folders", err=True)


@eval_app.command("claims")
@handle_errors
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

    check_choice("extractor", extractor, ("rules", "llm"))
    stage = LLMClaimExtractor(llm_of_spec(llm)) if extractor == "llm" else RulesClaimExtractor()
    metrics = evaluate_claim_extraction(
        stage,
        data_dir or default_data_dir(),
        out,
        SentenceTransformerEmbedder().embed,
        limit=limit,
        progress=lambda items: tqdm(items, unit="bio", desc="eval claims", file=sys.stderr, mininterval=2.0),
    )
    typer.echo(json.dumps({k: v for k, v in metrics.items() if isinstance(v, (int, float))}, indent=2))


@eval_app.command("evidence")
@handle_errors
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

    retriever = litehall_detector(**parse_settings(settings)).retriever
    metrics = evaluate_evidence_retrieval(
        retriever,
        data_dir or default_data_dir(),
        out,
        limit=limit,
        progress=lambda items: tqdm(items, unit="q", desc="eval evidence", file=sys.stderr, mininterval=2.0),
    )
    typer.echo(json.dumps({"n": metrics["n"], **metrics["retrieved"]}, indent=2))

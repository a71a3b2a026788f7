"""``veracity data``: NLI training data, HotPotQA-Derived, LLM-OASIS sets, the default knowledge corpus."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from veracity.errors import ConfigError

if TYPE_CHECKING:
    pass

from veracity.cli._app import app, error_exit, handle_errors, parse_settings

data_app = typer.Typer(help="Build datasets: NLI training data, HotPotQA-Derived, the default knowledge corpus.")
app.add_typer(data_app, name="data")


@data_app.command("build-nli")
@handle_errors
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
    except ValueError as exc:
        raise error_exit(f"invalid settings: {exc}") from exc
    typer.echo(json.dumps({k: stats[k]["label"] for k in ("train", "dev")}, indent=2))


def _yaml_settings(path: Path | None) -> dict[str, Any]:
    """The settings of a YAML file (an empty mapping without one)."""
    if path is None:
        return {}
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise error_exit(f"cannot read settings file {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise error_exit(f"settings file {path} must hold a mapping of key: value")
    return data


@data_app.command("build-hotpotqa-derived")
@handle_errors
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

    stats = build_hotpotqa_derived(data_dir or default_data_dir(), out, seed)
    typer.echo(json.dumps(stats, indent=2))


@data_app.command("synth")
@handle_errors
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
    from pydantic import ValidationError
    from tqdm import tqdm

    from veracity.data.oasis import SynthConfig, synthesize_corpus

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
    generator = None
    if llm is not None:
        from veracity.models.llm import load_llm

        generator = load_llm(llm, timeout=llm_timeout)
    scorer = None
    if neutral is not None:
        from veracity.detectors import load_detector

        scorer = load_detector("verifier", calibration="none", model=neutral).score_pairs  # type: ignore[attr-defined]
    bar = tqdm(unit="doc", desc="synth", file=sys.stderr, total=limit, mininterval=2.0)
    try:
        stats = synthesize_corpus(corpus, out, config, limit, generator, scorer,
                                  on_skip=lambda line: typer.echo(line, err=True), progress=bar.update)  # fmt: skip
    finally:
        bar.close()
    typer.echo(json.dumps({k: v for k, v in stats.items() if k != "rejected_documents"}, indent=2))


@data_app.command("build-knowledge-corpus")
@handle_errors
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

    chosen = [s.strip() for s in sources.split(",") if s.strip()] if sources else list(SOURCES)
    stats = build_knowledge_corpus(data_dir or default_data_dir(), out, chosen)
    typer.echo(json.dumps(stats, indent=2))


@data_app.command("incontext-edits")
@handle_errors
def data_incontext_edits(
    source: Annotated[str, typer.Option("--from", help="Dataset whose faithful answers (label 0) are edited.")],
    out: Annotated[Path, typer.Option(help="Output JSONL of generic examples: edited and unedited windows.")],
    seed: Annotated[int, typer.Option(help="Seed of the edit choices (with each answer's id).")] = 0,
    per_answer: Annotated[int, typer.Option(min=1, help="Most edits per answer, each on its own sentence.")] = 2,
    limit: Annotated[int | None, typer.Option(min=1, help="Only the first N faithful answers.")] = None,
    data_dir: Annotated[Path | None, typer.Option(help="Benchmark data folder (default ../shared/data).")] = None,
) -> None:
    """Synthetic in-context edits (value swap, role reversal, negation, antonym) with exact spans, for the span model.

    Each edit of a faithful answer gives a short window (the edited sentence and the context sentences aligned with
    it) labelled 1 with the edited characters as its span, and the same window unedited labelled 0. Read it back as
    jsonl:FILE.
    """
    from tqdm import tqdm

    from veracity.data.incontext_edits import build_incontext_edits
    from veracity.data.loaders import default_data_dir, load_dataset

    records = load_dataset(source, data_dir or default_data_dir())
    with tqdm(unit="answer", desc="incontext-edits", file=sys.stderr, total=limit, mininterval=5.0) as bar:
        stats = build_incontext_edits(records, out, seed, per_answer, limit, progress=bar.update)
    typer.echo(json.dumps(stats, indent=2))

"""LiteHall's three steps run alone: ``claims``, ``evidence``, ``verify`` (JSON)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    pass

from veracity.cli._app import DEFAULT_LLM, LLM_HELP, _check_choice, _load_llm, app, handle_errors, read_file, read_text


@app.command()
@handle_errors
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

    _check_choice("extractor", extractor, ("rules", "llm"))
    stage = LLMClaimExtractor(_load_llm(llm)) if extractor == "llm" else RulesClaimExtractor()
    result = stage.extract(read_text(answer), read_text(question) if question else None)
    typer.echo(json.dumps({
        "sentences": [{"index": s.index, "text": s.text} for s in result.sentences],
        "claims": [c.model_dump() for c in result.claims],
        "dropped": result.dropped,
        "notes": result.notes,
    }, indent=2, ensure_ascii=False))  # fmt: skip


@app.command()
@handle_errors
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

    _check_choice("retriever", retriever, ("scored", "llm"))
    documents = [Document(id=f"{p.stem}-{i}", text=read_file(p)) for i, p in enumerate(context, 1)]
    stage = litehall_detector(retriever=retriever, llm=llm, top_k=top_k).retriever
    texts = [read_text(c) for c in claim]
    notes: list[str] = []
    found = stage.retrieve(texts, stage.chunks(documents, notes))
    out = []
    for text, item in zip(texts, found, strict=True):
        out.append({"claim": text, "evidence": [
            {"main": {"document": m.document_id, "sentence": m.sentence.index, "text": m.text}, "score": score,
             "support": [{"document": s.document_id, "sentence": s.sentence.index, "text": s.text} for s in sup]}
            for m, sup, score in zip(item.main, item.support, item.scores, strict=True)],
            "notes": notes + item.notes})  # fmt: skip
    typer.echo(json.dumps(out, indent=2, ensure_ascii=False))


@app.command()
@handle_errors
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

    _check_choice("verifier", verifier, ("nli", "llm"))
    documents = [Document(id=f"{p.stem}-{i}", text=read_file(p)) for i, p in enumerate(context, 1)]
    detector = litehall_detector(verifier=verifier, llm=llm, nli_model=model)
    texts = [read_text(c) for c in claim]
    found = detector.retriever.retrieve(texts, detector.retriever.chunks(documents))
    checks = detector.verifier.verify(texts, found, read_text(question) if question else None)
    typer.echo(json.dumps([
        {"claim": t, "label": c.label.value, "p_supported": c.p_supported, "p_contradicted": c.p_contradicted,
         "error_spans": [s.text for s in c.error_spans], "premise": c.premise, "note": c.note}
        for t, c in zip(texts, checks, strict=True)], indent=2, ensure_ascii=False))  # fmt: skip


def litehall_detector(**settings: Any) -> Any:
    """A ``litehall`` detector with these settings (its stages are what the stage commands run)."""
    from veracity.detectors.litehall import LiteHallDetector

    return LiteHallDetector.from_config(**settings)

"""LiteHall's three steps run alone: ``claims``, ``evidence``, ``verify`` (JSON)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    pass

from veracity.cli._app import (
    DEFAULT_LLM,
    LLM_HELP,
    app,
    check_choice,
    check_one_stdin,
    handle_errors,
    llm_of_spec,
    read_text,
    read_text_or_file,
)

CONTEXT_HELP = (
    "A context document: the text itself, @FILE, an existing file's name, or - for standard input (as "
    "`veracity detect --context`); repeatable."
)


@app.command()
@handle_errors
def claims(
    answer: Annotated[str, typer.Option(help="The answer: text, @FILE, or - for standard input.")],
    question: Annotated[
        str | None, typer.Option(help="The question, if any: text, @FILE, or - for standard input.")
    ] = None,
    extractor: Annotated[
        str,
        typer.Option(help="rules (no LLM) or llm (an LLM splits the answer into claims; LiteHall Table 16's prompt)."),
    ] = "rules",
    llm: Annotated[str, typer.Option(help=LLM_HELP)] = DEFAULT_LLM,
) -> None:
    """LiteHall stage 1 alone: the answer's atomic claims with their sentence index (JSON)."""
    from veracity.stages.claims import LLMClaimExtractor, RulesClaimExtractor

    check_choice("extractor", extractor, ("rules", "llm"))
    stage = LLMClaimExtractor(llm_of_spec(llm)) if extractor == "llm" else RulesClaimExtractor()
    check_one_stdin({"--answer": [answer], "--question": [question] if question else []})
    result = stage.extract(read_text(answer, "--answer"), read_text(question, "--question") if question else None)
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
    context: Annotated[list[str], typer.Option("--context", "-c", help=CONTEXT_HELP)],
    top_k: Annotated[int, typer.Option(help="Main sentences per claim.")] = 2,
    retriever: Annotated[
        str,
        typer.Option(help="scored (no LLM) or llm (an LLM picks the evidence sentences; LiteHall Table 17's prompt)."),
    ] = "scored",
    llm: Annotated[str, typer.Option(help=LLM_HELP)] = DEFAULT_LLM,
) -> None:
    """LiteHall stage 2 alone: each claim's main and supporting evidence sentences (JSON)."""
    check_choice("retriever", retriever, ("scored", "llm"))
    check_one_stdin({"--claim": claim, "--context": context})
    documents = stage_documents(context)
    stage = litehall_detector(retriever=retriever, llm=llm, top_k=top_k).retriever
    texts = [read_text(c, "--claim") for c in claim]
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
    context: Annotated[list[str], typer.Option("--context", "-c", help=CONTEXT_HELP)],
    question: Annotated[
        str | None, typer.Option(help="The question (for the irrelevant label): text, @FILE, or - for standard input.")
    ] = None,
    model: Annotated[str, typer.Option(help="Pair scorer: catalog name, folder or HF id.")] = "veracity-nli-small",
    verifier: Annotated[
        str, typer.Option(help="nli (the NLI model) or llm (an LLM labels each claim; LiteHall Table 18's prompt).")
    ] = "nli",
    llm: Annotated[str, typer.Option(help=LLM_HELP)] = DEFAULT_LLM,
) -> None:
    """LiteHall's third step alone (verification): label each claim against its evidence, with error spans (JSON)."""
    check_choice("verifier", verifier, ("nli", "llm"))
    check_one_stdin({"--claim": claim, "--context": context, "--question": [question] if question else []})
    documents = stage_documents(context)
    detector = litehall_detector(verifier=verifier, llm=llm, nli_model=model)
    texts = [read_text(c, "--claim") for c in claim]
    found = detector.retriever.retrieve(texts, detector.retriever.chunks(documents))
    checks = detector.verifier.verify(texts, found, read_text(question, "--question") if question else None)
    typer.echo(json.dumps([
        {"claim": t, "label": c.label.value, "p_supported": c.p_supported, "p_contradicted": c.p_contradicted,
         "error_spans": [s.text for s in c.error_spans], "premise": c.premise, "note": c.note}
        for t, c in zip(texts, checks, strict=True)], indent=2, ensure_ascii=False))  # fmt: skip


def stage_documents(values: list[str]) -> list[Any]:
    """``--context`` values as documents (:func:`~veracity.cli._app.read_text_or_file`): ids ``NAME-i`` or ``doc-i``."""
    from veracity.schema import Document

    documents = []
    for i, value in enumerate(values, 1):
        text, path = read_text_or_file(value, "--context")
        documents.append(Document(id=f"{(path.stem if path is not None else '') or 'doc'}-{i}", text=text))
    return documents


def litehall_detector(**settings: Any) -> Any:
    """A ``litehall`` detector with these settings (its stages are what the stage commands run)."""
    from veracity.detectors.litehall import LiteHallDetector

    return LiteHallDetector.from_config(**settings)

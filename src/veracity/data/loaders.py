"""Benchmark loaders: each turns a dataset into a stream of examples in one generic form.

A dataset is named ``NAME[:SPLIT]`` (``halueval-qa:test``) or as a file, ``jsonl:PATH`` (generic examples) or
``nli:PATH`` (premise/hypothesis pairs, JSONL or 3-column TSV). Loaders stream: nothing is read whole except
where the upstream format is one JSON document. A malformed record is yielded as a :class:`BadRecord` with its
line number, so the caller can count it and go on.
"""

from __future__ import annotations

import ast
import gzip
import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from veracity.detectors.base import DetectInput
from veracity.errors import ConfigError, InputError
from veracity.registry import resolve

__all__ = [
    "LABEL_FORMS",
    "BadRecord",
    "DatasetSpec",
    "Example",
    "NLIPair",
    "Record",
    "default_data_dir",
    "label_value",
    "labelled_example",
    "load_dataset",
]

NLILabel = Literal["entailment", "neutral", "contradiction"]

LABEL_FORMS: dict[str, int] = {
    "1": 1, "true": 1, "hallucinated": 1, "hallucination": 1, "unfaithful": 1,
    "0": 0, "false": 0, "faithful": 0, "supported": 0,
}  # fmt: skip
"""The label forms a labelled record may use (case and surrounding space ignored), besides the numbers 0 and 1 and
the JSON booleans: 1 / true = hallucinated. "yes" / "no" are refused: they answer different questions in different
sets ("is it hallucinated?" in HaluEval, "is it supported?" elsewhere)."""


def label_value(value: Any) -> Any:
    """A record's label as 0 / 1 when it is one of :data:`LABEL_FORMS` (or a boolean); anything else unchanged."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, str):
        return LABEL_FORMS.get(value.strip().lower(), value)
    return value


class Example(BaseModel):
    """One evaluation example in the generic form (label 1 = hallucinated)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    id: str
    question: str | None = None
    answer: str
    context: list[str] = Field(default_factory=list)
    label: Literal[0, 1]
    spans: list[tuple[int, int]] | None = None
    span_types: list[str] | None = Field(
        default=None, description="A type per gold span, where the dataset has them (RAGTruth's four)."
    )
    task: str | None = None
    group: str | None = Field(
        default=None, description="Examples that share a source (RAGTruth: one question or article) share a group."
    )

    @field_validator("label", mode="before")
    @classmethod
    def _label_forms(cls, value: Any) -> Any:
        return label_value(value)


class NLIPair(BaseModel):
    """A (premise, hypothesis, label) pair; ``not_entailment`` (binary sets) means neutral or contradiction."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    id: str
    premise: str
    hypothesis: str
    label: NLILabel | Literal["not_entailment"]


@dataclass(frozen=True)
class BadRecord:
    """A record that could not be read: where it was and why."""

    line: int
    error: str


Record = Example | NLIPair | BadRecord


def default_data_dir() -> Path:
    """``$VERACITY_DATA``, else ``../shared/data`` relative to the working directory (the project layout)."""
    return Path(os.environ.get("VERACITY_DATA") or Path.cwd().parent / "shared" / "data")


@dataclass(frozen=True)
class DatasetSpec:
    """A parsed dataset name."""

    name: str
    split: str | None = None
    path: Path | None = None

    @classmethod
    def parse(cls, text: str) -> DatasetSpec:
        """Parse ``NAME[:SPLIT]``, ``jsonl:PATH``, ``nli:PATH``, ``fever:PATH``, ``ragtruth:PATH``, ``felm:PATH``."""
        name, _, rest = text.partition(":")
        if name in ("jsonl", "nli", "fever", "felm", "oasis", *RAGTRUTH_DATASETS) and rest and rest not in _SPLITS:
            return cls(name, None, Path(rest))
        return cls(name, rest or None)

    def __str__(self) -> str:
        return f"{self.name}:{self.path or self.split}" if self.path or self.split else self.name


_SPLITS = ("train", "dev", "test", "all", "full", "generated")
_HALUEVAL_SPLITS = {"train": (0, 8000), "dev": (8000, 9000), "test": (9000, 10000), "all": (0, 10000)}
_HALUEVAL_FILES = {"qa": "qa_data.json", "dialogue": "dialogue_data.json", "summarization": "summarization_data.json"}


def _require(path: Path, what: str) -> Path:
    if not path.exists():
        raise InputError(
            f"{what} not found at {path}. Benchmark data is not shipped with veracity: docs/data.md says where each "
            "set comes from and which files go where; set VERACITY_DATA (or --data-dir) to the folder that holds them"
        )
    return path


def jsonl_rows(path: Path) -> Iterator[tuple[int, Any | BadRecord]]:
    """The rows of a JSONL file (gzip-compressed when its name ends in ``.gz``), with their line numbers."""
    _require(path, "data file")
    with gzip.open(path, "rb") if path.name.endswith(".gz") else path.open("rb") as handle:
        for line_number, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            try:
                yield line_number, json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError) as exc:
                yield line_number, BadRecord(line_number, f"line {line_number}: not valid JSON ({exc})")


def _halueval(kind: str, closed: bool = False) -> Callable[[DatasetSpec, Path], Iterator[Record]]:
    def load(spec: DatasetSpec, data_dir: Path) -> Iterator[Record]:
        split = spec.split or "test"
        if split not in _HALUEVAL_SPLITS:
            raise ConfigError(f"halueval splits are {', '.join(_HALUEVAL_SPLITS)}; got {split!r}")
        start, end = _HALUEVAL_SPLITS[split]
        for line_number, row in jsonl_rows(data_dir / "halueval" / _HALUEVAL_FILES[kind]):
            index = line_number - 1  # SPLITS.md numbers records from 0
            if not start <= index < end:
                continue
            if isinstance(row, BadRecord):
                yield row
                continue
            try:
                yield from _halueval_pair(kind, index, row, closed)
            except (KeyError, TypeError, ValidationError) as exc:
                yield BadRecord(line_number, f"line {line_number}: missing or bad field ({exc})")

    return load


def _halueval_pair(kind: str, index: int, row: dict[str, Any], closed: bool) -> Iterator[Example]:
    if kind == "qa":
        question, context, answers = (
            row["question"],
            [row["knowledge"]],
            (row["right_answer"], row["hallucinated_answer"]),
        )
    elif kind == "dialogue":
        question, context = row["dialogue_history"], [row["knowledge"]]
        answers = (row["right_response"], row["hallucinated_response"])
    else:
        question, context, answers = None, [row["document"]], (row["right_summary"], row["hallucinated_summary"])
    for label, answer in enumerate(answers):
        yield Example(
            id=f"{index}-{'hallucinated' if label else 'right'}",
            question=question,
            answer=answer,
            context=[] if closed else context,
            label=label,
            task=kind,
        )


def _halueval_general(spec: DatasetSpec, data_dir: Path) -> Iterator[Record]:
    for line_number, row in jsonl_rows(data_dir / "halueval" / "general_data.json"):
        if isinstance(row, BadRecord):
            yield row
            continue
        try:
            answer = row["chatgpt_response"]
            spans = _locate(answer, _python_list(row.get("hallucination_spans")))
            yield Example(
                id=str(row["ID"]),
                question=row["user_query"],
                answer=answer,
                label=1 if str(row["hallucination"]).lower() == "yes" else 0,
                spans=spans or None,
                task="general",
            )
        except (KeyError, TypeError, ValidationError) as exc:
            yield BadRecord(line_number, f"line {line_number}: missing or bad field ({exc})")


def _python_list(value: Any) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value]
    if not isinstance(value, str) or not value.strip():
        return []
    try:
        parsed = ast.literal_eval(value)
    except (ValueError, SyntaxError):
        return [value]
    return [str(v) for v in parsed] if isinstance(parsed, (list, tuple)) else [str(parsed)]


def _locate(text: str, pieces: list[str]) -> list[tuple[int, int]]:
    spans = []
    for piece in pieces:
        start = text.find(piece.strip())
        if piece.strip() and start >= 0:
            spans.append((start, start + len(piece.strip())))
    return spans


_PTB = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}", "``": '"', "''": '"'}


def _untokenize(text: str) -> str:
    """Undo the most visible PTB escapes of FEVER text (brackets, quotes); spacing is left as it is."""
    for escaped, plain in _PTB.items():
        text = text.replace(escaped, plain)
    return text


def _fever_rows(path: Path, source: str) -> Iterator[Record]:
    for line_number, row in jsonl_rows(path):
        if isinstance(row, BadRecord):
            yield row
            continue
        try:
            label = str(row["label"]).upper()
            if label in ("NOT ENOUGH INFO", "NEI"):
                continue
            if label not in ("SUPPORTS", "REFUTES"):
                raise ValueError(f"label {label!r} is not SUPPORTS or REFUTES")
            evidence = row.get("evidence_sentence", row.get("evidence"))
            if isinstance(evidence, list):
                evidence = " ".join(str(e) for e in evidence)
            if not isinstance(evidence, str):
                raise TypeError("no evidence_sentence or evidence text")
            yield Example(
                id=str(row.get("id", f"{source}-{line_number}")),
                answer=_untokenize(row["claim"]),
                context=[_untokenize(evidence)],
                label=1 if label == "REFUTES" else 0,
                task="fever",
            )
        except (KeyError, TypeError, ValueError) as exc:
            yield BadRecord(line_number, f"line {line_number}: {exc}")


def _fever(spec: DatasetSpec, data_dir: Path) -> Iterator[Record]:
    if spec.path is None:
        raise ConfigError("name a FEVER pair file: fever:PATH")
    yield from _fever_rows(spec.path, "fever")


def _fever_symmetric(spec: DatasetSpec, data_dir: Path) -> Iterator[Record]:
    split = spec.split or "full"
    if split not in ("full", "generated"):
        raise ConfigError(f"fever-symmetric splits are full and generated; got {split!r}")
    yield from _fever_rows(data_dir / "fever_symmetric" / f"fever_symmetric_{split}.jsonl", "fever-symmetric")


def labelled_example(row: Any, line: int) -> Example | BadRecord:
    """The :class:`Example` of one decoded record, or a :class:`BadRecord` saying which field is wrong.

    The answer, context and question go through :class:`~veracity.detectors.base.DetectInput` (the validation every
    batch record and HTTP body gets, so every context form a batch takes is taken here); the label may be any of
    :data:`LABEL_FORMS`. A record without ``id`` is named ``line-N`` after its line.
    """
    try:
        if not isinstance(row, dict):
            raise TypeError("not a JSON object")
        item = DetectInput.of(row.get("answer"), row.get("context"), row.get("question"), open_domain=True)
        if "label" not in row:
            raise TypeError('\'label\' is missing (give 1 / true / "hallucinated" or 0 / false / "faithful")')
        fields = {"id": f"line-{line}", **row, "context": [d.text for d in item.context]}
        if isinstance(fields["id"], int) and not isinstance(fields["id"], bool):
            fields["id"] = str(fields["id"])
        return Example.model_validate(fields)
    except (TypeError, InputError) as exc:
        return BadRecord(line, f"line {line}: {exc}")
    except ValidationError as exc:
        return BadRecord(line, f"line {line}: {validation_summary(exc)}")


def _validated_jsonl(path: Path, model: type[Example] | type[NLIPair]) -> Iterator[Record]:
    """Records of ``model`` from a JSONL file; a record without ``id`` is named after its line."""
    for line_number, row in jsonl_rows(path):
        if isinstance(row, BadRecord):
            yield row
        elif model is Example:
            yield labelled_example(row, line_number)
        else:
            try:
                if not isinstance(row, dict):
                    raise TypeError("not a JSON object")
                yield model.model_validate({"id": f"line-{line_number}", **row})
            except (TypeError, ValidationError) as exc:
                yield BadRecord(line_number, f"line {line_number}: {validation_summary(exc)}")


def _generic_jsonl(spec: DatasetSpec, data_dir: Path) -> Iterator[Record]:
    if spec.path is None:
        raise ConfigError("name a file: jsonl:PATH")
    yield from _validated_jsonl(spec.path, Example)


def _oasis(spec: DatasetSpec, data_dir: Path) -> Iterator[Record]:
    """The end-to-end examples of a ``veracity data synth`` folder (its e2e.jsonl), or of an e2e file."""
    if spec.path is None:
        raise ConfigError("name a folder made by `veracity data synth` (or its e2e.jsonl): oasis:PATH")
    path = spec.path / "e2e.jsonl" if spec.path.is_dir() else spec.path
    yield from _validated_jsonl(_require(path, "LLM-OASIS end-to-end file (veracity data synth)"), Example)


def _nli(spec: DatasetSpec, data_dir: Path) -> Iterator[Record]:
    if spec.path is None:
        raise ConfigError("name a pair file: nli:PATH (JSONL or TSV)")
    path = _require(spec.path, "NLI pair file")
    if path.suffix.lower() in (".tsv", ".txt"):
        with path.open("rb") as handle:
            for line_number, raw in enumerate(handle, start=1):
                if not raw.strip():
                    continue
                try:
                    label, premise, hypothesis = raw.decode("utf-8").rstrip("\r\n").split("\t")
                    yield NLIPair.model_validate(
                        {"id": f"line-{line_number}", "premise": premise, "hypothesis": hypothesis, "label": label}
                    )
                except (UnicodeDecodeError, ValueError) as exc:
                    yield BadRecord(
                        line_number,
                        f"line {line_number}: expected label<TAB>premise<TAB>hypothesis ({validation_summary(exc)})",
                    )
        return
    yield from _validated_jsonl(path, NLIPair)


RAGTRUTH_TASKS = {"ragtruth": None, "ragtruth-qa": "QA", "ragtruth-summary": "Summary", "ragtruth-data2txt": "Data2txt"}
RAGTRUTH_DATASETS = tuple(RAGTRUTH_TASKS)


def _ragtruth(spec: DatasetSpec, data_dir: Path) -> Iterator[Record]:
    """RAGTruth answers with their gold spans and span types.

    ``ragtruth:train`` / ``ragtruth:dev`` are the source-split files of ``../shared/data/ragtruth`` (default ``dev``);
    ``ragtruth:PATH`` is the upstream ``response.jsonl`` + ``source_info.jsonl`` folder, a joined upstream JSONL, or
    a ``.jsonl.gz`` file in the split files' format. ``ragtruth-qa``, ``-summary``, ``-data2txt``: one task only.
    """
    task = RAGTRUTH_TASKS[spec.name]
    records = _ragtruth_records(spec, data_dir)
    for record in records:
        if task is None or not isinstance(record, Example) or record.task == task:
            yield record


def _ragtruth_records(spec: DatasetSpec, data_dir: Path) -> Iterator[Record]:
    if spec.path is None:
        split = spec.split or "dev"
        if split not in ("train", "dev"):
            raise ConfigError(f"ragtruth splits are train and dev (split by source); got {split!r}")
        yield from _ragtruth_split_file(_require(data_dir / "ragtruth" / f"{split}.jsonl.gz", "RAGTruth split"))
        return
    if spec.path.is_file() and spec.path.name.endswith(".gz"):
        yield from _ragtruth_split_file(spec.path)
        return
    yield from _ragtruth_upstream(spec.path)


def _ragtruth_split_file(path: Path) -> Iterator[Record]:
    for line_number, row in jsonl_rows(path):
        if isinstance(row, BadRecord):
            yield row
            continue
        try:
            spans = sorted(row.get("spans") or [], key=lambda span: int(span["start"]))
            answer = row["answer"]
            for span in spans:
                if not 0 <= int(span["start"]) <= int(span["end"]) <= len(answer):
                    raise ValueError(f"span {span['start']}-{span['end']} is outside the answer")
            yield Example(
                id=str(row["id"]),
                question=row.get("question"),
                answer=answer,
                context=[str(c) for c in row.get("context") or []],
                label=row["label"],
                spans=[(int(s["start"]), int(s["end"])) for s in spans],
                span_types=[str(s.get("type", "")) for s in spans],
                task=row.get("task") or row.get("subset"),  # RAGBench names its domain `subset`
                group=str(row["source_id"]) if row.get("source_id") is not None else None,
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            yield BadRecord(line_number, f"line {line_number}: missing or bad field ({validation_summary(exc)})")


def _ragtruth_upstream(root: Path) -> Iterator[Record]:
    _require(root, "RAGTruth data (response.jsonl + source_info.jsonl, or one joined JSONL)")
    sources: dict[str, Any] = {}
    if root.is_dir():
        for _, row in jsonl_rows(root / "source_info.jsonl"):
            if isinstance(row, dict) and "source_id" in row:
                sources[str(row["source_id"])] = row
        responses = root / "response.jsonl"
    else:
        responses = root
    for line_number, row in jsonl_rows(responses):
        if isinstance(row, BadRecord):
            yield row
            continue
        try:
            if row.get("split") != "test" or row.get("quality", "good") != "good":
                continue
            source = row.get("source_info") if isinstance(row.get("source_info"), dict) else None
            source = source or sources[str(row["source_id"])]
            task = source.get("task_type") or row.get("task_type")
            question, context = _ragtruth_context(task, source["source_info"])
            labels = row.get("labels") or []
            yield Example(
                id=str(row.get("id", line_number)),
                question=question,
                answer=row["response"],
                context=context,
                label=1 if labels else 0,
                spans=[(int(label["start"]), int(label["end"])) for label in labels],
                task=task,
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            yield BadRecord(line_number, f"line {line_number}: missing or bad field ({exc})")


def _ragtruth_context(task: str | None, info: Any) -> tuple[str | None, list[str]]:
    if task == "QA":
        passages = info["passages"]
        return info.get("question"), passages if isinstance(passages, list) else [str(passages)]
    if task == "Summary":
        return None, [info if isinstance(info, str) else json.dumps(info, ensure_ascii=False)]
    return None, [json.dumps(info, ensure_ascii=False) if not isinstance(info, str) else info]


def _felm(spec: DatasetSpec, data_dir: Path) -> Iterator[Record]:
    path = spec.path or data_dir / "felm" / "all.jsonl"
    for line_number, row in jsonl_rows(path):
        if isinstance(row, BadRecord):
            yield row
            continue
        try:
            response, segments, labels = row["response"], row["segmented_response"], row["labels"]
            if len(segments) != len(labels):
                raise ValueError(f"{len(segments)} segments but {len(labels)} labels")
            wrong = [s for s, ok in zip(segments, labels, strict=True) if not ok]
            references = row.get("ref_contents") or []
            yield Example(
                id=str(row.get("index", line_number)),
                question=row.get("prompt"),
                answer=response,
                context=[str(r) for r in references if r],
                label=1 if wrong else 0,
                spans=_locate(response, wrong),
                task=str(row.get("domain", "felm")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            yield BadRecord(line_number, f"line {line_number}: missing or bad field ({exc})")


def hotpotqa_derived_dir() -> Path:
    """Where ``veracity data build-hotpotqa-derived`` writes by default.

    ``$VERACITY_HOTPOTQA_DERIVED``, else ``runs/hotpotqa-derived`` (built from ../shared/data, never committed).
    """
    return Path(os.environ.get("VERACITY_HOTPOTQA_DERIVED") or "runs/hotpotqa-derived")


def _hotpotqa_derived(spec: DatasetSpec, data_dir: Path) -> Iterator[Record]:
    from veracity.data.hotpotqa_derived import paired_examples

    split = spec.split or "test"
    if split not in ("dev", "test", "all"):
        raise ConfigError(f"hotpotqa-derived splits are dev, test and all; got {split!r}")
    path = spec.path or hotpotqa_derived_dir() / "examples.jsonl"
    if not path.exists():
        raise InputError(
            f"HotPotQA-Derived is not built at {path}; run: veracity data build-hotpotqa-derived "
            f"--out {path.parent} (or set VERACITY_HOTPOTQA_DERIVED)"
        )
    for example in paired_examples(path, split):
        yield Example(
            id=example.id,
            question=example.question,
            answer=example.answer,
            context=[d["text"] for d in example.documents],
            label=1 if example.label else 0,
            task=example.level,
        )


def _grounding(spec: DatasetSpec, data_dir: Path) -> Iterator[Record]:
    """``grounding:NAME[:SPLIT]``: a human-labelled source of ``../shared/data/grounding`` as NLI pairs.

    Labels as the verifier is trained on them (:func:`veracity.data.grounding.training_label`): WiCE's
    ``partially_supported`` is ``not_entailment``; BEGIN's ``generic`` rows are skipped.
    """
    from veracity.data.grounding import GROUNDING_SOURCES, read_grounding, training_label

    name, _, split = (spec.split or "").partition(":")
    if name not in GROUNDING_SOURCES:
        raise ConfigError(
            f"name a grounding source: grounding:NAME[:SPLIT], NAME one of {', '.join(GROUNDING_SOURCES)}"
        )
    if split not in ("", "train", "dev"):
        raise ConfigError(f"grounding splits are train and dev, got {split!r}")
    for index, row in enumerate(read_grounding(data_dir, name, split or None), start=1):
        label = training_label(str(row.get("label")))
        if label is None:
            continue
        try:
            yield NLIPair(
                id=str(row.get("id", index)), premise=row["premise"], hypothesis=row["hypothesis"], label=label
            )
        except (KeyError, ValidationError) as exc:
            yield BadRecord(
                index, f"row {index}: {validation_summary(exc) if isinstance(exc, ValidationError) else exc}"
            )


# The HaluEval loaders by name, for the registry's ``dataset`` table (veracity.registry.DATASETS).
_halueval_qa = _halueval("qa")
_halueval_qa_closed = _halueval("qa", closed=True)
_halueval_dialogue = _halueval("dialogue")
_halueval_summarization = _halueval("summarization")


def load_dataset(spec: DatasetSpec | str, data_dir: Path | None = None) -> Iterator[Record]:
    """Stream the records of a dataset.

    Raises:
        UnknownNameError: no dataset has that name.
        InputError: the data folder or file is missing (the message names the path and how to get the data).
    """
    if isinstance(spec, str):
        spec = DatasetSpec.parse(spec)
    loader = resolve("dataset", spec.name)  # a plug-in's set comes from the `veracity.dataset` entry points
    return loader(spec, data_dir or default_data_dir())  # type: ignore[no-any-return]


def validation_summary(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        return "; ".join(f"'{'.'.join(str(p) for p in e['loc'])}': {_message(e)}" for e in exc.errors())
    return str(exc)


def _message(error: Any) -> str:
    if error["loc"] == ("label",):
        forms = '1 / true / "hallucinated" or 0 / false / "faithful"'
        return f"{error['msg']} (got {error.get('input')!r}; give {forms})"
    return str(error["msg"])

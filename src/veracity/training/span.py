"""Training the span model: a token classifier over (question + selected context, answer window).

``veracity train span`` fits a MiniLM body (the shipped verifier's, by default) with a 2-label token head on
RAGTruth's human-marked spans: a token is unsupported when it overlaps a marked span. Each answer is cut into
windows and each window gets its own context selection by :func:`veracity.text.select.window_inputs`, the
function the detector uses at prediction time, so the model trains on exactly what it will read.

Runs on CPU: length-grouped batches, checkpoints every ``checkpoint_every`` steps (model as safetensors, optimizer
state read back with ``weights_only``), a ``log.jsonl`` of losses, and a resume from the last checkpoint when the
command is run again with the same output folder. The exported model is fp16 safetensors with ``span_model.json``
(format version, window sizes, the training record).
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from veracity._jsonl import append_row
from veracity.data.loaders import BadRecord, Example, default_data_dir, load_dataset
from veracity.errors import InputError
from veracity.models.catalog import quiet_transformers, resolve_model_path
from veracity.models.token_tagger import IGNORE, SPAN_MODEL_FORMAT, encode_pairs, token_targets
from veracity.text.select import window_inputs
from veracity.training import adamw_with_warmup, export_fp16, save_checkpoint

__all__ = ["SpanTrainConfig", "WindowExample", "build_windows", "source_fold", "train_span_model"]


class SpanTrainConfig(BaseModel):
    """Settings of ``veracity train span``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    output_dir: Path
    base_model: str = Field("veracity-nli-small", description="Body to start from: catalog name or local folder.")
    datasets: list[str] = Field(["ragtruth:train"], description="Datasets with gold spans (label 1 needs spans).")
    data_dir: Path | None = None
    max_length: int = Field(512, ge=64, le=512)
    answer_tokens: int = Field(256, ge=16, description="Answer tokens per window; the context gets the rest.")
    epochs: float = Field(3.0, gt=0)
    batch_size: int = Field(8, ge=1)
    learning_rate: float = Field(5e-5, gt=0)
    weight_decay: float = 0.01
    warmup_ratio: float = Field(0.1, ge=0, lt=1)
    positive_weight: float = Field(1.0, gt=0, description="Loss weight of unsupported tokens (class balance).")
    checkpoint_every: int = Field(50, ge=1)
    num_threads: int = Field(2, ge=1)
    seed: int = 0
    limit: int | None = Field(None, ge=1, description="Train on the first N answers only (tests, smoke runs).")
    exclude_sources: Path | None = Field(
        None,
        description="A text file of source ids (one a line) whose answers are left out: answers another model "
        "trains on with this model's signals, so that they read them out of sample.",
    )
    device: str = Field("auto", description="auto (cuda when available, else cpu), cpu or cuda.")
    folds: int = Field(2, ge=2, description="Source folds for out-of-fold models (with holdout_fold).")
    holdout_fold: int | None = Field(
        None, ge=0, description="Leave out the answers of this source fold (0-based): an out-of-fold model."
    )


@dataclass(frozen=True)
class WindowExample:
    """One training window: the context it reads, its answer text, and the gold spans inside it (window chars)."""

    context: str
    answer: str
    spans: tuple[tuple[int, int], ...]


def build_windows(
    examples: Sequence[Example], count_tokens: Callable[[str], int], max_length: int, answer_tokens: int
) -> list[WindowExample]:
    """Every answer's windows with their selected context and the gold spans clipped to each window."""
    windows = []
    for example in examples:
        spans = example.spans or []
        for window in window_inputs(
            example.answer, example.context, example.question, count_tokens, max_length, answer_tokens
        ):
            inside = tuple(
                (max(s, window.start) - window.start, min(e, window.end) - window.start)
                for s, e in spans
                if s < window.end and window.start < e
            )
            windows.append(WindowExample(window.context, example.answer[window.start : window.end], inside))
    return windows


def _examples(config: SpanTrainConfig) -> list[Example]:
    out: list[Example] = []
    excluded: set[str] = set()
    if config.exclude_sources is not None:
        lines = config.exclude_sources.read_text(encoding="utf-8").splitlines()
        excluded = {line.strip() for line in lines if line.strip() and not line.startswith("#")}
    data_dir = config.data_dir or default_data_dir()
    for name in config.datasets:
        for record in load_dataset(name.replace("{data}", str(data_dir)), config.data_dir):
            if isinstance(record, BadRecord) or not isinstance(record, Example):
                continue
            if record.label == 1 and not record.spans:
                continue  # a hallucinated answer without spans says nothing about which tokens
            if config.holdout_fold is not None and source_fold(record, config.folds) == config.holdout_fold:
                continue
            if excluded and (record.group or record.id) in excluded:
                continue
            out.append(record)
    return out[: config.limit] if config.limit else out


def source_fold(example: Example, folds: int) -> int:
    """The fold of an example's source (its ``group``, else its id), stable across runs and machines."""
    key = example.group or example.id
    return zlib.crc32(key.encode("utf-8")) % folds


def _batches(windows: Sequence[WindowExample], batch_size: int, rng: random.Random) -> list[list[int]]:
    """Length-grouped batches in random order: similar lengths pad little."""
    order = sorted(range(len(windows)), key=lambda i: len(windows[i].context) + len(windows[i].answer) + rng.random())
    batches = [order[k : k + batch_size] for k in range(0, len(order), batch_size)]
    rng.shuffle(batches)
    return batches


def train_span_model(config: SpanTrainConfig, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Train (or resume), export to ``output_dir/model``; returns the summary written to ``summary.json``."""
    import torch
    from transformers import AutoModelForTokenClassification, AutoTokenizer

    quiet_transformers()
    torch.set_num_threads(config.num_threads)
    auto = "cuda" if torch.cuda.is_available() else "cpu"
    device = torch.device(auto if config.device == "auto" else config.device)
    # bf16 autocast on a GPU (the loss and the optimiser stay fp32); fp32 on the CPU, as before.
    autocast = (
        (lambda: torch.autocast("cuda", dtype=torch.bfloat16)) if device.type == "cuda" else contextlib.nullcontext
    )
    out = config.output_dir
    out.mkdir(parents=True, exist_ok=True)
    checkpoint = out / "checkpoint"
    resuming = (checkpoint / "state.pt").exists()
    source = checkpoint if resuming else Path(resolve_model_path(config.base_model))
    tokenizer = AutoTokenizer.from_pretrained(str(source), local_files_only=True)
    model = AutoModelForTokenClassification.from_pretrained(
        str(source),
        local_files_only=True,
        dtype=torch.float32,
        num_labels=2,
        id2label={0: "supported", 1: "unsupported"},
        label2id={"supported": 0, "unsupported": 1},
        ignore_mismatched_sizes=True,  # the body's own head (NLI) is replaced
    ).to(device)

    def count_tokens(text: str) -> int:
        return len(tokenizer(text, add_special_tokens=False)["input_ids"])

    examples = _examples(config)
    if not examples:
        raise InputError(f"no training answers in {config.datasets}")
    windows = build_windows(examples, count_tokens, config.max_length, config.answer_tokens)
    log(f"{len(examples)} answers → {len(windows)} windows")
    steps_per_epoch = math.ceil(len(windows) / config.batch_size)
    total_steps = max(1, math.ceil(steps_per_epoch * config.epochs))
    optimizer, scheduler = adamw_with_warmup(
        model, config.learning_rate, config.weight_decay, config.warmup_ratio, total_steps
    )
    step = 0
    if resuming:
        saved = torch.load(checkpoint / "state.pt", weights_only=True)
        optimizer.load_state_dict(saved["optimizer"])
        scheduler.load_state_dict(saved["scheduler"])
        step = int(saved["step"])
        log(f"resumed from {checkpoint} at step {step}/{total_steps}")
    weight = torch.tensor([1.0, config.positive_weight], device=device)
    loss_fn = torch.nn.CrossEntropyLoss(weight=weight, ignore_index=IGNORE)
    log_path = out / "log.jsonl"
    started = time.perf_counter()
    model.train()
    # The batch order is a function of (seed, epoch), so a resumed run sees the same batches as an unbroken one.
    while step < total_steps:
        epoch, position = divmod(step, steps_per_epoch)
        batches = _batches(windows, config.batch_size, random.Random(config.seed * 1000 + epoch))
        batch = [windows[i] for i in batches[position]]
        encoded = encode_pairs(tokenizer, [(w.context, w.answer) for w in batch], config.max_length)
        offsets = encoded.pop("answer_offsets")
        targets = torch.tensor([token_targets(o, w.spans) for o, w in zip(offsets, batch, strict=True)], device=device)
        with autocast():
            logits = model(**{k: v.to(device) for k, v in encoded.items()}).logits
        loss = loss_fn(logits.float().reshape(-1, 2), targets.reshape(-1))
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        scheduler.step()
        step += 1
        if step % 10 == 0 or step == 1:
            elapsed = time.perf_counter() - started
            value = float(loss.detach())
            log(f"step {step}/{total_steps} epoch {epoch} loss {value:.4f} ({elapsed:.0f} s this run)")
            row = {"step": step, "epoch": epoch, "loss": value, "lr": scheduler.get_last_lr()[0], "elapsed_s": elapsed}
            append_row(log_path, row)
        if step % config.checkpoint_every == 0 or step == total_steps:
            state = {"optimizer": optimizer.state_dict(), "scheduler": scheduler.state_dict(), "step": step}
            save_checkpoint(model, tokenizer, state, checkpoint)
    summary = {
        "config": json.loads(config.model_dump_json()),
        "n_answers": len(examples),
        "n_windows": len(windows),
        "n_unsupported_windows": sum(bool(w.spans) for w in windows),
        "steps": step,
        "train_seconds_this_run": time.perf_counter() - started,
    }
    export_span_model(model.to("cpu"), tokenizer, out / "model", config, summary)
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return summary


def export_span_model(model: Any, tokenizer: Any, path: Path, config: SpanTrainConfig, summary: dict[str, Any]) -> None:
    """fp16 safetensors, the tokenizer, and ``span_model.json`` (format, window sizes, training record)."""
    export_fp16(model, tokenizer, path, config.max_length)
    info = {
        "format": SPAN_MODEL_FORMAT,
        "max_length": config.max_length,
        "answer_tokens": config.answer_tokens,
        "base_model": config.base_model,
        "datasets": config.datasets,
        "training": {k: v for k, v in summary.items() if k != "config"},
    }
    (path / "span_model.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")

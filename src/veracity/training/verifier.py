"""Fine-tuning a 3-class cross-encoder verifier (``veracity train verifier --config FILE``).

A plain PyTorch loop, CPU first: dynamic padding, gradient accumulation, linear warm-up and decay, a fixed seed,
a checkpoint every ``checkpoint_every`` optimiser steps (training resumes from it after an interruption),
evaluation on the dev file every ``eval_every`` steps with early stopping, and a JSONL log. The best model by dev
accuracy is written to ``output_dir/model`` in fp16 safetensors, with the label names in its config, so it loads
through :class:`~veracity.models.pair_scorer.HFPairScorer` like any Hugging Face model.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from veracity.errors import ConfigError, InputError
from veracity.models.catalog import quiet_transformers, resolve_model_path

__all__ = ["LABELS", "VerifierTrainConfig", "load_pairs", "load_train_config", "train_verifier"]

LABELS = ("entailment", "neutral", "contradiction")


class VerifierTrainConfig(BaseModel):
    """Settings of one verifier training run (a YAML file under ``configs/``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    base_model: str = "all-MiniLM-L6-v2"
    train_file: Path
    dev_file: Path | None = None
    output_dir: Path
    max_length: int = Field(256, ge=16)
    batch_size: int = Field(16, ge=1)
    grad_accum: int = Field(1, ge=1)
    learning_rate: float = Field(5e-5, gt=0)
    weight_decay: float = Field(0.01, ge=0)
    epochs: float = Field(1.0, gt=0)
    warmup_ratio: float = Field(0.06, ge=0, lt=1)
    eval_every: int = Field(500, ge=1)
    checkpoint_every: int = Field(250, ge=1)
    patience: int = Field(4, ge=1, description="Evaluations without improvement before stopping.")
    max_train_examples: int | None = Field(None, ge=1)
    max_dev_examples: int | None = Field(2000, ge=1)
    seed: int = 13
    num_threads: int = Field(2, ge=1)
    hypothesis_only: bool = Field(False, description="Blank every premise: the hypothesis-only control.")
    group_by_length: bool = Field(
        True, description="Batch pairs of similar length (within shuffled windows of 50 batches): less padding."
    )


@dataclass
class _TrainState:
    """What a checkpoint must restore besides weights, optimiser and scheduler."""

    step: int = 0
    best_accuracy: float = -1.0
    evals_without_gain: int = 0
    epoch_order: list[int] | None = None
    position: int = 0


def load_train_config(path: Path, overrides: dict[str, Any] | None = None) -> VerifierTrainConfig:
    """Read a YAML training config; relative paths are taken from the working directory.

    Raises:
        ConfigError: the file is missing or invalid.
    """
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except OSError as exc:
        raise ConfigError(f"cannot read training config {path}: {exc.strerror or exc}") from exc
    try:
        return VerifierTrainConfig.model_validate({**data, **(overrides or {})})
    except ValueError as exc:
        raise ConfigError(f"invalid training config {path}: {exc}") from exc


def load_pairs(path: Path, limit: int | None = None, hypothesis_only: bool = False) -> list[tuple[str, str, int]]:
    """(premise, hypothesis, label index) triples of a JSONL file written by ``build-nli``.

    Raises:
        InputError: the file is missing or has a malformed line.
    """
    if not path.exists():
        raise InputError(f"training data not found at {path}; build it with `veracity data build-nli`")
    pairs = []
    with path.open(encoding="utf-8") as handle:
        for line_number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                pairs.append(("" if hypothesis_only else row["premise"], row["hypothesis"], LABELS.index(row["label"])))
            except (json.JSONDecodeError, KeyError, ValueError) as exc:
                raise InputError(f"{path}:{line_number}: not a premise/hypothesis/label record ({exc})") from exc
            if limit is not None and len(pairs) >= limit:
                break
    return pairs


def train_verifier(config: VerifierTrainConfig, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Train, checkpoint, evaluate and export; returns the summary also written to ``output_dir/summary.json``."""
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer, get_linear_schedule_with_warmup

    quiet_transformers()
    torch.set_num_threads(config.num_threads)
    random.seed(config.seed)
    torch.manual_seed(config.seed)
    out = config.output_dir
    out.mkdir(parents=True, exist_ok=True)
    train = load_pairs(config.train_file, config.max_train_examples, config.hypothesis_only)
    dev = load_pairs(config.dev_file, config.max_dev_examples, config.hypothesis_only) if config.dev_file else []
    if not train:
        raise InputError(f"{config.train_file} holds no examples")
    checkpoint = out / "checkpoint"
    source = checkpoint if (checkpoint / "state.pt").exists() else Path(resolve_model_path(config.base_model))
    tokenizer = AutoTokenizer.from_pretrained(str(source), local_files_only=True)
    model = AutoModelForSequenceClassification.from_pretrained(
        str(source),
        local_files_only=True,
        # fp32 always: an exported model (fp16 on disk) would otherwise train in fp16, slowly and unstably on CPU.
        dtype=torch.float32,
        num_labels=3,
        id2label=dict(enumerate(LABELS)),
        label2id={label: i for i, label in enumerate(LABELS)},
    )
    steps_per_epoch = math.ceil(len(train) / (config.batch_size * config.grad_accum))
    total_steps = max(1, math.ceil(steps_per_epoch * config.epochs))
    no_decay = ("bias", "LayerNorm.weight", "LayerNorm.bias")
    groups = [
        {"params": [p for n, p in model.named_parameters() if not n.endswith(no_decay)],
         "weight_decay": config.weight_decay},
        {"params": [p for n, p in model.named_parameters() if n.endswith(no_decay)], "weight_decay": 0.0},
    ]  # fmt: skip
    optimizer = torch.optim.AdamW(groups, lr=config.learning_rate)
    scheduler = get_linear_schedule_with_warmup(optimizer, int(config.warmup_ratio * total_steps), total_steps)
    state = _TrainState()
    if source == checkpoint:
        saved = torch.load(checkpoint / "state.pt", weights_only=False)
        optimizer.load_state_dict(saved["optimizer"])
        scheduler.load_state_dict(saved["scheduler"])
        state = _TrainState(**saved["state"])
        random.setstate(saved["python_rng"])
        torch.set_rng_state(saved["torch_rng"])
        log(f"resumed from {checkpoint} at step {state.step}")
    log_path = out / "log.jsonl"
    started = time.perf_counter()
    model.train()

    def batches() -> Any:
        while True:
            if state.epoch_order is None or state.position >= len(train):
                state.epoch_order = _epoch_order(train, config.batch_size, config.group_by_length)
                state.position = 0
            chunk = state.epoch_order[state.position : state.position + config.batch_size]
            state.position += config.batch_size
            yield [train[i] for i in chunk]

    stream = batches()
    stopped_early = False
    while state.step < total_steps:
        optimizer.zero_grad()
        loss_total = 0.0
        for _ in range(config.grad_accum):
            batch = next(stream)
            encoded = _encode(tokenizer, batch, config.max_length)
            loss = model(**encoded, labels=torch.tensor([b[2] for b in batch])).loss / config.grad_accum
            loss.backward()
            loss_total += float(loss.detach())
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        scheduler.step()
        state.step += 1
        step = state.step
        if step % 50 == 0 or step == 1:
            elapsed = time.perf_counter() - started
            log(f"step {step}/{total_steps} loss {loss_total:.4f} ({elapsed:.0f} s)")
            _append(
                log_path, {"step": step, "loss": loss_total, "lr": scheduler.get_last_lr()[0], "elapsed_s": elapsed}
            )
        if dev and (step % config.eval_every == 0 or step == total_steps):
            accuracy = evaluate_pairs(model, tokenizer, dev, config.max_length, config.batch_size * 2)
            _append(log_path, {"step": step, "dev_accuracy": accuracy})
            log(f"step {step}: dev accuracy {accuracy:.4f}")
            if accuracy > state.best_accuracy:
                state.best_accuracy, state.evals_without_gain = accuracy, 0
                _export(model, tokenizer, out / "model", config.max_length)
            else:
                state.evals_without_gain += 1
                if state.evals_without_gain >= config.patience:
                    log(f"early stop at step {step}: no dev gain in {config.patience} evaluations")
                    stopped_early = True
            model.train()
        if step % config.checkpoint_every == 0 or step == total_steps or stopped_early:
            _checkpoint(model, tokenizer, optimizer, scheduler, state, checkpoint, torch)
        if stopped_early:
            break
    if not dev:
        _export(model, tokenizer, out / "model", config.max_length)
    summary = {
        "config": json.loads(config.model_dump_json()),
        "n_train": len(train),
        "n_dev": len(dev),
        "steps": state.step,
        "total_steps": total_steps,
        "best_dev_accuracy": state.best_accuracy if dev else None,
        "stopped_early": stopped_early,
        "train_dtype": str(next(model.parameters()).dtype).removeprefix("torch."),
        "train_seconds_this_run": time.perf_counter() - started,
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return summary


def _epoch_order(train: Sequence[tuple[str, str, int]], batch_size: int, group_by_length: bool) -> list[int]:
    """A shuffled order of the training pairs; grouped by length, batches hold pairs of similar length.

    Grouping (as transformers' ``group_by_length``) sorts each shuffled window of 50 batches by length, cuts it
    into batches and shuffles the batches, so dynamic padding wastes little and batch order stays random.
    """
    order = list(range(len(train)))
    random.shuffle(order)
    if not group_by_length:
        return order
    window = 50 * batch_size
    batches: list[list[int]] = []
    for start in range(0, len(order), window):
        part = sorted(order[start : start + window], key=lambda i: len(train[i][0]) + len(train[i][1]))
        batches += [part[k : k + batch_size] for k in range(0, len(part), batch_size)]
    random.shuffle(batches)
    return [i for batch in batches for i in batch]


def evaluate_pairs(
    model: Any, tokenizer: Any, pairs: Sequence[tuple[str, str, int]], max_length: int, batch_size: int
) -> float:
    """Accuracy of ``model`` on labelled pairs."""
    import torch

    model.eval()
    correct = 0
    pairs = sorted(pairs, key=lambda b: len(b[0]) + len(b[1]))  # similar lengths per batch: little padding
    with torch.inference_mode():
        for k in range(0, len(pairs), batch_size):
            batch = pairs[k : k + batch_size]
            logits = model(**_encode(tokenizer, batch, max_length)).logits
            correct += int((logits.argmax(dim=-1) == torch.tensor([b[2] for b in batch])).sum())
    return correct / len(pairs) if pairs else 0.0


def _encode(tokenizer: Any, batch: Sequence[tuple[str, str, int]], max_length: int) -> Any:
    return tokenizer(
        [b[0] for b in batch], [b[1] for b in batch], padding=True, truncation="longest_first",
        max_length=max_length, return_tensors="pt",
    )  # fmt: skip


def _export(model: Any, tokenizer: Any, path: Path, max_length: int) -> None:
    import copy

    # Scorers read pairs at the tokenizer's model_max_length: record the length the model was trained at.
    tokenizer.model_max_length = max_length
    exported = copy.deepcopy(model).half()
    exported.save_pretrained(path, safe_serialization=True)
    tokenizer.save_pretrained(path)


def _checkpoint(
    model: Any, tokenizer: Any, optimizer: Any, scheduler: Any, state: _TrainState, path: Path, torch: Any
) -> None:
    tmp = path.with_name(path.name + ".tmp")
    model.save_pretrained(tmp)
    tokenizer.save_pretrained(tmp)
    torch.save(
        {"optimizer": optimizer.state_dict(), "scheduler": scheduler.state_dict(), "state": asdict(state),
         "python_rng": random.getstate(), "torch_rng": torch.get_rng_state()},
        tmp / "state.pt",
    )  # fmt: skip
    if path.exists():
        import shutil

        shutil.rmtree(path)
    tmp.rename(path)


def _append(path: Path, row: dict[str, Any]) -> None:
    with path.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(row) + "\n")

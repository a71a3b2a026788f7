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
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from veracity._jsonl import append_row
from veracity.errors import ConfigError, InputError
from veracity.models.catalog import quiet_transformers, resolve_model_path
from veracity.training import adamw_with_warmup, export_fp16, save_checkpoint

__all__ = [
    "LABELS",
    "NOT_ENTAILMENT",
    "TARGETS",
    "VerifierTrainConfig",
    "dev_accuracy",
    "load_pairs",
    "load_train_config",
    "nli_loss",
    "train_verifier",
]

LABELS = ("entailment", "neutral", "contradiction")
# Training targets: the head's three labels, plus the binary sources' "not entailed" (neutral or contradiction).
TARGETS = (*LABELS, "not_entailment")
NOT_ENTAILMENT = 3


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
    extra_dev_files: list[Path] = Field(
        default_factory=list, description="More dev pairs (e.g. a supplement build's dev split), read whole."
    )
    skip_train_examples: int = Field(
        0, ge=0, description="Leave out the first rows of train_file: the ones an earlier stage trained on."
    )
    extra_train_files: list[Path] = Field(
        default_factory=list, description="More training pairs (e.g. a supplement build), read whole."
    )
    max_dev_examples: int | None = Field(2000, ge=1)
    seed: int = 13
    num_threads: int = Field(2, ge=1)
    hypothesis_only: bool = Field(False, description="Blank every premise: the hypothesis-only control.")
    group_by_length: bool = Field(
        True, description="Batch pairs of similar length (within shuffled windows of 50 batches): less padding."
    )
    debias: Literal["none", "poe", "reweight"] = Field(
        "none",
        description="Debiasing with a hypothesis-only bias model (bias_model): product of experts (Clark et al. 2019; "
        "Utama et al. 2020) or example reweighting (Schuster et al. 2019).",
    )
    bias_model: str | None = Field(None, description="The hypothesis-only control's folder, for `debias`.")
    autocast_bf16: bool = Field(
        False, description="Run forward and backward under CPU bf16 autocast (weights and optimiser stay fp32)."
    )
    freeze_layers: int = Field(
        0, ge=0, description="Freeze the embeddings and this many lowest encoder layers (0: train everything)."
    )
    selection: Literal["accuracy", "macro_source"] = Field(
        "accuracy",
        description="Dev figure the best model is chosen by: accuracy over all dev pairs, or the mean of each "
        "source's accuracy (so a large source does not outvote small ones).",
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
    from veracity.training import load_yaml_config

    return load_yaml_config(path, VerifierTrainConfig, overrides)


def load_pairs(
    path: Path, limit: int | None = None, hypothesis_only: bool = False, sources: list[str] | None = None
) -> list[tuple[str, str, int]]:
    """(premise, hypothesis, target index) triples of a JSONL file written by ``build-nli`` (index in :data:`TARGETS`).

    Args:
        path: the JSONL file.
        limit: read at most this many pairs.
        hypothesis_only: blank every premise (the control).
        sources: when given, each pair's ``source`` is appended to it (``"-"`` where a row has none).

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
                pairs.append(
                    ("" if hypothesis_only else row["premise"], row["hypothesis"], TARGETS.index(row["label"]))
                )
                if sources is not None:
                    sources.append(str(row.get("source", "-")))
            except (json.JSONDecodeError, KeyError, ValueError) as exc:
                raise InputError(f"{path}:{line_number}: not a premise/hypothesis/label record ({exc})") from exc
            if limit is not None and len(pairs) >= limit:
                break
    return pairs


def _training_pairs(config: VerifierTrainConfig) -> list[tuple[str, str, int]]:
    """Rows skip .. skip + max of ``train_file``, then every pair of ``extra_train_files``."""
    end = None if config.max_train_examples is None else config.skip_train_examples + config.max_train_examples
    pairs = load_pairs(config.train_file, end, config.hypothesis_only)[config.skip_train_examples :]
    for path in config.extra_train_files:
        pairs += load_pairs(path, None, config.hypothesis_only)
    return pairs


def train_verifier(config: VerifierTrainConfig, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Train, checkpoint, evaluate and export; returns the summary also written to ``output_dir/summary.json``."""
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    quiet_transformers()
    torch.set_num_threads(config.num_threads)
    random.seed(config.seed)
    torch.manual_seed(config.seed)
    out = config.output_dir
    out.mkdir(parents=True, exist_ok=True)
    train = _training_pairs(config)
    dev_sources: list[str] = []
    dev = (
        load_pairs(config.dev_file, config.max_dev_examples, config.hypothesis_only, dev_sources)
        if config.dev_file
        else []
    )
    for path in config.extra_dev_files:
        dev += load_pairs(path, None, config.hypothesis_only, dev_sources)
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
    if config.freeze_layers:
        _freeze_lower(model, config.freeze_layers)
    steps_per_epoch = math.ceil(len(train) / (config.batch_size * config.grad_accum))
    total_steps = max(1, math.ceil(steps_per_epoch * config.epochs))
    optimizer, scheduler = adamw_with_warmup(
        model, config.learning_rate, config.weight_decay, config.warmup_ratio, total_steps
    )
    state = _TrainState()
    if source == checkpoint:
        saved = torch.load(checkpoint / "state.pt", weights_only=False)
        optimizer.load_state_dict(saved["optimizer"])
        scheduler.load_state_dict(saved["scheduler"])
        state = _TrainState(**saved["state"])
        random.setstate(saved["python_rng"])
        torch.set_rng_state(saved["torch_rng"])
        log(f"resumed from {checkpoint} at step {state.step}")
    bias_log_probs = _bias_log_probs(config, train, out, log) if config.debias != "none" else None
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
            yield chunk

    stream = batches()
    stopped_early = False
    while state.step < total_steps:
        optimizer.zero_grad()
        loss_total = 0.0
        for _ in range(config.grad_accum):
            chunk = next(stream)
            batch = [train[i] for i in chunk]
            encoded = _encode(tokenizer, batch, config.max_length)
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=config.autocast_bf16):
                logits = model(**encoded).logits.float()
            bias = bias_log_probs[chunk] if bias_log_probs is not None else None
            targets = torch.tensor([b[2] for b in batch])
            loss = nli_loss(logits, targets, bias, config.debias) / config.grad_accum
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
            append_row(
                log_path, {"step": step, "loss": loss_total, "lr": scheduler.get_last_lr()[0], "elapsed_s": elapsed}
            )
        if dev and (step % config.eval_every == 0 or step == total_steps):
            per_source = evaluate_pairs(model, tokenizer, dev, config.max_length, config.batch_size * 2, dev_sources)
            accuracy = per_source["macro_source" if config.selection == "macro_source" else "all"]
            append_row(log_path, {"step": step, "dev_accuracy": accuracy, "dev": per_source})
            log(
                f"step {step}: dev {config.selection} {accuracy:.4f} "
                + json.dumps({k: round(v, 3) for k, v in per_source.items()})
            )
            if accuracy > state.best_accuracy:
                state.best_accuracy, state.evals_without_gain = accuracy, 0
                export_fp16(model, tokenizer, out / "model", config.max_length)
            else:
                state.evals_without_gain += 1
                if state.evals_without_gain >= config.patience:
                    log(f"early stop at step {step}: no dev gain in {config.patience} evaluations")
                    stopped_early = True
            model.train()
        if step % config.checkpoint_every == 0 or step == total_steps or stopped_early:
            save_checkpoint(model, tokenizer, _checkpoint_state(optimizer, scheduler, state, torch), checkpoint)
        if stopped_early:
            break
    if not dev:
        export_fp16(model, tokenizer, out / "model", config.max_length)
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


def _freeze_lower(model: Any, layers: int) -> None:
    """Stop gradients through the embeddings and the ``layers`` lowest encoder layers of a BERT-style body."""
    body = model.base_model
    for parameter in body.embeddings.parameters():
        parameter.requires_grad = False
    encoder_layers = body.encoder.layer
    if layers > len(encoder_layers):
        raise ConfigError(f"freeze_layers={layers}, but the body has {len(encoder_layers)} layers")
    for layer in encoder_layers[:layers]:
        for parameter in layer.parameters():
            parameter.requires_grad = False


def _bias_log_probs(
    config: VerifierTrainConfig, train: Sequence[tuple[str, str, int]], out: Path, log: Callable[[str], None]
) -> Any:
    """The bias model's log-probabilities on every training hypothesis alone, cached.

    Computed once and kept in ``output_dir/bias_log_probs.pt``, so a resumed run does not recompute them.
    """
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    if config.bias_model is None:
        raise ConfigError(f"debias: {config.debias} needs bias_model (the hypothesis-only control's folder)")
    cache = out / "bias_log_probs.pt"
    if cache.exists():
        cached = torch.load(cache)
        if cached.shape[0] == len(train):
            return cached
    path = str(resolve_model_path(config.bias_model))
    tokenizer = AutoTokenizer.from_pretrained(path, local_files_only=True)
    bias = AutoModelForSequenceClassification.from_pretrained(path, local_files_only=True, dtype=torch.float32)
    bias.eval()
    rows = []
    with torch.inference_mode():
        for start in range(0, len(train), 128):
            hypotheses = [("", h, y) for _, h, y in train[start : start + 128]]
            rows.append(torch.log_softmax(bias(**_encode(tokenizer, hypotheses, config.max_length)).logits, dim=-1))
    log(f"bias model {config.bias_model}: hypothesis-only log-probabilities of {len(train)} pairs")
    result = torch.cat(rows)
    torch.save(result, cache)
    return result


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


def nli_loss(logits: Any, targets: Any, bias_log_probs: Any = None, debias: str = "none") -> Any:
    """Mean cross-entropy over 3-class logits, where target 3 (``not_entailment``) means "neutral or contradiction".

    For a three-class target ``y`` the loss is −log P(y). For ``not_entailment`` it is
    −log(P(neutral) + P(contradiction)) = −log(1 − P(entailment)): the row lowers entailment and moves the freed
    mass to neutral and contradiction in proportion to what they already hold, so it never teaches either class
    alone (a binary source says only that the premise does not entail the hypothesis).

    Debiasing with a bias model's log-probabilities b (the hypothesis-only control):

    * ``poe``, product of experts (Clark et al. 2019, §3.2.1; Utama et al. 2020): the loss is taken on
      softmax(log p + b), so what the bias model already explains earns the main model little gradient; at inference
      the main model is used alone.
    * ``reweight``, example reweighting (Schuster et al. 2019; Utama et al. 2020, §3): each row's loss is scaled by
      1 − p_b(gold), where a binary gold's p_b is p_b(neutral) + p_b(contradiction).

    Example: uniform logits, b = log(0.8, 0.1, 0.1), gold entailment: ``poe`` gives −log 0.8 = 0.223, ``reweight``
    gives 0.2 · log 3 = 0.220.

    Args:
        logits: shape ``(n, 3)`` in :data:`LABELS` order.
        targets: shape ``(n,)``, indices into :data:`TARGETS`.
        bias_log_probs: shape ``(n, 3)``, the bias model's log-probabilities (with ``debias``).
        debias: ``none``, ``poe`` or ``reweight``.
    """
    import torch

    if debias == "poe" and bias_log_probs is not None:
        logits = torch.log_softmax(logits, dim=-1) + bias_log_probs
    per_row = -_gold_log_prob(torch.log_softmax(logits, dim=-1), targets)
    if debias == "reweight" and bias_log_probs is not None:
        per_row = per_row * (1.0 - _gold_log_prob(bias_log_probs, targets).exp())
    return per_row.mean()


def _gold_log_prob(log_probs: Any, targets: Any) -> Any:
    """Log-probability of the gold label per row; for ``not_entailment``, log(P(neutral) + P(contradiction))."""
    import torch

    binary = targets == NOT_ENTAILMENT
    three_class = log_probs.gather(1, targets.clamp(max=len(LABELS) - 1).unsqueeze(1)).squeeze(1)
    not_entailed = torch.logsumexp(log_probs[:, 1:], dim=-1)
    return torch.where(binary, not_entailed, three_class)


def dev_accuracy(predicted: int, target: int) -> bool:
    """A prediction is right when it is the target, or, for ``not_entailment``, any label but entailment."""
    return predicted != 0 if target == NOT_ENTAILMENT else predicted == target


def evaluate_pairs(
    model: Any,
    tokenizer: Any,
    pairs: Sequence[tuple[str, str, int]],
    max_length: int,
    batch_size: int,
    sources: Sequence[str] | None = None,
) -> dict[str, float]:
    """Accuracy of ``model`` on labelled pairs: ``all``, per source, and ``macro_source`` (the mean over sources)."""
    import torch

    model.eval()
    names = list(sources) if sources is not None else ["-"] * len(pairs)
    order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]) + len(pairs[i][1]))  # little padding
    right: dict[str, list[bool]] = {}
    with torch.inference_mode():
        for k in range(0, len(order), batch_size):
            batch = [pairs[i] for i in order[k : k + batch_size]]
            predicted = model(**_encode(tokenizer, batch, max_length)).logits.argmax(dim=-1).tolist()
            for i, guess, pair in zip(order[k : k + batch_size], predicted, batch, strict=True):
                right.setdefault(names[i], []).append(dev_accuracy(int(guess), pair[2]))
    if not right:
        return {"all": 0.0, "macro_source": 0.0}
    per_source = {name: sum(v) / len(v) for name, v in sorted(right.items())}
    return {
        "all": sum(sum(v) for v in right.values()) / len(pairs),
        "macro_source": sum(per_source.values()) / len(per_source),
        **per_source,
    }


def _encode(tokenizer: Any, batch: Sequence[tuple[str, str, int]], max_length: int) -> Any:
    return tokenizer(
        [b[0] for b in batch], [b[1] for b in batch], padding=True, truncation="longest_first",
        max_length=max_length, return_tensors="pt",
    )  # fmt: skip


def _checkpoint_state(optimizer: Any, scheduler: Any, state: _TrainState, torch: Any) -> dict[str, Any]:
    return {"optimizer": optimizer.state_dict(), "scheduler": scheduler.state_dict(), "state": asdict(state),
            "python_rng": random.getstate(), "torch_rng": torch.get_rng_state()}  # fmt: skip

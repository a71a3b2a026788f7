"""LEAP's agent tuning (§3.4): one LoRA adapter per agent, the loss only on the agent's own tokens (Eq. 11).

Input: the folder ``veracity leap export`` writes (``planner.jsonl``, ``actor.jsonl``, ``critic.jsonl``; chat
messages with a ``train`` flag each). Conversations are shown to the model as the agents saw them at inference:
a tool result becomes the user turn ``Observation: ...``. Each conversation is rendered with the tokenizer's chat
template; a token is trained on iff it lies in a message marked ``train`` (the agent's thoughts and actions), every
other label is -100 (prompts, observations). Paper defaults: rank 8, α 32, learning rate 1e-4.

The adapters are saved in ``OUT/<agent>/`` with a ``summary.json`` of the losses; the ``leap`` detector loads them
with ``--set adapters=OUT --set llm=transformers:BASE``.
"""

from __future__ import annotations

import json
import random
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from veracity.errors import InputError, ModelNotAvailableError

__all__ = ["AgentTuneConfig", "masked_tokens", "training_messages", "tune_agents"]

Agent = Literal["planner", "actor", "critic"]
AGENTS: tuple[Agent, ...] = ("planner", "actor", "critic")


class AgentTuneConfig(BaseModel):
    """Settings of ``veracity train leap-agent``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    data: str = Field(description="Folder of planner.jsonl, actor.jsonl, critic.jsonl (veracity leap export).")
    out: str = Field(description="Output folder: one adapter per agent.")
    base_model: str = Field("smollm2-135m-instruct", description="Catalog name, .gguf file, folder or HF id.")
    agents: list[Agent] = Field(default_factory=lambda: list(AGENTS))
    rank: int = Field(8, ge=1)
    alpha: int = Field(32, ge=1)
    dropout: float = Field(0.05, ge=0.0, lt=1.0)
    learning_rate: float = Field(1e-4, gt=0)
    steps: int = Field(100, ge=1, description="Optimiser steps per agent (one conversation each).")
    max_length: int = Field(1024, ge=32, description="Tokens per conversation; longer ones are cut at the end.")
    target_modules: list[str] = Field(default_factory=lambda: ["q_proj", "v_proj"])
    seed: int = 0
    device: str = "cpu"


def training_messages(messages: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Messages as the agent saw them: ``tool`` results become ``Observation: ...`` user turns."""
    out = []
    for message in messages:
        if message.get("role") == "tool":
            out.append({"role": "user", "content": f"Observation: {message.get('content', '')}", "train": False})
        else:
            out.append(
                {
                    "role": message["role"],
                    "content": str(message.get("content", "")),
                    "train": bool(message.get("train")),
                }
            )
    return out


def masked_tokens(
    tokenizer: Any, messages: Sequence[Mapping[str, Any]], max_length: int
) -> tuple[list[int], list[int]]:
    """(input ids, labels) of one conversation: labels are the ids on ``train`` messages' tokens, -100 elsewhere.

    Message i's text is what the chat template adds for it: render(messages[:i+1]) minus render(messages[:i]).

    Raises:
        InputError: the template does not render conversations as growing prefixes (then masks cannot be placed).
    """
    plain = [{"role": m["role"], "content": m["content"]} for m in messages]
    segments: list[tuple[int, int, bool]] = []
    previous = ""
    for i, message in enumerate(messages):
        rendered = tokenizer.apply_chat_template(plain[: i + 1], tokenize=False)
        if not rendered.startswith(previous):
            raise InputError("the chat template does not render conversations as growing prefixes")
        segments.append((len(previous), len(rendered), bool(message.get("train"))))
        previous = rendered
    encoded = tokenizer(previous, add_special_tokens=False, return_offsets_mapping=True)
    ids: list[int] = list(encoded["input_ids"])[:max_length]
    offsets = list(encoded["offset_mapping"])[:max_length]
    labels = []
    for token, (start, _end) in zip(ids, offsets, strict=True):
        trained = any(lo <= start < hi and train for lo, hi, train in segments)
        labels.append(token if trained else -100)
    return ids, labels


def _rows(path: Path) -> list[list[dict[str, Any]]]:
    if not path.exists():
        return []
    rows = []
    with path.open(encoding="utf-8") as handle:
        for line_number, line in enumerate(handle, 1):
            try:
                row = json.loads(line)
                rows.append(training_messages(row["messages"]))
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                raise InputError(f"{path}: line {line_number} is not a conversation ({exc})") from exc
    return rows


def tune_agents(config: AgentTuneConfig, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Train one LoRA adapter per agent that has data; returns (and writes) the loss summary.

    Raises:
        InputError: no agent has any training conversation.
        ModelNotAvailableError: peft or the base model is missing.
    """
    try:
        import torch
        from peft import LoraConfig, get_peft_model
    except ImportError as exc:
        raise ModelNotAvailableError("peft is not installed; run: pip install 'veracity[tune]'") from exc
    from veracity.models.llm.transformers import load_causal_lm

    data = Path(config.data)
    conversations = {agent: _rows(data / f"{agent}.jsonl") for agent in config.agents}
    if not any(conversations.values()):
        raise InputError(f"no training conversations in {data} (planner.jsonl, actor.jsonl, critic.jsonl)")
    out = Path(config.out)
    out.mkdir(parents=True, exist_ok=True)
    torch.manual_seed(config.seed)
    model, tokenizer = load_causal_lm(config.base_model, config.device)
    lora = LoraConfig(
        r=config.rank,
        lora_alpha=config.alpha,
        lora_dropout=config.dropout,
        target_modules=list(config.target_modules),
        task_type="CAUSAL_LM",
    )
    summary: dict[str, Any] = {"base_model": config.base_model, "config": config.model_dump(), "agents": {}}
    peft_model: Any = None
    for agent in config.agents:
        rows = conversations[agent]
        if not rows:
            log(f"{agent}: no conversations, no adapter")
            summary["agents"][agent] = {"conversations": 0}
            continue
        if peft_model is None:
            peft_model = get_peft_model(model, lora, adapter_name=agent)
        else:
            peft_model.add_adapter(agent, lora)
        peft_model.set_adapter(agent)
        peft_model.train()
        examples = [masked_tokens(tokenizer, row, config.max_length) for row in rows]
        examples = [(ids, labels) for ids, labels in examples if any(label != -100 for label in labels)]
        if not examples:
            log(f"{agent}: every conversation's agent tokens fall past max_length; no adapter")
            summary["agents"][agent] = {"conversations": len(rows), "usable": 0}
            continue
        parameters = [p for p in peft_model.parameters() if p.requires_grad]
        optimiser = torch.optim.AdamW(parameters, lr=config.learning_rate)
        order = random.Random(f"{config.seed}:{agent}")
        losses = []
        start = time.perf_counter()
        for step in range(config.steps):
            ids, labels = examples[order.randrange(len(examples))]
            batch = torch.tensor([ids], device=config.device)
            target = torch.tensor([labels], device=config.device)
            loss = peft_model(input_ids=batch, labels=target).loss
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            losses.append(float(loss.detach()))
            if (step + 1) % max(1, config.steps // 10) == 0:
                log(f"{agent}: step {step + 1}/{config.steps} loss {losses[-1]:.4f}")
        peft_model.eval()
        head = losses[: max(1, len(losses) // 5)]
        tail = losses[-max(1, len(losses) // 5) :]
        summary["agents"][agent] = {
            "conversations": len(rows),
            "usable": len(examples),
            "steps": config.steps,
            "loss_first": round(sum(head) / len(head), 5),
            "loss_last": round(sum(tail) / len(tail), 5),
            "losses": [round(x, 5) for x in losses],
            "seconds": round(time.perf_counter() - start, 1),
        }
    if peft_model is None:
        raise InputError("no agent had usable training conversations")
    with warnings.catch_warnings():
        # A GGUF base has no config.json beside it; peft then warns that it assumes an unchanged vocabulary (true).
        warnings.filterwarnings("ignore", message="Could not find a config file", category=UserWarning)
        peft_model.save_pretrained(str(out))  # named adapters: each in OUT/<agent>/
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return summary

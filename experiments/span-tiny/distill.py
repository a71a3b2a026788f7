"""Distil veracity-span-small (6 layers) into the 3-layer base: its token probabilities as soft targets.

usage: python experiments/span-tiny/distill.py BASE_DIR OUT_DIR [EPOCHS]

The loss on each answer token is ½ · cross-entropy with the human label + ½ · T² · KL(teacher ‖ student) at
temperature T = 2 (Hinton et al., 2015), over the same windows, batches and optimiser as
`veracity train span` (configs/span-tiny.yaml). The teacher's logits are computed once per window (fp32, no
dropout). Writes OUT_DIR/model (span_model.json included, so the span detector reads it) and OUT_DIR/log.jsonl.
Not resumable: an experiment, 45 minutes on 2 cores.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from pathlib import Path

import torch
from transformers import AutoModelForTokenClassification, AutoTokenizer

from veracity.models.catalog import resolve_model_path
from veracity.models.token_tagger import IGNORE, encode_pairs, token_targets
from veracity.training import adamw_with_warmup
from veracity.training.span import SpanTrainConfig, _batches, _examples, build_windows, export_span_model

TEMPERATURE = 2.0
HARD_WEIGHT = 0.5


def main() -> None:
    """Distil the teacher into the student given on the command line (see the module docstring)."""
    base, out = Path(sys.argv[1]), Path(sys.argv[2])
    epochs = float(sys.argv[3]) if len(sys.argv) > 3 else 3.0
    config = SpanTrainConfig(output_dir=out, base_model=str(base), epochs=epochs, seed=32, num_threads=2)
    torch.set_num_threads(2)
    torch.manual_seed(config.seed)
    tokenizer = AutoTokenizer.from_pretrained(str(base))
    student = AutoModelForTokenClassification.from_pretrained(str(base), dtype=torch.float32)
    teacher = AutoModelForTokenClassification.from_pretrained(
        str(resolve_model_path("veracity-span-small")), dtype=torch.float32
    ).eval()

    def count_tokens(text: str) -> int:
        return len(tokenizer(text, add_special_tokens=False)["input_ids"])

    windows = build_windows(_examples(config), count_tokens, config.max_length, config.answer_tokens)
    steps_per_epoch = math.ceil(len(windows) / config.batch_size)
    total = math.ceil(steps_per_epoch * epochs)
    optimizer, scheduler = adamw_with_warmup(student, config.learning_rate, config.weight_decay, 0.1, total)
    soft: dict[int, torch.Tensor] = {}
    out.mkdir(parents=True, exist_ok=True)
    log = (out / "log.jsonl").open("a", encoding="utf-8")
    started, step = time.perf_counter(), 0
    student.train()
    while step < total:
        epoch, position = divmod(step, steps_per_epoch)
        batch_ids = _batches(windows, config.batch_size, random.Random(config.seed * 1000 + epoch))[position]
        batch = [windows[i] for i in batch_ids]
        encoded = encode_pairs(tokenizer, [(w.context, w.answer) for w in batch], config.max_length)
        offsets = encoded.pop("answer_offsets")
        targets = torch.tensor([token_targets(o, w.spans) for o, w in zip(offsets, batch, strict=True)])
        length = encoded["input_ids"].shape[1]
        if any(i not in soft for i in batch_ids):  # once per window: right padding leaves its positions as they are
            with torch.no_grad():
                computed = teacher(**encoded).logits.float()
            for row, i in enumerate(batch_ids):
                soft[i] = computed[row, : int(encoded["attention_mask"][row].sum())].clone()
        teacher_logits = torch.zeros(len(batch_ids), length, 2)
        for row, i in enumerate(batch_ids):
            teacher_logits[row, : len(soft[i])] = soft[i]
        logits = student(**encoded).logits
        mask = targets != IGNORE
        hard = torch.nn.functional.cross_entropy(logits[mask], targets[mask])
        kl = (
            torch.nn.functional.kl_div(
                torch.log_softmax(logits[mask] / TEMPERATURE, -1),
                torch.log_softmax(teacher_logits[mask] / TEMPERATURE, -1),
                log_target=True,
                reduction="batchmean",
            )
            * TEMPERATURE**2
        )
        loss = HARD_WEIGHT * hard + (1 - HARD_WEIGHT) * kl
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(student.parameters(), 1.0)
        optimizer.step()
        scheduler.step()
        step += 1
        if step % 10 == 0 or step == 1:
            row = {"step": step, "total": total, "hard": float(hard), "kl": float(kl),
                   "elapsed_s": time.perf_counter() - started}  # fmt: skip
            log.write(json.dumps(row) + "\n")
            log.flush()
            print(row, flush=True)
    summary = {"distilled_from": "veracity-span-small", "temperature": TEMPERATURE, "hard_weight": HARD_WEIGHT,
               "epochs": epochs, "steps": step, "n_windows": len(windows),
               "train_seconds": time.perf_counter() - started}  # fmt: skip
    export_span_model(student.eval(), tokenizer, out / "model", config, summary)
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

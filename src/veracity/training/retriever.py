"""Training the dense retriever on LLM-OASIS pairs, and measuring it by Recall@k.

``veracity train retriever``; ``../shared/papers/llm-oasis.txt`` §5.2 (training) and §7.1, Eq. 10 (Recall@k).

**Pairs** (§5.2): every claim c_j of a record with its passage t, and the falsified claim c̄_i with t, so that the
retriever learns to find the passage that supports a claim and the one that contradicts it. (The paper also pairs
each claim with F and U; without an LLM, F = t and U differs from t in one fact, so those pairs would repeat t.)
Only the records of the ``train`` documents are read (:func:`veracity.data.oasis.document_split`).

**Loss** (Eq. 6, DPR with in-batch negatives): sentence-transformers' ``MultipleNegativesRankingLoss``, which is
that objective over scaled cosine similarities (the embeddings are L2-normalised, so the cosine is the dot product
v_c · v_p of the paper, times a scale of 20). A batch never holds two pairs of one document
(:func:`batches_without_shared_documents`): their passages would be each other's false negatives.

A plain PyTorch loop like the verifier's: linear warm-up and decay, a fixed seed, a JSONL log; the model is saved
with ``save_pretrained`` (a sentence-transformers folder), so any embedder setting takes its path.

**Recall@k** (:func:`recall_at_k`): for each held-out claim, whether a passage of its source document that overlaps
the record's window is among the top k of the corpus.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from veracity.errors import InputError

__all__ = [
    "RetrievalPair",
    "RetrieverTrainConfig",
    "batches_without_shared_documents",
    "load_retriever_config",
    "recall_at_k",
    "retriever_pairs",
    "train_retriever",
]


class RetrieverTrainConfig(BaseModel):
    """Settings of one retriever training run (a YAML file under ``configs/``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    base_model: str = Field("all-MiniLM-L6-v2", description="The sentence embedder to start from.")
    data: Path = Field(description="A `veracity data synth` folder (its records.jsonl is read).")
    output_dir: Path
    split: str = Field("train", pattern="^(train|all)$", description="Records of the train documents, or all.")
    claims_per_record: int | None = Field(
        2, ge=1, description="True claims drawn per record (plus its falsified claim); None: every claim."
    )
    max_pairs: int | None = Field(None, ge=1)
    batch_size: int = Field(32, ge=2)
    learning_rate: float = Field(2e-5, gt=0)
    warmup_ratio: float = Field(0.1, ge=0, lt=1)
    epochs: int = Field(1, ge=1)
    scale: float = Field(20.0, gt=0, description="Similarity scale of the loss (sentence-transformers' default).")
    max_length: int = Field(256, ge=16)
    seed: int = 13
    num_threads: int = Field(2, ge=1)


def load_retriever_config(path: Path, overrides: dict[str, Any] | None = None) -> RetrieverTrainConfig:
    """Read a YAML training config; relative paths are taken from the working directory.

    Raises:
        ConfigError: the file is missing or invalid.
    """
    from veracity.training import load_yaml_config

    return load_yaml_config(path, RetrieverTrainConfig, overrides)


@dataclass(frozen=True)
class RetrievalPair:
    """A claim, the passage it was made from, and that passage's document."""

    claim: str
    passage: str
    doc_id: str


def retriever_pairs(
    records: Sequence[dict[str, Any]], claims_per_record: int | None, rng: random.Random
) -> list[RetrievalPair]:
    """The §5.2 pairs of ``records``: up to ``claims_per_record`` claims c_j (drawn by ``rng``) and c̄_i, each with t.

    Example::

        >>> r = {"doc_id": "d", "text": "T", "claims": ["a", "b"], "falsified": {"claim": "b'", "index": 1}}
        >>> [p.claim for p in retriever_pairs([r], None, random.Random(0))]
        ['a', 'b', "b'"]
    """
    pairs = []
    for record in records:
        claims = list(record["claims"])
        if claims_per_record is not None and len(claims) > claims_per_record:
            claims = rng.sample(claims, claims_per_record)
        for claim in [*claims, record["falsified"]["claim"]]:
            pairs.append(RetrievalPair(claim, record["text"], record["doc_id"]))
    return pairs


def batches_without_shared_documents(pairs: Sequence[RetrievalPair], batch_size: int) -> list[list[RetrievalPair]]:
    """Pairs cut into batches in order, a pair whose document is already in the open batch waiting for the next.

    Every pair lands in exactly one batch; only the last batches may be short (or hold one document's leftovers).

    Example::

        >>> ps = [RetrievalPair(c, "p", d) for c, d in [("a", "x"), ("b", "x"), ("c", "y"), ("d", "z")]]
        >>> [[p.claim for p in b] for b in batches_without_shared_documents(ps, 2)]
        [['a', 'c'], ['b', 'd']]
    """
    waiting = list(pairs)
    batches = []
    while waiting:
        batch: list[RetrievalPair] = []
        seen: set[str] = set()
        rest = []
        for pair in waiting:
            if len(batch) < batch_size and pair.doc_id not in seen:
                batch.append(pair)
                seen.add(pair.doc_id)
            else:
                rest.append(pair)
        batches.append(batch)
        waiting = rest
    return batches


def recall_at_k(rankings: Sequence[Sequence[str]], relevant: Sequence[set[str]], k: int) -> float:
    """The share of queries with a relevant item among the first ``k`` of their ranking; 0.0 for no queries.

    R@k of Eq. 10 averaged over queries, a query counting as found when one relevant passage is in its top k.

    Example::

        >>> recall_at_k([["p1", "p2"], ["p3", "p4"]], [{"p2"}, {"p9"}], 1), recall_at_k([["p1", "p2"]], [{"p2"}], 2)
        (0.0, 1.0)
    """
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    if not rankings:
        return 0.0
    hits = sum(1 for ranked, wanted in zip(rankings, relevant, strict=True) if wanted & set(ranked[:k]))
    return hits / len(rankings)


def train_retriever(config: RetrieverTrainConfig, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Train on the pairs of ``config.data`` and save to ``output_dir/model``; returns (and writes) a summary."""
    import torch
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.sentence_transformer.losses import MultipleNegativesRankingLoss
    from transformers import get_linear_schedule_with_warmup

    from veracity._jsonl import read_rows
    from veracity.data.oasis import RECORDS, document_split
    from veracity.models.catalog import quiet_transformers, resolve_model_path

    quiet_transformers()
    torch.set_num_threads(config.num_threads)
    rng = random.Random(config.seed)
    torch.manual_seed(config.seed)
    records_path = config.data / RECORDS if config.data.is_dir() else config.data
    if not records_path.exists():
        raise InputError(f"no LLM-OASIS records at {records_path}; generate them with `veracity data synth`")
    records = [r for r in read_rows(records_path) if config.split == "all" or document_split(r["doc_id"]) == "train"]
    pairs = retriever_pairs(records, config.claims_per_record, rng)
    rng.shuffle(pairs)
    if config.max_pairs is not None:
        pairs = pairs[: config.max_pairs]
    if len(pairs) < 2:
        raise InputError(f"{records_path} gives {len(pairs)} training pair(s); in-batch negatives need at least 2")
    model = SentenceTransformer(str(resolve_model_path(config.base_model)), device="cpu")
    model.max_seq_length = config.max_length
    loss_fn = MultipleNegativesRankingLoss(model, scale=config.scale)
    epochs = []
    for epoch in range(config.epochs):
        order = list(pairs)
        if epoch:
            rng.shuffle(order)
        epochs.append([b for b in batches_without_shared_documents(order, config.batch_size) if len(b) > 1])
    total = sum(len(e) for e in epochs)
    optimizer = torch.optim.AdamW(model.parameters(), lr=config.learning_rate)
    scheduler = get_linear_schedule_with_warmup(optimizer, math.ceil(total * config.warmup_ratio), total)
    out = config.output_dir
    out.mkdir(parents=True, exist_ok=True)
    log_path = out / "log.jsonl"
    started, step = time.perf_counter(), 0
    model.train()
    with log_path.open("a", encoding="utf-8") as log_file:
        for batches in epochs:
            for batch in batches:
                prepare = getattr(model, "preprocess", None) or model.tokenize  # tokenize before v6
                features = [
                    _to_device(prepare([p.claim for p in batch]), model.device),
                    _to_device(prepare([p.passage for p in batch]), model.device),
                ]
                loss = loss_fn(features, torch.empty(0))
                loss.backward()
                value = float(loss.detach())
                torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                optimizer.step()
                scheduler.step()
                optimizer.zero_grad()
                step += 1
                if step % 25 == 0 or step == 1 or step == total:
                    elapsed = time.perf_counter() - started
                    log(f"step {step}/{total} loss {value:.4f} ({elapsed:.0f} s)")
                    log_file.write(json.dumps({"step": step, "loss": value, "elapsed_s": elapsed}) + "\n")
                    log_file.flush()
    model.eval()
    model.save_pretrained(str(out / "model"))
    summary = {
        "base_model": config.base_model,
        "records": len(records),
        "pairs": len(pairs),
        "steps": step,
        "seconds": round(time.perf_counter() - started, 1),
        "config": json.loads(config.model_dump_json()),
        "model_dir": str(out / "model"),
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return summary


def _to_device(features: dict[str, Any], device: Any) -> dict[str, Any]:
    return {key: value.to(device) if hasattr(value, "to") else value for key, value in features.items()}

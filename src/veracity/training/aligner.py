r"""Training the learned alignment: which source clause an answer clause is about (issue 77, items 2 and 5).

``veracity train aligner``. A small bi-encoder (all-MiniLM-L6-v2, the shipped embedder's body) reads an answer value's
masked frame (:func:`~veracity.stages.verify.checkers.masked.frame`: "Hiring an electric bike for a full day costs
[AMOUNT].") and a source clause as what it is about, then its masked frame
(:attr:`~veracity.stages.verify.checkers.masked.SourceFrame.aligned`: "Bike hire / Electric bikes | A full day:
[AMOUNT]."), and is trained so that the clause stating the answer's value ranks first among the clauses giving a
value of that kind.

**Items** (:class:`AlignItem`): each value of a faithful answer unit (no human-marked span overlaps it) whose
context has same-kind source frames both stating that value (*positives*) and stating another (*negatives*). Real
rewording: RAGTruth train-upstream (less a quarter of its sources by hash, :func:`held_out`, kept for choosing a
margin) and RAGBench train; never dev. Synthetic structure: :mod:`veracity.data.structured_docs` (training domains
only), where the positive is the line the answer rewords and the negatives every other same-kind line, the lines of
the same attribute under other headings among them.

**Loss**: multiple-negatives ranking (in-batch negatives plus one hard negative per anchor, scale 20; as
sentence-transformers' ``MultipleNegativesRankingLoss``), in a plain torch loop with linear warm-up. Batches are
grouped by length (dynamic padding), then shuffled. A checkpoint (model, optimiser, step, the order's seed) is
written every ``checkpoint_every`` steps and at a time limit, so a run stopped at any point goes on from there.

**Measure** (:func:`rank_items`): the expected top-1 of the best positive among the item's same-kind frames, ties
broken at random (identical texts earn no credit), and the mean reciprocal rank; by value kind.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import math
import random
import re
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = [
    "AlignItem",
    "AlignerTrainConfig",
    "build_items",
    "held_out",
    "items_of_doc",
    "items_of_row",
    "length_grouped_batches",
    "load_items",
    "rank_items",
    "train_aligner",
]

SPLITS = {
    "ragtruth:train-upstream": ("ragtruth", "train-upstream"),
    "ragtruth:train": ("ragtruth", "train"),
    "ragtruth:dev": ("ragtruth", "dev"),
    "ragbench:train": ("ragbench", "train"),
    "ragbench:dev": ("ragbench", "dev"),
}
SYNTHETIC_TRAIN = "synthetic:train"
SYNTHETIC_TEST = "synthetic:test"
# The same domains' pages as pipe tables only (structured_docs.TABLE_LAYOUTS): what tells two cells apart is their row
# and column.
SYNTHETIC_TABLES_TRAIN = "synthetic-tables:train"
SYNTHETIC_TABLES_TEST = "synthetic-tables:test"
_SYNTHETIC = {
    SYNTHETIC_TRAIN: (True, 13, False),
    SYNTHETIC_TEST: (False, 1013, False),
    SYNTHETIC_TABLES_TRAIN: (True, 23, True),
    SYNTHETIC_TABLES_TEST: (False, 1023, True),
}
MAX_SOURCE_FRAMES = 400
MIN_ANCHOR_WORDS = 2
SYNTHETIC_TEST_DOCS = 600
_PLACEHOLDER = re.compile(r"\[(?:other )?[A-Z]+\]")
_WORDS = re.compile(r"[^\W\d_]{2,}")


@dataclass(frozen=True)
class AlignItem:
    """One answer value: its frame, its kind, the aligned texts of the source frames that state it and of the others."""

    anchor: str
    kind: str
    positives: tuple[str, ...]
    negatives: tuple[str, ...]
    group: str

    def as_json(self) -> dict[str, Any]:
        """The item as a JSON object (the cache's lines)."""
        return asdict(self)

    @classmethod
    def of_json(cls, row: dict[str, Any]) -> AlignItem:
        """The item a cache line holds."""
        return cls(row["anchor"], row["kind"], tuple(row["positives"]), tuple(row["negatives"]), row["group"])


def held_out(group: str) -> bool:
    """A quarter of the RAGTruth train-upstream sources, never trained on (experiments/frame-attachment's rule)."""
    return int(hashlib.sha1(group.encode("utf-8")).hexdigest()[:8], 16) % 4 == 0


def _items(anchor_frames: Iterable[tuple[Any, str]], frames: Sequence[Any], group: str,
           positive: Callable[[Any, Any], bool]) -> Iterator[AlignItem]:  # fmt: skip
    for value, text in anchor_frames:
        if len(_WORDS.findall(_PLACEHOLDER.sub(" ", text))) < MIN_ANCHOR_WORDS:
            continue  # "[NUMBER]." (a list's number on its own line) is about nothing
        same_kind = [f for f in frames if f.value.key == value.key]
        pos = [f.aligned for f in same_kind if positive(value, f)]
        neg = [f.aligned for f in same_kind if not positive(value, f)]
        pos_set = set(pos)
        neg = [t for t in neg if t not in pos_set]
        if pos and neg:
            yield AlignItem(text, value.kind, tuple(dict.fromkeys(pos)), tuple(dict.fromkeys(neg)), group)


def items_of_row(row: dict[str, Any], group: str) -> list[AlignItem]:
    """The items of a RAGTruth or RAGBench row: each value of each faithful answer unit with its context's frames."""
    from veracity.schema import Document
    from veracity.stages.sources import Sources
    from veracity.stages.verify.checkers.masked.frames import frames_of_text, source_frames
    from veracity.text.split import split_sentences
    from veracity.text.values.kinds import same_stated

    context = [str(c) for c in row.get("context") or [] if str(c).strip()]
    if not context:
        return []
    sources = Sources([Document(id=str(k), text=c) for k, c in enumerate(context)])
    frames = source_frames(sources, MAX_SOURCE_FRAMES, headed=True).frames
    if not frames:
        return []
    if "sentences" in row:
        units = [s["text"] for s in row["sentences"] if s.get("supported")]
    else:
        spans = [(int(s["start"]), int(s["end"])) for s in row.get("spans") or []]
        units = [
            s.span.text
            for s in split_sentences(row["answer"], "rules")
            if not any(a < s.span.end and s.span.start < b for a, b in spans)
        ]
    out: list[AlignItem] = []
    for unit in units:
        out += _items(frames_of_text(unit) or [], frames, group, lambda v, f: same_stated(v, f.value))
    return out


def items_of_doc(doc: Any, group: str) -> list[AlignItem]:
    """The items of a synthetic structured document: each claim's value against the document's frames."""
    from veracity.schema import Document
    from veracity.stages.sources import Sources
    from veracity.stages.verify.checkers.masked.frames import frames_of_text, source_frames
    from veracity.text.values.kinds import same_stated

    sources = Sources([Document(id="0", text=doc.text)])
    frames = source_frames(sources, MAX_SOURCE_FRAMES, headed=True).frames
    out: list[AlignItem] = []
    for claim in doc.claims:
        anchors = [
            (v, t) for v, t in frames_of_text(claim.answer) or [] if claim.answer[v.start : v.end] == claim.value
        ]
        if not anchors:
            continue

        def states(value: Any, f: Any, claim: Any = claim) -> bool:
            return f.start < claim.line_end and claim.line_start < f.end and same_stated(value, f.value)

        out += _items(anchors[:1], frames, group, states)
    return out


def _rows(split: str) -> Iterator[dict[str, Any]]:
    from veracity.data.loaders import default_data_dir

    name, file = SPLITS[split]
    path = default_data_dir() / name / f"{file}.jsonl.gz"
    if not path.exists():
        raise FileNotFoundError(f"{path} is not here: the aligner's training data is {name}/ of the shared data folder "
                                "(set VERACITY_DATA to it)")  # fmt: skip
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            yield json.loads(line)


def _group(row: dict[str, Any]) -> str:
    if row.get("source_id") is not None:
        return f"{row.get('task', '')}:{row['source_id']}"
    return "ctx:" + hashlib.sha1("\x00".join(map(str, row.get("context") or [])).encode("utf-8")).hexdigest()[:16]


def build_items(split: str, synthetic_docs: int = 3000, log: Callable[[str], None] = print) -> list[AlignItem]:
    """Every item of a split (``ragtruth:dev``, ``synthetic:train``, …); the synthetic splits' documents by seed."""
    from veracity.data.structured_docs import LAYOUTS, TABLE_LAYOUTS, TEST_DOMAINS, TRAIN_DOMAINS, generate

    out: list[AlignItem] = []
    started = time.perf_counter()
    if split in _SYNTHETIC:
        train, seed, tables = _SYNTHETIC[split]
        count = synthetic_docs if train else SYNTHETIC_TEST_DOCS
        docs = generate(
            count,
            seed=seed,
            domains=TRAIN_DOMAINS if train else TEST_DOMAINS,
            layouts=TABLE_LAYOUTS if tables else LAYOUTS,
        )
        for k, doc in enumerate(docs):
            out += items_of_doc(doc, f"{split}:{k}")
        return out
    seen: set[str] = set()
    for k, row in enumerate(_rows(split)):
        group = _group(row)
        if split == "ragtruth:train-upstream" and (held_out(group) or row.get("quality", "good") != "good"):
            continue
        out += items_of_row(row, group)
        seen.add(group)
        if k % 1000 == 0:
            log(f"{split}: {k} rows, {len(out)} items, {time.perf_counter() - started:.0f}s")
    return out


def load_items(
    split: str, cache: Path, synthetic_docs: int = 3000, log: Callable[[str], None] = print
) -> list[AlignItem]:
    """:func:`build_items`, kept under ``cache`` (one gzipped JSONL per split)."""
    suffix = f"-{synthetic_docs}" if split in _SYNTHETIC and _SYNTHETIC[split][0] else ""  # drawn training pages
    path = cache / f"items-{split.replace(':', '-')}{suffix}.jsonl.gz"
    if path.exists():
        with gzip.open(path, "rt", encoding="utf-8") as f:
            return [AlignItem.of_json(json.loads(line)) for line in f]
    items = build_items(split, synthetic_docs, log)
    cache.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with gzip.open(tmp, "wt", encoding="utf-8") as f:
        for item in items:
            f.write(json.dumps(item.as_json()) + "\n")
    tmp.replace(path)
    return items


def triplets(items: Sequence[AlignItem], seed: int) -> list[tuple[str, str, str]]:
    """(anchor, a positive, a hard negative) per item, drawn with ``seed``."""
    rng = random.Random(seed)
    return [(i.anchor, rng.choice(i.positives), rng.choice(i.negatives)) for i in items]


def length_grouped_batches(lengths: Sequence[int], batch: int, seed: int, pool: int = 50) -> list[list[int]]:
    """Batches of indices of about equal length (sorted within pools of ``pool`` batches), in a shuffled order.

    >>> sorted(len(b) for b in length_grouped_batches([5, 1, 4, 2, 3], 2, seed=0))
    [1, 2, 2]
    """
    rng = random.Random(seed)
    order = list(range(len(lengths)))
    rng.shuffle(order)
    batches: list[list[int]] = []
    for k in range(0, len(order), batch * pool):
        chunk = sorted(order[k : k + batch * pool], key=lambda i: lengths[i])
        batches += [chunk[j : j + batch] for j in range(0, len(chunk), batch)]
    rng.shuffle(batches)
    return batches


class AlignerTrainConfig(BaseModel):
    """Settings of one aligner training run (a YAML file under ``configs/``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    base_model: str = Field("all-MiniLM-L6-v2", description="The sentence embedder to start from (a name or folder).")
    output_dir: Path
    cache_dir: Path = Field(Path.home() / ".cache" / "veracity" / "aligner", description="Where items are kept.")
    train_splits: tuple[str, ...] = ("ragtruth:train-upstream", "ragtruth:train", "ragbench:train", SYNTHETIC_TRAIN)
    synthetic_docs: int = Field(800, ge=0, description="Synthetic training documents (the test set is fixed).")
    repeats: dict[str, int] = Field(
        default_factory=dict,
        description="How many times a split's items are read each epoch (1 where not named): a small split weighed "
        "up, each repeat with its own positive and hard negative drawn.",
    )
    batch_size: int = Field(32, ge=2)
    learning_rate: float = Field(5e-5, gt=0)
    warmup_steps: int = Field(50, ge=0)
    max_seq_length: int = Field(128, ge=16)
    epochs: float = Field(1.0, gt=0)
    max_seconds: float | None = Field(None, gt=0, description="Stop (with a checkpoint) after this long.")
    checkpoint_every: int = Field(200, ge=1)
    scale: float = 20.0
    seed: int = 13
    threads: int = Field(2, ge=1)

    @model_validator(mode="after")
    def _splits_are_known(self) -> AlignerTrainConfig:
        unknown = sorted(set(self.train_splits) - set(SPLITS) - set(_SYNTHETIC))
        if unknown:
            raise ValueError(f"unknown training splits {unknown}: choose from {sorted({*SPLITS, *_SYNTHETIC})}")
        return self

    @model_validator(mode="after")
    def _repeats_name_trained_splits(self) -> AlignerTrainConfig:
        unknown = sorted(set(self.repeats) - set(self.train_splits))
        if unknown or any(times < 1 for times in self.repeats.values()):
            raise ValueError(f"repeats must name train_splits, each read at least once: {self.repeats}")
        return self


def _resolve_base(name: str) -> str:
    from veracity.models.catalog import resolve_model_path

    path = Path(name)
    return str(path) if path.exists() else str(resolve_model_path(name))


def train_aligner(config: AlignerTrainConfig, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Fine-tune the aligner; goes on from ``output_dir/checkpoint`` when there is one. Returns the run's record."""
    import torch
    from sentence_transformers import SentenceTransformer

    torch.set_num_threads(config.threads)
    torch.manual_seed(config.seed)
    items: list[AlignItem] = []
    for split in config.train_splits:
        read = load_items(split, config.cache_dir, config.synthetic_docs, log)
        times = config.repeats.get(split, 1)
        log(f"{split}: {len(read)} items" + (f", read {times} times" if times > 1 else ""))
        items += read * times

    def epoch_data(epoch: int) -> tuple[list[tuple[str, str, str]], list[list[int]]]:
        # each epoch draws its own positive and hard negative per item and its own order (the same on a resumed run)
        drawn = triplets(items, config.seed + epoch)
        lengths = [len(a) + len(p) + len(n) for a, p, n in drawn]
        return drawn, length_grouped_batches(lengths, config.batch_size, config.seed + epoch)

    data, per_epoch = epoch_data(0)
    total_steps = math.ceil(len(per_epoch) * config.epochs)
    checkpoint = config.output_dir / "checkpoint"
    state_file = checkpoint / "state.json"
    start = _resolve_base(config.base_model)
    step, history = 0, []
    if state_file.exists():
        state = json.loads(state_file.read_text())
        step, history, start = state["step"], state["history"], str(checkpoint / "model")
        log(f"resuming at step {step} of {total_steps}")
    model = SentenceTransformer(start, device="cpu", local_files_only=True)
    model.max_seq_length = config.max_seq_length
    optimizer = torch.optim.AdamW(model.parameters(), lr=config.learning_rate, weight_decay=0.01)
    if step and (checkpoint / "optimizer.pt").exists():
        optimizer.load_state_dict(torch.load(checkpoint / "optimizer.pt", weights_only=True))
    warmup = max(1, config.warmup_steps)

    def rate(s: int) -> float:
        return min(1.0, (s + 1) / warmup) * max(0.0, 1.0 - s / max(1, total_steps))

    def embed(texts: list[str]) -> torch.Tensor:
        features = (getattr(model, "preprocess", None) or model.tokenize)(texts)  # tokenize before v6
        return torch.nn.functional.normalize(model(features)["sentence_embedding"], dim=-1)

    def save(final: bool = False) -> None:
        target = checkpoint / "model"
        checkpoint.mkdir(parents=True, exist_ok=True)
        model.save(str(target))
        torch.save(optimizer.state_dict(), checkpoint / "optimizer.pt")
        state_file.write_text(json.dumps({"step": step, "history": history, "total_steps": total_steps}))
        if final:
            model.save(str(config.output_dir / "model"))

    model.train()
    started, losses, seen = time.perf_counter(), [], 0
    epoch_of = {0: (data, per_epoch)}
    while step < total_steps:
        epoch = step // len(per_epoch)
        if epoch not in epoch_of:
            epoch_of = {epoch: epoch_data(epoch)}
        drawn, order = epoch_of[epoch]
        part = [drawn[i] for i in order[step % len(per_epoch)]]
        for group in optimizer.param_groups:
            group["lr"] = config.learning_rate * rate(step)
        anchors = embed([a for a, _, _ in part])
        candidates = embed([p for _, p, _ in part] + [n for _, _, n in part])
        loss = torch.nn.functional.cross_entropy(anchors @ candidates.T * config.scale, torch.arange(len(part)))
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad()
        step += 1
        seen += len(part)
        losses.append(float(loss.detach()))
        elapsed = time.perf_counter() - started
        if step % 20 == 0:
            mean = sum(losses[-20:]) / len(losses[-20:])
            history.append({"step": step, "loss": round(mean, 4), "triplets_per_second": round(seen / elapsed, 2)})
            log(f"step {step}/{total_steps} loss {mean:.3f} {seen / elapsed:.1f} triplets/s")
        if step % config.checkpoint_every == 0:
            save()
        if config.max_seconds is not None and elapsed > config.max_seconds:
            log(f"time limit: stopping at step {step}; run again to go on")
            break
    model.eval()
    save(final=step >= total_steps)
    record = {
        "triplets": len(data),
        "steps": step,
        "total_steps": total_steps,
        "epochs": round(step / max(1, len(per_epoch)), 3),
        "this_run_seconds": round(time.perf_counter() - started, 1),
        "this_run_triplets_per_second": round(seen / max(1e-9, time.perf_counter() - started), 2),
        "finished": step >= total_steps,
        "config": json.loads(config.model_dump_json()),
    }
    (config.output_dir / "training.json").write_text(json.dumps({**record, "history": history}, indent=1))
    return record


def rank_items(items: Sequence[AlignItem], encode: Callable[[list[str]], np.ndarray], seed: int = 0) -> dict[str, Any]:
    """Expected top-1 and MRR of the best positive among each item's frames, overall and by kind.

    ``encode`` gives L2-normalised vectors. Ties are broken at random in expectation: a positive tied with k
    negatives at the top earns 1 / (k + 1).
    """
    texts = sorted({t for i in items for t in (i.anchor, *i.positives, *i.negatives)})
    index = {t: k for k, t in enumerate(texts)}
    vectors = encode(texts) if texts else np.zeros((0, 1))
    by_kind: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for item in items:
        a = vectors[index[item.anchor]]
        best = max(float(vectors[index[t]] @ a) for t in item.positives)
        others = np.array([float(vectors[index[t]] @ a) for t in item.negatives])
        above = int((others > best + 1e-6).sum())
        tied = int((np.abs(others - best) <= 1e-6).sum())
        top1 = (1.0 / (tied + 1)) if above == 0 else 0.0
        by_kind[item.kind].append((top1, 1.0 / (above + 1 + tied / 2)))
    every = [x for v in by_kind.values() for x in v]

    def summary(xs: list[tuple[float, float]]) -> dict[str, float]:
        return {"n": len(xs), "top1": round(float(np.mean([x for x, _ in xs])), 4),
                "mrr": round(float(np.mean([y for _, y in xs])), 4)}  # fmt: skip

    return {**summary(every), "by_kind": {k: summary(v) for k, v in sorted(by_kind.items())}} if every else {"n": 0}


def export_aligner(model_dir: Path, target: Path) -> dict[str, Any]:
    """A trained aligner folder (sentence-transformers) shipped as int8 weights (:mod:`veracity.models.int8_weights`).

    Every file but the weights is copied; ``model.safetensors`` becomes ``model.int8.safetensors``. Returns the
    sizes and how far the int8 weights move the vectors of a few frames (cosine with the fp32 model's, lowest).
    """
    import shutil

    from safetensors.numpy import load_file, save_file

    from veracity.models.int8_weights import INT8_FILE, pack

    target.mkdir(parents=True, exist_ok=True)
    for path in model_dir.rglob("*"):
        if path.is_file() and path.name != "model.safetensors" and path.name != "README.md":
            destination = target / path.relative_to(model_dir)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, destination)
    save_file(pack(load_file(str(model_dir / "model.safetensors"))), str(target / INT8_FILE))
    return {
        "fp32_bytes": (model_dir / "model.safetensors").stat().st_size,
        "int8_bytes": (target / INT8_FILE).stat().st_size,
    }

"""A token classifier that marks the answer's unsupported tokens (LettuceDetect's reading, on a MiniLM body).

The encoder reads ``[CLS] context [SEP] answer [SEP]``; the head gives every answer token P(unsupported). This
module loads such a model (catalog name, local folder or cached Hugging Face id, never the network) and maps
between tokens and characters:

* :func:`token_targets`: gold character spans → a label per token (training);
* :func:`token_runs`: per-token probabilities → character spans of runs above a threshold (prediction).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from veracity.errors import BackendError, ConfigError, ModelNotAvailableError
from veracity.models.catalog import resolve_model_path
from veracity.models.onnx_backend import (
    Backend,
    OnnxEncoder,
    config_labels,
    preload_encoder,
    read_config,
    resolve_backend,
    softmax,
)
from veracity.models.pair_scorer import load_classifier

__all__ = [
    "SPAN_MODEL_FORMAT",
    "TaggedWindow",
    "TokenTagger",
    "read_span_model_info",
    "token_runs",
    "token_targets",
]

# Version of the span model's side file (span_model.json); a file of another version is refused by name.
SPAN_MODEL_FORMAT = 1
IGNORE = -100


def token_targets(offsets: Sequence[tuple[int, int]], spans: Sequence[tuple[int, int]]) -> list[int]:
    """1 for a token whose characters overlap a gold span, 0 for the others, −100 for special tokens.

    ``offsets`` are the tokens' ``[start, end)`` in the answer (``(0, 0)`` for a special or padding token, the
    tokenizers' convention). Overlap, not containment: a word piece that straddles a span edge is unsupported.
    """
    targets = []
    for start, end in offsets:
        if end <= start:
            targets.append(IGNORE)
        else:
            targets.append(int(any(start < span_end and span_start < end for span_start, span_end in spans)))
    return targets


def token_runs(
    offsets: Sequence[tuple[int, int]], probs: Sequence[float], threshold: float
) -> list[tuple[int, int, float]]:
    """Runs of consecutive tokens with P(unsupported) ≥ ``threshold`` as ``(start, end, max P)`` character spans.

    Tokens with an empty offset (special tokens) end a run and never start one.
    """
    runs: list[tuple[int, int, float]] = []
    current: list[int] = []

    def close() -> None:
        if current:
            runs.append((offsets[current[0]][0], offsets[current[-1]][1], max(float(probs[i]) for i in current)))
            current.clear()

    for i, (start, end) in enumerate(offsets):
        if end > start and probs[i] >= threshold:
            current.append(i)
        else:
            close()
    close()
    return runs


@dataclass(frozen=True)
class TaggedWindow:
    """One answer window read by the tagger: its tokens' offsets (answer-window characters) and P(unsupported)."""

    offsets: list[tuple[int, int]]
    probs: NDArray[np.float32]


def read_span_model_info(path: Path) -> dict[str, Any]:
    """The span model's ``span_model.json`` (format version, window sizes, training record).

    Raises:
        ModelNotAvailableError: the file is missing, unreadable, or of another format version (the message names
            the file).
    """
    info_path = path / "span_model.json"
    try:
        info = json.loads(info_path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ModelNotAvailableError(f"{info_path} is missing: {path} is not a veracity span model") from exc
    except (OSError, ValueError) as exc:
        raise ModelNotAvailableError(f"{info_path} is not readable JSON ({exc})") from exc
    if not isinstance(info, dict) or info.get("format") != SPAN_MODEL_FORMAT:
        found = info.get("format") if isinstance(info, dict) else None
        raise ModelNotAvailableError(
            f"{info_path} has format {found!r}; this veracity reads format {SPAN_MODEL_FORMAT}: retrain the span model "
            "with this version (veracity train span) or install the veracity that wrote it"
        )
    return info


class TokenTagger:
    """Reads (context, answer window) pairs and returns P(unsupported) for each answer token.

    Args:
        model: catalog name, local folder or cached Hugging Face id of a 2-label token classifier.
        batch_size: windows per forward pass (windows are sorted by length first).
        max_length: positions per window (BERT-family bodies stop at 512).
        num_threads: torch CPU threads (process-wide); ``None`` leaves torch's default.
        device: torch device.
        quantize: ``"int8"`` runs dynamic int8 ``Linear`` layers on the CPU.
        backend: ``torch``, ``onnx`` (ONNX Runtime, no torch import) or ``auto`` (ONNX when onnxruntime and the
            exported files are there: :mod:`veracity.models.onnx_backend`).
    """

    def __init__(
        self,
        model: str,
        batch_size: int = 8,
        max_length: int = 512,
        num_threads: int | None = None,
        device: str = "cpu",
        quantize: Literal["none", "int8"] = "none",
        backend: Backend = "auto",
    ) -> None:
        if batch_size < 1 or not 16 <= max_length <= 512:
            raise ConfigError(f"batch_size must be ≥ 1 and max_length in [16, 512], got {batch_size}, {max_length}")
        if quantize == "int8" and device != "cpu":
            raise ConfigError("int8 dynamic quantisation runs on the CPU only; use quantize='none' on " + device)
        self.model_id = model
        self.batch_size = batch_size
        self.max_length = max_length
        self.num_threads = num_threads
        self.device = device
        self.quantize = quantize
        if backend == "onnx" and device != "cpu":
            raise ConfigError("backend=onnx runs on the CPU only; use backend=torch on " + device)
        self.backend = backend

    @functools.cached_property
    def path(self) -> Path:
        """The model's local folder (resolved once: token counting calls for it many times an answer)."""
        return resolve_model_path(self.model_id)

    @functools.cached_property
    def runs_on(self) -> Literal["torch", "onnx"]:
        """The backend that runs (``auto`` resolved: :func:`~veracity.models.onnx_backend.resolve_backend`)."""
        return resolve_backend(self.backend, self.path, "token", self.quantize, self.device)

    def preload(self) -> None:
        """Start reading the ONNX session in a background thread (see :func:`.onnx_backend.preload_encoder`).

        A no-op on torch, and where the ONNX files are not exported yet (the first use exports them).
        """
        if self.runs_on == "onnx":
            preload_encoder(self.path, "token", self.quantize, self.num_threads)

    @functools.cached_property
    def _onnx(self) -> OnnxEncoder:
        self._refuse_other_labels(config_labels(read_config(self.path)))
        return OnnxEncoder(self.path, "token", precision=self.quantize, num_threads=self.num_threads)

    def _loaded(self) -> tuple[Any, Any]:
        tokenizer, model = load_classifier(str(self.path), self.device, self.quantize, head="token")
        self._refuse_other_labels([str(model.config.id2label[i]) for i in range(int(model.config.num_labels))])
        if not getattr(tokenizer, "is_fast", False):
            raise BackendError(
                f"{self.path}: the span model needs a fast tokenizer (tokenizer.json) for character offsets"
            )
        return tokenizer, model

    def _refuse_other_labels(self, labels: list[str]) -> None:
        # Column 1 is read as P(unsupported): a tagger of other labels (an NER model) would answer in its own terms.
        if len(labels) != 2:
            raise ModelNotAvailableError(
                f"{self.path} is a token classifier with the labels {labels}, not a span model: the span model has "
                "two labels (supported, unsupported), like veracity-span-small"
            )

    def count_tokens(self, text: str) -> int:
        """Tokens of ``text`` without special tokens."""
        if self.runs_on == "onnx":
            return self._onnx.count_tokens(text)
        tokenizer, _ = self._loaded()
        return len(tokenizer(text, add_special_tokens=False)["input_ids"])

    def tag(self, pairs: Sequence[tuple[str, str]]) -> list[TaggedWindow]:
        """P(unsupported) per answer token of each (context, answer window) pair, in input order.

        The context loses its end when a pair is longer than ``max_length`` (callers select the context first so
        that it fits); the answer window is never cut unless it alone exceeds the window.
        """
        if self.runs_on == "onnx":
            return self._tag_onnx(pairs)
        import torch

        tokenizer, model = self._loaded()
        if self.num_threads is not None:
            torch.set_num_threads(self.num_threads)
        results: list[TaggedWindow | None] = [None] * len(pairs)
        order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]) + len(pairs[i][1]))
        with torch.inference_mode():
            for k in range(0, len(order), self.batch_size):
                batch = order[k : k + self.batch_size]
                encoded = encode_pairs(tokenizer, [pairs[i] for i in batch], self.max_length)
                offsets = encoded.pop("answer_offsets")
                logits = model(**{key: value.to(self.device) for key, value in encoded.items()}).logits.float()
                probs = torch.softmax(logits, dim=-1)[..., 1].cpu().numpy()
                for row, i in enumerate(batch):
                    answer_offsets = offsets[row]
                    keep = [t for t, (start, end) in enumerate(answer_offsets) if end > start]
                    results[i] = TaggedWindow(
                        offsets=[answer_offsets[t] for t in keep], probs=probs[row, keep].astype(np.float32)
                    )
        return [r for r in results if r is not None]

    def _tag_onnx(self, pairs: Sequence[tuple[str, str]]) -> list[TaggedWindow]:
        """:meth:`tag` on ONNX Runtime: the same order, batches, truncation and answer offsets."""
        encoder = self._onnx
        results: list[TaggedWindow] = [TaggedWindow([], np.zeros(0, np.float32))] * len(pairs)
        order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]) + len(pairs[i][1]))
        for k in range(0, len(order), self.batch_size):
            batch = order[k : k + self.batch_size]
            contexts = _contexts([pairs[i] for i in batch])
            encodings = encoder.encode(contexts, [pairs[i][1] for i in batch], self.max_length)
            probs = softmax(encoder.run(encodings))[..., 1]
            for row, i in enumerate(batch):
                offsets, sequence_ids = encodings[row].offsets, encodings[row].sequence_ids  # each a fresh list
                keep = [
                    t
                    for t, (sid, (start, end)) in enumerate(zip(sequence_ids, offsets, strict=True))
                    if sid == 1 and end > start
                ]
                results[i] = TaggedWindow(
                    offsets=[(int(offsets[t][0]), int(offsets[t][1])) for t in keep],
                    probs=probs[row, keep].astype(np.float32),
                )
        return results


def _contexts(pairs: Sequence[tuple[str, str]]) -> list[str]:
    """The pairs' contexts, an empty one read as "(no context)" (the tokenizer's pair needs a first text)."""
    return [c if c.strip() else "(no context)" for c, _ in pairs]


def encode_pairs(tokenizer: Any, pairs: Sequence[tuple[str, str]], max_length: int) -> dict[str, Any]:
    """Tokenise (context, answer) pairs for the tagger, context truncated first.

    Returns the model inputs plus ``answer_offsets``: per pair, per position, the answer-character offsets of that
    position, ``(0, 0)`` for every position that is not an answer token.
    """
    encoded = tokenizer(
        _contexts(pairs),
        [a for _, a in pairs],
        padding=True,
        truncation="longest_first",
        max_length=max_length,
        return_offsets_mapping=True,
        return_tensors="pt",
    )
    offsets = encoded.pop("offset_mapping").tolist()
    answer_offsets = []
    for row in range(len(pairs)):
        sequence_ids = encoded.sequence_ids(row)
        answer_offsets.append(
            [(int(s), int(e)) if sid == 1 else (0, 0) for sid, (s, e) in zip(sequence_ids, offsets[row], strict=True)]
        )
    out = dict(encoded)
    out["answer_offsets"] = answer_offsets
    return out

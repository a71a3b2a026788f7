"""Cross-encoders that score (premise, hypothesis) pairs as entailment / neutral / contradiction probabilities."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Literal, Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from veracity.errors import BackendError, ConfigError, ModelNotAvailableError
from veracity.models._checkpoint import NAMED_KEYS, architectures, refuse_new_weights
from veracity.models.catalog import quiet_transformers, require_transformers, resolve_model_path
from veracity.models.onnx_backend import (
    Backend,
    OnnxEncoder,
    config_labels,
    model_max_length,
    preload_encoder,
    read_config,
    resolve_backend,
    softmax,
)

__all__ = [
    "CONTRADICTION",
    "ENTAILMENT",
    "NEUTRAL",
    "HFPairScorer",
    "PairScorer",
    "check_classifier_kind",
    "label_columns",
    "load_classifier",
]

# Column order of every PairScorer output.
ENTAILMENT, NEUTRAL, CONTRADICTION = 0, 1, 2


@runtime_checkable
class PairScorer(Protocol):
    """Scores (premise, hypothesis) pairs."""

    model_id: str

    def score(self, pairs: Sequence[tuple[str, str]]) -> NDArray[np.float32]:
        """Shape ``(len(pairs), 3)``: P(entailment), P(neutral), P(contradiction) per pair; rows sum to 1."""
        ...


def label_columns(labels: Sequence[str]) -> list[int]:
    """Map a classifier's label names (in logit order) to output columns.

    ``entail*`` → entailment; ``contradict*`` → contradiction; ``neutral`` → neutral. In a 2-label head the
    label that is not entailment ("not_entailment", "hallucinated", "unsupported", …) goes to *neutral*: a binary
    head says a hypothesis is not supported, not that it is contradicted.

    Raises:
        ConfigError: the names cannot be mapped (e.g. ``LABEL_0``, ``LABEL_1``, ``LABEL_2``).
    """
    normalized = [name.lower().replace("-", "_").replace(" ", "_") for name in labels]
    columns: list[int | None] = []
    for name in normalized:
        if name.startswith(("not_", "non_", "no_")):
            columns.append(NEUTRAL if len(labels) == 2 else None)
        elif name.startswith("entail") or name in ("supported", "consistent", "factual"):
            columns.append(ENTAILMENT)
        elif name.startswith("contradict"):
            columns.append(CONTRADICTION)
        elif name.startswith("neutral"):
            columns.append(NEUTRAL)
        elif len(labels) == 2 and name in ("unsupported", "inconsistent", "hallucinated", "hallucination"):
            columns.append(NEUTRAL)
        else:
            columns.append(None)
    if None in columns or len(set(columns)) != len(columns) or ENTAILMENT not in columns:
        raise ConfigError(
            f"cannot tell which output is entailment from the labels {list(labels)}; pass label_names in logit "
            "order, e.g. label_names=['entailment', 'neutral', 'contradiction']"
        )
    return [c for c in columns if c is not None]


# Tokenizers without a limit report a huge model_max_length; BERT-family positions stop at 512.
MAX_MODEL_LENGTH = 512


@functools.lru_cache(maxsize=6)
def load_classifier(
    path: str, device: str, quantize: str = "none", head: Literal["sequence", "token"] = "sequence"
) -> tuple[Any, Any]:
    """A transformers classifier and its tokenizer from a local folder, once per process.

    ``head``: a sequence classifier (pair scorers) or a token classifier (the span model). fp16 weights load as
    fp32 on the CPU; ``quantize="int8"`` adds dynamic int8 ``Linear`` layers.

    Raises:
        ModelNotAvailableError: transformers is not installed, or the checkpoint is of another kind (its config names
            another architecture, or it lacks weights the head needs: a token classifier read as a cross-encoder
            would score with a random pooler).
        BackendError: the folder does not hold a model transformers can read.
    """
    require_transformers()
    from transformers import AutoModelForSequenceClassification, AutoModelForTokenClassification, AutoTokenizer

    quiet_transformers()
    auto_class = AutoModelForSequenceClassification if head == "sequence" else AutoModelForTokenClassification
    try:
        tokenizer = AutoTokenizer.from_pretrained(path, local_files_only=True)
        # Weights may be stored in fp16 (the shipped models are); CPU inference runs in fp32.
        dtype = "auto" if device != "cpu" else __import__("torch").float32
        model, loading = auto_class.from_pretrained(path, local_files_only=True, dtype=dtype, output_loading_info=True)
    except Exception as exc:
        raise BackendError(f"could not load a {head}-classification model from {path}: {exc}") from exc
    # Mismatched keys (a head of another size) are re-initialised too; transformers lists them as (name, shapes).
    new_weights = [*loading["missing_keys"], *(key[0] for key in loading["mismatched_keys"])]
    check_classifier_kind(path, model.config, head, new_weights)
    model.to(device).eval()
    if quantize == "int8":
        model = _quantize_int8(model)
    return tokenizer, model


# What each head needs, as the error says it; the suffix its checkpoints' ``config.architectures`` end with.
EXPECTED_CLASSIFIERS = {
    "sequence": (
        "a sequence-classification model (a cross-encoder that scores (premise, hypothesis) pairs, like "
        "veracity-nli-small)",
        "ForSequenceClassification",
    ),
    "token": (
        "a token-classification model (a tagger of unsupported answer tokens, like veracity-span-small)",
        "ForTokenClassification",
    ),
}


def check_classifier_kind(path: str, config: Any, head: Literal["sequence", "token"], missing: Sequence[str]) -> None:
    """Refuse a checkpoint of another kind than ``head``, before it scores anything.

    Raises:
        ModelNotAvailableError: ``config.architectures`` names only other kinds of model (a token classifier's
            weights all fit a sequence classifier but its pooler, and an NLI model's fit a token classifier), or
            the checkpoint lacks weights that would be initialised at random; the message names them.
    """
    expected, suffix = EXPECTED_CLASSIFIERS[head]
    found = architectures(config)
    if found is not None and not any(name.endswith(suffix) for name in config.architectures):
        also = f"; read as one it would lack {', '.join(sorted(missing)[:NAMED_KEYS])}" if missing else ""
        raise ModelNotAvailableError(f"{path} is a {found}, not {expected}{also}; give a checkpoint of that kind")
    refuse_new_weights(path, missing, expected, found)


def _quantize_int8(model: Any) -> Any:
    """Dynamic int8 quantisation of every ``Linear`` layer (weights int8, activations quantised on the fly).

    About 2x the CPU throughput of fp32 for a MiniLM cross-encoder; the model card reports the accuracy cost.
    """
    import warnings

    import torch

    with warnings.catch_warnings():
        # torch.ao.quantization is deprecated in favour of torchao, which is not a dependency we want for one call.
        warnings.simplefilter("ignore")
        # Per output channel, as the ONNX int8 files (models/onnx_backend.py): per tensor cost more accuracy.
        qconfig = torch.ao.quantization.per_channel_dynamic_qconfig
        return torch.ao.quantization.quantize_dynamic(model, {torch.nn.Linear: qconfig}, dtype=torch.qint8)


class HFPairScorer:
    """A transformers sequence-classification cross-encoder.

    Handles 3-class NLI heads (label order read from ``config.id2label``), 2-class heads and 1-logit
    consistency heads (sigmoid = P(entailment), the rest to neutral). Pairs are sorted by length and batched so
    that padding stays small; outputs come back in input order.

    Args:
        model: a catalog name, a local folder or a cached Hugging Face id.
        batch_size: pairs per forward pass.
        max_length: tokens per pair; longer pairs lose tokens from the longer text first. ``None`` (default): the
            model's own limit, its tokenizer's ``model_max_length`` capped at 512 — the length a fine-tuned model
            was trained at (veracity-nli-small: 256; reading it at 512 cost 12 points on its dev pairs).
        num_threads: torch CPU threads (process-wide, set on first use); ``None`` leaves torch's default.
        device: torch device.
        label_names: the head's labels in logit order, when the config's names are not informative.
        quantize: ``"int8"`` runs the model with dynamic int8 ``Linear`` layers (CPU only; faster, slightly less
            exact); ``"none"`` runs it as stored.
        backend: ``torch``, ``onnx`` (ONNX Runtime, no torch import: :mod:`veracity.models.onnx_backend`) or
            ``auto`` (ONNX when onnxruntime and the exported files are there).
    """

    def __init__(
        self,
        model: str,
        batch_size: int = 32,
        max_length: int | None = None,
        num_threads: int | None = None,
        device: str = "cpu",
        label_names: Sequence[str] | None = None,
        quantize: Literal["none", "int8"] = "none",
        backend: Backend = "auto",
    ) -> None:
        if batch_size < 1 or (max_length is not None and max_length < 8):
            raise ConfigError(f"batch_size must be ≥ 1 and max_length ≥ 8, got {batch_size} and {max_length}")
        if quantize not in ("none", "int8"):
            raise ConfigError(f"quantize must be 'none' or 'int8', got {quantize!r}")
        if quantize == "int8" and device != "cpu":
            raise ConfigError("int8 dynamic quantisation runs on the CPU only; use quantize='none' on " + device)
        self.model_id = model
        self.batch_size = batch_size
        self.max_length = max_length
        self.num_threads = num_threads
        self.device = device
        self.label_names = list(label_names) if label_names is not None else None
        self.quantize = quantize
        self.backend = backend
        if backend == "onnx" and device != "cpu":
            raise ConfigError("backend=onnx runs on the CPU only; use backend=torch on " + device)

    @functools.cached_property
    def runs_on(self) -> Literal["torch", "onnx"]:
        """The backend that runs (``auto`` resolved: :func:`~veracity.models.onnx_backend.resolve_backend`)."""
        return resolve_backend(self.backend, resolve_model_path(self.model_id), "sequence", self.quantize, self.device)

    def config(self) -> dict[str, Any]:
        """Constructor arguments, as recorded in reports."""
        return {
            "model": self.model_id,
            "batch_size": self.batch_size,
            "max_length": self.max_length,
            "num_threads": self.num_threads,
            "label_names": self.label_names,
            "quantize": self.quantize,
            "backend": self.backend,
        }

    def score(self, pairs: Sequence[tuple[str, str]]) -> NDArray[np.float32]:
        """P(entailment), P(neutral), P(contradiction) for each pair, in input order."""
        if self.runs_on == "onnx":
            return self._score_onnx(pairs)
        import torch

        tokenizer, model = load_classifier(str(resolve_model_path(self.model_id)), self.device, self.quantize)
        if self.num_threads is not None:
            torch.set_num_threads(self.num_threads)
        out = np.zeros((len(pairs), 3), dtype=np.float32)
        if not pairs:
            return out
        n_labels = int(model.config.num_labels)
        columns = (
            None
            if n_labels == 1
            else label_columns(self._labels([str(model.config.id2label[i]) for i in range(n_labels)]))
        )
        order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]) + len(pairs[i][1]))
        with torch.inference_mode():
            for k in range(0, len(order), self.batch_size):
                batch = order[k : k + self.batch_size]
                encoded = tokenizer(
                    [pairs[i][0] for i in batch],
                    [pairs[i][1] for i in batch],
                    padding=True,
                    truncation="longest_first",
                    max_length=self._max_length(tokenizer),
                    return_tensors="pt",
                ).to(self.device)
                logits = model(**encoded).logits.float()
                if columns is None:
                    p = torch.sigmoid(logits[:, 0]).cpu().numpy()
                    out[batch, ENTAILMENT] = p
                    out[batch, NEUTRAL] = 1.0 - p
                else:
                    probs = torch.softmax(logits, dim=-1).cpu().numpy()
                    for logit_index, column in enumerate(columns):
                        out[batch, column] = probs[:, logit_index]
        return out

    def window_tokens(self) -> int:
        """The model tokens one pair is read at (``max_length``, else the model's own limit); loads the tokenizer."""
        if self.runs_on == "onnx":
            return self._max_length(None)
        tokenizer, _ = load_classifier(str(resolve_model_path(self.model_id)), self.device, self.quantize)
        return self._max_length(tokenizer)

    def _max_length(self, tokenizer: Any) -> int:
        if self.max_length is not None:
            return self.max_length
        if tokenizer is None:  # the ONNX path: the limit tokenizer_config.json states, as transformers reads it
            own = model_max_length(resolve_model_path(self.model_id))
        else:
            own = getattr(tokenizer, "model_max_length", None)
        return int(own) if isinstance(own, int) and 8 <= own <= MAX_MODEL_LENGTH else MAX_MODEL_LENGTH

    def preload(self) -> None:
        """Start reading the ONNX session in a background thread (see :func:`.onnx_backend.preload_encoder`).

        A no-op on torch, and where the ONNX files are not exported yet (the first score exports them).
        """
        if self.runs_on == "onnx":
            preload_encoder(resolve_model_path(self.model_id), "sequence", self.quantize, self.num_threads)

    @functools.cached_property
    def _onnx(self) -> OnnxEncoder:
        return OnnxEncoder(
            resolve_model_path(self.model_id), "sequence", precision=self.quantize, num_threads=self.num_threads
        )

    def _score_onnx(self, pairs: Sequence[tuple[str, str]]) -> NDArray[np.float32]:
        """:meth:`score` on ONNX Runtime: the same batches, tokens and reading of the logits."""
        out = np.zeros((len(pairs), 3), dtype=np.float32)
        if not pairs:
            return out
        encoder = self._onnx
        labels = config_labels(read_config(encoder.path))
        columns = None if len(labels) == 1 else label_columns(self._labels(labels))
        max_length = self._max_length(None)
        order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]) + len(pairs[i][1]))
        for k in range(0, len(order), self.batch_size):
            batch = order[k : k + self.batch_size]
            encodings = encoder.encode([pairs[i][0] for i in batch], [pairs[i][1] for i in batch], max_length)
            logits = encoder.run(encodings)
            if columns is None:
                p = 1.0 / (1.0 + np.exp(-logits[:, 0]))
                out[batch, ENTAILMENT] = p
                out[batch, NEUTRAL] = 1.0 - p
            else:
                probs = softmax(logits)
                for logit_index, column in enumerate(columns):
                    out[batch, column] = probs[:, logit_index]
        return out

    def _labels(self, labels: list[str]) -> list[str]:
        """``label_names`` when given (one per logit), else the head's own ``labels``."""
        if self.label_names is None:
            return labels
        if len(self.label_names) != len(labels):
            raise ConfigError(f"label_names has {len(self.label_names)} names but the head has {len(labels)}")
        return self.label_names

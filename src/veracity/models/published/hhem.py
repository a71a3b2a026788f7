"""HHEM-2.1-Open (``vectara/hallucination_evaluation_model``), read the way Vectara's remote code reads it.

Reference: ``modeling_hhem_v2.py`` and ``configuration_hhem_v2.py`` of the Hugging Face repository (HHEM is not on
GitHub; ``experiments/published-models/reference-facts.md`` §2 names the copies read). What it does, and this module
does the same without running that code:

- the text is ``HHEM_PROMPT.format(text1=premise, text2=hypothesis)``: the literal ``<pad>`` first (T5's id 0), the
  premise, then the hypothesis;
- flan-t5-base's tokenizer encodes it as one sequence (``</s>`` appended), padded on the right, **never truncated**;
- a T5 *encoder* (``T5EncoderModel``) reads it and a 2-way linear head scores each position; the reference keeps
  position 0 (the ``<pad>``), softmax, column 1 = P(consistent) (column 0 = hallucinated).

The checkpoint (``model.safetensors``) holds ``t5.transformer.*`` and ``t5.classifier.*`` but not
``t5.transformer.encoder.embed_tokens.weight``: T5 ties that to ``t5.transformer.shared.weight``. Loaded through the
remote code under transformers 5 the tie can be lost and the encoder reads random embeddings; here the tie is made by
construction and checked after loading. The model's size and the tokenizer are not in the checkpoint: they are
flan-t5-base's (the reference's ``foundation``), read from a local folder (:func:`foundation_folder`).

Usage::

    scorer = HHEMPairScorer("vectara/hallucination_evaluation_model")  # + google/flan-t5-base in the HF cache
    scorer.score([("The capital of France is Berlin.", "The capital of France is Paris.")])[:, 0]  # P(consistent)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import numpy as np
import torch
from numpy.typing import NDArray

from veracity.errors import BackendError, ConfigError, ModelNotAvailableError
from veracity.models.catalog import quiet_transformers, require_transformers, resolve_model_path
from veracity.models.pair_scorer import ENTAILMENT, NEUTRAL
from veracity.models.published.formats import manifest_value, read_config

__all__ = [
    "DEFAULT_FOUNDATION",
    "HHEM_PROMPT",
    "HHEMModel",
    "HHEMPairScorer",
    "checkpoint_keys",
    "foundation_folder",
    "load_hhem",
]

# configuration_hhem_v2.py: HHEMv2Config.prompt (a class attribute; its misspelt __init___ never overrides it).
HHEM_PROMPT = "<pad> Determine if the hypothesis is true given the premise?\n\nPremise: {text1}\n\nHypothesis: {text2}"
DEFAULT_FOUNDATION = "google/flan-t5-base"  # HHEMv2Config.foundation
CONSISTENT = 1  # logit index: 0 = hallucinated, 1 = consistent (the model card's label order)
TIED_KEY = "t5.transformer.encoder.embed_tokens.weight"
FOUNDATION_FILES = (
    "google/flan-t5-base config.json tokenizer.json tokenizer_config.json special_tokens_map.json spiece.model"
)


class _TokenClassifier(torch.nn.Module):  # type: ignore[misc]  # torch is untyped to mypy here
    """transformers' ``T5ForTokenClassification`` less its dropout (inactive at inference): the same weight names."""

    def __init__(self, config: Any, num_labels: int) -> None:
        super().__init__()
        from transformers import T5EncoderModel

        self.transformer = T5EncoderModel(config)
        self.classifier = torch.nn.Linear(config.d_model, num_labels)


class HHEMModel(torch.nn.Module):  # type: ignore[misc]  # torch is untyped to mypy here
    """HHEM-2's network: flan-t5's encoder and a 2-way head read at position 0. Weight names are the checkpoint's."""

    def __init__(self, t5_config: Any) -> None:
        super().__init__()
        self.t5 = _TokenClassifier(t5_config, num_labels=2)

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """The head's logits (hallucinated, consistent) at position 0 of each sequence."""
        hidden = self.t5.transformer(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state
        # The head is per position; the reference computes it everywhere and keeps position 0 only.
        return self.t5.classifier(hidden[:, 0])


def checkpoint_keys(model: HHEMModel) -> set[str]:
    """The tensor names an HHEM-2 checkpoint holds for ``model``: every weight but the tied encoder embedding."""
    return set(model.state_dict()) - {TIED_KEY}


def foundation_folder(checkpoint: Path, foundation: str | None = None) -> Path:
    """The local folder with the T5 config and tokenizer HHEM reads with (flan-t5-base's).

    Looked up in order: ``foundation`` (a folder or a cached Hugging Face id); the ``"foundation"`` of the
    checkpoint's ``veracity-model.json`` (a path relative to the checkpoint, or an id); the checkpoint config's
    ``foundation``; ``google/flan-t5-base`` in the local Hugging Face cache.

    Raises:
        ModelNotAvailableError: the folder is not there, or lacks ``config.json`` or tokenizer files; the message
            says how to get them.
    """
    declared = manifest_value(checkpoint, "foundation")
    name = foundation or declared or str(read_config(checkpoint).get("foundation") or DEFAULT_FOUNDATION)
    if foundation is None and declared is not None and (checkpoint / declared).exists():
        name = str(checkpoint / declared)
    how = (
        f"HHEM-2 reads its input with flan-t5-base's tokenizer and T5 config, which its checkpoint {checkpoint} does "
        f"not hold; on a machine with network run `hf download {FOUNDATION_FILES}` (the weights are not needed), "
        f'or name a folder with those files: foundation=FOLDER, or {{"foundation": "FOLDER"}} in '
        f"{checkpoint / 'veracity-model.json'}"
    )
    try:
        folder = resolve_model_path(name)
    except ModelNotAvailableError as exc:
        raise ModelNotAvailableError(f"{how} ({exc})") from exc
    tokenizer_files = ("tokenizer.json", "spiece.model")
    if not (folder / "config.json").is_file() or not any((folder / f).is_file() for f in tokenizer_files):
        raise ModelNotAvailableError(f"{how} ({folder} lacks config.json or tokenizer.json / spiece.model)")
    return folder


@functools.lru_cache(maxsize=2)
def load_hhem(path: str, foundation: str, device: str) -> tuple[Any, HHEMModel]:
    """The tokenizer and the HHEM-2 model of the checkpoint folder ``path``, once per process.

    Weights come from ``model.safetensors`` only (no pickle, no remote code); they must be exactly the names
    :func:`checkpoint_keys` lists, and the encoder's embedding is checked to be the shared one after loading.

    Raises:
        ModelNotAvailableError: not an HHEM-2 checkpoint (its config says another model, the weights file is missing,
            or its tensor names or shapes are not HHEM's on this foundation).
        BackendError: transformers cannot read the foundation's config or tokenizer.
    """
    folder = Path(path)
    config = read_config(folder)
    if config.get("model_type") not in ("HHEMv2", "HHEMv2Config") and "HHEMv2ForSequenceClassification" not in (
        config.get("architectures") or []
    ):
        said = ", ".join(config.get("architectures") or []) or config.get("model_type") or "no model_type"
        raise ModelNotAvailableError(
            f"{path} is not an HHEM-2 checkpoint (its config.json says {said}, not HHEMv2); give "
            "vectara/hallucination_evaluation_model's folder"
        )
    weights = folder / "model.safetensors"
    if not weights.is_file():
        raise ModelNotAvailableError(f"{path} has no model.safetensors (veracity reads HHEM's weights from it only)")
    require_transformers()
    from safetensors.torch import load_file
    from transformers import AutoTokenizer, T5Config

    quiet_transformers()
    try:
        t5_config = T5Config.from_pretrained(foundation, local_files_only=True)
        tokenizer = AutoTokenizer.from_pretrained(foundation, local_files_only=True)
    except Exception as exc:
        raise BackendError(f"could not read the T5 config and tokenizer HHEM needs from {foundation}: {exc}") from exc
    if t5_config.model_type != "t5":
        raise ModelNotAvailableError(f"{foundation} holds a {t5_config.model_type} config, not flan-t5-base's (t5)")
    model = HHEMModel(t5_config)
    stored = load_file(str(weights), device="cpu")
    expected = checkpoint_keys(model)
    missing, unexpected = sorted(expected - set(stored)), sorted(set(stored) - expected - {TIED_KEY})
    if missing or unexpected:
        raise ModelNotAvailableError(
            f"{path} does not hold HHEM-2's weights on {foundation}'s architecture: missing {missing[:5]}, "
            f"unexpected {unexpected[:5]} ({len(missing)} and {len(unexpected)} in all)"
        )
    if TIED_KEY in stored and not torch.equal(stored.pop(TIED_KEY), stored["t5.transformer.shared.weight"]):
        raise ModelNotAvailableError(f"{path}: the encoder embedding differs from the shared one HHEM ties it to")
    try:
        model.load_state_dict({name: tensor.float() for name, tensor in stored.items()}, strict=False)
    except RuntimeError as exc:  # shapes of another size: the foundation is not the one these weights were made on
        raise ModelNotAvailableError(f"{path}'s weights do not fit {foundation}'s T5 config: {exc}") from exc
    encoder = model.t5.transformer
    if encoder.encoder.embed_tokens.weight is not encoder.shared.weight:
        raise BackendError("HHEM's encoder embedding is not tied to the shared one; this transformers is unsupported")
    model.to(device).eval()
    return tokenizer, model


class HHEMPairScorer:
    """HHEM-2.1-Open as a :class:`~veracity.models.pair_scorer.PairScorer`.

    P(consistent) goes to the entailment column and P(hallucinated) to neutral: a binary head says a hypothesis is not
    supported, not that it is contradicted. Pairs are sorted by length and batched (the reference puts all of them in
    one padded batch); padding is masked, so the scores are the reference's.

    Args:
        model: the checkpoint: a local folder or a cached Hugging Face id.
        foundation: the folder (or cached id) with flan-t5-base's config and tokenizer; ``None``: see
            :func:`foundation_folder`.
        batch_size: pairs per forward pass.
        max_length: ``None`` (the reference): no truncation, the whole context is read (T5's positions are relative).
            A number cuts each text's end at that many tokens: faster on long contexts, but no longer the reference.
        num_threads: torch CPU threads (process-wide); ``None`` leaves torch's default.
        device: torch device.
        quantize, backend: accepted for the shared detector settings; only ``"none"`` and ``"auto"`` / ``"torch"``
            run (the reference is fp32 torch).
    """

    def __init__(
        self,
        model: str,
        foundation: str | None = None,
        batch_size: int = 32,
        max_length: int | None = None,
        num_threads: int | None = None,
        device: str = "cpu",
        quantize: Literal["none", "int8"] = "none",
        backend: Literal["auto", "torch", "onnx"] = "auto",
    ) -> None:
        if batch_size < 1 or (max_length is not None and max_length < 8):
            raise ConfigError(f"batch_size must be ≥ 1 and max_length ≥ 8, got {batch_size} and {max_length}")
        if quantize != "none" or backend == "onnx":
            raise ConfigError(
                f"HHEM runs as published (fp32 torch); quantize={quantize!r} / backend={backend!r} are not available "
                "for it: use quantize=none and backend=torch or auto"
            )
        self.model_id = model
        self.foundation = foundation
        self.batch_size = batch_size
        self.max_length = max_length
        self.num_threads = num_threads
        self.device = device

    def config(self) -> dict[str, Any]:
        """Constructor arguments, as recorded in reports."""
        return {
            "model": self.model_id,
            "format": "hhem",
            "foundation": self.foundation,
            "batch_size": self.batch_size,
            "max_length": self.max_length,
            "num_threads": self.num_threads,
        }

    def _loaded(self) -> tuple[Any, HHEMModel]:
        path = resolve_model_path(self.model_id)
        return load_hhem(str(path), str(foundation_folder(path, self.foundation)), self.device)

    def score(self, pairs: Sequence[tuple[str, str]]) -> NDArray[np.float32]:
        """P(consistent) in the entailment column, P(hallucinated) in neutral, 0 contradiction; input order."""
        out = np.zeros((len(pairs), 3), dtype=np.float32)
        if not pairs:
            return out
        tokenizer, model = self._loaded()
        if self.num_threads is not None:
            torch.set_num_threads(self.num_threads)
        texts = [HHEM_PROMPT.format(text1=premise, text2=hypothesis) for premise, hypothesis in pairs]
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        with torch.inference_mode():
            for k in range(0, len(order), self.batch_size):
                batch = order[k : k + self.batch_size]
                encoded = tokenizer(
                    [texts[i] for i in batch],
                    padding=True,
                    truncation=self.max_length is not None,
                    max_length=self.max_length,
                    return_tensors="pt",
                ).to(self.device)
                logits = model(encoded["input_ids"], encoded["attention_mask"]).float()
                probs = torch.softmax(logits, dim=-1).cpu().numpy()
                out[batch, ENTAILMENT] = probs[:, CONSISTENT]
                out[batch, NEUTRAL] = probs[:, 1 - CONSISTENT]
        return out

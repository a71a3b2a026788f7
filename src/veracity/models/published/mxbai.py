r"""mxbai-rerank-v2 (mixedbread-ai): a Qwen2 causal LM read as a query–document relevance scorer.

Read the way the reference reads it: PyPI ``mxbai-rerank==0.1.6``, ``mxbai_rerank/mxbai_rerank_v2.py``, class
``MxbaiRerankV2`` (facts and sources: ``experiments/published-models/reference-facts.md`` §5).

Input. Each piece is tokenised on its own, without special tokens, and the id lists are joined in this order:
``prefix · query · "\n" · document · "\n" · task · suffix``, where the query piece is ``query: {query}``
(``instruction: {instruction}\nquery: {query}`` with an instruction), the document piece ``document: {document}``,
``task`` the fixed relevance instruction ending ``Relevance:`` and ``prefix`` / ``suffix`` the Qwen chat turns.
The query piece keeps at most ``3/4 · max_length`` tokens; the document piece is cut to fit, so that query + ``\n``
+ document ≤ ``max_length`` (the template comes on top). ``max_length`` shrinks when it and the template would
pass the model's ``max_position_embeddings``. Batches are padded on the left to a multiple of 8.

Score. The raw score is logit("1") − logit("0") of the next token after the last input token; ``normalize=True``
maps it to sigmoid(score − estimated_max / 2).

Recognition, from the checkpoint's files, never from the id the user typed:

- the kind: ``config.json`` must say ``Qwen2ForCausalLM`` (model type ``qwen2``), its weights must be safetensors
  that cover every parameter, and its tokenizer must hold ``<|im_start|>`` / ``<|im_end|>`` and read "0" and "1"
  as one token each; anything else is refused with what was found. A chat model passes these checks too, so
  the *role* is declared by the caller (``relevance_format="mxbai-rerank-v2"`` or a ``sea`` preset), by the
  folder's manifest ``veracity-model.json`` (``{"format": "mxbai-rerank-v2"}``, :func:`declared_reranker`), or
  read from the config's ``_name_or_path`` when it names a published reranker (:func:`published_reranker`; many hub
  configs carry this field, transformers 5 no longer writes it, and whether mixedbread's config.json has it is
  unconfirmed);
- which published model, for ``estimated_max`` (9.0 for base-v2, 12.0 for large-v2): ``_name_or_path`` when it
  names one, else the shape (base-v2: hidden 896 × 24 layers; large-v2: 1536 × 28), else 12.0 — the value the
  reference falls back to. Deviation: the reference looks the value up by the id string it was given, so a local
  copy of base-v2 gets 12.0 there; here it gets 9.0 from its files.

Batching: the reference scores all pairs of one ``predict`` call in one padded batch; here pairs are sorted by length
and run ``batch_size`` at a time. Left padding keeps the last position on the last real token, so each score equals
the reference's up to float rounding (tested to 1e-5). Only the last position's logits are computed.

transformers 5: the reference itself no longer runs there (``prepare_for_model``, which it calls, is gone from fast
tokenizers); this module does the same truncation without it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from veracity.errors import BackendError, ConfigError, InputError, ModelNotAvailableError
from veracity.models._checkpoint import refuse_new_weights
from veracity.models.catalog import quiet_transformers, require_transformers, resolve_model_path
from veracity.models.onnx_backend import read_config
from veracity.models.published.formats import MANIFEST, manifest_value

__all__ = [
    "FORMAT",
    "PUBLISHED",
    "MxbaiReranker",
    "PublishedReranker",
    "check_reranker_config",
    "declared_reranker",
    "estimated_max_of",
    "published_reranker",
    "sigmoid_normalize",
]

FORMAT = "mxbai-rerank-v2"

# The reference's prompt pieces (MxbaiRerankV2 class constants), byte for byte.
SEP = "\n"
INSTRUCTION_PROMPT = "instruction: {instruction}"
QUERY_PROMPT = "query: {query}"
DOC_PROMPT = "document: {document}"
TASK_PROMPT = (
    "You are a search relevance expert who evaluates how well documents match search queries. For each "
    "query-document pair, carefully analyze the semantic relationship between them, then provide your binary "
    "relevance judgment (0 for not relevant, 1 for relevant).\nRelevance:"
)
CHAT_PREFIX = (
    "<|im_start|>system\nYou are Qwen, created by Alibaba Cloud. You are a helpful assistant.<|im_end|>\n"
    "<|im_start|>user\n"
)
CHAT_SUFFIX = "<|im_end|>\n<|im_start|>assistant\n"
CHAT_TOKENS = ("<|im_start|>", "<|im_end|>")
YES, NO = "1", "0"
ARCHITECTURE = "Qwen2ForCausalLM"
DEFAULT_MAX_LENGTH = 8192
PAD_MULTIPLE = 8


@dataclass(frozen=True)
class PublishedReranker:
    """A published mxbai-rerank-v2 model: its hub id, the reference's ``estimated_max`` and its shape."""

    repo_id: str
    estimated_max: float
    hidden_size: int
    num_hidden_layers: int


PUBLISHED = {
    spec.repo_id: spec
    for spec in (
        PublishedReranker("mixedbread-ai/mxbai-rerank-base-v2", 9.0, 896, 24),
        PublishedReranker("mixedbread-ai/mxbai-rerank-large-v2", 12.0, 1536, 28),
    )
}
# What the reference uses for a model it does not know (mxbai_rerank_v2.py: estimated_max_cfg.get(..., 12.0)).
FALLBACK_ESTIMATED_MAX = 12.0


def declared_reranker(folder: Path) -> bool | None:
    """Whether the folder's manifest declares this reranker: True, False (another format) or None (no format).

    The manifest is ``veracity-model.json`` beside config.json, e.g. ``{"format": "mxbai-rerank-v2"}``.

    Raises:
        ConfigError: the manifest is not a JSON object or its format is not a string.
    """
    declared = manifest_value(folder, "format")
    return None if declared is None else declared == FORMAT


def published_reranker(config: Mapping[str, Any]) -> PublishedReranker | None:
    """The published reranker that the checkpoint's ``_name_or_path`` names (a path ending in its id counts)."""
    name = str(config.get("_name_or_path") or "").rstrip("/")
    for repo_id, spec in PUBLISHED.items():
        if name == repo_id or name.endswith("/" + repo_id.split("/")[1]):
            return spec
    return None


def estimated_max_of(config: Mapping[str, Any]) -> tuple[float, str]:
    """``estimated_max`` for ``normalize`` and how it was found: ``_name_or_path``, else the shape, else 12.0."""
    named = published_reranker(config)
    if named is not None:
        return named.estimated_max, f"config _name_or_path names {named.repo_id}"
    shape = (config.get("hidden_size"), config.get("num_hidden_layers"))
    for spec in PUBLISHED.values():
        if shape == (spec.hidden_size, spec.num_hidden_layers):
            return spec.estimated_max, f"its shape is {spec.repo_id}'s ({spec.hidden_size} × {spec.num_hidden_layers})"
    return FALLBACK_ESTIMATED_MAX, "not a published shape: the reference's fallback"


def check_reranker_config(path: str, config: Mapping[str, Any]) -> None:
    """Refuse a checkpoint whose config is not a Qwen2 causal LM, before anything loads.

    Raises:
        ModelNotAvailableError: naming what the config says it is.
    """
    found = ", ".join(str(a) for a in config.get("architectures") or []) or f"model type {config.get('model_type')!r}"
    if ARCHITECTURE not in (config.get("architectures") or []) or config.get("model_type") != "qwen2":
        raise ModelNotAvailableError(
            f"{path} is a {found}, not an {FORMAT} reranker (a {ARCHITECTURE} whose next-token logits of '1' and "
            f"'0' score relevance, e.g. mixedbread-ai/mxbai-rerank-base-v2); give a checkpoint of that kind"
        )


def sigmoid_normalize(scores: NDArray[np.float32], estimated_max: float) -> NDArray[np.float32]:
    """The reference's ``normalize``: sigmoid(score − estimated_max / 2), in the scores' precision."""
    return np.asarray(1.0 / (1.0 + np.exp(-(scores - estimated_max / 2))), dtype=np.float32)


@dataclass(frozen=True)
class _Loaded:
    tokenizer: Any
    model: Any
    config: dict[str, Any]
    prefix: list[int]
    suffix: list[int]
    sep: list[int]
    task: list[int]
    yes: int
    no: int
    pad: int


@functools.lru_cache(maxsize=2)
def _load(path: str, device: str) -> _Loaded:
    """Tokenizer, model and template ids of the checkpoint in ``path``, once per process.

    Raises:
        ModelNotAvailableError: another kind of checkpoint, no safetensors weights, or weights missing / unused.
        BackendError: transformers cannot read the folder.
    """
    config = read_config(Path(path))
    check_reranker_config(path, config)
    require_transformers()
    import torch
    from transformers import AutoTokenizer, Qwen2ForCausalLM

    quiet_transformers()
    try:
        tokenizer = AutoTokenizer.from_pretrained(path, local_files_only=True)
    except Exception as exc:
        raise BackendError(f"could not load the tokenizer of {path}: {exc}") from exc
    ids = _template_ids(path, tokenizer)
    if not any(Path(path).glob("*.safetensors")):
        raise ModelNotAvailableError(f"{path} holds no .safetensors weights; veracity never unpickles a checkpoint")
    try:
        # CPU runs in fp32, as the reference casts fp16/bf16 there (mxbai_rerank/utils.py TorchModule.to).
        dtype = torch.float32 if device == "cpu" else "auto"
        model, loading = Qwen2ForCausalLM.from_pretrained(
            path, local_files_only=True, use_safetensors=True, dtype=dtype, output_loading_info=True
        )
    except Exception as exc:
        raise BackendError(f"could not load a {ARCHITECTURE} from {path}: {exc}") from exc
    expected = f"an {FORMAT} reranker ({ARCHITECTURE})"
    refuse_new_weights(path, [*loading["missing_keys"], *(k[0] for k in loading["mismatched_keys"])], expected)
    if loading["unexpected_keys"]:
        raise ModelNotAvailableError(
            f"{path} is not {expected}: it holds weights the model does not use "
            f"({', '.join(sorted(loading['unexpected_keys'])[:5])}); give a checkpoint of that kind"
        )
    model.to(device).eval()
    return _Loaded(tokenizer=tokenizer, model=model, config=config, **ids)


def _template_ids(path: str, tokenizer: Any) -> dict[str, Any]:
    """The ids of the fixed pieces and of "1" / "0", after checking the tokenizer reads them as the model's did."""

    def encode(text: str) -> list[int]:
        return list(tokenizer(text, add_special_tokens=False)["input_ids"])

    for token in (*CHAT_TOKENS, YES, NO):
        if len(encode(token)) != 1:
            raise ModelNotAvailableError(
                f"the tokenizer of {path} reads {token!r} as {len(encode(token))} tokens; an {FORMAT} reranker's "
                f"(Qwen2) reads {', '.join(map(repr, (*CHAT_TOKENS, YES, NO)))} as one token each"
            )
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
    return {
        "prefix": encode(CHAT_PREFIX),
        "suffix": encode(CHAT_SUFFIX),
        "sep": encode(SEP),
        "task": encode(TASK_PROMPT),
        "yes": encode(YES)[0],
        "no": encode(NO)[0],
        "pad": int(pad) if pad is not None else 0,  # masked out; any id reads the same
    }


class MxbaiReranker:
    """An mxbai-rerank-v2 checkpoint as a relevance scorer (see the module doc for the format and the checks).

    Args:
        model: a local folder or a cached Hugging Face id (:func:`~veracity.models.catalog.resolve_model_path`).
        max_length: tokens of query + document (the reference's ``max_length``, default 8192).
        batch_size: pairs per forward pass.
        estimated_max: ``normalize``'s scale; ``None``: read from the checkpoint (:func:`estimated_max_of`).
        num_threads: torch CPU threads (process-wide, set on first use); ``None`` leaves torch's default.
        device: torch device.
    """

    def __init__(
        self,
        model: str,
        *,
        max_length: int = DEFAULT_MAX_LENGTH,
        batch_size: int = 32,
        estimated_max: float | None = None,
        num_threads: int | None = None,
        device: str = "cpu",
    ) -> None:
        if max_length < 8 or batch_size < 1:
            raise ConfigError(f"max_length must be ≥ 8 and batch_size ≥ 1, got {max_length} and {batch_size}")
        self.model_id = model
        self.max_length = max_length
        self.batch_size = batch_size
        self.num_threads = num_threads
        self.device = device
        self._estimated_max = estimated_max

    def config(self) -> dict[str, Any]:
        """Constructor arguments, as recorded in reports."""
        return {
            "model": self.model_id,
            "format": FORMAT,
            "max_length": self.max_length,
            "batch_size": self.batch_size,
            "estimated_max": self._estimated_max,
        }

    @functools.cached_property
    def path(self) -> Path:
        """The checkpoint folder; checks its config before any weight loads.

        Raises:
            ModelNotAvailableError: the model is not installed, or its config is of another kind.
        """
        path = resolve_model_path(self.model_id)
        if declared_reranker(path) is False:
            raise ModelNotAvailableError(
                f"{path}: its {MANIFEST} names the format {manifest_value(path, 'format')!r}, not {FORMAT}"
            )
        check_reranker_config(str(path), read_config(path))
        return path

    @property
    def estimated_max(self) -> float:
        """``normalize``'s scale: the one given, else the checkpoint's (:func:`estimated_max_of`)."""
        if self._estimated_max is not None:
            return self._estimated_max
        return estimated_max_of(read_config(self.path))[0]

    def _loaded(self) -> _Loaded:
        loaded = _load(str(self.path), self.device)
        if self.num_threads is not None:
            import torch

            torch.set_num_threads(self.num_threads)
        return loaded

    def input_ids(
        self, queries: Sequence[str], documents: Sequence[str], *, instruction: str | None = None
    ) -> list[list[int]]:
        """The token ids of each (query, document) pair, template included, before padding.

        Raises:
            InputError: ``queries`` and ``documents`` differ in length.
        """
        if len(queries) != len(documents):
            raise InputError(f"{len(queries)} queries but {len(documents)} documents: give one query per document")
        if not queries:
            return []
        loaded = self._loaded()
        tokenizer = loaded.tokenizer
        fixed = len(loaded.prefix) + len(loaded.task) + len(loaded.suffix) + len(loaded.sep)
        window = int(loaded.config.get("max_position_embeddings") or DEFAULT_MAX_LENGTH)
        max_length = min(self.max_length, window - fixed)
        lead = f"{INSTRUCTION_PROMPT.format(instruction=instruction)}{SEP}" if instruction else ""
        query_ids = tokenizer(
            [lead + QUERY_PROMPT.format(query=q) for q in queries],
            add_special_tokens=False,
            truncation=True,
            max_length=max_length * 3 // 4,
        )["input_ids"]
        # Tokenised whole, then cut: what the tokenizer's own truncation keeps (its truncation side).
        document_ids = tokenizer([DOC_PROMPT.format(document=d) for d in documents], add_special_tokens=False)[
            "input_ids"
        ]
        left = getattr(tokenizer, "truncation_side", "right") == "left"
        rows = []
        for query, document in zip(query_ids, document_ids, strict=True):
            keep = min(window - len(query) - fixed, max_length)
            second = loaded.sep + _cut(list(document), keep, left)
            over = len(query) + len(second) - max_length
            if over > 0:  # prepare_for_model(truncation="only_second"): the document side gives way
                second = _cut(second, len(second) - over, left)
            rows.append(loaded.prefix + list(query) + second + loaded.sep + loaded.task + loaded.suffix)
        return rows

    def predict(
        self,
        queries: Sequence[str],
        documents: Sequence[str],
        *,
        instruction: str | None = None,
        normalize: bool = False,
    ) -> NDArray[np.float32]:
        """One score per (query, document) pair, in input order: logit("1") − logit("0"), or its ``normalize``.

        Raises:
            InputError: ``queries`` and ``documents`` differ in length.
            ModelNotAvailableError: the model is missing or of another kind.
        """
        rows = self.input_ids(queries, documents, instruction=instruction)
        scores = np.zeros(len(rows), dtype=np.float32)
        if not rows:
            return scores
        import torch

        loaded = self._loaded()
        order = sorted(range(len(rows)), key=lambda i: len(rows[i]))
        with torch.inference_mode():
            for k in range(0, len(order), self.batch_size):
                batch = order[k : k + self.batch_size]
                width = -(-max(len(rows[i]) for i in batch) // PAD_MULTIPLE) * PAD_MULTIPLE
                ids = torch.full((len(batch), width), loaded.pad, dtype=torch.long)
                mask = torch.zeros((len(batch), width), dtype=torch.long)
                for j, i in enumerate(batch):
                    ids[j, width - len(rows[i]) :] = torch.tensor(rows[i])
                    mask[j, width - len(rows[i]) :] = 1
                # Only the last position is read: the vocabulary projection of the others (151,936 columns per
                # token for base-v2) is skipped, which the reference computes and drops.
                out = loaded.model(input_ids=ids.to(self.device), attention_mask=mask.to(self.device), logits_to_keep=1)
                last = out.logits[:, -1, :]
                scores[batch] = (last[:, loaded.yes] - last[:, loaded.no]).float().cpu().numpy()
        return sigmoid_normalize(scores, self.estimated_max) if normalize else scores


def _cut(ids: list[int], keep: int, left: bool) -> list[int]:
    """``ids`` cut to ``keep`` tokens from the end (or, for a left-truncating tokenizer, from the start)."""
    if keep >= len(ids):
        return ids
    keep = max(keep, 0)
    return ids[len(ids) - keep :] if left else ids[:keep]

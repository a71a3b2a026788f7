"""Tiny tokenizers and models of the published pair scorers' architectures, built offline for the fidelity tests.

No T5, RoBERTa or DeBERTa-v3 tokenizer file can be had here, so each is trained on :data:`CORPUS` with the
``tokenizers`` library and wrapped in the transformers class the real checkpoint uses (``T5Tokenizer``,
``RobertaTokenizer``, ``DebertaV2Tokenizer``): those classes build the real pipelines (T5's Metaspace and appended
``</s>``, RoBERTa's byte-level BPE with ``<s> … </s>``, DeBERTa-v3's ``[CLS] … [SEP]``) around the tiny vocabulary.
The special ids are the real ones: T5 ``<pad>``=0 ``</s>``=1 ``<unk>``=2; RoBERTa ``<s>``=0 ``<pad>``=1 ``</s>``=2;
DeBERTa-v3 ``[PAD]``=0 ``[CLS]``=1 ``[SEP]``=2 ``[UNK]``=3. The T5 vocabulary has more than 210 pieces, so
MiniCheck-FT5's ids 3 and 209 exist (3 is ``▁`` as in the real vocabulary).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

SUBJECTS = [
    "The river",
    "Marie Curie",
    "A small café",
    "The committee",
    "Zoë",
    "The company",
    "Der Bürgermeister",
    "The 2019 report",
    "Our team",
    "The museum in Kraków",
    "北京大学",
    "The patient",
]
VERBS = ["opened", "described", "won", "rejected", "visited", "measured", "built", "reported", "sold", "studied"]
OBJECTS = [
    "the bridge in 1932",
    "a prize for physics",
    "three new branches",
    "the proposal on Friday",
    "the old library",
    "12.5 percent of the revenue",
    "a naïve résumé",
    "the façade",
    "its first electric car",
    "the ancient manuscript",
    "über 300 Besucher",
    "the results of the trial",
]
TAILS = [
    "",
    " after a long debate",
    " in the north",
    " according to the minutes",
    ", which surprised many",
    " — again",
    " for the second time",
]


def corpus() -> list[str]:
    """A few hundred varied sentences (numbers, punctuation, accents, CJK) to train the tiny vocabularies on."""
    sentences = []
    for i, subject in enumerate(SUBJECTS):
        for j, verb in enumerate(VERBS):
            obj = OBJECTS[(i + j) % len(OBJECTS)]
            sentences.append(f"{subject} {verb} {obj}{TAILS[(i * j) % len(TAILS)]}.")
    sentences += [
        "Determine if the hypothesis is true given the premise?",
        "Premise: Hypothesis: predict: 0 1 2 3 4 5 6 7 8 9 Yes No",
        'Choose your answer: based on the paragraph above can we conclude that "it is"? OPTIONS: - Yes - No',
        "I think the answer is",
    ]
    return sentences


CORPUS = corpus()


def _unigram(special: list[str], unk: str, size: int, texts: list[str] | None = None) -> list[tuple[str, float]]:
    tokenizer = Tokenizer(models.Unigram())
    tokenizer.pre_tokenizer = pre_tokenizers.Metaspace()
    tokenizer.decoder = decoders.Metaspace()
    trainer = trainers.UnigramTrainer(vocab_size=size, special_tokens=special, unk_token=unk, shrinking_factor=0.9)
    tokenizer.train_from_iterator(texts or CORPUS * 3, trainer)
    vocab = [(str(piece), float(score)) for piece, score in json.loads(tokenizer.to_str())["model"]["vocab"]]
    for piece in ("▁",):  # T5 and DeBERTa-v3 both have the bare word boundary
        if piece not in [p for p, _ in vocab]:
            vocab.append((piece, -10.0))
    return vocab


def save_t5_tokenizer(folder: Path, texts: list[str] | None = None, vocab_size: int = 320) -> Path:
    """A T5 (flan-t5-style) tokenizer: ``<pad>``=0, ``</s>``=1, ``<unk>``=2, ``▁``=3, ≥ 210 pieces.

    ``texts``: what to train it on (default :data:`CORPUS`), e.g. RAGTruth texts for the speed benchmark.
    """
    from transformers import T5Tokenizer

    vocab = _unigram(["<pad>", "</s>", "<unk>"], "<unk>", vocab_size, texts)
    pieces = [p for p, _ in vocab]
    space = pieces.index("▁")
    vocab.insert(3, vocab.pop(space))  # the real vocabulary has ▁ at id 3 (MiniCheck-FT5 reads it)
    while len(vocab) < 230:
        vocab.append((f"▁filler{len(vocab)}", -20.0))
    T5Tokenizer(vocab=vocab, extra_ids=0).save_pretrained(folder)
    return folder


def save_roberta_tokenizer(folder: Path, texts: list[str] | None = None, vocab_size: int = 500) -> Path:
    """A RoBERTa byte-level BPE tokenizer: ``<s>``=0, ``<pad>``=1, ``</s>``=2, ``<unk>``=3, ``<mask>`` last."""
    from transformers import RobertaTokenizer

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=["<s>", "<pad>", "</s>", "<unk>"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tokenizer.train_from_iterator(texts or CORPUS * 3, trainer)
    state = json.loads(tokenizer.to_str())["model"]
    vocab = dict(state["vocab"])
    vocab["<mask>"] = len(vocab)
    merges = [tuple(m) if isinstance(m, list) else tuple(m.split(" ")) for m in state["merges"]]
    RobertaTokenizer(vocab=vocab, merges=merges).save_pretrained(folder)
    return folder


def save_deberta_tokenizer(folder: Path, texts: list[str] | None = None, vocab_size: int = 320) -> Path:
    """A DeBERTa-v3 SentencePiece-style tokenizer: ``[PAD]``=0, ``[CLS]``=1, ``[SEP]``=2, ``[UNK]``=3, ``[MASK]``."""
    from transformers import DebertaV2Tokenizer

    vocab = _unigram(["[PAD]", "[CLS]", "[SEP]", "[UNK]"], "[UNK]", vocab_size, texts)
    vocab.append(("[MASK]", 0.0))
    DebertaV2Tokenizer(vocab=vocab, unk_id=3).save_pretrained(folder)
    return folder


def t5_config(vocab_size: int, decoder: bool) -> object:
    """flan-t5's shape in miniature: gated-gelu, untied head, relative attention."""
    from transformers import T5Config

    return T5Config(
        vocab_size=vocab_size,
        d_model=32,
        d_kv=8,
        d_ff=64,
        num_layers=2,
        num_decoder_layers=2 if decoder else None,
        num_heads=4,
        relative_attention_num_buckets=32,
        relative_attention_max_distance=128,
        feed_forward_proj="gated-gelu",
        tie_word_embeddings=False,
        pad_token_id=0,
        eos_token_id=1,
        decoder_start_token_id=0,
        dropout_rate=0.1,
    )


def spread(model: Any, factor: float) -> Any:
    """Scale the head so that the tiny model's scores differ across inputs and a wrong reading shows."""
    import torch

    with torch.no_grad():
        head = model.lm_head if hasattr(model, "lm_head") else model.classifier
        for parameter in head.parameters():
            parameter.mul_(factor)
    return model


def save_tiny_minicheck_ft5(folder: Path, name_or_path: str | None = "lytang/MiniCheck-Flan-T5-Large") -> Path:
    """A random tiny MiniCheck-FT5 (T5ForConditionalGeneration, seed 0) and its tokenizer in ``folder``.

    ``name_or_path``: the ``_name_or_path`` its config.json records (the published config's, by which the family is
    recognised); ``None`` leaves the config as transformers writes it.
    """
    import torch
    from transformers import T5ForConditionalGeneration

    save_t5_tokenizer(folder)
    torch.manual_seed(0)
    spread(T5ForConditionalGeneration(t5_config(vocab_size=230, decoder=True)), 1.0).eval().save_pretrained(folder)
    if name_or_path is not None:
        config = json.loads((folder / "config.json").read_text())
        (folder / "config.json").write_text(json.dumps({"_name_or_path": name_or_path, **config}))
    return folder

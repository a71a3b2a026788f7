"""A tiny LettuceDetect stand-in: a byte-level BPE tokenizer and a random ``ModernBertForTokenClassification``.

No ModernBERT tokenizer file can be had here, so a byte-level BPE (ModernBERT's kind: OLMo-style, offsets that keep a
token's leading space) is trained on :data:`CORPUS` with the ``tokenizers`` library, given ``[CLS]``, ``[SEP]``,
``[PAD]``, ``[MASK]``, ``[UNK]`` and the ``[CLS] A [SEP] B [SEP]`` post-processor the LettuceDetect code assumes, and
wrapped in ``PreTrainedTokenizerFast`` (ModernBERT's ``tokenizer_class``) without ``token_type_ids``. The vocabulary
is small (a few hundred pieces), so words split into several tokens and short texts overflow a small window. Used by
``test_lettuce.py`` and ``benchmarks/published/lettuce_speed.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

SUBJECTS = ["The capital of France", "Café Zürich in Kraków", "The Eiffel Tower", "Marie Curie", "The river Vistula",
            "Der Bürgermeister", "La tour", "北京大学", "The 2019 report", "Zoë", "The committee",
            "Our museum"]  # fmt: skip
PREDICATES = ["is Paris", "has free Wi-Fi", "was built in 1889", "won two Nobel prizes", "flows through Warsaw",
              "ist seit 2020 im Amt", "est haute de 330 mètres", "是中国的一所大学", "reported 12.5 percent growth",
              "sold a naïve résumé", "rejected the proposal", "opened on Friday"]  # fmt: skip
TAILS = ["", " after a long debate", " in the north", " according to the minutes", ", which surprised many", " 🙂"]


def corpus() -> list[str]:
    """About 150 varied sentences (numbers, accents, CJK, an emoji) to train the tiny vocabulary on."""
    return [
        f"{subject} {PREDICATES[(i + j) % len(PREDICATES)]}{TAILS[(i * j) % len(TAILS)]}."
        for i, subject in enumerate(SUBJECTS)
        for j in range(len(PREDICATES))
    ]


CORPUS = corpus()


def save_modernbert_tokenizer(folder: Path, vocab_size: int = 400, corpus: Iterable[str] = CORPUS) -> Any:
    """Train the byte-level BPE on ``corpus``, save it as a fast tokenizer in ``folder`` and return it."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers
    from transformers import PreTrainedTokenizerFast

    special = ["[UNK]", "[CLS]", "[SEP]", "[PAD]", "[MASK]"]
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size, special_tokens=special, initial_alphabet=pre_tokenizers.ByteLevel.alphabet()
    )
    tokenizer.train_from_iterator(corpus, trainer)
    cls, sep = tokenizer.token_to_id("[CLS]"), tokenizer.token_to_id("[SEP]")
    tokenizer.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1", special_tokens=[("[CLS]", cls), ("[SEP]", sep)]
    )
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tokenizer, cls_token="[CLS]", sep_token="[SEP]", pad_token="[PAD]", mask_token="[MASK]",
        unk_token="[UNK]", model_input_names=["input_ids", "attention_mask"],
    )  # fmt: skip
    folder.mkdir(parents=True, exist_ok=True)
    fast.save_pretrained(folder)
    return fast


# Tiny dimensions (one global and two local attention layers); ModernBERT-base is 768 / 1152 / 22 / 12 / 128.
TINY = {"hidden_size": 32, "intermediate_size": 64, "num_hidden_layers": 3, "num_attention_heads": 2,
        "local_attention": 16}  # fmt: skip


def save_tiny_lettuce(
    folder: Path,
    num_labels: int = 2,
    seed: int = 0,
    vocab_size: int = 400,
    corpus: Iterable[str] = CORPUS,
    **dimensions: int,
) -> Path:
    """A random ModernBertForTokenClassification and its tokenizer in ``folder`` (safetensors).

    ``dimensions`` override :data:`TINY` (``hidden_size``, ``num_hidden_layers``, …). The classifier's two rows differ
    in a direction orthogonal to the mean hidden state of :data:`CORPUS`, so the random model marks some tokens and
    not others (P spread around ½) instead of every token alike.
    """
    import torch
    from transformers import ModernBertConfig, ModernBertForTokenClassification

    tokenizer = save_modernbert_tokenizer(folder, vocab_size, corpus)
    config = ModernBertConfig(
        **{**TINY, **dimensions}, vocab_size=len(tokenizer), max_position_embeddings=8192,
        pad_token_id=tokenizer.pad_token_id, cls_token_id=tokenizer.cls_token_id, sep_token_id=tokenizer.sep_token_id,
        bos_token_id=tokenizer.cls_token_id, eos_token_id=tokenizer.sep_token_id, num_labels=num_labels,
    )  # fmt: skip
    hidden_size = config.hidden_size
    torch.manual_seed(seed)
    model = ModernBertForTokenClassification(config).eval()
    with torch.no_grad():
        encoded = tokenizer(" ".join(CORPUS[:40]), return_tensors="pt")
        mean = model.head(model.model(**encoded).last_hidden_state)[0].mean(0)
        weight = torch.randn(num_labels, hidden_size) * (2.0 / hidden_size**0.5)
        weight -= torch.outer(weight @ mean / (mean @ mean), mean)
        model.classifier.weight.copy_(weight)
    model.save_pretrained(folder)
    return folder

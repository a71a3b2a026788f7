"""The human-labelled grounding sources in the NLI mixture (used by ``build_nli_dataset``).

Long premises are cut to the sentences that matter, some rows are held out for dev, and a check measures whether a
cut premise still supports its hypothesis.
"""

from __future__ import annotations

import random
from collections import Counter, OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from veracity.data.grounding import (
    GROUNDING_SOURCES,
    read_grounding,
    select_premise_sentences,
    split_premise,
    training_label,
)
from veracity.errors import InputError
from veracity.text.split import SentenceSplitter
from veracity.training.nli_data import NLIBuildConfig, NLIExample, held_out, logger

__all__ = ["PremiseFormer", "grounding_examples", "support_check"]


class PremiseFormer:
    """Shortens long premises to the sentences most related to the hypothesis (:func:`select_premise_sentences`)."""

    def __init__(self, embed: Callable[[list[str]], Any], tokenizer_model: str, max_length: int) -> None:
        from veracity.models.catalog import resolve_model_path
        from veracity.models.tokenizer import load_tokenizer

        self.embed = embed
        self.tokenizer = load_tokenizer(str(resolve_model_path(tokenizer_model)))
        self.max_length = max_length
        self.splitter = SentenceSplitter("rules")
        # Sources list several hypotheses per document, not always next to each other: keep recent premises.
        self._units: OrderedDict[str, tuple[list[str], Any, list[int]]] = OrderedDict()
        self.shortened = 0

    def count(self, texts: list[str]) -> list[int]:
        """Model tokens of each text (no special tokens)."""
        if not texts:
            return []
        encoded = self.tokenizer(texts, add_special_tokens=False, return_attention_mask=False, verbose=False)
        return [len(ids) for ids in encoded["input_ids"]]

    def units(self, premise: str) -> tuple[list[str], Any, list[int]]:
        """Sentences, their vectors and token counts (the 256 most recent premises are kept)."""
        if premise in self._units:
            self._units.move_to_end(premise)
            return self._units[premise]
        sentences = split_premise(premise, lambda line: [s.text for s in self.splitter.split(line)])
        self._units[premise] = (sentences, self.embed(sentences) if sentences else None, self.count(sentences))
        if len(self._units) > 256:
            self._units.popitem(last=False)
        return self._units[premise]

    def budget(self, hypothesis: str) -> int:
        """Premise tokens left beside ``hypothesis`` and the three special tokens."""
        return self.max_length - 3 - self.count([hypothesis])[0]

    def __call__(self, premise: str, hypothesis: str) -> str:
        """``premise`` as is when it fits beside ``hypothesis``, else its sentences most related to it."""
        budget = self.budget(hypothesis)
        if self.count([premise])[0] <= budget:
            return premise
        sentences, vectors, lengths = self.units(premise)
        if not sentences or budget <= 0:
            return premise
        relatedness = (vectors @ self.embed([hypothesis])[0]).tolist()
        chosen = select_premise_sentences(relatedness, lengths, budget)
        self.shortened += 1
        return " ".join(sentences[i] for i in chosen) if chosen else premise

    def keeps_support(self, lines: list[str], hypothesis: str, supporting: list[list[int]]) -> bool:
        """Whether the lines kept for ``hypothesis`` include one whole supporting set (WiCE's gold evidence)."""
        relatedness = (self.embed(lines) @ self.embed([hypothesis])[0]).tolist()
        kept = set(select_premise_sentences(relatedness, self.count(lines), self.budget(hypothesis)))
        return any(set(group) <= kept for group in supporting)


def grounding_examples(
    data_dir: Path, config: NLIBuildConfig, former: PremiseFormer, rng: random.Random, seen: set[tuple[str, str]]
) -> tuple[dict[str, list[NLIExample]], dict[str, Any]]:
    """Train and dev pairs of the weighted human-labelled sources (dev: a held-out share of each train split)."""
    splits: dict[str, list[NLIExample]] = {"train": [], "dev": []}
    info: dict[str, Any] = {}
    for name, weight in sorted(config.grounding.items()):
        source = GROUNDING_SOURCES.get(name)
        if source is None:
            raise InputError(f"unknown grounding source {name!r}; known: {', '.join(sorted(GROUNDING_SOURCES))}")
        if not source.trainable:
            raise InputError(f"grounding source {name!r} is for evaluation only ({source.licence}); never train on it")
        logger.info("grounding source %s (weight %s)", name, weight)
        counts: Counter[str] = Counter()
        kept: dict[str, list[NLIExample]] = {"train": [], "dev": []}
        for row in read_grounding(data_dir, name, "train"):
            label = training_label(row["label"])
            if label is None:
                counts["dropped_label_" + row["label"]] += 1
                continue
            if config.english_only and row.get("lang", "en") != "en":
                counts["dropped_not_english"] += 1
                continue
            premise, hypothesis = row["premise"].strip(), row["hypothesis"].strip()
            if not premise or not hypothesis:
                counts["dropped_empty"] += 1
                continue
            shortened = former(premise, hypothesis)
            counts["premise_shortened"] += shortened != premise
            if (shortened, hypothesis) in seen:
                counts["dropped_duplicate"] += 1
                continue
            seen.add((shortened, hypothesis))
            split = "dev" if held_out(row["id"], config.grounding_dev_fraction) else "train"
            kept[split].append(NLIExample(shortened, hypothesis, label, name, row["label"], row["id"]))
        rng.shuffle(kept["dev"])
        kept["dev"] = kept["dev"][: config.grounding_dev_per_source]
        copies = int(weight)
        train = kept["train"] * copies + rng.sample(kept["train"], round((weight - copies) * len(kept["train"])))
        splits["train"] += train
        splits["dev"] += kept["dev"]
        info[name] = {"weight": weight, "licence": source.licence, "rows_available": len(kept["train"]),
                      "train": len(train), "dev": len(kept["dev"]), **counts}  # fmt: skip
    return splits, info


def support_check(data_dir: Path, former: PremiseFormer) -> dict[str, Any] | None:
    """On WiCE dev rows that are supported: how often the shortened premise keeps a whole gold supporting set."""
    try:
        rows = [r for r in read_grounding(data_dir, "wice", "dev") if r["label"] == "entailment"]
    except InputError:
        return None
    long_rows = [r for r in rows if r.get("meta", {}).get("supporting_sentences")]
    kept = sum(
        former.keeps_support(r["meta"]["evidence_sentences"], r["hypothesis"], r["meta"]["supporting_sentences"])
        for r in long_rows
    )
    return {"rows": len(long_rows), "support_kept": kept, "share": kept / len(long_rows) if long_rows else None}

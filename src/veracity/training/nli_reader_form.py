"""NLI pairs in the reader's own form, for verifier v3 (issue 60): an answer sentence against its evidence window.

Two kinds, both built from *training* answers only (``veracity.training.reader_sources``):

* ``reader:SOURCE`` — every sentence unit (:func:`~veracity.detectors.reader.signals.reader_sentences`) of a labelled
  answer of RAGTruth train + train-upstream, RAGBench train or XSumFaith train, against the window the reader gives it
  (:meth:`~veracity.detectors.reader.signals.SourceIndex.align`): the best-aligned source sentence alone or with its
  neighbours, drawn at random per unit. A unit that overlaps a gold span is ``not_entailment`` (the human label says
  it is unsupported, not which way), any other unit ``entailment``.
* ``edits`` — in-context edits of RAGTruth train's faithful answers (:func:`veracity.data.incontext_edits
  .edit_examples`: a value moved to another thing of the same passage, two names' roles exchanged, a negation, an
  antonym) as ``contradiction``, each beside its unedited twin as ``entailment``. The window holds the sentence the
  moved value came from, so the model reads a swap with the distracting sentence in the premise, as the reader does.

A fixed share of answer groups (by a hash of the group) goes to dev, never to train.
"""

from __future__ import annotations

import itertools
import logging
import random
from collections import Counter
from pathlib import Path

from veracity.data.grounding import TrainLabel
from veracity.training.nli_data import NLIBuildConfig, NLIExample, held_out

__all__ = ["edit_pairs", "reader_form_examples", "reader_form_pairs"]

logger = logging.getLogger(__name__)

# The reader's training sources whose answers carry gold spans (sentence labels follow from them).
SPAN_SOURCES = ("ragtruth", "ragbench", "xsumfaith")


def reader_form_pairs(
    data_dir: Path, source: str, max_answers: int, dev_fraction: float, seed: int = 0, keep_supported: float = 1.0
) -> tuple[dict[str, list[NLIExample]], Counter[str]]:
    """Unit-versus-window pairs of one span-labelled source's training answers (see the module docstring).

    ``keep_supported``: the share of supported units kept (drawn with the seed); every unsupported unit is kept.
    """
    from veracity.detectors.reader.signals import reader_sentences
    from veracity.stages.sources import SourceIndex
    from veracity.training.reader import labelled_units
    from veracity.training.reader_sources import source_examples

    if source not in SPAN_SOURCES:
        raise ValueError(f"reader-form pairs need sentence labels: one of {', '.join(SPAN_SOURCES)}, not {source!r}")
    rng = random.Random(f"{seed}:reader:{source}")
    splits: dict[str, list[NLIExample]] = {"train": [], "dev": []}
    counts: Counter[str] = Counter()
    for n, example in enumerate(source_examples(source, data_dir, seed)):
        if n >= max_answers:
            break
        if not example.context or not example.answer.strip():
            counts["dropped_no_context"] += 1
            continue
        units = reader_sentences(example.answer)
        labels = labelled_units(example, units, single_label=False)
        if labels is None or (example.label == 1 and not example.spans):
            counts["dropped_no_spans"] += 1  # a hallucinated answer without spans says nothing about its units
            continue
        index = SourceIndex(example.context, example.question)
        split = "dev" if held_out(example.group or example.id, dev_fraction) else "train"
        for (start, end), label in zip(units, labels, strict=True):
            text = example.answer[start:end].strip()
            if len(text.split()) < 4:
                counts["dropped_short_unit"] += 1
                continue
            window = index.align(text, top_k=1, window=rng.choice((0, 1)))
            if not window:
                continue
            target: TrainLabel = "not_entailment" if label else "entailment"
            if not label and keep_supported < 1.0 and rng.random() >= keep_supported:  # no draw: v3's stream as it was
                counts["dropped_supported"] += 1
                continue
            splits[split].append(NLIExample(window[0].text, text, target, f"reader:{source}", target, example.id))
            counts[target] += 1
    return splits, counts


def edit_pairs(
    data_dir: Path, max_answers: int, dev_fraction: float, seed: int = 0, forms: tuple[str, ...] = ("window",)
) -> tuple[dict[str, list[NLIExample]], Counter[str]]:
    """In-context edits of faithful RAGTruth train answers and their twins (see the module docstring).

    ``forms``: "window" reads each against the window that holds the distracting sentence; "sentence" also against
    the one source sentence the edited sentence aligns with (numbers weigh a quarter there, so a moved value aligns
    with its own thing's sentence, not the one it came from) — the reading the verifier already gets right.
    """
    from veracity.data.incontext_edits import EDIT_KINDS, EditStats, edit_examples
    from veracity.stages.sources import SourceIndex
    from veracity.training.reader_sources import source_examples

    splits: dict[str, list[NLIExample]] = {"train": [], "dev": []}
    counts: Counter[str] = Counter()
    stats = EditStats()
    faithful = (e for e in source_examples("ragtruth", data_dir, seed) if e.label == 0)
    for n, example in enumerate(itertools.islice(faithful, max_answers)):
        if n % 250 == 0:
            logger.info("in-context edits: %d of at most %d answers", n, max_answers)
        split = "dev" if held_out(example.group or example.id, dev_fraction) else "train"
        for edited in edit_examples(example, seed=seed, per_answer=2, stats=stats):
            kind = next((k for k in EDIT_KINDS if edited.id.endswith(f"-{k}")), "original")
            target: TrainLabel = "contradiction" if edited.label else "entailment"
            if "window" in forms:
                premise = " ".join(edited.context)
                splits[split].append(NLIExample(premise, edited.answer, target, "edits", kind, example.id))
                counts[kind] += 1
            if "sentence" in forms:
                aligned = SourceIndex(list(edited.context)).align(edited.answer, top_k=1, window=0)
                if aligned:
                    splits[split].append(NLIExample(aligned[0].text, edited.answer, target, "edits", kind, example.id))
                    counts[f"{kind}:sentence"] += 1
    return splits, counts


def reader_form_examples(
    data_dir: Path, config: NLIBuildConfig, splits: dict[str, list[NLIExample]]
) -> dict[str, dict[str, int]]:
    """Add the build's reader-form and edit pairs (``config.reader_form``, ``edit_answers``) to ``splits``.

    Returns the counts of each source's pairs by label or edit kind, as the build's stats record them.
    """
    built = [reader_form_pairs(data_dir, s, n, config.reader_dev_fraction, config.seed,
                               keep_supported=config.reader_form_supported)
             for s, n in sorted(config.reader_form.items())]  # fmt: skip
    if config.edit_answers:
        built.append(edit_pairs(data_dir, config.edit_answers, config.reader_dev_fraction, config.seed,
                                forms=tuple(config.edit_forms)))  # fmt: skip
    info: dict[str, dict[str, int]] = {}
    for (pairs, counts), name in zip(built, [*sorted(config.reader_form), "edits"], strict=False):
        for split, rows in pairs.items():
            splits[split] += rows
        info[name] = dict(counts)
    return info

"""Where the reader's training answers come from: the data sets by name, and the synthetic sets.

:data:`SOURCES` names the data sets (a RAGTruth-format file is read with ``ragtruth:PATH``); ``edits`` are in-context
edits of RAGTruth train's faithful answers with their twins (:func:`edit_source`), ``absent`` one absent name, number
or date in the unedited windows with their twins (:func:`absent_values`), ``abstentions`` abstentions and denials
over RAGTruth QA contexts (:func:`synthetic_abstentions`); ``dev:SPEC`` reads a selection set the same way
(:func:`examples_of`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

from veracity.data.loaders import Example, load_dataset

__all__ = ["SOURCES", "absent_values", "edit_source", "examples_of", "source_examples", "synthetic_abstentions"]

# Where each source's answers come from (NAME[:SPLIT] or ragtruth:PATH for the split-file format).
SOURCES: dict[str, list[str]] = {
    "ragtruth": ["ragtruth:train", "ragtruth:{data}/ragtruth/train-upstream.jsonl.gz"],
    "ragbench": ["ragtruth:{data}/ragbench/train.jsonl.gz"],
    "xsumfaith": ["ragtruth:{data}/xsumfaith/train.jsonl.gz"],
    "halueval-qa": ["halueval-qa:train"],
    "halueval-dialogue": ["halueval-dialogue:train"],
}


def source_examples(source: str, data_dir: Path, seed: int = 0) -> Iterator[Example]:
    """The answers of one source, in a fixed shuffled order (so that a limit takes a sample, not the first rows)."""
    examples: list[Example] = []
    for spec in SOURCES[source]:
        examples += [r for r in load_dataset(spec.format(data=data_dir), data_dir) if isinstance(r, Example)]
    random.Random(f"{seed}:{source}").shuffle(examples)
    yield from examples


def synthetic_abstentions(examples: Sequence[Example], seed: int = 0, n: int = 600) -> list[Example]:
    """Synthetic abstention answers over RAGTruth QA contexts.

    Faithful when their topic is absent from the sources (taken from another answer's question), unfaithful when they
    deny a topic a source sentence states.
    """
    from veracity.text.novelty import content_words

    rng = random.Random(seed)
    templates = [
        "The passages do not mention {t}.",
        "The provided information doesn't say anything about {t}, so I can't confirm it.",
        "I couldn't find any details about {t} in the documents; it's best to check with the support team.",
        "There is no information about {t} in the context.",
        "The sources don't specify {t}, so I cannot answer that.",
        "Based on the passages, I can't determine {t}.",
    ]
    qa = [e for e in examples if e.question and e.context]
    out: list[Example] = []
    for k in range(n):
        example, other = rng.choice(qa), rng.choice(qa)
        known = {w.form for c in example.context for w in content_words(c)}
        if k % 3 == 2:  # a denial: the topic is a phrase a source states
            sentence = rng.choice(
                [s for c in example.context for s in c.split(". ") if 6 <= len(s.split()) <= 30] or [""]
            )
            words = [w for w in sentence.split() if w.isalpha() and len(w) > 3][:4]
            if len(words) < 3:
                continue
            topic, label = " ".join(words[:3]), 1
        else:
            asked = other.question or ""
            words = [
                asked[w.start : w.end]
                for w in content_words(asked)
                if w.form not in known and asked[w.start : w.end].isalpha()
            ]
            if len(words) < 2:
                continue
            topic, label = " ".join(words[:3]), 0
        answer = rng.choice(templates).format(t=topic)
        out.append(
            Example(
                id=f"abstain-{k}",
                question=example.question,
                answer=answer,
                context=example.context,
                label=label,
                spans=[(0, len(answer))] if label else [],
                task="abstention",
                group=example.group or example.id,
            )
        )
    return out


def edit_source(data_dir: Path, seed: int = 0) -> Iterator[Example]:
    """Synthetic in-context edits of RAGTruth train's faithful answers, each with its unedited twin.

    Value swaps, role reversals, negations, antonyms (:func:`veracity.data.incontext_edits.edit_examples`).
    """
    from veracity.data.incontext_edits import edit_examples

    for example in source_examples("ragtruth", data_dir, seed):
        if example.label == 0:
            yield from edit_examples(example, seed=seed, per_answer=1)


_ABSENT_NAMES = (
    "Okafor",
    "Lindqvist",
    "Brennan",
    "Marseille",
    "Kowalczyk",
    "Tanaka",
    "Valparaiso",
    "Hargreaves",
    "Novak",
    "Ferreira",
    "Aberdeen",
    "Castellano",
    "Mbeki",
    "Sorensen",
    "Winnipeg",
    "Dubrovnik",
    "Achebe",
    "Larsson",
)
_NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\w])")
_YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")


def absent_values(example: Example, seed: int = 0) -> list[Example]:
    """One absent name, number or date in a faithful window, beside the window unedited.

    The replacement occurs nowhere in the context or the question: a number moved by a few units, a year moved by
    a few years, a name from a fixed list of names that no source of the data sets uses. Labels: the replaced
    characters.
    """
    rng = random.Random(f"{seed}:absent:{example.id}")
    sources = " ".join([*example.context, example.question or ""])
    answer = example.answer
    candidates: list[tuple[int, int, str]] = []
    for match in _YEAR.finditer(answer):
        year = str(int(match.group()) + rng.choice((-3, -2, 2, 3)))
        if year not in sources:
            candidates.append((match.start(), match.end(), year))
    for match in _NUMBER.finditer(answer):
        if _YEAR.fullmatch(match.group()) or match.group() not in sources:
            continue
        value = match.group().replace(",", "")
        number = float(value) if "." in value else int(value)
        new = str(number + rng.choice((2, 3, 5, 7)) if isinstance(number, int) else round(number * 1.5, 1))
        if new not in sources:
            candidates.append((match.start(), match.end(), new))
    for k, word in enumerate(answer.split(" ")):
        start = sum(len(w) + 1 for w in answer.split(" ")[:k])
        bare = word.strip(".,;:!?()\"'")
        if k > 0 and len(bare) > 3 and bare[:1].isupper() and bare.isalpha() and bare in sources:
            offset = start + word.index(bare)
            candidates.append((offset, offset + len(bare), rng.choice(_ABSENT_NAMES)))
    if not candidates:
        return []
    start, end, new = rng.choice(candidates)
    edited = answer[:start] + new + answer[end:]
    common = {"question": example.question, "context": example.context, "task": "absent", "group": example.group}
    return [
        Example(id=f"absent-{example.id}", answer=edited, label=1, spans=[(start, start + len(new))], **common),
        Example(id=f"absent-{example.id}-original", answer=answer, label=0, spans=[], **common),
    ]


def absent_source(data_dir: Path, seed: int = 0) -> Iterator[Example]:
    """:func:`absent_values` over the unedited windows of :func:`edit_source` (short, faithful, aligned)."""
    for example in edit_source(data_dir, seed + 1):
        if example.label == 0:
            yield from absent_values(example, seed)


def examples_of(source: str, data_dir: Path, seed: int = 0) -> Iterator[Example]:
    """The answers of a source by name (:data:`SOURCES`, ``edits``, ``abstentions``)."""
    if source.startswith("dev:"):  # a selection set read the same way, for choosing on dev without rereading
        examples = [r for r in load_dataset(source[4:].format(data=data_dir), data_dir) if isinstance(r, Example)]
        random.Random(f"{seed}:{source}").shuffle(examples)
        yield from examples
    elif source == "edits":
        yield from edit_source(data_dir, seed)
    elif source == "absent":
        yield from absent_source(data_dir, seed)
    elif source == "abstentions":
        yield from synthetic_abstentions(list(source_examples("ragtruth", data_dir, seed))[:3000], seed)
    else:
        yield from source_examples(source, data_dir, seed)

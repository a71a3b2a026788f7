"""Synthetic in-context edits of faithful answers, with the edited characters as exact labels, for the span model.

A span model trained on RAGTruth alone learns "is this word in the sources?" and misses errors made of the sources'
own words. Here a faithful answer sentence gets exactly one edit that keeps its words in-context:

* ``value-swap``: a name, number (with its unit) or date becomes another value of the same spaCy type that occurs
  elsewhere in the context (the new word *is* in the sources);
* ``role-reversal``: a verb's subject and object, both names, change places ("A acquired B" → "B acquired A",
  "B was acquired by A" → "A was acquired by B");
* ``negation``: a negation is added to the main predicate ("offers" → "does not offer", "can create" → "cannot
  create", "is available" → "is not available") or, in easy cases, removed ("does not require" → "requires");
* ``antonym``: a word of :data:`veracity.text.polarity.ANTONYM_PAIRS` becomes its opposite, inflected to match
  ("increased" → "decreased", "before" → "after").

Each edit becomes a short window: ``answer`` is the sentence (with the previous answer sentence when the sentence
opens with a pronoun) and ``context`` the two or three context sentences that share the most idf-weighted content
words with it, in document order, plus, for a value swap, the sentence the new value came from. The same window
unedited is emitted as a faithful example beside it, so that the model learns the edit, not the window's length.
A sentence is edited only when that context holds at least half of its content words (so that the unedited window
is faithful to what it reads) and, for a swap, the original value or names; questions, sentences about the sources
("The passages do not mention...") and sentences under 4 or over 60 words are left.

The edited window is exactly ``window[:start] + new + window[end:]`` of the unedited one: no whitespace outside the
edited characters changes (a removed negation takes its own space with it, inside the replaced range), and the label
is ``[start, start + len(new))`` of the edited text. JSON records (RAGTruth's Data2txt) are read as ``key: value``
lines (:func:`veracity.text.select.json_as_text`) for every kind of edit; the lines are the context sentences, and
a swapped value comes from a sibling field's value, never from a key ("Restaurants Reservations").

The sentence edits themselves live in ``veracity.data._sentence_edits`` and are re-exported here.

Example::

    from veracity.data.incontext_edits import edit_examples
    from veracity.data.loaders import Example

    source = Example(id="a1", answer="Acme acquired Beta in 2019.", context=["Acme acquired Beta in 2019. "
                     "Beta was founded in 2011."], label=0)
    for example in edit_examples(source, seed=0):
        print(example.id, example.answer, example.spans)
"""

from __future__ import annotations

import json
import math
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from veracity.data._sentence_edits import (
    DATE_LABELS,
    EDIT_KINDS,
    ContextValue,
    Edit,
    EditKind,
    antonym_flips,
    inflect,
    is_value,
    negations,
    role_reversals,
    value_swaps,
)
from veracity.data.loaders import BadRecord, Example, Record
from veracity.data.perturb import coordination_groups
from veracity.text.normalize import normalize_words
from veracity.text.novelty import content_words, vocabulary
from veracity.text.parsing import parse
from veracity.text.select import Segment, context_segments, json_as_text
from veracity.text.values import find_numbers

__all__ = [
    "EDIT_KINDS",
    "ContextValue",
    "Edit",
    "EditKind",
    "EditStats",
    "antonym_flips",
    "build_incontext_edits",
    "context_values",
    "edit_examples",
    "inflect",
    "negations",
    "role_reversals",
    "value_swaps",
]

# Sentences about the sources rather than the world ("The passages do not mention...") are not edited: whether
# their negation is an error depends on the reader, not on the context.
_META = re.compile(
    r"\b(passages?|the (?:given |provided )?(?:context|text|article|document|information|data)|provided|"
    r"mention(?:s|ed)?)\b",
    re.I,
)
_PRONOUN_OPENERS = frozenset({"he", "she", "it", "they", "its", "his", "her", "their", "this", "these", "those"})
_MIN_WORDS, _MAX_WORDS = 4, 60
_MIN_COVERAGE = 0.5  # share of a sentence's content words its window's context (and question) must hold


@dataclass
class EditStats:
    """What a run made and why it made nothing elsewhere (``refused``: candidate edits; ``skipped``: answers)."""

    answers: int = 0
    edited_answers: int = 0
    examples: int = 0
    edits: Counter[str] = field(default_factory=Counter)
    skipped: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)

    def as_dict(self) -> dict[str, Any]:
        """The counts as plain JSON-ready values, keys sorted."""
        return {
            "answers": self.answers,
            "edited_answers": self.edited_answers,
            "examples": self.examples,
            "edits": {kind: self.edits[kind] for kind in EDIT_KINDS},
            "skipped": dict(sorted(self.skipped.items())),
            "refused": dict(sorted(self.refused.items())),
        }


# --- values of the context -------------------------------------------------------------------------------------


# RAGTruth's QA passages open with "passage 1:", often glued to a list number ("passage 1:1 Don't...").
_MARKER = re.compile(r"\bpassage \d+:\S*", re.I)


def context_values(context: Sequence[str], passages: Sequence[Segment]) -> list[ContextValue]:
    """The names, numbers and dates of the ``context`` documents, each with the passage it lies in.

    ``passages`` are :func:`veracity.text.select.context_segments` of the documents as read (a JSON record as
    ``key: value`` lines, :func:`~veracity.text.select.json_as_text`). In a record only the values count, not the
    keys ("Restaurants Reservations" is a field, not a name), except that a date may be a key ("hours, Friday").
    A value that crosses a passage boundary or a line break is left out.
    """
    values = []
    for d, raw in enumerate(context):
        text = json_as_text(raw)
        keys = [(m.start(), m.start() + m.group().find(": ") + 2) for m in re.finditer(r"[^\n]+", text)]
        keys = [] if text == raw else keys
        mine = [p for p in passages if p.document == d]
        markers = [m.span() for m in _MARKER.finditer(text)]
        for ent in parse(text).ents:
            if not is_value(ent):
                continue
            if any(start < ent.end_char and ent.start_char < end for start, end in markers):
                continue
            in_key = any(start <= ent.start_char < end for start, end in keys)
            holder = next((p for p in mine if p.start <= ent.start_char and ent.end_char <= p.end), None)
            if holder is not None and not (in_key and ent.label_ not in DATE_LABELS):
                values.append(ContextValue(ent.label_, ent.text, holder.position))
    return values


# --- windows ---------------------------------------------------------------------------------------------------


class _Aligner:
    """The context sentences that share the most idf-weighted content words with a text (as select_segments)."""

    def __init__(self, passages: Sequence[Segment]) -> None:
        self.words = [{w.form for w in content_words(p.text)} for p in passages]
        df: Counter[str] = Counter(w for words in self.words for w in words)
        self.idf = {w: math.log(1 + len(passages) / n) for w, n in df.items()}

    def align(self, text: str, most: int = 3) -> list[int]:
        """The positions of the two best sentences, and of a third within half the best score, in order."""
        mine = {w.form for w in content_words(text)}
        scores = [sum(self.idf[w] for w in words & mine) for words in self.words]
        ranked = sorted((i for i, score in enumerate(scores) if score > 0), key=lambda i: (-scores[i], i))
        kept = ranked[:2] + [i for i in ranked[2:most] if scores[i] >= 0.5 * scores[ranked[0]]]
        return sorted(kept)


def _coverage(text: str, sources: Sequence[str]) -> float:
    words = {w.form for w in content_words(text)}
    return len(words & vocabulary(sources)) / len(words) if words else 0.0


def _occurs(anchor: str, texts: Sequence[str]) -> bool:
    """Whether ``texts`` contain ``anchor`` as whole words, or all of its numbers ("2,000" is in "2000 people")."""
    words = normalize_words(anchor)
    words = words[1:] if words[:1] == ["the"] else words
    haystack = " " + " ".join(w for text in texts for w in normalize_words(text)) + " "
    if words and f" {' '.join(words)} " in haystack:
        return True
    numbers = {m.value for m in find_numbers(anchor, skip=[])}
    return bool(numbers) and numbers <= {m.value for text in texts for m in find_numbers(text, skip=[])}


@dataclass(frozen=True)
class _Window:
    start: int  # in the answer: where the window starts (the previous sentence, or the sentence)
    offset: int  # where the sentence starts in the window
    passages: tuple[int, ...]


def _window(k: int, sentences: Sequence[Segment], aligner: _Aligner, texts: list[str], extra: list[str]) -> _Window:
    """The window of sentence ``k``: its aligned passages, and the previous sentence when it opens with a pronoun."""
    sentence = sentences[k]
    passages = aligner.align(sentence.text)
    first = sentence.text.split(maxsplit=1)[0].lower() if sentence.text.strip() else ""
    if k > 0 and first in _PRONOUN_OPENERS:
        previous = sentences[k - 1]
        joined = sorted({*passages, *aligner.align(previous.text, most=1)})
        if len(previous.text.split()) <= _MAX_WORDS and (
            _coverage(previous.text, [texts[i] for i in joined] + extra) >= _MIN_COVERAGE
        ):
            return _Window(previous.start, sentence.start - previous.start, tuple(joined))
    return _Window(sentence.start, 0, tuple(passages))


def _refusal(text: str) -> str | None:
    if not _MIN_WORDS <= len(text.split()) <= _MAX_WORDS:
        return "sentence: too short or too long"
    if _META.search(text):
        return "sentence: about the sources"
    if text.rstrip().endswith("?"):
        return "sentence: a question"
    return None


def edit_examples(
    example: Example, seed: int = 0, per_answer: int = 2, stats: EditStats | None = None
) -> list[Example]:
    """Up to ``per_answer`` edited windows of a faithful answer, each followed by the same window unedited.

    Edits go to different sentences; the kind of each is drawn in turn from the kinds the answer allows (so a rare
    kind is taken when it is there), then a target and a replacement at random. The draws depend only on ``seed``
    and the example's id. Ids are ``edit-<id>-<n>-<kind>`` and ``edit-<id>-<n>-original``; ``task`` and ``group``
    are the source's, so source-grouped folds still hold.

    Returns:
        Pairs (edited, label 1, one span; unedited, label 0, no spans) in the order drawn; none for an answer that
        is not faithful, has no context, or has nothing to edit (``stats`` says which).
    """
    stats = stats if stats is not None else EditStats()
    stats.answers += 1
    if example.label != 0:
        stats.skipped["not faithful"] += 1
        return []
    documents = [json_as_text(c) for c in example.context]
    passages = context_segments(documents)
    if not passages:
        stats.skipped["no context"] += 1
        return []
    texts = [p.text for p in passages]
    extra = [example.question] if example.question else []
    aligner = _Aligner(passages)
    values = context_values(example.context, passages)
    coordinated: dict[str, set[str]] = {}
    for document in documents:
        for name, group in coordination_groups(parse(document)).items():
            coordinated.setdefault(name, set()).update(group)
    sentences = context_segments([example.answer], max_words=10**6)
    candidates: dict[EditKind, dict[tuple[int, int, int], list[Edit]]] = {}
    windows: dict[int, _Window] = {}
    for k, sentence in enumerate(sentences):
        reason = _refusal(sentence.text)
        window = _window(k, sentences, aligner, texts, extra) if reason is None else None
        if window is not None and _coverage(sentence.text, [texts[i] for i in window.passages] + extra) < _MIN_COVERAGE:
            reason = "sentence: weakly aligned"
        if reason is not None or window is None:
            stats.refused[reason or "sentence"] += 1
            continue
        windows[k] = window
        doc = parse(sentence.text)
        aligned = [texts[i] for i in window.passages]
        for edit in (
            value_swaps(sentence.text, doc, values, coordinated, stats.refused)
            + role_reversals(sentence.text, doc, stats.refused)
            + negations(sentence.text, doc, stats.refused)
            + antonym_flips(sentence.text, doc, stats.refused)
        ):
            if not all(_occurs(anchor, aligned) for anchor in edit.anchors):
                stats.refused[f"{edit.kind}: original not in the aligned context"] += 1
                continue
            candidates.setdefault(edit.kind, {}).setdefault((k, edit.start, edit.end), []).append(edit)
    _drop_record_swaps(candidates, example.context, documents, passages, stats.refused)
    out: list[Example] = []
    rng = random.Random(f"{seed}:{example.id}")
    for n, (k, edit) in enumerate(_draw(candidates, rng, per_answer)):
        out += _pair(example, n, edit, sentences[k], windows[k], texts)
        stats.edits[edit.kind] += 1
    if out:
        stats.edited_answers += 1
        stats.examples += len(out)
    else:
        stats.skipped["nothing editable"] += 1
    return out


def _field(raw: str, text: str, passage: Segment) -> str | None:
    """The key of the record line a passage lies on, digits dropped ("review info, review text"); None in prose."""
    if text == raw:
        return None
    line = text[text.rfind("\n", 0, passage.start) + 1 :].split("\n", 1)[0]
    return re.sub(r"\s*\d+", "", line.split(": ", 1)[0]) if ": " in line else ""


def _drop_record_swaps(
    candidates: dict[EditKind, dict[tuple[int, int, int], list[Edit]]],
    context: Sequence[str],
    documents: Sequence[str],
    passages: Sequence[Segment],
    refused: Counter[str],
) -> None:
    """Keep a value swap from a record only when the original is a value of a sibling field, on another line.

    Siblings share their key's parent ("hours, Tuesday" and "hours, Friday"; "review info 1, review text" and
    "review info 2, review text"). "Savoy Cafe" (name) → "Coffee & Tea" (categories) is nonsense, and "Tuscan" →
    "Italian" from the same categories line is still true.
    """
    fields = [_field(context[p.document], documents[p.document], p) for p in passages]
    parents = [f.rsplit(", ", 1)[0] if f is not None else None for f in fields]
    homes: dict[str, list[int]] = {}
    for targets in candidates.get("value-swap", {}).values():
        kept = []
        for edit in targets:
            if edit.source is None or fields[edit.source] is None:
                kept.append(edit)
                continue
            if edit.original not in homes:
                homes[edit.original] = [
                    i for i, p in enumerate(passages) if fields[i] is not None and _occurs(edit.original, [p.text])
                ]
            if edit.source in homes[edit.original]:
                refused["value-swap: same record field value"] += 1
            elif not any(parents[i] == parents[edit.source] for i in homes[edit.original]):
                refused["value-swap: different record field"] += 1
            else:
                kept.append(edit)
        targets[:] = kept


def _draw(
    candidates: Mapping[EditKind, Mapping[tuple[int, int, int], list[Edit]]], rng: random.Random, most: int
) -> list[tuple[int, Edit]]:
    kinds = [kind for kind in EDIT_KINDS if candidates.get(kind)]
    rng.shuffle(kinds)
    used: set[int] = set()
    drawn: list[tuple[int, Edit]] = []
    while len(drawn) < most:
        before = len(drawn)
        for kind in kinds:
            targets = sorted(t for t in candidates[kind] if t[0] not in used and candidates[kind][t])
            if len(drawn) == most or not targets:
                continue
            target = rng.choice(targets)
            drawn.append((target[0], rng.choice(candidates[kind][target])))
            used.add(target[0])
        if len(drawn) == before:
            break
    return drawn


def _pair(example: Example, n: int, edit: Edit, sentence: Segment, window: _Window, texts: list[str]) -> list[Example]:
    passages = sorted({*window.passages, *([edit.source] if edit.source is not None else [])})
    context = [texts[i] for i in passages]
    original = example.answer[window.start : sentence.end]
    start = window.offset + edit.start
    edited = original[:start] + edit.replacement + original[window.offset + edit.end :]
    common = {"question": example.question, "context": context, "task": example.task, "group": example.group}
    prefix = f"edit-{example.id}-{n}"
    return [
        Example(id=f"{prefix}-{edit.kind}", answer=edited, label=1, spans=[(start, start + len(edit.replacement))],
                **common),
        Example(id=f"{prefix}-original", answer=original, label=0, **common),
    ]  # fmt: skip


def build_incontext_edits(
    records: Iterable[Record],
    out: Path,
    seed: int = 0,
    per_answer: int = 2,
    limit: int | None = None,
    progress: Callable[[], object] | None = None,
) -> dict[str, Any]:
    """Write the edited and unedited windows of the faithful answers among ``records`` to ``out`` (generic JSONL).

    Args:
        records: a dataset's records (:func:`veracity.data.loaders.load_dataset`); answers with label 1, pairs and
            unreadable records are counted and left.
        out: the JSONL file to write (replaced whole when the run ends; ``Example`` rows, read by ``jsonl:PATH``).
        seed: the seed of the draws (with each answer's id).
        per_answer: the most edits of one answer (each gives an edited and an unedited window).
        limit: only the first N faithful answers.
        progress: called after each faithful answer.

    Returns:
        The counts of :class:`EditStats` and the path written.
    """
    stats = EditStats()
    faithful = 0
    out.parent.mkdir(parents=True, exist_ok=True)
    temporary = out.with_name(out.name + ".tmp")
    with temporary.open("w", encoding="utf-8") as handle:
        for record in records:
            if not isinstance(record, Example):
                stats.skipped["bad record" if isinstance(record, BadRecord) else "not an answer"] += 1
                continue
            if record.label != 0:
                stats.skipped["not faithful"] += 1
                continue
            if limit is not None and faithful >= limit:
                break
            faithful += 1
            for example in edit_examples(record, seed, per_answer, stats):
                row = example.model_dump(mode="json", exclude_none=True)
                handle.write(json.dumps(row, ensure_ascii=False) + "\n")
            if progress is not None:
                progress()
    temporary.replace(out)
    return {**stats.as_dict(), "out": str(out)}

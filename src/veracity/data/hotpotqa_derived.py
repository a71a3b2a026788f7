"""HotPotQA-Derived (logic-matters.txt §3.6, Appendix F–G), rebuilt by rules from the 500 HotpotQA dev questions.

Every question keeps its 10 paragraphs as separate documents. Yes/no questions (comparisons) are dropped: the paper
builds on bridge questions and a yes/no answer has no entity to falsify. For each remaining question:

- ``faithful``: the gold answer;
- ``easy`` (bridge-easy): a wrong entity of the gold answer's type (spaCy NER), taken from a distractor paragraph,
  else from a pool of the same type across all questions;
- ``medium`` (bridge-medium): partially correct — the answer paragraph's sentence that states the gold answer, with
  one *other* detail changed (a number / date, else another entity swapped for one of its type); its faithful
  counterpart is the unedited sentence (``faithful_sentence``), so sentence length is no cue;
- ``hard`` (bridge-hard): correct facts combined wrongly — an entity of the answer's type that the *other* gold
  paragraph supports (the discovery city where the birth city was asked), else another entity of that type from
  the answer paragraph, else the bridge entity (a gold paragraph's title) that the question does not name.

Easy and hard candidates that equal, contain or are contained in the gold answer are rejected. A level with no
candidate is skipped for that question and counted in ``stats.json``. Evaluation pairs each (question, level) with its
faithful or its hallucinated answer by a seeded coin (50/50). Split by question id: 20% ``dev`` (threshold
calibration), 80% ``test``.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from veracity.data import perturb
from veracity.errors import InputError
from veracity.text.parsing import load_spacy
from veracity.text.split import SentenceSplitter

__all__ = ["LEVELS", "DerivedExample", "build_hotpotqa_derived"]

LEVELS = ("easy", "medium", "hard")
SOURCE_FILE = "hotpotqa_dev/ircot_dev_subsampled_500.jsonl"
_NUMERIC = {"DATE", "CARDINAL", "QUANTITY", "MONEY", "PERCENT", "TIME", "ORDINAL"}


@dataclass(frozen=True)
class DerivedExample:
    """One evaluation example: the question, its documents, an answer and whether it is hallucinated."""

    id: str
    question_id: str
    split: str
    level: str
    question: str
    documents: list[dict[str, str]]
    answer: str
    label: int
    gold_answer: str
    rule: str
    answer_type: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def _norm(text: str) -> str:
    return re.sub(r"\W+", " ", text.lower()).strip()


def _overlaps(candidate: str, gold: str) -> bool:
    a, b = _norm(candidate), _norm(gold)
    return not a or a == b or a in b or b in a


def _answer_type(gold: str, paragraph: str, doc: Any, nlp: Any) -> str:
    where = paragraph.lower().find(gold.lower())
    if where >= 0:
        for ent in doc.ents:
            if ent.start_char < where + len(gold) and where < ent.end_char:
                return str(ent.label_)
    ents = nlp(gold).ents
    if ents:
        return str(ents[0].label_)
    return "DATE" if re.fullmatch(r"\d{3,4}", gold.strip()) else "OTHER"


def _entities(doc: Any, label: str) -> list[str]:
    return [e.text for e in doc.ents if e.label_ == label]


def _split_question(question_id: str) -> str:
    return "dev" if int(hashlib.sha1(question_id.encode()).hexdigest(), 16) % 5 == 0 else "test"


def build_hotpotqa_derived(data_dir: Path, out_dir: Path, seed: int = 13) -> dict[str, Any]:
    """Write ``examples.jsonl`` (every candidate answer) and ``stats.json`` under ``out_dir``.

    Raises:
        InputError: the HotpotQA file is missing.
    """
    path = data_dir / SOURCE_FILE
    if not path.exists():
        raise InputError(f"HotpotQA dev questions not found at {path}; set VERACITY_DATA or pass --data-dir")
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    nlp = load_spacy()
    splitter = SentenceSplitter("rules")
    rng = random.Random(seed)
    # A pool of entities per type across every question, for easy answers with no same-type distractor entity.
    pool: dict[str, list[str]] = {}
    for row in rows:
        for context in row["contexts"]:
            pool.setdefault("TITLE", []).append(context["title"])
    stats: Counter[str] = Counter()
    examples: list[DerivedExample] = []
    for row in rows:
        gold = row["answers_objects"][0]["spans"][0].strip()
        question = row["question_text"].strip()
        if _norm(gold) in ("yes", "no"):
            stats["dropped_yes_no"] += 1
            continue
        examples += list(_question_examples(row, gold, question, nlp, splitter, rng, pool, stats))
    out_dir.mkdir(parents=True, exist_ok=True)
    with (out_dir / "examples.jsonl").open("w", encoding="utf-8") as handle:
        for example in examples:
            handle.write(json.dumps(asdict(example), ensure_ascii=False) + "\n")
    summary = {
        "source": SOURCE_FILE,
        "seed": seed,
        "questions_in": len(rows),
        "counts": dict(sorted(stats.items())),
        "examples": dict(Counter(f"{e.split}/{e.level}/{'hallucinated' if e.label else 'faithful'}" for e in examples)),
        "rules": dict(Counter(f"{e.level}:{e.rule}" for e in examples if e.label)),
        "answer_types": dict(Counter(e.answer_type for e in examples if e.level == "easy" and not e.label)),
    }
    (out_dir / "stats.json").write_text(json.dumps(summary, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return summary


def _question_examples(
    row: dict[str, Any],
    gold: str,
    question: str,
    nlp: Any,
    splitter: SentenceSplitter,
    rng: random.Random,
    pool: dict[str, list[str]],
    stats: Counter[str],
) -> Iterator[DerivedExample]:
    contexts = row["contexts"]
    documents = [{"id": f"p{c['id']}", "title": c["title"], "text": c["paragraph_text"].strip()} for c in contexts]
    parsed = {c["id"]: doc for c, doc in zip(contexts, nlp.pipe(c["paragraph_text"] for c in contexts), strict=True)}
    gold_paragraphs = [c for c in contexts if c.get("is_supporting")]
    distractors = [c for c in contexts if not c.get("is_supporting")]
    holding = [c for c in gold_paragraphs if gold.lower() in c["paragraph_text"].lower()]
    answer_paragraph = (holding or gold_paragraphs or contexts)[-1]
    others = [c for c in gold_paragraphs if c is not answer_paragraph]
    answer_type = _answer_type(gold, answer_paragraph["paragraph_text"], parsed[answer_paragraph["id"]], nlp)
    qid = row["question_id"]
    split = _split_question(qid)
    stats["questions"] += 1

    def example(level: str, answer: str, label: int, rule: str) -> DerivedExample:
        return DerivedExample(
            id=f"{qid}-{level}-{'h' if label else 'f'}",
            question_id=qid,
            split=split,
            level=level,
            question=question,
            documents=documents,
            answer=answer,
            label=label,
            gold_answer=gold,
            rule=rule,
            answer_type=answer_type,
        )

    def usable(candidate: str) -> bool:
        return not _overlaps(candidate, gold) and _norm(candidate) not in _norm(question)

    # easy: a same-type entity from a distractor paragraph, else a title from the pool
    label = answer_type if answer_type != "OTHER" else "TITLE"
    if label == "TITLE":
        candidates = [c["title"] for c in distractors]
    else:
        candidates = [e for c in distractors for e in _entities(parsed[c["id"]], label)]
    candidates = [c for c in dict.fromkeys(candidates) if usable(c)]
    rule = "distractor entity" if label != "TITLE" else "distractor title"
    if not candidates:
        candidates = [c for c in pool.get("TITLE", []) if usable(c)]
        rule = "pool title"
    if candidates:
        yield example("easy", gold, 0, "gold answer")
        yield example("easy", _untitled(rng.choice(candidates)), 1, rule)
    else:
        stats["skipped_easy"] += 1

    # medium: the sentence stating the answer, with another detail changed
    medium = _medium(gold, answer_paragraph["paragraph_text"], contexts, parsed, splitter, nlp, rng)
    if medium is not None:
        sentence, wrong, rule = medium
        yield example("medium", sentence, 0, "answer sentence")
        yield example("medium", wrong, 1, rule)
    else:
        stats["skipped_medium"] += 1

    # hard: right facts, wrong combination — an entity of the answer's type that the other gold paragraph
    # supports, else one from the answer paragraph, else the bridge entity (a gold paragraph's title)
    hard: list[tuple[str, str]] = []
    if label != "TITLE":
        hard += [(e, "other gold paragraph entity") for c in others for e in _entities(parsed[c["id"]], label)]
        hard += [(e, "answer paragraph entity") for e in _entities(parsed[answer_paragraph["id"]], label)]
    hard.append((_untitled(answer_paragraph["title"]), "bridge entity (answer paragraph title)"))
    hard += [(_untitled(c["title"]), "other gold paragraph title") for c in others]
    hard = [(c, r) for c, r in hard if usable(c)]
    if hard:
        yield example("hard", gold, 0, "gold answer")
        answer, rule = hard[0]
        yield example("hard", answer, 1, rule)
    else:
        stats["skipped_hard"] += 1


def _untitled(title: str) -> str:
    """A Wikipedia title without its disambiguation: "Kiss and Tell (1945 film)" → "Kiss and Tell"."""
    return re.sub(r"\s*\([^)]*\)$", "", title).strip()


def _medium(
    gold: str,
    paragraph: str,
    contexts: list[dict[str, Any]],
    parsed: dict[str, Any],
    splitter: SentenceSplitter,
    nlp: Any,
    rng: random.Random,
) -> tuple[str, str, str] | None:
    """(the sentence stating the gold answer, that sentence with another detail wrong, the rule) or None."""
    stating = [s.text for s in splitter.split(paragraph) if gold.lower() in s.text.lower()]
    if not stating:
        return None
    sentence = stating[0]
    start = sentence.lower().find(gold.lower())
    head, kept, tail = sentence[:start], sentence[start : start + len(gold)], sentence[start + len(gold) :]
    changed_tail = perturb.change_number(tail, rng) if tail.strip() else None
    if changed_tail and changed_tail != tail:
        return sentence, head + kept + changed_tail, "number/date changed"
    changed_head = perturb.change_number(head, rng) if head.strip() else None
    if changed_head and changed_head != head:
        return sentence, changed_head + kept + tail, "number/date changed"
    context_pool = perturb.entity_pool(list(parsed.values()))
    for ent in nlp(sentence).ents:
        if _overlaps(ent.text, gold):
            continue
        options = [o for o in context_pool.get(ent.label_, []) if not _overlaps(o, ent.text) and not _overlaps(o, gold)]
        if options:
            wrong = sentence[: ent.start_char] + rng.choice(sorted(set(options))) + sentence[ent.end_char :]
            return sentence, wrong, f"entity swapped ({ent.label_})"
    return None


def paired_examples(path: Path, split: str, seed: int = 13) -> Iterator[DerivedExample]:
    """One example per (question, level): faithful or hallucinated by a seeded coin (the evaluation protocol)."""
    groups: dict[tuple[str, str], dict[int, dict[str, Any]]] = {}
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            if split != "all" and row["split"] != split:
                continue
            groups.setdefault((row["question_id"], row["level"]), {})[int(row["label"])] = row
    for key in sorted(groups):
        pair = groups[key]
        if set(pair) != {0, 1}:
            continue
        coin = int(hashlib.sha1(f"{seed}:{key[0]}:{key[1]}".encode()).hexdigest(), 16) % 2
        yield DerivedExample(**pair[coin])

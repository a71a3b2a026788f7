"""Synthetic 3-class NLI training data from the text available offline (``veracity data build-nli``).

Sources (never HotpotQA dev, FEVER-Symmetric or MNLI, which are evaluation sets):

* ``halueval-qa`` (train split): premise = knowledge; hypothesis = ``The answer to "{question}" is: {answer}``
  (the same template for both answers, so that the answer's length or style is no cue); the right answer is
  entailment, the hallucinated one contradiction (the question fixes the slot, so another filler conflicts).
  With ``qa_counterexamples`` (default) each record adds three pairs that break the cues of those answers (right
  ones short, hallucinated ones long): a short wrong answer taken from the knowledge (contradiction), the knowledge
  sentence stating the right answer (entailment) and the right answer against another record's knowledge
  (neutral). Without them the verifier learns to call any short answer to a question entailed, whatever the
  premise says (measured: 0.97 entailment for a wrong name against unrelated paragraphs).
* ``halueval-summarization`` (train): premise = the document sentences most similar to a summary sentence
  (≤ ``max_premise_tokens``); right-summary sentences are entailment; hallucinated-summary sentences that differ
  from every right-summary sentence are contradiction when the grounding checker finds an unsupported name, number
  or date of a kind the premise also states (a conflicting value), neutral otherwise.
* ``halueval-dialogue`` (train): premise = knowledge; right responses whose names and numbers are all in the
  knowledge are entailment; hallucinated ones are labelled like summary sentences.
* ``perturb:*`` — edits of real sentences of HaluEval knowledge paragraphs (train split) and COVID-QA articles
  (:mod:`veracity.data.perturb`), each premise a window of 1–12 sentences around the key sentence. With
  ``atomic_claims`` (default) the rules claim extractor also turns the key sentence into its atomic claims: one is
  an entailed hypothesis that differs from the sentence in wording and length (``atomic_claim``), the same claim
  with one contradiction edit is a short contradicted one (``claim_<edit>``), and a claim of a sentence outside the
  window with a name, number or date the premise lacks is a short neutral one (``elsewhere_claim``). Without them
  every edited hypothesis is the key sentence plus or minus a few words, and the verifier learns that a hypothesis
  worded differently from its premise sentence is contradicted.

Examples are deduplicated, balanced across labels (and capped per source and edit kind), and split into train and
dev by document, with a fixed seed. Every example keeps its ``source`` and ``kind``.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from veracity.data import perturb
from veracity.data.grounding import (
    Decontaminator,
    TrainLabel,
    evaluation_claims,
    evaluation_texts,
)
from veracity.errors import InputError
from veracity.stages.claims import RulesClaimExtractor
from veracity.stages.verify.grounding import CheckableKind, EvidenceFacts, GroundingChecker, find_unsupported
from veracity.text.normalize import normalize_words
from veracity.text.parsing import load_spacy
from veracity.text.split import SentenceSplitter
from veracity.text.tokens import RegexTokenizer

__all__ = ["NLIBuildConfig", "NLIExample", "build_nli_dataset", "perturbation_examples"]

logger = logging.getLogger(__name__)

NLILabel = Literal["entailment", "neutral", "contradiction"]


@dataclass(frozen=True)
class NLIExample:
    """One training pair with its provenance."""

    premise: str
    hypothesis: str
    label: TrainLabel
    source: str
    kind: str
    doc_id: str


class NLIBuildConfig(BaseModel):
    """Settings of ``veracity data build-nli``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seed: int = 13
    halueval_records: int = Field(8000, ge=0, description="HaluEval train records used per task (≤ 8000).")
    summarization_records: int | None = Field(
        None, ge=0, description="HaluEval summarization records (None: halueval_records); the slowest source."
    )
    knowledge_paragraphs: int = Field(4000, ge=0, description="HaluEval knowledge paragraphs to perturb.")
    covid_sentences_per_article: int = Field(60, ge=0)
    covid_articles: int | None = Field(None, ge=0, description="COVID-QA articles used (None: all 98).")
    max_premise_tokens: int = Field(300, ge=20)
    max_per_kind: int = Field(4000, ge=1, description="Cap per (source, kind) before label balancing.")
    kind_caps: dict[str, int] = Field(
        default_factory=lambda: {"add_detail": 1500},
        description="Lower caps per edit kind: add_detail ('… in 1965.') is a hypothesis-only cue when abundant.",
    )
    atomic_claims: bool = Field(True, description="Add claim-level hypotheses from the rules claim extractor.")
    qa_counterexamples: bool = Field(
        True, description="Add HaluEval-QA short wrong answers, sentence answers and answers against other knowledge."
    )
    dev_fraction: float = Field(0.05, ge=0.0, lt=1.0)
    synthetic: bool = Field(True, description="Generate the synthetic sources above.")
    synthetic_from: Path | None = Field(
        None, description="Read the synthetic part from an earlier build's train/dev.jsonl instead of generating it."
    )
    synthetic_rows: int | None = Field(None, ge=0, description="Keep at most this many synthetic train pairs.")
    grounding: dict[str, float] = Field(
        default_factory=dict, description="Human-labelled sources and weights: 1 each train row, 0.5 half, 2 twice."
    )
    grounding_from: Path | None = Field(None, description="An earlier build with these `grounding` weights: read.")
    reader_form: dict[str, int] = Field(
        default_factory=dict,
        description="Span-labelled reader sources (ragtruth, ragbench, xsumfaith) and how many training answers of "
        "each give unit-versus-evidence-window pairs (veracity.training.nli_reader_form).",
    )
    reader_form_supported: float = Field(
        1.0, gt=0.0, le=1.0, description="Share of the reader-form entailment pairs kept (86% of v3's: too lenient)."
    )
    edit_answers: int = Field(
        0, ge=0, description="Faithful RAGTruth train answers to make in-context edits of (with their twins)."
    )
    edit_forms: list[Literal["window", "sentence"]] = Field(
        ["window"],
        description="How each edit and its twin are read: against the window that holds the distracting sentence "
        "('window'), and/or against the one source sentence the edited sentence aligns with ('sentence').",
    )
    reader_dev_fraction: float = Field(
        0.03, ge=0.0, lt=1.0, description="Share of the reader-form and edit answers (by group) held out for dev."
    )
    grounding_dev_fraction: float = Field(
        0.04, ge=0.0, lt=1.0, description="Share of each source's train rows held out (by row id) for selection."
    )
    grounding_dev_per_source: int = Field(150, ge=0, description="At most this many held-out dev pairs per source.")
    english_only: bool = Field(True, description="Drop rows whose `lang` is not English (the body is English-only).")
    max_length: int = Field(256, ge=16, description="Model tokens per pair: longer premises are shortened.")
    tokenizer_model: str = Field("veracity-nli-small", description="Whose tokens max_length counts.")
    decontaminate: bool = Field(True, description="Refuse pairs that equal an evaluation text.")
    own_split_rule: Literal["claim", "premise_or_claim"] = Field(
        "claim",
        description="How a grounding source's train rows are checked against its own dev rows: by the claim "
        "(hypothesis) alone, as those datasets split, or also by the premise (v2's rule, which dropped most of "
        "HealthVer and RTE because their splits share evidence passages). Every other evaluation set is always "
        "checked on premise and hypothesis.",
    )
    exclude_from: Path | None = Field(
        None,
        description="An earlier build: pairs in its train.jsonl or dev.jsonl are left out, so this build is a "
        "supplement holding only what that one lacks.",
    )


def perturbation_examples(
    doc_id: str,
    sentences: list[str],
    source: str,
    rng: random.Random,
    max_premise_tokens: int = 300,
    key_indices: Iterable[int] | None = None,
    atomic_claims: bool = False,
) -> Iterator[NLIExample]:
    """Entailment, contradiction and neutral edits of a document's sentences (see :mod:`perturb`).

    With ``atomic_claims``, also the claim-level examples described in the module docstring.
    """
    nlp = load_spacy()
    extractor = RulesClaimExtractor() if atomic_claims else None
    tokenizer = RegexTokenizer()
    lengths = [len(tokenizer.token_spans(s)) for s in sentences]
    indices = list(key_indices) if key_indices is not None else list(range(len(sentences)))
    # Parsing is the cost: parse the key sentences, plus a sample of the rest for the entity pool.
    others = [i for i in range(len(sentences)) if i not in set(indices)]
    parsed = sorted(set(indices) | set(rng.sample(others, min(len(others), 40))))
    docs = dict(zip(parsed, nlp.pipe(sentences[i] for i in parsed), strict=True))
    pool = perturb.entity_pool(list(docs.values()))
    for k in indices:
        sentence, doc = sentences[k], docs[k]
        if lengths[k] < 5 or lengths[k] > max_premise_tokens // 2:
            continue
        start, end = _window(k, lengths, max_premise_tokens, rng)
        premise = " ".join(sentences[start:end])

        def emit(
            hypothesis: str | None, label: NLILabel, kind: str, premise: str = premise, sentence: str = sentence
        ) -> Iterator[NLIExample]:
            # An edit that changed nothing is no example (the unedited sentence is the "copy" kind).
            if hypothesis and hypothesis.strip() and hypothesis.strip() != sentence.strip():
                yield NLIExample(premise, hypothesis.strip(), label, source, kind, doc_id)

        yield NLIExample(premise, sentence.strip(), "entailment", source, "copy", doc_id)
        yield from emit(perturb.drop_clause(sentence, doc), "entailment", "drop_clause")
        yield from emit(perturb.reformat_number(sentence), "entailment", "reformat_number")
        if end - start >= 2:
            other = rng.choice([i for i in range(start, end) if i != k])
            first, second = sorted((k, other))
            yield from emit(perturb.conjoin(sentences[first], sentences[second]), "entailment", "conjoin")
        yield from emit(perturb.swap_entity(sentence, doc, pool, rng), "contradiction", "swap_entity")
        yield from emit(perturb.change_number(sentence, rng), "contradiction", "change_number")
        yield from emit(perturb.flip_negation(sentence, doc), "contradiction", "flip_negation")
        yield from emit(perturb.swap_subject_object(sentence, doc), "contradiction", "swap_subject_object")
        yield from emit(perturb.replace_relation(sentence, rng), "contradiction", "replace_relation")
        yield from emit(perturb.add_detail(sentence, pool, premise, rng), "neutral", "add_detail")
        outside = [i for i in range(len(sentences)) if not start <= i < end and lengths[i] >= 5]
        candidate = sentences[rng.choice(outside)] if outside else None
        if candidate and find_unsupported(GroundingChecker().checkables(candidate), EvidenceFacts.of(premise)):
            yield from emit(candidate, "neutral", "elsewhere")
        if extractor is not None:
            yield from (
                NLIExample(premise, hypothesis, label, source, kind, doc_id)
                for hypothesis, label, kind in _claim_examples(extractor, sentence, candidate, premise, pool, rng)
            )


def _well_formed(claim: str) -> bool:
    """Reject the rule extractor's fragments: too short, unbalanced brackets, or "X is <date>" leftovers."""
    if len(claim.split()) < 4 or claim.count("(") != claim.count(")") or re.search(r"\(\s|\s\)", claim):
        return False
    return not re.search(r"\bis (\d|(January|February|March|April|May|June|July|August|September|October|"
                         r"November|December)\b)", claim)  # fmt: skip


def _claim_examples(
    extractor: RulesClaimExtractor,
    sentence: str,
    outside_sentence: str | None,
    premise: str,
    pool: dict[str, list[str]],
    rng: random.Random,
) -> Iterator[tuple[str, NLILabel, str]]:
    """(hypothesis, label, kind) triples at the level of atomic claims (see the module docstring)."""
    nlp = load_spacy()
    same = normalize_words(sentence)
    try:
        extracted = extractor.extract(sentence).claims
        outside = extractor.extract(outside_sentence).claims if outside_sentence else []
    except Exception as error:  # a parse the rules do not expect must not end a build of tens of thousands
        logger.warning("no claim examples for %r: %s: %s", sentence[:80], type(error).__name__, error)
        return
    claims = [c.text for c in extracted if normalize_words(c.text) != same and _well_formed(c.text)]
    if claims:
        claim = rng.choice(claims)
        yield claim, "entailment", "atomic_claim"
        doc = nlp(claim)
        edits: list[tuple[str, Callable[[], str | None]]] = [
            ("swap_entity", lambda: perturb.swap_entity(claim, doc, pool, rng)),
            ("change_number", lambda: perturb.change_number(claim, rng)),
            ("flip_negation", lambda: perturb.flip_negation(claim, doc)),
            ("replace_relation", lambda: perturb.replace_relation(claim, rng)),
        ]
        rng.shuffle(edits)
        for name, edit in edits:
            edited = edit()
            if edited and normalize_words(edited) != normalize_words(claim):
                yield edited.strip(), "contradiction", f"claim_{name}"
                break
    if outside_sentence:
        facts = EvidenceFacts.of(premise)
        checker = GroundingChecker()
        unsupported = [
            c.text for c in outside if _well_formed(c.text) and find_unsupported(checker.checkables(c.text), facts)
        ]
        if unsupported:
            yield rng.choice(unsupported), "neutral", "elsewhere_claim"


def _window(k: int, lengths: list[int], budget: int, rng: random.Random) -> tuple[int, int]:
    """A window of 1–12 sentences holding sentence k at a random position, within ``budget`` tokens."""
    size = rng.randint(1, 12)
    start = max(0, k - rng.randint(0, size - 1))
    end = start
    total = 0
    while end < len(lengths) and end - start < size and total + lengths[end] <= budget:
        total += lengths[end]
        end += 1
    if end <= k:  # the budget ran out before the key sentence: start at it instead
        start, end = k, k + 1
    return start, end


def _halueval_rows(data_dir: Path, task: str, limit: int) -> Iterator[tuple[int, dict[str, Any]]]:
    path = data_dir / "halueval" / f"{task}_data.json"
    if not path.exists():
        raise InputError(f"HaluEval {task} data not found at {path}; set VERACITY_DATA or pass --data-dir")
    with path.open(encoding="utf-8") as handle:
        for index, line in enumerate(handle):
            if index >= min(limit, 8000):  # SPLITS.md: records 0–7999 are the train split
                return
            yield index, json.loads(line)


def _qa_examples(data_dir: Path, config: NLIBuildConfig) -> Iterator[NLIExample]:
    rows = list(_halueval_rows(data_dir, "qa", config.halueval_records))
    rng = random.Random(config.seed + 1)  # its own stream: the other sources draw the same numbers as before
    parsed = load_spacy().pipe(row["knowledge"] for _, row in rows) if config.qa_counterexamples else None
    previous: str | None = None
    for index, row in rows:
        question = row["question"].strip()
        for answer, label in ((row["right_answer"], "entailment"), (row["hallucinated_answer"], "contradiction")):
            hypothesis = f'The answer to "{question}" is: {answer.strip()}'
            yield NLIExample(row["knowledge"], hypothesis, label, "halueval-qa", label, f"qa-{index}")  # type: ignore[arg-type]
        if parsed is None:
            continue
        knowledge, right, doc = row["knowledge"], row["right_answer"].strip(), next(parsed)
        for hypothesis, label, kind in _qa_counterexamples(question, right, knowledge, doc, previous, rng):
            yield NLIExample(knowledge if kind != "other_knowledge" else previous or "", hypothesis, label,
                             "halueval-qa", kind, f"qa-{index}")  # fmt: skip
        previous = knowledge


def _qa_counterexamples(
    question: str, right: str, knowledge: str, doc: Any, other_knowledge: str | None, rng: random.Random
) -> Iterator[tuple[str, NLILabel, str]]:
    """Counter-examples to the cues of HaluEval-QA's answers (right answers short, hallucinated ones long sentences).

    * ``short_wrong`` (contradiction): another name, number or date of the right answer's type from the same
      knowledge — present in the premise but not the answer (the wrong-role error of multi-hop questions); "yes" ↔
      "no" for yes/no questions;
    * ``sentence_answer`` (entailment): the knowledge sentence that states the right answer, given as the answer;
    * ``other_knowledge`` (neutral): the right answer against another record's knowledge, which says nothing of it.
    """

    def stated(answer: str) -> str:
        return f'The answer to "{question}" is: {answer}'

    own = set(normalize_words(right))
    if not own:
        return
    if right.lower().rstrip(".") in ("yes", "no"):
        yield stated("no" if right.lower().startswith("y") else "yes"), "contradiction", "short_wrong"
    else:
        match = next((e for e in doc.ents if set(normalize_words(e.text)) & own), None)
        labels = {match.label_} if match is not None else {e.label_ for e in load_spacy()(right).ents}
        options = sorted({
            e.text.strip() for e in doc.ents
            if (e.label_ in labels or not labels) and not set(normalize_words(e.text)) & own
            and len(e.text.strip()) > 1
        })  # fmt: skip
        if options:
            yield stated(rng.choice(options)), "contradiction", "short_wrong"
        for sentence in doc.sents:
            if own <= set(normalize_words(sentence.text)) and 5 <= len(sentence) <= 60:
                yield stated(sentence.text.strip()), "entailment", "sentence_answer"
                break
    if other_knowledge and not own & set(normalize_words(other_knowledge)):
        yield stated(right), "neutral", "other_knowledge"


def _conflict_label(hypothesis: str, premise: str, checker: GroundingChecker) -> NLILabel:
    items = checker.checkables(hypothesis)
    facts = EvidenceFacts.of(premise)
    missing = find_unsupported(items, facts)
    numeric = (CheckableKind.NUMBER, CheckableKind.DATE)
    for item in missing:
        if item.kind in numeric and (facts.numbers or facts.dates):
            return "contradiction"
        if item.kind in (CheckableKind.ENTITY, CheckableKind.PROPER_NOUN):
            return "contradiction"
    return "neutral"


def _summary_examples(
    data_dir: Path, config: NLIBuildConfig, embed: Callable[[list[str]], Any]
) -> Iterator[NLIExample]:
    splitter = SentenceSplitter("rules")
    checker = GroundingChecker()
    tokenizer = RegexTokenizer()
    limit = config.halueval_records if config.summarization_records is None else config.summarization_records
    for index, row in _halueval_rows(data_dir, "summarization", limit):
        doc_sentences = [s.text for s in splitter.split(row["document"])]
        right = [s.text for s in splitter.split(row["right_summary"])]
        wrong = [s.text for s in splitter.split(row["hallucinated_summary"]) if s.text not in right]
        if not doc_sentences:
            continue
        hypotheses = right + wrong
        vectors = embed(doc_sentences + hypotheses)
        doc_vectors, hyp_vectors = vectors[: len(doc_sentences)], vectors[len(doc_sentences) :]
        for h, hypothesis in enumerate(hypotheses):
            order = (doc_vectors @ hyp_vectors[h]).argsort()[::-1]
            chosen, total = [], 0
            for i in order:
                n = len(tokenizer.token_spans(doc_sentences[i]))
                if total + n > config.max_premise_tokens:
                    break
                chosen.append(int(i))
                total += n
            premise = " ".join(doc_sentences[i] for i in sorted(chosen))
            label: NLILabel = "entailment" if h < len(right) else _conflict_label(hypothesis, premise, checker)
            yield NLIExample(premise, hypothesis, label, "halueval-summarization", label, f"sum-{index}")


def _dialogue_examples(data_dir: Path, config: NLIBuildConfig) -> Iterator[NLIExample]:
    checker = GroundingChecker()
    for index, row in _halueval_rows(data_dir, "dialogue", config.halueval_records):
        premise = row["knowledge"]
        right = row["right_response"]
        if not find_unsupported(checker.checkables(right), EvidenceFacts.of(premise)):
            yield NLIExample(premise, right, "entailment", "halueval-dialogue", "entailment", f"dia-{index}")
        wrong = row["hallucinated_response"]
        label = _conflict_label(wrong, premise, checker)
        yield NLIExample(premise, wrong, label, "halueval-dialogue", label, f"dia-{index}")


def _perturbed_sources(data_dir: Path, config: NLIBuildConfig, rng: random.Random) -> Iterator[NLIExample]:
    splitter = SentenceSplitter("spacy")
    for index, row in _halueval_rows(data_dir, "qa", config.knowledge_paragraphs):
        sentences = [s.text for s in splitter.split(row["knowledge"])]
        yield from perturbation_examples(
            f"kn-{index}",
            sentences,
            "perturb:halueval-knowledge",
            rng,
            config.max_premise_tokens,
            atomic_claims=config.atomic_claims,
        )
    covid = data_dir / "covid_qa" / "200423_covidQA.json"
    if not covid.exists():
        raise InputError(f"COVID-QA not found at {covid}; set VERACITY_DATA or pass --data-dir")
    articles = json.loads(covid.read_text(encoding="utf-8"))["data"]
    for article in articles[: config.covid_articles]:
        for paragraph in article["paragraphs"]:
            sentences = [s.text for s in splitter.split(paragraph["context"]) if 5 <= len(s.text.split()) <= 60]
            keys = rng.sample(range(len(sentences)), min(len(sentences), config.covid_sentences_per_article))
            yield from perturbation_examples(
                f"covid-{paragraph['document_id']}",
                sentences,
                "perturb:covid-qa",
                rng,
                config.max_premise_tokens,
                key_indices=sorted(keys),
                atomic_claims=config.atomic_claims,
            )


def _synthetic_examples(
    data_dir: Path,
    config: NLIBuildConfig,
    rng: random.Random,
    embed: Callable[[list[str]], Any],
    progress: Callable[[Iterable[NLIExample]], Iterable[NLIExample]] | None,
) -> tuple[dict[str, list[NLIExample]], int]:
    """The synthetic sources, deduplicated, capped per kind, label-balanced and split by document."""
    streams: list[Iterable[NLIExample]] = [
        _qa_examples(data_dir, config),
        _dialogue_examples(data_dir, config),
        _summary_examples(data_dir, config, embed),
        _perturbed_sources(data_dir, config, rng),
    ]
    seen: set[tuple[str, str]] = set()
    by_group: dict[tuple[str, str], list[NLIExample]] = {}
    for stream in streams:
        for example in progress(stream) if progress else stream:
            key = (example.premise, example.hypothesis)
            if key in seen:
                continue
            seen.add(key)
            by_group.setdefault((example.source, example.kind), []).append(example)
    capped: list[NLIExample] = []
    for group in sorted(by_group):
        items = by_group[group]
        rng.shuffle(items)
        capped += items[: min(config.max_per_kind, config.kind_caps.get(group[1], config.max_per_kind))]
    by_label: dict[str, list[NLIExample]] = {}
    for example in capped:
        by_label.setdefault(example.label, []).append(example)
    smallest = min(len(v) for v in by_label.values())
    balanced = [e for label in sorted(by_label) for e in rng.sample(by_label[label], smallest)]
    rng.shuffle(balanced)
    splits: dict[str, list[NLIExample]] = {"train": [], "dev": []}
    for example in balanced:
        splits["dev" if held_out(example.doc_id, config.dev_fraction) else "train"].append(example)
    return splits, len(capped)


def held_out(key: str, fraction: float) -> bool:
    """A deterministic split by key: the same document (or row id) always lands on the same side."""
    return int(hashlib.sha1(key.encode()).hexdigest(), 16) % 10_000 < fraction * 10_000


def _read_examples(path: Path) -> list[NLIExample]:
    if not path.exists():
        raise InputError(f"earlier build {path} not found; build it first with `veracity data build-nli`")
    rows = []
    with path.open(encoding="utf-8") as handle:
        for line_number, line in enumerate(handle, start=1):
            try:
                row = json.loads(line)
                rows.append(
                    NLIExample(**{k: row[k] for k in ("premise", "hypothesis", "label", "source", "kind", "doc_id")})
                )
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                raise InputError(f"{path}:{line_number}: not an NLI example ({exc})") from exc
    return rows


def _earlier_keys(build: Path) -> set[tuple[str, str]]:
    """The (premise, hypothesis) pairs of an earlier build's train and dev files."""
    keys = set()
    for split in ("train", "dev"):
        keys |= {(e.premise, e.hypothesis) for e in _read_examples(build / f"{split}.jsonl")}
    return keys


def build_nli_dataset(
    data_dir: Path,
    out_dir: Path,
    config: NLIBuildConfig | None = None,
    embed: Callable[[list[str]], Any] | None = None,
    progress: Callable[[Iterable[NLIExample]], Iterable[NLIExample]] | None = None,
) -> dict[str, Any]:
    """Build, mix, decontaminate and write ``train.jsonl``, ``dev.jsonl`` and ``stats.json`` under ``out_dir``.

    The synthetic part is generated (or, with ``synthetic_from``, read from an earlier build), the human-labelled
    sources of ``grounding`` are added with their weights, exact duplicates are dropped, and every pair whose
    premise or hypothesis equals an evaluation text is refused and counted (:class:`Decontaminator`).

    Returns:
        The statistics (also in ``stats.json``): counts per split, label, source and kind, refusals, the mixture.
    """
    config = config or NLIBuildConfig()
    rng = random.Random(config.seed)
    if embed is None:
        from veracity.models.embedder import SentenceTransformerEmbedder

        embed = SentenceTransformerEmbedder().embed
    stats: dict[str, Any] = {"config": json.loads(config.model_dump_json())}
    if config.synthetic_from is not None:
        synthetic = {s: _read_examples(config.synthetic_from / f"{s}.jsonl") for s in ("train", "dev")}
        stats["synthetic_from"] = str(config.synthetic_from)
    elif config.synthetic:
        synthetic, stats["before_balancing"] = _synthetic_examples(data_dir, config, rng, embed, progress)
    else:
        synthetic = {"train": [], "dev": []}
    if config.synthetic_rows is not None:
        synthetic["train"] = rng.sample(synthetic["train"], min(config.synthetic_rows, len(synthetic["train"])))
    splits = {s: list(rows) for s, rows in synthetic.items()}
    if config.grounding and config.grounding_from is not None:
        stats["grounding_from"] = str(config.grounding_from)  # forming long premises is most of a build's time
        for name, rows in splits.items():
            rows += [e for e in _read_examples(config.grounding_from / f"{name}.jsonl") if e.source in config.grounding]
    elif config.grounding:
        from veracity.training.nli_grounding import PremiseFormer, grounding_examples, support_check

        former = PremiseFormer(embed, config.tokenizer_model, config.max_length)
        synthetic_keys = {(e.premise, e.hypothesis) for rows in splits.values() for e in rows}
        grounding, stats["grounding"] = grounding_examples(data_dir, config, former, rng, synthetic_keys)
        for split, rows in grounding.items():
            splits[split] += rows
        stats["long_premise_support_check"] = support_check(data_dir, former)
    if config.reader_form or config.edit_answers:
        from veracity.training.nli_reader_form import reader_form_examples

        stats["reader_form"] = reader_form_examples(data_dir, config, splits)
    decontaminator = None
    if config.decontaminate:
        by_claim = config.own_split_rule == "claim"
        decontaminator = Decontaminator(
            evaluation_texts(data_dir, own_split_claims_only=by_claim), evaluation_claims(data_dir) if by_claim else ()
        )
    stats["evaluation_texts"] = len(decontaminator) if decontaminator is not None else 0
    dev_keys = {(e.premise, e.hypothesis) for e in splits["dev"]}
    earlier = _earlier_keys(config.exclude_from) if config.exclude_from is not None else set()
    refused: Counter[str] = Counter()
    in_earlier: Counter[str] = Counter()
    for split in ("dev", "train"):
        seen: set[tuple[str, str]] = set()
        kept = []
        for example in splits[split]:
            key = (example.premise, example.hypothesis)
            if decontaminator is not None and decontaminator.contaminated(*key):
                refused[example.source] += 1
                continue
            if key in earlier:
                in_earlier[example.source] += 1
                continue
            # Dev pairs never appear in train (a weight's copies of one train row stay).
            if (split == "train" and key in dev_keys) or (split == "dev" and key in seen):
                continue
            seen.add(key)
            kept.append(example)
        if config.grounding:  # a synthetic-only build keeps the order of the builds before v2 (reproducible)
            rng.shuffle(kept)
        splits[split] = kept
    stats["refused_evaluation_overlap"] = dict(refused)
    if config.exclude_from is not None:
        stats["left_out_in_earlier_build"] = dict(in_earlier)
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, examples in splits.items():
        with (out_dir / f"{name}.jsonl").open("w", encoding="utf-8") as handle:
            for example in examples:
                handle.write(json.dumps(asdict(example), ensure_ascii=False) + "\n")
        stats[name] = {
            "n": len(examples),
            "label": dict(Counter(e.label for e in examples)),
            "source": dict(Counter(e.source for e in examples)),
            "kind": dict(Counter(f"{e.source}/{e.kind}" for e in examples)),
        }
    (out_dir / "stats.json").write_text(json.dumps(stats, indent=2) + "\n", encoding="utf-8")
    return stats

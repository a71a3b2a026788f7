"""LLM-OASIS data from any corpus, by rules: passages, claims, one falsified claim, factual and unfactual texts.

``../shared/papers/llm-oasis.txt`` §3 (Table 1) generates, for a passage t of a document: its claims C (§3.1), one
claim c_i falsified into c̄_i (§3.2, "a critical yet subtle error", no trivial negation), a factual paraphrase F of C
(§3.3) and an unfactual text U, identical to F except around the falsified fact (§3.4). This module is the generator
that needs no LLM, with the same record shape:

* t: a window of K = 5 consecutive sentences (stride s = 1), one window per document, drawn with a generator seeded by
  the seed and the document id (so a resumed or reordered run draws the same one);
* C: the ``rules`` claim extractor's claims of t (the one ``litehall`` uses), each with its span in t;
* c̄_i: one claim, edited by an entity swap (another entity of the same type from the same document) or a number or
  date change (``veracity.data.perturb``); never a negation;
* F = t: **there is no paraphrase** without an LLM; the datasheet says so;
* U: t with the same edit made at the claim's place in t, so U and t differ in one region, inside the claim's span.

Every record is validated (claims non-empty and at most ``max_claim_words`` words; c̄_i differs from c_i; the edit is
one region, inside c_i's span, and adds no negation word). A document that yields no record is counted with its reason
in ``stats.json``. ``records.jsonl`` is appended to and a rerun skips the documents already in it.

Derived sets (§5.3), written by :func:`write_derived_sets`:

* ``e2e.jsonl``: end-to-end examples in the harness's generic form, F → 0 and U → 1, with no context (open domain: the
  text is checked against a knowledge index);
* ``claims.jsonl``: claim verification pairs, (F, c_j) → entailment and (F, c̄_i) → contradiction;
* ``claim-checks.jsonl``: the same pairs as harness examples (answer = the claim, context = [F]; label 0 for c_j, 1
  for c̄_i), so that every detector can be measured on them;
* ``nli.jsonl``: the NLI triplets of §5.3 with the claim as hypothesis: ⟨c_j, t, ENT⟩ and ⟨c_j, F, ENT⟩ for every
  c_j (one pair here, as F = t), ⟨c̄_i, t, CONTR⟩ (= ⟨c̄_i, F, CONTR⟩), ⟨c̄_i, U, ENT⟩ and ⟨c_i, U, CONTR⟩.
  NEUT triplets need an NLI model to pick p* = argmax P(NEUT | p, c_j) over the document's passages; they are added
  by :func:`neutral_triplets` when a scorer is given.

Each set is written whole and per split: ``train/`` and ``test/`` hold the records of 80% and 20% of the source
documents (:func:`document_split`, by a hash of the document id), for training on one and measuring on the other.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from veracity._jsonl import ResumableJsonl, read_rows
from veracity.errors import ConfigError, InputError
from veracity.schema import Document
from veracity.text.lexicon import NEGATION_WORDS, NEGATIVE_PRONOUNS
from veracity.text.normalize import normalize_words

__all__ = [
    "SynthConfig",
    "document_split",
    "edit_region",
    "falsify",
    "neutral_triplets",
    "sample_window",
    "synthesize",
    "synthesize_corpus",
    "write_derived_sets",
]

RECORDS, STATS = "records.jsonl", "stats.json"
DERIVED = ("e2e.jsonl", "claims.jsonl", "claim-checks.jsonl", "nli.jsonl")
TEST_FRACTION = 0.2
NEGATIONS = NEGATION_WORDS | NEGATIVE_PRONOUNS


class SynthConfig(BaseModel):
    """Settings of the rules generator (the paper's K and s, and our validation limits)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    sentences: int = Field(5, ge=1, description="K: sentences per passage.")
    stride: int = Field(1, ge=1, description="s: the sliding window's stride.")
    passages_per_document: int = Field(1, ge=1, description="Windows drawn per document (distinct).")
    seed: int = 13
    max_claim_words: int = Field(40, ge=3, description="A longer claim is not atomic: the record is rejected.")
    max_document_chars: int = Field(200_000, ge=100, description="Longer documents are cut (spaCy's cost).")
    generator: Literal["rules", "llm"] = Field("rules", description="Rules, or an LLM with Table 1's prompt.")
    max_edit_share: float = Field(
        0.4,
        gt=0,
        le=1,
        description="LLM generator: U may differ from F in one region of at most this share of F's characters.",
    )
    llm_max_tokens: int = Field(768, ge=64, description="LLM generator: the reply's token budget.")


def sample_window(n_sentences: int, k: int, stride: int, rng: random.Random, count: int = 1) -> list[tuple[int, int]]:
    """``count`` distinct windows ``[start, end)`` of ``k`` sentences among the sliding windows of stride ``stride``.

    A text shorter than ``k`` sentences is one window of all of them; no sentences, no window.
    """
    if n_sentences == 0:
        return []
    starts = list(range(0, max(1, n_sentences - k + 1), stride))
    chosen = sorted(rng.sample(starts, min(count, len(starts))))
    return [(start, min(start + k, n_sentences)) for start in chosen]


def edit_region(before: str, after: str) -> tuple[int, int, str] | None:
    """The one region where ``after`` differs from ``before``: ``(start, end, replacement)`` in ``before``'s offsets.

    None when the texts are equal.
    """
    if before == after:
        return None
    prefix = 0
    limit = min(len(before), len(after))
    while prefix < limit and before[prefix] == after[prefix]:
        prefix += 1
    suffix = 0
    while suffix < limit - prefix and before[len(before) - 1 - suffix] == after[len(after) - 1 - suffix]:
        suffix += 1
    return prefix, len(before) - suffix, after[prefix : len(after) - suffix]


def whole_words(before: str, after: str, region: tuple[int, int, str]) -> tuple[int, int, str]:
    """``region`` of :func:`edit_region` widened to whole words of ``before`` (1867 → 1869, not 7 → 9)."""
    start, end, _ = region
    while start > 0 and before[start - 1].isalnum():
        start -= 1
    while end < len(before) and before[end].isalnum():
        end += 1
    return start, end, after[start : end + len(after) - len(before)]


def adds_negation(original: str, edited: str) -> bool:
    return bool((set(normalize_words(edited)) - set(normalize_words(original))) & NEGATIONS) or bool(
        re.search(r"n't\b", edited) and not re.search(r"n't\b", original)
    )


def falsify(
    text: str,
    doc: Any,
    pool: dict[str, list[str]],
    rng: random.Random,
    claim: str | None = None,
    coordinated: dict[str, set[str]] | None = None,
    refusals: Counter[str] | None = None,
) -> tuple[str, str] | None:
    """One subtle factual edit of ``text`` (its spaCy parse ``doc``): ``(kind, edited)``, or None.

    Tries an entity swap and a number/date change in random order; never a negation (Table 1's Step 2). A swap
    never brings in a name already in ``text`` or ``claim``, one coordinated with the replaced name in the passage
    (``coordinated``), or one that contains or is contained in it: such edits often leave the claim true
    (:func:`~veracity.data.perturb.swap_refusal`; ``refusals`` counts them by reason).
    """
    from veracity.data.perturb import change_number, swap_entity

    kinds: list[tuple[str, Callable[[], str | None]]] = [
        ("entity", lambda: swap_entity(text, doc, pool, rng, claim, coordinated, refusals)),
        ("number", lambda: change_number(text, rng)),
    ]
    rng.shuffle(kinds)
    for kind, edit in kinds:
        edited = edit()
        if edited and edited != text and not adds_negation(text, edited):
            return kind, edited
    return None


@dataclass
class DrawOutcome:
    record: dict[str, Any] | None
    reason: str | None = None


def _document_seed(seed: int, doc_id: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}\0{doc_id}".encode()).digest()[:8], "big")


def drawn_windows(
    document: Document, config: SynthConfig
) -> tuple[str, random.Random, list[Any], list[tuple[int, int]]]:
    """The document's text (cut), its generator (seeded by the seed and the id), its sentences and drawn windows."""
    from veracity.text.split import SentenceSplitter

    text = document.text[: config.max_document_chars]
    rng = random.Random(_document_seed(config.seed, document.id))
    sentences = SentenceSplitter("rules").split(text)
    windows = sample_window(len(sentences), config.sentences, config.stride, rng, config.passages_per_document)
    return text, rng, sentences, windows


def _records_of(
    document: Document, config: SynthConfig, extractor: Any, nlp: Any, refusals: Counter[str] | None = None
) -> Iterator[DrawOutcome]:
    """The records of one document (one per drawn window), or the reasons none could be made."""
    from veracity.data.perturb import coordination_groups, entity_pool

    text, rng, sentences, windows = drawn_windows(document, config)
    if not windows:
        yield DrawOutcome(None, "no sentences")
        return
    pool = entity_pool([nlp(text)])
    for start, end in windows:
        first, last = sentences[start], sentences[end - 1]
        passage = text[first.span.start : last.span.end]
        claims = extractor.extract(passage).claims
        claims = [c for c in claims if c.text.strip()]
        if not claims:
            yield DrawOutcome(None, "no claims")
            continue
        if any(len(c.text.split()) > config.max_claim_words for c in claims):
            yield DrawOutcome(None, "a claim is too long to be atomic")
            continue
        order = list(range(len(claims)))
        rng.shuffle(order)
        coordinated = coordination_groups(nlp(passage))
        outcome = DrawOutcome(None, "no claim could be falsified")
        for index in order:
            claim = claims[index]
            span_text = passage[claim.span.start : claim.span.end]
            edit = falsify(span_text, nlp(span_text), pool, rng, claim.text, coordinated, refusals)
            if edit is None:
                continue
            kind, edited_span = edit
            region = edit_region(span_text, edited_span)
            assert region is not None  # falsify never returns the text unchanged
            start_w, end_w, new = whole_words(span_text, edited_span, region)
            old = span_text[start_w:end_w]
            falsified = edited_span if claim.text == span_text else _replace_once(claim.text, old, new)
            if falsified is None or falsified == claim.text:
                outcome = DrawOutcome(None, "the edit is outside the claim's wording")
                continue
            unfactual = passage[: claim.span.start] + edited_span + passage[claim.span.end :]
            changed = edit_region(passage, unfactual)
            where = whole_words(passage, unfactual, changed) if changed else None
            if where is None or not (claim.span.start <= where[0] and where[1] <= claim.span.end):
                outcome = DrawOutcome(None, "the edit leaves the claim's span")
                continue
            record = {
                "id": f"{document.id}#{first.index}",
                "doc_id": document.id,
                "generator": "rules",
                "seed": config.seed,
                "passage": {"start": first.span.start, "end": last.span.end, "sentences": [start, end]},
                "text": passage,
                "claims": [c.text for c in claims],
                "falsified": {"index": index, "claim": falsified, "kind": kind},
                "factual": passage,
                "unfactual": unfactual,
                "edit": {
                    "start": where[0],
                    "end": where[1],
                    "original": passage[where[0] : where[1]],
                    "replacement": where[2],
                },
            }
            outcome = DrawOutcome(record)
            break
        yield outcome


def _replace_once(text: str, old: str, new: str) -> str | None:
    if not old or old not in text:
        return None
    return text.replace(old, new, 1)


def synthesize(
    documents: Iterable[Document],
    out_dir: Path,
    config: SynthConfig | None = None,
    progress: Callable[[int], None] | None = None,
    llm: Any = None,
) -> dict[str, Any]:
    """Generate records for ``documents`` into ``out_dir/records.jsonl`` (resumable); return and write the stats.

    With ``generator="llm"`` in ``config``, ``llm`` (an :class:`~veracity.models.llm.LLM`) answers Table 1's prompt
    for each passage; a reply outside the schema or failing :func:`check_generation` is counted by reason.

    Raises:
        ConfigError: ``out_dir`` holds records made with other settings, or the LLM generator has no ``llm``.
        BackendError: the LLM backend failed (the run stops; run it again to resume).
    """
    from veracity.data.oasis_llm import llm_records_of
    from veracity.stages.claims import RulesClaimExtractor
    from veracity.text.parsing import load_spacy

    config = config or SynthConfig()
    if config.generator == "llm" and llm is None:
        raise ConfigError("the llm generator needs an LLM (veracity data synth --llm NAME)")
    out_dir.mkdir(parents=True, exist_ok=True)
    stats_path = out_dir / STATS
    earlier = json.loads(stats_path.read_text(encoding="utf-8")) if stats_path.exists() else None
    if earlier and SynthConfig.model_validate(earlier.get("config") or {}) != config:  # new fields take defaults
        raise ConfigError(f"{out_dir} holds records made with other settings: {earlier.get('config')}")
    output = ResumableJsonl(out_dir / RECORDS)
    done = {row["doc_id"] for row in output.rows()}
    rejected: Counter[str] = Counter(earlier.get("rejected", {}) if earlier else {})
    kinds: Counter[str] = Counter(earlier.get("kinds", {}) if earlier else {})
    refusals: Counter[str] = Counter(earlier.get("swap_refusals", {}) if earlier else {})
    seen_rejected = set(earlier.get("rejected_documents", [])) if earlier else set()
    if config.generator == "llm":
        extractor = nlp = None
    else:
        extractor, nlp = RulesClaimExtractor(splitter="rules"), load_spacy()
    written, records = 0, len(done)
    seconds = float(earlier.get("seconds", 0.0)) if earlier else 0.0
    started = time.perf_counter()

    def current_stats() -> dict[str, Any]:
        return {
            "config": config.model_dump(),
            "records": records,
            "written_this_run": written,
            "kinds": dict(kinds),
            "rejected": dict(rejected),
            "swap_refusals": dict(refusals),
            "rejected_documents": sorted(seen_rejected),
            "paraphrase": "none: the rules generator sets F = t (no LLM)"
            if config.generator == "rules"
            else f"by the LLM ({getattr(llm, 'model_id', llm)})",
            "seconds": round(seconds + time.perf_counter() - started, 1),
        }

    with output:
        for document in documents:
            if document.id in done or document.id in seen_rejected:
                continue
            any_record = False
            outcomes = (
                llm_records_of(document, config, llm)
                if config.generator == "llm"
                else _records_of(document, config, extractor, nlp, refusals)
            )
            for outcome in outcomes:
                if outcome.record is None:
                    rejected[outcome.reason or "unknown"] += 1
                    continue
                output.write(outcome.record)
                kinds[outcome.record["falsified"]["kind"]] += 1
                written += 1
                records += 1
                any_record = True
            if not any_record:
                seen_rejected.add(document.id)
            if config.generator == "llm":  # slow per document: keep the counts current for an interrupted run
                _write_json(stats_path, current_stats())
            if progress is not None:
                progress(1)
    stats = current_stats()
    stats["records"] = len(output.rows())
    _write_json(stats_path, stats)
    return stats


def _write_json(path: Path, value: Any) -> None:
    """Replace ``path`` atomically (an interrupted write leaves the previous file)."""
    partial = path.with_suffix(".partial")
    partial.write_text(json.dumps(value, indent=2) + "\n", encoding="utf-8")
    os.replace(partial, path)


def document_split(doc_id: str, test_fraction: float = TEST_FRACTION) -> str:
    """``"test"`` or ``"train"`` for a source document, by a hash of its id.

    §6.1 splits 80/20 by passage, keeping a passage's claims and texts together; splitting by document also keeps a
    document's passages together.
    """
    bucket = int.from_bytes(hashlib.sha256(f"oasis-split\0{doc_id}".encode()).digest()[:8], "big") / 2**64
    return "test" if bucket < test_fraction else "train"


def write_derived_sets(out_dir: Path, neutral: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """Write the derived sets of ``records.jsonl`` (see the module docstring), whole and per split.

    ``out_dir`` gets ``e2e.jsonl``, ``claims.jsonl``, ``claim-checks.jsonl`` and ``nli.jsonl`` over every record, and
    ``train/`` and ``test/`` the same files over the records of their documents (:func:`document_split`).
    """
    records = read_rows(out_dir / RECORDS)
    sets: dict[str, dict[str, list[dict[str, Any]]]] = {
        split: {name: [] for name in DERIVED} for split in ("all", "train", "test")
    }
    neutral_by_record: dict[str, list[dict[str, Any]]] = {}
    for triplet in neutral:
        neutral_by_record.setdefault(str(triplet["id"]).split(":c")[0], []).append(triplet)
    for r in records:
        rid, f, u, t = r["id"], r["factual"], r["unfactual"], r["text"]
        falsified, index = r["falsified"]["claim"], r["falsified"]["index"]
        start, end = r["edit"]["start"], r["edit"]["start"] + len(r["edit"]["replacement"])
        e2e = [
            {"id": f"{rid}:factual", "answer": f, "context": [], "label": 0, "task": "oasis"},
            {"id": f"{rid}:unfactual", "answer": u, "context": [], "label": 1, "spans": [[start, end]],
             "task": "oasis"},
        ]  # fmt: skip
        pairs = [
            {"id": f"{rid}:c{j}", "premise": f, "hypothesis": claim, "label": "entailment"}
            for j, claim in enumerate(r["claims"])
        ]
        pairs.append({"id": f"{rid}:falsified", "premise": f, "hypothesis": falsified, "label": "contradiction"})
        checks = [
            {"id": p["id"], "answer": p["hypothesis"], "context": [f], "label": int(p["label"] == "contradiction"),
             "task": "oasis-claims"}
            for p in pairs
        ]  # fmt: skip
        triplets = [
            {"id": f"{rid}:c{j}:t", "premise": t, "hypothesis": claim, "label": "entailment"}
            for j, claim in enumerate(r["claims"])
        ]
        triplets += [
            {"id": f"{rid}:f:t", "premise": t, "hypothesis": falsified, "label": "contradiction"},
            {"id": f"{rid}:f:u", "premise": u, "hypothesis": falsified, "label": "entailment"},
            {"id": f"{rid}:c{index}:u", "premise": u, "hypothesis": r["claims"][index], "label": "contradiction"},
        ]
        triplets += neutral_by_record.get(rid, [])
        for split in ("all", document_split(r["doc_id"])):
            for name, rows in zip(DERIVED, (e2e, pairs, checks, triplets), strict=True):
                sets[split][name] += rows
    for split, files in sets.items():
        folder = out_dir if split == "all" else out_dir / split
        folder.mkdir(parents=True, exist_ok=True)
        for name, rows in files.items():
            with (folder / name).open("w", encoding="utf-8") as handle:
                for row in rows:
                    handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    counts: dict[str, Any] = {"e2e": len(sets["all"]["e2e.jsonl"]), "claims": len(sets["all"]["claims.jsonl"]),
                              "nli": len(sets["all"]["nli.jsonl"])}  # fmt: skip
    counts["splits"] = {
        split: {"records": len(sets[split]["e2e.jsonl"]) // 2,
                **{name.removesuffix(".jsonl"): len(rows) for name, rows in sets[split].items()}}
        for split in ("train", "test")
    }  # fmt: skip
    return counts


def neutral_triplets(
    out_dir: Path,
    documents: dict[str, Document],
    score_pairs: Callable[[list[tuple[str, str]]], Sequence[Sequence[float]]],
    passage_words: int = 128,
) -> list[dict[str, Any]]:
    """⟨c_j, p*, NEUT⟩ for every claim: p* = argmax over the document's other passages of P(NEUT | p, c_j) (§5.3).

    ``score_pairs`` maps (premise, hypothesis) pairs to (entailment, neutral, contradiction) probabilities (the
    verifier's ``score_pairs``). A document's passages are Chunk(X; T) of at most ``passage_words`` words, without
    the one that overlaps the record's passage. Documents with no other passage give no neutral triplet.
    """
    from veracity.text.chunk import chunk_sentences
    from veracity.text.split import SentenceSplitter
    from veracity.text.tokens import RegexTokenizer

    splitter, tokenizer = SentenceSplitter("rules"), RegexTokenizer()
    triplets = []
    for r in read_rows(out_dir / RECORDS):
        document = documents.get(r["doc_id"])
        if document is None:
            continue
        start, end = r["passage"]["start"], r["passage"]["end"]
        text = document.text
        others = [
            c.text
            for c in chunk_sentences(text, splitter.split(text), tokenizer, passage_words)
            if c.span.end <= start or c.span.start >= end
        ]
        if not others:
            continue
        for j, claim in enumerate(r["claims"]):
            probs = score_pairs([(p, claim) for p in others])
            best = max(range(len(others)), key=lambda i: probs[i][1])
            triplets.append(
                {"id": f"{r['id']}:c{j}:n", "premise": others[best], "hypothesis": claim, "label": "neutral"}
            )
    return triplets


def synthesize_corpus(
    corpus: Path,
    out_dir: Path,
    config: SynthConfig | None = None,
    limit: int | None = None,
    llm: Any = None,
    neutral_scorer: Callable[[list[tuple[str, str]]], Sequence[Sequence[float]]] | None = None,
    on_skip: Callable[[str], None] | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """``veracity data synth`` as one call: a corpus in, records, neutral triplets and derived sets out.

    ``corpus`` is what :func:`~veracity.stages.retrieve.knowledge.iter_corpus` reads (a folder of .txt/.md files or
    JSONL documents), of which the first ``limit`` documents are used; a document it cannot read is passed to
    ``on_skip`` and left out. ``neutral_scorer`` (a verifier's ``score_pairs``) adds the NEUT triplets of §5.3.

    Raises:
        InputError: the corpus does not exist.
    """
    import itertools

    from veracity.stages.retrieve.knowledge import CorpusProblem, iter_corpus

    if not corpus.exists():
        raise InputError(f"cannot read corpus {corpus}: no such file or folder")

    def documents() -> Iterator[Document]:
        for item in itertools.islice(iter_corpus(corpus), limit):
            if isinstance(item, CorpusProblem):
                if on_skip is not None:
                    on_skip(f"skipped {item.where}: {item.problem}")
            else:
                yield item

    stats = synthesize(documents(), out_dir, config, progress=progress, llm=llm)
    extra = neutral_triplets(out_dir, {d.id: d for d in documents()}, neutral_scorer) if neutral_scorer else []
    stats["derived"] = write_derived_sets(out_dir, extra)
    return stats

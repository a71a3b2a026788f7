"""Index-based evidence retrieval with main and supporting sentences (LiteHall §3.3), without an LLM.

``ScoredEvidenceRetriever`` reads the context as LiteHall does — documents → sentences → non-overlapping chunks of at
most T = 1500 tokens, each sentence numbered within its chunk — and for each claim returns, per chunk, the *main*
sentences (indices) and for each main sentence its *supporting* indices; the indices are mapped back to sentences
and aggregated over chunks into the claim's evidence set E(z):

- main: the best ``top_k`` (2) sentences over the whole corpus whose score is at least the floor. The score is the
  cosine similarity (MiniLM) of the claim to the sentence read after its document's first sentence
  (``topic_context``: "He moved to Paris" is found for a claim about Curie when the paragraph opens with Curie),
  floor ``min_similarity``; or, with ``relatedness`` set to a pair scorer, 1 − P(neutral) of (sentence, claim) over
  the ``shortlist`` most similar sentences, floor ``min_relatedness``. Documents take turns (``per_document`` = 1):
  a second sentence from the same document is taken only when no other document has one above the floor, so
  scattered evidence (a multi-hop question's two paragraphs) is covered first. With ``follow_links``, a document
  whose name (its first sentence's leading capitalised words: "Scott Derrickson", "The Saimaa Canal") is named
  by a main sentence already chosen takes the next turn when one of its sentences passes the floor — the bridge of
  a multi-hop question, where the first paragraph names the entity the second one is about;
- support: what the main sentence needs to stand alone — when it opens with a pronoun or a definite reference
  ("He …", "The company …", "This …"), the nearest earlier sentence of its document that does not (the one that
  names the referent; the previous sentence when that one does) (``antecedent="first"``: its document's
  first sentence instead; ``"both"``: both; ``"subject"``: the nearest naming sentence as in ``previous``, and
  the document's first sentence whatever the main sentence opens with — the sentence that says what the document
  is about, which an encyclopaedic paragraph's later sentences lean on even when they repeat a name), and the
  neighbouring sentences (±1) that name an entity the main sentence names;
- windows (``windows`` > 0; off in this class by default, 2 in the ``litehall`` detector): besides the groups,
  the claim's best windows of consecutive sentences of one document (at most ``window_tokens`` tokens each, scored
  by their most similar sentence), which the ``nli`` verifier reads as further premises — for a claim that
  paraphrases several sentences at once, as abstractive summaries do.

A document the claim names — its title without a parenthesised qualifier ("Zodiac (film)" → "Zodiac"), or the
capitalised words its first sentence opens with — has ``name_boost`` (0.3) added to its sentences' scores when
main sentences are ranked: a claim stated with a multi-hop question names the paragraphs it rests on more often
than MiniLM similarity finds them. The boost only reorders; a sentence still needs its own score above the floor,
so a single document (where every sentence is boosted alike) is read as before. The reported scores are the
similarities without it.

Equal scores (a saturated relatedness score, the ``llm`` retriever's 1.0 for every sentence it picks, a sentence
repeated in two documents) are ranked by the claim's content words each sentence shares, then by document order;
:func:`order_evidence` lists a claim's evidence that way, each sentence with its own score (a supporting sentence
does not inherit its main sentence's score).

The defaults were chosen on HotpotQA questions outside the evaluation's 100 (paragraph-level gold), see
``experiments/evidence-dev/``.

Bound: at most ``max_chunks`` (100) chunks are searched per answer (the first ones, in document order); the report
says when more were dropped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from veracity.errors import LLMOutputError
from veracity.models.llm.base import LLM, ask_json, reply_int
from veracity.models.pair_scorer import NEUTRAL, PairScorer
from veracity.schema import Document, Evidence, EvidenceRole
from veracity.stages.prompts import EVIDENCE_RETRIEVAL, EVIDENCE_SCHEMA
from veracity.text.novelty import content_words
from veracity.text.split import SentenceSplitter
from veracity.text.tagging import CorpusSentence, TaggedChunk, chunk_corpus
from veracity.text.tokens import RegexTokenizer

__all__ = [
    "ClaimEvidence",
    "EvidenceGroupIndices",
    "LLMEvidenceRetriever",
    "ScoredEvidenceRetriever",
    "order_evidence",
    "shared_words",
]

_LEADING_REFERENCE = re.compile(
    r"^\W*(?:he|she|it|they|his|her|its|their|this|these|that|those|the\s+\w+|there)\b", re.IGNORECASE
)
_NAME_WORD = re.compile(r"\b[A-Z][\w'-]+")
_STARTERS = frozenset(
    "he she it they we i you his her its their our the this these that those a an in on at after before when as "
    "however there then also but and or".split()
)


@dataclass(frozen=True)
class EvidenceGroupIndices:
    """One main sentence of a chunk with its supporting sentences (1-based indices within the chunk)."""

    chunk: int
    main: int
    support: tuple[int, ...]
    score: float


@dataclass
class ClaimEvidence:
    """E(z): the claim's evidence groups, as indices and as sentences."""

    groups: list[EvidenceGroupIndices] = field(default_factory=list)
    main: list[CorpusSentence] = field(default_factory=list)
    support: list[list[CorpusSentence]] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    windows: list[list[CorpusSentence]] = field(default_factory=list)
    window_scores: list[float] = field(default_factory=list)
    sentence_scores: dict[tuple[str, int, int], float] = field(default_factory=dict)
    """Each retrieved sentence's own score for the claim (where the retriever computed one), by
    (document id, span start, span end)."""

    def score_of(self, sentence: CorpusSentence, default: float) -> float:
        """``sentence``'s own score for the claim, or ``default`` where there is none."""
        key = (sentence.document_id, sentence.sentence.span.start, sentence.sentence.span.end)
        return self.sentence_scores.get(key, default)

    def add(self, chunk: TaggedChunk, j: int, main: int, support: Sequence[int], score: float) -> None:
        """Add main sentence ``main`` of chunk ``j`` (0-based) with its supporting sentences (0-based)."""
        support = sorted({i for i in support if i != main and 0 <= i < len(chunk.sentences)})
        self.groups.append(EvidenceGroupIndices(j, main + 1, tuple(i + 1 for i in support), score))
        self.main.append(chunk.sentences[main])
        self.support.append([chunk.sentences[i] for i in support])
        self.scores.append(score)


class ScoredEvidenceRetriever:
    """Main sentences by embedding similarity, supporting sentences by reference and entity rules."""

    name = "scored"

    def __init__(
        self,
        embedder: Any,
        top_k: int = 2,
        min_similarity: float = 0.35,
        chunk_tokens: int = 1500,
        max_chunks: int = 100,
        splitter: str = "rules",
        per_document: int | None = 1,
        antecedent: str = "previous",
        relatedness: PairScorer | None = None,
        shortlist: int = 8,
        min_relatedness: float = 0.5,
        topic_context: bool = True,
        follow_links: bool = False,
        windows: int = 0,
        window_tokens: int = 200,
        name_boost: float = 0.3,
    ) -> None:
        self.name_boost = name_boost
        self.windows = windows
        self.window_tokens = window_tokens
        self.topic_context = topic_context
        self.follow_links = follow_links
        self.embedder = embedder
        self.top_k = top_k
        self.min_similarity = min_similarity
        self.per_document = per_document
        self.antecedent = antecedent
        self.relatedness = relatedness
        self.shortlist = shortlist
        self.min_relatedness = min_relatedness
        self.chunk_tokens = chunk_tokens
        self.max_chunks = max_chunks
        self._splitter = SentenceSplitter(splitter)  # type: ignore[arg-type]
        self._tokenizer = RegexTokenizer()

    def config(self) -> dict[str, Any]:
        """Settings recorded in reports."""
        return {"retriever": self.name, "top_k": self.top_k, "min_similarity": self.min_similarity,
                "per_document": self.per_document, "topic_context": self.topic_context,
                "antecedent": self.antecedent, "follow_links": self.follow_links, "windows": self.windows,
                "window_tokens": self.window_tokens, "name_boost": self.name_boost,
                "chunk_tokens": self.chunk_tokens, "max_chunks": self.max_chunks,
                "relatedness": getattr(self.relatedness, "model_id", None)}  # fmt: skip

    def chunks(self, documents: Sequence[Document], notes: list[str] | None = None) -> list[TaggedChunk]:
        """The numbered corpus chunks ĉ_j, capped at ``max_chunks``."""
        chunks = chunk_corpus(documents, self._splitter, self._tokenizer, self.chunk_tokens)
        if len(chunks) > self.max_chunks:
            if notes is not None:
                notes.append(f"context has {len(chunks)} chunks; only the first {self.max_chunks} were searched")
            chunks = chunks[: self.max_chunks]
        return chunks

    def retrieve(self, claims: Sequence[str], chunks: Sequence[TaggedChunk]) -> list[ClaimEvidence]:
        """E(z) for each claim over the chunks (one embedding call for all sentences and claims)."""
        located = [(j, k) for j, chunk in enumerate(chunks) for k in range(len(chunk.sentences))]
        if not claims:
            return []
        if not located:
            return [ClaimEvidence() for _ in claims]
        texts = [chunks[j].sentences[k].text for j, k in located]
        shown = [_with_topic(chunks[j].sentences, k) for j, k in located] if self.topic_context else texts
        vectors = self.embedder.embed([*claims, *shown])
        scores = vectors[: len(claims)] @ vectors[len(claims) :].T
        floor = self.min_similarity
        if self.relatedness is not None:
            scores, floor = self._relatedness(claims, texts, scores), self.min_relatedness
        leading = _document_names(chunks) if self.follow_links or self.name_boost else {}
        names = leading if self.follow_links else {}
        windows = self._windows(chunks, located) if self.windows > 0 else []
        titles = _document_titles(chunks, located, leading) if self.name_boost else {}
        documents = np.array([chunks[j].sentences[k].document_id for j, k in located], dtype=object)
        position_of = {where: p for p, where in enumerate(located)}
        sentence_words = [_content_forms(text) for text in texts]
        results = []
        for claim, row in zip(claims, scores, strict=True):
            evidence = ClaimEvidence()
            ranking = row
            if titles:
                named = list(named_documents(claim, titles))
                ranking = row + self.name_boost * np.isin(documents, named).astype(row.dtype)
            wanted = _content_forms(claim)
            shared = np.array([len(wanted & words) for words in sentence_words])
            for position in self._select(ranking, floor, located, chunks, names, row >= floor, shared):
                j, k = located[position]
                evidence.add(chunks[j], j, k, supporting_indices(chunks[j].sentences, k, self.antecedent),
                             float(row[position]))  # fmt: skip
            chosen = [position_of[(g.chunk, i - 1)] for g in evidence.groups for i in (g.main, *g.support)]
            if windows:
                best = sorted(((float(row[w].max()), n) for n, w in enumerate(windows)), key=lambda x: -x[0])
                for score, n in best[: self.windows]:
                    evidence.windows.append([chunks[located[p][0]].sentences[located[p][1]] for p in windows[n]])
                    evidence.window_scores.append(score)
                    chosen += windows[n]
            for position in chosen:
                j, k = located[position]
                member = chunks[j].sentences[k]
                key = (member.document_id, member.sentence.span.start, member.sentence.span.end)
                evidence.sentence_scores[key] = min(1.0, max(0.0, float(row[position])))
            results.append(evidence)
        return results

    def _windows(self, chunks: Sequence[TaggedChunk], located: list[tuple[int, int]]) -> list[list[int]]:
        """Runs of consecutive positions in ``located`` from one document, at most ``window_tokens`` tokens each."""
        windows: list[list[int]] = []
        current: list[int] = []
        size = 0
        for position, (j, k) in enumerate(located):
            member = chunks[j].sentences[k]
            n = len(self._tokenizer.token_spans(member.text))
            previous = located[current[-1]] if current else None
            same_run = (
                previous is not None
                and previous[0] == j
                and (chunks[j].sentences[previous[1]].document_id == member.document_id)
            )
            if current and (not same_run or size + n > self.window_tokens):
                windows.append(current)
                current, size = [], 0
            current.append(position)
            size += n
        if current:
            windows.append(current)
        return windows

    def _relatedness(self, claims: Sequence[str], texts: Sequence[str], similarity: np.ndarray) -> np.ndarray:
        """1 − P(neutral) of (sentence, claim) for each claim's ``shortlist`` most similar sentences; −1 elsewhere."""
        assert self.relatedness is not None
        shortlists = [np.argsort(-row, kind="stable")[: self.shortlist] for row in similarity]
        pairs = [(texts[int(i)], claim) for claim, short in zip(claims, shortlists, strict=True) for i in short]
        probs = self.relatedness.score(pairs)
        out = np.full(similarity.shape, -1.0, dtype=np.float32)
        offset = 0
        for row, short in enumerate(shortlists):
            out[row, short] = 1.0 - probs[offset : offset + len(short), NEUTRAL]
            offset += len(short)
        return out

    def _select(
        self,
        row: np.ndarray,
        floor: float,
        located: list[tuple[int, int]],
        chunks: Sequence[TaggedChunk],
        names: dict[str, str] | None = None,
        admitted: np.ndarray | None = None,
        shared: np.ndarray | None = None,
    ) -> list[int]:
        """The best ``top_k`` positions scoring at least ``floor`` (or, when given, where ``admitted`` is true).

        Equal scores go to the position sharing more of the claim's content words (``shared``), then the earlier.

        With ``per_document`` set, documents take turns: first at most ``per_document`` sentences from each
        document, best first; only when that leaves places free (fewer documents than ``top_k``, e.g. a single
        knowledge passage) are they filled by the next best sentences regardless of document. With document
        ``names`` (``follow_links``), a document named by a chosen sentence goes before the others.
        """
        admitted = row >= floor if admitted is None else admitted
        shared = np.zeros(len(row)) if shared is None else shared
        ranked = [int(p) for p in np.lexsort((np.arange(len(row)), -shared, -row)) if admitted[p]]
        if self.per_document is None:
            return ranked[: self.top_k]

        def document(position: int) -> str:
            j, k = located[position]
            return chunks[j].sentences[k].document_id

        chosen: list[int] = []
        taken: dict[str, int] = {}
        while len(chosen) < self.top_k:
            open_turn = [p for p in ranked if p not in chosen and taken.get(document(p), 0) < self.per_document]
            if not open_turn:
                break
            linked = _linked_documents([_text_at(chunks, located, p) for p in chosen], names, set(taken))
            position = next((p for p in open_turn if document(p) in linked), open_turn[0])
            taken[document(position)] = taken.get(document(position), 0) + 1
            chosen.append(position)
        rest = [p for p in ranked if p not in chosen]
        return chosen + rest[: self.top_k - len(chosen)]


class LLMEvidenceRetriever:
    """Main and supporting sentences chosen by an LLM with LiteHall's Table 17 prompt, one call per (claim, chunk).

    Work is bounded per claim: only the ``llm_chunks`` chunks whose best sentence is most similar to the claim
    (MiniLM, as in :class:`ScoredEvidenceRetriever`) are shown to the LLM — LiteHall asks about every chunk of a
    retrieved corpus, which is affordable with GPT-4o but not with a local model on a CPU. Indices the chunk does
    not have are dropped and counted in the claim's notes. A reply that cannot be used after one repair and one
    retry falls back to the scored retriever for that (claim, chunk), with a note. A backend failure raises.
    """

    name = "llm"

    def __init__(self, llm: LLM, scored: ScoredEvidenceRetriever, llm_chunks: int = 3, max_tokens: int = 512) -> None:
        self.llm = llm
        self.scored = scored
        self.llm_chunks = llm_chunks
        self.max_tokens = max_tokens

    def config(self) -> dict[str, Any]:
        """Settings recorded in reports."""
        return {**self.scored.config(), "retriever": self.name, "llm": self.llm.model_id,
                "llm_chunks": self.llm_chunks}  # fmt: skip

    def chunks(self, documents: Sequence[Document], notes: list[str] | None = None) -> list[TaggedChunk]:
        """The numbered corpus chunks (as the scored retriever cuts them)."""
        return self.scored.chunks(documents, notes)

    def retrieve(self, claims: Sequence[str], chunks: Sequence[TaggedChunk]) -> list[ClaimEvidence]:
        """E(z) for each claim: the LLM's main / supporting sentences over the claim's most similar chunks."""
        if not claims:
            return []
        ranking = self._rank_chunks(claims, chunks)
        results = []
        for claim, order in zip(claims, ranking, strict=True):
            evidence = ClaimEvidence()
            for j in order[: self.llm_chunks]:
                self._ask(claim, chunks, j, evidence)
            results.append(evidence)
        return results

    def _rank_chunks(self, claims: Sequence[str], chunks: Sequence[TaggedChunk]) -> list[list[int]]:
        if len(chunks) <= self.llm_chunks:
            return [list(range(len(chunks))) for _ in claims]
        located = [j for j, chunk in enumerate(chunks) for _ in chunk.sentences]
        texts = [s.text for chunk in chunks for s in chunk.sentences]
        vectors = self.scored.embedder.embed([*claims, *texts])
        similarity = vectors[: len(claims)] @ vectors[len(claims) :].T
        ranking = []
        for row in similarity:
            best = np.full(len(chunks), -np.inf)
            np.maximum.at(best, located, row)
            ranking.append([int(j) for j in np.argsort(-best, kind="stable")])
        return ranking

    def _ask(self, claim: str, chunks: Sequence[TaggedChunk], j: int, evidence: ClaimEvidence) -> None:
        chunk = chunks[j]
        prompt = EVIDENCE_RETRIEVAL.format(claim=claim, evidence=chunk.text)
        try:
            groups = ask_json(self.llm, [{"role": "user", "content": prompt}], EVIDENCE_SCHEMA, _evidence_groups,
                              max_tokens=self.max_tokens)  # fmt: skip
        except LLMOutputError as exc:
            evidence.notes.append(f"LLM evidence retrieval unusable for chunk {j + 1} ({exc}); scored retriever used")
            (found,) = self.scored.retrieve([claim], [chunk])
            for group in found.groups:
                evidence.add(chunk, j, group.main - 1, [i - 1 for i in group.support], group.score)
            return
        dropped = 0
        for main, support in groups:
            if chunk.lookup(main) is None:
                dropped += 1
                continue
            valid = [i - 1 for i in support if chunk.lookup(i) is not None]
            dropped += len(support) - len(valid)
            evidence.add(chunk, j, main - 1, valid, 1.0)
        if dropped:
            evidence.notes.append(f"{dropped} sentence number(s) not in chunk {j + 1} dropped from the LLM's evidence")


def shared_words(query: str, texts: Sequence[str]) -> list[int]:
    """How many distinct content words of ``query`` each of ``texts`` contains (stop words and case ignored).

    Example::

        >>> shared_words("Curie won the Nobel Prize.", ["The prize went to Curie.", "Paris is large."])
        [2, 0]
    """
    wanted = _content_forms(query)
    return [len(wanted & _content_forms(text)) for text in texts]


def _content_forms(text: str) -> set[str]:
    return {w.form for w in content_words(text)}


def order_evidence(query: str, evidence: Sequence[Evidence]) -> list[Evidence]:
    """``evidence`` best first.

    By score; equal scores by the content words shared with ``query``, then main sentences before supporting ones,
    then as given (document order within a retrieval). A sentence listed twice (by two claims of one answer
    sentence) is kept once, with its best score, as main if either listing is.
    """
    best: dict[tuple[str, int, int], Evidence] = {}
    for item in evidence:
        key = (item.document_id, item.span.start, item.span.end)
        seen = best.get(key)
        if seen is None:
            best[key] = item
        else:
            main = EvidenceRole.MAIN if EvidenceRole.MAIN in (seen.role, item.role) else seen.role
            best[key] = seen.model_copy(update={"score": max(seen.score, item.score), "role": main})
    items = list(best.values())
    shared = shared_words(query, [e.text for e in items])
    order = sorted(
        range(len(items)), key=lambda i: (-items[i].score, -shared[i], items[i].role != EvidenceRole.MAIN, i)
    )
    return [items[i] for i in order]


def _evidence_groups(reply: Any) -> list[tuple[int, list[int]]]:
    """``(main, [support…])`` from a Table 17 reply (1-based numbers; malformed numbers become 0, i.e. invalid)."""
    if not isinstance(reply, dict) or not isinstance(reply.get("main_sentences"), list):
        raise LLMOutputError('expected {"main_sentences": [{"sentence_number", "support"}]}')
    groups = []
    for item in reply["main_sentences"]:
        if not isinstance(item, dict):
            continue
        support = item.get("support")
        numbers = [reply_int(i) for i in support] if isinstance(support, list) else []
        groups.append((reply_int(item.get("sentence_number")), numbers))
    return groups


def _text_at(chunks: Sequence[TaggedChunk], located: list[tuple[int, int]], position: int) -> str:
    j, k = located[position]
    return chunks[j].sentences[k].text


_DOCUMENT_NAME = re.compile(r"^\W*((?:[A-Z][\w'.&-]*|\d[\w'-]*)(?:\s+(?:(?:of|the|de|del|la|le|von|van|and|&)\s+)*"
                            r"(?:[A-Z][\w'.&-]*|\d[\w'-]*))*)")  # fmt: skip


def _document_names(chunks: Sequence[TaggedChunk]) -> dict[str, str]:
    """Each document's name: the run of capitalised words its first sentence opens with (at least 4 letters).

    Example::

        >>> _DOCUMENT_NAME.match("The Saimaa Canal (Finnish: Saimaan kanava) is a canal").group(1)
        'The Saimaa Canal'
    """
    names: dict[str, str] = {}
    for chunk in chunks:
        for member in chunk.sentences:
            if member.sentence.index != 0 or member.document_id in names:
                continue
            found = _DOCUMENT_NAME.match(member.text)
            name = found.group(1) if found else ""
            name = re.sub(r"^(?:The|A|An)\s+", "", name)
            if sum(c.isalpha() for c in name) >= 4 and name.lower() not in _STARTERS:
                names[member.document_id] = name
    return names


def _document_titles(
    chunks: Sequence[TaggedChunk], located: list[tuple[int, int]], leading: dict[str, str]
) -> dict[str, list[str]]:
    """The names each document goes by.

    Its title without a parenthesised qualifier ("Zodiac (film)" → "Zodiac"), and ``leading``: the capitalised
    words its first sentence opens with (:func:`_document_names`, the name of a document without a title).
    """
    titles: dict[str, list[str]] = {}
    for j, k in located:
        member = chunks[j].sentences[k]
        if member.document_id in titles:
            continue
        names = []
        if member.document_title:
            names.append(re.sub(r"\s*\([^)]*\)\s*$", "", member.document_title).strip())
        if member.document_id in leading:
            names.append(leading[member.document_id])
        titles[member.document_id] = [n for n in dict.fromkeys(names) if sum(c.isalpha() for c in n) >= 4]
    return titles


def named_documents(claim: str, titles: dict[str, list[str]]) -> set[str]:
    """Documents one of whose names occurs in ``claim`` as whole words (ignoring case).

    Example::

        >>> sorted(named_documents("Who directed Zodiac?", {"a": ["Zodiac"], "b": ["Zodiacal light"], "c": []}))
        ['a']
    """
    lowered = claim.lower()
    return {document for document, names in titles.items() if any(_mentions(lowered, n.lower()) for n in names)}


def _mentions(text: str, name: str) -> bool:
    """Whether ``name`` occurs in ``text`` as whole words."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def _linked_documents(texts: Sequence[str], names: dict[str, str] | None, exclude: set[str]) -> set[str]:
    """Documents (other than ``exclude``) whose name occurs, as whole words, in one of ``texts``."""
    if not names or not texts:
        return set()
    joined = " ".join(texts)
    return {document for document, name in names.items() if document not in exclude and _mentions(joined, name)}


def _with_topic(sentences: Sequence[CorpusSentence], k: int) -> str:
    """The sentence after its document's first sentence (the topic it speaks of), when that is in the chunk."""
    first = k
    while first > 0 and sentences[first - 1].document_id == sentences[k].document_id:
        first -= 1
    if first == k or sentences[first].sentence.index != 0:
        return sentences[k].text
    return f"{sentences[first].text} {sentences[k].text}"


def supporting_indices(sentences: Sequence[CorpusSentence], main: int, antecedent: str = "previous") -> list[int]:
    """0-based indices of the sentences that ``sentences[main]`` needs to be self-contained (module docstring).

    Example::

        >>> from veracity.schema import Sentence, TextSpan
        >>> texts = ["Marie Curie was a physicist.", "She won two Nobel Prizes.", "Curie taught in Paris.", "Paris"]
        >>> make = lambda i, t: CorpusSentence("d", Sentence(index=i, span=TextSpan(start=0, end=len(t), text=t)))
        >>> supporting_indices([make(i, t) for i, t in enumerate(texts)], 1)  # "She" needs sentence 0
        [0]
        >>> supporting_indices([make(i, t) for i, t in enumerate(texts)], 3)  # its neighbour names Paris too
        [2]
        >>> supporting_indices([make(i, t) for i, t in enumerate(texts)], 2, "subject")  # + what the document is about
        [0, 3]
        >>> chain = ["Marie Curie was a physicist.", "She was born in Warsaw.", "She moved to Paris."]
        >>> supporting_indices([make(i, t) for i, t in enumerate(chain)], 2)  # past "She was born …" to the name
        [0]
    """
    chosen: set[int] = set()
    current = sentences[main]
    same_document = [
        i for i in (main - 1, main + 1) if 0 <= i < len(sentences) and sentences[i].document_id == current.document_id
    ]
    if _LEADING_REFERENCE.match(current.text):
        if antecedent in ("previous", "both", "subject") and main - 1 in same_document:
            # "She moved …" after "She was born …": the antecedent is the nearest sentence that names her
            named = main - 1
            while (
                named > 0
                and sentences[named - 1].document_id == current.document_id
                and _LEADING_REFERENCE.match(sentences[named].text)
            ):
                named -= 1
            chosen.add(named)
        if antecedent in ("first", "both"):
            chosen |= _document_first(sentences, main)
    if antecedent == "subject":
        chosen |= _document_first(sentences, main)
    names = _names(current.text)
    for i in same_document:
        if names & _names(sentences[i].text):
            chosen.add(i)
    return sorted(chosen)


def _document_first(sentences: Sequence[CorpusSentence], main: int) -> set[int]:
    """The index of the first sentence of ``sentences[main]``'s document (if it is the document's sentence 0)."""
    first = main
    while first - 1 >= 0 and sentences[first - 1].document_id == sentences[main].document_id:
        first -= 1
    return {first} if first != main and sentences[first].sentence.index == 0 else set()


def _names(text: str) -> set[str]:
    """Capitalised words that are not just sentence openers: a cheap stand-in for "the entities it names"."""
    return {w.lower() for w in _NAME_WORD.findall(text) if w.lower() not in _STARTERS}

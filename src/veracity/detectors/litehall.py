"""The ``litehall`` detector: claims → evidence → verification → FactScore (litehall.txt §3), without an LLM.

Stages (each usable alone, see :mod:`veracity.stages`): :class:`~veracity.stages.claims.RulesClaimExtractor`,
:class:`~veracity.stages.retrieve.evidence.ScoredEvidenceRetriever`, and
:class:`~veracity.stages.verify.claims.NLIClaimVerifier`. The answer is hallucinated iff FactScore(a) < τ (0.75);
the report's score is 1 − FactScore with threshold 1 − τ + 1e-9, so that FactScore = τ exactly stays faithful as in
the paper while "hallucinated iff score ≥ threshold" holds.

Every stage has an ``llm`` variant (Tables 16–18 prompts with JSON schemas; ``--set extractor=llm`` etc., mixed
freely with the others) that repairs or retries an unusable reply once and then falls back to the non-LLM stage
for that item, with a note in the report; the LLM is ``llm`` (default: the local Qwen2.5-Coder-1.5B GGUF).

Ablations (Table 9): ``extractor=none`` verifies each answer sentence as one claim (the whole answer when it is one
sentence, stated with its question); ``retriever=none`` uses whole chunks (each up to ``chunk_tokens``) as evidence.
An answer with no claim (only questions or opinions) is faithful, with a note.

The words marked in a not-supported claim are those its evidence (every main, supporting and window sentence
retrieved for it) does not state: names, numbers, dates and durations compared by value ("two months" ≈ "60
days"), or a name the evidence states only away from the words around it in the claim
(:func:`~veracity.stages.verify.grounding_pairs.names_out_of_place`: "Linux" in "supports Windows 10 or later, Linux"
where the passage names Linux only in "A Linux build is planned but not yet available"); failing those, its
content words the evidence lacks. A word the question restates (the claim's ``The answer to "…" is:`` part), a
function word and a lone negation particle are never marked (a negation is marked with what it negates, "does not
run"). The ``llm`` verifier's error tokens are kept but for those.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Self

from pydantic import ConfigDict, Field

from veracity.detectors.base import (
    ConfiguredDetector,
    ModelSettings,
    StageTimer,
    as_documents,
    empty_answer_report,
    scorer_for,
)
from veracity.detectors.verifier import DEFAULT_VERIFIER
from veracity.models.embedder import DEFAULT_EMBEDDER, SentenceTransformerEmbedder
from veracity.models.llm import LLM, load_llm
from veracity.models.llm.llamacpp import DEFAULT_LOCAL_LLM
from veracity.models.pair_scorer import PairScorer
from veracity.schema import (
    Claim,
    ClaimVerdict,
    Document,
    Evidence,
    EvidenceRole,
    Label,
    Report,
    Sentence,
    SentenceScore,
    TextSpan,
)
from veracity.stages.claims import (
    ClaimSet,
    LLMClaimExtractor,
    QuestionContext,
    RulesClaimExtractor,
    locate_in_answer,
)
from veracity.stages.retrieve.evidence import (
    ClaimEvidence,
    LLMEvidenceRetriever,
    ScoredEvidenceRetriever,
    order_evidence,
)
from veracity.stages.verify.claims import ClaimCheck, LLMClaimVerifier, NLIClaimVerifier, fact_score
from veracity.stages.verify.grounding import (
    CheckableKind,
    GroundingChecker,
    marked_range,
    only_function_words,
)
from veracity.stages.verify.grounding_pairs import names_out_of_place
from veracity.text.novelty import content_words, vocabulary
from veracity.text.split import SentenceSplitter, merge_ranges
from veracity.text.tagging import CorpusSentence
from veracity.text.values import find_durations

__all__ = ["LiteHallConfig", "LiteHallDetector"]


class LiteHallConfig(ModelSettings):
    """Settings of the ``litehall`` detector (paper defaults where it gives them)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    extractor: Literal["rules", "llm", "none"] = "rules"
    retriever: Literal["scored", "llm", "none"] = "scored"
    verifier: Literal["nli", "llm"] = "nli"
    question_context: QuestionContext = Field(
        "clauses",
        description="rules extractor, one-sentence answer to a question: state only a verbless answer with the "
        "question (short), the whole sentence as one claim (sentence), or each clause (clauses).",
    )
    question_words: int | None = Field(
        20,
        ge=1,
        description="rules extractor: a longer question is stated only by its last sentences within this many "
        "words (a dialogue history's last turn); None: the whole question. Chosen on halueval-dialogue:dev.",
    )
    llm: str = Field(
        DEFAULT_LOCAL_LLM,
        description="LLM of the llm stages: a catalog name, a .gguf path, or an OpenAI-compatible base URL.",
    )
    llm_chunks: int = Field(3, ge=1, description="Chunks per claim the llm retriever reads (most similar first).")
    llm_timeout: float = Field(120.0, gt=0, description="Seconds per request to an LLM server.")
    fact_score_threshold: float = Field(0.75, ge=0.0, le=1.0, description="Hallucinated iff FactScore < this.")
    nli_model: str = DEFAULT_VERIFIER
    embedder: str = DEFAULT_EMBEDDER
    top_k: int = Field(2, ge=1, description="Main sentences per claim.")
    min_similarity: float = Field(0.35, ge=-1.0, le=1.0)
    per_document: int | None = Field(1, ge=1, description="Main sentences per document before any repeats.")
    topic_context: bool = Field(True, description="Embed each sentence after its document's first sentence.")
    antecedent: Literal["previous", "first", "both", "subject"] = "previous"
    follow_links: bool = Field(
        False, description="A document named by a chosen main sentence takes the next turn (multi-hop bridge)."
    )
    relatedness: Literal["embedding", "nli"] = Field(
        "embedding", description="Main-sentence score: MiniLM cosine, or 1 - P(neutral) of the NLI model."
    )
    windows: int = Field(
        2, ge=0, description="Per claim, the best windows of consecutive context sentences added as NLI premises."
    )
    window_tokens: int = Field(200, ge=8, description="Tokens per window (see windows).")
    name_boost: float = Field(
        0.3,
        ge=0.0,
        description="Added to the similarity of the sentences of a document the claim names (its "
        "title or leading name), to rank them first; it admits no sentence under min_similarity.",
    )
    chunk_tokens: int = Field(1500, ge=8, description="T: tokens per numbered corpus chunk.")
    max_chunks: int = Field(100, ge=1)
    entail_threshold: float = Field(0.5, ge=0.0, le=1.0, description="τ_e")
    contradict_threshold: float = Field(0.5, ge=0.0, le=1.0, description="τ_c")
    relevance_threshold: float = Field(0.1, ge=-1.0, le=1.0, description="τ_r (claim–question similarity)")


class LiteHallDetector(ConfiguredDetector[LiteHallConfig]):
    """LiteHall's three stages and FactScore, each stage swappable."""

    name = "litehall"
    config_class = LiteHallConfig

    def __init__(
        self, scorer: PairScorer, embedder: Any, settings: LiteHallConfig | None = None, llm: LLM | None = None
    ) -> None:
        self.settings = settings or LiteHallConfig()
        self.scorer = scorer
        self.embedder = embedder
        s = self.settings
        uses_llm = "llm" in (s.extractor, s.retriever, s.verifier)
        self.llm = llm if llm is not None or not uses_llm else load_llm(s.llm, timeout=s.llm_timeout)
        rules = RulesClaimExtractor(question_context=s.question_context, question_words=s.question_words)
        scored = ScoredEvidenceRetriever(
            embedder,
            s.top_k,
            s.min_similarity,
            s.chunk_tokens,
            s.max_chunks,
            per_document=s.per_document,
            antecedent=s.antecedent,
            topic_context=s.topic_context,
            follow_links=s.follow_links,
            windows=s.windows,
            window_tokens=s.window_tokens,
            name_boost=s.name_boost,
            relatedness=scorer if s.relatedness == "nli" else None,
        )
        nli = NLIClaimVerifier(scorer, embedder, s.entail_threshold, s.contradict_threshold, s.relevance_threshold)
        self.extractor: RulesClaimExtractor | LLMClaimExtractor = rules
        self.retriever: ScoredEvidenceRetriever | LLMEvidenceRetriever = scored
        self.verifier: NLIClaimVerifier | LLMClaimVerifier = nli
        if self.llm is not None:
            if s.extractor == "llm":
                self.extractor = LLMClaimExtractor(self.llm, rules)
            if s.retriever == "llm":
                self.retriever = LLMEvidenceRetriever(self.llm, scored, s.llm_chunks)
            if s.verifier == "llm":
                self.verifier = LLMClaimVerifier(self.llm, nli)
        self._splitter = SentenceSplitter("auto")
        self._checker = GroundingChecker()

    @classmethod
    def from_config(cls, config: LiteHallConfig | None = None, **overrides: Any) -> Self:
        """Build the detector and its models (loaded on first use)."""
        settings = cls.settings_from(config, overrides)
        scorer = scorer_for(settings.nli_model, settings)
        return cls(
            scorer,
            SentenceTransformerEmbedder(settings.embedder, device=settings.device, backend=settings.backend),
            settings,
        )

    def _models(self) -> dict[str, str]:
        models = {"nli": self.scorer.model_id, "embedder": self.embedder.model_id}
        if self.llm is not None:
            models["llm"] = self.llm.model_id
        return models

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """Extract, retrieve, verify and score ``answer`` against ``context``."""
        documents = as_documents(context)
        tau = self.settings.fact_score_threshold
        threshold = min(1.0, 1.0 - tau + 1e-9)
        if not answer.strip():
            return empty_answer_report(self, answer, question, threshold, self._models())
        timer = StageTimer()
        notes: list[str] = []
        with timer.stage("claims"):
            claim_set = self._claims(answer, question)
            notes += claim_set.notes
        claims = claim_set.claims
        if not claims:
            notes.append("no checkable claim in the answer: nothing to verify")
            return Report(answer=answer, question=question, verdict="faithful", score=0.0, threshold=threshold,
                          detector=self.name, config=self.config(), models=self._models(),
                          timings_ms=timer.timings_ms, notes=notes)  # fmt: skip
        with timer.stage("retrieval"):
            chunks = self.retriever.chunks(documents, notes)
            if self.settings.retriever == "none":
                evidence = [_whole_chunks(chunks) for _ in claims]
            else:
                evidence = self.retriever.retrieve([c.text for c in claims], chunks)
        with timer.stage("verification"):
            checks = self.verifier.verify([c.text for c in claims], evidence, question)
        for claim, found, check in zip(claims, evidence, checks, strict=True):
            notes += [f"claim {claim.id}: {note}" for note in found.notes]
            if check.note:
                notes.append(f"claim {claim.id}: {check.note}")
        verdicts = []
        for claim, check, found in zip(claims, checks, evidence, strict=True):
            marks = self._marks(claim.text, check, found)
            verdicts.append(
                ClaimVerdict(
                    claim=claim,
                    label=check.label,
                    p_supported=min(1.0, max(0.0, check.p_supported)),
                    error_spans=marks,
                    answer_error_spans=locate_in_answer(answer, claim, marks),
                    evidence=order_evidence(claim.text, _evidence(found)),
                )
            )
        score_fs = fact_score([v.label for v in verdicts])
        score = 1.0 - (score_fs if score_fs is not None else 1.0)
        sentence_scores = _sentence_scores(claim_set.sentences, verdicts, threshold)
        marked = merge_ranges((s.start, s.end) for v in verdicts for s in v.answer_error_spans if s.end > s.start)
        spans = [TextSpan.of(answer, start, end) for start, end in marked]
        return self.report(
            timer=timer,
            answer=answer,
            question=question,
            score=score,
            threshold=threshold,
            sentences=sentence_scores,
            claims=verdicts,
            hallucinated_spans=spans,
            models=self._models(),
            notes=notes,
        )

    def _marks(self, claim: str, check: ClaimCheck, found: ClaimEvidence) -> list[TextSpan]:
        """The words of a not-supported ``claim`` to mark (module docstring), as spans of the claim."""
        if check.label is not Label.NOT_SUPPORTED:
            return []
        begin = _restated_answer_start(claim, getattr(self.extractor, "question_template", _QUESTION_TEMPLATE))
        part = claim[begin:]
        if self.settings.verifier == "llm":
            ranges = [(s.start - begin, s.end - begin) for s in check.error_spans if s.start >= begin]
            ranges = [r for r in ranges if any(c.isalnum() for c in part[r[0] : r[1]])]
            spans = [_shown(part, start, end, self._checker) for start, end in ranges]
        else:
            spans = _unsupported_words(part, [m.text for m in _members(found)], self._checker)
        kept = merge_ranges(r for r in spans if r[1] > r[0])
        return [TextSpan.of(claim, begin + start, begin + end) for start, end in kept]

    def _claims(self, answer: str, question: str | None) -> ClaimSet:
        if self.settings.extractor != "none":
            return self.extractor.extract(answer, question)
        sentences = self._splitter.split(answer) or [Sentence(index=0, span=TextSpan.of(answer, 0, len(answer)))]
        if len(sentences) == 1 and question and question.strip():
            text = _QUESTION_TEMPLATE.format(question=question.strip(), answer=answer.strip())
            return ClaimSet(sentences, [Claim(id="c1", text=text, sentence_index=0, span=sentences[0].span)])
        claims = [Claim(id=f"c{s.index + 1}", text=s.text, sentence_index=s.index, span=s.span) for s in sentences]
        return ClaimSet(sentences, claims)


_QUESTION_TEMPLATE = 'The answer to "{question}" is: {answer}'


def _restated_answer_start(claim: str, template: str) -> int:
    """Where the answer's own words begin in a claim stated with its question (0 for any other claim)."""
    if "{question}" not in template or not template.endswith("{answer}"):
        return 0
    head, tail = template.removesuffix("{answer}").split("{question}", 1)
    if not claim.startswith(head):
        return 0
    where = claim.find(tail, len(head))
    return where + len(tail) if where >= 0 else 0


def _unsupported_words(claim: str, evidence: list[str], checker: GroundingChecker) -> list[tuple[int, int]]:
    """Character ranges of ``claim`` that ``evidence`` does not support (module docstring)."""
    items = checker.checked_items(claim)
    missing = checker.unsupported(claim, items, evidence)
    missing += [n for n in names_out_of_place(claim, items, evidence) if n not in missing]
    if missing:
        return [marked_range(claim, item, checker.spacy_model) for item in missing]
    known = vocabulary(evidence)
    inside_items = [(i.start, i.end) for i in items] + [(d.start, d.end) for d in find_durations(claim)]
    return [
        (w.start, w.end)
        for w in content_words(claim)
        if w.form not in known
        and not only_function_words(w.form)
        and not any(s < w.end and w.start < e for s, e in inside_items)
    ]


def _shown(text: str, start: int, end: int, checker: GroundingChecker) -> tuple[int, int]:
    """An error token as marked: a lone negation particle widened to what it negates.

    Other function words are dropped (an empty range); the rest stay as they are.
    """
    if not only_function_words(text[start:end]):
        return start, end
    negation = [i for i in checker.checkables(text) if i.kind is CheckableKind.NEGATION and start <= i.start < end]
    return marked_range(text, negation[0], checker.spacy_model) if negation else (start, start)


def _members(found: ClaimEvidence) -> list[CorpusSentence]:
    """Every sentence retrieved for a claim, once each.

    Each main sentence (best first) with its supporting ones, then the windows' sentences.
    """
    members: dict[tuple[str, int, int], CorpusSentence] = {}
    groups = [[main, *support] for main, support in zip(found.main, found.support, strict=True)]
    for group in (*groups, *found.windows):
        for member in group:
            members.setdefault((member.document_id, member.sentence.span.start, member.sentence.span.end), member)
    return list(members.values())


def _whole_chunks(chunks: Sequence[Any]) -> ClaimEvidence:
    evidence = ClaimEvidence()
    for chunk in chunks:
        evidence.main.append(chunk.sentences[0])
        evidence.support.append(list(chunk.sentences[1:]))
        evidence.scores.append(0.0)
    return evidence


def _evidence(found: ClaimEvidence) -> list[Evidence]:
    """The claim's evidence, each sentence once with its own score (its group's where the retriever gave none)."""
    items: list[Evidence] = []
    seen: set[tuple[str, int, int]] = set()

    def add(sentence: CorpusSentence, role: EvidenceRole, score: float) -> None:
        key = (sentence.document_id, sentence.sentence.span.start, sentence.sentence.span.end)
        if key in seen:
            return
        seen.add(key)
        items.append(Evidence(document_id=sentence.document_id, sentence_index=sentence.sentence.index,
                              text=sentence.text, span=sentence.sentence.span, role=role,
                              score=found.score_of(sentence, score)))  # fmt: skip

    for main, support, score in zip(found.main, found.support, found.scores, strict=True):
        add(main, EvidenceRole.MAIN, score)
        for s in support:
            add(s, EvidenceRole.SUPPORT, score)
    for window, score in zip(found.windows, found.window_scores, strict=True):
        for s in window:
            add(s, EvidenceRole.SUPPORT, score)
    return items


def _sentence_scores(sentences: list[Sentence], verdicts: list[ClaimVerdict], threshold: float) -> list[SentenceScore]:
    scores = []
    for sentence in sentences:
        mine = [v for v in verdicts if v.claim.sentence_index == sentence.index]
        if not mine:
            continue
        score_fs = fact_score([v.label for v in mine]) or 0.0
        score = 1.0 - score_fs
        # two claims of one sentence often mark the same words and read the same sentences: each is listed once
        marked = {(s.start, s.end): s for v in mine for s in v.answer_error_spans}
        scores.append(
            SentenceScore(
                sentence=sentence,
                score=score,
                hallucinated=score >= threshold,
                error_spans=[marked[k] for k in sorted(marked)],
                evidence=order_evidence(sentence.text, [e for v in mine for e in v.evidence])[:6],
            )
        )
    return scores

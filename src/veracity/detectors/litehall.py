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
from veracity.stages.retrieve.evidence import ClaimEvidence, LLMEvidenceRetriever, ScoredEvidenceRetriever
from veracity.stages.verify.claims import LLMClaimVerifier, NLIClaimVerifier, fact_score
from veracity.text.split import SentenceSplitter
from veracity.text.tagging import CorpusSentence

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

    @classmethod
    def from_config(cls, config: LiteHallConfig | None = None, **overrides: Any) -> Self:
        """Build the detector and its models (loaded on first use)."""
        settings = cls.settings_from(config, overrides)
        scorer = scorer_for(settings.nli_model, settings)
        return cls(scorer, SentenceTransformerEmbedder(settings.embedder, device=settings.device), settings)

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
            verdicts.append(
                ClaimVerdict(
                    claim=claim,
                    label=check.label,
                    p_supported=min(1.0, max(0.0, check.p_supported)),
                    error_spans=check.error_spans,
                    answer_error_spans=locate_in_answer(answer, claim, check.error_spans),
                    evidence=_evidence(found),
                )
            )
        score_fs = fact_score([v.label for v in verdicts])
        score = 1.0 - (score_fs if score_fs is not None else 1.0)
        sentence_scores = _sentence_scores(claim_set.sentences, verdicts, threshold)
        spans = sorted({(s.start, s.end): s for v in verdicts for s in v.answer_error_spans}.values(),
                       key=lambda s: s.start)  # fmt: skip
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

    def _claims(self, answer: str, question: str | None) -> ClaimSet:
        if self.settings.extractor != "none":
            return self.extractor.extract(answer, question)
        sentences = self._splitter.split(answer) or [Sentence(index=0, span=TextSpan.of(answer, 0, len(answer)))]
        if len(sentences) == 1 and question and question.strip():
            text = f'The answer to "{question.strip()}" is: {answer.strip()}'
            return ClaimSet(sentences, [Claim(id="c1", text=text, sentence_index=0, span=sentences[0].span)])
        claims = [Claim(id=f"c{s.index + 1}", text=s.text, sentence_index=s.index, span=s.span) for s in sentences]
        return ClaimSet(sentences, claims)


def _whole_chunks(chunks: Sequence[Any]) -> ClaimEvidence:
    evidence = ClaimEvidence()
    for chunk in chunks:
        evidence.main.append(chunk.sentences[0])
        evidence.support.append(list(chunk.sentences[1:]))
        evidence.scores.append(0.0)
    return evidence


def _evidence(found: ClaimEvidence) -> list[Evidence]:
    items: list[Evidence] = []
    seen: set[tuple[str, int, int]] = set()

    def add(sentence: CorpusSentence, role: EvidenceRole, score: float) -> None:
        key = (sentence.document_id, sentence.sentence.span.start, sentence.sentence.span.end)
        if key in seen:
            return
        seen.add(key)
        items.append(Evidence(document_id=sentence.document_id, sentence_index=sentence.sentence.index,
                              text=sentence.text, span=sentence.sentence.span, role=role, score=score))  # fmt: skip

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
        scores.append(
            SentenceScore(
                sentence=sentence,
                score=score,
                hallucinated=score >= threshold,
                error_spans=[s for v in mine for s in v.answer_error_spans],
                evidence=[e for v in mine for e in v.evidence][:6],
            )
        )
    return scores

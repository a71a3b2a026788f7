"""The ``oasis`` detector: LLM-OASIS's end-to-end factuality evaluator (``../shared/papers/llm-oasis.txt`` §5).

Claim extraction (§5.1) → evidence retrieval (§5.2) → claim verification by Algorithm 1 (§5.3) → aggregation:

- **Claims** come from the extractor litehall uses (:class:`~veracity.stages.claims.RulesClaimExtractor`, or the
  ``llm`` one with ``extractor=llm``).
- **Evidence** is the top-k (``top_k``, 30 as in the paper) passages per claim from a knowledge index built with
  ``veracity index build`` (``index=DIR``; the open-domain mode), searched by BM25 by default (chosen on dev;
  ``hybrid`` and ``dense`` by setting). When context documents are given they are the evidence instead: their
  passages (Chunk(X; T), the index's cut) ranked by embedding similarity.
- **Verification** walks each claim's passages in ranking order with the NLI model (Eq. 7: the argmax label):
  the first entailment verifies the claim, the first contradiction refutes it; all neutral is *not enough
  evidence* (:func:`~veracity.detectors.oasis.ranked.first_decision`).
- **Aggregation**: the text is factual iff all its claims are verified.

Labels in the report: ``supported`` (an entailing passage), ``not_supported`` (a contradicting one),
``unverifiable`` — not enough evidence: every passage neutral. Such a claim is counted as unsupported, so the
answer is hallucinated (veracity's default: "nothing found" must not read as "checked and true");
``neutral_verified=true`` counts it as verified, as the paper's Algorithm 1 (line 10) does. Each claim's evidence
is the passage that decided it (or the best-ranked one), with its document id and offsets; its score is the
retrieval score relative to the claim's best passage (in [0, 1], as every detector's evidence scores).
The score is the refuting probability of the most confidently refuted claim (0 when every claim is verified), so
that "hallucinated iff score ≥ threshold" holds with a threshold just above 0.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
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
from veracity.detectors.oasis.ranked import RankedCheck, RankedPassageVerifier
from veracity.detectors.verifier import DEFAULT_VERIFIER
from veracity.errors import InputError
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
    SentenceScore,
    TextSpan,
)
from veracity.stages.claims import ClaimSet, LLMClaimExtractor, QuestionContext, RulesClaimExtractor, locate_in_answer
from veracity.stages.retrieve.knowledge import KnowledgeIndex, Passage, document_passages, rank_passages
from veracity.stages.verify.claims import conflicting_spans
from veracity.stages.verify.grounding import (
    Checkable,
    CheckableKind,
    EvidenceFacts,
    GroundingChecker,
    find_unsupported,
)
from veracity.stages.verify.grounding_pairs import misplaced_names
from veracity.text.split import SentenceSplitter

__all__ = ["OasisConfig", "OasisDetector"]

_THRESHOLD = 1e-6


class OasisConfig(ModelSettings):
    """Settings of the ``oasis`` detector (the paper's defaults where it gives them)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    index: str | None = Field(
        None,
        description="A knowledge index folder (`veracity index build`): the evidence when no context is given.",
    )
    top_k: int = Field(30, ge=1, description="k: passages per claim (§6, chosen there on Recall@k).")
    search: Literal["hybrid", "dense", "bm25"] = Field(
        "bm25",
        description="How the index is searched (the paper: dense). BM25 was chosen on dev (train documents; "
        "experiments/oasis-dev): docs/oasis.md.",
    )
    depth: int = Field(100, ge=1, description="Hybrid search: candidates per method before fusion.")
    extractor: Literal["rules", "llm"] = "rules"
    question_context: QuestionContext = "clauses"
    question_words: int | None = Field(20, ge=1, description="As litehall's (the last words of a long question).")
    neutral_verified: bool = Field(
        False,
        description="A claim whose passages are all neutral (not enough evidence): false counts it as unsupported "
        "(the answer is hallucinated); true counts it as verified, as the paper's Algorithm 1 (line 10).",
    )
    min_entailment: float | None = Field(
        None, ge=0, le=1, description="An ENT argmax below this P(ENT) reads as NEUT; None: the paper's argmax."
    )
    min_contradiction: float | None = Field(
        None, ge=0, le=1, description="A CONTR argmax below this P(CONTR) reads as NEUT; None: the paper's argmax."
    )
    entity_alignment: bool = Field(
        True,
        description="Also refute an entailed claim whose names are missing from the deciding passage's sentence "
        "that states the rest of it (entity confusion; veracity's addition, chosen on dev: docs/oasis.md; "
        "false: the paper's Algorithm 1).",
    )
    alignment_coreference: bool = Field(
        True,
        description="entity_alignment: a name in the sentence before counts as placed when the chosen sentence has a "
        "third-person pronoun.",
    )
    number_alignment: bool = Field(
        True,
        description="Also refute an entailed claim whose numbers or dates the deciding passage does not state "
        "(veracity's addition, chosen on dev: docs/oasis.md).",
    )
    block: int = Field(4, ge=1, description="Passages per claim scored per batch round (same result as 1; speed).")
    passage_tokens: int = Field(128, ge=8, description="Context mode: words per passage (the index's default).")
    llm: str = Field(DEFAULT_LOCAL_LLM, description="LLM of extractor=llm: a catalog name, .gguf path or URL.")
    llm_timeout: float = Field(120.0, gt=0)
    nli_model: str = DEFAULT_VERIFIER
    embedder: str = Field(DEFAULT_EMBEDDER, description="Context mode's embedder (an index uses its own).")


class OasisDetector(ConfiguredDetector[OasisConfig]):
    """Claims → passages from an index (or the context) → Algorithm 1 → all claims verified or not."""

    name = "oasis"
    config_class = OasisConfig

    def __init__(
        self,
        scorer: PairScorer,
        embedder: Any,
        settings: OasisConfig | None = None,
        index: KnowledgeIndex | None = None,
        llm: LLM | None = None,
    ) -> None:
        self.settings = settings or OasisConfig()
        s = self.settings
        self.scorer = scorer
        self.embedder = embedder
        self._index = index
        self._index_lock = threading.Lock()
        rules = RulesClaimExtractor(question_context=s.question_context, question_words=s.question_words)
        self.llm = llm if llm is not None or s.extractor != "llm" else load_llm(s.llm, timeout=s.llm_timeout)
        self.extractor: RulesClaimExtractor | LLMClaimExtractor = (
            LLMClaimExtractor(self.llm, rules) if self.llm is not None and s.extractor == "llm" else rules
        )
        self.verifier = RankedPassageVerifier(
            scorer, s.block, s.neutral_verified, s.min_entailment, s.min_contradiction
        )
        self._checker = GroundingChecker()
        self._splitter = SentenceSplitter("rules")

    @classmethod
    def from_config(cls, config: OasisConfig | None = None, **overrides: Any) -> Self:
        """Build the detector; its models and its index load on first use."""
        settings = cls.settings_from(config, overrides)
        scorer = scorer_for(settings.nli_model, settings)
        return cls(
            scorer,
            SentenceTransformerEmbedder(settings.embedder, device=settings.device, backend=settings.backend),
            settings,
        )

    def _models(self) -> dict[str, str]:
        models = {"nli": self.scorer.model_id, "embedder": self.embedder.model_id}
        if self._index is not None:
            models["index_embedder"] = self._index.embedder.model_id
        if self.llm is not None:
            models["llm"] = self.llm.model_id
        return models

    def index(self) -> KnowledgeIndex | None:
        """The knowledge index of the ``index`` setting, opened once (``None`` when there is none)."""
        if self._index is None and self.settings.index is not None:
            with self._index_lock:
                if self._index is None:
                    folder = Path(self.settings.index).expanduser()
                    manifest_embedder = _index_embedder(folder)
                    embedder = (
                        self.embedder
                        if manifest_embedder == self.embedder.model_id
                        else SentenceTransformerEmbedder(manifest_embedder, device=self.settings.device)
                    )
                    self._index = KnowledgeIndex.open(folder, embedder)
        return self._index

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """Check ``answer`` against ``context`` or, when no context is given, against the index."""
        if context is None or (isinstance(context, (list, tuple)) and not context):
            if self.settings.index is None and self._index is None:
                raise InputError(
                    "no context and no knowledge index: give context documents, or --index DIR "
                    "(an index built with `veracity index build`)"
                )
            documents: list[Document] = []
        else:
            documents = as_documents(context)
        if not answer.strip():
            return empty_answer_report(self, answer, question, _THRESHOLD, self._models())
        timer = StageTimer()
        notes: list[str] = []
        with timer.stage("claims"):
            claim_set = self.extractor.extract(answer, question)
            notes += claim_set.notes
        claims = claim_set.claims
        if not claims:
            notes.append("no checkable claim in the answer: nothing to verify")
            return Report(answer=answer, question=question, verdict="faithful", score=0.0, threshold=_THRESHOLD,
                          detector=self.name, config=self.config(), models=self._models(),
                          timings_ms=timer.timings_ms, notes=notes)  # fmt: skip
        with timer.stage("retrieval"):
            ranked = self._retrieve([c.text for c in claims], documents, notes)
        with timer.stage("verification"):
            checks = self.verifier.verify([c.text for c in claims], [[p.text for p, _ in r] for r in ranked])
        misplaced: list[list[Checkable]] = [[] for _ in claims]
        if self.settings.entity_alignment or self.settings.number_alignment:
            with timer.stage("alignment"):
                for i, (claim, check, hits) in enumerate(zip(claims, checks, ranked, strict=True)):
                    if check.verified and check.decided_by is not None:
                        misplaced[i] = self._misaligned(claim.text, hits[check.decided_by][0].text)
                        if misplaced[i]:
                            checks[i] = replace(check, verified=False)
        verdicts = [
            self._verdict(answer, claim, check, hits, names)
            for claim, check, hits, names in zip(claims, checks, ranked, misplaced, strict=True)
        ]
        neutral = sum(1 for v in verdicts if v.label is Label.UNVERIFIABLE)
        if neutral:
            counted = (
                "counted as verified (neutral_verified=true, the paper's Algorithm 1)"
                if self.settings.neutral_verified
                else "counted as unsupported (neutral_verified=true counts them as verified, as the paper does)"
            )
            notes.append(f"{neutral} claim(s) with not enough evidence (every passage neutral): {counted}")
        refuting = [_refuting_probability(check) for check in checks if not check.verified]
        score = max(refuting, default=0.0)
        spans = sorted({(s.start, s.end): s for v in verdicts for s in v.answer_error_spans}.values(),
                       key=lambda s: s.start)  # fmt: skip
        return self.report(
            timer=timer,
            answer=answer,
            question=question,
            score=score,
            threshold=_THRESHOLD,
            sentences=_sentence_scores(claim_set, verdicts, checks),
            claims=verdicts,
            hallucinated_spans=spans,
            models=self._models(),
            notes=notes,
        )

    def _misaligned(self, claim: str, passage: str) -> list[Checkable]:
        """The claim's names placed elsewhere in ``passage`` and its numbers / dates ``passage`` lacks."""
        items = self._checker.checkables(claim)
        found: list[Checkable] = []
        if self.settings.entity_alignment:
            sentences = [x.text for x in self._splitter.split(passage)]
            found += misplaced_names(claim, items, sentences, coreference=self.settings.alignment_coreference)
        if self.settings.number_alignment:
            numeric = [item for item in items if item.kind in (CheckableKind.NUMBER, CheckableKind.DATE)]
            found += find_unsupported(numeric, EvidenceFacts.of(passage))
        return sorted(found, key=lambda item: item.start)

    def _retrieve(
        self, claims: list[str], documents: list[Document], notes: list[str]
    ) -> list[list[tuple[Passage, float]]]:
        k = self.settings.top_k
        if documents:
            if self.settings.index is not None:
                notes.append("evidence from the context documents; the knowledge index was not searched")
            passages = [p for d in documents for p in document_passages(d, self.settings.passage_tokens)]
            return rank_passages(claims, passages, self.embedder, k)
        index = self.index()
        assert index is not None
        if index.manifest["passages"] == 0:
            notes.append("the knowledge index is empty: no evidence for any claim")
        hits = index.search_many(claims, k, self.settings.search, self.settings.depth)
        # BM25 and fused scores are unbounded; evidence scores read in [0, 1] everywhere: relative to the best.
        out = []
        for found in hits:
            best = max((hit.score for hit in found), default=0.0)
            out.append([(hit.passage, hit.score / best if best > 0 else 0.0) for hit in found])
        return out

    def _verdict(
        self,
        answer: str,
        claim: Claim,
        check: RankedCheck,
        hits: list[tuple[Passage, float]],
        misplaced: list[Checkable],
    ) -> ClaimVerdict:
        p_e = check.probs[0]
        if check.decided_by is None:
            label, p_supported = Label.UNVERIFIABLE, p_e
        elif check.verified:
            label, p_supported = Label.SUPPORTED, p_e
        else:
            label, p_supported = Label.NOT_SUPPORTED, 1.0 - _refuting_probability(check)
        evidence = []
        shown = hits[check.decided_by] if check.decided_by is not None else (hits[0] if hits else None)
        if shown is not None:
            passage, retrieval_score = shown
            evidence.append(
                Evidence(
                    document_id=passage.doc_id,
                    sentence_index=None,
                    text=passage.text,
                    span=TextSpan(start=passage.start, end=passage.start + len(passage.text), text=passage.text),
                    role=EvidenceRole.MAIN,
                    score=retrieval_score,
                )
            )
        if misplaced:
            error_spans = [TextSpan.of(claim.text, name.start, name.end) for name in misplaced]
        elif label is Label.NOT_SUPPORTED and shown is not None:
            error_spans = conflicting_spans(claim.text, shown[0].text, self._checker)
        else:
            error_spans = []
        return ClaimVerdict(
            claim=claim,
            label=label,
            p_supported=min(1.0, max(0.0, p_supported)),
            error_spans=error_spans,
            answer_error_spans=locate_in_answer(answer, claim, error_spans),
            evidence=evidence,
        )


def _index_embedder(folder: Path) -> str:
    """The embedder named in an index's manifest (opening the index checks the rest)."""
    import json

    try:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        return str(manifest["embedder"])
    except (OSError, ValueError, KeyError, TypeError):
        return DEFAULT_EMBEDDER  # KnowledgeIndex.open gives the clear error


def _refuting_probability(check: RankedCheck) -> float:
    """How sure the refutation of a claim is.

    P(CONTR) of the contradicting passage; 1 − P(ENT) of an entailing passage whose sentence misplaces a name
    (``entity_alignment``); P(NEUT) when all-neutral claims count as refuted. Never below the threshold.
    """
    p_e, p_n, p_c = check.probs
    if check.decided_by is None:
        return max(_THRESHOLD, p_n)
    return max(_THRESHOLD, p_c if p_c >= p_e else 1.0 - p_e)


def _sentence_scores(
    claim_set: ClaimSet, verdicts: list[ClaimVerdict], checks: list[RankedCheck]
) -> list[SentenceScore]:
    scores = []
    for sentence in claim_set.sentences:
        mine = [(v, c) for v, c in zip(verdicts, checks, strict=True) if v.claim.sentence_index == sentence.index]
        if not mine:
            continue
        refuted = [_refuting_probability(c) for _, c in mine if not c.verified]
        score = max(refuted, default=0.0)
        scores.append(
            SentenceScore(
                sentence=sentence,
                score=score,
                hallucinated=score >= _THRESHOLD,
                error_spans=[s for v, _ in mine for s in v.answer_error_spans],
                evidence=[e for v, _ in mine for e in v.evidence][:6],
            )
        )
    return scores

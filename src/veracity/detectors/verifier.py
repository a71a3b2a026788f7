"""The ``verifier`` detector: a :class:`~veracity.models.pair_scorer.PairScorer` applied directly.

Two modes:

- ``whole``: one pair (the context documents joined, the answer — stated with its question as
  ``The answer to "{question}" is: {answer}`` when there is one); score = 1 − P(entailment). A context longer than
  the model's ``max_length`` loses its end.
- ``per_document``: the same hypothesis against each document alone; score = 1 − max_d P(entailment) (the
  "max over single documents" baseline of Logic-Matters Table 7).
- ``chunked`` (default): each document is cut into chunks of at most ``chunk_tokens`` tokens (whole sentences,
  :func:`~veracity.text.chunk.chunk_sentences`) and the answer into sentences (a one-sentence answer to a question
  is stated with the question, as above). Every (chunk, answer sentence) pair is scored; a sentence's support is
  its best chunk, s_i = max_j P(entail | chunk_j, sentence_i), and the answer is as weak as its weakest sentence:
  score = 1 − min_i s_i (the zero-shot SummaC rule). Each sentence's score and best chunk are in the report; in a
  sentence judged hallucinated, the words its best chunk lacks are marked (``mark_words``: the names, numbers and
  dates the grounding checker finds unstated, else the content words the chunk does not contain) — the model
  scores sentences, these marks say where to look.

On NLI pair files the harness calls :meth:`VerifierDetector.score_pairs` on (premise, hypothesis) and takes the
arg-max label. It is the baseline every graph- or claim-based detector must beat with the same model.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Self

import numpy as np
from numpy.typing import NDArray
from pydantic import ConfigDict, Field

from veracity.detectors.base import (
    ConfiguredDetector,
    ModelSettings,
    StageTimer,
    as_documents,
    empty_answer_report,
    scorer_for,
)
from veracity.models.pair_scorer import ENTAILMENT, PairScorer
from veracity.schema import Document, Evidence, EvidenceRole, Report, Sentence, SentenceScore, TextSpan
from veracity.stages.verify.claims import conflicting_spans
from veracity.stages.verify.grounding import GroundingChecker
from veracity.text.chunk import TextChunk, chunk_sentences
from veracity.text.split import SentenceSplitter
from veracity.text.tokens import RegexTokenizer

__all__ = ["HypothesisOnlyScorer", "VerifierConfig", "VerifierDetector"]

DEFAULT_VERIFIER = "veracity-nli-small"


class VerifierConfig(ModelSettings):
    """Settings of the ``verifier`` detector."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    model: str = Field(DEFAULT_VERIFIER, description="Pair scorer: catalog name, local folder or cached HF id.")
    threshold: float = Field(0.5, ge=0.0, le=1.0, description="Hallucinated iff 1 − P(entailment) >= threshold.")
    mode: Literal["whole", "per_document", "chunked"] = Field(
        "chunked",
        description="whole: one (context, answer) pair; per_document: the best single document; "
        "chunked: answer sentences × context chunks.",
    )
    chunk_tokens: int = Field(200, ge=8, description="Words per context chunk in chunked mode.")
    max_chunks: int = Field(64, ge=1, description="Chunks scored per answer; the rest are dropped with a note.")
    mark_words: bool = Field(
        True,
        description="Chunked mode: in a sentence judged hallucinated, mark the words its best chunk lacks (names, "
        "numbers, dates; else content words). The score does not change.",
    )
    splitter: Literal["auto", "spacy", "rules"] = "rules"
    hypothesis_only: bool = Field(
        False, description="Blank every premise before scoring: how the hypothesis-only control is evaluated."
    )
    question_template: str | None = Field(
        'The answer to "{question}" is: {answer}',
        description="Hypothesis when a question is given (Logic-Matters §3.5's H); None: the bare answer.",
    )


class HypothesisOnlyScorer:
    """Scores (empty premise, hypothesis) for every pair: the input a hypothesis-only control was trained on."""

    def __init__(self, inner: PairScorer) -> None:
        self.inner = inner
        self.model_id = f"{inner.model_id} (premise blanked)"

    def score(self, pairs: Sequence[tuple[str, str]]) -> NDArray[np.float32]:
        """The inner scorer on blanked premises."""
        return self.inner.score([("", hypothesis) for _, hypothesis in pairs])


class VerifierDetector(ConfiguredDetector[VerifierConfig]):
    """NLI per answer sentence: for a claim over a short passage; flags most reworded RAG answers (docs/verifier.md).

    One NLI cross-encoder reads each answer sentence against each passage chunk (``chunked``, the default mode).
    Built for NLI pairs and single claims or one-sentence answers over a short passage. On multi-sentence answers
    reworded from several passages (RAG answers) it flags most faithful ones: measured in docs/verifier.md
    ("What the `verifier` detector is for"); use the default detector (``auto``) there.
    """

    name = "verifier"
    config_class = VerifierConfig

    def __init__(self, scorer: PairScorer, settings: VerifierConfig | None = None) -> None:
        self.scorer = scorer
        self.settings = settings or VerifierConfig()
        self._splitter = SentenceSplitter(self.settings.splitter)
        self._tokenizer = RegexTokenizer()
        self._checker = GroundingChecker()

    @classmethod
    def from_config(cls, config: VerifierConfig | None = None, **overrides: Any) -> Self:
        """Build the detector and its pair scorer from settings."""
        settings = cls.settings_from(config, overrides)
        scorer = scorer_for(settings.model, settings)
        return cls(HypothesisOnlyScorer(scorer) if settings.hypothesis_only else scorer, settings)

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> NDArray[np.float32]:
        """P(entailment), P(neutral), P(contradiction) per (premise, hypothesis)."""
        return self.scorer.score(pairs)

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """Score ``answer`` against all of ``context`` joined (truncated to the model's length)."""
        documents = as_documents(context)
        threshold = self.settings.threshold
        if not answer.strip():
            return empty_answer_report(self, answer, question, threshold, {"nli": self.scorer.model_id})
        if self.settings.mode == "chunked":
            return self._detect_chunked(answer, documents, question)
        template = self.settings.question_template
        hypothesis = (
            template.format(question=question.strip(), answer=answer.strip()) if question and template else answer
        )
        timer = StageTimer()
        if self.settings.mode == "per_document":
            premises = [d.text for d in documents]
        else:
            premises = ["\n\n".join(d.text for d in documents)]
        with timer.stage("nli"):
            entailment = float(self.scorer.score([(p, hypothesis) for p in premises])[:, ENTAILMENT].max())
        score = float(min(1.0, max(0.0, 1.0 - entailment)))
        # A published scorer that cuts the context as its reference does (MiniCheck, FactCG) says so.
        describe = getattr(self.scorer, "reading_notes", None)
        return self.report(
            timer=timer,
            answer=answer,
            question=question,
            score=score,
            threshold=threshold,
            models={"nli": self.scorer.model_id},
            notes=describe(premises) if describe is not None else [],
        )

    def _detect_chunked(self, answer: str, documents: list[Document], question: str | None) -> Report:
        settings = self.settings
        timer = StageTimer()
        notes: list[str] = []
        with timer.stage("segmentation"):
            chunks: list[tuple[Document, TextChunk]] = []
            for document in documents:
                sentences = self._splitter.split(document.text)
                for chunk in chunk_sentences(document.text, sentences, self._tokenizer, settings.chunk_tokens):
                    chunks.append((document, chunk))
            if len(chunks) > settings.max_chunks:
                notes.append(f"context has {len(chunks)} chunks; only the first {settings.max_chunks} were scored")
                chunks = chunks[: settings.max_chunks]
            answer_sentences = self._splitter.split(answer) or [
                Sentence(index=0, span=TextSpan.of(answer, 0, len(answer)))
            ]
            template = settings.question_template
            if question and template and len(answer_sentences) == 1:
                hypotheses = [template.format(question=question.strip(), answer=answer.strip())]
            else:
                hypotheses = [s.text for s in answer_sentences]
        if not chunks:
            notes.append("the context has no sentences: nothing supports the answer")
            # One empty pseudo-chunk keeps the arithmetic defined: support 0, no evidence shown.
            probs = np.zeros((len(hypotheses), 1), dtype=np.float32)
        else:
            with timer.stage("nli"):
                pairs = [(chunk.text, h) for h in hypotheses for _, chunk in chunks]
                probs = self.scorer.score(pairs)[:, ENTAILMENT].reshape(len(hypotheses), len(chunks))
        support = probs.max(axis=1)
        best = probs.argmax(axis=1)
        sentence_scores = []
        marked: list[TextSpan] = []
        for sentence, s_i, j in zip(answer_sentences, support, best, strict=True):
            score_i = float(min(1.0, max(0.0, 1.0 - s_i)))
            evidence = []
            if chunks:
                document, chunk = chunks[int(j)]
                evidence = [
                    Evidence(
                        document_id=document.id,
                        sentence_index=chunk.sentence_indices[0],
                        text=chunk.text,
                        span=chunk.span,
                        role=EvidenceRole.MAIN,
                        score=float(s_i),
                    )
                ]
            hallucinated = score_i >= settings.threshold
            spans: list[TextSpan] = []
            if hallucinated and chunks and settings.mark_words:
                with timer.stage("marks"):
                    offset = sentence.span.start
                    spans = [
                        TextSpan.of(answer, offset + s.start, offset + s.end)
                        for s in conflicting_spans(sentence.text, chunks[int(j)][1].text, self._checker)
                    ]
                marked += spans
            sentence_scores.append(
                SentenceScore(
                    sentence=sentence, score=score_i, hallucinated=hallucinated, error_spans=spans, evidence=evidence
                )
            )
        score = max((s.score for s in sentence_scores), default=0.0)
        return self.report(
            timer=timer,
            answer=answer,
            question=question,
            score=score,
            threshold=settings.threshold,
            sentences=sentence_scores,
            hallucinated_spans=marked,
            models={"nli": self.scorer.model_id},
            notes=notes,
        )

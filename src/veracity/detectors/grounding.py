"""The ``grounding`` detector: sentence alignment plus the rule-based grounding checker, no NLI model.

For each answer sentence: align it to its ``top_k`` most similar context sentences (MiniLM), then flag its named
entities, numbers, dates and negations that the aligned evidence does not contain
(:mod:`veracity.stages.verify.grounding`).

Scores (see docs/design.md): with ``sim`` the best alignment similarity of a sentence and
``m = min_similarity``,

* alignment score  u = clip(0.5 · (1 − sim) / (1 − m), 0, 1)  — reaches 0.5 exactly when sim = m;
* sentence score   s = max(u, 0.5 + 0.5 · flagged / checked) if any item is flagged, else u;
* answer score     = max over sentences; hallucinated iff score ≥ threshold (default 0.5).

So an answer is hallucinated when some sentence has an unsupported item (those items are its error spans), or no
context sentence resembles it (sim ≤ m: the whole sentence is the error span, label ``unverifiable``). Number words
count as numbers ("two" = 2) and durations by their length ("about two months" is supported by "60 days"); an
unsupported negation is marked with the words it negates ("does not last"), never as "not" alone.
Sentences that state nothing checkable (questions, filler such as "I hope this helps", fewer than 5 words with no
name or number) are not scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field

from veracity.detectors.base import ConfiguredDetector, Device, StageTimer, as_documents, empty_answer_report
from veracity.models.embedder import DEFAULT_EMBEDDER, SentenceTransformerEmbedder
from veracity.schema import (
    Claim,
    ClaimVerdict,
    Document,
    Evidence,
    Label,
    Report,
    Sentence,
    SentenceScore,
    TextSpan,
)
from veracity.stages.retrieve.align import EmbeddingAligner
from veracity.stages.verify.grounding import Checkable, GroundingChecker, marked_range
from veracity.text.factual import check_factual
from veracity.text.split import SentenceSplitter, SplitterBackend, merge_ranges
from veracity.text.tagging import split_documents

__all__ = ["GroundingConfig", "GroundingDetector"]


class GroundingConfig(BaseModel):
    """Settings of the ``grounding`` detector."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    embedder: str = Field(DEFAULT_EMBEDDER, description="Sentence embedding model for alignment.")
    device: Device = "cpu"
    backend: Literal["auto", "torch", "onnx"] = Field(
        "auto", description="The embedder's backend: torch, onnx, or auto (onnx when its files are there)."
    )
    splitter: SplitterBackend = "auto"
    top_k: int = Field(3, ge=1, description="Evidence sentences aligned to each answer sentence.")
    max_candidates: int = Field(512, ge=1, description="Context sentences embedded at most (lexical prefilter).")
    min_similarity: float = Field(0.2, ge=0.0, lt=1.0, description="Below this, a sentence counts as unaligned.")
    threshold: float = Field(0.5, ge=0.0, le=1.0, description="Hallucinated iff score >= threshold.")
    question_as_evidence: bool = Field(True, description="Names taken from the question are not flagged.")
    check_proper_nouns: bool = True
    check_negation: bool = True


class GroundingDetector(ConfiguredDetector[GroundingConfig]):
    """Flags the names, numbers, dates and negations of an answer that its aligned evidence does not contain.

    Example::

        from veracity import Document, load_detector

        detector = load_detector("grounding")
        report = detector.detect("Paris is in Germany.", [Document(id="d1", text="Paris is in France.")])
        report.verdict, [s.text for s in report.hallucinated_spans]   # ('hallucinated', ['Germany'])
    """

    name = "grounding"
    config_class = GroundingConfig

    def __init__(
        self,
        splitter: SentenceSplitter,
        aligner: EmbeddingAligner,
        checker: GroundingChecker,
        settings: GroundingConfig | None = None,
    ) -> None:
        self.splitter = splitter
        self.aligner = aligner
        self.checker = checker
        self.settings = settings or GroundingConfig()

    @classmethod
    def from_config(cls, config: GroundingConfig | None = None, **overrides: Any) -> Self:
        """Build the detector and its stages from settings (``overrides`` are validated field by field)."""
        settings = cls.settings_from(config, overrides)
        return cls(
            splitter=SentenceSplitter(settings.splitter),
            aligner=EmbeddingAligner(
                SentenceTransformerEmbedder(settings.embedder, device=settings.device, backend=settings.backend),
                settings.top_k,
                settings.max_candidates,
            ),
            checker=GroundingChecker(settings.check_proper_nouns, settings.check_negation),
            settings=settings,
        )

    def config(self) -> dict[str, Any]:
        """The settings recorded in every report."""
        return {**self.settings.model_dump(), "splitter_backend": self.splitter.backend}

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """Check ``answer`` against ``context``.

        An empty (or whitespace) answer is ``faithful`` with no sentences.

        Raises:
            InputError: no non-empty context document.
        """
        documents = as_documents(context)
        timer = StageTimer()
        settings = self.settings
        models = {"embedder": self.aligner.embedder.model_id, "spacy": self.checker.spacy_model}
        if not answer.strip():
            return empty_answer_report(self, answer, question, settings.threshold, models)
        with timer.stage("split"):
            sentences = self.splitter.split(answer)
            corpus = split_documents(documents, self.splitter)
            checked = [s for s in sentences if _states_something(s.text, self.checker)]
        with timer.stage("align"):
            alignment = self.aligner.align([s.text for s in checked], corpus)
        scores: list[SentenceScore] = []
        verdicts: list[ClaimVerdict] = []
        with timer.stage("check"):
            by_index = dict(zip((s.index for s in checked), alignment.evidence, strict=True))
            for sentence in sentences:
                if sentence.index not in by_index:
                    scores.append(SentenceScore(sentence=sentence, score=0.0, hallucinated=False))
                    continue
                evidence = by_index[sentence.index]
                score, verdict = self._judge(answer, sentence, evidence, question)
                scores.append(score)
                verdicts.append(verdict)
        answer_score = max((s.score for s in scores), default=0.0)
        spans = _merge([span for s in scores for span in s.error_spans], answer)
        notes = list(alignment.notes)
        if not checked:
            notes.append("no answer sentence states anything checkable")
        return self.report(
            timer=timer,
            answer=answer,
            question=question,
            score=answer_score,
            threshold=settings.threshold,
            sentences=scores,
            claims=verdicts,
            hallucinated_spans=spans,
            models=models,
            notes=notes,
        )

    def _judge(
        self, answer: str, sentence: Sentence, evidence: list[Evidence], question: str | None
    ) -> tuple[SentenceScore, ClaimVerdict]:
        settings = self.settings
        similarity = max((e.score for e in evidence), default=0.0)
        aligned = _clip(0.5 * (1.0 - similarity) / (1.0 - settings.min_similarity))
        extra = question if settings.question_as_evidence and question else ""
        items, missing = self.checker.check(sentence.text, [e.text for e in evidence], extra)
        score = max(aligned, 0.5 + 0.5 * len(missing) / len(items)) if missing else aligned
        hallucinated = score >= settings.threshold
        offset = sentence.span.start
        marked = merge_ranges([marked_range(sentence.text, m, self.checker.spacy_model) for m in missing])
        item_spans = [TextSpan.of(answer, offset + start, offset + end) for start, end in marked]
        # A sentence nothing in the context resembles is unsupported as a whole, whatever its items.
        unaligned = similarity <= settings.min_similarity
        whole = unaligned or (hallucinated and not missing)
        label = Label.UNVERIFIABLE if unaligned else Label.NOT_SUPPORTED if missing else Label.SUPPORTED
        claim = Claim(id=f"s{sentence.index}", text=sentence.text, sentence_index=sentence.index, span=sentence.span)
        verdict = ClaimVerdict(
            claim=claim,
            label=label,
            p_supported=1.0 - score,
            error_spans=[TextSpan.of(sentence.text, start, end) for start, end in marked],
            answer_error_spans=item_spans,
            evidence=evidence,
        )
        sentence_score = SentenceScore(
            sentence=sentence,
            score=score,
            hallucinated=hallucinated,
            error_spans=[sentence.span] if whole else item_spans,
            evidence=evidence,
        )
        return sentence_score, verdict


def _states_something(text: str, checker: GroundingChecker) -> bool:
    """Whether a sentence is worth checking: it names something, or f(c) fails only for lack of a name."""
    outcome = check_factual(text)
    if outcome.is_factual:
        return True
    if outcome.failed and outcome.failed.startswith("named entity"):
        return True
    return bool(outcome.failed and outcome.failed.startswith(("length", "verb")) and _has_name(text, checker))


def _has_name(text: str, checker: GroundingChecker) -> bool:
    kinds: list[Checkable] = checker.checkables(text)
    return any(k.kind != "negation" for k in kinds)


def _clip(value: float) -> float:
    return min(1.0, max(0.0, value))


def _merge(spans: list[TextSpan], source: str) -> list[TextSpan]:
    return [TextSpan.of(source, start, end) for start, end in merge_ranges([(s.start, s.end) for s in spans])]

"""The ``reader`` detector's class: reads every answer unit against the sources and decides by its worst unit.

:class:`ReaderDetector` runs the steps the package docstring lists (:mod:`veracity.detectors.reader`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Self

from pydantic import ConfigDict, Field

from veracity.detectors.base import ModelSettings, StageTimer, as_documents, empty_answer_report
from veracity.detectors.fitted import FittedModelDetector
from veracity.detectors.reader.assembly import ReaderStages
from veracity.detectors.reader.model import ReaderModel, signal_value
from veracity.detectors.reader.premises import nli_pair, premise_writer, with_bridges
from veracity.detectors.reader.signals import (
    abstention_signals,
    aligned_signals,
    copy_share,
    finding_signals,
    has_record,
    is_absent_name,
    is_fragment,
    lexical_sentence_signals,
    nli_signals,
    reader_sentences,
    shape_values,
    span_sentence_signals,
    value_signals,
    with_interactions,
)
from veracity.schema import (
    Details,
    Document,
    Evidence,
    Finding,
    Report,
    Sentence,
    SentenceScore,
    Signal,
    TextSpan,
)
from veracity.stages.sources import AlignedEvidence, AnswerUnits, SourceIndex, Sources
from veracity.text.split import merge_ranges

if TYPE_CHECKING:  # imported where used: a one-shot check loads it only when it reads
    from veracity.stages.verify.grounding import EvidenceFacts

__all__ = [
    "DEFAULT_READER_MODEL",
    "AnswerContext",
    "ReaderConfig",
    "ReaderDetector",
    "ScoredUnits",
    "UnitReading",
    "related_texts",
    "resolve_reader_model",
]

DEFAULT_READER_MODEL = "veracity-reader-small"
_FLOOR_NOTE = "evidence that decides by itself"  # how P was held up: no note of a report without one
_ABSTENTION_NOTE = "not a claim, read as faithful unless it denies what the sources state"


class ReaderConfig(ModelSettings):
    """Settings of the ``reader`` detector."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    model: str = Field(DEFAULT_READER_MODEL, description="Reader model: a shipped name or a JSON file.")
    verifier: str | None = Field(None, description="NLI pair scorer; None: the one the reader model was fitted with.")
    span_model: str | None = Field(None, description="Span model, when the reader model weighs its signals.")
    threshold: float | None = Field(None, ge=0.0, le=1.0, description="None: the reader model's own threshold.")
    top_k: int | None = Field(
        None, ge=1, le=8, description="Source sentences each unit is read against alone; None: the reader model's."
    )
    max_length: int | None = Field(160, ge=8, description="Tokens per NLI pair (a unit and its evidence are short).")
    consistency: bool = Field(True, description="Run the consistency and record checkers (their findings weigh).")
    masked_frames: bool | Literal["structured"] = Field(
        False,
        description="Also attach each value to the source frame most like its own (masked frames, read by the "
        'aligner; docs/reader.md): a value the sources give another thing is a conflict. "structured": only where '
        "a heading or list lead tells the two clauses apart.",
    )
    aligner: str | None = Field(
        "veracity-aligner-small",
        description="The model masked frames rank source clauses by (which clause a value is about; "
        "docs/reader.md); null: the untuned sentence embedder with word overlap, as before issue 77.",
    )
    premise_about: bool | None = Field(
        None,
        description="Write each NLI premise after what its sentence is about (heading path, list lead: "
        "Sources.about), so a line under a heading is read as about the heading's thing (docs/reader.md); None: as "
        "the reader model was fitted.",
    )
    batch_size: int = Field(32, ge=1, description="NLI pairs per model call.")
    quantize: Literal["none", "int8"] = Field("int8", description="The NLI model's weights: int8 (CPU) or none.")


def resolve_reader_model(name: str) -> Path:
    """The JSON file a ``model`` setting names: an existing path, or a model shipped in the package.

    Raises:
        ModelNotAvailableError: neither.
    """
    from veracity.models.catalog import resolve_json_model

    return resolve_json_model(name, "reader_model.json", "reader", DEFAULT_READER_MODEL)


def related_texts(texts: Sequence[str], answer: str, question: str | None) -> list[str]:
    """The sources that share a content word with the answer or the question (all of them when none does).

    The span model reads its passages as one context, and a passage about something else moves its token
    probabilities (an unrelated passage added before the right one raised an added detail's from 0.10 to 0.43): a
    source that shares no content word with what is asked and answered can neither support nor contradict it. No
    RAGTruth dev or training answer has such a passage, so their readings are unchanged.
    """
    from veracity.text.novelty import content_words
    from veracity.text.select import json_as_text

    asked = {w.form for w in content_words(f"{question or ''}\n{answer}")}
    related = [t for t in texts if {w.form for w in content_words(json_as_text(t))} & asked]
    return related or list(texts)


@dataclass
class UnitReading:
    """Everything the reader found about one answer unit."""

    start: int
    end: int
    signals: dict[str, float]
    evidence: list[AlignedEvidence]
    marks: list[tuple[int, int]]
    abstention: str | None = None
    absent: list[str] | None = None
    span_marks: list[tuple[int, int]] = field(default_factory=list)  # the span model's, clipped to the unit


@dataclass
class AnswerContext:
    """What every unit of one answer is read against: the sources, their index and facts, the checkers' findings."""

    answer: str
    question: str | None
    texts: list[str]
    index: SourceIndex
    facts: EvidenceFacts
    findings: list[Finding]
    record: bool  # some source is a structured record
    sources: Sources | None = None  # the documents read once (what each sentence is about)


@dataclass
class ScoredUnits:
    """Each unit's P and verdict as the report's sentences, and what the answer's P and notes are made from."""

    sentences: list[SentenceScore] = field(default_factory=list)
    zs: list[float] = field(default_factory=list)  # each unit's logit
    floor: float = 0.0  # the largest floor a unit's evidence holds P at
    signals: dict[str, float] = field(default_factory=dict)  # the worst unit's
    contributions: dict[str, float] = field(default_factory=dict)  # the worst unit's
    marked: list[tuple[int, int]] = field(default_factory=list)  # the flagged units' marks
    notes: list[str] = field(default_factory=list)


Pair = tuple[str, str]


class ReaderDetector(FittedModelDetector[ReaderConfig, ReaderModel]):
    """Reads every answer sentence against all the sources; the answer is as unsupported as its worst sentence.

    Built from its fitted model and its stages (:class:`~veracity.detectors.reader.assembly.ReaderStages`: the NLI
    model, the value checker, the consistency checkers, the span model), which :meth:`from_config` makes from the
    settings, each on first use.
    """

    name = "reader"
    config_class = ReaderConfig

    def __init__(self, model: ReaderModel, settings: ReaderConfig, model_path: Path, stages: ReaderStages) -> None:
        super().__init__(model, settings, model_path)
        self.stages = stages
        self.weighs_span = any(f.startswith("span_") for f in model.features)

    @classmethod
    def from_config(cls, config: ReaderConfig | None = None, **overrides: Any) -> Self:
        """Load the reader model (a small JSON file) now; the NLI model, spaCy and the checkers on first use.

        Raises:
            ModelNotAvailableError: the reader model file is missing or unreadable.
        """
        settings = cls.settings_from(config, overrides)
        path = resolve_reader_model(settings.model)
        model = ReaderModel.load(path)
        return cls(model, settings, path, ReaderStages.of(settings, model))

    @property
    def top_k(self) -> int:
        """How many aligned source sentences each unit is read against alone (the settings', else the model's)."""
        return self.settings.top_k if self.settings.top_k is not None else self.model.top_k

    @property
    def verifier_name(self) -> str:
        """The NLI pair scorer the reader runs."""
        return self.settings.verifier or self.model.verifier

    def load_models(self) -> None:
        """Make every stage now (the NLI model, spaCy, the checkers, the span model when weighed), not on an answer."""
        self.stages.load()

    load_deferred_models = load_models

    def read(
        self, answer: str, documents: Sequence[Document], question: str | None, timer: StageTimer | None = None
    ) -> tuple[list[UnitReading], list[Finding], list[str]]:
        """Every unit of ``answer`` with its signals, evidence and candidate marks; the checkers' findings; notes.

        ``timer`` gets the time of each part: ``read.checkers`` (the consistency, record and attachment checkers),
        ``read.units`` (parse, values, words, alignment), ``read.nli`` and ``read.span``.
        """
        from veracity.stages.verify.grounding import EvidenceFacts
        from veracity.text.parsing import parse_many

        self.load_models()
        notes: list[str] = []
        texts = [d.text for d in documents]
        sources = Sources(documents)  # read once: every checker takes its sentences, clauses and records from here
        index = SourceIndex(texts, question)
        facts = EvidenceFacts.of(index.stated)
        timer = timer or StageTimer()
        units = reader_sentences(answer)
        with timer.stage("read.units"):
            # one batched parse of the units; the checkers (names attached) and the value checker read the cache
            parse_many([answer[start:end] for start, end in units])
        with timer.stage("read.checkers"):
            findings, checker_notes = self.checker_findings(answer, sources)
            gaps = self.aligned_gaps(answer, units, sources)
        notes += checker_notes
        context = AnswerContext(answer, question, texts, index, facts, findings, has_record(texts), sources)
        with timer.stage("read.units"):
            readings: list[UnitReading] = []
            pairs: list[Pair] = []
            owners: list[int] = []  # each pair's unit: k for a sentence alone, -1 - k for the window
            for position, (start, end) in enumerate(units):
                reading, alone, window, unreadable = self.read_unit(context, position, start, end)
                if gaps is not None:
                    reading.signals.update(aligned_signals(gaps[position]))
                if unreadable:
                    notes.append(f"the value checker could not read unit {position + 1} (read by the other signals)")
                pairs += alone + window
                owners += [position] * len(alone) + [-1 - position] * len(window)
                readings.append(reading)
        with timer.stage("read.nli"):
            by_owner = self.read_nli(pairs, owners, 2 * len(readings))
        for position, reading in enumerate(readings):
            reading.signals.update(nli_signals(by_owner[position], by_owner[-1 - position]))
        self.read_span(context, readings, timer)
        return readings, findings, notes

    def read_unit(
        self, context: AnswerContext, position: int, start: int, end: int
    ) -> tuple[UnitReading, list[Pair], list[Pair], bool]:
        """One unit's signals but the NLI's and the span model's, and the NLI pairs to read for them.

        Returns the reading, the pairs of the unit against each aligned source sentence alone and against the best one
        with its neighbours, and whether the value checker could not read the unit.
        """
        text = context.answer[start:end]
        values = lexical_sentence_signals(text, context.index)
        counts, marks, unreadable = self.value_reading(text, start, context.index, context.facts)
        values.update(value_signals(counts))
        kind, denies = self.abstention(text, context.texts)
        values.update(abstention_signals(kind, denies))
        fragment = is_fragment(text)
        values.update(shape_values(context.record, position, fragment))
        values.update(finding_signals(start, end, context.findings))
        hypothesis = f'The answer to "{context.question}" is: {text}' if fragment and context.question else text
        evidence, alone, window = self.unit_pairs(text, hypothesis, context.index, self.about_of(context))
        values["copy_share"] = copy_share(text, evidence[0].text) if evidence else 0.0
        absent = [context.answer[s:e] for s, e in marks]
        return UnitReading(start, end, values, evidence, marks, kind, absent), alone, window, unreadable

    @staticmethod
    def abstention(text: str, texts: Sequence[str]) -> tuple[str | None, bool]:
        """The unit's kind of abstention (abstention, referral, hedge; None), and whether it denies what is stated."""
        from veracity.text.abstain import denies_stated, read_abstention

        abstention = read_abstention(text)
        kind = abstention.kind if abstention is not None else None
        denies = bool(
            abstention is not None and kind == "abstention" and denies_stated(abstention, text, texts, share=1.0)
        )
        return kind, denies

    def about_of(self, context: AnswerContext) -> Callable[[AlignedEvidence], str]:
        """How an aligned window is written as an NLI premise (:func:`~.premises.premise_writer`)."""
        about = self.model.premise_about if self.settings.premise_about is None else self.settings.premise_about
        return premise_writer(context.sources if about else None)

    def unit_pairs(
        self,
        text: str,
        hypothesis: str,
        index: SourceIndex,
        premise: Callable[[AlignedEvidence], str] = lambda window: window.text,
    ) -> tuple[list[AlignedEvidence], list[Pair], list[Pair]]:
        """The unit's aligned source sentences and its NLI pairs: against each alone, against the best in its window.

        The aligned sentences alone first (a neighbour that states another role's value must not vouch for the unit),
        then the best one with its neighbours (a claim that spans two sentences): its own signal; a neighbour that
        gives one of the unit's values to another thing stays out of it.
        """
        from veracity.text.mentions import point_values

        evidence = index.align(text, top_k=self.top_k, window=0)
        alone = [nli_pair(premise(window), text, hypothesis, index) for window in evidence]
        windows = index.align(text, top_k=1, window=1, values=point_values(text))
        return evidence, alone, [nli_pair(premise(window), text, hypothesis, index) for window in windows]

    def read_span(self, context: AnswerContext, readings: list[UnitReading], timer: StageTimer) -> None:
        """Add the span model's signals and marks to each unit's reading (none when the reader runs no span model)."""
        span = self.stages.span.get() if self.weighs_span else None
        if span is None:
            return
        answer, question = context.answer, context.question
        texts = with_bridges(related_texts(context.texts, answer, question), context.answer, context.index, readings)
        with timer.stage("read.span"):
            tokens = span.token_probabilities(answer, texts, question)
        runs = span.spans(answer, tokens)  # the span model's marks, at its own token threshold
        for reading in readings:
            reading.span_marks = [(s, min(e, reading.end)) for s, e, _ in runs if reading.start <= s < reading.end]
            inside = [
                p for (s, e), p in zip(tokens.offsets, tokens.probs, strict=True) if reading.start <= s < reading.end
            ]
            reading.signals.update(span_sentence_signals(inside))

    def read_nli(self, pairs: list[tuple[str, str]], owners: list[int], slots: int) -> list[list[Any]]:
        """The NLI rows of ``pairs`` grouped by owner (an index into ``slots`` lists, negative from the end).

        A pair that occurs twice (a window with no neighbours is its sentence) is read once.
        """
        unique = list(dict.fromkeys(pairs))
        scored = dict(zip(unique, self.stages.nli.get().score(unique), strict=True)) if unique else {}
        by_unit: list[list[Any]] = [[] for _ in range(slots)]
        for owner, pair in zip(owners, pairs, strict=True):
            by_unit[owner].append(scored[pair])
        return by_unit

    def checker_findings(self, answer: str, sources: Sources | Sequence[Document]) -> tuple[list[Finding], list[str]]:
        """The frame, record and attachment checkers' findings on the answer, and their notes (none when turned off).

        Attachment's candidates are confirmed by the reader's own NLI (:meth:`contradiction`).
        """
        checker = self.stages.checkers.get()
        if checker is None:
            return [], []
        from veracity.stages.verify.checks import relation_findings

        masked = self.stages.masked.get()
        return relation_findings(checker, answer, reader_sentences(answer), sources, self.contradiction, masked)

    def aligned_gaps(self, answer: str, units: Sequence[tuple[int, int]], sources: Sources) -> list[float] | None:
        """Each unit's ``aligned_gap`` by the learned aligner (None when the fitted model weighs no aligned signal)."""
        checker = self.stages.aligned.get()
        if checker is None:
            return None
        return checker.unit_gaps(AnswerUnits.of(answer, units), sources)

    def contradiction(self, pairs: list[tuple[str, str]]) -> list[float]:
        """P(contradiction) of (premise, hypothesis) pairs by the reader's NLI model."""
        self.load_models()
        return [float(row[2]) for row in self.stages.nli.get().score(pairs)] if pairs else []

    def value_reading(
        self, text: str, start: int, index: SourceIndex, facts: EvidenceFacts
    ) -> tuple[dict[str, int], list[tuple[int, int]], bool]:
        """The unit's names, values and negations that the sources do not state.

        Returns the counts by kind, the marks of the names and values (answer offsets; a lone negation is never
        marked), and whether the checker could not read the unit's parse.
        """
        from veracity.stages.verify.grounding import CheckableKind

        marks: list[tuple[int, int]] = []
        counts = {"name": 0, "value": 0, "negation": 0}
        checker = self.stages.values.get()
        try:
            items = checker.checked_items(text)
            missing = checker.unsupported(text, items, [index.stated], facts=facts)
        except (ValueError, IndexError, AttributeError):  # a parse the checker cannot walk
            return counts, marks, True
        named = (CheckableKind.ENTITY, CheckableKind.PROPER_NOUN)
        for item in missing:
            if item.kind in named:
                if not is_absent_name(item.text, index.known):
                    continue
                counts["name"] += 1
            elif item.kind is CheckableKind.NEGATION:
                counts["negation"] += 1
                continue
            else:
                counts["value"] += 1
            marks.append((start + item.start, start + item.end))
        return counts, marks, False

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """Read every unit of ``answer``; the answer's P is its worst unit's.

        Raises:
            InputError: no non-empty context document.
        """
        documents = as_documents(context)
        threshold = self.threshold
        models = {"reader": self.settings.model, "verifier": self.verifier_name}
        if not answer.strip():
            return empty_answer_report(self, answer, question, threshold, models)
        timer = StageTimer()
        readings, findings, notes = self.read(answer, documents, question, timer)
        if not readings:  # no unit at all (only whitespace and punctuation)
            return empty_answer_report(self, answer, question, threshold, models)
        scored = self.score_units(answer, readings, findings, documents, threshold)
        score = self.model.answer_probability(scored.zs, scored.floor)
        marked = scored.marked
        if score >= threshold:  # the span model's marks in the other units too: weaker signs, in the same answer
            marked += [m for r, s in zip(readings, scored.sentences, strict=True) if not s.hallucinated
                       for m in self.span_marks(answer, r)]  # fmt: skip
        notes += scored.notes + self.answer_notes(readings, scored.floor)
        ranked = sorted(scored.contributions.items(), key=lambda item: -abs(item[1]))
        values = with_interactions(scored.signals)
        signals = [Signal(name=name, value=signal_value(name, values, 0.0), contribution=c) for name, c in ranked]
        return self.report(
            timer=timer,
            answer=answer,
            question=question,
            score=score,
            threshold=threshold,
            calibration="reader model: Platt on RAGTruth training answers, out of fold",
            hallucinated_spans=[TextSpan.of(answer, s, e) for s, e in merge_ranges(marked)],
            sentences=scored.sentences,
            models=models,
            notes=notes,
            details=Details(signals=signals, findings=findings),
        )

    def score_units(
        self,
        answer: str,
        readings: Sequence[UnitReading],
        findings: Sequence[Finding],
        documents: Sequence[Document],
        threshold: float,
    ) -> ScoredUnits:
        """Each unit's P by the fitted model (held up by the floor its evidence sets), its verdict, marks and evidence.

        The worst unit's signals and contributions are kept for the report; an abstention read as faithful gets a note.
        """
        scored = ScoredUnits()
        worst: float | None = None
        for k, reading in enumerate(readings):
            result = self.model.read(with_interactions(reading.signals))
            scored.zs.append(result.z)
            unit_floor = self.model.floor_of(reading.signals)
            scored.floor = max(scored.floor, unit_floor)
            p = self.model.recalibrated(
                unit_floor + (1 - unit_floor) * self.model.probability(result.z, single=len(readings) == 1)
            )
            if worst is None or p > worst:
                worst, scored.signals, scored.contributions = p, reading.signals, result.contributions
            flagged = p >= threshold
            unit_marks = self.unit_marks(answer, reading, findings) if flagged else []
            scored.marked += unit_marks
            scored.sentences.append(
                SentenceScore(
                    sentence=Sentence(index=k, span=TextSpan.of(answer, reading.start, reading.end)),
                    score=p,
                    hallucinated=flagged,
                    error_spans=[TextSpan.of(answer, s, e) for s, e in merge_ranges(unit_marks)],
                    evidence=[self.as_evidence(documents, w) for w in reading.evidence[:2]],
                )
            )
            if reading.abstention is not None and reading.signals.get("abstention_denies", 0.0) == 0.0:
                if reading.abstention in ("abstention", "referral"):
                    scored.notes.append(f"unit {k + 1} is an {reading.abstention}: {_ABSTENTION_NOTE}")
        return scored

    @staticmethod
    def answer_notes(readings: Sequence[UnitReading], floor: float) -> list[str]:
        """The notes on the whole answer: the floor its evidence holds P at, an answer that only abstains."""
        notes = []
        if floor > 0:
            notes.append(
                f"{_FLOOR_NOTE} (a name or value found nowhere in the sources, or a value a source "
                f"states otherwise) holds P at {floor:.2f} or more before the final calibration (the share of "
                "training answers with such evidence that were hallucinated)"
            )
        if all(r.abstention in ("abstention", "referral") for r in readings):
            notes.append("the answer only abstains or refers the reader elsewhere: nothing in it is claimed")
        return notes

    @staticmethod
    def unchecked_notes(notes: Sequence[str]) -> list[str]:
        """``notes`` but those on how P was reached: a report with no verdict has no P they could explain.

        They are the floor a unit's evidence holds P at and an abstention read as faithful (issue 68).
        """
        return [n for n in notes if not n.startswith(_FLOOR_NOTE) and not n.endswith(_ABSTENTION_NOTE)]

    @staticmethod
    def unit_marks(answer: str, reading: UnitReading, findings: Sequence[Finding]) -> list[tuple[int, int]]:
        """What decided a flagged unit, never function words alone, in whole words and whole values.

        The absent names and values, the words a source contradicts, and the span model's marks (when it runs) —
        but a span mark over most of the unit (≥ 80% of its characters) only where there is no other: it says the
        clause is unsupported, not which words; failing all, the unit itself (an unsupported clause). Each mark is
        snapped (:func:`~veracity.text.spans.snap`: whole words, whole values, no punctuation at its ends); the span
        model's marks lose the words the unit's best evidence sentence states about the same thing and the glue
        words at their ends (:meth:`span_marks`). Where that leaves the unit no mark at all, its span marks stay as
        snapped: a flagged unit that had marks keeps them. Only the marks change: the unit's P is read before.
        """
        from veracity.detectors.reader.marks import snapped
        from veracity.text.spans import snap, value_spans

        text = answer[reading.start : reading.end]
        values = [(reading.start + s, reading.start + e) for s, e in value_spans(text)]
        evidence = list(reading.marks)
        evidence += [
            (f.span.start, f.span.end)
            for f in findings
            if f.relation == "contradicted" and reading.start <= f.span.start < reading.end
        ]
        evidence = ReaderDetector.content_marks(answer, snapped(answer, evidence, values))
        spans = list(reading.span_marks)
        if evidence:
            whole = 0.8 * (reading.end - reading.start)
            spans = [(s, e) for s, e in spans if e - s < whole]
        spans = ReaderDetector.content_marks(answer, snapped(answer, spans, values))
        trimmed = ReaderDetector.span_marks(answer, reading, spans, evidence)
        if evidence or trimmed:
            return evidence + trimmed
        return spans or [snap(answer, reading.start, reading.end, values) or (reading.start, reading.end)]

    @staticmethod
    def span_marks(
        answer: str,
        reading: UnitReading,
        marks: Sequence[tuple[int, int]] | None = None,
        keep: Sequence[tuple[int, int]] = (),
    ) -> list[tuple[int, int]]:
        """The span model's marks of a unit, trimmed (:func:`veracity.detectors.reader.marks.span_marks`)."""
        from veracity.detectors.reader.marks import span_marks

        return span_marks(answer, reading, marks, keep)

    @staticmethod
    def content_marks(answer: str, marks: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
        """The marks with a content word in them (:func:`veracity.detectors.reader.marks.content_marks`)."""
        from veracity.detectors.reader.marks import content_marks

        return content_marks(answer, marks)

    @staticmethod
    def as_evidence(documents: Sequence[Document], window: AlignedEvidence) -> Evidence:
        """An aligned window as the schema's Evidence, located in its document by the window's own offsets.

        A window its document does not hold as one stretch (a record's ``key: value`` lines, a window trimmed to its
        most words) is found by its text where the document has it, else spans its own text.
        """
        nonempty = [d for d in documents if d.text.strip()]
        document = nonempty[window.document] if window.document < len(nonempty) else nonempty[0]
        if window.start is not None and window.end is not None and window.end <= len(document.text):
            span = TextSpan.of(document.text, window.start, window.end)
        elif (where := document.text.find(window.text)) >= 0:
            span = TextSpan.of(document.text, where, where + len(window.text))
        else:
            span = TextSpan(start=0, end=len(window.text), text=window.text)
        return Evidence(
            document_id=document.id,
            sentence_index=None,
            text=window.text,
            span=span,
            score=min(1.0, window.overlap / 20.0),
        )

"""Result types: every detector returns a :class:`Report` built from these frozen pydantic models.

Conventions:

* Character offsets are Python ``str`` indices (code points) into the text a span belongs to, half-open
  ``[start, end)``, and ``span.text == source[span.start:span.end]``.
* ``Report.score`` is a *hallucination* score in ``[0, 1]`` (higher = more likely hallucinated), and
  ``verdict == "hallucinated"`` exactly when ``score >= threshold``. Detectors whose paper states the rule the
  other way round (e.g. "hallucinated iff S <= T_s" for a support score S) report ``score = 1 - S``.
* A ``not_checked`` report has no score (``score is None``, and no ``raw_score``): nothing a program could compare
  with the threshold. What the detector read anyway, if anything, is ``details.unchecked_score``.
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = [
    "SCHEMA_VERSION",
    "AgentStep",
    "AgentStrategy",
    "AgentTrace",
    "Claim",
    "ClaimVerdict",
    "Details",
    "Document",
    "Evidence",
    "EvidenceGroup",
    "EvidenceRole",
    "Finding",
    "GroupedChunk",
    "Label",
    "Report",
    "Sentence",
    "SentenceScore",
    "Signal",
    "TextSpan",
    "UncheckedPolicy",
    "UnreadSentence",
    "Verdict",
    "gate_reason",
    "not_checked_line",
    "passes_gate",
    "report_json_schema",
    "supported_head",
    "supported_line",
    "unchecked_reason",
    "upgrade_report",
    "verdict_of",
]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TextSpan(_Frozen):
    """A half-open character range ``[start, end)`` of some text, with the text it covers."""

    start: int = Field(ge=0)
    end: int = Field(ge=0)
    text: str

    @model_validator(mode="after")
    def _check_bounds(self) -> Self:
        if self.end < self.start:
            raise ValueError(f"span end {self.end} is before its start {self.start}")
        if len(self.text) != self.end - self.start:
            raise ValueError(f"span text has length {len(self.text)} but [{self.start}, {self.end}) is given")
        return self

    @classmethod
    def of(cls, source: str, start: int, end: int) -> TextSpan:
        """The span ``[start, end)`` of ``source``.

        Raises:
            ValueError: the range does not lie inside ``source``.
        """
        if not 0 <= start <= end <= len(source):
            raise ValueError(f"span [{start}, {end}) is outside a text of length {len(source)}")
        return cls(start=start, end=end, text=source[start:end])

    def matches(self, source: str) -> bool:
        """Whether this span's text is exactly ``source[start:end]``."""
        return source[self.start : self.end] == self.text


class Document(_Frozen):
    """A context document the answer should be grounded in."""

    id: str
    text: str
    title: str | None = None


class Sentence(_Frozen):
    """A sentence of a text: its 0-based position and its span in that text."""

    index: int = Field(ge=0)
    span: TextSpan

    @property
    def text(self) -> str:
        """The sentence text."""
        return self.span.text


class Claim(_Frozen):
    """An atomic claim of the answer, with the answer sentence it came from."""

    id: str
    text: str
    sentence_index: int = Field(ge=0)
    span: TextSpan | None = Field(default=None, description="Where the claim rests in the answer, if known.")


class EvidenceRole(StrEnum):
    """LiteHall's evidence roles: a *main* sentence addresses the claim, a *support* sentence gives it context."""

    MAIN = "main"
    SUPPORT = "support"


class Evidence(_Frozen):
    """A context sentence used to check a claim or an answer sentence."""

    document_id: str
    sentence_index: int | None = Field(
        ge=0,
        description="Index of the sentence within its document (the first sentence of a passage); null for a "
        "passage of a knowledge index, which the span locates.",
    )
    text: str
    span: TextSpan = Field(description="Span of the sentence (or passage) in its document.")
    role: EvidenceRole = EvidenceRole.MAIN
    score: float = Field(
        description="Retrieval or alignment score, higher = more relevant (in [0, 1]; a knowledge index's scores are "
        "relative to the claim's best passage)."
    )


class GroupedChunk(_Frozen):
    """One context chunk inside an :class:`EvidenceGroup`."""

    document_id: str
    span: TextSpan = Field(description="Span of the chunk in its document.")


class EvidenceGroup(_Frozen):
    """Chunks scored together as one premise (Logic-Matters' aggregated evidence D_k), with how it counted."""

    chunks: list[GroupedChunk] = Field(description="In original context order.")
    relevance: float = Field(ge=0.0, le=1.0, description="Normalised relevance weight r̃_k to the answer.")
    entailment: float = Field(ge=0.0, le=1.0, description="e_k = P(entailment | D_k, H).")


class Label(StrEnum):
    """The four claim labels of LiteHall §3.4."""

    SUPPORTED = "supported"
    NOT_SUPPORTED = "not_supported"
    UNVERIFIABLE = "unverifiable"  # not enough evidence: neither supported nor contradicted by what was found
    IRRELEVANT = "irrelevant"


class ClaimVerdict(_Frozen):
    """The verdict on one claim, with the words that conflict with the evidence."""

    claim: Claim
    label: Label
    p_supported: float = Field(ge=0.0, le=1.0, description="Probability that the claim is supported.")
    error_spans: list[TextSpan] = Field(default_factory=list, description="Conflicting words, in the claim text.")
    answer_error_spans: list[TextSpan] = Field(
        default_factory=list, description="The same words located in the answer, where they can be."
    )
    evidence: list[Evidence] = Field(default_factory=list)


class SentenceScore(_Frozen):
    """A hallucination score for one answer sentence."""

    sentence: Sentence
    score: float = Field(ge=0.0, le=1.0, description="Hallucination score (higher = less supported).")
    hallucinated: bool
    error_spans: list[TextSpan] = Field(default_factory=list, description="Flagged words, in the answer.")
    evidence: list[Evidence] = Field(default_factory=list)


class UnreadSentence(_Frozen):
    """An answer sentence the detector did not read: it is in a language the models do not read.

    A sentence-level ``not_checked``: no score, no marks. The answer's verdict is that of its other sentences (or
    ``not_checked`` when none could be read, or by the ``unread_sentences`` setting; docs/schema.md).
    """

    span: TextSpan = Field(description="The sentence, in the answer.")
    language: str = Field(description="The ISO 639-1 code it reads as.")
    probability: float = Field(ge=0.0, le=1.0, description="The language identifier's probability for it.")


Verdict = Literal["hallucinated", "faithful", "not_checked"]
"""``not_checked``: no verdict — there is nothing to check (an empty answer) or the detector's models cannot read the
answer (a language they were not trained on). Such a report has no score."""


UncheckedPolicy = Literal["block", "pass"]
"""What a gate does with a ``not_checked`` answer (an empty answer, another language, one too long to read):
``"block"`` (the default everywhere) treats it as not passing — a gate must not pass what it could not check —
and ``"pass"`` lets it through. One policy for every gate: the CLI's ``--exit-code``, the LangChain guard, the
LlamaIndex evaluator, the DeepEval metric, the NeMo rail and the MCP tool (:func:`passes_gate`)."""


def passes_gate(verdict: Verdict, unchecked: UncheckedPolicy = "block") -> bool:
    """Whether a gate lets an answer with ``verdict`` through.

    Faithful passes, hallucinated never, ``not_checked`` by ``unchecked`` (:data:`UncheckedPolicy`).
    """
    if verdict == "not_checked":
        if unchecked not in ("block", "pass"):
            raise ValueError(f"unchecked policy must be 'block' or 'pass', not {unchecked!r}")
        return unchecked == "pass"
    return verdict == "faithful"


def verdict_of(score: float, threshold: float) -> Verdict:
    """The library-wide rule, stated once: hallucinated exactly when ``score >= threshold``."""
    return "hallucinated" if score >= threshold else "faithful"


class Signal(_Frozen):
    """One input of a learned combination (the ``fused`` detector): its value and what it added to the score."""

    name: str
    value: float
    contribution: float = Field(description="Its term in the log-odds of P(hallucinated): weight × standardised value.")


class AgentStrategy(_Frozen):
    """A verification strategy the LEAP planner proposed (§3.3), and what proactive correction made of it (§3.5)."""

    question_type: str
    strategy: str
    plan: str
    path: str = ""
    predicted_advantage: float | None = Field(
        default=None, description="Â from the critic before execution (Eq. 12); None when correction is off."
    )
    approved: bool = Field(description="Executed by the actor (Â >= θ_corr, or the last revision allowed).")
    revision: int = Field(ge=0, description="0 for the planner's first strategy, then 1, 2, ... per correction.")
    critique: str = Field(default="", description="The reflector's diagnosis that led to the next revision.")


class AgentStep(_Frozen):
    """One actor step: its thought, the tool it called, and what the tool answered."""

    thought: str
    tool: str
    args: dict[str, Any] = Field(default_factory=dict)
    observation: str
    ok: bool = Field(description="The tool ran and returned (a timeout, an error or a refused call is False).")
    elapsed_ms: float = Field(ge=0.0)


class AgentTrace(_Frozen):
    """How an agentic detector reached its verdict."""

    strategies: list[AgentStrategy] = Field(default_factory=list)
    steps: list[AgentStep] = Field(default_factory=list)
    stopped_by: Literal["get_answer", "step_limit", "fallback"]
    llm_calls: int = Field(ge=0)
    evidence: str = Field(default="", description="The evidence the agent gave with get_answer.")
    fallbacks: list[str] = Field(
        default_factory=list, description="Agent outputs unusable after a repair and a retry, and what replaced them."
    )


FindingKind = Literal["value", "role", "polarity", "record", "condition"]
"""What a checker compared: a name / number / date (``value``), who did what to whom (``role``), a negation or an
antonym (``polarity``), a field of a structured record (``record``), a condition the source attaches to a claim
(``condition``)."""


class Finding(_Frozen):
    """What a consistency checker found about some words of the answer, against one source sentence or record field.

    ``relation`` keeps two different things apart: ``contradicted`` — a source states something else about the same
    thing (a conflict); ``not_found`` — the sources are silent on it (used for record fields the record lacks; novel
    words are the lexical signals' job).
    """

    kind: FindingKind
    relation: Literal["contradicted", "not_found"]
    span: TextSpan = Field(description="The answer's words the finding is about.")
    source_document: str | None = Field(default=None, description="Id of the document that decided it.")
    source_span: TextSpan | None = Field(
        default=None, description="The source sentence (or record field) in that document; None: the source is silent."
    )
    source_text: str = Field(default="", description="What the source says (sentence, or `field: value`).")
    confidence: float = Field(ge=0.0, le=1.0)
    explanation: str = Field(description="One line a reader can check, e.g. 'answer: 2019; source: 2017 (date)'.")


SCHEMA_VERSION: Literal[4] = 4
"""The Report's shape. 4: a ``not_checked`` report has no score (issue 53); 3: the ``not_checked`` verdict (issue 44);
2: detector-specific fields moved into ``Report.details`` (issue 34); 1 had them top level."""


class Details(_Frozen):
    """What one kind of detector adds to its Report: one typed place instead of a top-level field per detector.

    Every section is empty unless the detector that fills it ran; a composed detector keeps the sections of the one it
    delegated to (``auto`` routed to ``sea`` has ``routed_to`` and ``evidence_groups``).
    """

    evidence_groups: list[EvidenceGroup] = Field(
        default_factory=list, description="Aggregated evidence scored as whole premises (the `sea` detector)."
    )
    signals: list[Signal] = Field(
        default_factory=list,
        description="The signals a learned combination weighed, largest contribution first (the `fused` detector).",
    )
    agent: AgentTrace | None = Field(default=None, description="The agent's strategies and steps (`leap`).")
    decided_by: Literal["first", "second"] | None = Field(
        default=None, description="`cascade`: the stage whose verdict this is."
    )
    routed_to: Literal["reader", "qa", "dialogue", "summary", "long_qa", "claim"] | None = Field(
        default=None,
        description="`auto`: the route that produced this report: `reader` (the one reader, the default) or, with "
        "routing=shape, the input shape.",
    )
    findings: list[Finding] = Field(
        default_factory=list,
        description="What the consistency checkers found: words a source contradicts, record fields it lacks.",
    )
    below_threshold_spans: list[TextSpan] = Field(
        default_factory=list,
        description="Words a detector marked in an answer it judged faithful (or did not check) as a whole: weak marks "
        "below the verdict's threshold, for inspection; they are not shown as unsupported text.",
    )
    unread_sentences: list[UnreadSentence] = Field(
        default_factory=list,
        description="The answer's sentences the detector did not read: a language its models do not read. The "
        "verdict is the other sentences' (`not_checked` when none could be read); empty when every sentence was read.",
    )
    unchecked_score: float | None = Field(
        default=None,
        ge=0.0,
        le=1.0,
        description="`not_checked` reports only: the score the detector read anyway (calibrated if the report is), "
        "for inspection. It decides nothing, and it is not `score` so that no program compares it with the threshold; "
        "None when nothing was read (an empty answer).",
    )


class Report(_Frozen):
    """What a detector says about one answer."""

    answer: str
    question: str | None = None
    verdict: Verdict
    score: float | None = Field(
        ge=0.0,
        le=1.0,
        description="Hallucination score; hallucinated iff score >= threshold. With a calibration, P(hallucinated). "
        "None exactly when the verdict is `not_checked` (what was read anyway: `details.unchecked_score`).",
    )
    threshold: float = Field(ge=0.0, le=1.0)
    raw_score: float | None = Field(
        default=None,
        ge=0.0,
        le=1.0,
        description="The detector's own score before calibration (None: not calibrated, or not checked).",
    )
    calibration: str | None = Field(
        default=None, description="The calibration applied: file, input shape and method (None: raw score)."
    )
    sentences: list[SentenceScore] = Field(default_factory=list)
    claims: list[ClaimVerdict] = Field(default_factory=list)
    hallucinated_spans: list[TextSpan] = Field(default_factory=list, description="Spans of the answer.")
    detector: str
    config: dict[str, Any] = Field(default_factory=dict)
    models: dict[str, str] = Field(default_factory=dict, description="Role -> model id actually used.")
    timings_ms: dict[str, float] = Field(default_factory=dict, description="Wall time per stage.")
    notes: list[str] = Field(default_factory=list, description="Fallbacks and caps applied, in plain words.")
    details: Details = Field(
        default_factory=Details,
        description="What one kind of detector adds (agent trace, route, cascade stage, signals, evidence groups).",
    )
    schema_version: Literal[4] = Field(default=SCHEMA_VERSION, description="Raised when the Report's shape changes.")

    @classmethod
    def decide(cls, *, score: float, threshold: float, **fields: Any) -> Report:
        """The Report of ``score`` at ``threshold``, its verdict by :func:`verdict_of`: how detectors build one."""
        return cls(verdict=verdict_of(score, threshold), score=score, threshold=threshold, **fields)

    def as_not_checked(self, note: str) -> Report:
        """This report with no verdict: ``not_checked``, ``note`` added, no words marked, no score.

        What the detector read is kept in ``details.unchecked_score``; the pre-calibration ``raw_score`` goes too (a
        program could compare it with a threshold as well). A report already not checked only gains the note.
        """
        if self.verdict == "not_checked":
            return self.model_copy(update={"notes": [*self.notes, note]})
        return self.model_copy(
            update={
                "verdict": "not_checked",
                "score": None,
                "raw_score": None,
                "hallucinated_spans": [],
                "notes": [*self.notes, note],
                "details": self.details.model_copy(update={"unchecked_score": self.score}),
            }
        )

    @model_validator(mode="after")
    def _check_consistency(self) -> Self:
        if self.verdict == "not_checked":
            if self.score is not None or self.raw_score is not None:
                raise ValueError(
                    "a not_checked report has no score or raw_score (what was read goes in details.unchecked_score)"
                )
            if self.hallucinated_spans:
                raise ValueError("a not_checked report marks no words as unsupported")
        elif self.score is None:
            raise ValueError(f"a {self.verdict} report needs a score (only a not_checked report has none)")
        elif self.details.unchecked_score is not None:
            raise ValueError("details.unchecked_score belongs to not_checked reports only")
        elif self.verdict != verdict_of(self.score, self.threshold):
            raise ValueError(f"verdict {self.verdict!r} contradicts score {self.score} and threshold {self.threshold}")
        for span in self.hallucinated_spans:
            if not span.matches(self.answer):
                raise ValueError(f"hallucinated span {span} does not match the answer text")
        for unread in self.details.unread_sentences:
            if not unread.span.matches(self.answer):
                raise ValueError(f"unread sentence {unread.span} does not match the answer text")
        return self


def report_json_schema() -> dict[str, Any]:
    """The JSON Schema of :class:`Report` (what ``docs/schema.json`` holds)."""
    schema = Report.model_json_schema(mode="serialization")
    # A stable, diff-friendly document: same input, same bytes.
    return json.loads(json.dumps(schema, sort_keys=True))  # type: ignore[no-any-return]


_DETAIL_FIELDS = tuple(Details.model_fields)


def upgrade_report(data: dict[str, Any]) -> dict[str, Any]:
    """A Report's JSON object of an earlier schema in the current shape; a current one as given.

    ``Report.model_validate(upgrade_report(json.loads(old)))`` reads a report stored by an earlier version: schema 1
    had the detector-specific fields at the top level (moved into ``details``); schema 2 reads as it was (schema 3 only
    added the ``not_checked`` verdict and ``details.below_threshold_spans``); a schema-3 ``not_checked`` report's
    score moves to ``details.unchecked_score`` (schema 4: such a report has no score).
    """
    version = data.get("schema_version", 1)
    if version == SCHEMA_VERSION or version not in (1, 2, 3):
        return data
    upgraded = dict(data)
    if version == 1:
        upgraded = {k: v for k, v in data.items() if k not in _DETAIL_FIELDS}
        upgraded["details"] = {k: data[k] for k in _DETAIL_FIELDS if k in data and data[k] not in (None, [])}
    if upgraded.get("verdict") == "not_checked":
        details = dict(upgraded.get("details") or {})
        if upgraded.get("score") is not None:
            details["unchecked_score"] = upgraded["score"]
        upgraded.update(score=None, raw_score=None, details=details)
    upgraded["schema_version"] = SCHEMA_VERSION
    return upgraded


# What a gate says of a Report (the integrations and the service's NeMo rail say it the same way).


def unchecked_reason(report: Report) -> str:
    """Why the detector gave no verdict: its notes, each once without a leading "not checked: "."""
    return "; ".join(note.removeprefix("not checked: ") for note in report.notes) or "the detector gave no verdict"


def not_checked_line(report: Report, unchecked: UncheckedPolicy | None = None) -> str:
    """What an integration says of a report without a verdict: the detector's notes.

    With ``unchecked``, what the gate did with the answer under that policy follows.
    """
    line = "not checked: " + unchecked_reason(report)
    if unchecked is None:
        return line
    if passes_gate(report.verdict, unchecked):
        return line + " — passed: unchecked='pass' lets an answer that could not be checked through"
    return line + " — blocked: an answer that could not be checked does not pass; unchecked='pass' lets it through"


def supported_head(report: Report) -> str:
    """P(supported) and the P(supported) above which the verdict is faithful (integrations are higher-is-better)."""
    return f"P(supported) {1.0 - (report.score or 0.0):.2f}, passing above {1.0 - report.threshold:.2f}"


def supported_line(report: Report) -> str:
    """What an integration says of a supported answer: its head and the documents its sentences were found in."""
    head = supported_head(report)
    found = sorted({e.document_id for s in report.sentences for e in s.evidence[:1]})
    where = f"; found in {', '.join(found)}" if found else ""
    return f"supported: {head}{where}"


def gate_reason(report: Report, unchecked: UncheckedPolicy = "block") -> str:
    """One line on why a gate passes or blocks ``report``'s answer under ``unchecked``.

    For an answer not checked: the reason (the detector's notes) and what the policy did with it; otherwise
    P(supported), and the unsupported words of a hallucinated answer.
    """
    if report.verdict == "not_checked" or report.score is None:
        return not_checked_line(report, unchecked)
    if report.verdict == "faithful":
        return supported_line(report)
    marked = ", ".join(repr(span.text) for span in report.hallucinated_spans[:5])
    return f"not supported: {supported_head(report)}" + (f"; unsupported {marked}" if marked else "")

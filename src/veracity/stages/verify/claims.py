"""Four-label claim verification with error spans (LiteHall §3.4), and FactScore aggregation.

``NLIClaimVerifier`` labels a claim from a pair scorer's probabilities over its evidence E(z). Premises: all main
and supporting sentences together (document order), and each main sentence with its own supporting sentences.
The *decisive* premise is the one with the largest max(P(entail), P(contradict)); then

- ``supported`` if its P(entail) ≥ τ_e;
- ``not_supported`` if its P(contradict) ≥ τ_c;
- ``irrelevant`` if a question is given and the claim's embedding similarity to it is below τ_r;
- ``unverifiable`` otherwise (no evidence, or nothing decisive).

Error spans of a not-supported claim: the names, numbers and dates the grounding checker cannot find in the
evidence; when it finds none, the claim's content words that the evidence does not contain.

FactScore (§3.4): FactScore(a) = |supported| / |claims|, per sentence likewise over that sentence's claims; the
answer is hallucinated iff FactScore(a) < 0.75.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from veracity.errors import LLMOutputError
from veracity.models.llm.base import LLM, ask_json
from veracity.models.pair_scorer import CONTRADICTION, ENTAILMENT, PairScorer
from veracity.schema import Label, TextSpan
from veracity.stages.prompts import CLAIM_VERIFICATION, VERIFICATION_LABELS, VERIFICATION_SCHEMA
from veracity.stages.retrieve.evidence import ClaimEvidence
from veracity.stages.verify.grounding import EvidenceFacts, GroundingChecker, find_unsupported
from veracity.text.lexicon import STOP_WORDS
from veracity.text.normalize import normalize_words

__all__ = ["ClaimCheck", "LLMClaimVerifier", "NLIClaimVerifier", "conflicting_spans", "fact_score"]


@dataclass(frozen=True)
class ClaimCheck:
    """A claim's label, P(supported), its error spans (in the claim text) and the premise that decided."""

    label: Label
    p_supported: float
    p_contradicted: float
    error_spans: list[TextSpan]
    premise: str
    note: str | None = None


def conflicting_spans(claim: str, premise: str, checker: GroundingChecker) -> list[TextSpan]:
    """The words of a refuted ``claim`` that conflict with ``premise``.

    The names, numbers and dates ``premise`` does not state; else the claim's content words it does not contain.
    """
    missing = find_unsupported(checker.checkables(claim), EvidenceFacts.of(premise))
    if missing:
        return [TextSpan.of(claim, item.start, item.end) for item in missing]
    known = set(normalize_words(premise))
    spans = []
    for word in _words(claim):
        start, end, text = word
        normalized = normalize_words(text)
        if normalized and text.lower() not in STOP_WORDS and not set(normalized) <= known:
            spans.append(TextSpan.of(claim, start, end))
    return spans


def fact_score(labels: Sequence[Label]) -> float | None:
    """|supported| / |claims| (LiteHall §3.4); ``None`` for no claims.

    Example::

        >>> fact_score([Label.SUPPORTED, Label.SUPPORTED, Label.SUPPORTED, Label.NOT_SUPPORTED])
        0.75
    """
    if not labels:
        return None
    return sum(label is Label.SUPPORTED for label in labels) / len(labels)


class NLIClaimVerifier:
    """The ``nli`` claim verifier (module docstring)."""

    name = "nli"

    def __init__(
        self,
        scorer: PairScorer,
        embedder: Any = None,
        entail_threshold: float = 0.5,
        contradict_threshold: float = 0.5,
        relevance_threshold: float = 0.1,
        checker: GroundingChecker | None = None,
    ) -> None:
        self.scorer = scorer
        self.embedder = embedder
        self.entail_threshold = entail_threshold
        self.contradict_threshold = contradict_threshold
        self.relevance_threshold = relevance_threshold
        self.checker = checker or GroundingChecker()

    def config(self) -> dict[str, Any]:
        """Settings recorded in reports."""
        return {"verifier": self.name, "tau_e": self.entail_threshold, "tau_c": self.contradict_threshold,
                "tau_r": self.relevance_threshold}  # fmt: skip

    def verify(
        self, claims: Sequence[str], evidence: Sequence[ClaimEvidence], question: str | None = None
    ) -> list[ClaimCheck]:
        """One :class:`ClaimCheck` per claim; every premise of every claim is scored in one batch."""
        premises_per_claim = [_premises(e) for e in evidence]
        pairs = [(p, claim) for claim, premises in zip(claims, premises_per_claim, strict=True) for p in premises]
        probs = self.scorer.score(pairs) if pairs else np.zeros((0, 3), dtype=np.float32)
        relevance = self._relevance(claims, question)
        checks, offset = [], 0
        for i, (claim, premises) in enumerate(zip(claims, premises_per_claim, strict=True)):
            rows = probs[offset : offset + len(premises)]
            offset += len(premises)
            if len(premises) == 0:
                p_e = p_c = 0.0
                premise = ""
            else:
                best = int(np.argmax(np.maximum(rows[:, ENTAILMENT], rows[:, CONTRADICTION])))
                p_e, p_c = float(rows[best, ENTAILMENT]), float(rows[best, CONTRADICTION])
                premise = premises[best]
            if p_e >= self.entail_threshold and p_e >= p_c:
                label = Label.SUPPORTED
            elif p_c >= self.contradict_threshold:
                label = Label.NOT_SUPPORTED
            elif relevance is not None and relevance[i] < self.relevance_threshold:
                label = Label.IRRELEVANT
            else:
                label = Label.UNVERIFIABLE
            spans = self.error_spans(claim, premise) if label is Label.NOT_SUPPORTED else []
            checks.append(ClaimCheck(label, p_e, p_c, spans, premise))
        return checks

    def error_spans(self, claim: str, premise: str) -> list[TextSpan]:
        """The claim's words that conflict with ``premise`` (see :func:`conflicting_spans`)."""
        return conflicting_spans(claim, premise, self.checker)

    def _relevance(self, claims: Sequence[str], question: str | None) -> list[float] | None:
        if not question or not question.strip() or self.embedder is None or not claims:
            return None
        vectors = self.embedder.embed([question, *claims])
        return [float(v) for v in vectors[1:] @ vectors[0]]


class LLMClaimVerifier:
    """The ``llm`` claim verifier: LiteHall's Table 18 prompt, reply constrained to ``{"label", "error_tokens"}``.

    The evidence is shown as LiteHall's verifier reads it: each primary sentence followed by its supporting lines.
    Error tokens are located in the claim (exact, then case-insensitive); a not_supported label whose tokens are not
    found gets the ``nli`` verifier's error spans against the same evidence. A claim without evidence is
    ``unverifiable`` without an LLM call. A reply that cannot be used after one repair and one retry falls back to
    ``fallback`` (the NLI verifier) for that claim, with a note in :attr:`ClaimCheck.note`. ``p_supported`` is 1 or 0:
    the LLM gives a label, not a probability. A backend failure raises.
    """

    name = "llm"

    def __init__(self, llm: LLM, fallback: NLIClaimVerifier, max_tokens: int = 128) -> None:
        self.llm = llm
        self.fallback = fallback
        self.max_tokens = max_tokens

    def config(self) -> dict[str, Any]:
        """Settings recorded in reports."""
        return {"verifier": self.name, "llm": self.llm.model_id, "fallback": self.fallback.name}

    def verify(
        self, claims: Sequence[str], evidence: Sequence[ClaimEvidence], question: str | None = None
    ) -> list[ClaimCheck]:
        """One :class:`ClaimCheck` per claim."""
        checks = []
        for claim, found in zip(claims, evidence, strict=True):
            if not found.main:
                checks.append(ClaimCheck(Label.UNVERIFIABLE, 0.0, 0.0, [], "", "no evidence found"))
                continue
            shown = _evidence_lines(found)
            prompt = CLAIM_VERIFICATION.format(question=(question or "").strip() or "(none)", claim=claim,
                                               evidence=shown)  # fmt: skip
            try:
                label, tokens = ask_json(self.llm, [{"role": "user", "content": prompt}], VERIFICATION_SCHEMA,
                                         _verdict, max_tokens=self.max_tokens)  # fmt: skip
            except LLMOutputError as exc:
                (check,) = self.fallback.verify([claim], [found], question)
                note = f"LLM verification unusable ({exc}); the {self.fallback.name} verifier decided"
                checks.append(ClaimCheck(check.label, check.p_supported, check.p_contradicted, check.error_spans,
                                         check.premise, note))  # fmt: skip
                continue
            premise = " ".join(s.text for s in _members(found))
            spans = []
            if label is Label.NOT_SUPPORTED:
                spans = _locate_tokens(claim, tokens) or self.fallback.error_spans(claim, premise)
            supported = float(label is Label.SUPPORTED)
            checks.append(ClaimCheck(label, supported, float(label is Label.NOT_SUPPORTED), spans, premise))
        return checks


def _verdict(reply: Any) -> tuple[Label, list[str]]:
    if not isinstance(reply, dict):
        raise LLMOutputError('expected {"label", "error_tokens"}')
    raw = str(reply.get("label", "")).strip().lower().replace(" ", "_").replace("-", "_")
    if raw not in VERIFICATION_LABELS:
        raise LLMOutputError(f"label {reply.get('label')!r} is not one of {', '.join(VERIFICATION_LABELS)}")
    tokens = reply.get("error_tokens", "")
    if isinstance(tokens, list):
        parts = [str(t) for t in tokens]
    else:
        parts = str(tokens or "").split(",")
    return Label(raw), [p.strip() for p in parts if p.strip()]


def _locate_tokens(claim: str, tokens: Sequence[str]) -> list[TextSpan]:
    spans: dict[tuple[int, int], TextSpan] = {}
    lowered = claim.lower()
    for token in tokens:
        where = claim.find(token)
        if where < 0:
            where = lowered.find(token.lower())
        if where >= 0:
            spans[(where, where + len(token))] = TextSpan.of(claim, where, where + len(token))
    return [spans[k] for k in sorted(spans)]


def _members(evidence: ClaimEvidence) -> list[Any]:
    seen: dict[tuple[str, int, int], Any] = {}
    for main, support in zip(evidence.main, evidence.support, strict=True):
        for member in (main, *support):
            seen.setdefault((member.document_id, member.sentence.span.start, member.sentence.span.end), member)
    return [seen[k] for k in sorted(seen)]


def _evidence_lines(evidence: ClaimEvidence) -> str:
    lines = []
    for i, (main, support) in enumerate(zip(evidence.main, evidence.support, strict=True), start=1):
        lines.append(f"Primary {i}: {main.text}")
        lines += [f"  Supporting: {s.text}" for s in support]
    return "\n".join(lines)


def _premises(evidence: ClaimEvidence) -> list[str]:
    """All evidence together (document order), each main sentence with its supporting sentences, then the windows."""
    if not evidence.main:
        return [" ".join(m.text for m in window) for window in evidence.windows]
    groups = []
    everything: dict[tuple[str, int, int], str] = {}
    for main, support in zip(evidence.main, evidence.support, strict=True):
        members = sorted([main, *support], key=lambda s: (s.document_id, s.sentence.span.start))
        groups.append(" ".join(m.text for m in members))
        for member in members:
            everything[(member.document_id, member.sentence.span.start, member.sentence.span.end)] = member.text
    joined = " ".join(text for _, text in sorted(everything.items()))
    premises = [joined, *[g for g in groups if g != joined]]
    windows = [" ".join(m.text for m in window) for window in evidence.windows]
    return premises + [w for w in windows if w not in premises]


def _words(text: str) -> list[tuple[int, int, str]]:
    import re

    return [(m.start(), m.end(), m.group()) for m in re.finditer(r"[\w'-]+", text)]

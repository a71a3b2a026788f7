"""Dropped conditions: an answer sentence that restates a source sentence without the condition that limits it.

    source: "Up to 5 unused days can be carried over into the next year, but only if the employee's line manager
             approves the carry-over before 19 July 2024."
    answer: "You can carry up to 5 unused days over into the next year."

Every word the answer uses is the source's, so no value check and (measured) no NLI model of our size objects: the
premise "X, but only if Y" entails "X" for them. What the answer claims is more than the source: X holds without Y.

The rule, per answer sentence ``a`` and the source sentence ``s`` that shares most of its content words:

* ``a`` restates ``s``: at least :data:`~veracity.stages.sources.MIN_RESTATED` of ``a``'s content words are
  ``s``'s, and at least :data:`RESTATES` of them (:func:`~veracity.stages.sources.copied_clause`);
* the words of ``s`` that ``a`` leaves out form runs (between two words ``a`` keeps); one run opens with a word that
  restricts (:data:`RESTRICTIVE`: "if", "only if", "unless", "provided", "as long as", "except", "outside", "aged",
  "subject to") and holds at least :data:`MIN_CONDITION` content words;
* the answer states no restriction of its own in that sentence, and does not give most of the run's words anywhere
  (the condition said in another sentence).

Then the source sentence contradicts the unconditional claim: a ``contradicted`` finding on the sentence, the
source sentence as evidence.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from veracity.schema import Finding, TextSpan
from veracity.stages.sources import MIN_RESTATED, AnswerUnits, Sources, SourceSentence, copied_clause, unit_statements
from veracity.text.novelty import content_words

__all__ = ["ConditionChecker", "DroppedCondition", "dropped_condition"]

RESTATES = 0.6
"""Least share of the answer sentence's content words that are the source sentence's."""

MIN_CONDITION = 2
"""Least content words in the left-out run that opens with a restriction."""

MAX_CONDITION = 15
"""Most content words a left-out condition holds (a longer run is another sentence's worth, not a condition)."""

MAX_SOURCE_WORDS = 40
"""Most content words of a source sentence the rule reads."""

CONFIDENCE = 0.7
"""The findings' confidence: a rule, with no model reading."""

RESTRICTIVE = re.compile(
    r"^(?:,\s*)?(?:but\s+|and\s+)?(?:only\s+(?:if|when|after|before|for|with|to|while)|if(?!\s+not\b)|unless|"
    r"provided\s+that|as\s+long\s+as|so\s+long\s+as|on\s+(?:the\s+)?condition\s+that|subject\s+to|"
    r"except(?:\s+for)?|excluding|aged|over\s+the\s+age\s+of|under\s+the\s+age\s+of|in\s+case\s+of|"
    r"with\s+(?:at\s+least|a\s+minimum\s+of))\b",
    re.IGNORECASE,
)
"""How a left-out run that limits the claim opens (tested on the words between the last kept word and the run)."""

# restrictions that limit a claim only where they open the sentence ("Outside the summer season, crossings run…"),
# not after it ("training outside of general medicine", "protesters outside the palace": a place); "During this
# period, …" is left out: the answer often gives the period in its own words ("From 24 May until 29 September, …")
_OPENING_ONLY = re.compile(r"^(?:outside|except|apart\s+from|other\s+than)\b", re.IGNORECASE)
_ASIDE = re.compile(r"^(?:-{1,2}|—|–|\()")
_PURPOSE = re.compile(
    r"^(?:but\s+|and\s+)?if\s+(?:you|we)(?:'d|\s+would|\s+really)?\s+(?:want|wish|like|prefer|need|plan|are\s+looking|"
    r"look|choose|decide|cannot|can't|can|do|don't)\b|^(?:but\s+|and\s+)?if\s+(?:your|our)\s+(?:goal|aim|plan)\b",
    re.IGNORECASE,
)
_OWN_RESTRICTION = re.compile(
    r"\b(?:if|unless|only\s+(?:if|when|after|before|for|with|while)|provided|as\s+long\s+as|so\s+long\s+as|except|"
    r"excluding|outside|aged|subject\s+to|"
    r"condition|conditions|requires?|required|must|when)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class DroppedCondition:
    """An answer sentence that leaves out a condition of the source sentence it restates."""

    source: str  # the source sentence
    document: int
    start: int  # the source sentence's offset in its document
    condition: str  # the left-out words, from the restriction on


@functools.lru_cache(maxsize=4096)
def _forms(text: str) -> frozenset[str]:
    """The content word forms of a source sentence or an answer (read once for every unit of the answer)."""
    return frozenset(w.form for w in content_words(text))


def _runs(source: str, kept: set[str]) -> list[tuple[int, int, list[str]]]:
    """The runs of content words of ``source`` not in ``kept``: (start, end, words), in order."""
    runs: list[tuple[int, int, list[str]]] = []
    previous_kept_end = 0
    current: tuple[int, int, list[str]] | None = None
    for word in content_words(source):
        if word.form in kept:
            if current is not None:
                runs.append(current)
                current = None
            previous_kept_end = word.end
            continue
        if current is None:
            current = (previous_kept_end, word.end, [word.form])
        else:
            current = (current[0], word.end, [*current[2], word.form])
    if current is not None:
        runs.append(current)
    return runs


def dropped_condition(sentence: str, sources: Sequence[SourceSentence], answer: str = "") -> DroppedCondition | None:
    """The condition ``sentence`` leaves out of the source sentence it restates, if any (the module's rule).

    Args:
        sentence: one answer sentence.
        sources: the source sentences (:attr:`Sources.sentences`).
        answer: the whole answer (a condition it states in another sentence is not left out).
    """
    if _OWN_RESTRICTION.search(sentence):
        return None
    own = {w.form for w in content_words(sentence)}
    if len(own) < MIN_RESTATED:
        return None
    everywhere = _forms(answer) if answer else own  # read once per answer, not per unit
    scored = [(len(own & _forms(s.text)), k) for k, s in enumerate(sources)]
    _, best = max(scored, default=(0, -1))
    if best < 0 or not copied_clause(own, _forms(sources[best].text), RESTATES):
        return None
    document, text = sources[best].document, sources[best].text
    source_words = [w.form for w in content_words(text)]
    if len(source_words) > MAX_SOURCE_WORDS:
        return None  # a run-on source (a list, a page's text): which words restate which is guesswork
    for start, end, words in _runs(text, own):
        between = text[start:end]
        opening = between.lstrip(" ,;:")
        if len(words) < MIN_CONDITION or len(words) > MAX_CONDITION:
            continue
        if not RESTRICTIVE.match(opening) and not (start == 0 and _OPENING_ONLY.match(opening)):
            continue
        if _ASIDE.match(opening) or _PURPOSE.match(opening):
            continue  # an aside ("-- aged from 25 to 32 --") or a reader's purpose ("if you want to…"), no limit
        if sum(w in everywhere for w in words) * 2 >= len(words):
            continue  # the answer says most of the condition somewhere
        rest = [w for w in source_words if w not in own and w not in words]
        if len(rest) * 2 > len(source_words) - len(words):
            continue  # the answer restates too little of the rest of the source sentence
        return DroppedCondition(text, document, sources[best].start, opening.strip())
    return None


@dataclass(frozen=True)
class ConditionChecker:
    """``contradicted`` findings for the answer's units that restate a source sentence without its condition."""

    name: str = "conditions"

    def findings(self, answer: AnswerUnits, sources: Sources) -> list[Finding]:
        """Each unit of ``answer`` against the source sentence it restates (the module's rule)."""
        if not sources.sentences:
            return []
        findings: list[Finding] = []
        for unit_start, unit_end in answer.units:
            # the unit, else the first statement it joins that drops a condition (issue 76 §3: a detail the unit adds
            # after the statement does not restore the condition)
            for start, end in unit_statements(answer.text, unit_start, unit_end):
                found = dropped_condition(answer.text[start:end], sources.sentences, answer.text)
                if found is not None:
                    break
            else:
                continue
            text = answer.text[start:end].rstrip()
            findings.append(
                Finding(
                    kind="condition",
                    relation="contradicted",
                    span=TextSpan.of(answer.text, start, start + len(text)),
                    source_document=sources.documents[found.document].id,
                    source_span=sources.span(found.document, found.start, found.start + len(found.source)),
                    source_text=found.source,
                    confidence=CONFIDENCE,
                    explanation=f"the source limits this: {found.condition!r}; the answer states it without the "
                    "condition",
                )
            )
        return findings

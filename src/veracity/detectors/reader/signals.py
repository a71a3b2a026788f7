"""What the reader knows about one answer sentence: signals on a scale that does not grow with the answer.

Every signal is a property of one sentence against *all* the sources (the context documents and the question), so
adding, splitting, merging or reordering passages changes a signal only when it changes what the sources say. Each
signal has a direction, declared in a table beside the function that computes it (``NLI_DIRECTIONS`` beside
:func:`nli_signals`, …) and gathered in :data:`DIRECTIONS`: +1 (``AGAINST``) when a larger value counts *against* the
sentence (more of it is unsupported), −1 (``FOR``) when it counts *for* it, 0 (``EITHER``) for a description of the
input (its shape) that may go either way. The reader's model is constrained to these signs
(:mod:`veracity.detectors.reader.model`; a model file records each weight's sign beside it), so it cannot learn that
a novel name makes a sentence more faithful because long answers in the training data have more of them.

Sources of evidence, per sentence:

* words: the share of its content words found in no source (:func:`veracity.text.novelty.content_words`), its novel
  names (capitalised words inside the sentence) and novel numbers;
* values: the names, numbers, dates and durations spaCy finds in it that no source states, numbers and dates
  compared as values (:class:`~veracity.stages.verify.grounding.GroundingChecker`: "1,250" = "1250", "two months" ≈
  "60 days");
* NLI: the verifier's P(entailment) and P(contradiction) of the sentence against the source sentence(s) sharing its
  rarest words, alone and with their neighbours (a neighbour that gives one of the sentence's values to another
  thing left out; the conversions and sums the value checker verified written into the premise);
* the consistency and record checkers' findings on it (a value, role or polarity a source contradicts);
* whether it is an abstention, a referral or a hedge (:mod:`veracity.text.abstain`): "the passages don't say" is not
  a claim;
* the span model's token probabilities inside it, when that model runs.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from veracity.schema import Finding
from veracity.stages.sources import SourceIndex
from veracity.text.novelty import content_words, normalise_word
from veracity.text.select import json_as_text
from veracity.text.split import split_sentences

__all__ = [
    "ABSTENTION_DIRECTIONS",
    "AGAINST",
    "ALIGNED_DIRECTIONS",
    "COPY_DIRECTIONS",
    "DIRECTIONS",
    "EITHER",
    "FINDING_DIRECTIONS",
    "FOR",
    "INTERACTIONS",
    "INTERACTION_DIRECTIONS",
    "LEXICAL_DIRECTIONS",
    "NLI_DIRECTIONS",
    "SHAPE_DIRECTIONS",
    "SPAN_DIRECTIONS",
    "VALUE_DIRECTIONS",
    "abstention_signals",
    "aligned_signals",
    "copy_share",
    "finding_signals",
    "has_record",
    "is_absent_name",
    "lexical_sentence_signals",
    "nli_signals",
    "reader_sentences",
    "shape_values",
    "span_sentence_signals",
    "value_signals",
    "with_interactions",
]

# Each signal's direction, declared in a table beside the function that computes it and gathered in DIRECTIONS.
AGAINST = 1  # a larger value counts against the unit: more of it is unsupported
FOR = -1  # a larger value counts for the unit
EITHER = 0  # describes the input (its shape): the model's weight may take either sign

# Products of two signals that count against a sentence: each is monotone in both (all are in [0, 1] or counts ≥ 0),
# so a non-negative weight keeps the model monotone; they let evidence of two kinds weigh more together than apart
# (a novel word the NLI model does not see supported), and let a record's sentences weigh a signal differently.
INTERACTIONS: dict[str, tuple[str, str]] = {
    "novel_x_nli": ("novel_share", "nli_not_entailed"),
    "any_x_unsure": ("novel_any", "nli_unsure"),
    "name_x_nli": ("unsupported_name", "nli_not_entailed"),
    "value_x_nli": ("unsupported_value", "nli_not_entailed"),
    "record_x_novel": ("is_record", "novel_share"),
    "record_x_name": ("is_record", "novel_name"),
    "record_x_nli": ("is_record", "nli_not_entailed"),
    "prose_x_novel": ("is_prose", "novel_share"),
    "prose_x_nli": ("is_prose", "nli_not_entailed"),
    # a unit made of its aligned sentence's own words that this sentence does not entail: a minimal edit (a swapped
    # value, name or role, a negation) rather than a paraphrase or a synthesis of several sentences
    "copy_x_contradiction": ("copy_share", "nli_first_contradiction"),
    "copy_x_not_entailed": ("copy_share", "nli_first_not_entailed"),
    # a short unit (a one-line answer) is one claim: the NLI's reading of it says more than of a long one
    "brevity_x_nli": ("brevity", "nli_not_entailed"),
    "brevity_x_window": ("brevity", "nli_window_not_entailed"),
}
INTERACTION_DIRECTIONS: dict[str, int] = dict.fromkeys(INTERACTIONS, AGAINST)


def with_interactions(values: dict[str, float]) -> dict[str, float]:
    """``values`` with the :data:`INTERACTIONS` products added (``is_prose`` = 1 − ``is_record``)."""
    out = {**values, "is_prose": 1.0 - values.get("is_record", 0.0)}
    for name, (a, b) in INTERACTIONS.items():
        out[name] = out.get(a, 0.0) * out.get(b, 0.0)
    return out


# Clauses: a sentence longer than this many words is read clause by clause at ";" and ":" (a long list of claims).
LONG_SENTENCE_WORDS = 45


def reader_sentences(answer: str) -> list[tuple[int, int]]:
    """The units the reader scores, as ``(start, end)`` offsets of ``answer``.

    The answer's sentences, a sentence over :data:`LONG_SENTENCE_WORDS` words cut into its clauses at ``;``.
    """
    units: list[tuple[int, int]] = []
    for sentence in split_sentences(answer, "rules"):
        start, end = sentence.span.start, sentence.span.end
        if len(sentence.span.text.split()) <= LONG_SENTENCE_WORDS:
            units.append((start, end))
            continue
        cut = start
        for k in range(start, end):
            if answer[k] == ";" and len(answer[cut:k].split()) >= 6 and len(answer[k + 1 : end].split()) >= 6:
                units.append((cut, k + 1))
                cut = k + 1
                while cut < end and answer[cut].isspace():
                    cut += 1
        units.append((cut, end))
    return units


def _is_name(text: str, start: int) -> bool:
    if not text[start].isupper():
        return False
    before = text[:start].rstrip()
    return bool(before) and before[-1] not in ".!?:\n\"'“(-•*"


LEXICAL_DIRECTIONS: dict[str, int] = {
    "novel_share": AGAINST,
    "novel_any": AGAINST,
    "novel_many": AGAINST,
    "novel_name": AGAINST,
    "novel_number": AGAINST,
    "content_words_log": EITHER,
    "brevity": EITHER,
}


def lexical_sentence_signals(sentence: str, index: SourceIndex) -> dict[str, float]:
    """Words of the sentence that no source uses: their share, whether any / three or more, names and numbers."""
    words = content_words(sentence)
    novel = [w for w in words if w.form not in index.known]
    return {
        "novel_share": len(novel) / len(words) if words else 0.0,
        "novel_any": float(bool(novel)),
        "novel_many": float(len(novel) >= 3),
        "novel_name": float(any(_is_name(sentence, w.start) for w in novel)),
        "novel_number": float(any(any(c.isdigit() for c in w.form) for w in novel)),
        "content_words_log": math.log1p(len(words)),
        "brevity": min(1.0, 4.0 / max(1, len(words))),
    }


COPY_DIRECTIONS: dict[str, int] = {"copy_share": EITHER}


def copy_share(sentence: str, evidence: str) -> float:
    """The share of the sentence's content words that ``evidence`` uses (1.0: made of the evidence's own words)."""
    words = {w.form for w in content_words(sentence)}
    if not words:
        return 0.0
    return len(words & {w.form for w in content_words(evidence)}) / len(words)


VALUE_DIRECTIONS: dict[str, int] = {
    "unsupported_name": AGAINST,
    "unsupported_value": AGAINST,
    "unsupported_negation": AGAINST,
}


def value_signals(counts: dict[str, int]) -> dict[str, float]:
    """The grounding checker's unsupported items of the sentence, as 0 / 1 / 2+ (capped: a scale that does not grow)."""
    return {
        "unsupported_name": min(counts.get("name", 0), 2) / 2,
        "unsupported_value": min(counts.get("value", 0), 2) / 2,
        "unsupported_negation": float(counts.get("negation", 0) > 0),
    }


NLI_DIRECTIONS: dict[str, int] = {
    "nli_not_entailed": AGAINST,
    "nli_unsure": AGAINST,
    "nli_contradiction": AGAINST,
    "nli_window_not_entailed": AGAINST,
    "nli_first_not_entailed": AGAINST,
    "nli_first_contradiction": AGAINST,
    "nli_window_alone_not_entailed": AGAINST,
}


def nli_signals(sentences: Sequence[Sequence[float]], windows: Sequence[Sequence[float]] = ()) -> dict[str, float]:
    """The verifier's reading of the unit against its aligned evidence.

    ``sentences``: P(entailment), P(neutral), P(contradiction) against each aligned source sentence alone; ``windows``:
    against the best one with its neighbours. Support is the best single sentence's P(entailment) (a neighbour that
    gives another role's value must not vouch for the unit), the window's is its own signal (a claim drawn from two
    sentences); contradiction is the largest over the single sentences. No evidence at all reads as unsupported.
    """
    if not sentences:
        return {
            "nli_not_entailed": 1.0,
            "nli_unsure": 1.0,
            "nli_contradiction": 0.0,
            "nli_window_not_entailed": 1.0,
            "nli_first_not_entailed": 1.0,
            "nli_first_contradiction": 0.0,
            "nli_window_alone_not_entailed": 1.0,
        }
    entail = max(float(p[0]) for p in sentences)
    window = max((float(p[0]) for p in windows), default=entail)
    return {
        "nli_not_entailed": 1.0 - entail,
        "nli_unsure": float(entail < 0.5),
        "nli_contradiction": max(float(p[2]) for p in sentences),
        "nli_window_not_entailed": 1.0 - max(window, entail),
        # the best-aligned sentence alone: a minimal edit of it is read against it, not against a second sentence
        "nli_first_not_entailed": 1.0 - float(sentences[0][0]),
        "nli_first_contradiction": float(sentences[0][2]),
        "nli_window_alone_not_entailed": 1.0 - window,  # the window's own reading, the sentences' left out
    }


FINDING_DIRECTIONS: dict[str, int] = {"conflict": AGAINST, "record_conflict": AGAINST, "record_not_found": AGAINST}


def finding_signals(start: int, end: int, findings: Sequence[Finding]) -> dict[str, float]:
    """The consistency and record checkers' findings that fall in ``[start, end)`` of the answer."""
    inside = [f for f in findings if f.span.start < end and start < f.span.end]
    contradicted = [f for f in inside if f.relation == "contradicted"]
    return {
        "conflict": max((f.confidence for f in contradicted if f.kind != "record"), default=0.0),
        "record_conflict": max((f.confidence for f in contradicted if f.kind == "record"), default=0.0),
        "record_not_found": float(any(f.relation != "contradicted" and f.kind == "record" for f in inside)),
    }


ALIGNED_DIRECTIONS: dict[str, int] = {"aligned_gap": AGAINST}


def aligned_signals(gap: float) -> dict[str, float]:
    """The learned alignment's reading of the unit's values, one value at a time (issue 77).

    ``gap``: the largest, over the unit's values that some source clause states and another gives another value,
    of how much more alike (by the aligner, values masked, "about" paths prepended) the other value's clause is than
    the best clause stating the unit's own (:meth:`~veracity.stages.verify.checkers.masked.MaskedFrameChecker.
    unit_gaps`); 0 when no value is so compared or its own clause is the more alike. Each value's gap depends on that
    value's frame and the sources, so a correct detail elsewhere in the unit cannot clear another value's gap.
    """
    return {"aligned_gap": min(max(float(gap), 0.0), 0.5)}


SPAN_DIRECTIONS: dict[str, int] = {"span_max": AGAINST, "span_mean": AGAINST}


def span_sentence_signals(probs: Sequence[float]) -> dict[str, float]:
    """The span model's token probabilities inside the sentence: their largest and their mean (0 when none)."""
    if not probs:
        return {"span_max": 0.0, "span_mean": 0.0}
    return {"span_max": float(max(probs)), "span_mean": float(sum(probs) / len(probs))}


ABSTENTION_DIRECTIONS: dict[str, int] = {
    "abstention": FOR,  # not a claim
    "referral": FOR,
    "hedge": EITHER,
    "abstention_denies": AGAINST,  # "the passages don't say" where they do
}


def abstention_signals(kind: str | None, denies: bool) -> dict[str, float]:
    """1 / 0 for an abstention, a referral, a hedge, and an abstention that denies what the sources state."""
    return {
        "abstention": float(kind == "abstention" and not denies),
        "referral": float(kind == "referral"),
        "hedge": float(kind == "hedge"),
        "abstention_denies": float(denies),
    }


SHAPE_DIRECTIONS: dict[str, int] = {"is_record": EITHER, "is_first": EITHER, "fragment": EITHER}


def shape_values(is_record: bool, position: int, fragment: bool) -> dict[str, float]:
    """The input's shape as the reader may see it: a record as context, the first unit, a fragment answer."""
    return {"is_record": float(is_record), "is_first": float(position == 0), "fragment": float(fragment)}


def has_record(documents: Sequence[str]) -> bool:
    """Whether some document is a structured record (JSON, read as ``key: value`` lines)."""
    return any(json_as_text(d) is not d for d in documents)


# Words that are never a name the sources must state: the sources' own labels ("According to Passage 2"), days,
# months and seasons (spaCy tags "Sundays", "winter months" as dates: durations and dates are the value checker's).
_NOT_NAMES = frozenset(
    """passage passages document documents source sources context article text excerpt record table section
    monday tuesday wednesday thursday friday saturday sunday weekday weekend weekdays weekends today yesterday
    tomorrow day days week weeks month months year years spring summer autumn fall winter morning evening night
    january february march april may june july august september october november december""".split()
)


def is_absent_name(text: str, known: set[str]) -> bool:
    """Whether a name the grounding checker found unsupported is absent from the sources.

    A name of one word is absent word by word: it is not when it occurs in a source or the question as the novelty
    signals normalise words ("Christian" beside "Christians", "Passage" beside "passage 2:"). A name of several
    words (:func:`veracity.text.names.phrase_name`: "Northwind Travel Group") is a phrase: the checker found neither
    it nor a short form of it in the sources, with word forms normalised the same way, so it is absent though each
    of its words occurs somewhere (issue 59). Never absent: a name with no capitalised word (a date such as "winter
    months"), or one that is only the sources' labels, days, months and seasons.
    """
    from veracity.text.names import phrase_name

    words = [w for w in re.findall(r"\w+", text) if not w.isdigit()]
    if not words or not any(w[:1].isupper() for w in words):
        return False
    if all(normalise_word(w) in _NOT_NAMES or w.lower() in _NOT_NAMES for w in words):
        return False
    return phrase_name(text) is not None or not all(normalise_word(w) in known for w in words)


def is_fragment(sentence: str) -> bool:
    """A unit too short to be a claim by itself ("18 weeks.", "Tokyo"): read with its question."""
    return len(content_words(sentence)) < 4


DIRECTIONS: dict[str, int] = {
    **LEXICAL_DIRECTIONS,
    **COPY_DIRECTIONS,
    **VALUE_DIRECTIONS,
    **NLI_DIRECTIONS,
    **FINDING_DIRECTIONS,
    **SPAN_DIRECTIONS,
    **ALIGNED_DIRECTIONS,
    **ABSTENTION_DIRECTIONS,
    **SHAPE_DIRECTIONS,
    **INTERACTION_DIRECTIONS,
}
"""Every signal's direction (+1 against the unit, −1 for it, 0 free), from the tables beside their functions."""

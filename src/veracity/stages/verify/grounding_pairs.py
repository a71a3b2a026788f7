"""What other detectors build on the grounding checker: a pair scorer, and names read in their place.

Split from :mod:`veracity.stages.verify.grounding`, which checks names, values and negations.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from veracity.stages.verify.grounding import Checkable, CheckableKind, EvidenceFacts, GroundingChecker, find_unsupported
from veracity.text.lexicon import STOP_WORDS
from veracity.text.normalize import normalize_words
from veracity.text.novelty import content_words

__all__ = ["GroundingPairScorer", "misplaced_names", "names_out_of_place"]


class GroundingPairScorer:
    """The grounding checker as a :class:`~veracity.models.pair_scorer.PairScorer` (registry name ``grounding``).

    P(entailment) = the share of the hypothesis's checkable items (names, numbers, dates, negations) that the
    premise contains; P(neutral) = the rest; P(contradiction) = 0 (a missing item is not a contradiction). A
    hypothesis with nothing checkable gets (0.5, 0.5, 0): undecided. Rule-based, no model weights: a second,
    transparent scorer to plug into any detector that takes a pair scorer (Logic-Matters' Table 7 analogue), and a
    control for what lexical overlap alone achieves. The hypothesis's items are found once per distinct hypothesis.
    """

    model_id = "grounding"

    def __init__(self, checker: GroundingChecker | None = None) -> None:
        self.checker = checker or GroundingChecker()
        self._items: dict[str, list[Checkable]] = {}

    def config(self) -> dict[str, Any]:
        """Settings recorded in reports."""
        return {"pair_scorer": self.model_id, **self.checker.config()}

    def score(self, pairs: Sequence[tuple[str, str]]) -> NDArray[np.float32]:
        """Shape ``(len(pairs), 3)``: P(entailment), P(neutral), P(contradiction) per (premise, hypothesis)."""
        out = np.zeros((len(pairs), 3), dtype=np.float32)
        for row, (premise, hypothesis) in enumerate(pairs):
            if hypothesis not in self._items:
                if len(self._items) > 4096:
                    self._items.clear()
                self._items[hypothesis] = self.checker.checkables(hypothesis)
            items = self._items[hypothesis]
            if not items:
                out[row] = (0.5, 0.5, 0.0)
                continue
            supported = 1.0 - len(find_unsupported(items, EvidenceFacts.of(premise))) / len(items)
            out[row] = (supported, 1.0 - supported, 0.0)
        return out


_PRONOUN = re.compile(r"\b(?:he|she|it|they|his|her|hers|its|their|him|them)\b", re.IGNORECASE)


def misplaced_names(
    claim: str, claim_items: Sequence[Checkable], premise_sentences: Sequence[str], coreference: bool = False
) -> list[Checkable]:
    """The names of ``claim`` missing from the premise sentence that states the rest of the claim.

    Entity confusion: a claim built from a passage's words with one name taken from elsewhere in it ("Kevin Kangas is
    a convicted serial killer" where the passage says Adam Leroy Lane is, and Kevin Kangas made the film) is
    entailed-looking to a small NLI model and passes a check against the whole passage. Here the claim's words other
    than its names pick the premise sentence sharing most of them; a tie (a claim that is all names, such as
    "Glasgow is in Scotland") goes to the sentence sharing most of the names' words, then to the first. A name
    (entity or proper noun) whose content words are not all in that sentence is misplaced. With ``coreference``, a
    name found in the sentence just before counts as placed when the chosen sentence has a third-person pronoun
    ("Ric Viers (born 1973) is a producer. He has also worked as a screenwriter."). Numbers, dates and negation are
    left to :func:`find_unsupported`.

    Example::

        >>> from veracity.stages.verify.grounding import Checkable, CheckableKind
        >>> claim = "Kangas is a convicted killer."
        >>> [n.text for n in misplaced_names(claim, [Checkable(CheckableKind.ENTITY, 0, 6, "Kangas")],
        ...     ["Lane is a convicted killer.", "Kangas made the film."])]
        ['Kangas']
    """
    names = [i for i in claim_items if i.kind in (CheckableKind.ENTITY, CheckableKind.PROPER_NOUN)]
    if not names or not premise_sentences:
        return []
    rest = claim
    for name in sorted(names, key=lambda n: n.start, reverse=True):
        rest = rest[: name.start] + " " + rest[name.end :]
    wanted = {w for w in normalize_words(rest) if w not in STOP_WORDS}
    name_words = [{w for w in normalize_words(n.text) if w not in STOP_WORDS} for n in names]
    all_name_words = set().union(*name_words)
    sentence_words = [set(normalize_words(sentence)) for sentence in premise_sentences]
    best = max(
        range(len(premise_sentences)),
        key=lambda i: (len(wanted & sentence_words[i]), len(all_name_words & sentence_words[i]), -i),
    )
    placed = sentence_words[best]
    if coreference and best > 0 and _PRONOUN.search(premise_sentences[best]):
        placed = placed | sentence_words[best - 1]
    return [n for n, words in zip(names, name_words, strict=True) if not words <= placed]


def names_out_of_place(
    claim: str, claim_items: Sequence[Checkable], sentences: Sequence[str], neighbours: int = 3
) -> list[Checkable]:
    """The names of ``claim`` that ``sentences`` state, but not beside the words around them in the claim.

    A name's neighbours are the ``neighbours`` content words on each side of it within its clause of the claim
    (up to a ";", ":" or dash; other names included). A name is out of place when every sentence naming it holds
    fewer than half of them: "Linux" in "The app supports Windows 10 or later, Linux." where the one sentence naming
    Linux is "A Linux build is planned but not yet available."; "Salesforce" in "The Team plan includes
    Salesforce." where it is "Salesforce is available on the Enterprise plan only.". A name that no sentence
    states, or that has no neighbours, is not out of place (the first is :func:`find_unsupported`'s). Unlike
    :func:`misplaced_names` it does not pick one sentence for the whole claim, so a claim of two clauses, each
    stated by its own sentence, has none.

    Example::

        >>> claim = "Kangas is a convicted killer."
        >>> [n.text for n in names_out_of_place(claim, [Checkable(CheckableKind.ENTITY, 0, 6, "Kangas")],
        ...     ["Lane is a convicted killer.", "Kangas made the film."])]
        ['Kangas']
    """
    sentence_words = [{w.form for w in content_words(sentence)} for sentence in sentences]
    out = []
    for name in claim_items:
        if name.kind not in (CheckableKind.ENTITY, CheckableKind.PROPER_NOUN):
            continue
        before = _CLAUSE_BREAK.split(claim[: name.start])[-1]
        after = _CLAUSE_BREAK.split(claim[name.end :])[0]
        forms = {w.form for w in content_words(name.text)}
        around = content_words(before)[-neighbours:] + content_words(after)[:neighbours]
        near = {w.form for w in around} - forms
        naming = [found for found in sentence_words if forms and forms <= found]
        if near and naming and all(2 * len(near & found) < len(near) for found in naming):
            out.append(name)
    return out


_CLAUSE_BREAK = re.compile(r"[;:]|\s[-–—]\s|—")

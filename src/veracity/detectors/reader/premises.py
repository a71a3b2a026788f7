"""What the reader's NLI and span model read of the sources.

Premises with their bridges, written after what they are about, and the passages with each unit's bridges after them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from veracity.stages.sources import AlignedEvidence, SourceIndex

if TYPE_CHECKING:
    from veracity.stages.sources import Sources

__all__ = ["bridged", "nli_pair", "premise_writer", "with_bridges"]


class _Reading(Protocol):
    start: int
    end: int
    evidence: list[AlignedEvidence]


def nli_pair(premise: str, unit: str, hypothesis: str, index: SourceIndex) -> tuple[str, str]:
    """The (premise, hypothesis) the NLI reads for ``unit`` against ``premise``.

    The premise with its bridges, the hypothesis with the values the premise states in another writing written as the
    premise writes them.
    """
    from veracity.text.bridges import restated

    return bridged(premise, unit, index), restated(hypothesis, premise)


def bridged(premise: str, unit: str, index: SourceIndex) -> str:
    """``premise`` with the conversions and sums that take its values to the unit's spelled out (bridges)."""
    from veracity.text.bridges import bridges

    steps = bridges(unit, premise, index.question, index.joined)
    return f"{premise} {' '.join(steps)}" if steps else premise


def premise_writer(sources: Sources | None) -> Callable[[AlignedEvidence], str]:
    """How an aligned window is written as an NLI premise: after what it is about, where ``sources`` are given.

    The window's heading path and list lead (:meth:`Sources.about` at the window's start) go before it
    (:func:`~veracity.text.about.about_premise`): "A full day: £55." under "## Electric bikes" of "# Bike hire" is read
    as "Bike hire, Electric bikes: A full day: £55." — at the window's own offsets, so a line written under two headings
    is read under the one it was aligned in. A window its document does not hold (a record's lines) is read as it is;
    without ``sources`` (``premise_about`` off) every window is.
    """
    if sources is None:
        return lambda window: window.text
    from veracity.text.about import about_premise

    read = sources

    def written(window: AlignedEvidence) -> str:
        if not 0 <= window.document < len(read.documents):
            return window.text
        start = window.start if window.start is not None else read.documents[window.document].text.find(window.text)
        return about_premise(read.about(window.document, start), window.text) if start >= 0 else window.text

    return written


def with_bridges(texts: list[str], answer: str, index: SourceIndex, readings: Sequence[_Reading]) -> list[str]:
    """``texts`` with each unit's bridges written after the passage of its best aligned sentence.

    "Books are lent for 3 weeks." gains "3 weeks is 21 days." where a unit says 21 days: the span model then reads the
    value as the answer writes it, as the NLI's premise has it (:func:`bridged`), instead of marking a faithful
    rewording (measured on issue 70's read held-out sets: a sentence's mean token probability 0.47 → 0.13). Sums and
    products only where the sentence writes their terms (``bridges(derivations="shown")``): a derivation vouches for
    its arithmetic, not for which thing's value went into it, and a term the sentence hides is what the span model's
    marks must still tell. A conversion or sum the value checker does not vouch for gets no bridge.
    """
    from veracity.text.bridges import bridges

    after: dict[int, list[str]] = {}
    for reading in readings:
        if not reading.evidence:
            continue
        best = reading.evidence[0].text
        unit = answer[reading.start : reading.end]
        steps = bridges(unit, best, index.question, index.joined, derivations="shown")
        where = next((k for k, t in enumerate(texts) if best in t), len(texts) - 1)
        after.setdefault(where, []).extend(steps)
    return [f"{t} {' '.join(dict.fromkeys(after[k]))}" if after.get(k) else t for k, t in enumerate(texts)]

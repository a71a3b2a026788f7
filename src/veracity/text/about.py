r"""What a source line is about, beyond its own words: its headings and the lead of its list (issue 77).

"Electric bikes\nUp to 3 hours: £30." — the second line names no bike; only its heading says which bikes it is
about. A line's *about* is the path of headings above it (:mod:`veracity.text.headings`) and, for a line of a list
introduced by a lead line ("Children under 5:\n- Entry: free"), that lead. The learned alignment reads a source
clause as its about, then its masked frame (:func:`aligned_text`), so that two clauses that differ only by their
heading are told apart.

Rules for a lead: a line of at most :data:`MAX_LEAD_CHARS` characters that ends with a colon and has nothing after
it; the lines after it, up to a blank line or a heading, are under it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "ABOUT_JOIN",
    "MAX_ABOUT_CHARS",
    "MAX_LEAD_CHARS",
    "ListLead",
    "about_premise",
    "aligned_text",
    "list_leads",
]

MAX_LEAD_CHARS = 80
MAX_ABOUT_CHARS = 160
"""An about longer than this keeps its innermost parts (headings nested twenty deep: bounded, the nearest kept)."""
MAX_LEADS = 2_000
ABOUT_JOIN = " / "
_LEAD = re.compile(rf"^[ \t]*(?:[-*•+][ \t]+)?(?P<lead>[^\n:|]{{2,{MAX_LEAD_CHARS}}}?)[ \t]*:[ \t]*$", re.MULTILINE)


@dataclass(frozen=True)
class ListLead:
    """A lead line ("Children under 5:") and the block under it: ``[start, end)`` in the text, up to a blank line."""

    text: str
    start: int
    end: int


def list_leads(text: str) -> list[ListLead]:
    r"""The lead lines of ``text`` with the blocks they lead, in order.

    >>> [(x.text, x.start, x.end) for x in list_leads("Fees:\n- Adults: £5\n- Children: free\n\nOther text.")]
    [('Fees', 6, 35)]
    >>> list_leads("Open daily: 9 am to 5 pm.")
    []
    """
    out: list[ListLead] = []
    for m in _LEAD.finditer(text):
        start = m.end() + 1
        if start >= len(text):
            continue
        blank = re.search(r"\n[ \t]*\n", text[m.end() :])
        end = m.end() + blank.start() if blank else len(text)
        if end > start:
            out.append(ListLead(m.group("lead").strip(), start, end))
        if len(out) >= MAX_LEADS:
            break
    return out


def _bounded(about: Sequence[str]) -> list[str]:
    parts = [" ".join(p.split()) for p in about if p.strip()]
    while parts and len(ABOUT_JOIN.join(parts)) > MAX_ABOUT_CHARS:
        parts = parts[1:] if len(parts) > 1 else [parts[0][-MAX_ABOUT_CHARS:]]
    return parts


def about_premise(about: Sequence[str], sentence: str) -> str:
    """What the NLI reads of a source sentence: what it is about, in words, then the sentence.

    A line under a heading says nothing of the heading's thing by its own words; the NLI reads it with the heading:

    >>> about_premise(("Bike hire", "Electric bikes"), "A full day: £55.")
    'Bike hire, Electric bikes: A full day: £55.'
    >>> about_premise((), "A full day: £55.")
    'A full day: £55.'
    """
    parts = _bounded(about)
    return f"{', '.join(parts)}: {sentence}" if parts else sentence


def aligned_text(about: Sequence[str], frame: str) -> str:
    """What the aligner reads of a source clause: its about path, then its frame.

    >>> aligned_text(("Bike hire", "Electric bikes"), "A full day: [AMOUNT].")
    'Bike hire / Electric bikes | A full day: [AMOUNT].'
    >>> aligned_text((), "A full day: [AMOUNT].")
    'A full day: [AMOUNT].'
    """
    parts = _bounded(about)
    return f"{ABOUT_JOIN.join(parts)} | {frame}" if parts else frame

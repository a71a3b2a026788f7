r"""Headings of a plain-text or Markdown document: the lines that say what the lines under them are about (issue 77).

A line under the heading "Electric bikes" is about electric bikes, and nothing in a sentence splitter knows that:
"Electric bikes\nA full day: £55." reads as one sentence whose subject is "Electric bikes". :func:`heading_lines`
finds the headings by rules, so that a source's sentences are cut after them and each sentence knows its heading
(:meth:`veracity.stages.sources.Sources.heading_of`):

* a Markdown heading, ATX ("## Lift passes") or setext (a line underlined with ``===`` or ``---``), as
  markdown-it-py's CommonMark parser reads it (so a ``#`` line inside a code fence is code);
* a short plain line: at most :data:`MAX_HEADING_WORDS` words and :data:`MAX_HEADING_CHARS` characters, starting
  with a capital letter or a digit, ending with no full stop, question or exclamation mark, colon, semicolon or
  comma, no table row ("|"), no list item ("-", "*", "•", "1."), no "Name: value" line, opening its block (the
  text's first line, or after a blank line), followed by a line with text (a blank line may come
  between: "Bike hire\n\nCity bikes\nUp to 3 hours: £12.").

Text with no such line reads as before. A heading's *path* is Markdown's nesting by level; a plain heading has no
level, so its path is itself.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

__all__ = ["MAX_HEADING_CHARS", "MAX_HEADING_WORDS", "Heading", "heading_lines"]

MAX_HEADING_WORDS = 8
MAX_HEADING_CHARS = 60
MAX_HEADINGS = 2_000  # a document of thousands of lines: the rest are read as lines (bounded work)
_LIST_OR_ROW = re.compile(r"^\s*(?:[-*•+]\s|\d+[.)]\s|\|)")
_LINE = re.compile(r"[^\n]*")
_FIELD = re.compile(r"\S\s*:\s+\S")


@dataclass(frozen=True)
class Heading:
    """A heading line: ``[start, end)`` of its text in the document, its ``text`` and its ``path`` (outer first)."""

    start: int
    end: int
    text: str
    path: tuple[str, ...]


def _plain_heading(line: str) -> bool:
    words = line.split()
    if not words or len(words) > MAX_HEADING_WORDS or len(line) > MAX_HEADING_CHARS:
        return False
    if _LIST_OR_ROW.match(line) or "|" in line or line.rstrip()[-1] in ".!?:;,":
        return False
    if _FIELD.search(line):  # "Contract length: 12 months", "Fees – £5": a name and its value
        return False
    return line.lstrip()[0].isupper() or line.lstrip()[0].isdigit()


def _markdown(text: str) -> tuple[dict[int, tuple[int, str]], set[int]]:
    """Markdown's headings (ATX and setext) by their first line, as (level, title); and the lines of fenced code.

    Parsed by markdown-it-py (CommonMark), not by hand: "# not a heading" inside a code fence stays code.
    """
    parser = _parser()
    headings: dict[int, tuple[int, str]] = {}
    fenced: set[int] = set()
    tokens = parser.parse(text)
    for k, token in enumerate(tokens):
        if token.type == "heading_open" and token.map and k + 1 < len(tokens):
            title = tokens[k + 1].content.strip()
            if title and "\n" not in title:
                headings[token.map[0]] = (int(token.tag[1:]), title)
        elif token.type == "fence" and token.map:
            fenced.update(range(*token.map))
    return headings, fenced


@functools.lru_cache(maxsize=1)
def _parser() -> Any:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark")


def heading_lines(text: str) -> list[Heading]:
    r"""The headings of ``text``, in order, each with its path.

    >>> [(h.text, h.path) for h in heading_lines("# Hire\n## City bikes\nA day: £25.\n\nE-bikes\nA day: £55.")]
    [('Hire', ('Hire',)), ('City bikes', ('Hire', 'City bikes')), ('E-bikes', ('E-bikes',))]
    """
    lines: list[tuple[int, str]] = []
    offset = 0
    for line in text.split("\n"):
        lines.append((offset, line))
        offset += len(line) + 1
    markdown, fenced = _markdown(text) if "#" in text or "---" in text or "===" in text else ({}, set())
    found: list[Heading] = []
    levels: list[tuple[int, str]] = []  # the open Markdown headings: (level, text)
    for k, (start, line) in enumerate(lines):
        if len(found) >= MAX_HEADINGS:
            break
        if k in markdown:
            level, title = markdown[k]
            levels = [(n, t) for n, t in levels if n < level] + [(level, title)]
            at = start + max(0, line.find(title))
            found.append(Heading(at, at + len(title), title, tuple(t for _, t in levels)))
            continue
        if k in fenced:
            continue
        following = next((rest.strip() for _, rest in lines[k + 1 : k + 3] if rest.strip()), "")
        # the next block starts a line of its own: a capital, a digit, a list item, a heading, a table (not a
        # wrapped sentence going on in lower case); and the line starts a block (a line after another is a line of a
        # list of fields, "Joining fee £45\nContract length: 12 months", no heading)
        opens_block = k == 0 or not lines[k - 1][1].strip()
        if following and opens_block and not following[0].islower() and _plain_heading(line):
            title = line.strip()
            at = start + line.index(title)
            found.append(Heading(at, at + len(title), title, (title,)))
    return found

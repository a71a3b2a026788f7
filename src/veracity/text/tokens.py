"""Token counting: a tokenizer here is anything that gives the character spans of a text's tokens."""

from __future__ import annotations

import re
from typing import Protocol, runtime_checkable

__all__ = ["RegexTokenizer", "Tokenizer", "count_tokens"]


@runtime_checkable
class Tokenizer(Protocol):
    """Gives the character span of each token of a text (special tokens excluded)."""

    name: str

    def token_spans(self, text: str) -> list[tuple[int, int]]:
        """The ``[start, end)`` character range of each token, in order."""
        ...


class RegexTokenizer:
    """Words, numbers and single punctuation marks; a dependency-free stand-in for a subword tokenizer.

    It usually yields fewer tokens than a subword tokenizer, so budgets stated in model tokens are only
    approximated: use :class:`veracity.models.tokenizer.HFTokenizer` where the budget must be exact.
    """

    name = "regex-words"
    _TOKEN = re.compile(r"\w+(?:[-'’.]\w+)*|[^\w\s]")

    def token_spans(self, text: str) -> list[tuple[int, int]]:
        """The spans of words and punctuation marks."""
        return [m.span() for m in self._TOKEN.finditer(text)]


def count_tokens(text: str, tokenizer: Tokenizer) -> int:
    """The number of tokens ``tokenizer`` makes of ``text``."""
    return len(tokenizer.token_spans(text))

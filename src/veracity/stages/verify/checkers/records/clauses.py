"""The answer side of the record checker: sentences, clauses, whether a clause asserts or denies a phrase, ratings.

Rules, no parse: a clause ends at a semicolon, a contrast ("but", "while", "although"), or a comma or "and" that
opens a new predicate ("..., and it offers", "..., offers"); a negation counts only inside the phrase's clause.
Sentences are marked where they attribute words to reviews or reviewers, and where they remark on the data itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from veracity.text.lexicon import NEGATION_WORDS, NUMBER_WORDS

__all__ = [
    "RatingStatement",
    "Sentence",
    "claim_sentences",
    "insensitive",
    "is_name",
    "polarity",
    "rating_statements",
    "sentences",
    "words_back",
]


def insensitive(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled to ignore case."""
    return re.compile(pattern, re.I)


_NEGATION = re.compile(
    r"\b(?:" + "|".join(sorted(w for w in NEGATION_WORDS if w.isalpha())) + r"|lacks?|lacking|absence|rather\s+than"
    r"|instead\s+of)\b"
    r"(?!\s+(?:only|just|matter|doubt|longer)\b)|n[’']t\b",
    re.I,
)
# A sentence that reports what reviewers or customers said is about the reviews, not a claim about the business.
_REPORTED = re.compile(
    r"\b(?:reviewers?|according\s+to|said|says|say|mention\w*|not(?:ed|es|ing)|complain\w*|prais\w*|rave[sd]?|raving"
    r"|comment\w*|claim(?:s|ed)|report(?:s|ed)|appreciat\w*|highlight\w*|enjoyed|loved|liked|disliked|felt|experienced"
    r"|expressed|criticiz\w*|suggest\w*|warn\w*)\b",
    re.I,
)
_REVIEW_WORDS = re.compile(r"\b(?:reviews?|reviewed|feedback|testimonials?)\b", re.I)
# ... unless it cites the record itself ("according to its structured data") or is a plain aside ("note that").
_OWN_SOURCE = re.compile(
    r"\b(?:according\s+to|based\s+on|from)\s+(?:the|its|their)\s+(?:[\w-]+\s+){0,2}?(?:data|record|information|listing"
    r"|attributes|details|profile)\b|\bit\s+(?:should|must)\s+be\s+noted\b|\bit\s+is\s+worth\s+noting\b|\bnote\s+that\b",
    re.I,
)
# Remarks about the data rather than the business ("there is no information about parking").
_META = re.compile(
    r"\b(?:information|info|mention\w*|unclear|unknown|uncertain|whether|not\s+(?:specified|listed|indicated|stated|known|"
    r"clear)|data\s+(?:does|do)\s+not)\b",
    re.I,
)
_HEDGE = re.compile(r"\b(?:may|might|possibly|perhaps|could|if|unless)\b", re.I)
# "reservations are not required" says nothing about whether they are taken.
_NOT_REQUIRED = re.compile(r"\brequir\w*|\b(?:necessary|needed|mandatory|no\s+need)\b", re.I)
# Verbs that open a new predicate. After a comma only their finite forms do: in "does not take reservations, offer
# music, or have a patio" the bare forms stay under "does not". "or" never ends a clause: "no WiFi or reservations".
_FINITE_VERBS = (
    r"(?:offers|provides|accepts|takes|features|serves|welcomes|includes|allows|boasts|has|makes|caters|opens)"
)
_CLAUSE_VERBS = (
    rf"(?:{_FINITE_VERBS}|offer|provide|accept|take|feature|serve|welcome|include|allow|boast|have|had|does|do|can|make"
    r"|cater|open|operates?|is|are)\b(?!-)"
)
_BOUNDARY = re.compile(
    r"[;:()]|\s[-–—]\s|\b(?:but|however|while|whereas|although|though|yet|except|despite|unlike)\b"
    r"|,\s*(?=(?:and\s+|but\s+)?(?:it|they|there|which|where|who|with|the|this|its|their|plus|making|offering|"
    rf"providing|including|as|{_FINITE_VERBS}|is|are)\b(?!-))"
    rf"|\band\s+(?=(?:it|its|they|their|there|the|also)\b|{_CLAUSE_VERBS})",
    re.I,
)
_LIST_BREAK = re.compile(r"[,;]|\band\b", re.I)
_COPULA = r"(?:is|are|was|were|isn[’']t|aren[’']t|wasn[’']t|weren[’']t)\b"
_SUBJECT = re.compile(rf"\s*(?:(?!{_COPULA})[\w-]+\s+){{0,4}}?{_COPULA}", re.I)
_POST_NEGATION = re.compile(
    rf"\s*(?:(?!{_COPULA})[\w-]+\s+){{0,4}}?(?:(?:is|are|was|were)\s+(?:also\s+)?(?:not|never)\b|(?:isn|aren|wasn|weren)"
    r"[’']t\b)|\s*(?:not|n[’']t)\s+(?:available|offered|provided|accepted|allowed)\b|\s*unavailable\b",
    re.I,
)
_VERB = re.compile(
    r"\b(?:offers?|offering|provides?|providing|accepts?|accepting|takes?|taking|has|have|having|features?|featuring"
    r"|allows?|allowing|includes?|including|boasts?|welcomes?|serves?|supports?|there\s+(?:is|are)|is|are)\b",
    re.I,
)
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])|\n\s*")


@dataclass(frozen=True)
class Sentence:
    """A sentence of the answer (``start`` is its offset there), with its clause breaks and its cues."""

    start: int
    text: str
    boundaries: tuple[tuple[int, int], ...]  # clause breaks, as offsets into ``text``
    reported: tuple[int, ...]  # where it attributes something to reviewers ("customers praised", "according to")
    reviews: tuple[int, ...]  # where it names reviews
    meta: bool  # a remark about the data ("no information about parking"), or a question

    def clause(self, start: int, end: int) -> tuple[int, int]:
        """The clause around ``text[start:end]``: from the last break before it to the first after it."""
        left = max((b for a, b in self.boundaries if b <= start), default=0)
        right = min((a for a, _ in self.boundaries if a >= end), default=len(self.text))
        return left, right

    def about_reviews(self, start: int, end: int) -> bool:
        """Whether the sentence, up to the end of the clause of ``[start, end)``, attributes it to reviews."""
        limit = self.clause(start, end)[1]
        return any(cue < limit for cue in (*self.reported, *self.reviews))


def _cues(pattern: re.Pattern[str], text: str) -> tuple[int, ...]:
    own = [m.span() for m in _OWN_SOURCE.finditer(text)]
    return tuple(m.start() for m in pattern.finditer(text) if not any(a <= m.start() < b for a, b in own))


def sentences(answer: str) -> list[Sentence]:
    """The answer's sentences: cut after ".", "!" or "?" before a capital or digit, and at every line break."""
    out, start = [], 0
    for cut in [*_SENTENCE_END.finditer(answer), None]:
        end = cut.start() if cut else len(answer)
        text = answer[start:end]
        if text.strip():
            boundaries = tuple(m.span() for m in _BOUNDARY.finditer(text))
            meta = bool(_cues(_META, text)) or text.rstrip().endswith("?")
            out.append(Sentence(start, text, boundaries, _cues(_REPORTED, text), _cues(_REVIEW_WORDS, text), meta))
        start = cut.end() if cut else end
    return out


def words_back(text: str, pos: int, count: int, floor: int) -> int:
    """Where the ``count`` words before ``pos`` start (not before ``floor``)."""
    words = list(re.finditer(r"\S+", text[floor:pos]))
    return floor if len(words) <= count else floor + words[-count].start()


def polarity(sentence: Sentence, start: int, end: int) -> tuple[bool, int, int] | None:
    """Whether the clause asserts (True) or denies (False) the phrase at ``[start, end)``, and the words that do.

    A negation counts when it stands in the same clause at most ten words before the phrase (when the phrase is the
    subject of "is/are", only inside its own noun phrase: "no WiFi or music is offered"), or right after it ("outdoor
    seating is not available"). Hedged clauses ("may", "if") and "not required" give None: they state neither. The
    words run from the negation or the verb just before the phrase ("does not offer WiFi", "accepts reservations").
    """
    text = sentence.text
    left, right = sentence.clause(start, end)
    if _HEDGE.search(text, left, right) or _NOT_REQUIRED.search(text, left, right):
        return None
    post = _POST_NEGATION.match(text, end, right)
    if post:
        return False, start, post.end()
    floor = words_back(text, start, 10, left)
    if _SUBJECT.match(text, end, right):  # only its own noun phrase can negate a subject: "no WiFi or music is"
        floor = max([words_back(text, start, 4, left), *(m.end() for m in _LIST_BREAK.finditer(text, left, start))])
    cues = list(_NEGATION.finditer(text, floor, start))
    if cues:
        near = words_back(text, start, 4, left)
        return False, (cues[-1].start() if cues[-1].start() >= near else start), end
    verbs = list(_VERB.finditer(text, words_back(text, start, 3, left), start))
    return True, (verbs[0].start() if verbs else start), end


_FIELD_WORDS = frozenset({"Restaurants", "Restaurant", "Business", "Free", "Good"})


def is_name(sentence: Sentence, start: int, end: int) -> bool:
    """Whether capitalised words sit inside a name ("Cota Street", "Garage Door Services", "Music Club").

    Field names the answer repeats ("Outdoor Seating", "Restaurants Take Out") are not names.
    """
    text = sentence.text
    if not text[start].isupper():
        return False
    before = re.search(r"(\S+)\s+$", text[:start])
    after = re.match(r"\s+([A-Za-z])", text[end:])
    prev_name = before is not None and before[1] not in _FIELD_WORDS and (before[1][0].isupper() or before[1] == "&")
    return prev_name or bool(after and after[1].isupper())


MAX_CLAIM_CHARS = 1_000
"""Longer sentences (run-ons, pasted tables) are left to the other signals: their phrase searches grow with length."""


def claim_sentences(answer: str) -> list[Sentence]:
    """The sentences that can make claims about the record's subject.

    Not remarks on the data, not questions, not over :data:`MAX_CLAIM_CHARS` characters.
    """
    return [s for s in sentences(answer) if not s.meta and len(s.text) <= MAX_CLAIM_CHARS]


# The subject's star rating ("a 3.5-star rating", "rated 4 out of 5") and its number of reviews ("based on 3 reviews").
_STAR_NUMBER = r"(\d(?:\.\d)?|one|two|three|four|five)"
_STAR_PATTERNS = (
    insensitive(rf"(?<![\w.]){_STAR_NUMBER}(?:\s*|-)stars?\b"),
    insensitive(
        rf"\b(?:rating|rated|score)\s+(?:of\s+)?(?:an?\s+)?(?:average\s+of\s+)?{_STAR_NUMBER}\b(?!\.\d|\s*(?:reviews?|%))"
    ),
    insensitive(rf"(?<![\w.]){_STAR_NUMBER}\s*(?:/|out\s+of)\s*5\b"),
)
# A rating someone gave, or one of a range, is not the subject's rating.
_GIVEN = insensitive(
    r"\b(?:gave|give[ns]?|giving|left|leave|award\w*|earn\w*|rating\s+it|rated\s+it|ranging|range|between|out\s+of)\b"
)
_RANGE_END = insensitive(r"\b(?:from|to|and)\s*$")
_REVIEWISH = insensitive(r"\breview|%|\b(?:reviewers?|customers?|patrons?|guests?|users?|someone|another)\b")
_RATING_WORDS = insensitive(r"\b(?:rating|rated|average|overall|business)\b")
_REVIEW_COUNT = insensitive(
    r"\b(?:based\s+on|from|with|across|has|received)\s+(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+"
    r"(?:customer\s+|user\s+|yelp\s+|online\s+)?reviews\b"
)


@dataclass(frozen=True)
class RatingStatement:
    """The answer states the star rating or the number of reviews (offsets into the answer).

    A claim about the record, read by the rating patterns (no value type: the figure is the rating's).
    """

    what: Literal["stars", "reviews"]
    value: float
    start: int
    end: int
    words: str


def _number(word: str) -> float:
    return float(NUMBER_WORDS.get(word.lower()) or word)


def rating_statements(sentence: Sentence) -> list[RatingStatement]:
    """The star ratings and review counts a sentence states about the subject (not ratings reviewers gave)."""
    text, claims, seen = sentence.text, [], set()
    if sentence.meta:
        return []
    reviewish = bool(_REVIEWISH.search(text))
    for pattern in _STAR_PATTERNS:
        for m in pattern.finditer(text):
            left, _ = sentence.clause(m.start(), m.end())
            before, after = text[left : m.start(1)], text[m.end() :]
            if m.start(1) in seen or _GIVEN.search(before) or _RANGE_END.search(before):
                continue
            if re.match(r"[\s-]*(?:star\s+)?(?:reviews?|ratings?\s+from)\b", after, re.I):
                continue
            # Where reviews are talked about, only words that name the rating itself ("a 4-star rating").
            named = _RATING_WORDS.search(m[0]) or re.match(r"\s*(?:rating|average)", after, re.I)
            if reviewish and not (named or _RATING_WORDS.search(text, words_back(text, m.start(), 4, left), m.start())):
                continue
            seen.add(m.start(1))
            claims.append(
                RatingStatement("stars", _number(m[1]), sentence.start + m.start(), sentence.start + m.end(), m[0])
            )
    for m in _REVIEW_COUNT.finditer(text):
        claims.append(
            RatingStatement("reviews", _number(m["n"]), sentence.start + m.start("n"), sentence.start + m.end(), m[0])
        )
    return claims

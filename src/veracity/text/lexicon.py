"""The closed word lists every reader shares: number words, stop words, negation words (issue 69).

One list of each. A module that needs a word list of this kind takes it from here, never writes its own:

* :data:`NUMBER_WORDS` — each number word and its value ("two" → 2, "dozen" → 12, "hundred" → 100),
  :data:`SCALE_WORDS` the scales ("thousand" → 1000, …); :mod:`veracity.text.values` reads numerals with them.
* :data:`STOP_WORDS` — function words of English (closed classes) and the commonest auxiliaries: words that carry
  no checkable content.
* :data:`GLUE_WORDS` — the part of :data:`STOP_WORDS` that only joins a phrase (articles, the commonest
  prepositions, copulas, demonstratives, possessives): what a phrase names is compared without them, while the stop
  words that tell two things apart ("over", "no", "only", "more") stay. :data:`LEMMA_GLUE_WORDS` is the same for
  lemmas (the frame checker's slot words: "is" is "be"), with the auxiliaries.
* :data:`NEGATION_WORDS` — tokens (lower case, as spaCy splits them: "can't" → "ca" + "n't") that negate their
  head, and :data:`NEGATIVE_PRONOUNS`, the pronouns that say no one or nothing ("nobody", "nothing").
* :data:`NAME_PARTICLES` — the particles inside a person's or place's name ("de", "la", "von", "van"), which are
  no word of the name to match on.
"""

from __future__ import annotations

__all__ = [
    "GLUE_WORDS",
    "LEMMA_GLUE_WORDS",
    "NAME_PARTICLES",
    "NEGATION_WORDS",
    "NEGATIVE_PRONOUNS",
    "NUMBER_WORDS",
    "SCALE_WORDS",
    "STOP_WORDS",
]

NUMBER_WORDS: dict[str, int] = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "dozen": 12,
}  # fmt: skip
"""Number words below the scales and their values ("one" alone is as often a pronoun: readers decide)."""

SCALE_WORDS: dict[str, int] = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
"""The scale words of a numeral ("forty-one thousand")."""

STOP_WORDS = frozenset(
    """a about above after again against all also am an and any are as at be because been before being below
    between both but by can could did do does doing down during each few for from further had has have having he her
    here hers herself him himself his how i if in into is it its itself just may me might more most must my myself
    no nor not now of off on once only or other our ours ourselves out over own same shall she should so some such
    than that the their theirs them themselves then there these they this those through to too under until up upon
    very was we were what when where which while who whom whose why will with within without would you your yours
    yourself yourselves s t d ll m re ve""".split()
)
"""Function words of English (closed classes) plus the commonest auxiliaries: words that carry no checkable content."""

GLUE_WORDS = STOP_WORDS & frozenset(
    "a an the of and or in on at for to by with from as is are was were be been being that this these those it its "
    "their his her our your my".split()
)
"""The stop words that only join a phrase: "the pension of the director" names what "director pension" names."""

LEMMA_GLUE_WORDS = STOP_WORDS & frozenset(
    "a an the of and or in on at for to by with from as be have do will would can could".split()
)
"""The glue words as lemmas, with the auxiliaries: what a frame's other words are compared without. Measured
(issue 69): the whole of :data:`STOP_WORDS` there moves a RAGTruth answer (ragtruth-13829-0 gains a span)."""

NEGATION_WORDS = frozenset({"not", "n't", "never", "no", "cannot", "without", "neither", "nor", "none"})
"""Tokens (lower case, as spaCy splits them: "can't" → "ca" + "n't") that negate their head."""

NEGATIVE_PRONOUNS = frozenset({"nobody", "nothing", "noone"})
"""Pronouns that say no one or nothing: a negation where they are the subject ("Nobody was hurt")."""

NAME_PARTICLES = frozenset({"de", "la", "le", "von", "van"})
"""Particles inside names ("Ludwig van Beethoven"), never a word of the name to match on."""

"""Names as phrases: a name of several words is stated by itself or a short form, not by its words (issue 59).

"Northwind Travel Group" is stated by a text that says "Northwind Travel Group" (case, accents, a possessive "'s"
and a final plural "s" aside), or one of the short forms a text uses for a name:

* its **acronym** as a word in capitals: "NTG", "WHO" for "World Health Organization" (three letters or more for a
  person: "JFK");
* the name **without a generic suffix** ("Group", "Inc", "Ltd", "Corporation", "Holdings", "Sea", "River",
  "City", "Airport", …): "Northwind Travel", "the Mediterranean" for "Mediterranean Sea";
* for a person, the **surname** alone ("Curie", "Dr. Curie" for "Marie Curie"), unless a text gives that surname
  to someone else ("John Smith" does not vouch for "Jane Smith");
* the name with one more capitalised word inside it: "John F. Kennedy" for "John Kennedy", "Skyway Regional
  Airlines" for "Skyway Airlines";
* its words in another order within a few words of one sentence: "American (Traditional)" for "Traditional
  American", "the Senate in California" for "California Senate", a record's "sample_id: JVVKVK" for "Sample
  JVVKVK".

Not by one of its words: "Northwind" in "the Northwind wind farm" and "group" in "group bookings" do not state
"Northwind Travel Group". An acronym of the answer ("NTG") is stated by a run of capitalised words with those
initials ("Northwind Travel Group"). A name is a phrase name (:func:`phrase_name`) when, leading titles and
determiners aside, it has two words or more and two of them are capitalised (days and months aside); one-word
names, coordinations ("Delis and Restaurants", "Monday to Sunday", "Procter & Gamble") and names with a full stop
inside ("John F. Kennedy"; spaCy also joins "Band B. Appeals" across a sentence end) are compared word by word, as
before.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from veracity.text.novelty import normalise_word

__all__ = ["NameIndex", "acronym_stated", "conjuncts", "name_index", "phrase_name", "phrase_stated"]

_TITLES = frozenset(
    "mr mrs ms miss mx dr prof professor sir dame lord lady st saint rev reverend fr father president senator "
    "judge justice gen general capt captain col colonel sgt lt king queen prince princess".split()
)
_DETERMINERS = frozenset("the a an this that these those our your their its his her my".split())
# capitalised, but no part of a name: days and months ("Monday to Sunday" is no name of several words)
_CALENDAR_WORDS = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
    september october november december""".split()
)
_CONNECTORS = frozenset({"of", "and", "for", "the", "de", "la", "le", "du", "von", "van", "der", "den", "y"})
_GENERIC_SUFFIXES = frozenset(
    "group inc incorporated ltd limited llc llp plc corp corporation company co holding holdings gmbh ag sa nv bv "
    "ab asa oy spa srl pty international partners sea ocean river lake island islands mountain mountains bay "
    "valley city county province region airport station street avenue road".split()
)
_COORDINATION = re.compile(r"\s*(?:,|;|\band\b|\bor\b|&|\bto\b|\bversus\b|\bvs\.?)\s*", re.IGNORECASE)
_TOKEN = re.compile(r"[^\W_]+(?:['’]s\b)?")  # "sample_id" is two words
_BREAK = re.compile(r"[.!?;:()\[\]{}\"“”]")
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n\s*\n")


def _form(token: str) -> str:
    token = re.sub(r"['’]s$", "", token)
    token = "".join(c for c in unicodedata.normalize("NFKD", token) if not unicodedata.combining(c))
    return normalise_word(token.casefold())


def _capitalised(token: str) -> bool:
    return token[:1].isupper()


def _name_tokens(text: str) -> list[str]:
    """The words of a name without leading titles and determiners or trailing small words ("Ashby Cross to")."""
    tokens = [m.group(0) for m in _TOKEN.finditer(text)]
    while len(tokens) > 1 and (tokens[0].lower() in _DETERMINERS or _form(tokens[0]) in _TITLES):
        tokens = tokens[1:]
    while len(tokens) > 1 and tokens[-1].isalpha() and tokens[-1].islower():
        tokens = tokens[:-1]
    return tokens


def conjuncts(text: str) -> list[str]:
    """The names a coordination joins ("Delis and Restaurants" → Delis, Restaurants); ``[text]`` for one name."""
    parts = [p for p in _COORDINATION.split(text) if p.strip()]
    return parts if len(parts) > 1 else [text]


def phrase_name(text: str) -> tuple[str, ...] | None:
    """The word forms of ``text`` when it is one name of several words, None otherwise.

    None for a one-word name, no name, or several names joined ("Delis and Restaurants", "Monday to Sunday":
    :func:`conjuncts`); days and months do not count as name words.

    Example::

        >>> phrase_name("the Northwind Travel Group's"), phrase_name("Dr. Smith"), phrase_name("winter months")
        (('northwind', 'travel', 'group'), None, None)
    """
    stops = [m.group(1) for m in re.finditer(r"(\w+)[.!?]\s", text)]
    if len(conjuncts(text)) > 1 or any(_form(word) not in _TITLES for word in stops):
        return None  # several names, or a name across a sentence end ("Band B. Appeals"), "John F. Kennedy" too
    tokens = _name_tokens(text)
    capitalised = [
        t
        for t in tokens
        if _capitalised(t) and _form(t) not in _CONNECTORS and not t.isdigit() and t.lower() not in _CALENDAR_WORDS
    ]
    if len(tokens) < 2 or len(capitalised) < 2:
        return None
    return tuple(_form(t) for t in tokens)


@dataclass
class NameIndex:
    """The words of a text, prepared once for many phrase look-ups: their forms, as written, and their offsets."""

    text: str
    forms: list[str] = field(default_factory=list)
    written: list[str] = field(default_factory=list)
    spans: list[tuple[int, int]] = field(default_factory=list)
    positions: dict[str, list[int]] = field(default_factory=dict)
    acronyms: set[str] = field(default_factory=set)
    initials: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        positions: defaultdict[str, list[int]] = defaultdict(list)
        for m in _TOKEN.finditer(self.text):
            positions[_form(m.group(0))].append(len(self.forms))
            self.forms.append(_form(m.group(0)))
            self.written.append(m.group(0))
            self.spans.append(m.span())
        self.positions = dict(positions)
        # words in capitals ("NTG", "WHO") and dotted initials ("U.S." → "US")
        self.acronyms = {w for w in self.written if len(w) >= 2 and w.isupper() and w.isalpha()}
        self.acronyms |= {m.group(0).replace(".", "") for m in re.finditer(r"\b(?:[A-Z]\.){2,}", self.text)}
        self.initials = self._run_initials()

    def _joined(self, i: int, j: int) -> bool:
        """Whether words ``i`` and ``j`` (``i`` < ``j``) are one stretch of text: no sentence or bracket between."""
        between = self.text[self.spans[i][1] : self.spans[j][0]]
        if not _BREAK.search(between):
            return True
        # an initial or a title's dot: "F. Kennedy", "St. Louis", "U.S. Army"
        return bool(re.fullmatch(r"\.\s*", between)) and (len(self.written[i]) <= 3 or self.forms[i] in _TITLES)

    def _run_initials(self) -> set[str]:
        """The initials of every stretch of two or more capitalised words (connectors inside allowed)."""
        found: set[str] = set()
        run: list[int] = []
        for k, word in enumerate([*self.written, ""]):
            inside = bool(word) and (_capitalised(word) or (run and self.forms[k] in _CONNECTORS))
            if inside and run and not self._joined(run[-1], k):
                inside = False
            if inside:
                run.append(k)
                continue
            capitals = [i for i in run if _capitalised(self.written[i]) and self.forms[i] not in _CONNECTORS]
            for a in range(len(capitals)):
                for b in range(a + 2, min(len(capitals), a + 8) + 1):
                    found.add("".join(self.written[i][0].upper() for i in capitals[a:b]))
            run = [k] if word and _capitalised(word) else []
        return found

    def has_phrase(self, forms: Sequence[str], gap: bool = True) -> bool:
        """Whether the words ``forms`` occur in a row (with ``gap``, one more capitalised word may sit inside)."""
        if not forms:
            return False
        for start in self.positions.get(forms[0], ()):
            k, ok, may_skip = start, True, gap
            for form in forms[1:]:
                nxt = k + 1
                if nxt < len(self.forms) and self.forms[nxt] == form and self._joined(k, nxt):
                    k = nxt
                    continue
                skip = k + 2
                if (
                    may_skip
                    and skip < len(self.forms)
                    and self.forms[skip] == form
                    and _capitalised(self.written[k + 1])
                    and self._joined(k, k + 1)
                    and self._joined(k + 1, skip)
                ):
                    k = skip
                    may_skip = False  # one inserted word per name
                    continue
                ok = False
                break
            if ok:
                return True
        return False

    def has_words_near(self, forms: Sequence[str], slack: int = 2) -> bool:
        """Whether the words ``forms`` occur in any order close together in one sentence.

        Within ``len(forms) + slack`` words: "American (Traditional)" for "Traditional American", "the Senate in
        California" for "California Senate", "sample_id: JVVKVK" for "Sample JVVKVK".
        """
        words = [f for f in forms if f not in _CONNECTORS]
        where = {f: list(self.positions.get(f, ())) for f in words}
        if not words or any(not found for found in where.values()):
            return False
        width = len(forms) + slack
        rarest = min(words, key=lambda f: len(where[f]))
        for p in where[rarest]:
            near = [[q for q in where[f] if abs(q - p) < width] for f in words if f != rarest]
            if any(not found for found in near):
                continue
            lo = min([p, *(min(found, key=lambda q: abs(q - p)) for found in near)])
            hi = max([p, *(min(found, key=lambda q: abs(q - p)) for found in near)])
            if hi - lo < width and not _SENTENCE_END.search(self.text, self.spans[lo][1], self.spans[hi][0]):
                return True
        return False

    def names_surname_alone(self, surname: str, given: Sequence[str]) -> bool:
        """Whether the text uses ``surname`` as a name and never gives it to someone whose name is not ``given``."""
        uses = [k for k in self.positions.get(surname, ()) if _capitalised(self.written[k])]
        for k in uses:
            before = k - 1
            if before < 0 or not self._joined(before, k) or not _capitalised(self.written[before]):
                continue
            if self.forms[before] not in _TITLES and self.forms[before] not in given:
                return False  # "John Smith": another person's surname
        return bool(uses)


@functools.lru_cache(maxsize=16)
def name_index(text: str) -> NameIndex:
    """The :class:`NameIndex` of ``text``, made once for many look-ups (the sources of one answer)."""
    return NameIndex(text)


def phrase_stated(name: str, index: NameIndex, person: bool = False) -> bool:
    """Whether the text of ``index`` states ``name``, a :func:`phrase_name`, or a short form of it (the module's).

    Example::

        >>> index = name_index("The Northwind wind farm helps each travel group. NTG sells tickets.")
        >>> phrase_stated("Northwind Travel Group", index), phrase_stated("Northwind Air Group", index)
        (True, False)
    """
    forms = phrase_name(name)
    if forms is None:
        return False
    if index.has_phrase(forms) or index.has_words_near(forms):
        return True
    tokens = _name_tokens(name)
    capitals = [t for t in tokens if _capitalised(t) and _form(t) not in _CONNECTORS]
    acronym = "".join(t[0].upper() for t in capitals)
    if len(acronym) >= (3 if person else 2) and acronym in index.acronyms:
        return True
    short = list(forms)
    while len(short) > 1 and (short[-1] in _GENERIC_SUFFIXES or short[-1] in _CONNECTORS):
        short.pop()
    if len(short) < len(forms) and short:
        if len(short) > 1 and index.has_phrase(short):
            return True
        if len(short) == 1 and any(_capitalised(index.written[k]) for k in index.positions.get(short[0], ())):
            return True
    return person and index.names_surname_alone(forms[-1], forms[:-1])


def acronym_stated(name: str, index: NameIndex) -> bool:
    """Whether ``name``, a word in capitals ("NTG"), is the initials of capitalised words the text of ``index`` uses.

    Example::

        >>> acronym_stated("NTG", name_index("Northwind Travel Group sells tickets."))
        True
    """
    word = name.strip()
    return 2 <= len(word) <= 8 and word.isalpha() and word.isupper() and word in index.initials

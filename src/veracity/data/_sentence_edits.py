"""The sentence edits behind :mod:`veracity.data.incontext_edits`: value swap, role reversal, negation, antonym.

Each function takes a sentence and its spaCy parse and returns every :class:`Edit` it allows, counting the refused
candidates by reason; choosing among them and building the training windows is the public module's work.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from veracity.data.perturb import swap_refusal
from veracity.text.lexicon import NEGATION_WORDS
from veracity.text.normalize import normalize_words
from veracity.text.parsing import load_spacy
from veracity.text.polarity import ANTONYM_PAIRS
from veracity.text.values import find_numbers

EditKind = Literal["value-swap", "role-reversal", "negation", "antonym"]
EDIT_KINDS: tuple[EditKind, ...] = ("value-swap", "role-reversal", "negation", "antonym")


NAME_LABELS = frozenset({"PERSON", "ORG", "GPE", "LOC", "NORP", "PRODUCT", "EVENT", "FAC"})
NUMBER_LABELS = frozenset({"CARDINAL", "QUANTITY", "MONEY", "PERCENT"})
DATE_LABELS = frozenset({"DATE", "TIME"})


@dataclass(frozen=True)
class Edit:
    """One edit of a sentence: ``sentence[start:end]`` (``original``) becomes ``replacement``.

    ``anchors`` are texts of the original sentence that the window's context must hold for the edit to contradict
    it (the swapped value, the two exchanged names); ``source`` is, for a value swap, the position of the context
    sentence that holds the replacement (:attr:`ContextValue.passage`).
    """

    kind: EditKind
    start: int
    end: int
    original: str
    replacement: str
    anchors: tuple[str, ...] = ()
    source: int | None = None

    def apply(self, sentence: str) -> str:
        """The edited sentence."""
        return sentence[: self.start] + self.replacement + sentence[self.end :]

    @property
    def span(self) -> tuple[int, int]:
        """The edited characters in the edited sentence."""
        return self.start, self.start + len(self.replacement)


@dataclass(frozen=True)
class ContextValue:
    """A name, number or date of the context: its spaCy label, its text and the context sentence it is in."""

    label: str
    text: str
    passage: int


def is_value(ent: Any) -> bool:
    """Whether a spaCy entity is a value an edit may swap: a name that is a proper noun, a number, a date.

    spaCy's small model calls the verb in "and Pat dry" a person; a name must have a proper noun as its head.
    """
    if ent.label_ not in NAME_LABELS | NUMBER_LABELS | DATE_LABELS or "\n" in ent.text or len(ent.text.split()) > 6:
        return False
    return ent.label_ not in NAME_LABELS or (ent.root.pos_ == "PROPN" and ent.text[0].isupper())


def _name_key(text: str) -> str:
    words = re.findall(r"\w+", text.casefold())
    return "".join(words[1:] if words[:1] == ["the"] else words)


def _acronym_of(short: str, long: str) -> bool:
    letters = re.sub(r"[^A-Za-z]", "", short)
    if not letters.isupper() or len(letters) < 2:
        return False
    initials = "".join(w[0] for w in re.findall(r"[A-Za-z]+", long) if w.lower() not in {"of", "the", "and", "for"})
    return len(initials) >= 2 and (initials.upper().startswith(letters) or letters.startswith(initials.upper()))


_MONTH_OR_DAY = re.compile(
    r"\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|"
    r"dec(ember)?)\b",
    re.I,
)
_WEEKDAY = re.compile(r"\b(mon|tues|wednes|thurs|fri|satur|sun)day\b", re.I)
_SCALE_WORDS = frozenset({"thousand", "million", "billion", "trillion", "k", "bn"})


def _date_form(text: str) -> str | None:
    """The form of a date ("year", "weekday", "month", "digits"), so that a swap keeps the sentence grammatical."""
    if re.fullmatch(r"(?:the )?(?:1\d|20)\d\d s?", text.strip().lower() + " ") or re.fullmatch(r"\d{4}", text):
        return "year"
    if _WEEKDAY.search(text):
        return "weekday"
    if _MONTH_OR_DAY.search(text):
        return "month"
    return "digits" if re.search(r"\d", text) else None


def _numbers(text: str) -> list[Decimal]:
    return [m.value for m in find_numbers(text)]


def _unit(text: str) -> list[str]:
    words = re.findall(r"[^\W\d]+|[$€£¥%]", text.casefold())
    return [w for w in words if w not in _SCALE_WORDS]


def _value_refusal(label: str, original: str, candidate: str, sentence: str, mates: set[str]) -> str | None:
    """Why ``candidate`` may not replace ``original`` (both of spaCy type ``label``), or None."""
    if candidate.lower() in sentence.lower():
        return "replacement already in the sentence"
    if label in NAME_LABELS:
        if _name_key(original) == _name_key(candidate):
            return "same value"
        if _acronym_of(original, candidate) or _acronym_of(candidate, original):
            return "acronym of the same name"
        if not any(c.isupper() for c in candidate):
            return "not a name"
        if candidate.isupper() != original.isupper() and len(candidate) > 1:
            return "different casing"  # "NEVER" shouted in a review is not a name
        return swap_refusal(original, candidate, sentence, mates)
    mine, theirs = _numbers(original), _numbers(candidate)
    if label in DATE_LABELS:
        form = _date_form(original)
        if form is None or form != _date_form(candidate):
            return "different date form"
        words, other = set(normalize_words(original)), set(normalize_words(candidate))
        if words == other or (mine and mine == theirs and form != "month"):
            return "same value"
        return "contains or is contained in the replaced value" if words <= other or other <= words else None
    if not mine or not theirs:
        return "not a number"
    if set(mine) & set(theirs):  # "6.2" and "6.2-6.5" share a value
        return "same value"
    if label in ("QUANTITY", "MONEY") and _unit(original) != _unit(candidate):
        return "different unit"
    return None


def value_swaps(
    sentence: str,
    doc: Any,
    values: Sequence[ContextValue],
    coordinated: Mapping[str, set[str]] | None = None,
    refused: Counter[str] | None = None,
) -> list[Edit]:
    """Every swap of a name, number or date of ``sentence`` for a different context value of the same spaCy type.

    A candidate is refused (counted in ``refused`` by reason) when it equals the original after normalisation
    ("2,000" = "2000", "US" = "U.S.", an acronym of the name), is already in the sentence, shares a word with a
    name, is coordinated with it in the context (``coordinated``, from
    :func:`veracity.data.perturb.coordination_groups`: "A, B and C"), or has another unit or date form.
    """
    refused = refused if refused is not None else Counter()
    pool: dict[str, dict[str, int]] = {}
    for value in values:  # the first passage a text occurs in is its source
        pool.setdefault(value.label, {}).setdefault(value.text, value.passage)
    edits = []
    for ent in doc.ents:
        if not is_value(ent):
            continue
        mates = (coordinated or {}).get(ent.text.lower(), set())
        for candidate, passage in sorted(pool.get(ent.label_, {}).items()):
            reason = _value_refusal(ent.label_, ent.text, candidate, sentence, mates)
            if reason is not None:
                refused[f"value-swap: {reason}"] += 1
                continue
            new = candidate[0].upper() + candidate[1:] if ent.start_char == 0 else candidate
            edits.append(Edit("value-swap", ent.start_char, ent.end_char, ent.text, new, (ent.text,), passage))
    return edits


# --- role reversal ---------------------------------------------------------------------------------------------

# Verbs whose subject and object can change places without changing what is said.
_SYMMETRIC = frozenset(
    "meet marry face play date divorce fight battle tie draw partner merge resemble equal match rival encounter hug "
    "kiss contact border collaborate cooperate team work talk speak negotiate compete communicate agree argue clash "
    "ally trade correspond coincide chat share".split()
)
_NAME_PUNCT = frozenset({"&", ".", "-", "'", "’"})


def _proper_phrase(token: Any) -> tuple[int, int] | None:
    """The character range of the noun phrase headed by ``token`` when it is a name (``the`` may open it)."""
    tokens = list(token.subtree)
    if token.pos_ != "PROPN" or len(tokens) > 6 or token.conjuncts or token.ent_type_ not in NAME_LABELS | {""}:
        return None
    for i, part in enumerate(tokens):
        named = part.pos_ == "PROPN" or part.ent_type_ in NAME_LABELS
        opener = i == 0 and part.lower_ == "the"
        inner = 0 < i < len(tokens) - 1 and (part.text in _NAME_PUNCT or part.pos_ == "NUM")
        if not (named or opener or inner or (i > 0 and part.pos_ == "NUM")):
            return None
    return tokens[0].idx, tokens[-1].idx + len(tokens[-1].text)


def role_reversals(sentence: str, doc: Any, refused: Counter[str] | None = None) -> list[Edit]:
    """Exchange a verb's subject with its object, both names ("A acquired B" → "B acquired A").

    The object is the direct object or the object of one of the verb's prepositions, the passive agent included
    ("B was acquired by A" → "A was acquired by B"; "A disclosed it to B" → "B disclosed it to A"), but not of
    "with" or "between". Both must be proper-noun phrases (``The Walt Disney Company``, not ``the company``; not
    dates), not coordinated, of the same entity type (or a person and an organisation; or both untyped), of the same
    grammatical number, and the verb not symmetric ("A met B" says what "B met A" says). A ``The`` that opens the
    sentence is lower-cased when it moves.
    """
    refused = refused if refused is not None else Counter()
    edits = []
    for verb in doc:
        if verb.pos_ != "VERB" or not verb.text.islower():  # "Valentino's Take N Bake Pizza" is a name
            continue
        subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        objects = [c for c in verb.children if c.dep_ in ("dobj", "dative")]
        objects += [  # "with" and "between" mostly join partners: "A collaborated with B" says "B ... with A"
            o
            for c in verb.children
            if c.dep_ in ("prep", "agent") and c.lower_ not in ("with", "between")
            for o in c.children
            if o.dep_ == "pobj"
        ]
        if subject is None or not objects:
            continue
        phrases = [(t, span) for t in (subject, *objects) if (span := _proper_phrase(t)) is not None]
        if not phrases or phrases[0][0] != subject or len(phrases) < 2:
            refused["role-reversal: not two proper-noun phrases"] += 1
            continue
        for (one, first), (other, second) in ((phrases[0], o) for o in phrases[1:]):
            reason = _reversal_refusal(verb, one, other, first, second)
            head, tail = sentence[first[0] : first[1]], sentence[second[0] : second[1]]
            if reason is None and _name_key(head) == _name_key(tail):
                reason = "same phrase"
            if reason is not None:
                refused[f"role-reversal: {reason}"] += 1
                continue
            moved_head = "the" + head[3:] if first[0] == 0 and head.startswith("The ") else head
            moved_tail = tail[0].upper() + tail[1:] if first[0] == 0 else tail
            replacement = moved_tail + sentence[first[1] : second[0]] + moved_head
            original = sentence[first[0] : second[1]]
            edits.append(Edit("role-reversal", first[0], second[1], original, replacement, (head, tail)))
    return edits


def _reversal_refusal(verb: Any, one: Any, other: Any, first: tuple[int, int], second: tuple[int, int]) -> str | None:
    if verb.lemma_.lower() in _SYMMETRIC:
        return "symmetric verb"
    if first[1] > second[0]:
        return "overlapping phrases"
    if one.ent_type_ != other.ent_type_ and {one.ent_type_, other.ent_type_} != {"PERSON", "ORG"}:
        return "different entity types"
    if (one.tag_ == "NNPS") != (other.tag_ == "NNPS"):
        return "different grammatical number"
    return None


# --- negation --------------------------------------------------------------------------------------------------

_AUXILIARIES = frozenset(
    "is are was were am has have had can could will would should shall may might must does do did".split()
)
_CONTRACTED = {"ca": "can", "wo": "will", "sha": "shall"}  # spaCy splits "can't" as "ca" + "n't"
# "not only", "not always"...: removing the negation would leave a sentence that still says something else.
_NOT_QUALIFIERS = frozenset(
    "only just merely necessarily all every always quite very too exactly much many entirely fully".split()
)
_DO_TAGS = {"do": "VBP", "does": "VBZ", "did": "VBD"}


def negations(sentence: str, doc: Any, refused: Counter[str] | None = None) -> list[Edit]:
    """Negate the main predicate, or remove its negation when that is easy.

    Added: after the first auxiliary ("can create" → "cannot create", "was acquired" → "was not acquired"), after a
    copula ("is" → "is not"), or with do-support ("offers" → "does not offer"); the edited range runs from the
    auxiliary (or the verb) to the main verb. Removed: a "not"/"n't" right after an auxiliary of the main verb
    ("does not require" → "requires", "cannot create" → "can create", "is not" → "is"), never "never", "no" or
    "not only"; the edited range is what is left of the verb group. Questions are not edited.
    """
    refused = refused if refused is not None else Counter()
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or sentence.rstrip().endswith("?") or root.pos_ not in ("VERB", "AUX"):
        refused["negation: no main verb"] += 1
        return []
    children = list(root.children)
    negs = [c for c in children if c.dep_ == "neg" or c.lower_ in NEGATION_WORDS]
    if negs:
        edit = _remove_negation(sentence, doc, root, negs)
    elif any(t.lower_ in NEGATION_WORDS for t in doc):  # "is not only...": a second "not" would not negate
        edit = "a negation elsewhere in the sentence"
    else:
        edit = _add_negation(sentence, root, children)
    if isinstance(edit, str):
        refused[f"negation: {edit}"] += 1
        return []
    return [edit]


def _end(token: Any) -> int:
    return int(token.idx + len(token.text))


def _add_negation(sentence: str, root: Any, children: list[Any]) -> Edit | str:
    subjects = [c for c in children if c.dep_ in ("nsubj", "nsubjpass", "expl") and c.i < root.i]
    if not subjects:
        return "no subject before the verb"
    if any(c.dep_ == "advmod" and c.lower_ in _NOT_QUALIFIERS and c.i < root.i for c in children):
        return "qualified verb (only has, always offers...)"
    auxiliaries = [c for c in children if c.dep_ in ("aux", "auxpass") and subjects[0].i < c.i < root.i]
    if auxiliaries:
        aux = auxiliaries[0]
        if aux.lower_ not in _AUXILIARIES:
            return "unusual auxiliary"
        word = "cannot" if aux.lower_ == "can" else f"{aux.text} not"
        start, end = aux.idx, _end(root)
        return Edit("negation", start, end, sentence[start:end], word + sentence[_end(aux) : end])
    if root.lemma_ == "be" and root.tag_ in ("VBZ", "VBD", "VBP"):
        if not root.text.isalpha():
            return "contracted verb"
        return Edit("negation", root.idx, _end(root), root.text, f"{root.text} not")
    if root.pos_ == "VERB" and root.tag_ in ("VBZ", "VBD", "VBP"):
        helper = {"VBZ": "does", "VBD": "did", "VBP": "do"}[root.tag_]
        return Edit("negation", root.idx, _end(root), root.text, f"{helper} not {root.lemma_.lower()}")
    return "no finite main verb"


def _remove_negation(sentence: str, doc: Any, root: Any, negs: list[Any]) -> Edit | str:
    neg = negs[0]
    if len(negs) > 1 or neg.lower_ not in ("not", "n't") or neg.i == 0:
        return "not an easy negation to remove"
    if neg.i + 1 < len(doc) and doc[neg.i + 1].lower_ in _NOT_QUALIFIERS:
        return "qualified negation (not only, not always...)"
    aux = doc[neg.i - 1]
    if not (aux == root or (aux.head == root and aux.dep_ in ("aux", "auxpass"))):
        return "not an easy negation to remove"
    if aux.lower_ in _DO_TAGS and aux != root:
        if root.i != neg.i + 1 or root.tag_ != "VB":
            return "not an easy negation to remove"
        form = inflect(root.lemma_.lower(), _DO_TAGS[aux.lower_])
        if form is None:
            return "unknown verb form"
        return Edit("negation", aux.idx, _end(root), sentence[aux.idx : _end(root)], form)
    if aux.lower_ not in _AUXILIARIES and aux.lower_ not in _CONTRACTED:
        return "not an easy negation to remove"
    word = _CONTRACTED.get(aux.lower_, aux.lower_)
    word = word.capitalize() if aux.text[0].isupper() else word
    end = _end(root) if root.i == neg.i + 1 else _end(neg)
    return Edit("negation", aux.idx, end, sentence[aux.idx : end], word + sentence[_end(neg) : end])


# --- antonyms --------------------------------------------------------------------------------------------------

# ("support", "oppose") is left out: RAGTruth's records say a place "supports" a payment or a device, where
# "opposes" is nonsense; the negation edit covers it. "lose" is not flipped: "gain" or "win" depends on the object.
_LEFT_OUT = frozenset({("support", "oppose")})
_AMBIGUOUS = frozenset({"lose"})
_OPPOSITES: dict[str, list[str]] = {}
for _a, _b in ANTONYM_PAIRS:
    if (_a, _b) not in _LEFT_OUT:
        _OPPOSITES.setdefault(_a, []).append(_b)
        _OPPOSITES.setdefault(_b, []).append(_a)
_VERB_LEMMAS = frozenset(
    "increase decrease rise fall gain lose grow shrink allow forbid prohibit permit include exclude accept reject "
    "approve win enable disable".split()
)
_CHANGE_VERBS = frozenset({"rise", "fall", "grow", "shrink"})
_IDIOM_PREPS = frozenset({"under", "into", "within", "on", "behind", "apart", "short", "through", "for"})
_NOUN_LEMMAS = frozenset({"increase", "decrease", "maximum", "minimum"})
# Other words, with the tags under which they are the listed sense ("before" as a preposition, not an adverb).
_WORD_TAGS = {
    word: frozenset(tags.split())
    for line in """before after: IN | above below: IN RB JJ | more less fewer higher lower larger smaller: JJR RBR
    earliest latest: JJS RBS | first last open closed optional mandatory public private: JJ | maximum minimum: JJ NN
    required: JJ VBN""".replace("\n", "|").split("|")
    for words, tags in [line.split(":")]
    for word in words.split()
}


def antonym_flips(sentence: str, doc: Any, refused: Counter[str] | None = None) -> list[Edit]:
    """Every replacement of a listed word (:data:`~veracity.text.polarity.ANTONYM_PAIRS`) by its opposite.

    Verbs are inflected like the word they replace ("rises" → "falls", "increased" → "decreased"); "more" becomes
    "fewer" before a plural noun and "less" elsewhere. Words inside a named entity or date ("last year"), phrasal
    verbs ("grow up"), and flips that would need another article ("an increase" → "a decrease") are refused.
    """
    refused = refused if refused is not None else Counter()
    edits = []
    lowered = sentence.lower()
    for token in doc:
        word, lemma = token.lower_, token.lemma_.lower()
        if word not in _OPPOSITES and lemma not in _OPPOSITES:
            continue
        if token.pos_ == "VERB" and lemma in _VERB_LEMMAS:
            kind = "verb"
        elif token.tag_ in ("NN", "NNS") and lemma in _NOUN_LEMMAS:
            kind = "noun"
        elif token.tag_ in _WORD_TAGS.get(word, ()):
            kind = "word"
        else:
            continue
        new, reason = _opposite(token, kind, word, lemma)
        if new is not None and new.lower() in lowered:
            reason = "opposite already in the sentence"
        if reason is None and new is not None and token.i > 0 and doc[token.i - 1].lower_ in ("a", "an"):
            article = "an" if new[0].lower() in "aeiou" else "a"
            if article != doc[token.i - 1].lower_:
                reason = "the article would change"
        if reason is not None or new is None:
            refused[f"antonym: {reason or 'no form'}"] += 1
            continue
        new = new.upper() if token.text.isupper() and len(token.text) > 1 else new
        new = new[0].upper() + new[1:] if token.text[0].isupper() else new
        edits.append(Edit("antonym", token.idx, _end(token), token.text, new))
    return edits


def _opposite(token: Any, kind: str, word: str, lemma: str) -> tuple[str | None, str | None]:
    if token.ent_type_:
        return None, "inside a name or date"
    key = word if kind == "word" else lemma
    if key in _AMBIGUOUS:
        return None, "ambiguous opposite"
    if kind == "verb":
        if any(c.dep_ == "prt" for c in token.children):
            return None, "phrasal verb"
        if lemma in _CHANGE_VERBS and any(c.lower_ in _IDIOM_PREPS for c in token.children):
            return None, "idiom (falls under, grows on)"
        form = inflect(_OPPOSITES[lemma][0], token.tag_)
        return form, None if form else "no form"
    if kind == "noun":
        target = _OPPOSITES[lemma][0]
        return (target + "s" if token.tag_ == "NNS" else target), None
    following = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    if word == "required" and following is not None and following.lower_ == "to":
        return None, "required to"
    if word == "more":
        return ("fewer" if following is not None and following.tag_ in ("NNS", "NNPS") else "less"), None
    return _OPPOSITES[word][0], None


# --- verb forms ------------------------------------------------------------------------------------------------

# Base, past, past participle of the irregular verbs whose forms spaCy's exception list cannot give apart.
_IRREGULAR = {
    base: (past, participle)
    for base, past, participle in (
        line.split()
        for line in """be was been|have had had|do did done|go went gone|get got gotten|make made made|take took taken
        give gave given|come came come|see saw seen|know knew known|find found found|think thought thought
        tell told told|become became become|leave left left|feel felt felt|bring brought brought|begin began begun
        keep kept kept|hold held held|write wrote written|stand stood stood|hear heard heard|let let let
        mean meant meant|set set set|meet met met|run ran run|pay paid paid|sit sat sat|speak spoke spoken
        lead led led|read read read|grow grew grown|lose lost lost|fall fell fallen|send sent sent|build built built
        understand understood understood|draw drew drawn|break broke broken|spend spent spent|cut cut cut
        rise rose risen|drive drove driven|buy bought bought|wear wore worn|choose chose chosen|seek sought sought
        throw threw thrown|catch caught caught|deal dealt dealt|win won won|forget forgot forgotten|sell sold sold
        shrink shrank shrunk|forbid forbade forbidden|teach taught taught|fight fought fought|put put put
        say said said|hit hit hit|shut shut shut|cost cost cost|hurt hurt hurt|spread spread spread|quit quit quit
        cast cast cast|burst burst burst|split split split|broadcast broadcast broadcast|upset upset upset
        beat beat beaten|bet bet bet|bid bid bid|fit fit fit|eat ate eaten|fly flew flown|hide hid hidden
        ride rode ridden|ring rang rung|sing sang sung|swim swam swum|drink drank drunk|strike struck struck
        steal stole stolen|shake shook shaken|bear bore borne|hang hung hung|feed fed fed|flee fled fled
        lend lent lent|bend bent bent|bind bound bound|dig dug dug|light lit lit|shoot shot shot|sleep slept slept
        sweep swept swept|swing swung swung|wake woke woken|weep wept wept|wind wound wound|withdraw withdrew withdrawn
        overcome overcame overcome|undertake undertook undertaken|arise arose arisen|show showed shown
        prove proved proven|sink sank sunk|tear tore torn|lay laid laid|lie lay lain""".replace("|", "\n").split("\n")
    )
}


@functools.cache
def _exception_forms() -> dict[str, tuple[str, ...]]:
    """Each verb lemma's inflected forms that spaCy's lemmatizer lists as exceptions ("stop" → stopped, stopping)."""
    table = load_spacy().get_pipe("lemmatizer").lookups.get_table("lemma_exc")["verb"]
    forms: dict[str, list[str]] = {}
    for form, lemmas in table.items():
        for lemma in lemmas:
            forms.setdefault(lemma, []).append(form)
    return {lemma: tuple(sorted(found)) for lemma, found in forms.items()}


def inflect(lemma: str, tag: str) -> str | None:
    """``lemma`` in the form of the Penn tag ``tag`` (VB, VBP, VBZ, VBD, VBN, VBG), or None when it is unknown.

    Irregular verbs come from a table; doubled consonants from spaCy's exception list ("stopped", "winning"); a verb
    the exception list knows but the table does not (an irregular past that is not listed here) gives None.
    """
    if tag in ("VB", "VBP"):
        return lemma
    if tag == "VBZ":
        special = {"be": "is", "have": "has"}
        if lemma in special:
            return special[lemma]
        if lemma.endswith(("s", "sh", "ch", "x", "z", "o")):
            return lemma + "es"
        return lemma[:-1] + "ies" if re.search(r"[^aeiou]y$", lemma) else lemma + "s"
    exceptions = _exception_forms().get(lemma, ())
    if tag == "VBG":
        doubled = [f for f in exceptions if f.endswith("ing")]
        if doubled:
            return doubled[0]
        if lemma == "be":
            return "being"
        if lemma.endswith("ie"):
            return lemma[:-2] + "ying"
        return (lemma[:-1] if re.search(r"[^aeio]e$", lemma) else lemma) + "ing"
    if tag not in ("VBD", "VBN"):
        return None
    if lemma in _IRREGULAR:
        return _IRREGULAR[lemma][0 if tag == "VBD" else 1]
    regular = [f for f in exceptions if f.endswith("ed")]
    if regular:
        return regular[0]
    if any(not f.endswith("ing") for f in exceptions):
        return None  # irregular, and not in the table
    if lemma.endswith("e"):
        return lemma + "d"
    return lemma[:-1] + "ied" if re.search(r"[^aeiou]y$", lemma) else lemma + "ed"

"""Abstentions, referrals and hedges: what an answer sentence says about what it does *not* claim.

A pure, fast reader of one sentence (regular expressions over short cue lists; no model):

- **abstention** — the sentence says the sources are silent or that it cannot answer: "the passages don't mention
  gym memberships", "there is no information about …", "… is not specified in the context", "I can't confirm …",
  "I don't know", "I'm not sure", "unable to determine …", "no details are given". It claims nothing about the world,
  so it is faithful, unless it denies what a source states (:func:`denies_stated`).
- **referral** — it sends the reader elsewhere: "check with HR", "contact your manager", "consult your doctor",
  "refer to the policy". Advice, not a claim. Only as advice: an imperative, or after "you should", "it's best to",
  "I recommend", "please" …; "Employees must contact HR within 3 days." is a rule the sources may or may not state.
- **hedge** — it softens a claim it still makes: "it seems that …", "possibly", "may be", "might", "according to the
  handbook". A caller reads a hedged sentence's claim with the other signals, as any claim.

The lists lean to precision: "The policy does not cover gym memberships." is a claim about the policy (the reader
asks for a word that names the *sources* — passages, context, documents …), and "Employees may not carry over leave."
is a rule, not a hedge ("may not" forbids). A sentence with an abstention cue reads as an abstention whatever else it
holds; one with a referral cue (and none of an abstention) as a referral; a hedge only when neither is there.

Example::

    >>> sentence = "The passages don't mention gym memberships, so it's best to check with HR."
    >>> reading = read_abstention(sentence)
    >>> reading.kind, sentence[slice(*reading.topic)]
    ('abstention', 'gym memberships')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

__all__ = ["MAX_CHARS", "Abstention", "AbstentionKind", "denies_stated", "only_abstention", "read_abstention"]

AbstentionKind = Literal["abstention", "hedge", "referral"]
MAX_CHARS = 1000
"""A longer sentence is read only as far as this, and as a hedge at most (:func:`read_abstention`)."""


@dataclass(frozen=True)
class Abstention:
    """What :func:`read_abstention` found in a sentence.

    Attributes:
        kind: ``abstention``, ``referral`` or ``hedge``.
        cue: ``(start, end)`` of the words that say so, in the sentence.
        topic: ``(start, end)`` of what is said to be missing or unknown ("gym memberships"), where it can be found;
            for a referral, what the reader is sent to ask about, if said; None for a hedge.
    """

    kind: AbstentionKind
    cue: tuple[int, int]
    topic: tuple[int, int] | None = None


_FLAGS = re.IGNORECASE
_APOSTROPHE = "['’]"
_NOT = rf"(?:do not|does not|did not|don{_APOSTROPHE}t|doesn{_APOSTROPHE}t|didn{_APOSTROPHE}t|never|fail to|fails to)"
_CANNOT = (
    rf"(?:cannot|can not|can{_APOSTROPHE}t|could not|couldn{_APOSTROPHE}t|am unable to|{_APOSTROPHE}m unable to|"
    rf"am not able to|{_APOSTROPHE}m not able to|was unable to|was not able to|wasn{_APOSTROPHE}t able to|"
    rf"won{_APOSTROPHE}t be able to|will not be able to|am not in a position to|are unable to|are not able to)"
)
_BE_NOT = (
    rf"(?:(?:is|are|was|were)\s+(?:not|never)|isn{_APOSTROPHE}t|aren{_APOSTROPHE}t|wasn{_APOSTROPHE}t|"
    rf"weren{_APOSTROPHE}t|(?:has|have)\s+(?:not|never)\s+been|hasn{_APOSTROPHE}t been|haven{_APOSTROPHE}t been)"
)
# Words that name the sources themselves: only these make "X does not cover Y" a statement about the sources. Not
# "policy" or "handbook" ("the policy does not cover gym memberships" is what the policy says); a weaker word
# ("information", "materials") counts only with a word that marks it as what was given ("the information provided").
_STRONG_SOURCE = (
    r"(?:passages?|contexts?|documents?|docs|sources?|texts?|excerpts?|snippets?|extracts?|search results|"
    r"retrieved results)"
)
_WEAK_SOURCE = r"(?:information|info|materials?|articles?|records?|data|details|content|resources?|results)"
_GIVEN = r"(?:provided|given|available|retrieved|supplied|shared|above|reference|source|relevant)"
_GIVEN_AFTER = (
    r"(?:\s+(?:(?:that|which)\s+)?(?:i|you|we)\s+(?:have|had|was given|were given|provided|gave me|shared|see|found|"
    r"have access to|can see)(?:\s+(?:with me|here))?|\s+(?:provided|given|above|here|available|shared|at hand|"
    r"supplied))"
)
_DETERMINER = r"(?:the|these|those|this|my|your|our)"
_SOURCE_PHRASE = (
    rf"(?:{_DETERMINER}\s+(?:{_GIVEN}\s+)*{_STRONG_SOURCE}{_GIVEN_AFTER}?|"
    rf"{_DETERMINER}\s+(?:{_GIVEN}\s+)+{_WEAK_SOURCE}{_GIVEN_AFTER}?|{_DETERMINER}\s+{_WEAK_SOURCE}{_GIVEN_AFTER})"
)
_SAY_VERB = (
    r"(?:mention|say|specify|state|cover|include|provide|contain|address|discuss|indicate|give|list|detail|describe|"
    r"offer|tell|reference|clarify|explain|confirm|answer|touch on|talk about|spell out|go into)(?:s|es)?"
)
_META_PARTICIPLE = (
    r"(?:mentioned|specified|stated|disclosed|discussed|addressed|described|detailed|indicated|clarified|explained|"
    r"listed|documented|given|provided|included|covered|found|available|known)"
)
# A participle that is a claim when it stands alone ("Lunch is not provided." "Dental care is not covered."): it reads
# as an abstention only with the sources named after it ("… is not covered in the passages").
_CLAIM_PARTICIPLE = r"(?:given|provided|included|covered|found|available|known|listed|documented)"
_INFO_NOUN = r"(?:information|info|mention|details?|data|specifics|indication|word|guidance)"
_ABOUT = r"(?:about|on|regarding|concerning|of|for|as to|relating to|related to|with regard to|in regard to|whether|if)"
_WH = r"(?:that|if|whether|what|how|when|who|which|where|why)"
_END = r"(?=[,;:.!?)]|\s+(?:so|but|and therefore|therefore|thus|hence|and so|which means|and i|and you|so i)\b|$)"
_CLAUSE_START = r"(?:^|[,;:]\s*|\b(?:but|and|so|however|unfortunately),?\s+)"
_EPISTEMIC = r"(?:confirm|determine|answer|say|tell|verify|know|be sure|be certain|establish|ascertain)"

# Each pattern's group "topic" is what is missing or unknown, where the pattern can say.
_ABSTENTION_PATTERNS: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p, _FLAGS)
    for p in (
        # "The passages (I have) don't mention gym memberships", "the context does not specify how many days ..."
        rf"\b{_SOURCE_PHRASE}\s+{_NOT}\s+(?:\w+ly\s+)?{_SAY_VERB}\b(?:\s+(?:anything|any|a word|much))?"
        rf"(?:\s+(?:{_INFO_NOUN}s?\s+)?{_ABOUT})?(?:\s+(?P<topic>.+?))?{_END}",
        # "The timetable does not say whether X", "the handbook doesn't mention how much X", "they do not say when
        # X": any document (or "it" / "they" after one) with a verb of stating and a question word after it —
        # "the policy does not cover X" and "the report does not mention any risks" are what they say, claims
        rf"\b(?:{_DETERMINER}\s+(?:[\w-]+\s+){{0,3}}?[\w-]+|they|it)\s+(?:only\s+)?{_NOT}\s+(?:\w+ly\s+)?"
        rf"(?:mention|say|specify|state|tell(?:\s+(?:you|us|me))?|indicate|clarify|explain|address|discuss)(?:s|es)?"
        rf"\b(?:\s+(?:anything|a word|much)\s+{_ABOUT})?\s+(?=(?:{_WH}|how)\b)(?P<topic>.+?){_END}",
        # "None of the passages mention X", "neither document says X", "no passage covers X"
        rf"\b(?:none of the|neither of the|neither|no)\s+(?:\w+\s+)?{_STRONG_SOURCE}\s+{_SAY_VERB}\b"
        rf"(?:\s+(?:anything|any)\s*(?:{_INFO_NOUN})?)?(?:\s+{_ABOUT})?\s+(?P<topic>.+?){_END}",
        # "the passages are silent on X", "the context says nothing about X"
        rf"\b{_SOURCE_PHRASE}\s+(?:(?:is|are|was|were|remain|remains)\s+silent|says? nothing|gives? nothing|"
        rf"(?:do|does) not say anything|(?:has|have) nothing)\s+{_ABOUT}\s+(?P<topic>.+?){_END}",
        # "There is no information about X", "there's no mention of X in the context"
        rf"\bthere\s*(?:is|{_APOSTROPHE}s|are|was|were|seems to be|appears to be)\s+(?:no|not any|not enough|"
        rf"insufficient|little)\s+(?:specific\s+|further\s+|relevant\s+|additional\s+|detailed\s+|explicit\s+)?"
        rf"{_INFO_NOUN}s?(?:\s+(?:given|provided|available|included|in\s+{_SOURCE_PHRASE}))?\s+{_ABOUT}\s+"
        rf"(?P<topic>.+?){_END}",
        # "no details are given (about X)", "no information is provided on X"
        rf"\b(?:no|not enough|insufficient)\s+(?:specific\s+|further\s+|relevant\s+)?{_INFO_NOUN}s?\s+(?:is|are|was|"
        rf"were|has been|have been)\s+(?:given|provided|available|included|mentioned|specified|stated|offered|listed)"
        rf"\b(?:\s+{_ABOUT}\s+(?P<topic>.+?){_END})?",
        # "X is not mentioned", "X is not specified" (a participle that only words can be needs no sources after it)
        rf"{_CLAUSE_START}(?P<topic>[^,;:.!?]+?)\s+{_BE_NOT}\s+(?:\w+ly\s+)?(?!{_CLAIM_PARTICIPLE}\b)"
        rf"{_META_PARTICIPLE}\b",
        # "X is not covered in the passages"
        rf"{_CLAUSE_START}(?P<topic>[^,;:.!?]+?)\s+{_BE_NOT}\s+(?:\w+ly\s+)?{_META_PARTICIPLE}\s+"
        rf"(?:in|by|within|from|anywhere in)\s+{_SOURCE_PHRASE}",
        # "I can't confirm whether X", "I couldn't find any information on X"
        rf"\bi\s*{_CANNOT}\s+(?:\w+ly\s+)?(?:{_EPISTEMIC}|find|locate|identify|comment on|speak to|"
        rf"(?:provide|give|offer|share)(?=\s+(?:you\s+)?(?:any|specific|further|more|an?|that|this)?\s*(?:{_INFO_NOUN}|"
        rf"answer|advice)))\b(?:\s+(?:for (?:sure|certain)|with certainty|definitively|exactly))?"
        rf"(?:\s+(?:you\s+)?(?:any|specific|further|more|an?)?\s*(?:{_INFO_NOUN}|answer|advice)s?)?"
        rf"(?:\s+(?:{_ABOUT}|{_WH}))?(?:\s+(?P<topic>.+?){_END})?",
        # "we cannot confirm X" (a company's "we cannot offer refunds" is a claim: only knowing verbs)
        rf"\bwe\s*{_CANNOT}\s+(?:\w+ly\s+)?{_EPISTEMIC}\b(?:\s+(?:{_ABOUT}|{_WH}))?(?:\s+(?P<topic>.+?){_END})?",
        # "unable to determine X", "it is not possible to say whether X"
        # (not "Customers unable to find their receipt may …": only at a clause's start or after a verb "to be")
        rf"(?:^\W*|[,;:]\s*|\b(?:am|is|are|was|were|be|been|sadly|unfortunately),?\s+)"
        rf"(?:unable|not able|not possible|impossible)\s+to\s+(?:{_EPISTEMIC}|find|locate)\b"
        rf"(?:\s+(?:{_ABOUT}|{_WH}))?(?:\s+(?P<topic>.+?){_END})?",
        # "X cannot be determined from the passages"
        rf"{_CLAUSE_START}(?P<topic>[^,;:.!?]+?)\s+(?:cannot|can not|can{_APOSTROPHE}t|could not|couldn{_APOSTROPHE}t)"
        r"\s+be\s+(?:confirmed|determined|answered|verified|established|inferred|known|ascertained)\b",
        # "I don't know (X)", "I do not have information about X"
        rf"\b(?:i|we)\s+(?:do not|don{_APOSTROPHE}t|did not|didn{_APOSTROPHE}t)\s+(?:know|have\s+(?:any\s+|enough\s+"
        rf"|specific\s+|the\s+|more\s+)?(?:{_INFO_NOUN}s?|access|an answer|that information))\b"
        rf"(?:\s+(?:{_ABOUT}|{_WH}))?(?:\s+(?P<topic>.+?){_END})?",
        # "I'm not sure (whether X)", "I am not certain about X"
        rf"\b(?:i\s*{_APOSTROPHE}m|i am|we\s*{_APOSTROPHE}re|we are)\s+(?:not|un)\s*(?:sure|certain)\b"
        rf"(?:\s+(?:{_ABOUT}|{_WH}))?(?:\s+(?P<topic>.+?){_END})?",
        # "it is unclear from the passages whether X", "it's not clear whether X"
        rf"\bit\s*(?:is|{_APOSTROPHE}s|remains)\s+(?:unclear|not clear|uncertain|not known|unknown|not specified|not "
        rf"stated)\b(?:\s+(?:from|in)\s+{_SOURCE_PHRASE})?(?:\s+(?:{_ABOUT}|{_WH}))?(?:\s+(?P<topic>.+?){_END})?",
        # "not enough information to answer (X)"
        rf"\b(?:not enough|insufficient|no)\s+(?:information|context|details|data)\s+(?:to|in order to)\s+"
        rf"(?:answer|determine|confirm|say|tell|know)\b(?:\s+(?:{_ABOUT}|{_WH}))?(?:\s+(?P<topic>.+?){_END})?",
    )
)

_PERSON = (
    r"(?:(?:your|the|a|an|our|their)\s+(?:[\w-]+\s+){0,3}?(?:hr|human resources|manager|supervisor|team lead|"
    r"team|department|office|doctor|physician|gp|pharmacist|nurse|dentist|healthcare provider|health care provider|"
    r"provider|lawyer|attorney|solicitor|accountant|advisor|adviser|specialist|professional|expert|administrator|"
    r"admin|representative|agent|support|desk|helpdesk|help desk|payroll|insurer|insurance company|bank|landlord|"
    r"employer|union|vendor|manufacturer|dealer|authorities|authority)|hr|human resources|payroll|it support|"
    r"customer (?:service|support)|someone in hr|a professional|an expert|a specialist|a doctor|a lawyer)"
)
_DOCUMENT = (
    r"(?:(?:your|the|our|their)\s+(?:[\w-]+\s+){0,3}?(?:policy|policies|handbook|documentation|manual|guide|"
    r"guidelines|website|site|portal|intranet|contract|agreement|terms|faq|plan documents?|official sources?))"
)
_ASK = (
    r"(?:check with|check in with|confirm with|verify with|consult(?: with)?|speak (?:with|to)|talk (?:with|to)|"
    r"reach out to|contact|ask|get in touch with|call|email|e-mail|double-check with|follow up with|"
    r"raise (?:this|it) with|seek advice from|seek guidance from|see)"
)
_LOOK_UP = r"(?:refer to|check|consult|look at|review|see|read|look up)"
_REFERRAL_TARGET = rf"(?:{_ASK}\s+{_PERSON}|{_LOOK_UP}\s+{_DOCUMENT})"
_ADVICE = (
    rf"(?:you\s+(?:should|may want to|might want to|could|can|would (?:want|need) to|may wish to|might wish to|"
    rf"{_APOSTROPHE}d (?:want|need) to|{_APOSTROPHE}d better|had better|ought to)|"
    rf"it\s*(?:is|{_APOSTROPHE}s|would be|{_APOSTROPHE}d be)\s+(?:best|advisable|recommended|a good idea|wise|"
    rf"worth|better|safest|prudent)\s+to|(?:i|we)\s+(?:would\s+|{_APOSTROPHE}d\s+)?(?:recommend|suggest|advise|"
    rf"encourage you to)(?:\s+(?:that\s+)?you)?|please|consider|be sure to|make sure to|best to|recommended to|"
    r"advisable to)"
)
# A referral sends the reader off for information: after its target the clause ends, or says what to ask about. An
# instruction with more in it ("contact your manager before 9 am") is what a source may or may not state: a claim.
_PURPOSE = (
    r"(?:\s+(?:first|directly|as well|too))?(?:\s+(?:for (?:more|further|specific|the latest|accurate|up-to-date|"
    r"definitive|official|exact|precise|complete)?\s*(?:details|information|guidance|advice|clarification|answers?|"
    r"confirmation)|(?:to|and)\s+(?:confirm|check|verify|find out|see|ask|clarify|learn)|about|regarding|on|"
    rf"if you have (?:any )?questions|with (?:any|your) questions)\b(?:\s+(?:{_WH}))?(?:\s+(?P<topic>.+?){_END})?)?"
    + _END
)
_REFERRAL_PATTERNS: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p, _FLAGS)
    for p in (
        # advice: "it's best to check with HR (about X)", "you should consult your doctor", "please contact HR"
        rf"\b{_ADVICE}\s+(?:(?:first|also|directly|always)\s+)?{_REFERRAL_TARGET}\b{_PURPOSE}",
        # an imperative at the start of a sentence or clause: "Check with HR.", "..., so contact your manager"
        rf"(?:^|[.;:!?]\s+|,\s*(?:so|and|but|or)?\s*|\b(?:so|and|but|or|then)\s+)(?:(?:please|first|also|just)\s+)?"
        rf"{_REFERRAL_TARGET}\b{_PURPOSE}",
        # "for more details / the most accurate information, (please) refer to the handbook"
        r"\bfor (?:more|further|specific|accurate|the most accurate|the latest|up-to-date|definitive|official|"
        rf"exact|precise|complete)\s+(?:\w+\s+)?(?:details|information|guidance|advice|answers?|figures?),?\s+"
        rf"(?:(?:please|you (?:should|can|may want to))\s+)?{_REFERRAL_TARGET}\b",
    )
)

# "may" reads as a hedge before a verb of possibility, never before "not" plus a verb of action (a rule: "Employees
# may not carry over leave") or a verb of permission ("Employees may take up to 10 days").
_HEDGE_PATTERNS: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p, _FLAGS)
    for p in (
        r"\bit\s*(?:seems|appears|looks|would seem|would appear)\b(?:\s+(?:that|like|as if|as though))?",
        r"\b(?:seems|seem|appears|appear)\s+to\b",
        r"\b(?:possibly|probably|perhaps|maybe|presumably|apparently|seemingly|reportedly|supposedly|likely|"
        r"conceivably|arguably)\b",
        rf"\bit\s*(?:is|{_APOSTROPHE}s)\s+(?:possible|likely|probable|plausible|conceivable)\s+(?:that|to)\b",
        r"\bmay\s+(?:well\s+|also\s+|still\s+)?(?:be|have|vary|depend|differ|change|include|need|require|affect|"
        r"not be|not have|not apply|not need)\b",
        r"\bmight\s+(?:well\s+|also\s+|still\s+|not\s+)?\w+",
        r"\bcould\s+(?:well\s+|also\s+|still\s+)?(?:be|have been|mean|indicate|suggest|vary|depend|differ|change|"
        r"affect|apply)\b",
        r"\baccording to\s+(?:the|these|this|your|my|our)\s+(?:\w+\s+){0,3}?(?:handbook|policy|policies|passages?|"
        r"context|documents?|sources?|text|information|guidelines|manual|website|records?|data|article|report|"
        r"contract|agreement|faq)\b",
        rf"\b(?:i|we)\s+(?:think|believe|suspect|assume|guess)\b|\bas far as (?:i|we)\s+(?:know|can tell)\b|"
        rf"\bif i (?:understand|recall) correctly\b|"
        rf"\bi{_APOSTROPHE}m (?:fairly|pretty|reasonably) (?:sure|confident)\b",
    )
)

_LEADING = re.compile(
    r"^(?:(?:the|a|an|any|specific|further|more|detailed|explicit|exact|precise|clear|information|info|details?|"
    r"mention|data|specifics|about|on|regarding|concerning|of|for|whether|if|that|exactly)\b\s*)+",
    _FLAGS,
)
_TRAILING = re.compile(
    rf"(?:\s+(?:in|from|within|by|anywhere in|based on|given)\s+{_SOURCE_PHRASE}.*|\s+(?:either|at all|here|"
    r"explicitly|specifically|for (?:sure|certain)|with certainty))+$",
    _FLAGS,
)
_COURTESY = re.compile(
    r"^\W*(?:sorry|i(?:\s*['’]m| am) sorry|i apologi[sz]e|apologies|unfortunately|thanks?(?: you)?|"
    r"i hope (?:this|that) helps|hope (?:this|that) helps|let me know if|feel free to|is there anything else|"
    r"good luck)\b",
    _FLAGS,
)
_WORD_CHAR = re.compile(r"\w")
_CLAUSE_SPLIT = re.compile(
    r";|,?\s+\b(?:but|however|although|though|whereas|yet|while|except that)\b,?|\.\s+(?:but|however),?", _FLAGS
)


def _topic(sentence: str, start: int, end: int) -> tuple[int, int] | None:
    """The topic span ``[start, end)`` trimmed of leading function words and a trailing "in the passages".

    None if nothing with a word character is left.
    """
    text = sentence[start:end]
    lead = _LEADING.match(text)
    if lead:
        start += lead.end()
        text = sentence[start:end]
    trail = _TRAILING.search(text)
    if trail:
        end = start + trail.start()
    while end > start and not sentence[end - 1].isalnum() and sentence[end - 1] not in ")%$€£":
        end -= 1
    while start < end and sentence[start].isspace():
        start += 1
    if start >= end or not _WORD_CHAR.search(sentence[start:end]):
        return None
    return start, end


def _first(patterns: Sequence[re.Pattern[str]], sentence: str) -> tuple[re.Match[str], tuple[int, int] | None] | None:
    """The earliest match of any of ``patterns`` and its topic (the first match's, or a later one's if it has none)."""
    matches = sorted((m for p in patterns for m in p.finditer(sentence)), key=lambda m: (m.start(), -m.end()))
    if not matches:
        return None
    topic = None
    for match in matches:
        if "topic" in match.re.groupindex and match.group("topic") is not None:
            topic = _topic(sentence, match.start("topic"), match.end("topic"))
            if topic is not None:
                break
    return matches[0], topic


def _cue(match: re.Match[str]) -> tuple[int, int]:
    """The cue's span: the match without its topic (the words before the topic, or after it)."""
    start, end = match.start(), match.end()
    if "topic" in match.re.groupindex and match.group("topic") is not None:
        topic_start, topic_end = match.start("topic"), match.end("topic")
        if topic_start > start:
            end = topic_start
        else:
            start = topic_end
    text = match.string
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _abstains(text: str) -> tuple[AbstentionKind, re.Match[str], tuple[int, int] | None] | None:
    """The abstention or referral in ``text``, if any (an abstention first)."""
    found = _first(_ABSTENTION_PATTERNS, text)
    if found is not None:
        return "abstention", found[0], found[1]
    found = _first(_REFERRAL_PATTERNS, text)
    if found is not None:
        return "referral", found[0], found[1]
    return None


def _claims_beside(sentence: str) -> bool:
    """Whether a clause of ``sentence`` (split at ";" and "but", "however", "although" …) claims something.

    A clause claims when it has two content words or more and neither abstains nor refers: "The weather is not
    mentioned, but the match started at 3 pm." abstains on one thing and claims another.
    """
    from veracity.text.novelty import content_words

    for clause in _CLAUSE_SPLIT.split(sentence):
        if len(content_words(clause)) >= 2 and _abstains(clause) is None and not _IMPERATIVE.match(clause):
            return True
    return False


# A clause that sends the reader to someone or something ("please check with the beekeepers' association", "ask
# the ferry office"): not a claim about the topic, whoever the target is.
_IMPERATIVE = re.compile(
    rf"^\W*(?:(?:so|and|then)\s+)?(?:please\s+|it{_APOSTROPHE}s best to\s+|best to\s+)?{_ASK}\b", _FLAGS
)


def read_abstention(sentence: str) -> Abstention | None:
    """What ``sentence`` says about what it does not claim: an abstention, a referral, a hedge, or None (a claim).

    An abstention cue wins over a referral cue, and either over a hedge (module docstring). A sentence that abstains
    (or refers) in one clause and claims something in another ("…, but the match started at 3 pm") is a hedge: its
    claim is to be read like any other, so the abstention's cue is given and no topic.
    """
    if len(sentence) > MAX_CHARS:
        # An enormous "sentence" (a table, a run-on list) surely claims more than an abstention: read its opening as
        # a hedge at most, and never spend more than a few milliseconds on it (the patterns scan a clause per start).
        opening = sentence[:MAX_CHARS]
        abstains = _abstains(opening)
        if abstains is not None:
            return Abstention("hedge", _cue(abstains[1]), None)
        hedge = _first(_HEDGE_PATTERNS, opening)
        return None if hedge is None else Abstention("hedge", _cue(hedge[0]), None)
    found = _abstains(sentence)
    if found is not None:
        kind, match, topic = found
        if _claims_beside(sentence):
            return Abstention("hedge", _cue(match), None)
        return Abstention(kind, _cue(match), topic)
    hedge = _first(_HEDGE_PATTERNS, sentence)
    if hedge is not None:
        return Abstention("hedge", _cue(hedge[0]), None)
    return None


def only_abstention(sentences: Sequence[str]) -> bool:
    """Whether an answer made of ``sentences`` only abstains or refers the reader elsewhere: it claims nothing.

    At least one sentence must be an abstention or a referral; every other one a courtesy ("Sorry.", "I hope this
    helps.") or without words. A hedge is a claim, so an answer with one is not only an abstention.
    """
    seen = False
    for sentence in sentences:
        if not _WORD_CHAR.search(sentence):
            continue
        reading = read_abstention(sentence)
        if reading is not None and reading.kind in ("abstention", "referral"):
            seen = True
        elif not _COURTESY.match(sentence):
            return False
    return seen


def denies_stated(abstention: Abstention, sentence: str, sources: Sequence[str], share: float = 2 / 3) -> bool:
    """Whether ``abstention`` says the sources are silent on a topic that one of their sentences in fact states.

    Then the abstention is itself unfaithful. The topic's content words (normalised as the novelty signals normalise
    them: :func:`~veracity.text.novelty.content_words`) must occur together, at least ``share`` of them, in one sentence
    of one source. A hedge, a referral, or an abstention without a topic (or a topic of stop words only) denies
    nothing.

    Args:
        abstention: what :func:`read_abstention` found in ``sentence``.
        sentence: the answer sentence it was read from (its spans index it).
        sources: the context documents' texts.
        share: the part of the topic's words one source sentence must hold.
    """
    if abstention.kind != "abstention" or abstention.topic is None:
        return False
    from veracity.text.novelty import content_words
    from veracity.text.split import split_sentences

    start, end = abstention.topic
    topic = {word.form for word in content_words(sentence[start:end])}
    if not topic:
        return False
    needed = max(1.0, share * len(topic))
    for source in sources:
        if not len(topic & {word.form for word in content_words(source)}) >= needed:
            continue  # not even the whole document holds enough of it
        for part in split_sentences(source, backend="rules"):
            if len(topic & {word.form for word in content_words(part.text)}) >= needed:
                return True
    return False

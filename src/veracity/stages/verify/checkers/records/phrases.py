"""The record checker's phrase table: which words of an answer state which feature of a Yelp-style record.

Listed by hand from RAGTruth **train** only (``experiments/record-checker/phrases.py`` prints, for each attribute,
the answer n-grams that go with its values); features train records never have (delivery, credit cards, ...) were
written from their Yelp attribute names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from veracity.stages.verify.checkers.records.clauses import insensitive

__all__ = [
    "COVERED_KEYS",
    "FEATURES",
    "GENERIC_WORDS",
    "PARKING",
    "PARKING_KIND_WORDS",
    "Feature",
    "truth",
    "value_word",
]


@dataclass(frozen=True)
class Feature:
    """A feature an answer can assert or deny, the record keys that say whether the subject has it, and its words.

    ``keys`` are dotted suffixes of normalised record paths, first found wins; a key that names an object
    ("businessparking") reads as "any of its flags is true". ``allowed``: an enumeration check instead of a yes/no
    one (the record's value must be one of these). ``qualifiers``: a phrase matching the pattern also needs the
    record's string value in the set ("free WiFi" needs WiFi "free"). ``silent_if_absent``: a record without the
    key says nothing about it (no ``not_found``). ``context``: the sentence must match too. ``mention``: words that,
    anywhere in the record's text (categories "Caterers", a review about happy hour), back a stated feature whose
    key is missing or null (default: the phrase itself).
    """

    label: str
    keys: tuple[str, ...]
    phrase: re.Pattern[str]
    silent_if_absent: bool = False
    context: re.Pattern[str] | None = None
    allowed: frozenset[str] | None = None
    qualifiers: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = ()
    mention: re.Pattern[str] | None = None


_PARKING_CONTEXT = insensitive(r"\bpark(?:ing|s|ed)?\b|\bvalet\b")
_PARKING_KINDS = {
    "garage": r"\bgarages?(?:\s+parking)?\b",
    "street": r"(?<!off )(?<!off-)(?<!off the )\b(?:on[- ])?street(?:\s+parking)?\b",
    "validated": r"\bvalidat(?:ed|ion|es?)(?:\s+parking)?\b",
    "lot": r"\blots?\b(?!\s+(?:of|more|less|better|worse|about|to|like)\b)(?:\s+parking)?",
    "valet": r"\bvalet(?:\s+parking)?\b",
}
_AMBIENCE = {
    "romantic": r"\bromantic\b",
    "intimate": r"\bintimate\b",
    "classy": r"\bclassy\b",
    "hipster": r"\bhipster\b|\bhip\b(?![- ]hop)",
    "divey": r"\bdivey\b|\bdive[- ]bar\b",
    "touristy": r"\btouristy\b|\btouristic\b|\btourist[- ](?:trap|spot|destination|hotspot)s?\b",
    "trendy": r"\btrendy\b",
    "upscale": r"\bupscale\b",
    "casual": r"\bcasual\b(?!(?:\s+and\s+\w+)?\s+(?:dining|gatherings?|wine|meals?|eats|bites?)\b)",
}
FEATURES: tuple[Feature, ...] = (
    Feature(
        "reservations",
        ("restaurantsreservations", "reservations", "acceptsreservations", "takesreservations"),
        insensitive(
            r"\breservations?\b|\breserv(?:e|es|ing)\s+(?:a\s+)?(?:table|spot|seat)s?\b|\bbook(?:s|ing)?\s+(?:a\s+)?tables?\b"
        ),
    ),
    Feature(
        "take-out",
        ("restaurantstakeout", "takeout", "takeaway"),
        insensitive(
            r"\btake[- ]?(?:out|away)s?\b|\bcarry[- ]?out\b|\bto[- ]go\s+orders?\b"
            r"|\b(?:orders?|food|meals?)\s+to[- ]go\b|\bpick[- ]?up\s+orders?\b"
        ),
    ),
    Feature(
        "delivery",
        ("restaurantsdelivery", "delivery"),
        insensitive(r"\bdelivery\b|\bdelivers\s+(?:food|orders|meals)\b"),
        mention=insensitive(r"\bdeliver"),
    ),
    Feature(
        "outdoor seating",
        ("outdoorseating",),
        insensitive(
            r"\boutdoor\s+(?:seating|dining|patio|area|tables?|terrace|space|section|seats)\b|\bpatios?\b|\bal\s+fresco\b"
            r"|\b(?:sidewalk|outside)\s+(?:seating|tables?)\b|\bparklet\b"
        ),
    ),
    Feature(
        "WiFi",
        ("wifi",),
        insensitive(r"(?:\bfree\s+)?\bwi-?\s?fi\b|\bwireless\s+internet\b|\binternet\s+access\b"),
        qualifiers=((insensitive(r"^free\b"), frozenset({"free"})),),
    ),
    Feature(
        "good for groups",
        ("restaurantsgoodforgroups", "goodforgroups"),
        insensitive(
            r"\b(?:for|to|accommodates?|accommodating|welcomes?|welcoming|supports?)\s+(?:both\s+)?(?:[\w-]+\s+){0,4}?"
            r"groups?\b|\bgroups?[- ](?:dining|friendly|outings?|gatherings?|events?)\b"
        ),
    ),
    Feature(
        "good for kids",
        ("goodforkids", "kidfriendly", "familyfriendly"),
        insensitive(r"\b(?:kid|child|family)[- ]friendly\b|\bfor\s+(?:kids|children)\b"),
        mention=insensitive(r"\bkids?\b|\bchild|\bfamil"),
    ),
    Feature(
        "catering",
        ("caters", "catering"),
        insensitive(r"\bcatering\b(?!\s+to\b)|\bcaters\s+(?:events?|parties|weddings|private)\b"),
        mention=insensitive(r"\bcater"),
    ),
    Feature(
        "credit cards",
        ("businessacceptscreditcards", "acceptscreditcards", "creditcards"),
        insensitive(r"\bcredit\s+cards?\b|\bcards?\s+(?:are\s+)?accepted\b"),
    ),
    Feature(
        "wheelchair access",
        ("wheelchairaccessible",),
        insensitive(r"\bwheelchair[- ]?(?:accessible|access|friendly)\b|\bhandicap(?:ped)?[- ]accessible\b"),
    ),
    Feature(
        "dogs allowed",
        ("dogsallowed", "petsallowed"),
        insensitive(
            r"\b(?:dog|pet)[- ]friendly\b|\b(?:dogs|pets)\b(?=\s+(?:are\s+)?(?:not\s+)?(?:allowed|welcome|permitted))"
        ),
    ),
    Feature("happy hour", ("happyhour",), insensitive(r"\bhappy[- ]hours?\b")),
    Feature(
        "TV",
        ("hastv", "tv"),
        insensitive(r"\btvs?\b|\btelevisions?\b|\bflat[- ]screens?\b"),
        mention=insensitive(r"\btvs?\b|televis|sports"),
    ),
    Feature("bike parking", ("bikeparking",), insensitive(r"\b(?:bike|bicycle)\s+(?:parking|racks?)\b")),
    Feature("drive-thru", ("drivethru", "drivethrough"), insensitive(r"\bdrive[- ]?(?:thru|through)\b")),
    Feature("table service", ("restaurantstableservice", "tableservice"), insensitive(r"\btable\s+service\b")),
    Feature(
        "alcohol",
        ("alcohol",),
        insensitive(r"\bfull\s+bar\b|\bbeer\s+and\s+wine\b|\bwine\s+and\s+beer\b|\balcohol(?:ic)?\b"),
        silent_if_absent=True,
        qualifiers=(
            (insensitive(r"full\s+bar"), frozenset({"full_bar"})),
            (insensitive(r"beer|wine"), frozenset({"beer_and_wine", "full_bar"})),
        ),
    ),
    Feature("live music", ("music.live", "music"), insensitive(r"\blive\s+music\b"), silent_if_absent=True),
    Feature(
        "music",
        ("music",),
        insensitive(
            r"(?<!live )\bmusic\b(?![-]related)"
            r"(?!\s+(?:venues?|club|scene|genres?|styles?|lovers?|industry|services?)\b)"
        ),
        silent_if_absent=True,
    ),
    Feature("quiet", ("noiselevel",), insensitive(r"\bquiet\b"), True, allowed=frozenset({"quiet", "average"})),
    Feature(
        "loud",
        ("noiselevel",),
        insensitive(r"\b(?:loud|noisy)\b"),
        True,
        allowed=frozenset({"loud", "very_loud", "average"}),
    ),
    *(
        Feature(
            "$" * n,
            ("restaurantspricerange2", "pricerange"),
            insensitive(rf"(?<![\w$])\${{{n}}}(?![\w$])"),
            True,
            None,
            frozenset({str(n)}),
        )
        for n in range(1, 5)
    ),
    Feature(
        "inexpensive",
        ("restaurantspricerange2", "pricerange"),
        insensitive(r"\b(?:inexpensive|affordable|cheap|budget[- ]friendly|low[- ]priced)\b"),
        True,
        allowed=frozenset({"1", "2"}),
    ),
    Feature(
        "expensive",
        ("restaurantspricerange2", "pricerange"),
        insensitive(r"(?<!in)\b(?:expensive|pricey|high[- ]end|splurge)\b"),
        True,
        allowed=frozenset({"3", "4"}),
    ),
    *(
        Feature(f"{kind} parking", (f"businessparking.{kind}",), insensitive(p), context=_PARKING_CONTEXT)
        for kind, p in _PARKING_KINDS.items()
    ),
    *(Feature(f"{name} ambience", (f"ambience.{name}",), insensitive(p)) for name, p in _AMBIENCE.items()),
)
# "parking" with no kind named in its clause: checked against all kinds together.
PARKING = Feature(
    "parking",
    ("businessparking",),
    insensitive(r"(?<!bike )(?<!bicycle )\bparking\b|\bpark\b(?=\s+(?:on|in|at|their)\b)"),
)
PARKING_KIND_WORDS = insensitive("|".join(_PARKING_KINDS.values()))
COVERED_KEYS = frozenset(key.split(".")[0] for feature in (*FEATURES, PARKING) for key in feature.keys)
GENERIC_WORDS = frozenset(
    "restaurants restaurant business businesses has have accepts accept is are allowed allows good for by only offers "
    "the a an of and or to in on with available".split()
)


# How a value reads as yes or no.
_FALSE = frozenset({"no", "none", "false", "0", "n", "off", "not available"})
_TRUE = frozenset({"yes", "true", "1", "y", "on", "free", "paid", "available", "full_bar", "beer_and_wine"})


def value_word(value: bool | float | str | None) -> str:
    """A value as a lower-case word: Yelp's ``u'full_bar'`` → full_bar, 2.0 → 2."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return re.sub(r"^u?['\"]|['\"]$", "", str(value).strip()).lower()


def truth(value: bool | float | str | None) -> bool | None:
    """Whether a value says yes or no (None: null, or not a yes/no value such as "average")."""
    if value is None or isinstance(value, bool):
        return value
    word = value_word(value)
    return True if word in _TRUE else False if word in _FALSE else None

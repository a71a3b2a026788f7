"""Write the behavioural suite for hallucination detectors (issue 53 §6): benchmarks/behaviour/cases.jsonl.gz.

A CheckList-style suite (Ribeiro et al., ACL 2020): minimum-functionality tests (one error kind or one faithful kind
each, many generated cases), invariance tests (a change that must not move the verdict) and directional tests (a
change that may move the score one way only). The cases come from two sources, both deterministic (seed 53):

- the hand-written scenarios of ``benchmarks/incontext/scenarios_*.py`` (read, never changed): their error answers
  (in-context swaps, role reversals, negations, added details), the same answers with the wrong value replaced by one
  found nowhere in the sources (absent values), their faithful twins and their faithful answers;
- the fact cards of ``cards.py``: one templated card per domain, each instantiated with other names, numbers and
  dates, and edited one error kind at a time at answer lengths of 1, 2–3 and 4–8 sentences;
- the relation scenes of ``cards.py`` (issue 59): sources where two things of one kind sit side by side, each filled
  three times, for the values given to the wrong thing (a sibling's value, a record's other field), conversions,
  arithmetic and multi-word names. They are made after the cases above with random generators of their own, so the
  cases above, the invariance and direction cases and the sample's picks among them are what they were before.

Run from the repository root (standard library only; under a second):

    python benchmarks/behaviour/generate.py            # write cases.jsonl.gz and stats.md, print the counts
    python benchmarks/behaviour/generate.py --check    # exit 1 if cases.jsonl.gz is not what this script writes
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import io
import json
import random
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "cases.jsonl.gz"
STATS = HERE / "stats.md"
SEED = 53
INSTANCES = 2  # fillings of each fact card
VARIANTS = 20  # cases of each invariance / direction test
SAMPLE_PER_TEST = 1  # cases of each test (each length bucket of the absent-value tests) in behaviour:sample



def _module(name: str, path: Path) -> Any:
    """Import a sibling script by its path, under a name of its own (``build`` is also a PyPI package)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# benchmarks/incontext/build.py reads its scenario modules from its own folder
sys.path.insert(0, str(HERE.parent / "incontext"))
incontext = _module("behaviour_incontext_build", HERE.parent / "incontext" / "build.py")
_cards = _module("behaviour_cards", HERE / "cards.py")
CARDS, NAMES, POOLS = _cards.CARDS, _cards.NAMES, _cards.POOLS
SCENES, SCENE_POOLS, ORG_HEADS = _cards.SCENES, _cards.SCENE_POOLS, _cards.ORG_HEADS
SCENE_FILLS = 3  # fillings of each relation scene

SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+")
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
CURRENCY_WORD = {"£": "pounds", "€": "euros", "$": "dollars"}
_ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

ABSENT_KINDS = ("absent-name", "absent-number", "absent-date")
ERROR_TESTS = (
    *ABSENT_KINDS,
    "swap-number",
    "swap-date",
    "swap-name",
    "role-reversal",
    "negation",
    "dropped-condition",
    "comparison-flip",
    "period-unit-swap",
    "added-detail",
    "world-knowledge",
    "swap-sibling-value",
    "unit-conversion-wrong",
    "arithmetic-wrong",
    "record-key-swap",
    "shared-word-name",
)
FAITHFUL_TESTS = (
    "faithful-twin",
    "faithful-paraphrase",
    "faithful-merge",
    "faithful-unit-format",
    "faithful-reordered",
    "faithful-abstention",
    "faithful-hedge",
    "faithful-summary",
    "faithful-conversion",
    "faithful-arithmetic",
)
INV_TESTS = (
    "inv-passages-split",
    "inv-passages-merged",
    "inv-passages-reordered",
    "inv-unrelated-passage",
    "inv-question-dropped",
    "inv-question-added",
    "inv-faithful-appended",
    "bad-passage-repeated",
    "bad-passages-duplicated",
    "bad-empty-passages",
)
DIR_TESTS = {
    "dir-append-unsupported": "not_lower",
    "dir-remove-unsupported": "below_threshold",
    "dir-append-supported": "not_lower",
}
SUPPORTED_DETAIL_CASES = 24  # dir-append-supported (issue 76 §3): at least 20
TESTS = (*ERROR_TESTS, *FAITHFUL_TESTS, *INV_TESTS, *DIR_TESTS)
EDIT_TESTS = {
    "role": "role-reversal",
    "negation": "negation",
    "condition": "dropped-condition",
    "comparison": "comparison-flip",
    "period": "period-unit-swap",
    "added": "added-detail",
}
# a relation scene's pairs: the error test, and the faithful test of the right sentence (None: a faithful twin)
SCENE_TESTS: dict[str, tuple[str, str | None]] = {
    "sibling": ("swap-sibling-value", None),
    "conversion": ("unit-conversion-wrong", "faithful-conversion"),
    "arithmetic": ("arithmetic-wrong", "faithful-arithmetic"),
    "record": ("record-key-swap", None),
    "name": ("shared-word-name", None),
}
RELATION_TESTS = tuple(test for pair in SCENE_TESTS.values() for test in pair if test is not None)
SCENARIO_ERRORS = {
    "error-number": "swap-number",
    "error-date": "swap-date",
    "error-name": "swap-name",
    "error-role": "role-reversal",
    "error-negation": "negation",
    "error-added": "added-detail",
}
SCENARIO_FAITHFUL = {
    "faithful-paraphrase": "faithful-paraphrase",
    "faithful-voice": "faithful-paraphrase",
    "faithful-numbers": "faithful-unit-format",
    "faithful-reorder": "faithful-reordered",
    "faithful-notcovered": "faithful-abstention",
}
# An absent name for each scenario name error: the same kind of name, used nowhere in its sources.
ABSENT_NAMES = {
    "Sonvale Sound": "Sonvale Link", "Naomi Park": "Teresa Coburn", "azithromycin": "doxycycline",
    "Anil Varghese": "Martin Oyelaran", "Ivan Petrov": "Luca Benedetti", "Oskar Lind": "Tomas Keller",
    "Cllr Farrow": "Cllr Pemberton", "Karen Whitfield": "Janet Okafor", "Olivia Brennan": "Rachel Dunmore",
    "North Terminal": "East Terminal", "Ben View Hotel": "Glenmore Lodge", "Hannah Brewster": "Claire Ashdown",
    "Graham Ashworth": "Victor Lasalle", "Owen Price": "Dennis Halloran",
}
ABSENT_NUMBERS = {"2:07:53": "2:11:26", "150/95 mmHg": "165/100 mmHg"}  # formats the generic rule does not rewrite
ABSTENTIONS = (
    "The passages don't mention {topic}, so I can't confirm it; please check with {who}.",
    "The {doc} does not say {topic}, so I can't confirm it; it's best to check with {who}.",
    "I can't find anything in the passages about {topic}, so I can't confirm it; please ask {who}.",
)
HEDGES = (
    "It seems that {body}, according to the {doc}.",
    "According to the {doc}, it seems that {body}.",
    "As far as I can tell from the {doc}, {body}.",
)
LOWER_FIRST = {"the", "a", "an", "if", "you", "your", "it", "its", "each", "every", "anyone", "on", "after", "their",
               "outside", "once", "to", "for", "with", "when", "because", "there", "this", "all"}
SUMMARY_QUESTION = "Can you summarise what the passages say?"


class Problem(AssertionError):
    """A generated case breaks one of the suite's rules."""


def check(condition: bool, message: str) -> None:
    """Raise a Problem with ``message`` unless ``condition`` holds."""
    if not condition:
        raise Problem(message)


def norm(text: str) -> str:
    """Collapse line wrapping into single spaces."""
    return " ".join(text.split())


def sentences_of(text: str) -> list[str]:
    """Sentences by the split on terminal punctuation followed by whitespace (the in-context set's rule)."""
    return [s for s in SENTENCE_SPLIT.split(text.strip()) if s]


def bucket(n: int) -> str:
    """The answer-length bucket of ``n`` sentences."""
    return "1" if n <= 1 else "2-3" if n <= 3 else "4-8"


def words(n: int) -> str:
    """``n`` (0–99) in English words; larger numbers as digits."""
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else "-" + _ONES[n % 10])
    return str(n)


def has_number(haystack: str, number: str) -> bool:
    """Whether ``number`` occurs in ``haystack`` as a whole number (not inside a longer one)."""
    return re.search(rf"(?<![\d,.]){re.escape(number)}(?![\d]|[,.]\d)", haystack) is not None


def word_span(text: str, start: int, end: int) -> tuple[int, int]:
    """``[start, end)`` widened to whole words."""
    while start > 0 and text[start - 1].isalnum():
        start -= 1
    while end < len(text) and text[end].isalnum():
        end += 1
    return start, end


def diff_span(faithful: str, wrong: str) -> tuple[int, int] | None:
    """The characters of ``wrong`` that differ from ``faithful`` (common prefix and suffix removed), as words."""
    prefix = 0
    while prefix < min(len(faithful), len(wrong)) and faithful[prefix] == wrong[prefix]:
        prefix += 1
    suffix = 0
    while (
        suffix < min(len(faithful), len(wrong)) - prefix and faithful[-1 - suffix] == wrong[-1 - suffix]
    ):
        suffix += 1
    start, end = prefix, len(wrong) - suffix
    return word_span(wrong, start, end) if end > start else None


# ---------------------------------------------------------------------------------------------------------------
# Fact-card instances


class Instance:
    """One filling of a fact card: its slot values, their written forms, and the rendered sources and answer."""

    def __init__(self, card: dict[str, Any], number: int, rng: random.Random) -> None:
        self.card, self.number = card, number
        self.id = f"card-{card['slug']}-{number}"
        self.domain: str = card["domain"]
        self.values: dict[str, Any] = {}
        self.forms: dict[str, str] = {}
        template_text = " ".join([*card["passages"], *card["sentences"], card["world"], card["merge"]])
        fixed = {int(d) for d in re.findall(r"\d+", re.sub(r"\{[^}]*\}", " ", template_text))}
        used_numbers, used_dates, used_names = set(fixed), set(), set()
        for slot, spec in card["slots"].items():
            kind = spec if isinstance(spec, str) else spec[0]
            if kind == "name" or kind in POOLS:
                pool = NAMES if kind == "name" else POOLS[kind]
                value = rng.choice([n for n in pool if n not in used_names])
                used_names.add(value)
                self.values[slot] = value
                self.forms[slot] = value
            elif kind == "date":
                while True:
                    day, month, year = rng.randint(1, 28), rng.randint(1, 12), rng.choice([2024, 2025])
                    if (day, month) not in used_dates and day not in used_numbers:
                        break
                used_dates.add((day, month))
                self.values[slot] = (day, month, year)
                self.forms.update(date_forms(slot, day, month, year))
            elif kind == "pct":
                self.values[slot] = self.forms[slot] = rng.choice(spec[1])
            else:
                choices = list(spec[1]) if kind == "choice" else list(range(spec[1], spec[2] + 1, *spec[3:4]))
                value = rng.choice([c for c in choices if c not in used_numbers])
                used_numbers.add(value)
                self.values[slot] = value
                self.forms.update(number_forms(slot, kind, value, card.get("currency", "£")))
        derive: Callable[[dict[str, Any]], dict[str, str]] | None = card.get("derive")
        if derive is not None:
            self.forms.update(derive(self.values))
        self.passages = [self.render(p) for p in card["passages"]]
        self.sentences = [self.render(s) for s in card["sentences"]]
        self.question = self.render(card["question"])
        self.haystack = " ".join([*self.passages, self.question])
        for sentence in self.sentences:
            for number in re.findall(r"\d[\d,.]*\d|\d", sentence):
                check(has_number(self.haystack, number), f"{self.id}: {number} in {sentence!r} is not in the sources")

    def render(self, template: str, forms: dict[str, str] | None = None) -> str:
        """``template`` with the slots filled (``forms`` overrides some)."""
        return norm(template).format(**{**self.forms, **(forms or {})})

    def fill(self, name: str) -> str:
        """A card field that may name slots (``who``, ``doc``, ``topic``)."""
        return self.render(self.card[name])


def date_forms(slot: str, day: int, month: int, year: int) -> dict[str, str]:
    """A date slot's written forms."""
    return {
        slot: f"{day} {MONTHS[month - 1]} {year}",
        f"{slot}_us": f"{MONTHS[month - 1]} {day}, {year}",
        f"{slot}_iso": f"{year}-{month:02d}-{day:02d}",
    }


def number_forms(slot: str, kind: str, value: int, currency: str) -> dict[str, str]:
    """A number slot's written forms."""
    if kind == "money":
        return {slot: f"{currency}{value:,}", f"{slot}_plain": f"{value} {CURRENCY_WORD[currency]}"}
    if kind == "count":
        return {slot: f"{value:,}", f"{slot}_digits": str(value)}
    return {slot: str(value), f"{slot}_w": words(value)}


def absent_forms(instance: Instance, slot: str, rng: random.Random) -> dict[str, str]:
    """Forms that give ``slot`` a value of its type found nowhere in the instance's sources or question."""
    spec = instance.card["slots"][slot]
    kind = spec if isinstance(spec, str) else spec[0]
    haystack = instance.haystack
    if kind == "name":
        first_last = [n for n in NAMES if not any(part in haystack for part in n.split())]
        return {slot: rng.choice(first_last)}
    if kind == "date":
        _, month, year = instance.values[slot]
        while True:
            day, month2 = rng.randint(1, 28), rng.choice([month, rng.randint(1, 12)])
            forms = date_forms(slot, day, month2, year)
            if f"{day} {MONTHS[month2 - 1]}" not in haystack and not has_number(haystack, str(day)):
                return forms
    value = int(instance.values[slot])
    low, high = (min(spec[1]), max(spec[1])) if kind == "choice" else (spec[1], spec[2])
    step = spec[3] if kind not in ("choice",) and len(spec) > 3 else (5 if kind == "choice" else 1)
    candidates = set(range(low, high + 1, step)) | {round(value * f) for f in (0.5, 0.6, 0.75, 1.25, 1.4, 1.6, 2.0)}
    currency = instance.card.get("currency", "£")
    options = []
    for candidate in sorted(candidates - {value}):
        forms = number_forms(slot, kind, candidate, currency)
        if candidate > 0 and not has_number(haystack, f"{candidate:,}") and not has_number(haystack, str(candidate)):
            options.append(forms)
    check(bool(options), f"{instance.id}: no absent value for {slot}")
    return rng.choice(options)


# ---------------------------------------------------------------------------------------------------------------
# Cases


class Suite:
    """The cases as they are made, with what the invariance and direction tests need to vary them."""

    def __init__(self) -> None:
        self.cases: list[dict[str, Any]] = []
        self.counters: Counter[str] = Counter()
        self.meta: dict[str, dict[str, Any]] = {}  # id -> how the case was made (not written)

    def add(self, test: str, domain: str, question: str | None, answer: str, context: list[str], **fields: Any) -> str:
        """Append a case; returns its id."""
        self.counters[test] += 1
        case_id = f"{test}-{self.counters[test]:03d}"
        kind = "mft" if test in ERROR_TESTS or test in FAITHFUL_TESTS else "dir" if test in DIR_TESTS else "inv"
        meta = fields.pop("meta", {})
        n_sentences = len(sentences_of(answer))
        case: dict[str, Any] = {
            "id": case_id,
            "test": test,
            "type": kind,
            "domain": domain,
            "question": question,
            "answer": answer,
            "context": context,
            "label": fields.pop("label"),
            "group": fields.pop("group", None),
            "expect": fields.pop("expect", None),
            "sentences": n_sentences,
            "length_bucket": bucket(n_sentences),
            "passages": len(context),
            "context_words": len(" ".join(context).split()),
            **fields,
        }
        self.cases.append(case)
        self.meta[case_id] = meta
        return case_id


def card_cases(suite: Suite, rng: random.Random) -> None:
    """Every minimum-functionality case of every fact-card instance."""
    for card in CARDS:
        for number in range(INSTANCES):
            instance = Instance(card, number, random.Random(f"{SEED}-{card['slug']}-{number}"))
            one_card(suite, instance, rng)


def pick(rng: random.Random, n: int, length: int, keep: int) -> list[int]:
    """``length`` sentence indices out of ``n``, ``keep`` among them, in order."""
    others = [i for i in range(n) if i != keep]
    return sorted([keep, *rng.sample(others, min(length, n) - 1)])


def length_in(rng: random.Random, which: str, n: int) -> int:
    """An answer length in the bucket ``which`` for a card of ``n`` sentences."""
    return {"1": 1, "2-3": rng.choice([2, 3]), "4-8": rng.randint(4, min(8, n))}[which]


def one_card(suite: Suite, instance: Instance, rng: random.Random) -> None:
    """The error cases (with twins) and faithful cases of one instance."""
    card, n = instance.card, len(instance.sentences)
    buckets = ("1", "2-3", "4-8")
    turn = CARDS.index(card) + instance.number  # spreads each error kind over the three lengths across cards

    def question() -> str | None:
        return instance.question if rng.random() < 0.7 else None

    def error(test: str, index: int, edited: str, which: str) -> None:
        chosen = pick(rng, n, length_in(rng, which, n), index)
        faithful = " ".join(instance.sentences[i] for i in chosen)
        wrong = " ".join(edited if i == index else instance.sentences[i] for i in chosen)
        check(wrong != faithful, f"{instance.id} {test}: the edit changes nothing")
        span = diff_span(faithful, wrong)
        if test == "dropped-condition" or span is None:
            offset = sum(len(instance.sentences[i]) + 1 for i in chosen if i < index)
            span = (offset, offset + len(edited))
        q = question()
        suite.add(test, instance.domain, q, wrong, instance.passages, label=1, spans=[list(span)],
                  source=instance.id, twin_answer=faithful,
                  meta={"instance": instance, "chosen": chosen, "edited": index, "error_sentence": edited})
        if rng.random() < 1 / 6:  # a sixth of the twins are cases of their own
            suite.add("faithful-twin", instance.domain, q, faithful, instance.passages, label=0, spans=[],
                      source=instance.id, twin_of=test, meta={"instance": instance, "chosen": chosen})

    for kind in ("number", "date", "name"):
        index, slot = card["absent"][kind]
        for which in buckets:
            forms = absent_forms(instance, slot, rng)
            edited = instance.render(card["sentences"][index], forms)
            changed = forms[slot]
            present = has_number(instance.haystack, changed) if kind == "number" else changed in instance.haystack
            check(not present, f"{instance.id}: absent {changed!r} is in the sources")
            error(f"absent-{kind}", index, edited, which)
    for k, kind in enumerate(("number", "date", "name")):
        index, slot, other = card["swap"][kind]
        edited = instance.render(card["sentences"][index], {slot: instance.forms[other]})
        check(instance.forms[other] in instance.haystack, f"{instance.id}: swap value not in the sources")
        error(f"swap-{kind}", index, edited, buckets[(turn + k) % 3])
    for k, (kind, (index, old, new)) in enumerate(card["edits"].items()):
        sentence = instance.sentences[index]
        old, new = instance.render(old), instance.render(new)
        check(sentence.count(old) == 1, f"{instance.id} {kind}: {old!r} is not once in {sentence!r}")
        edited = norm(sentence.replace(old, new))
        edited = edited[0].upper() + edited[1:]
        error(EDIT_TESTS[kind], index, edited, buckets[(turn + k) % 3])
    # world knowledge: a true sentence the sources do not state, among 0–5 supported ones
    length = [1, 3, 5][turn % 3]
    chosen = sorted(rng.sample(range(n), length - 1))
    position = rng.randint(0, len(chosen))
    parts = [instance.sentences[i] for i in chosen]
    answer = " ".join([*parts[:position], card["world"], *parts[position:]])
    start = len(" ".join(parts[:position])) + (1 if position else 0)
    suite.add("world-knowledge", instance.domain, question(), answer, instance.passages, label=1,
              spans=[[start, start + len(card["world"])]], source=instance.id, twin_answer=" ".join(parts) or None,
              meta={"instance": instance, "chosen": chosen, "world": True})

    def faithful(test: str, answer: str, q: str | None, chosen: list[int] | None = None) -> None:
        suite.add(test, instance.domain, q, answer, instance.passages, label=0, spans=[], source=instance.id,
                  meta={"instance": instance, "chosen": chosen})

    # paraphrase: every sentence that has one, among others
    para = card["paraphrases"]
    chosen = sorted({*rng.sample(sorted(para), 2), *rng.sample(range(n), rng.randint(0, 2))})
    faithful("faithful-paraphrase", " ".join(instance.render(para[i]) if i in para else instance.sentences[i]
                                             for i in chosen), question(), chosen)
    merge = instance.render(card["merge"])
    extra = rng.choice([None, *range(n)])
    faithful("faithful-merge", merge if extra is None else f"{merge} {instance.sentences[extra]}", question())
    index, old, new = card["formats"][instance.number % len(card["formats"])]
    chosen = pick(rng, n, rng.randint(1, 4), index)
    sentence = instance.sentences[index]
    check(sentence.count(instance.render(old)) == 1, f"{instance.id}: format {old!r}")
    changed = sentence.replace(instance.render(old), instance.render(new))
    faithful("faithful-unit-format", " ".join(changed if i == index else instance.sentences[i] for i in chosen),
             question(), chosen)
    index, old, new = card["reorder"]
    chosen = pick(rng, n, rng.randint(1, 4), index)
    changed = instance.sentences[index].replace(old, new)
    check(changed != instance.sentences[index], f"{instance.id}: reorder {old!r}")
    faithful("faithful-reordered", " ".join(changed if i == index else instance.sentences[i] for i in chosen),
             question(), chosen)
    fill = {"topic": instance.fill("topic"), "who": instance.fill("who"), "doc": card["doc"]}
    pure = ABSTENTIONS[instance.number % len(ABSTENTIONS)].format(**fill)
    faithful("faithful-abstention", pure, instance.question)
    chosen = sorted(rng.sample(range(n), 2))
    partial = f"The {card['doc']} does not say {fill['topic']}."
    faithful("faithful-abstention", " ".join([*(instance.sentences[i] for i in chosen), partial]), question(), chosen)
    index = rng.randrange(n)
    hedged = hedge(instance.sentences[index], card["doc"], " ".join(instance.passages), rng)
    faithful("faithful-hedge", hedged, question())
    faithful("faithful-summary", " ".join(instance.render(s) for s in card["summary"]), None)


def hedge(sentence: str, doc: str, context: str, rng: random.Random) -> str:
    """``sentence`` wrapped in a hedge that names its source."""
    body = sentence.rstrip(".")
    first, _, rest = body.partition(" ")
    if first.lower() in LOWER_FIRST or re.search(rf"(?<![.] )\b{re.escape(first.lower())}\b", context):
        body = f"{first.lower()} {rest}"
    return rng.choice(HEDGES).format(body=body, doc=doc)


def scenario_cases(suite: Suite, rng: random.Random) -> None:
    """The in-context scenarios' error answers, absent-value versions of them, their twins and faithful answers."""
    for number, scenario in enumerate(incontext.load_scenarios(), start=1):
        sid = f"ic-{number:03d}"
        question = norm(scenario["question"])
        context = [norm(p) for p in scenario["context"]]
        haystack = " ".join([*context, question])
        e, f = scenario["error"], scenario["faithful"]
        answer, wrong, fix = norm(e["answer"]), norm(e["wrong"]), norm(e["fix"])
        start = answer.find(wrong) if e.get("occurrence") is None else incontext.occurrences(answer, wrong)[
            e["occurrence"] - 1]
        end = start + len(wrong)
        twin = clean(answer[:start] + fix + answer[end:])
        domain = scenario["domain"]
        meta = {"scenario": scenario, "span": (start, end)}
        test = SCENARIO_ERRORS[e["task"]]
        suite.add(test, domain, question, answer, context, label=1, spans=[[start, end]], source=sid,
                  twin_answer=twin, meta=meta)
        if rng.random() < 1 / 6:
            suite.add("faithful-twin", domain, question, twin, context, label=0, spans=[], source=sid, twin_of=test)
        if e["task"] in ("error-number", "error-date", "error-name"):
            absent = absent_scenario_value(e["task"], wrong, fix, haystack, rng)
            changed = answer[:start] + absent + answer[end:]
            kind = e["task"].removeprefix("error-")
            suite.add(f"absent-{kind}", domain, question, changed, context, label=1,
                      spans=[[start, start + len(absent)]], source=sid, twin_answer=twin,
                      meta={"scenario": scenario, "span": (start, start + len(absent))})
        suite.add(SCENARIO_FAITHFUL[f["task"]], domain, question, norm(f["answer"]), context, label=0, spans=[],
                  source=sid)
        if f["task"] == "faithful-notcovered":
            for sentence in sentences_of(norm(f["answer"])):
                if incontext.NOT_COVERED.search(sentence):
                    suite.add("faithful-abstention", domain, question, sentence, context, label=0, spans=[],
                              source=sid)
                    break


def clean(text: str) -> str:
    """Tidy the spaces and punctuation left where an added detail was cut out."""
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"\s+([,.;:])", r"\1", text)
    text = re.sub(r",([.;])", r"\1", text)
    return text.strip()


def absent_scenario_value(task: str, wrong: str, fix: str, haystack: str, rng: random.Random) -> str:
    """``wrong`` with its value replaced by one of the same kind found nowhere in ``haystack``."""
    if task == "error-name":
        absent = ABSENT_NAMES[wrong]
        # the words it does not share with the wrong name, bar a kind of place or a title (Lodge, Terminal, Cllr)
        new = [p for p in absent.split() if p not in wrong.split() and p not in ("Cllr", "Lodge", "Terminal")]
        check(absent not in haystack and not any(p in haystack for p in new), f"absent {absent!r} is in the sources")
        return absent
    if wrong in ABSENT_NUMBERS:
        return ABSENT_NUMBERS[wrong]
    if task == "error-date":
        match = re.fullmatch(r"(\d{1,2}) ([A-Z][a-z]+)( \d{4})?", wrong)
        if match is None:  # a year
            year = int(wrong)
            options = [str(y) for y in range(year - 9, year + 10) if y != year and not has_number(haystack, str(y))]
            return rng.choice(options)
        month, year = match.group(2), match.group(3) or ""
        days = [d for d in range(1, 29) if f"{d} {month}" not in haystack and not has_number(haystack, str(d))]
        return f"{rng.choice(days)} {month}{year}"
    match = re.search(r"\d[\d,]*(?:\.\d+)?", wrong)
    check(match is not None, f"no number in {wrong!r}")
    assert match is not None
    token = match.group()
    value = float(token.replace(",", ""))
    options = []
    for factor in (0.5, 0.6, 0.7, 1.3, 1.5, 1.75, 2.0, 2.5):
        new = value * factor
        if "." in token:
            text = f"{new:.1f}"
        elif "," in token:
            text = f"{round(new, -3 if value >= 10000 else 0):,.0f}"
        else:
            text = str(round(new))
        changed = wrong[: match.start()] + text + wrong[match.end() :]
        if "%" in wrong and new > 100:  # a share stays a share
            continue
        if text != token and not has_number(haystack, text) and changed not in fix and changed not in haystack:
            options.append(changed)
    check(bool(options), f"no absent value for {wrong!r}")
    return rng.choice(options)


# ---------------------------------------------------------------------------------------------------------------
# Relation scenes (issue 59)

NUMBER = re.compile(r"\d[\d,.]*\d|\d")
CODE_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"


def numbers_in(text: str) -> list[str]:
    """The numbers written in ``text`` (as the fact cards' rule finds them)."""
    return NUMBER.findall(text)


def novel_numbers(text: str, haystack: str) -> list[str]:
    """The numbers of ``text`` found nowhere in ``haystack``."""
    return [n for n in numbers_in(text) if not has_number(haystack, n)]


def has_word(haystack: str, word: str) -> bool:
    """Whether ``word`` occurs in ``haystack`` as a whole word, in any case."""
    return re.search(rf"\b{re.escape(word)}\b", haystack, flags=re.IGNORECASE) is not None


def token_diff(a: str, b: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where ``a`` and ``b`` differ, on each: their common prefix and suffix removed, widened to whole words.

    Numbers are wholes ("0.46" and "46" differ as such), and an insertion is widened to the word it falls in.
    """
    prefix = 0
    while prefix < min(len(a), len(b)) and a[prefix] == b[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(a), len(b)) - prefix and a[-1 - suffix] == b[-1 - suffix]:
        suffix += 1

    def widen(text: str, start: int, end: int) -> tuple[int, int]:
        def inside(i: int) -> bool:  # text[i] belongs to the token around it
            return text[i].isalnum() or (text[i] in ".,:" and 0 < i < len(text) - 1 and text[i - 1].isdigit()
                                         and text[i + 1].isdigit())
        while start > 0 and inside(start - 1):
            start -= 1
        while end < len(text) and inside(end):
            end += 1
        return start, end

    return widen(a, prefix, len(a) - suffix), widen(b, prefix, len(b) - suffix)


def far_apart(right: list[str], wrong: list[str], share: float) -> bool:
    """Whether each wrong number differs from the right one in its place by at least ``share`` of it."""
    if not right or len(right) != len(wrong):
        return False
    pairs = [(float(r.replace(",", "")), float(w.replace(",", ""))) for r, w in zip(right, wrong, strict=True)]
    return all(r != 0 and abs(w - r) / abs(r) >= share for r, w in pairs)


class SceneFill:
    """One filling of a relation scene: its slot values, their written forms, and the rendered sources.

    ``documents`` are other passages retrieved beside the scene's (fact-card documents), each put in at a random place.
    """

    def __init__(
        self, scene: dict[str, Any], number: int, rng: random.Random, documents: list[str] | None = None
    ) -> None:
        self.scene, self.number, self.rng = scene, number, rng
        self.id = f"scene-{scene['slug']}-{number}"
        self.values: dict[str, Any] = {}
        self.forms: dict[str, str] = {}
        texts = [json.dumps(p, ensure_ascii=False) if not isinstance(p, str) else p for p in scene["passages"]]
        texts += [*scene["support"], scene["question"]]
        texts += [s for key in SCENE_TESTS for pair in scene.get(key, []) for s in (pair["right"], pair["wrong"])]
        fixed = {int(d) for d in re.findall(r"\d+", re.sub(r"\{[^}]*\}", " ", " ".join(texts)))}
        used_numbers: set[int] = set(fixed)
        used_names: set[str] = set()
        for slot, spec in scene["slots"].items():
            self.fill_slot(slot, spec, used_numbers, used_names)
        derive = scene.get("derive")
        if derive is not None:
            self.forms.update(derive(self.values))
        self.passages = [self.render_passage(p) for p in scene["passages"]]
        for document in documents or []:
            self.passages.insert(rng.randint(0, len(self.passages)), document)
        self.support = [self.render(s) for s in scene["support"]]
        self.sources = " ".join(self.passages)
        for sentence in self.support:
            check(not novel_numbers(sentence, self.sources), f"{self.id}: a number of {sentence!r} is new")

    def fill_slot(self, slot: str, spec: Any, used_numbers: set[int], used_names: set[str]) -> None:
        """Give ``slot`` a value (distinct from the other slots' values) and its written forms."""
        rng = self.rng
        kind = spec if isinstance(spec, str) else spec[0]
        if kind == "pool":
            value = rng.choice([n for n in SCENE_POOLS[spec[1]] if n not in used_names])
            used_names.add(value)
            self.values[slot] = self.forms[slot] = value
            self.forms[f"{slot}_cap"] = value[0].upper() + value[1:]
            if spec[1] == "people":
                self.forms[f"{slot}_first"], self.forms[f"{slot}_last"] = value.split(" ", 1)
        elif kind == "org":
            head = rng.choice([h for h in ORG_HEADS if h not in used_names])
            used_names.add(head)
            self.values[slot] = self.forms[slot] = f"{head} {rng.choice(spec[1])}"
        elif kind == "code":
            self.values[slot] = self.forms[slot] = "".join(rng.choice(CODE_LETTERS) for _ in range(6))
        elif kind == "time":
            value = rng.randrange(spec[1] * 60, spec[2] * 60 + 60, 5)
            self.values[slot], self.forms[slot] = value, _cards.hm(value)
        elif kind == "date":
            while True:
                day, month, year = rng.randint(1, 28), rng.randint(1, 12), rng.choice([2024, 2025])
                if day not in used_numbers:
                    break
            used_numbers.add(day)
            self.values[slot] = (day, month, year)
            self.forms.update(date_forms(slot, day, month, year))
        elif kind == "pct":
            self.values[slot] = self.forms[slot] = rng.choice(spec[1])
        elif kind == "few":  # a small count, which may equal another slot's
            value = rng.choice(spec[1])
            self.values[slot] = value
            self.forms.update(number_forms(slot, "int", value, "£"))
        else:
            if kind == "choice":
                choices = list(spec[1])
            else:
                choices = list(range(spec[1], spec[2] + 1, *spec[3:4]))
            options = [c for c in choices if c not in used_numbers]
            check(bool(options), f"{self.id}: no value left for {slot}")
            value = rng.choice(options)
            used_numbers.add(value)
            self.values[slot] = value
            if kind == "cents":
                self.forms[slot], self.forms[f"{slot}_c"] = f"{value / 100:.2f}", str(value)
            else:
                self.forms.update(number_forms(slot, kind, value, "£"))

    def render(self, template: str, extra: dict[str, str] | None = None) -> str:
        """``template`` with the slots filled (line wrapping collapsed)."""
        return norm(template).format(**{**self.forms, **(extra or {})})

    def render_passage(self, template: Any) -> str:
        """A passage: prose, ``key: value`` lines, or a record written as JSON ("#slot" is the slot's number)."""
        if isinstance(template, str):
            return self.render(template)
        if isinstance(template, tuple) and template[0] == "lines":
            return "\n".join(line.format(**self.forms) for line in template[1])

        def fill(value: Any) -> Any:
            if isinstance(value, dict):
                return {k: fill(v) for k, v in value.items()}
            if isinstance(value, list):
                return [fill(v) for v in value]
            if isinstance(value, str) and value.startswith("#"):
                return int(self.values[value[1:]])
            return value.format(**self.forms) if isinstance(value, str) else value

        return json.dumps(fill(template), ensure_ascii=False)

    def rival(self, pair: dict[str, Any]) -> str:
        """The made-up name of a ``name`` pair: one word used elsewhere in the sources, the others nowhere."""
        shared = pair["rival"].split()[0].format(**self.forms)
        check(has_word(self.sources, shared), f"{self.id}: {shared!r} is not in the sources")
        check(not has_word(self.forms["org"], shared), f"{self.id}: {shared!r} is in the right name")
        tails = [t for t in pair["tails"] if not any(has_word(self.sources, w) for w in t.split())]
        check(bool(tails), f"{self.id}: every tail of {pair['rival']!r} has a word in the sources")
        return str(pair["rival"]).format(**{**self.forms, "tail": self.rng.choice(tails)})


def check_pair(
    fill: SceneFill, key: str, pair: dict[str, Any], right: str, wrong: str, haystack: str, rival: str | None = None
) -> None:
    """The rules of one right / wrong pair of a relation scene (raise a Problem naming the first one broken)."""
    where = f"{fill.id} {key} {wrong!r}"
    check(right != wrong, f"{where}: the pair is one sentence")
    (a, b), (c, d) = token_diff(right, wrong)
    was, changed = right[a:b], wrong[c:d]  # the words of each that differ from the other
    if key in ("sibling", "record"):
        check(not novel_numbers(right, haystack) and not novel_numbers(wrong, haystack), f"{where}: a new number")
        check(bool(changed) and changed in haystack and was in haystack, f"{where}: {changed!r} or {was!r} is new")
    elif key == "conversion":
        converted = numbers_in(was)
        check(bool(converted) and not any(has_number(haystack, n) for n in converted),
              f"{where}: the converted value {converted} is in the sources")
        if pair["kind"] == "off":
            check(far_apart(converted, numbers_in(changed), 0.2), f"{where}: not off beyond rounding")
        else:  # a number of the sources, or the right one, with the wrong unit
            wrong_numbers = numbers_in(changed)
            check(bool(wrong_numbers) and (wrong_numbers == converted or all(has_number(haystack, n)
                                                                             for n in wrong_numbers)),
                  f"{where}: {wrong_numbers} is neither the right number nor one of the sources")
    elif key == "arithmetic":
        results, wrong_results = numbers_in(was), numbers_in(changed)
        check(len(results) == 1 and not has_number(haystack, results[0]), f"{where}: the result is in the sources")
        check(len(wrong_results) == 1 and not has_number(haystack, wrong_results[0]),
              f"{where}: the wrong result is in the sources")
        check(far_apart(results, wrong_results, 0.05), f"{where}: the wrong result is not wrong")
    else:  # name
        check(fill.forms["org"] in haystack and fill.forms["org"] in right, f"{where}: the right name")
        assert rival is not None and rival in wrong
        check(rival not in haystack, f"{where}: {rival!r} is in the sources")
        shared = [w for w in rival.split() if has_word(haystack, w)]
        check(len(shared) == 1 and len(rival.split()) == 3, f"{where}: {rival!r} shares {shared} with the sources")


def card_documents(s: int, scene: dict[str, Any], number: int) -> list[str]:
    """The fact-card documents retrieved beside filling ``number`` of scene ``s``.

    None, then the card of the scene's domain, then that card and one of another domain (each card's two passages as
    one document).
    """
    same = next(card for card in CARDS if card["domain"] == scene["domain"])
    others = [card for card in CARDS if card["domain"] != scene["domain"]]
    cards = [same, others[s % len(others)]][:number]
    instances = [Instance(card, k, random.Random(f"{SEED}-{card['slug']}-{k}")) for k, card in enumerate(cards)]
    return [" ".join(instance.passages) for instance in instances]


def scene_cases(suite: Suite) -> None:
    """Every case of every relation scene (its own random generators: the other cases do not move).

    A scene's first filling has its own passages only; the second has one fact-card document beside them, the third
    two, so that a value, a unit or a name's word can also be found in a document about something else.
    """
    buckets = ("1", "2-3", "4-8")
    for s, scene in enumerate(SCENES):
        for number in range(SCENE_FILLS):
            documents = card_documents(s, scene, number)
            problems: list[str] = []
            for attempt in range(50):  # a filling whose values collide (a result found in the sources) is redrawn
                rng = random.Random(f"{SEED}-{scene['slug']}-{number}-{attempt}")
                try:
                    fill = SceneFill(scene, number, rng, documents)
                    made = [case for t, key in enumerate(SCENE_TESTS) if scene.get(key)
                            for case in scene_pair_cases(fill, key, buckets[(s + number + t) % 3])]
                except Problem as problem:
                    problems.append(str(problem))
                    continue
                break
            else:
                raise Problem(f"scene {scene['slug']} {number}: no filling meets the rules ({problems[-1]})")
            for test, question, answer, fields in made:
                suite.add(test, scene["domain"], question, answer, fill.passages, source=fill.id, **fields)


def scene_pair_cases(fill: SceneFill, key: str, which: str) -> list[tuple[str, str | None, str, dict[str, Any]]]:
    """The error case of one pair of a filling and its faithful case (its test, or a faithful twin)."""
    scene, rng = fill.scene, fill.rng
    pairs = scene[key]
    pair = pairs[fill.number % len(pairs)]
    extra = {"rival": fill.rival(pair)} if key == "name" else {}
    right, wrong = fill.render(pair["right"], extra), fill.render(pair["wrong"], extra)
    if pair.get("question"):
        question: str | None = fill.render(pair["question"])
    else:
        question = fill.render(scene["question"]) if rng.random() < 0.7 else None
    haystack = " ".join([fill.sources, question or ""])
    check_pair(fill, key, pair, right, wrong, haystack, extra.get("rival"))
    others = [i for i in range(len(fill.support)) if i not in pair.get("avoid", [])]
    length = length_in(rng, which, len(others) + 1)
    chosen = sorted(rng.sample(others, length - 1))
    position = rng.randint(0, len(chosen))
    parts = [fill.support[i] for i in chosen]
    faithful = " ".join([*parts[:position], right, *parts[position:]])
    answer = " ".join([*parts[:position], wrong, *parts[position:]])
    span = token_diff(faithful, answer)[1]
    check(span[1] > span[0], f"{fill.id} {key}: no span")
    error_test, faithful_test = SCENE_TESTS[key]
    return [
        (error_test, question, answer, {"label": 1, "spans": [list(span)], "twin_answer": faithful}),
        (faithful_test or "faithful-twin", question, faithful,
         {"label": 0, "spans": []} if faithful_test else {"label": 0, "spans": [], "twin_of": error_test}),
    ]


# ---------------------------------------------------------------------------------------------------------------
# Invariance and direction


def split_passage(passage: str) -> list[str]:
    """A passage as two passages, cut at the sentence boundary nearest its middle."""
    parts = sentences_of(passage)
    if len(parts) < 2:
        return [passage]
    cut = max(1, min(len(parts) - 1, round(len(parts) / 2)))
    return [" ".join(parts[:cut]), " ".join(parts[cut:])]


def variants(suite: Suite, rng: random.Random) -> None:
    """The invariance, bad-input and direction cases, each varying one minimum-functionality base case."""
    bases = [c for c in suite.cases if c["type"] == "mft"]
    other_passages: dict[str, list[str]] = defaultdict(list)
    for c in bases:
        other_passages[c["domain"]].extend(p for p in c["context"] if p not in other_passages[c["domain"]])
    domains = sorted(other_passages)

    def short(c: dict[str, Any]) -> bool:
        return c["context_words"] <= 1000

    def card(c: dict[str, Any]) -> bool:
        return "instance" in suite.meta[c["id"]]

    def choose(test: str, ok: Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
        pool = [c for c in bases if ok(c)]
        by_label = [[c for c in pool if c["label"] == label] for label in (0, 1)]
        half = VARIANTS // 2
        picked = rng.sample(by_label[0], min(half, len(by_label[0]))) + rng.sample(
            by_label[1], min(VARIANTS - half, len(by_label[1]))
        )
        check(len(picked) >= VARIANTS // 2, f"{test}: only {len(picked)} bases")
        return sorted(picked, key=lambda c: bases.index(c))

    def vary(test: str, base: dict[str, Any], **change: Any) -> None:
        fields = {k: base[k] for k in ("question", "answer", "context")}
        fields.update(change)
        label = change.pop("label", base["label"])
        fields.pop("label", None)
        expect = DIR_TESTS.get(test, "same")
        suite.add(test, base["domain"], fields["question"], fields["answer"], fields["context"], label=label,
                  group=base["id"], expect=expect, source=base.get("source"))

    for base in choose("inv-passages-split", lambda c: len(c["context"]) <= 3 and short(c)):
        vary("inv-passages-split", base, context=[part for p in base["context"] for part in split_passage(p)])
    for base in choose("inv-passages-merged", lambda c: len(c["context"]) >= 2):
        vary("inv-passages-merged", base, context=[" ".join(base["context"])])
    for base in choose("inv-passages-reordered", lambda c: len(c["context"]) >= 2):
        vary("inv-passages-reordered", base, context=base["context"][::-1])
    for base in choose("inv-unrelated-passage", lambda c: len(c["context"]) <= 5):
        domain = rng.choice([d for d in domains if d != base["domain"]])
        extra = rng.choice(other_passages[domain])
        context = list(base["context"])
        context.insert(rng.randint(0, len(context)), extra)
        vary("inv-unrelated-passage", base, context=context)
    for base in choose("inv-question-dropped", lambda c: c["question"] is not None):
        vary("inv-question-dropped", base, question=None)
    for base in choose("inv-question-added", lambda c: c["question"] is None and card(c)):
        instance = suite.meta[base["id"]]["instance"]
        q = SUMMARY_QUESTION if base["test"] == "faithful-summary" else instance.question
        vary("inv-question-added", base, question=q)
    for base in choose("inv-faithful-appended", lambda c: card(c) and c["sentences"] <= 7 and spare(suite, c)):
        meta = suite.meta[base["id"]]
        unused = spare(suite, base)
        sentence = meta["instance"].sentences[rng.choice(unused)]
        vary("inv-faithful-appended", base, answer=f"{base['answer']} {sentence}")
    for base in choose("bad-passage-repeated", lambda c: short(c)):
        index = rng.randrange(len(base["context"]))
        context = [p for i, p in enumerate(base["context"]) for _ in range(50 if i == index else 1)]
        vary("bad-passage-repeated", base, context=context)
    for base in choose("bad-passages-duplicated", lambda c: len(c["context"]) <= 3):
        vary("bad-passages-duplicated", base, context=[*base["context"], *base["context"]])
    for base in choose("bad-empty-passages", lambda c: True):
        context = list(base["context"])
        for blank in ("", "   ", ""):
            context.insert(rng.randint(0, len(context)), blank)
        vary("bad-empty-passages", base, context=context)
    appendable = lambda c: card(c) and c["sentences"] <= 7 and not meta_world(suite, c)  # noqa: E731
    for base in choose("dir-append-unsupported", appendable):
        instance = suite.meta[base["id"]]["instance"]
        vary("dir-append-unsupported", base, answer=f"{base['answer']} {instance.card['world']}", label=1)
    removable = [c for c in bases if c["label"] == 1 and c["sentences"] >= 2 and error_sentence(suite, c)]
    for base in sorted(rng.sample(removable, VARIANTS), key=lambda c: bases.index(c)):
        sentence = error_sentence(suite, base)
        assert sentence is not None
        kept = [s for s in sentences_of(base["answer"]) if s != sentence]
        vary("dir-remove-unsupported", base, answer=" ".join(kept), label=0)


def inside(sentence: str, detail: str, sources: str) -> str:
    """``sentence`` with ``detail`` (another sentence) joined inside it before its final stop: "…, and detail.".

    The detail's first word is lower-cased unless it opens a name (the next word is capitalised too) or the sources
    write it capitalised inside a sentence.
    """
    end = sentence.rstrip()
    stop = end[-1] if end and end[-1] in ".!?" else "."
    body = end[:-1] if end and end[-1] in ".!?" else end
    extra = detail.strip().rstrip(".!?")
    first, _, rest = extra.partition(" ")
    if not rest[:1].isupper() and not re.search(rf"[a-z0-9,;:]\s+{re.escape(first)}\b", sources):
        extra = first.lower() + extra[len(first) :]
    return f"{body}, and {extra}{stop}"


def supported_detail_cases(suite: Suite) -> None:
    """``dir-append-supported`` (issue 76 §3): an in-context error with a detail the sources state joined inside it.

    Each varies a fact card's in-context error case (not a value found nowhere, not world knowledge): one of the
    card's faithful sentences that the answer does not use is joined inside the sentence holding the error, so the
    unit the reader scores holds the error and a supported detail. P(hallucinated) must not fall: a correct detail
    never clears an error (the suite's floor for this test is issue 76's 95%).
    """
    rng = random.Random(f"{SEED}-dir-append-supported")
    bases = [
        c for c in suite.cases
        if c["type"] == "mft" and c["label"] == 1 and c["test"] in ERROR_TESTS and not c["test"].startswith("absent-")
        and c["test"] != "world-knowledge" and "instance" in suite.meta[c["id"]] and error_sentence(suite, c)
        and spare(suite, c)
    ]  # fmt: skip
    check(len(bases) >= SUPPORTED_DETAIL_CASES, f"dir-append-supported: only {len(bases)} bases")
    order = {c["id"]: k for k, c in enumerate(suite.cases)}
    for base in sorted(rng.sample(bases, SUPPORTED_DETAIL_CASES), key=lambda c: order[c["id"]]):
        sentence = error_sentence(suite, base)
        assert sentence is not None
        detail = suite.meta[base["id"]]["instance"].sentences[rng.choice(spare(suite, base))]
        answer = base["answer"].replace(sentence, inside(sentence, detail, "\n".join(base["context"])), 1)
        suite.add("dir-append-supported", base["domain"], base["question"], answer, base["context"], label=1,
                  group=base["id"], expect="not_lower", source=base.get("source"))  # fmt: skip


def meta_world(suite: Suite, case: dict[str, Any]) -> bool:
    """Whether the case already holds its card's world-knowledge sentence."""
    return bool(suite.meta[case["id"]].get("world"))


def spare(suite: Suite, case: dict[str, Any]) -> list[int]:
    """The card sentences a case's answer does not use (and not the one its error edits)."""
    meta = suite.meta[case["id"]]
    if meta.get("chosen") is None:
        return []
    used = set(meta["chosen"]) | ({meta["edited"]} if "edited" in meta else set())
    return [i for i in range(len(meta["instance"].sentences)) if i not in used]


def error_sentence(suite: Suite, case: dict[str, Any]) -> str | None:
    """The one sentence of an error case's answer that holds its error (None where that is not one sentence)."""
    if not case["spans"]:
        return None
    start, end = case["spans"][0]
    offset = 0
    for sentence in sentences_of(case["answer"]):
        offset = case["answer"].index(sentence, offset)
        if offset <= start and end <= offset + len(sentence):
            return sentence
        offset += len(sentence)
    return None


# ---------------------------------------------------------------------------------------------------------------
# The whole suite


def from_scene(case: dict[str, Any]) -> bool:
    """Whether a case was made from a relation scene."""
    return str(case.get("source") or "").startswith("scene-")


def mark_sample(cases: list[dict[str, Any]], rng: random.Random) -> None:
    """Mark ``behaviour:sample``: cases of every test (every length bucket of the absent tests), with their bases.

    The relation scenes' tests are picked last, with a generator of their own, so the picks among the other cases are
    what they were before the scenes were added (the scenes' faithful twins are not among the sample's).
    """
    by_id = {c["id"]: c for c in cases}
    chosen: set[str] = set()
    scene_rng = random.Random(f"{SEED}-scene-sample")
    for test in (*(t for t in TESTS if t not in RELATION_TESTS), *RELATION_TESTS):
        if test in RELATION_TESTS:
            rng = scene_rng
        pool = [c for c in cases if c["test"] == test and (test in RELATION_TESTS or not from_scene(c))]
        keys = sorted({c["length_bucket"] for c in pool}) if test in ABSENT_KINDS else [None]
        for key in keys:
            options = [c for c in pool if key is None or c["length_bucket"] == key]
            # prefer variants whose base is in the sample already, so the sample stays small
            preferred = [c for c in options if c["group"] in chosen] or options
            k = SAMPLE_PER_TEST + (test in ERROR_TESTS[3:] or test in FAITHFUL_TESTS)  # 2 of each other mft test
            for case in rng.sample(preferred, min(k, len(preferred))):
                chosen.add(case["id"])
                if case["group"] is not None:
                    chosen.add(by_id[case["group"]]["id"])
    for case in cases:
        case["sample"] = case["id"] in chosen


def check_cases(cases: list[dict[str, Any]]) -> None:
    """The rules of the suite (raise a Problem naming the first case that breaks one)."""
    ids = Counter(c["id"] for c in cases)
    check(max(ids.values()) == 1, "ids are not unique")
    by_id = {c["id"]: c for c in cases}
    check(len(cases) >= 600, f"{len(cases)} cases; at least 600 wanted")
    domains = Counter(c["domain"] for c in cases)
    check(len(domains) >= 10, f"{len(domains)} domains; at least 10 wanted")
    tests = Counter(c["test"] for c in cases)
    for test in TESTS:
        check(tests[test] >= 10, f"{test}: {tests[test]} cases")
    for kind in ABSENT_KINDS:
        for which in ("1", "2-3", "4-8"):
            n = sum(c["test"] == kind and c["length_bucket"] == which for c in cases)
            check(n >= 15, f"{kind} at {which} sentences: {n} cases")
    for test in RELATION_TESTS:
        check(20 <= tests[test] <= 40, f"{test}: {tests[test]} cases; 20–40 wanted")
        lengths = Counter(c["length_bucket"] for c in cases if c["test"] == test)
        check(all(lengths[which] >= 5 for which in ("1", "2-3", "4-8")), f"{test}: lengths {dict(lengths)}")
    for c in cases:
        where = f"{c['id']}"
        check(1 <= c["sentences"] <= 8, f"{where}: {c['sentences']} sentences")
        if not c["test"].startswith("bad-"):
            check(1 <= c["passages"] <= 6, f"{where}: {c['passages']} passages")
            check(c["context_words"] <= 3000, f"{where}: {c['context_words']} context words")
        check(c["label"] in (0, 1), f"{where}: label")
        if c["type"] == "mft":
            check(c["group"] is None and c["expect"] is None, f"{where}: an mft case varies nothing")
            for start, end in c["spans"]:
                check(0 <= start < end <= len(c["answer"]), f"{where}: span {start}-{end}")
            check((c["label"] == 1) == (c["test"] in ERROR_TESTS), f"{where}: label of {c['test']}")
        else:
            check(c["group"] in by_id and by_id[c["group"]]["type"] == "mft", f"{where}: base {c['group']}")
            check(c["expect"] in ("same", "not_lower", "below_threshold"), f"{where}: expect {c['expect']}")
    check(sum(c["sample"] for c in cases) <= 80, "the sample is over 80 cases")


def build() -> tuple[list[dict[str, Any]], str]:
    """All cases and the JSONL text they make."""
    rng = random.Random(SEED)
    suite = Suite()
    scenario_cases(suite, rng)
    card_cases(suite, rng)
    variants(suite, rng)
    scene_cases(suite)  # after the variants: they vary the cases above only
    supported_detail_cases(suite)  # last, with a generator of its own: the cases above are what they were
    order = {test: i for i, test in enumerate(TESTS)}
    cases = sorted(suite.cases, key=lambda c: (order[c["test"]], c["id"]))
    mark_sample(cases, rng)
    check_cases(cases)
    text = "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases)
    return cases, text


def stats(cases: list[dict[str, Any]]) -> str:
    """The counts per test, domain and answer length, as Markdown."""
    lines = ["# Behavioural suite: counts", "", "Written by `generate.py`; do not edit by hand.", ""]
    lines += [
        f"{len(cases)} cases ({sum(c['sample'] for c in cases)} in `behaviour:sample`), "
        f"{len({c['domain'] for c in cases})} domains, {len(TESTS)} tests. Answers of "
        f"{min(c['sentences'] for c in cases)}–{max(c['sentences'] for c in cases)} sentences; sources of "
        f"{min(c['passages'] for c in cases if not c['test'].startswith('bad-'))}–"
        f"{max(c['passages'] for c in cases if not c['test'].startswith('bad-'))} passages and "
        f"{min(c['context_words'] for c in cases)}–"
        f"{max(c['context_words'] for c in cases if not c['test'].startswith('bad-'))} words (bad-input cases "
        "aside).",
        "",
        "| test | type | expect | cases | label 1 | 1 sentence | 2–3 | 4–8 | sample |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for test in TESTS:
        picked = [c for c in cases if c["test"] == test]
        kind = picked[0]["type"]
        expect = picked[0]["expect"] or ("hallucinated" if picked[0]["label"] else "faithful")
        per = Counter(c["length_bucket"] for c in picked)
        lines.append(
            f"| `{test}` | {kind} | {expect} | {len(picked)} | {sum(c['label'] for c in picked)} | {per['1']} "
            f"| {per['2-3']} | {per['4-8']} | {sum(c['sample'] for c in picked)} |"
        )
    twins = Counter(c["twin_of"] for c in cases if c["test"] == "faithful-twin")
    lines += ["", "`faithful-twin` by the error test whose twin it is:", "", "| twin of | cases |", "|---|---:|"]
    lines += [f"| `{test}` | {twins[test]} |" for test in ERROR_TESTS if twins[test]]
    kinds = Counter(c["type"] for c in cases)
    lines += ["", "| type | cases |", "|---|---:|"] + [f"| {k} | {kinds[k]} |" for k in ("mft", "inv", "dir")]
    domains = Counter(c["domain"] for c in cases)
    lines += ["", "| domain | cases | of which mft |", "|---|---:|---:|"]
    for domain, count in sorted(domains.items()):
        mft = sum(c["domain"] == domain and c["type"] == "mft" for c in cases)
        lines.append(f"| {domain} | {count} | {mft} |")
    return "\n".join(lines) + "\n"


def gzipped(text: str) -> bytes:
    """``text`` gzip-compressed with a fixed timestamp, so the same cases give the same bytes."""
    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0, compresslevel=9) as handle:
        handle.write(text.encode("utf-8"))
    return buffer.getvalue()


def main() -> int:
    """Write (or, with --check, compare) cases.jsonl.gz and stats.md; 0 on success."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with cases.jsonl.gz instead of writing it")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the cases (default: %(default)s)")
    args = parser.parse_args()
    try:
        cases, text = build()
    except Problem as problem:
        print(f"invalid suite: {problem}", file=sys.stderr)
        return 1
    if args.check:
        same = args.out.exists() and gzip.decompress(args.out.read_bytes()).decode("utf-8") == text
        print(f"{args.out} is up to date" if same else f"{args.out} differs: rerun generate.py", file=sys.stderr)
        return 0 if same else 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(gzipped(text))
    if args.out == OUT:
        STATS.write_text(stats(cases), encoding="utf-8")
    print(f"wrote {len(cases)} cases to {args.out} ({args.out.stat().st_size / 1e3:.0f} kB)")
    print(stats(cases))
    return 0


if __name__ == "__main__":
    sys.exit(main())

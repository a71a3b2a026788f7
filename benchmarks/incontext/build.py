"""Build benchmarks/incontext/cases.jsonl from the hand-written scenarios and check every rule of the set.

Each scenario (one question, 2–4 passages) gives a matched pair: a faithful answer (label 0) and an answer with exactly
one error (label 1). The error's character span is found by locating the erroneous text in the answer. Run from the
repository root (standard library only):

    python benchmarks/incontext/build.py            # write cases.jsonl and print the counts
    python benchmarks/incontext/build.py --check    # exit 1 if cases.jsonl differs from what the scenarios give
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "cases.jsonl"

MODULES = (
    "scenarios_products",
    "scenarios_news",
    "scenarios_medicine",
    "scenarios_finance",
    "scenarios_sports",
    "scenarios_records",
    "scenarios_hr",
    "scenarios_travel",
    "scenarios_science",
    "scenarios_legal",
    "scenarios_long",
)

FAITHFUL_KINDS = (
    "faithful-paraphrase",
    "faithful-voice",
    "faithful-reorder",
    "faithful-numbers",
    "faithful-notcovered",
)
ERROR_KINDS = ("error-number", "error-date", "error-name", "error-role", "error-negation", "error-added")
VALUE_KINDS = ("error-number", "error-date", "error-name")  # the wrong value must be taken from the context

LONG_WORDS = 1500  # a "long" case has more than this many context words
FAR_WORDS = 250  # in a long error case, the wrong value sits at least this many words from the true fact
PASSAGE_WORDS = (55, 215)  # short contexts: each passage about 60–200 words
MIN_CASES = 160
MIN_PER_ERROR_KIND = 12
MIN_PER_FAITHFUL_KIND = 12
MAX_DOMAIN_SHARE = 0.25
MIN_DOMAINS = 6

SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+")
NOT_COVERED = re.compile(r"\b(do|does|did) not (say|mention|give|cover|discuss|state|tell|specify|forecast)\b")


def norm(text: str) -> str:
    """Collapse the scenario files' line wrapping into single spaces."""
    return " ".join(text.split())


def n_words(text: str) -> int:
    """Whitespace-separated words, the count the brief uses for context length."""
    return len(text.split())


def n_sentences(text: str) -> int:
    """Sentences by the simple split on terminal punctuation followed by whitespace."""
    return len([s for s in SENTENCE_SPLIT.split(text.strip()) if s])


def word_offset(text: str, char: int) -> int:
    """How many words of ``text`` come before character ``char``."""
    return len(text[:char].split())


def occurrences(text: str, sub: str) -> list[int]:
    """Start offsets of every (possibly overlapping) occurrence of ``sub`` in ``text``."""
    found, start = [], 0
    while (i := text.find(sub, start)) != -1:
        found.append(i)
        start = i + 1
    return found


class Problem(AssertionError):
    """A scenario or the whole set breaks one of the rules."""


def check(condition: bool, where: str, message: str) -> None:
    """Raise a Problem naming ``where`` unless ``condition`` holds."""
    if not condition:
        raise Problem(f"{where}: {message}")


def load_scenarios() -> list[dict[str, Any]]:
    """Every scenario of every module, in module order, with its domain filled in."""
    sys.path.insert(0, str(HERE))
    scenarios = []
    for name in MODULES:
        module = importlib.import_module(name)
        for scenario in module.SCENARIOS:
            scenarios.append({"domain": module.DOMAIN, **scenario})
    return scenarios


def span_of(answer: str, wrong: str, occurrence: int | None, where: str) -> tuple[int, int]:
    """The [start, end) of the erroneous text: its only occurrence, or the given 1-based one."""
    found = occurrences(answer, wrong)
    if occurrence is None:
        check(len(found) == 1, where, f"the erroneous text {wrong!r} occurs {len(found)} times in the answer")
        start = found[0]
    else:
        check(len(found) >= occurrence, where, f"{wrong!r} has no occurrence {occurrence}")
        start = found[occurrence - 1]
    return start, start + len(wrong)


def make_pair(number: int, scenario: dict[str, Any]) -> list[dict[str, Any]]:
    """Check one scenario and turn it into its faithful and its error record."""
    pair = f"ic-{number:03d}"
    where = f"{pair} ({scenario['slug']})"
    question = norm(scenario["question"])
    context = [norm(p) for p in scenario["context"]]
    joined = " ".join(context)
    total = n_words(joined)
    long = total > LONG_WORDS

    check(2 <= len(context) <= 4, where, f"{len(context)} passages; 2–4 wanted")
    if not long:
        for i, passage in enumerate(context, 1):
            low, high = PASSAGE_WORDS
            check(low <= n_words(passage) <= high, where, f"passage {i} has {n_words(passage)} words")

    f, e = scenario["faithful"], scenario["error"]
    f_answer, e_answer = norm(f["answer"]), norm(e["answer"])
    check(f["task"] in FAITHFUL_KINDS, where, f"unknown faithful task {f['task']!r}")
    check(e["task"] in ERROR_KINDS, where, f"unknown error task {e['task']!r}")
    for label, answer in (("faithful", f_answer), ("error", e_answer)):
        check(3 <= n_sentences(answer) <= 6, where, f"{label} answer has {n_sentences(answer)} sentences")
    check(f_answer != e_answer, where, "the two answers are the same")
    if f["task"] == "faithful-notcovered":
        check(bool(NOT_COVERED.search(f_answer)), where, "a not-covered answer must say what the sources do not say")

    wrong, fix = norm(e["wrong"]), norm(e["fix"])
    start, end = span_of(e_answer, wrong, e.get("occurrence"), where)
    check(e_answer[start:end] == wrong, where, "span does not cut the wrong text")
    check(wrong != fix, where, "wrong text equals its fix")
    value = norm(e.get("value", wrong))
    source = norm(e.get("source", fix))
    elsewhere = bool(e.get("elsewhere", e["task"] in VALUE_KINDS))

    if e["task"] in VALUE_KINDS:
        check(elsewhere, where, f"{e['task']} cases take the wrong value from elsewhere in the context")
        check(source in joined, where, f"the true value {source!r} is not in the context")
        check(value.lower() != source.lower(), where, "the wrong value is the true value")
        check(value not in source, where, f"the wrong value {value!r} is part of the true value {source!r}")
    if e["task"] in ("error-role", "error-negation"):
        check(bool(fix), where, "a role or negation error needs its fix")
    if e["task"] == "error-added" and not elsewhere:
        check(wrong.lower() not in joined.lower(), where, "the added detail is in the context")
    if elsewhere:
        check(value in joined, where, f"value_elsewhere, but {value!r} is not in the context")
    if long and elsewhere:
        fact = occurrences(joined, source)
        check(bool(fact), where, f"the true fact {source!r} is not in the context")
        distance = min(
            abs(word_offset(joined, a) - word_offset(joined, b)) for a in fact for b in occurrences(joined, value)
        )
        check(distance >= FAR_WORDS, where, f"in a long context the wrong value is only {distance} words from the fact")

    common = {
        "question": question,
        "context": context,
        "domain": scenario["domain"],
        "pair": pair,
        "group": pair,
        "scenario": scenario["slug"],
        "context_words": total,
    }
    faithful = {
        "id": f"{pair}-f",
        "question": question,
        "answer": f_answer,
        "context": context,
        "label": 0,
        "spans": [],
        "task": f["task"],
        **{k: v for k, v in common.items() if k not in ("question", "context")},
        "value_elsewhere": False,
        "note": norm(f["note"]),
    }
    error = {
        "id": f"{pair}-e",
        "question": question,
        "answer": e_answer,
        "context": context,
        "label": 1,
        "spans": [[start, end]],
        "task": e["task"],
        **{k: v for k, v in common.items() if k not in ("question", "context")},
        "value_elsewhere": elsewhere,
        "note": norm(e["note"]),
        "fix": fix,
    }
    return [faithful, error]


def check_totals(records: list[dict[str, Any]]) -> None:
    """Check the rules that hold for the set as a whole (counts, balance, shares)."""
    where = "the whole set"
    n = len(records)
    check(n >= MIN_CASES, where, f"{n} cases; at least {MIN_CASES} wanted")
    check(len({r["id"] for r in records}) == n, where, "ids are not unique")
    labels = Counter(r["label"] for r in records)
    check(labels[0] == labels[1], where, f"labels are not balanced: {dict(labels)}")
    tasks = Counter(r["task"] for r in records)
    for kind in ERROR_KINDS:
        check(tasks[kind] >= MIN_PER_ERROR_KIND, where, f"{kind}: {tasks[kind]} cases")
    for kind in FAITHFUL_KINDS:
        check(tasks[kind] >= MIN_PER_FAITHFUL_KIND, where, f"{kind}: {tasks[kind]} cases")
    errors = [r for r in records if r["label"] == 1]
    elsewhere = sum(r["value_elsewhere"] for r in errors)
    check(3 * elsewhere >= len(errors), where, f"only {elsewhere} of {len(errors)} errors reuse a context value")
    long = sum(r["context_words"] > LONG_WORDS for r in records)
    check(long >= 10, where, f"only {long} cases have more than {LONG_WORDS} context words")
    domains = Counter(r["domain"] for r in records)
    check(len(domains) >= MIN_DOMAINS, where, f"only {len(domains)} domains")
    for domain, count in domains.items():
        check(count <= MAX_DOMAIN_SHARE * n, where, f"{domain} has {count} of {n} cases")
    scenarios = Counter(r["scenario"] for r in records)
    check(all(c == 2 for c in scenarios.values()), where, "scenario slugs are not unique")


def table(records: list[dict[str, Any]]) -> str:
    """The counts per task and per domain, as Markdown tables."""
    lines = []
    tasks = Counter(r["task"] for r in records)
    lines.append("| task | cases | of which value elsewhere | of which long |")
    lines.append("|---|---:|---:|---:|")
    for kind in FAITHFUL_KINDS + ERROR_KINDS:
        picked = [r for r in records if r["task"] == kind]
        lines.append(
            f"| `{kind}` | {tasks[kind]} | {sum(r['value_elsewhere'] for r in picked)} "
            f"| {sum(r['context_words'] > LONG_WORDS for r in picked)} |"
        )
    lines.append(
        f"| **all** | {len(records)} | {sum(r['value_elsewhere'] for r in records)} "
        f"| {sum(r['context_words'] > LONG_WORDS for r in records)} |"
    )
    lines.append("")
    lines.append("| domain | cases |")
    lines.append("|---|---:|")
    for domain, count in sorted(Counter(r["domain"] for r in records).items()):
        lines.append(f"| {domain} | {count} |")
    return "\n".join(lines)


def build() -> tuple[list[dict[str, Any]], str]:
    """All records and the JSONL text they make."""
    records: list[dict[str, Any]] = []
    for number, scenario in enumerate(load_scenarios(), start=1):
        records.extend(make_pair(number, scenario))
    check_totals(records)
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    return records, text


def main() -> int:
    """Write (or, with --check, compare) cases.jsonl; 0 on success."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with cases.jsonl instead of writing it")
    args = parser.parse_args()
    try:
        records, text = build()
    except Problem as problem:
        print(f"invalid scenario data: {problem}", file=sys.stderr)
        return 1
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("cases.jsonl is up to date" if same else "cases.jsonl differs: rerun build.py", file=sys.stderr)
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {len(records)} cases to {OUT}")
    print(table(records))
    return 0


if __name__ == "__main__":
    sys.exit(main())

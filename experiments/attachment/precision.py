"""Precision of the attachment checker's findings on RAGTruth *training* sentences (issue 59: measured before use).

A reader unit is hallucinated when it overlaps a gold span (as the reader's training labels it). For every unit with
an attachment finding: the share that is hallucinated, beside the base rate of all units and of units that state a
value the checker reads. Also by RAGTruth task. Writes metrics.json (with the command) and examples.jsonl.

    python experiments/attachment/precision.py --answers 5000 --out experiments/attachment/nli-confirmed
    python experiments/attachment/precision.py --answers 5000 --rule-only --out experiments/attachment/rule-only
    python experiments/attachment/precision.py --answers 5000 --checker conditions --out experiments/attachment/conditions

``--checker conditions`` counts the dropped-condition checker's findings instead (``veracity.stages.verify.checkers.conditions``,
a rule: no NLI). ``--checker window`` counts the units whose NLI window leaves out a neighbour that gives one of their
values to another thing (``SourceIndex.align`` with the unit's values), ``--checker bridges`` the units whose premise
gets a conversion or sum written out (``veracity.text.bridges``): both change what the NLI reads, not a finding.

    python experiments/attachment/precision.py --answers 5000 --checker window --out experiments/attachment/window
    python experiments/attachment/precision.py --answers 5000 --checker bridges --out experiments/attachment/bridges

``--checker heads`` counts the frame checker's value conflicts that its "different heads" rule removes (a value
qualifying another thing than the source's: ``frames.slots._other_heads``, turned off in this script only to
compare); ``--checker restated`` the units whose NLI hypothesis gets a value in the aligned sentence's writing
(``veracity.text.bridges.restated``).

    python experiments/attachment/precision.py --answers 5000 --checker heads --out experiments/attachment/heads
    python experiments/attachment/precision.py --answers 5000 --checker restated --out experiments/attachment/restated

``--checker polarity`` counts the frame checker's polarity conflicts that its seventh-session rules add (an
agentless passive compared with the same act on the same thing, ``consistency.agentless_comparable``; an indefinite
subject described by the same words, ``consistency.described_alike``; two agentless passives of a light verb with one
more slot the same, ``consistency.shared_slot``), each turned off in this script only to compare.

    python experiments/attachment/precision.py --answers 5000 --checker polarity --out experiments/attachment/polarity

``--checker names`` counts the findings of a name put in another name's place in a copied source clause
(``veracity.stages.verify.checkers.names``, a rule: no NLI).

    python experiments/attachment/precision.py --answers 5000 --checker names --out experiments/attachment/names
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any


def main() -> None:
    """Read the training answers and write the counts."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--answers", type=int, default=6000)
    parser.add_argument("--data-dir", type=Path, default=Path("../shared/data"))
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--rule-only", action="store_true", help="no NLI confirmation (the rule's candidates alone)")
    parser.add_argument("--checker", choices=("attachment", "conditions", "window", "bridges", "heads", "restated", "polarity", "names"), default="attachment")
    args = parser.parse_args()

    from veracity.detectors.reader.signals import reader_sentences
    from veracity.schema import Document
    from veracity.stages.verify.checkers.attachment import attachment_findings
    from veracity.text.mentions import value_mentions
    from veracity.stages.verify.checkers.conditions import condition_findings
    from veracity.stages.verify.checkers.names import name_findings
    from veracity.training.reader import labelled_units
    from veracity.training.reader_sources import source_examples

    confirm = None
    if not args.rule_only and args.checker == "attachment":
        from veracity.detectors.reader import ReaderDetector

        confirm = ReaderDetector.from_config().contradiction  # the reader's own NLI model, as the reader reads it
    counts: Counter[str] = Counter()
    examples = []
    started = time.perf_counter()
    for n, example in enumerate(source_examples("ragtruth", args.data_dir)):
        if n >= args.answers:
            break
        units = reader_sentences(example.answer)
        labels = labelled_units(example, units, single_label=False)
        if labels is None or (example.label == 1 and not example.spans):
            continue
        documents = [Document(id=str(i), text=t) for i, t in enumerate(example.context)]
        if args.checker == "conditions":
            findings = condition_findings(example.answer, units, documents)
        elif args.checker in ("window", "bridges", "restated"):
            findings = _reading_changes(args.checker, example, units)
        elif args.checker == "heads":
            findings = _heads_removed(example.answer, documents)
        elif args.checker == "polarity":
            findings = _polarity_added(example.answer, documents)
        elif args.checker == "names":
            findings = name_findings(example.answer, units, documents)
        else:
            findings = attachment_findings(example.answer, units, documents, confirm)
        task = example.task or "-"
        for (start, end), label in zip(units, labels, strict=True):
            counts["units"] += 1
            counts["units_hallucinated"] += label
            if value_mentions(example.answer[start:end]):
                counts["units_with_value"] += 1
                counts["units_with_value_hallucinated"] += label
            inside = [f for f in findings if start <= f.span.start < end]
            if inside:
                counts["fired"] += 1
                counts["fired_hallucinated"] += label
                counts[f"fired:{task}"] += 1
                counts[f"fired_hallucinated:{task}"] += label
                examples.append({"id": example.id, "task": task, "label": label,
                                 "unit": example.answer[start:end],
                                 "findings": [(f.explanation, f.source_text) for f in inside]})  # fmt: skip
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=False).stdout.strip()
    metrics = {
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "git_commit": commit,
        "answers_read": min(args.answers, n + 1),
        "checker": args.checker,
        "confirmed_by_nli": args.checker == "attachment" and not args.rule_only,
        "seconds": round(time.perf_counter() - started, 1),
        **counts,
        "base_rate": counts["units_hallucinated"] / max(1, counts["units"]),
        "base_rate_with_value": counts["units_with_value_hallucinated"] / max(1, counts["units_with_value"]),
        "precision": counts["fired_hallucinated"] / max(1, counts["fired"]),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    with (args.out / "examples.jsonl").open("w", encoding="utf-8") as handle:
        for row in examples:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(json.dumps(metrics, indent=2))


class _Changed:
    """A unit whose NLI reading the rule changes, shaped like a finding for the counting loop."""

    def __init__(self, start: int, what: str, source: str) -> None:
        self.span = type("Span", (), {"start": start})()
        self.explanation, self.source_text = what, source


def _heads_removed(answer: str, documents: list[Any]) -> list[Any]:
    """The frame checker's value conflicts with the different-heads rule off that it does not report with it on."""
    from unittest import mock

    from veracity.stages.verify.checks import check_consistency
    from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker
    from veracity.stages.verify.checkers.frames import slots as frame_slots

    def values(findings: list[Any]) -> dict[tuple[int, int], Any]:
        return {(f.span.start, f.span.end): f for f in findings if f.kind == "value" and f.relation == "contradicted"}

    checker = _CHECKER.setdefault("frames", ConsistencyChecker())
    with_rule = values(check_consistency(checker, answer, documents)[1])
    with mock.patch.object(frame_slots, "_other_heads", lambda *a: False):
        without = values(check_consistency(checker, answer, documents)[1])
    return [f for key, f in without.items() if key not in with_rule]


def _polarity_added(answer: str, documents: list[Any]) -> list[Any]:
    """The frame checker's polarity conflicts that it reports with the seventh-session rules and not without them."""
    from unittest import mock

    from veracity.stages.verify import consistency
    from veracity.stages.verify.checks import check_consistency

    def polarity(findings: list[Any]) -> dict[tuple[int, int], Any]:
        return {(f.span.start, f.span.end): f for f in findings if f.kind == "polarity" and f.relation == "contradicted"}

    checker = _CHECKER.setdefault("frames", consistency.ConsistencyChecker())
    with_rules = polarity(check_consistency(checker, answer, documents)[1])
    with (
        mock.patch.object(consistency, "agentless_comparable", lambda *a: False),
        mock.patch.object(consistency, "described_alike", lambda *a: False),
        mock.patch.object(consistency, "shared_slot", lambda *a: False),
    ):
        without = polarity(check_consistency(checker, answer, documents)[1])
    return [f for key, f in with_rules.items() if key not in without]


_CHECKER: dict[str, Any] = {}


def _reading_changes(checker: str, example: Any, units: list[tuple[int, int]]) -> list[_Changed]:
    """The units whose window (``window``) or premise (``bridges``) the reader now reads otherwise."""
    from veracity.stages.sources import SourceIndex
    from veracity.text.mentions import point_values
    from veracity.text.bridges import bridges, restated

    index = SourceIndex(list(example.context), example.question)
    changed = []
    for start, end in units:
        text = example.answer[start:end]
        if checker == "window":
            values = point_values(text)
            if not values:
                continue
            whole = index.align(text, top_k=1, window=1)
            trimmed = index.align(text, top_k=1, window=1, values=values)
            if whole and trimmed and whole[0].text != trimmed[0].text:
                changed.append(_Changed(start, "neighbour left out", whole[0].text))
        elif checker == "restated":
            for window in index.align(text, top_k=1, window=0):
                if restated(text, window.text) != text:
                    changed.append(_Changed(start, restated(text, window.text), window.text))
        else:
            for window in index.align(text, top_k=2, window=0):
                steps = bridges(text, window.text, example.question, index.joined)
                if steps:
                    changed.append(_Changed(start, " ".join(steps), window.text))
                    break
    return changed


if __name__ == "__main__":
    main()

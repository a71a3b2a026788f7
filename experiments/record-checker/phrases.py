"""List, for each record attribute of ragtruth:train Data2txt, the answer n-grams that go with its value.

The phrase table of ``veracity.stages.verify.checkers.records`` was written by hand from this listing (train only; dev is
where the lead measures). For each flattened attribute path and each value class (true / false / null), the n-grams
(1-3 words) whose answer frequency under that value most exceeds their frequency under the other values.

Run: ``.venv/bin/python experiments/record-checker/phrases.py [N]`` (N: n-grams per value, default 12).
"""

from __future__ import annotations

import collections
import gzip
import json
import re
import sys
from pathlib import Path
from typing import Any

DATA = Path("/work/shared/data/ragtruth/train.jsonl.gz")
_WORD = re.compile(r"[a-z][a-z'-]*")
_STOP = frozenset("a an the and or of to in is are it its for with on at as by this that be has have".split())


def _flatten(value: Any, path: tuple[str, ...]) -> dict[tuple[str, ...], Any]:
    if isinstance(value, dict):
        out: dict[tuple[str, ...], Any] = {}
        for key, sub in value.items():
            out.update(_flatten(sub, (*path, key)))
        return out
    return {path: value}


def _ngrams(text: str) -> set[str]:
    words = _WORD.findall(text.lower())
    grams: set[str] = set()
    for n in (1, 2, 3):
        for i in range(len(words) - n + 1):
            gram = words[i : i + n]
            if gram[0] in _STOP or gram[-1] in _STOP:
                continue
            grams.add(" ".join(gram))
    return grams


def _value_class(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, str):
        return "false" if value.lower() in {"no", "none", "false"} else "true"
    return "true" if value else "false"


def main(top: int = 12) -> None:
    """Print the listing."""
    rows = [json.loads(line) for line in gzip.open(DATA, "rt")]
    rows = [r for r in rows if r["task"] == "Data2txt"]
    by_path: dict[tuple[str, ...], dict[str, list[set[str]]]] = collections.defaultdict(
        lambda: collections.defaultdict(list)
    )
    for row in rows:
        record = json.loads(row["context"][0])
        grams = _ngrams(row["answer"])
        for path, value in _flatten(record.get("attributes") or {}, ()).items():
            by_path[path][_value_class(value)].append(grams)
    for path, classes in sorted(by_path.items()):
        print("==", ".".join(path), {k: len(v) for k, v in classes.items()})
        for cls, answers in sorted(classes.items()):
            others = [g for c, a in classes.items() if c != cls for g in a]
            if len(answers) < 5 or not others:
                continue
            inside = collections.Counter(g for a in answers for g in a)
            outside = collections.Counter(g for a in others for g in a)
            scored = [(inside[g] / len(answers) - outside[g] / len(others), g) for g, n in inside.items() if n >= 5]
            best = sorted(scored, reverse=True)[:top]
            print(f"  {cls:5}", ", ".join(f"{g} ({d:+.2f})" for d, g in best))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 12)

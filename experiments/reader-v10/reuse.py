"""How often the default reader reads the same text again within one answer (experiments/reader-v10).

    python experiments/reader-v10/reuse.py [N] [OUT.json]

Counts, over the first N (60) ``ragtruth:dev`` answers after 5 of warm-up, the calls of the text readers that are
pure functions of a string and the distinct texts (words) they were called with, per answer and over all answers.
Run it on the code before the readers' results were kept (the counting wraps the module functions).
"""

import collections
import itertools
import json
import sys
from pathlib import Path

import veracity.text.novelty as novelty
import veracity.text.values.clock as clock
import veracity.text.values.numbers as numbers
from veracity.data.loaders import Example, load_dataset
from veracity.detectors.reader import ReaderDetector

n = int(sys.argv[1]) if len(sys.argv) > 1 else 60
out = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).with_name("reuse.json")
records = [r for r in itertools.islice(load_dataset("ragtruth:dev"), n + 5) if isinstance(r, Example)]
detector = ReaderDetector.from_config()
for r in records[:5]:
    detector.detect(r.answer, r.context, r.question)

counted = {"dates": (numbers, "_dates"), "content_words": (novelty, "content_words"),
           "normalise_word": (novelty, "normalise_word"), "clock_times": (clock, "clock_times")}  # fmt: skip
calls: dict[str, collections.Counter[str]] = {k: collections.Counter() for k in counted}


def counting(name, function):  # noqa: ANN001, ANN201
    """``function`` with each text it is called with counted under ``name``."""

    def wrapped(text, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        calls[name][text] += 1
        return function(text, *args, **kwargs)

    return wrapped


originals = {name: getattr(module, attr) for name, (module, attr) in counted.items()}
for name, (_, attr) in counted.items():
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("veracity") and getattr(module, attr, None) is originals[name]:
            setattr(module, attr, counting(name, originals[name]))
per_answer = collections.Counter()
overall: dict[str, collections.Counter[str]] = {k: collections.Counter() for k in counted}
for r in records[5:]:
    for c in calls.values():
        c.clear()
    detector.detect(r.answer, r.context, r.question)
    for name, c in calls.items():
        per_answer[f"{name}_calls"] += sum(c.values())
        per_answer[f"{name}_distinct_in_answer"] += len(c)
        overall[name].update(c)
result: dict[str, object] = {"answers": len(records) - 5}
for name in counted:
    calls_made, distinct = per_answer[f"{name}_calls"], per_answer[f"{name}_distinct_in_answer"]
    result[name] = {"calls": calls_made, "distinct_per_answer": distinct, "distinct_overall": len(overall[name]),
                    "calls_per_distinct_in_answer": round(calls_made / max(1, distinct), 1)}  # fmt: skip
out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
print(json.dumps(result))

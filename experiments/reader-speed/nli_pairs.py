"""NLI pairs per answer of the default reader on the first N answers of ragtruth:dev (issue 70, item 4's figure).

    python experiments/reader-speed/nli_pairs.py 100 OUT.json                  # this checkout
    PYTHONPATH=OLD/src python experiments/reader-speed/nli_pairs.py 100 OUT.json   # another commit's code

Counts every (premise, hypothesis) pair the reader's NLI model scores — the units' pairs and the checkers'
confirmations — by wrapping the loaded model's ``score``; writes the code's commit, answers, units, pairs and pairs
per answer to OUT.json. A count, not a timing: run it beside anything.
"""

import itertools
import json
import subprocess
import sys
from pathlib import Path

import veracity
from veracity.data.loaders import Example, load_dataset
from veracity.detectors.reader import ReaderDetector
from veracity.detectors.reader.signals import reader_sentences

n, out = int(sys.argv[1]), Path(sys.argv[2])
records = [r for r in itertools.islice(load_dataset("ragtruth:dev"), n) if isinstance(r, Example)]
detector = ReaderDetector.from_config()
detector.load_models()
stages = getattr(detector, "stages", None)  # before issue 69 the detector held its scorer itself
nli = stages.nli.get() if stages is not None else detector.scorer
scored = {"pairs": 0, "calls": 0}
inner = nli.score


def counted(pairs, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
    """The model's own score, counting the pairs."""
    scored["pairs"] += len(pairs)
    scored["calls"] += 1
    return inner(pairs, *args, **kwargs)


nli.score = counted
units = 0
for r in records:
    detector.detect(r.answer, r.context, r.question)
    units += len(reader_sentences(r.answer))
source = Path(veracity.__file__).resolve().parents[2]
commit = subprocess.run(["git", "-C", str(source), "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
result = {
    "code": str(source),
    "git_commit": commit,
    "answers": len(records),
    "units": units,
    "nli_pairs": scored["pairs"],
    "nli_pairs_per_answer": round(scored["pairs"] / len(records), 2),
    "nli_pairs_per_unit": round(scored["pairs"] / max(1, units), 2),
}
out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
print(json.dumps(result))

"""Answers per second of the default reader on the first N answers of ragtruth:dev, after a warm-up of 5.

    python experiments/reader-speed/answers_per_second.py 60 OUT.json           # this checkout
    PYTHONPATH=OLD/src python experiments/reader-speed/answers_per_second.py 60 OUT.json   # another commit's code

Writes which code ran (the package's path and git commit), the answers and the seconds to OUT.json.
"""

import itertools
import json
import subprocess
import sys
import time
from pathlib import Path

import veracity
from veracity.data.loaders import Example, load_dataset
from veracity.detectors.reader import ReaderDetector

n, out = int(sys.argv[1]), Path(sys.argv[2])
records = [r for r in itertools.islice(load_dataset("ragtruth:dev"), n + 5) if isinstance(r, Example)]
detector = ReaderDetector.from_config()
for r in records[:5]:
    detector.detect(r.answer, r.context, r.question)
started = time.perf_counter()
for r in records[5:]:
    detector.detect(r.answer, r.context, r.question)
seconds = time.perf_counter() - started
source = Path(veracity.__file__).resolve().parents[2]
commit = subprocess.run(["git", "-C", str(source), "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
result = {"code": str(source), "git_commit": commit, "answers": len(records) - 5, "seconds": round(seconds, 1),
          "answers_per_second": round((len(records) - 5) / seconds, 2)}  # fmt: skip
out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
print(json.dumps(result))

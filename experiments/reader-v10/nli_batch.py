"""How an NLI pair's score depends on its batch, and how fast each batch size reads (experiments/reader-v10).

    python experiments/reader-v10/nli_batch.py [N] [OUT.json]

Collects the distinct NLI pairs the default reader reads for each of the first N (60) ``ragtruth:dev`` answers
(after 5 of warm-up), then scores each answer's pairs with batches of 1, 2, 4, 8 and 32, twice in turn, and writes
the seconds of each and how far each batch size's probabilities are from one pair at a time.
"""

import itertools
import json
import sys
import time
from pathlib import Path

import numpy as np

from veracity.data.loaders import Example, load_dataset
from veracity.detectors.reader import ReaderDetector

n = int(sys.argv[1]) if len(sys.argv) > 1 else 60
out = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).with_name("nli_batch.json")
records = [r for r in itertools.islice(load_dataset("ragtruth:dev"), n + 5) if isinstance(r, Example)]
detector = ReaderDetector.from_config()
answers: list[list[tuple[str, str]]] = []
read_nli = detector.read_nli


def collecting(pairs, owners, slots):  # noqa: ANN001, ANN201 - the method's own signature
    """The reader's NLI reading, each answer's distinct pairs kept first."""
    answers.append(list(dict.fromkeys(pairs)))
    return read_nli(pairs, owners, slots)


detector.read_nli = collecting  # type: ignore[method-assign]
for r in records:
    detector.detect(r.answer, r.context, r.question)
answers = answers[5:]
nli = detector.stages.nli.get()
sizes = [1, 2, 4, 8, 32]
seconds: dict[int, list[float]] = {b: [] for b in sizes}
scores: dict[int, np.ndarray] = {}
first_round: dict[int, np.ndarray] = {}
for round_ in range(2):
    for size in sizes:
        nli.batch_size = size
        started = time.perf_counter()
        read = [nli.score(pairs) for pairs in answers]
        seconds[size].append(round(time.perf_counter() - started, 2))
        scores[size] = np.concatenate(read)
        if round_ == 0:
            first_round[size] = scores[size]
alone = scores[1]
result = {
    "answers": len(answers),
    "pairs": int(alone.shape[0]),
    "seconds": {str(b): s for b, s in seconds.items()},
    "difference_from_one_at_a_time": {
        str(b): {
            "mean": round(float(np.abs(scores[b] - alone).mean()), 4),
            "p99": round(float(np.quantile(np.abs(scores[b] - alone), 0.99)), 4),
            "max": round(float(np.abs(scores[b] - alone).max()), 4),
        }
        for b in sizes[1:]
    },
    "rounds_identical": {str(b): bool(np.array_equal(first_round[b], scores[b])) for b in sizes},
}
out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
print(json.dumps(result))

"""How LEAP's ``match`` tool should read a whole answer: HaluEval **train** records only (never dev or test).

The learning loop's trajectories show the 1.5B actor passing the whole answer (a four-sentence summary, a dialogue
reply) to ``match`` as one "sentence". The tool then asks whether any one 200-word chunk entails all of it. This
compares, on the answers of 100 train records per task (seed 1, balanced; drawn apart from the learning loop's
records), the tool's verdict (supported = faithful) under three rules:

- ``whole``: the tool until now: the answer as one hypothesis, the best chunk decides, P(entailment) >= 0.5;
- ``sentences``: as the ``verifier`` detector reads an answer: each sentence against its best chunk, the weakest
  sentence decides, at 0.5;
- ``sentences+calibrated``: the same raw score, 1 - min_i max_j P, mapped to P(hallucinated) by the verifier's
  shipped calibrator for the input's shape, supported iff that is below 0.5.

    python experiments/leap-match-train/compare.py   # writes comparison.json beside it
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import numpy as np

from veracity._jsonl import read_rows
from veracity.data.loaders import Example, load_dataset
from veracity.detectors import load_detector
from veracity.detectors.calibrated import shipped_calibrator
from veracity.models.pair_scorer import ENTAILMENT
from veracity.calibration import Calibrator, input_shape
from veracity.text.chunk import chunk_sentences
from veracity.text.split import SentenceSplitter
from veracity.text.tokens import RegexTokenizer

HERE = Path(__file__).resolve().parent
TEMPLATE = 'The answer to "{question}" is: {answer}'
PER_TASK, SEED, SHORT_WORDS, CHUNK_WORDS = 100, 1, 6, 200


def main() -> None:
    learned = {row["id"] for row in read_rows(HERE.parents[1] / "benchmarks/leap/learn/trajectories.jsonl")}
    scorer = load_detector("verifier", calibration="none").scorer
    calibrator = Calibrator.load(shipped_calibrator("verifier"))
    splitter, tokenizer = SentenceSplitter("rules"), RegexTokenizer()
    results: dict[str, dict[str, int]] = {}
    start = time.perf_counter()
    for task in ("qa", "dialogue", "summarization"):
        rows: dict[str, dict[int, Example]] = {}
        for record in load_dataset(f"halueval-{task}:train"):
            if isinstance(record, Example):
                rows.setdefault(record.id.partition("-")[0], {})[record.label] = record
        names = [n for n in sorted(rows, key=int) if not {f"{task}:{n}-right", f"{task}:{n}-hallucinated"} & learned]
        picked = random.Random(f"{SEED}:{task}").sample(names, PER_TASK)
        counts = {"n": 0, "whole": 0, "sentences": 0, "sentences+calibrated": 0}
        for i, name in enumerate(picked):
            example = rows[name][i % 2]
            question = example.question.strip() if example.question else None
            chunks = []
            for document in example.context:
                text = document if isinstance(document, str) else document.text
                chunks += [c.text for c in chunk_sentences(text, splitter.split(text), tokenizer, CHUNK_WORDS)]
            answer = example.answer.strip()
            sentences = [s.text for s in splitter.split(answer)] or [answer]
            if question and len(answer.split()) < SHORT_WORDS:
                whole, sentences = TEMPLATE.format(question=question, answer=answer), [
                    TEMPLATE.format(question=question, answer=answer)
                ]
            else:
                whole = answer
            probs = scorer.score([(c, h) for h in [whole, *sentences] for c in chunks])[:, ENTAILMENT]
            probs = np.asarray(probs).reshape(1 + len(sentences), len(chunks)).max(axis=1)
            faithful = example.label == 0
            raw = 1.0 - float(probs[1:].min())
            fit = calibrator.shape(input_shape(answer, question))
            calibrated = fit.probability(raw) if fit else raw
            counts["n"] += 1
            counts["whole"] += (float(probs[0]) >= 0.5) == faithful
            counts["sentences"] += (raw < 0.5) == faithful
            counts["sentences+calibrated"] += (calibrated < 0.5) == faithful
        results[task] = counts
        print(task, counts, f"{time.perf_counter() - start:.0f} s", flush=True)
    summary = {
        task: {k: v / c["n"] for k, v in c.items() if k != "n"} | {"n": c["n"]} for task, c in results.items()
    }
    out = {"command": "python experiments/leap-match-train/compare.py", "per_task": PER_TASK,
           "seed": SEED, "split": "train", "accuracy_of_tool_verdict": summary,
           "seconds": time.perf_counter() - start}  # fmt: skip
    (HERE / "comparison.json").write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()

"""Per-label figures of the `verifier` and `auto` runs of run.sh: false alarms, catches, AUROC, and why.

Usage (from the repository root, after run.sh's evals)::

    python experiments/verifier-use/figures.py RUNS experiments/verifier-use/metrics.json

For each run folder ``RUNS/{name}_{detector}`` it reads the harness's ``predictions.jsonl`` and ``metrics.json`` and
writes, per set and detector: the share of faithful answers flagged (``false_alarm_rate``), the share of
hallucinated answers flagged (``catch_rate``), AUROC, the detector's threshold, and the harness command and commit.
For the verifier it adds the same figures on its raw score (``raw_score``: 1 − P(entailment) before the calibrator
shipped for it, ``detectors/calibrators/verifier.json``) at its own threshold 0.5, and what explains its false
alarms: faithful answers flagged by sentence count (the answer is as weak as its weakest sentence), the share of
faithful answer sentences flagged, the median score of faithful answers, and the words its marks cover on faithful
answers (``mark_words``).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from veracity.calibration import Calibrator
from veracity.data.loaders import Example, load_dataset
from veracity.detectors.calibrated import shipped_calibrator
from veracity.eval.metrics import auroc
from veracity.text.split import SentenceSplitter

# name -> (dataset, limit, what it is)
SETS: dict[str, tuple[str, int | None, str]] = {
    "ragtruth-qa-dev": ("ragtruth-qa:dev", None, "multi-passage RAG: RAGTruth dev QA answers (three web passages)"),
    "ragbench-dev-200": (
        "ragtruth:../shared/data/ragbench/dev.jsonl.gz",
        200,
        "multi-passage RAG: RAGBench dev, first 200 answers (covidqa, msmarco)",
    ),
    "behaviour-faithful-paraphrase": ("behaviour:faithful-paraphrase", None, "reworded faithful answers"),
    "behaviour-faithful-unit-format": ("behaviour:faithful-unit-format", None, "faithful, units written differently"),
    "behaviour-faithful-merge": ("behaviour:faithful-merge", None, "faithful, two passages' facts in one sentence"),
    "fever-symmetric-300": ("fever-symmetric", 300, "built for: one claim against one evidence sentence"),
    "halueval-qa-test-200": (
        "halueval-qa:test",
        200,
        "built for: a one-sentence answer with its question against a short knowledge paragraph",
    ),
}
DETECTORS = ("verifier", "auto")


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """The rows of a JSONL file."""
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def share(part: int, whole: int) -> float | None:
    """Part / whole, rounded; None for an empty whole."""
    return round(part / whole, 4) if whole else None


def label_figures(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """False alarms, catches and AUROC of one run's predictions."""
    faithful = [r for r in rows if r["label"] == 0]
    hallucinated = [r for r in rows if r["label"] == 1]
    scored = [r for r in rows if r.get("score") is not None]
    area = auroc([r["label"] for r in scored], [r["score"] for r in scored])
    return {
        "n": len(rows),
        "n_faithful": len(faithful),
        "n_hallucinated": len(hallucinated),
        "n_not_checked": len(rows) - len(scored),
        "false_alarm_rate": share(sum(r["predicted"] == 1 for r in faithful), len(faithful)),
        "catch_rate": share(sum(r["predicted"] == 1 for r in hallucinated), len(hallucinated)),
        "auroc": round(area, 4) if area is not None else None,
        "median_score_faithful": median([r.get("score") for r in faithful]),
    }


def raw_figures(rows: list[dict[str, Any]], threshold: float = 0.5) -> dict[str, Any] | None:
    """The same figures on the score before the shipped calibrator (``raw_score``), at the detector's own threshold."""
    raw = [r for r in rows if r.get("raw_score") is not None]
    if not raw:
        return None
    faithful = [r for r in raw if r["label"] == 0]
    hallucinated = [r for r in raw if r["label"] == 1]
    area = auroc([r["label"] for r in raw], [r["raw_score"] for r in raw])
    return {
        "n_calibrated": len(raw),
        "shapes": dict(Counter(str(r.get("shape")) for r in raw)),
        "threshold": threshold,
        "false_alarm_rate": share(sum(r["raw_score"] >= threshold for r in faithful), len(faithful)),
        "catch_rate": share(sum(r["raw_score"] >= threshold for r in hallucinated), len(hallucinated)),
        "auroc": round(area, 4) if area is not None else None,
        "median_score_faithful": median([r["raw_score"] for r in faithful]),
    }


def median(values: list[float | None]) -> float | None:
    """The median of the values that are not None, rounded; None when there are none."""
    kept = [v for v in values if v is not None]
    return round(statistics.median(kept), 4) if kept else None


def bucket(n: int) -> str:
    """The sentence-count bucket of an answer."""
    return "1" if n == 1 else "2-3" if n <= 3 else "4+"


def verifier_diagnostics(rows: list[dict[str, Any]], records: dict[str, Example]) -> dict[str, Any]:
    """Why faithful answers are flagged: sentence counts, flagged sentences, marked words."""
    splitter = SentenceSplitter("rules")  # the verifier's default splitter
    by_bucket: dict[str, list[int]] = {}
    sentences = flagged_sentences = marked_answers = flagged_answers = 0
    words: Counter[str] = Counter()
    for row in rows:
        if row["label"] != 0:
            continue
        answer = records[row["id"]].answer
        n = len(splitter.split(answer)) or 1
        sentences += n
        flagged_sentences += len(row.get("flagged_sentences") or [])
        by_bucket.setdefault(bucket(n), []).append(row["predicted"])
        if row["predicted"] == 1:
            flagged_answers += 1
            marked_answers += bool(row["spans"])
        for start, end in row["spans"]:
            words.update(w.strip(".,;:()\"'").lower() for w in answer[start:end].split())
    words.pop("", None)
    return {
        "faithful_sentences": sentences,
        "faithful_sentences_flagged_share": share(flagged_sentences, sentences),
        "faithful_flagged_by_sentence_count": {
            key: {"n": len(flags), "false_alarm_rate": share(sum(flags), len(flags))}
            for key, flags in sorted(by_bucket.items())
        },
        "flagged_faithful_with_marks_share": share(marked_answers, flagged_answers),
        "marked_words_on_faithful_top": words.most_common(15),
    }


def calibrator_map() -> dict[str, Any]:
    """Where the verifier's shipped calibrator crosses P = 0.5 and 0.95 per input shape (raw scores, 0.001 grid)."""
    path = shipped_calibrator("verifier")
    calibrator = Calibrator.load(path)
    out: dict[str, Any] = {"file": "src/veracity/detectors/calibrators/verifier.json"}
    for shape in ("qa", "summary", "dialogue"):
        fit = calibrator.shape(shape)
        if fit is None:
            continue
        grid = [i / 1000 for i in range(1001)]
        probabilities = [fit.probability(x) for x in grid]
        out[shape] = {
            f"raw_at_p_{level}": next((x for x, p in zip(grid, probabilities, strict=True) if p >= level), None)
            for level in (0.5, 0.95)
        }
        out[shape]["p_at_raw_0.6"] = round(fit.probability(0.6), 4)
    return out


def main(runs: Path, out: Path) -> int:
    """Write the figures of every run folder found under ``runs``."""
    os.environ.setdefault("VERACITY_BEHAVIOUR", str(runs / "behaviour-cases.jsonl.gz"))
    result: dict[str, Any] = {
        "what": "issue 76 item 6: the verifier detector (chunked, threshold 0.5) beside the default (auto)",
        "runs": str(runs),
        # the commit whose code ran (run.sh unpacks it and puts it first on PYTHONPATH); each run's git_commit below
        # is the checkout's, as the harness records it
        "code_commit": (runs / "code_commit.txt").read_text(encoding="utf-8").strip()
        if (runs / "code_commit.txt").exists()
        else None,
        "verifier_calibrator": calibrator_map(),
        "sets": {},
    }
    for name, (dataset, limit, what) in SETS.items():
        entry: dict[str, Any] = {"dataset": dataset, "limit": limit, "what": what}
        records: dict[str, Example] | None = None
        for detector in DETECTORS:
            folder = runs / f"{name}_{detector}"
            if not (folder / "predictions.jsonl").exists():
                continue
            rows = read_jsonl(folder / "predictions.jsonl")
            harness = json.loads((folder / "metrics.json").read_text(encoding="utf-8"))
            figures = label_figures(rows)
            figures["threshold"] = rows[0].get("threshold") if rows else None
            figures["command"] = harness.get("command")
            figures["git_commit"] = harness.get("git_commit")
            if detector == "verifier":
                figures["raw"] = raw_figures(rows)
                if records is None:
                    stream = load_dataset(dataset)
                    records = {}
                    for record in stream:
                        if isinstance(record, Example):
                            records[record.id] = record
                        if limit is not None and len(records) >= limit:
                            break
                figures["why"] = verifier_diagnostics(rows, records)
            entry[detector] = figures
        result["sets"][name] = entry
    out.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for name, entry in result["sets"].items():
        for detector in DETECTORS:
            f = entry.get(detector)
            if f:
                print(
                    f"{name:32s} {detector:8s} n={f['n']:4d} false alarms {f['false_alarm_rate']} "
                    f"caught {f['catch_rate']} AUROC {f['auroc']}"
                )
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))

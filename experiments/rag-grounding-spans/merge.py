"""Whether the grounding checker's marked words improve `fused`'s spans on RAGTruth dev (issue 32, §3 "Spans").

Reads two committed runs on `ragtruth:dev`, `fused` (benchmarks/results/ragtruth-dev_fused) and `grounding`
(benchmarks/results/ragtruth-dev_grounding, its command in its metrics.json), and scores four ways of merging their
spans with RAGTruth's character-level span F1, overall and per task. The rules and the choice below were written
before the grounding run finished:

  A  fused's spans alone (today)
  B  the union of both
  C  fused's spans, plus grounding's marked words in the sentences where fused marks something (they agree on the
     sentence)
  D  fused's spans, plus grounding's marked words that overlap a fused span (they agree on the words)

Choice: the rule with the best overall span F1, if it beats A by at least 0.01 and loses no task more than 0.01;
else A stays.

    python experiments/rag-grounding-spans/merge.py > experiments/rag-grounding-spans/metrics.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from veracity._jsonl import read_rows
from veracity.data.loaders import DatasetSpec, load_dataset
from veracity.eval import metrics as m
from veracity.text.split import SentenceSplitter

RESULTS = Path(__file__).resolve().parents[2] / "benchmarks" / "results"
FUSED, GROUNDING = RESULTS / "ragtruth-dev_fused", RESULTS / "ragtruth-dev_grounding"


def overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether two character ranges share a character."""
    return a[0] < b[1] and b[0] < a[1]


def main(grounding_dir: Path = GROUNDING) -> dict:
    """The span metrics of each rule, overall and per task, and the rule chosen."""
    fused = {r["id"]: r for r in read_rows(FUSED / "predictions.jsonl") if "spans" in r}
    grounding = {r["id"]: r for r in read_rows(grounding_dir / "predictions.jsonl") if "spans" in r}
    answers = {e.id: e.answer for e in load_dataset(DatasetSpec.parse("ragtruth:dev"), None) if hasattr(e, "answer")}
    splitter = SentenceSplitter()
    ids = sorted(set(fused) & set(grounding) & set(answers))
    counts: dict[str, dict[str, m.PRF]] = {rule: {} for rule in "ABCD"}
    for i in ids:
        gold = [tuple(s) for s in fused[i]["gold_spans"]]
        f = [tuple(s) for s in fused[i]["spans"]]
        g = [tuple(s) for s in grounding[i]["spans"]]
        sentences = [(s.span.start, s.span.end) for s in splitter.split(answers[i])]
        marked = [s for s in sentences if any(overlaps(s, x) for x in f)]
        rules = {
            "A": f,
            "B": f + g,
            "C": f + [x for x in g if any(overlaps(x, s) for s in marked)],
            "D": f + [x for x in g if any(overlaps(x, y) for y in f)],
        }
        task = fused[i].get("task") or "all"
        for rule, predicted in rules.items():
            for key in ("all", task):
                counts[rule][key] = counts[rule].get(key, m.PRF(0.0, 0.0, 0.0)) + m.span_overlap(gold, predicted)
    table = {
        rule: {key: {"p": c.precision(), "r": c.recall(), "f1": c.f1()} for key, c in sorted(by.items())}
        for rule, by in counts.items()
    }
    base = table["A"]
    best = max("BCD", key=lambda rule: table[rule]["all"]["f1"])
    keeps = all(table[best][k]["f1"] >= base[k]["f1"] - 0.01 for k in base)
    chosen = best if table[best]["all"]["f1"] >= base["all"]["f1"] + 0.01 and keeps else "A"
    return {"n": len(ids), "span_metrics": table, "chosen": chosen}


if __name__ == "__main__":
    print(json.dumps(main(*(Path(a) for a in sys.argv[1:2])), indent=1))

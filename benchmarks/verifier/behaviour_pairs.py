"""The behavioural suite's edits as sentence pairs, read by a verifier (issue 60's floors on the suite).

For every case of ``benchmarks/behaviour/cases.jsonl.gz`` that edits one sentence of a faithful answer (it has a
twin: swap number / date / name, role reversal, negation, dropped condition, comparison flip, added detail, and the
relation kinds), the edited sentence is read against **the one source sentence about the same thing** — the source
sentence that shares the most content words with the twin's (faithful) sentence, and a second one where it covers
two or more content words the first lacks (a sum or a conversion of two stated values) — in two forms:

* ``sentence``: that source sentence alone;
* ``window``: that sentence with its neighbours in its passage (one either side), where the sentence that states the
  value of the other thing usually sits.

The twin's sentence is read against the same premises (it must be entailed). Each sentence of a faithful case
without a twin (paraphrase, merge, unit format, reordering, conversion, arithmetic, summary, abstention, hedge) is
read against its best source sentence, and a second one where that covers two or more content words the first lacks
(a merge of two sentences), in the same two forms.

A pair counts as *entailed* when the verifier's most probable label is entailment. Error kinds report the share
**not** entailed, faithful kinds the share entailed. Floors (issue 60): each error kind ≥ 0.70 not entailed and each
faithful kind ≥ 0.90 entailed, in the ``sentence`` form; the ``window`` form is reported beside it, no floor.

    python benchmarks/verifier/behaviour_pairs.py MODEL OUT_DIR
    # e.g. veracity-nli-small benchmarks/results/behaviour-pairs_verifier-v2.1

MODEL: a catalog name or a model folder. Writes OUT_DIR/metrics.json; ``--pairs FILE`` also the pairs with their scores.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

from veracity.detectors.reader.signals import SourceIndex, reader_sentences
from veracity.models.pair_scorer import ENTAILMENT, HFPairScorer
from veracity.text.novelty import content_words

CASES = Path(__file__).resolve().parents[1] / "behaviour" / "cases.jsonl.gz"
ERROR_FLOOR, FAITHFUL_FLOOR = 0.70, 0.90
# faithful kinds whose sentences are read one by one against their own source sentences
FAITHFUL_KINDS = {
    "faithful-paraphrase",
    "faithful-merge",
    "faithful-unit-format",
    "faithful-reordered",
    "faithful-conversion",
    "faithful-arithmetic",
    "faithful-summary",
    "faithful-hedge",
}


def words(text: str) -> set[str]:
    """The normalised content words of ``text``."""
    return {w.form for w in content_words(text)}


def unit_texts(answer: str) -> list[str]:
    """The answer's units as the reader cuts them."""
    return [answer[s:e] for s, e in reader_sentences(answer)]


def best_sources(index: SourceIndex, sentence: str, second: bool) -> list[int]:
    """Indexes into ``index.sentences``: the one sharing most words with ``sentence``, and a second that adds ≥ 2."""
    target = words(sentence)
    if not target or not index.sentences:
        return []
    ranked = sorted(range(len(index.sentences)), key=lambda i: (-len(target & index.sentences[i].words), i))
    best = ranked[0]
    if not target & index.sentences[best].words:
        return []
    chosen = [best]
    if second:
        covered = target & index.sentences[best].words
        gain = {i: len((target & index.sentences[i].words) - covered) for i in ranked[1:]}
        if gain:
            top = max(gain, key=lambda i: (gain[i], -i))
            if gain[top] >= 2:
                chosen.append(top)
    return sorted(chosen, key=lambda i: (index.sentences[i].document, index.sentences[i].index))


def premises(index: SourceIndex, chosen: list[int]) -> dict[str, str]:
    """The chosen source sentences alone, and with one neighbour either side in their passage."""
    alone = " ".join(index.sentences[i].text for i in chosen)
    keep: list[int] = []
    for i in chosen:
        s = index.sentences[i]
        for j, t in enumerate(index.sentences):
            if t.document == s.document and abs(t.index - s.index) <= 1 and j not in keep:
                keep.append(j)
    keep.sort(key=lambda j: (index.sentences[j].document, index.sentences[j].index))
    return {"sentence": alone, "window": " ".join(index.sentences[j].text for j in keep)}


def build(cases: list[dict]) -> list[dict]:
    """Every pair: premise, hypothesis, kind, form, expected (``entailed`` / ``not_entailed``), case id."""
    pairs: list[dict] = []
    for case in cases:
        kind, index = case["test"], None
        if case.get("twin_answer") and case["label"] == 1 and case.get("spans"):
            answer, twin = case["answer"], case["twin_answer"]
            units, twins = reader_sentences(answer), unit_texts(twin)
            start = case["spans"][0][0]
            at = next((k for k, (s, e) in enumerate(units) if s <= start < e), None)
            if at is None or len(units) != len(twins):
                continue  # the edit changed the sentence count: no sentence to align (reported as skipped)
            index = SourceIndex(case["context"])
            chosen = best_sources(index, twins[at], second=True)
            if not chosen:
                continue
            edited = answer[units[at][0] : units[at][1]]
            for form, premise in premises(index, chosen).items():
                pairs.append(dict(case=case["id"], kind=kind, form=form, premise=premise, hypothesis=edited,
                                  expected="not_entailed"))  # fmt: skip
                pairs.append(dict(case=case["id"], kind=f"twin-of-{kind}", form=form, premise=premise,
                                  hypothesis=twins[at], expected="entailed"))  # fmt: skip
        elif kind in FAITHFUL_KINDS and case["label"] == 0:
            index = SourceIndex(case["context"])
            for sentence in unit_texts(case["answer"]):
                chosen = best_sources(index, sentence, second=True)
                if not chosen:
                    continue
                for form, premise in premises(index, chosen).items():
                    pairs.append(dict(case=case["id"], kind=kind, form=form, premise=premise, hypothesis=sentence,
                                      expected="entailed"))  # fmt: skip
    return pairs


def main() -> int:
    """Build the pairs, score them, write the metrics."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("model")
    parser.add_argument("out", type=Path)
    parser.add_argument("--max-length", type=int, default=256)
    parser.add_argument("--pairs", type=Path, help="also write the pairs with their scores here (.jsonl.gz)")
    args = parser.parse_args()
    cases = [json.loads(line) for line in gzip.open(CASES, "rt", encoding="utf-8")]
    pairs = build(cases)
    scorer = HFPairScorer(args.model, max_length=args.max_length)
    started = time.perf_counter()
    probs = scorer.score([(p["premise"], p["hypothesis"]) for p in pairs])
    seconds = time.perf_counter() - started
    groups: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for pair, row in zip(pairs, probs, strict=True):
        pair["p"] = [round(float(x), 4) for x in row]
        entailed = int(row.argmax()) == ENTAILMENT
        groups[(pair["kind"], pair["form"])].append(entailed == (pair["expected"] == "entailed"))
    by_kind: dict[str, dict] = defaultdict(dict)
    for (kind, form), right in sorted(groups.items()):
        by_kind[kind][form] = round(sum(right) / len(right), 4)
        by_kind[kind]["pairs"] = len(right)
    errors = {k: v for k, v in by_kind.items() if not k.startswith(("twin-of-", "faithful-"))}
    faithful = {k: v for k, v in by_kind.items() if k.startswith(("twin-of-", "faithful-"))}
    metrics = {
        "model": args.model,
        "command": f"python benchmarks/verifier/behaviour_pairs.py {args.model} {args.out}",
        "what": "error kinds: share of pairs not entailed; faithful kinds and twins: share entailed (argmax label)",
        "floors": {"error_sentence": ERROR_FLOOR, "faithful_sentence": FAITHFUL_FLOOR},
        "error_kinds": errors,
        "faithful_kinds": faithful,
        "error_kinds_below_floor": sorted(k for k, v in errors.items() if v["sentence"] < ERROR_FLOOR),
        "faithful_kinds_below_floor": sorted(k for k, v in faithful.items() if v["sentence"] < FAITHFUL_FLOOR),
        "cases_read": len({p["case"] for p in pairs}),
        "pairs": len(pairs),
        "pairs_per_second": round(len(pairs) / seconds, 1),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=1) + "\n", encoding="utf-8")
    if args.pairs is not None:  # kept out of benchmarks/ (its 10 MB limit)
        with gzip.open(args.pairs, "wt", encoding="utf-8") as f:
            for pair in pairs:
                f.write(json.dumps(pair, ensure_ascii=False) + "\n")
    print(json.dumps({k: metrics[k] for k in ("error_kinds_below_floor", "faithful_kinds_below_floor", "pairs")}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

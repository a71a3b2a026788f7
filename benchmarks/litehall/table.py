"""Print the LiteHall results tables (Markdown) from the committed metrics.json files.

    python benchmarks/litehall/table.py
"""

from __future__ import annotations

import json
from pathlib import Path

RESULTS = Path(__file__).resolve().parents[1] / "results"

END_TO_END = [
    ("litehall, HaluEval-QA test", "halueval-qa-test_litehall"),
    ("  without the extractor (Table 9)", "halueval-qa-test_litehall-no-extractor"),
    ("  without the retriever (Table 9)", "halueval-qa-test_litehall-no-retriever"),
    ("litehall, int8 verifier, HaluEval-summarization test", "halueval-summarization-test_litehall-int8"),
    ("  FactScore threshold fitted on 600 dev examples", "halueval-summarization-test_litehall-int8-calibrated"),
    ("litehall before the windows default (windows=0), HaluEval-summarization test",
     "halueval-summarization-test_litehall"),
    ("  FactScore threshold fitted on 600 dev examples", "halueval-summarization-test_litehall-calibrated"),
    ("litehall, HaluEval-dialogue test", "halueval-dialogue-test_litehall"),
    ("verifier alone (veracity-nli-small), HaluEval-QA test", "halueval-qa-test_verifier-veracity-nli-small"),
]


def _load(folder: str) -> dict | None:
    path = RESULTS / folder / "metrics.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def main() -> None:
    print("| run | accuracy | F1 | AUROC | answers/s | peak RSS MB | folder |")
    print("|---|---|---|---|---|---|---|")
    for name, folder in END_TO_END:
        d = _load(folder)
        if d is None:
            print(f"| {name} | not run | | | | | `{folder}` |")
            continue
        m = d["metrics"]
        print(f"| {name} | {100 * m['accuracy']:.1f}% | {m['f1']:.3f} | {m['auroc']:.3f} | "
              f"{d['throughput_per_s']:.1f} | {d.get('peak_rss_mb', 0):.0f} | `{folder}` |")  # fmt: skip
    print()
    claims = _load("factscore-claims_rules")
    if claims:
        print(f"Claim extraction (rules) on FActScore's human atomic facts, {claims['n']} bios: Semantic Match F1 "
              f"{claims['semantic_match_f1']:.3f} (floor 0.45, goal 0.67), easiness F1 {claims['easiness_f1_rouge1']:.3f}, "
              f"{claims['claims_per_bio']:.1f} claims per bio against {claims['gold_facts_per_bio']:.1f} human facts, "
              f"{1000 * claims['seconds_per_bio']:.0f} ms per bio (`factscore-claims_rules`).")  # fmt: skip
        print()
    print("| evidence retrieval, 100 HotpotQA questions | F1 (macro) | P | R | Jaccard | main only F1 | sentences / claim | folder |")
    print("|---|---|---|---|---|---|---|---|")
    for name, folder in [("scored, defaults", "hotpotqa-supporting-facts_evidence-scored"),
                         ("scored, without the name boost", "hotpotqa-supporting-facts_evidence-scored-no-name-boost"),
                         ("scored, top 3 by cosine (first version)", "hotpotqa-supporting-facts_evidence-scored-top3-cosine")]:  # fmt: skip
        d = _load(folder)
        if d is None:
            continue
        r, mo = d["retrieved"], d["main_only"]
        print(f"| {name} | {r['f1_macro']:.3f} | {r['precision_macro']:.3f} | {r['recall_macro']:.3f} | "
              f"{r['jaccard_macro']:.3f} | {mo['f1_macro']:.3f} | {d['sentences_retrieved_per_claim']:.2f} | `{folder}` |")  # fmt: skip


if __name__ == "__main__":
    main()

"""The published families' speed table (issue 45): veracity's path against the reference's, from `run.sh`'s folders.

Writes `benchmarks/published/metrics.json` and prints a Markdown table.

    python benchmarks/published/table.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results"
FAMILIES = {
    "LettuceDetect (ModernBERT-base)": "speed_published-lettucedetect-base",
    "HHEM-2.1-Open (T5-base encoder)": "speed_published-hhem",
    "MiniCheck-Flan-T5-Large": "speed_published-minicheck-ft5",
    "FactCG-DeBERTa-v3-Large": "speed_published-factcg-deberta",
    "mxbai-rerank-base-v2 (Qwen2 0.5B)": "speed_published-mxbai-rerank-base-v2",
}


def row(label: str, folder: str) -> dict[str, Any] | None:
    path = RESULTS / folder / "metrics.json"
    if not path.exists():
        return None
    m = json.loads(path.read_text(encoding="utf-8"))
    if "reference_answers_per_s" in m:  # lettuce_speed.py's layout
        veracity, reference = m["veracity_detect_answers_per_s"], m["reference_answers_per_s"]
        batched = m.get("veracity_batched_answers_per_s")
        difference = m["max_abs_prob_difference"]
    else:
        veracity, reference = m["veracity"]["answers_per_s"], m["reference"]["answers_per_s"]
        batched, difference = None, m["max_abs_score_difference"]
    return {
        "family": label,
        "run": folder,
        "answers": m["answers"],
        "veracity_answers_per_s": veracity,
        "reference_answers_per_s": reference,
        "ratio": round(veracity / reference, 3),
        "veracity_batched_answers_per_s": batched,
        "max_abs_difference": difference,
        "command": m["command"],
    }


def main() -> None:
    rows = [r for label, folder in FAMILIES.items() if (r := row(label, folder)) is not None]
    out = ROOT / "benchmarks" / "published" / "metrics.json"
    out.write_text(json.dumps({"command": "python benchmarks/published/table.py", "rows": rows}, indent=1) + "\n")
    print("| family | answers | veracity answers/s | reference answers/s | ratio | largest difference |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['family']} | {r['answers']} | {r['veracity_answers_per_s']:.3f} | "
              f"{r['reference_answers_per_s']:.3f} | {r['ratio']:.2f} | {r['max_abs_difference']:.1e} |")  # fmt: skip


if __name__ == "__main__":
    main()

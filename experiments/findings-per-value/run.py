"""Run the frozen direction cases (cases.py) through the default detector and write metrics.json.

    python experiments/findings-per-value/run.py [--label NAME]

A case holds when the variant's P(hallucinated) is at least the base's (less 1e-9), as the behavioural suite's
``not_lower`` reads it. Also counted: base and variant caught (verdict hallucinated).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from cases import CASES  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--label", default="now")
    args = parser.parse_args()
    from veracity import Document, load_detector

    detector = load_detector("auto")
    rows = []
    for ident, sources, base, variant, why in CASES:
        context = [Document(id="d1", text=sources)]
        a, b = detector.detect(base, context), detector.detect(variant, context)
        rows.append({"id": ident, "base": a.score, "variant": b.score, "base_verdict": a.verdict,
                     "variant_verdict": b.verdict, "not_lower": (b.score or 0) >= (a.score or 0) - 1e-9, "why": why})
        print(ident, round(a.score or 0, 3), round(b.score or 0, 3), file=sys.stderr)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    metrics = {
        "label": args.label,
        "commit": commit,
        "cases": len(rows),
        "not_lower": sum(r["not_lower"] for r in rows),
        "base_caught": sum(r["base_verdict"] == "hallucinated" for r in rows),
        "variant_caught": sum(r["variant_verdict"] == "hallucinated" for r in rows),
        "rows": rows,
    }
    out = HERE / f"metrics-{args.label}.json"
    out.write_text(json.dumps(metrics, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in metrics.items() if k != "rows"}))


if __name__ == "__main__":
    main()

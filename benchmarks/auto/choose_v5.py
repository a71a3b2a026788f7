"""The fifth route choice (benchmarks/auto/README.md, "One reader for RAG answers"): long_qa → fused v2 unless span's
AUROC on ragtruth-qa dev is higher by more than 0.005. Reads the two committed runs, writes choice-v5.json.

usage: python benchmarks/auto/choose_v5.py
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE.parent / "results"
RUNS = {"fused": "ragtruth-dev_fused-v2", "span": "ragtruth-dev_span"}


def main() -> None:
    auroc = {
        name: json.loads((RESULTS / run / "metrics.json").read_text(encoding="utf-8"))["metrics"]["by_task"]["QA"]["auroc"]
        for name, run in RUNS.items()
    }
    choice = "span" if auroc["span"] - auroc["fused"] > 0.005 else "fused"
    out = {
        "rule": "long_qa → fused v2 unless span's ragtruth-qa dev AUROC is higher by more than 0.005",
        "runs": RUNS,
        "qa_auroc": auroc,
        "routes": {"long_qa": {"choice": choice}, "summary": {"choice": "fused"}},
    }
    (HERE / "choice-v5.json").write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

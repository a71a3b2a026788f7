"""Issue 34: do reruns of committed evaluations give the same predictions as the committed runs?

usage: python benchmarks/refactor-check/same.py COMMITTED_RUN=RERUN_FOLDER ...   (prints JSON)

For the examples both folders scored: how many have the same decision, the same marked spans, and the largest
difference in score.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from veracity._jsonl import read_rows


def compare(committed: Path, rerun: Path) -> dict[str, float]:
    """Agreement of two runs' predictions on their shared examples."""
    a = {r["id"]: r for r in read_rows(committed / "predictions.jsonl") if "error" not in r}
    b = {r["id"]: r for r in read_rows(rerun / "predictions.jsonl") if "error" not in r}
    shared = sorted(set(a) & set(b))
    return {
        "n_shared": len(shared),
        "same_predicted": sum(a[i]["predicted"] == b[i]["predicted"] for i in shared),
        "same_spans": sum(a[i]["spans"] == b[i]["spans"] for i in shared),
        "max_score_difference": max((abs(a[i]["score"] - b[i]["score"]) for i in shared), default=0.0),
    }


if __name__ == "__main__":
    pairs = [arg.split("=", 1) for arg in sys.argv[1:]]
    print(json.dumps({Path(c).name: compare(Path(c), Path(r)) for c, r in pairs}, indent=1))

"""The evaluation samples of the generated LLM-OASIS data (issue 16), drawn from its held-out test documents.

    python benchmarks/oasis/sample.py --data ../runs/oasis-rules/data --out ../runs/oasis-rules/eval

Rewrites the derived sets of ``--data`` (whole, and split 80/20 by document), then draws, with a fixed seed, from
``test/`` only:

* ``e2e.jsonl``: ``--records`` records, both their factual and their unfactual text (so the set is balanced);
* ``claim-checks.jsonl``: ``--pairs`` falsified claims and as many true ones, each with its factual text as context.

Writes ``sample.json`` (counts, seed, split sizes) beside them.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from veracity._jsonl import read_rows
from veracity.data.oasis import write_derived_sets


def main() -> None:
    """Derive, split, sample."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--records", type=int, default=300)
    parser.add_argument("--pairs", type=int, default=400)
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args()
    derived = write_derived_sets(args.data)
    rng = random.Random(args.seed)
    e2e = read_rows(args.data / "test" / "e2e.jsonl")
    records = sorted({row["id"].rsplit(":", 1)[0] for row in e2e})
    chosen = set(rng.sample(records, min(args.records, len(records))))
    e2e_sample = [row for row in e2e if row["id"].rsplit(":", 1)[0] in chosen]
    checks = read_rows(args.data / "test" / "claim-checks.jsonl")
    false = [row for row in checks if row["label"] == 1]
    true = [row for row in checks if row["label"] == 0]
    n = min(args.pairs, len(false), len(true))
    checks_sample = rng.sample(false, n) + rng.sample(true, n)
    checks_sample.sort(key=lambda row: row["id"])
    args.out.mkdir(parents=True, exist_ok=True)
    for name, rows in (("e2e.jsonl", e2e_sample), ("claim-checks.jsonl", checks_sample)):
        with (args.out / name).open("w", encoding="utf-8") as handle:
            for row in rows:
                handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    summary = {
        "seed": args.seed,
        "derived": derived,
        "e2e": {"records": len(chosen), "examples": len(e2e_sample)},
        "claim_checks": {"falsified": n, "true": n},
    }
    (args.out / "sample.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()

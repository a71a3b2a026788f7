"""The behaviour suite's figures of a run against the committed reader run: floors, per-test rates, failed cases.

    python experiments/verify-baseline/suite_compare.py RUN --out experiments/verify-baseline/final/behaviour.json

Writes the run's compact behaviour section (floors met, per-test pass rates) and every test whose rate or failed
cases differ from `benchmarks/results/behaviour_reader/metrics.json` (6cbf84b's figures, ed5f94e).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

BASE = Path("benchmarks/results/behaviour_reader/metrics.json")


def flat(node: object, prefix: str = "") -> dict[str, object]:
    if isinstance(node, dict):
        out: dict[str, object] = {}
        for key, value in node.items():
            out.update(flat(value, f"{prefix}.{key}" if prefix else str(key)))
        return out
    return {prefix: node}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("run", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    base = json.loads(BASE.read_text())
    run = json.loads((args.run / "metrics.json").read_text())
    a, b = flat(base["behaviour"]["tests"]), flat(run["behaviour"]["tests"])
    differ = {k: {"committed": a.get(k), "run": b.get(k)} for k in sorted(a.keys() | b.keys()) if a.get(k) != b.get(k)}
    out = {
        "command": f"python experiments/verify-baseline/suite_compare.py {args.run.name} --out {args.out}",
        "figures": len(a.keys() | b.keys()),
        "figures_equal": len(a.keys() | b.keys()) - len(differ),
        "floors_met": {"committed": base["behaviour"]["floors_met"], "run": run["behaviour"]["floors_met"]},
        "floors_measured": run["behaviour"]["floors_measured"],
        "auroc": {"committed": base["metrics"].get("auroc"), "run": run["metrics"].get("auroc")},
        "f1": {"committed": base["metrics"].get("f1"), "run": run["metrics"].get("f1")},
        "differ": differ,
    }
    args.out.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print({k: v for k, v in out.items() if k != "differ"}, len(differ), "figures differ")


if __name__ == "__main__":
    main()

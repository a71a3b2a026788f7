"""metrics.json of experiments/sentence-initial-names: the rule beside the commit before it, as shipped.

    python experiments/sentence-initial-names/summary.py [RUNS [KEY]]

With KEY, the result goes into metrics.json[KEY] and the rest of the file is kept (a later step measured the same way).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUNS = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("../cache/runs")
KEY = sys.argv[2] if len(sys.argv) > 2 else None
SETS = ("library", "marina", "registrar", "vet", "energy", "driving", "ski", "cowork", "museum")


def predictions(path: Path) -> dict[str, tuple[int, int]]:
    rows = [json.loads(line) for line in (path / "predictions.jsonl").open(encoding="utf-8")]
    return {str(r["id"]): (r["label"], r["predicted"]) for r in rows}


def counts(rows: dict[str, tuple[int, int]]) -> dict[str, int]:
    return {"errors": sum(label == 1 for label, _ in rows.values()),
            "caught": sum(label == 1 and said == 1 for label, said in rows.values()),
            "faithful": sum(label == 0 for label, _ in rows.values()),
            "passed": sum(label == 0 and said == 0 for label, said in rows.values())}  # fmt: skip


def side(which: str, names: tuple[str, ...]) -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    for name in names:
        out |= {f"{name}:{k}": v for k, v in predictions(RUNS / f"sin-{which}-{name}").items()}
    return out


def headline(path: Path) -> dict[str, float]:
    metrics = json.loads((path / "metrics.json").read_text())["metrics"]
    return {k: metrics[k] for k in ("auroc", "f1") if k in metrics}


def main() -> None:
    result: dict = {"command": "bash experiments/sentence-initial-names/run.sh"}
    for group, names in (("nine_development_sets", SETS), ("incontext", ("incontext",))):
        before, now = side("before", names), side("now", names)
        result[group] = {"before (f3c9b79)": counts(before), "rule": counts(now),
                         "changed": {k: {"label": now[k][0], "before": before[k][1], "now": now[k][1]}
                                     for k in sorted(now) if now[k][1] != before[k][1]}}  # fmt: skip
    result["ragtruth:dev"] = {"before (f3c9b79)": headline(RUNS / "sin-before-ragtruth"),
                              "rule": headline(RUNS / "sin-now-ragtruth")}  # fmt: skip
    for which, key in (("before", "before (f3c9b79)"), ("now", "rule")):
        suite = json.loads((RUNS / f"sin-{which}-behaviour" / "metrics.json").read_text())["behaviour"]
        missed = [f"{f['test']}:{f['length']}" for f in suite["floors"] if not f["passed"]]
        result.setdefault("behaviour", {})[key] = {"floors_met": suite["floors_met"], "missed": missed}
    for which, label in (("frozen-before", "before (the commit before)"), ("frozen", "now")):
        frozen = RUNS / f"sin-{which}"
        if (frozen / "predictions.jsonl").exists():
            result.setdefault("frozen_pottery", {})[label] = counts(predictions(frozen))
    path = HERE / "metrics.json"
    if KEY is not None:
        result = {**json.loads(path.read_text()), KEY: result}
    path.write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result, indent=1)[:4000])


if __name__ == "__main__":
    main()

"""Print the Logic-Matters results tables of docs/logic-matters.md from committed metrics.json files.

    python benchmarks/sea/table.py NAME

NAME is the result-folder suffix given to ``benchmarks/sea/run.sh`` (e.g. veracity-nli-small). Prints the
HotPotQA-Derived table (accuracy per level, AUROC, throughput) for every run of that model that exists — `sea`
at T_s = 0.4 and calibrated, its ablations and variants, and the NLI model alone (Table 7) — then the hard-level
gain of `sea` over the NLI model alone, the per-stage time shares (Tables 12–13), and `sea` on the three HaluEval
tasks (T_s = 0.4 and dev-calibrated). No figure is typed by hand.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

RESULTS = Path(__file__).resolve().parents[1] / "results"
RUNS = [
    ("sea", "sea, T_s = 0.4"),
    ("sea_calibrated", "sea, threshold fitted on dev"),
    ("sea-relevance-nli", "sea, R = the NLI model (cross-encoder relevance)"),
    ("sea-max", "sea, S = max_k e_k (pooling=max), T_s = 0.4"),
    ("sea-max_calibrated", "sea, S = max_k e_k, threshold fitted on dev"),
    ("sea-no-segmentation", "sea without segmentation"),
    ("sea-no-aggregation", "sea without aggregation"),
    ("sea-no-relevance-weighting", "sea without relevance weighting"),
    ("sea-no-aggregation-no-relevance-weighting", "sea without aggregation and relevance weighting"),
    ("sea-c128", "sea, C = 128"),
    ("sea-c256", "sea, C = 256"),
    ("sea-c384", "sea, C = 384"),
    ("sea-c512", "sea, C = 512"),
    ("nli-whole", "NLI alone, whole context (Table 7)"),
    ("nli-per-document", "NLI alone, max over single documents (Table 7)"),
    ("nli-whole_calibrated", "NLI alone, whole context, threshold fitted on dev"),
    ("nli-per-document_calibrated", "NLI alone, max over single documents, threshold fitted on dev"),
]
LEVELS = ("easy", "medium", "hard")
HALUEVAL = ("qa", "summarization", "dialogue")


def _folder(run: str, name: str) -> str:
    """The result folder of ``run`` (``BASE[_calibrated]``) with the NLI model ``name`` (the verifier for ``nli-…``)."""
    base, _, suffix = run.partition("_")
    subject = f"verifier-{base}" if base.startswith("nli-") else base
    return f"hotpotqa-derived_{subject}-{name}{'-' + suffix if suffix else ''}"


def _load(run: str, name: str) -> dict | None:
    path = RESULTS / _folder(run, name) / "metrics.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def main() -> None:
    """Print the tables."""
    name = sys.argv[1]
    print("| run | all | easy | medium | hard | AUROC | examples/s | folder |")
    print("|---|---|---|---|---|---|---|---|")
    found: dict[str, dict] = {}
    for run, label in RUNS:
        record = _load(run, name)
        if record is None:
            continue
        found[run] = record
        metrics = record["metrics"]
        levels = metrics.get("by_task", {})
        auroc = metrics.get("auroc")
        folder = _folder(run, name)
        print(
            f"| {label} | {_pct(metrics['accuracy'])} | "
            + " | ".join(_pct(levels.get(level, {}).get("accuracy")) for level in LEVELS)
            + f" | {'—' if auroc is None else f'{auroc:.3f}'} | {record['throughput_per_s']:.2f} | `{folder}` |"
        )
    # each sea reading against the NLI alone decided the same way: both at their fixed threshold, or both fitted on dev
    for run in ("sea", "sea-relevance-nli", "sea-max", "sea_calibrated", "sea-max_calibrated"):
        if run not in found:
            continue
        hard = found[run]["metrics"]["by_task"]["hard"]["accuracy"]
        suffix = "_calibrated" if run.endswith("_calibrated") else ""
        for alone in ("nli-whole" + suffix, "nli-per-document" + suffix):
            if alone in found:
                other = found[alone]["metrics"]["by_task"]["hard"]["accuracy"]
                print(f"\nHard level, {run} minus {alone}: {100 * (hard - other):+.1f} points (floor +8, goal +20).")
    if "sea" in found:
        timings = found["sea"].get("stage_timings_ms") or {}
        if timings:
            print("\n| stage | mean ms per example | share |\n|---|---|---|")
            for stage, row in sorted(timings.items(), key=lambda kv: -kv[1]["share"]):
                print(f"| {stage} | {row['mean_ms']:.1f} | {100 * row['share']:.1f}% |")
            graph_and_segmentation = sum(timings.get(s, {}).get("share", 0.0) for s in ("graph", "segmentation"))
            print(f"\nGraph + segmentation: {100 * graph_and_segmentation:.1f}% of the time (floor ≤ 35%).")
    _halueval(name)


def _halueval(name: str) -> None:
    rows = []
    variants = (
        ("sea", "", "T_s = 0.4"),
        ("sea", "-calibrated", "threshold fitted on 600 dev examples"),
        ("sea-max", "", "pooling=max, T_s = 0.4"),
    )
    for task in HALUEVAL:
        for run, suffix, label in variants:
            folder = f"halueval-{task}-test_{run}-{name}{suffix}"
            path = RESULTS / folder / "metrics.json"
            if not path.exists():
                continue
            record = json.loads(path.read_text(encoding="utf-8"))
            metrics = record["metrics"]
            auroc = metrics.get("auroc")
            rss = record.get("peak_rss_mb")
            rows.append(
                f"| halueval-{task}:test | {label} | {record['n']:,} | {_pct(metrics['accuracy'])} | "
                f"{'—' if auroc is None else f'{auroc:.3f}'} | {record['throughput_per_s']:.2f} | "
                f"{'—' if rss is None else f'{rss:,.0f}'} | `{folder}` |"
            )
    if rows:
        print("\n| dataset | threshold | n | accuracy | AUROC | examples/s | peak RSS MB | folder |")
        print("|---|---|---|---|---|---|---|---|")
        print("\n".join(rows))


if __name__ == "__main__":
    main()

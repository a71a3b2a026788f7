"""The reader refit on its signals as the runs read them, and a value checker that counts fewer non-claims (issue 53).

    python experiments/reader-v5/fit.py > experiments/reader-v5/metrics.json

Caches (outside the repository; `veracity.training.reader`): the unit signals `reader-v3` / `reader-dev-v3` /
`reader-behaviour-v3`; the span model's signals read again through ONNX int8, as `veracity detect` reads them
(`build_span_cache` → `span-*-v5`; the v4 side caches had been read with torch's dynamic int8 before the ONNX export
existed); the value checker's signals read again with the v5 checker (`value-*-v5`), and the rule checkers' signals
(values, names, negations, conflicts) with the v6 checkers (`build_checker_cache` → `checker-*-v6`); variant F's
`checker-*-v7` with the code of commit 0c85894 (its `misplaced_value` signal was not shipped and is not in main).

Selection rule, written before the run: among the variants that meet at least as many of the behavioural suite's
floors as variant A, the best mean of the three per-task ragtruth:dev AUROCs; within 0.002 of it, more suite floors,
then the better ragtruth:dev F1.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import yaml

from veracity.data.behaviour_suite import read_behaviour_cases
from veracity.training.reader import (
    MIXTURE,
    evaluate_rows,
    fit_reader,
    read_rows,
    with_checker_signals,
    with_span_signals,
)

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT.parent / "cache"
spec = importlib.util.spec_from_file_location("choose", ROOT / "experiments" / "reader-choice" / "choose.py")
choose = importlib.util.module_from_spec(spec)
spec.loader.exec_module(choose)  # type: ignore[union-attr]


LATER_SIGNALS = ("misplaced_value",)  # signals added after variant E


def caches(checkers: str | None) -> tuple[list, list, list]:
    """The unit caches with the ONNX-read span signals and, when named, a version of the checkers' side caches."""
    out = []
    for unit, span, side in (("reader-v3", "span-v5", ""), ("reader-dev-v3", "span-dev-v5", "-dev"),
                             ("reader-behaviour-v3", "span-beh-v5", "-beh")):  # fmt: skip
        rows = read_rows(CACHE / f"{unit}.jsonl")
        with_span_signals(rows, CACHE / f"{span}.jsonl")
        if checkers is not None:
            with_checker_signals(rows, CACHE / f"{checkers.replace('@', side)}.jsonl")
        out.append(rows)
    return out[0], out[1], out[2]


def main() -> None:
    """Fit each variant on the training caches; measure it on the dev and suite caches; print metrics.json."""
    cfg = yaml.safe_load((ROOT / "configs" / "reader-small.yaml").read_text(encoding="utf-8"))
    cases = read_behaviour_cases("all")
    common = {"tau": cfg["tau"], "unit_share": cfg["unit_share"], "single_sources": (),
              "floor_signals": tuple(cfg["floors"])}  # fmt: skip
    held = ("unsupported_name", "unsupported_value")
    variants = {
        "A: v4 config, span signals as the runs read them": (None, (), []),
        "B: A + the value checker v5": ("value@-v5", (), []),
        "C: B + threshold at most the name and value floors": ("value@-v5", held, []),
        "D: A + threshold at most the name and value floors": (None, held, []),
        # added after A-D were seen (the session's second round; same rule)
        "E: C with the checkers v6": ("checker@-v6", held, []),
        # the third round: a value the sources state only with another thing (same rule)
        "F: E + misplaced values (the checkers v7)": ("checker@-v7", held, ["misplaced_value"]),
    }
    out = {"command": "python experiments/reader-v5/fit.py", "variants": {}}
    loaded = {v: caches(v) for v in {v for v, _, _ in variants.values()}}
    for name, (checkers, floor_threshold, extra) in variants.items():
        train, dev, beh = loaded[checkers]
        train = [r for r in train if r["source"] in cfg["limits"]]
        features = [f for f in cfg["features"] if f not in LATER_SIGNALS] + extra  # A-E as they were fitted
        model, _ = fit_reader(train, features, MIXTURE, cfg["l2"], floor_threshold=floor_threshold, **common)
        dev_figures = evaluate_rows(model, dev)
        tasks = [dev_figures.get(f"dev:ragtruth:dev/{t}", {}).get("auroc") for t in ("QA", "Summary", "Data2txt")]
        out["variants"][name] = entry = {
            "threshold": round(model.threshold, 4),
            "floors": model.floors,
            "final_map": [round(model.final_a, 4), round(model.final_b, 4)],
            "ragtruth_dev": choose.ragtruth_overall(model, dev),
            "ragtruth_dev_task_auroc": dict(zip(("QA", "Summary", "Data2txt"), tasks, strict=True)),
            "ragtruth_dev_task_auroc_mean": round(sum(tasks) / 3, 4) if all(tasks) else None,
            "dev": {k: {m: v.get(m) for m in ("auroc", "f1", "accuracy", "ece")} for k, v in dev_figures.items()},
            "behaviour": choose.behaviour(model, beh, cases),
        }
        print(name, entry["threshold"], entry["ragtruth_dev"], entry["ragtruth_dev_task_auroc_mean"],
              entry["behaviour"]["floors_met"], file=sys.stderr)  # fmt: skip
    json.dump(out, sys.stdout, indent=1)


if __name__ == "__main__":
    main()

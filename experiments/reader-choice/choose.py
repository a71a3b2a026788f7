"""The reader's design choices, measured on the dev caches (issue 53): what each variant gives on dev, and on the
behavioural suite for reference (the suite is not a selection set: see README.md).

    python experiments/reader-choice/choose.py ../cache/reader-v3.jsonl ../cache/reader-dev-v3.jsonl \
        ../cache/reader-behaviour-v3.jsonl [../cache/span-v3.jsonl ../cache/span-dev-v3.jsonl] \
        > experiments/reader-choice/metrics.json

The caches are written by `veracity train reader --config configs/reader-small.yaml` (and the behaviour cache the
same way from the `behaviour` dataset, `dev:behaviour`); the span side caches by span_side.py beside this file.
"""

from __future__ import annotations

import collections
import json
import sys
from pathlib import Path

import numpy as np
import yaml
from sklearn.metrics import f1_score, roc_auc_score

from veracity.data.behaviour_suite import read_behaviour_cases
from veracity.eval.behaviour import Outcome, behaviour_metrics
from veracity.training.reader import (
    MIXTURE,
    _ece,
    answer_scores,
    evaluate_rows,
    fit_reader,
    read_rows,
    unit_values,
    with_span_signals,
)

ROOT = Path(__file__).resolve().parents[2]


def with_span(rows: list[dict], path: str | None) -> None:
    if path is None:
        return
    side = {}
    for line in open(path, encoding="utf-8"):
        r = json.loads(line)
        side[(r["source"], r["example"], r["unit"])] = (r["span_max"], r["span_mean"])
    for r in rows:
        if (key := (r["source"], r["example"], r["unit"])) in side:
            r["signals"]["span_max"], r["signals"]["span_mean"] = side[key]


def behaviour(model, rows, cases) -> dict:
    units, floor = collections.defaultdict(list), collections.defaultdict(float)
    for r in rows:
        values = unit_values(r)
        units[r["example"]].append(model.read(values).z)
        floor[r["example"]] = max(floor[r["example"]], model.floor_of(values))
    outcomes = {}
    for k, zs in units.items():
        p = model.answer_probability(zs, floor[k])
        outcomes[k] = Outcome(p, model.threshold, "hallucinated" if p >= model.threshold else "faithful")
    m = behaviour_metrics([c for c in cases if c["id"] in outcomes], outcomes)
    return {"floors_met": m["floors_met"], "floors_measured": m["floors_measured"], "summary": m["summary"]}


def ragtruth_overall(model, dev) -> dict:
    scores = answer_scores(model, [r for r in dev if r["source"] == "dev:ragtruth:dev"])
    p = np.array([s[1] for s in scores.values()])
    y = np.array([s[2] for s in scores.values()])
    return {
        "auroc": round(float(roc_auc_score(y, p)), 4),
        "f1": round(float(f1_score(y, p >= model.threshold)), 4),
        "ece": round(_ece(p, y.astype(np.float64)), 4),
    }


TASKS = ("QA", "Summary", "Data2txt")


def load_cache(cache: Path, unit: str, span: str) -> list[dict]:
    """A unit cache with its span side cache (``cache/unit.jsonl``, ``cache/span.jsonl``), as the later fits read them."""
    rows = read_rows(cache / f"{unit}.jsonl")
    with_span_signals(rows, cache / f"{span}.jsonl")
    return rows


def dev_entry(model, dev) -> dict:
    """ragtruth:dev overall, its per-task AUROCs and their mean, and each dev source's AUROC, F1, accuracy and ECE."""
    figures = evaluate_rows(model, dev)
    tasks = [figures.get(f"dev:ragtruth:dev/{t}", {}).get("auroc") for t in TASKS]
    return {
        "ragtruth_dev": ragtruth_overall(model, dev),
        "ragtruth_dev_task_auroc": dict(zip(TASKS, tasks, strict=True)),
        "ragtruth_dev_task_auroc_mean": round(sum(tasks) / 3, 4) if all(tasks) else None,
        "dev": {k: {m: v.get(m) for m in ("auroc", "f1", "accuracy", "ece")} for k, v in figures.items()},
    }


def main() -> None:
    train, dev, beh = (read_rows(Path(p)) for p in sys.argv[1:4])
    spans = sys.argv[4:6] if len(sys.argv) > 5 else [None, None]
    with_span(train, spans[0])
    with_span(dev, spans[1])
    cases = read_behaviour_cases("all")
    cfg = yaml.safe_load((ROOT / "configs" / "reader-small.yaml").read_text(encoding="utf-8"))
    features, floors = cfg["features"], tuple(cfg["floors"])
    common = {"tau": cfg["tau"], "unit_share": cfg["unit_share"], "single_sources": ()}
    variants = {
        "shipped (steps, tau 0.25, unit share 0.1, floors)": (features, {**common, "floor_signals": floors}),
        "no floors": (features, common),
        "one-unit map (HaluEval QA/dialogue, synthetic twins)": (
            features,
            {
                **common,
                "floor_signals": floors,
                "single_sources": ("halueval-qa", "halueval-dialogue", "absent", "edits"),
            },
        ),
        "units only (unit share 1, tau 0)": (
            features,
            {**common, "floor_signals": floors, "tau": 0.0, "unit_share": 1.0},
        ),
        "no NLI signals": ([f for f in features if not f.startswith("nli_")], {**common, "floor_signals": floors}),
        "unit position added (is_first)": ([*features, "is_first"], {**common, "floor_signals": floors}),
    }
    if spans[0] is not None:
        span = ["span_max", "span_mean", "span_max>=0.3", "span_max>=0.5", "span_max>=0.7", "span_max>=0.9"]
        variants["span model signals added"] = ([*features, *span], {**common, "floor_signals": floors})
    out = {"command": " ".join(["python", *sys.argv]), "mixture": MIXTURE, "variants": {}}
    for name, (feats, kwargs) in variants.items():
        model, fig = fit_reader(train, feats, MIXTURE, cfg["l2"], **kwargs)
        out["variants"][name] = {
            "threshold": round(model.threshold, 4),
            "ragtruth_dev": ragtruth_overall(model, dev),
            "dev": {
                k: {m: v.get(m) for m in ("auroc", "f1", "accuracy", "ece")}
                for k, v in evaluate_rows(model, dev).items()
            },
            "behaviour": behaviour(model, beh, cases) if "span" not in name else None,
        }
        print(name, out["variants"][name]["ragtruth_dev"], file=sys.stderr)
    json.dump(out, sys.stdout, indent=1)


if __name__ == "__main__":
    main()

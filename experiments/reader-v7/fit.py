"""The reader refit on windows that leave another thing's sentence out, with unit-level NLI interactions (issue 59).

    python experiments/reader-v7/fit.py [CACHE_DIR] > experiments/reader-v7/metrics.json

Caches (outside the repository, default ../runs/cache-s5), written by `veracity train reader --config
configs/reader-small.yaml` with the cache paths set to CACHE_DIR (`reader-v7`, `reader-dev-v7`, `span-v7`,
`span-dev-v7`; the checker signals are the unit caches' own, read by the same code), and the behavioural suite's
`reader-behaviour-v7` / `span-beh-v7` (the `dev:behaviour` set read the same way).

Selection rule, written before any variant was fitted: among the variants that meet at least as many of the
behavioural suite's floors as variant A, the best mean of the three per-task ragtruth:dev AUROCs; within 0.002 of
it, more suite floors, then the better ragtruth:dev F1. A variant that reads fewer NLI pairs or drops the span model
(E, F: faster) is preferred where its AUROC mean is within 0.005 of the chosen one's and it meets as many floors.
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
    fit_reader,
    read_as_top_one,
)

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("choose", ROOT / "experiments" / "reader-choice" / "choose.py")
choose = importlib.util.module_from_spec(spec)
spec.loader.exec_module(choose)  # type: ignore[union-attr]

COPY = ["copy_x_contradiction", "copy_x_not_entailed"]
BREVITY = ["brevity_x_nli", "brevity_x_window"]


def main() -> None:
    """Fit each variant on the training cache; measure it on the dev and suite caches; print metrics.json."""
    cache = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "runs" / "cache-s5"
    cfg = yaml.safe_load((ROOT / "configs" / "reader-small.yaml").read_text(encoding="utf-8"))
    loaded = []
    for unit, span in (("reader-v7", "span-v7"), ("reader-dev-v7", "span-dev-v7"),
                       ("reader-behaviour-v7", "span-beh-v7")):  # fmt: skip
        if not (cache / f"{unit}.jsonl").is_file():  # the suite's cache is for reference only
            loaded.append([])
            continue
        loaded.append(choose.load_cache(cache, unit, span))
    train, dev, beh = loaded
    train = [r for r in train if r["source"] in cfg["limits"]]
    cases = read_behaviour_cases("all")
    common = {"tau": cfg["tau"], "unit_share": cfg["unit_share"], "single_sources": (),
              "floor_signals": tuple(cfg["floors"]), "floor_threshold": tuple(cfg["floor_threshold"])}  # fmt: skip
    base = list(cfg["features"])
    no_span = [f for f in base if not f.startswith("span_")]
    variants = {
        "A: the shipped features, refitted on the new windows": (base, False),
        "B: A + copy x NLI of the best-aligned sentence": (base + COPY, False),
        "C: A + brevity x NLI": (base + BREVITY, False),
        "D: A + both": (base + COPY + BREVITY, False),
        "E: D read with one aligned sentence per unit (top_k=1)": (base + COPY + BREVITY, True),
        "F: E without the span model": (no_span + COPY + BREVITY, True),
        # added after A-F were seen on dev (the same rule): A's features, read as E reads them
        "G: A read with one aligned sentence per unit (top_k=1)": (base, True),
    }
    out: dict = {"command": "python experiments/reader-v7/fit.py", "cache": str(cache), "variants": {}}
    for name, (features, one) in variants.items():
        tr, dv, bh = (read_as_top_one(x) for x in (train, dev, beh)) if one else (train, dev, beh)
        model, figures = fit_reader(tr, features, MIXTURE, cfg["l2"], **common)
        out["variants"][name] = entry = {
            "threshold": round(model.threshold, 4),
            "floors": model.floors,
            "weights": {k: v for k, v in figures["weights"].items() if abs(v) > 0.005},
            **choose.dev_entry(model, dv),
            "behaviour": choose.behaviour(model, bh, cases) if bh else {"floors_met": None},
        }
        print(name, entry["threshold"], entry["ragtruth_dev"], entry["ragtruth_dev_task_auroc_mean"],
              entry["behaviour"]["floors_met"],
              {k: v.get("accuracy") for k, v in entry["dev"].items() if "halueval" in k},
              file=sys.stderr)  # fmt: skip
    json.dump(out, sys.stdout, indent=1)


if __name__ == "__main__":
    main()

"""Which interactions the next refit should try (issue 59): probes on the v7 caches (verifier v2.1's readings).

    python experiments/reader-probe-s6/fit.py [CACHE_DIR] > experiments/reader-probe-s6/metrics.json

Not a model to ship: the refit on verifier v3 (issue 60) re-reads every cache. Each variant is the shipped feature
set (variant E of experiments/reader-v7) plus candidate interactions, fitted and measured as reader-v7/fit.py does
(ragtruth:dev AUROC and F1 on the dev cache, the behavioural suite's floors on its cache — that cache was read by the
fifth session's code, so this session's rule changes are not in it). The candidates:

- copy_x_novel: copy_share × novel_share — a unit that copies its aligned sentence and adds words no source has (an
  added detail: "The application fee of £250 has been paid *by bank transfer*");
- copy_x_novel_any: copy_share × novel_any;
- short_x_contradiction: brevity × nli_contradiction (a one-line answer the NLI contradicts).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import yaml

from veracity.data.behaviour_suite import read_behaviour_cases
from veracity.detectors.reader.signals import DIRECTIONS, INTERACTIONS
from veracity.training.reader import MIXTURE, evaluate_rows, fit_reader, read_as_top_one

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("choose", ROOT / "experiments" / "reader-choice" / "choose.py")
choose = importlib.util.module_from_spec(spec)
spec.loader.exec_module(choose)  # type: ignore[union-attr]

# the candidates, added for this probe only (the shipped INTERACTIONS are unchanged)
CANDIDATES = {
    "copy_x_novel": ("copy_share", "novel_share"),
    "copy_x_novel_any": ("copy_share", "novel_any"),
    "short_x_contradiction": ("brevity", "nli_contradiction"),
}


def main() -> None:
    """Fit each variant on the training cache; measure it on the dev and suite caches; print metrics.json."""
    INTERACTIONS.update(CANDIDATES)
    DIRECTIONS.update(dict.fromkeys(CANDIDATES, 1))
    cache = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "runs" / "cache-s5"
    cfg = yaml.safe_load((ROOT / "configs" / "reader-small.yaml").read_text(encoding="utf-8"))
    loaded = []
    for unit, span in (("reader-v7", "span-v7"), ("reader-dev-v7", "span-dev-v7"),
                       ("reader-behaviour-v7", "span-beh-v7")):  # fmt: skip
        loaded.append(read_as_top_one(choose.load_cache(cache, unit, span)))
    train, dev, beh = loaded
    train = [r for r in train if r["source"] in cfg["limits"]]
    cases = read_behaviour_cases("all")
    common = {"tau": cfg["tau"], "unit_share": cfg["unit_share"], "single_sources": (),
              "floor_signals": tuple(cfg["floors"]), "floor_threshold": tuple(cfg["floor_threshold"])}  # fmt: skip
    base = list(cfg["features"])
    variants = {
        "E: shipped": base,
        "E + copy_x_novel": base + ["copy_x_novel"],
        "E + copy_x_novel_any": base + ["copy_x_novel_any"],
        "E + short_x_contradiction": base + ["short_x_contradiction"],
        "E + all three": base + list(CANDIDATES),
    }
    out: dict = {"command": "python experiments/reader-probe-s6/fit.py", "cache": str(cache), "variants": {}}
    for name, features in variants.items():
        model, figures = fit_reader(train, features, MIXTURE, cfg["l2"], **common)
        dev_figures = evaluate_rows(model, dev)
        tasks = [dev_figures.get(f"dev:ragtruth:dev/{t}", {}).get("auroc") for t in ("QA", "Summary", "Data2txt")]
        beh_figures = choose.behaviour(model, beh, cases)
        out["variants"][name] = entry = {
            "threshold": round(model.threshold, 4),
            "weights": {k: v for k, v in figures["weights"].items() if k in CANDIDATES},
            "ragtruth_dev": choose.ragtruth_overall(model, dev),
            "ragtruth_dev_task_auroc": dict(zip(("QA", "Summary", "Data2txt"), tasks, strict=True)),
            "halueval_dev_accuracy": {k: v.get("accuracy") for k, v in dev_figures.items() if "halueval" in k},
            "behaviour_floors_met": beh_figures["floors_met"],
            "behaviour": {k: v for k, v in beh_figures.items() if k != "floors_met"},
        }
        print(name, entry["threshold"], entry["ragtruth_dev"], entry["ragtruth_dev_task_auroc"],
              entry["behaviour_floors_met"], entry["halueval_dev_accuracy"], entry["weights"], file=sys.stderr)
    json.dump(out, sys.stdout, indent=1)


if __name__ == "__main__":
    main()

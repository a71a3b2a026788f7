"""The reader refit on verifier v3b's readings (issues 59 item 4, 60): the same features read with v2.1 and with v3b.

    python experiments/reader-v8/fit.py [CACHE_V21_DIR] [CACHE_V3B_DIR] > experiments/reader-v8/metrics.json

Caches (outside the repository). v3b: `veracity train reader --config configs/reader-small.yaml --set
verifier=../runs/verifier-small-v3b/model` with the cache paths set to CACHE_V3B_DIR (`reader-v8`, `reader-dev-v8`,
`span-v8`, `span-dev-v8`), and the behavioural suite (`dev:behaviour`) read the same way into `reader-behaviour-v8` /
`span-beh-v8`. v2.1: the shipped caches (`reader-v7`, `reader-dev-v7`, default ../runs/cache-s5), whose suite cache
was read by older rule code, so the suite is also read again with v2.1 and this code (`reader-behaviour-v8a` /
`span-beh-v8a` in CACHE_V3B_DIR): the suite rows compare verifiers, not code.

Selection rule, written before any variant was fitted: the v3b refit replaces the shipped reader when the mean of
its three per-task ragtruth:dev AUROCs is at least the v2.1 refit's less 0.005 and it meets at least as many of the
behavioural suite's floors (both read by this code); else the reader stays on v2.1. Features are the shipped ones
(configs/reader-small.yaml), unchanged.

Added after the two were seen, as a diagnostic of why v3b lost (not a candidate under the rule): "v3b, unseen
answers" fits on the v3b caches without the training answers whose id the v3b NLI build drew for its reader-form
pairs or edits (`doc_id` of `../runs/nli-data-v3b/train.jsonl`; NLI_BUILD, the third argument).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import yaml

from veracity.data.behaviour_suite import read_behaviour_cases
from veracity.training.reader import MIXTURE, fit_reader, read_as_top_one

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("choose", ROOT / "experiments" / "reader-choice" / "choose.py")
choose = importlib.util.module_from_spec(spec)
spec.loader.exec_module(choose)  # type: ignore[union-attr]


def load(cache: Path, unit: str, span: str) -> list[dict]:
    """A unit cache with its span side cache, read as one aligned sentence a unit."""
    return read_as_top_one(choose.load_cache(cache, unit, span))


def main() -> None:
    """Fit the shipped features on each verifier's caches; measure on dev and the suite; print metrics.json."""
    v21 = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "runs" / "cache-s5"
    v3b = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT.parent / "runs" / "cache-s7"
    cfg = yaml.safe_load((ROOT / "configs" / "reader-small.yaml").read_text(encoding="utf-8"))
    cases = read_behaviour_cases("all")
    common = {"tau": cfg["tau"], "unit_share": cfg["unit_share"], "single_sources": (),
              "floor_signals": tuple(cfg["floors"]), "floor_threshold": tuple(cfg["floor_threshold"])}  # fmt: skip
    readings = {
        "v2.1": (load(v21, "reader-v7", "span-v7"), load(v21, "reader-dev-v7", "span-dev-v7"),
                 load(v3b, "reader-behaviour-v8a", "span-beh-v8a")),
        "v3b": (load(v3b, "reader-v8", "span-v8"), load(v3b, "reader-dev-v8", "span-dev-v8"),
                load(v3b, "reader-behaviour-v8", "span-beh-v8")),
    }  # fmt: skip
    nli_build = Path(sys.argv[3]) if len(sys.argv) > 3 else ROOT.parent / "runs" / "nli-data-v3b"
    seen = set()
    with (nli_build / "train.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            if row["source"] == "edits" or row["source"].startswith("reader:"):
                seen.add(row.get("doc_id"))
    readings["v3b, unseen answers"] = ([r for r in readings["v3b"][0] if r["example"] not in seen], *readings["v3b"][1:])
    out: dict = {"command": "python experiments/reader-v8/fit.py", "caches": [str(v21), str(v3b)], "variants": {}}
    for name, (train, dev, beh) in readings.items():
        train = [r for r in train if r["source"] in cfg["limits"]]
        model, figures = fit_reader(train, list(cfg["features"]), MIXTURE, cfg["l2"], **common)
        out["variants"][name] = entry = {
            "threshold": round(model.threshold, 4),
            "weights": {k: v for k, v in figures["weights"].items() if abs(v) > 0.005},
            **choose.dev_entry(model, dev),
            "behaviour": choose.behaviour(model, beh, cases),
        }
        print(name, entry["threshold"], entry["ragtruth_dev"], entry["ragtruth_dev_task_auroc_mean"],
              entry["behaviour"]["floors_met"], file=sys.stderr)  # fmt: skip
    a, b = out["variants"]["v2.1"], out["variants"]["v3b"]
    out["chosen"] = (
        "v3b"
        if b["ragtruth_dev_task_auroc_mean"] >= a["ragtruth_dev_task_auroc_mean"] - 0.005
        and b["behaviour"]["floors_met"] >= a["behaviour"]["floors_met"]
        else "v2.1"
    )
    json.dump(out, sys.stdout, indent=1)


if __name__ == "__main__":
    main()

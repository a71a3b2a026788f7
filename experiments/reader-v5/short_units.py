"""A probe for HaluEval QA's wrong one-line answers: does NLI weigh more in a short unit? Not shipped.

    python experiments/reader-v5/short_units.py > experiments/reader-v5/short-units.json

Variant E of `fit.py` with one more signal, `short_x_nli` = [the unit has at most CUT content words] × nli_not_entailed
(monotone, weight ≥ 0: a unit-level property, so appending a sentence cannot lower the answer's P). HaluEval QA's
wrong answers rank at AUROC 0.988 but half fall under the threshold; if NLI were merely under-weighted for short
claims, this signal would lift them. It does not: the HaluEval QA dev accuracy stays at 0.755-0.76 for every cut,
and RAGTruth's AUROC falls.
"""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path

import yaml

from veracity.detectors.reader import signals
from veracity.training.reader import MIXTURE, evaluate_rows, fit_reader

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("fit", ROOT / "experiments" / "reader-v5" / "fit.py")
fit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fit)  # type: ignore[union-attr]


def main() -> None:
    """Fit E with and without the short-unit interaction at four cuts; print the figures."""
    cfg = yaml.safe_load((ROOT / "configs" / "reader-small.yaml").read_text(encoding="utf-8"))
    cases = fit.read_behaviour_cases("all")
    train, dev, beh = fit.caches("checker@-v6")
    train = [r for r in train if r["source"] in cfg["limits"]]
    out: dict[str, object] = {"command": "python experiments/reader-v5/short_units.py", "cuts": {}}
    for cut in (None, 6, 8, 10, 12):
        features = list(cfg["features"])
        if cut:
            for rows in (train, dev, beh):
                for r in rows:
                    r["signals"]["short_unit"] = float(r["signals"].get("content_words_log", 9.0) <= math.log(cut))
            signals.DIRECTIONS["short_unit"] = 0
            signals.INTERACTIONS["short_x_nli"] = ("short_unit", "nli_not_entailed")
            signals.DIRECTIONS["short_x_nli"] = 1
            features.append("short_x_nli")
        model, _ = fit_reader(train, features, MIXTURE, cfg["l2"], tau=cfg["tau"], unit_share=cfg["unit_share"],
                              single_sources=(), floor_signals=tuple(cfg["floors"]),
                              floor_threshold=tuple(cfg["floor_threshold"]))  # fmt: skip
        dev_figures = evaluate_rows(model, dev)
        out["cuts"][str(cut)] = {  # type: ignore[index]
            "threshold": round(model.threshold, 4),
            "ragtruth_dev": fit.choose.ragtruth_overall(model, dev),
            "ragtruth_dev_task_auroc": {
                t: dev_figures.get(f"dev:ragtruth:dev/{t}", {}).get("auroc") for t in ("QA", "Summary", "Data2txt")
            },
            "halueval_dev_accuracy": {k: v.get("accuracy") for k, v in dev_figures.items() if "halueval" in k},
            "suite_floors": fit.choose.behaviour(model, beh, cases)["floors_met"],
        }
    json.dump(out, sys.stdout, indent=1, default=float)


if __name__ == "__main__":
    main()

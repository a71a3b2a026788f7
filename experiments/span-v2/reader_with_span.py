"""Does the span model v2 earn its place in the reader? Variants fitted on the reader's training cache, measured on
its dev cache and the behavioural suite's cache (the suite for reference, not for selection).

    python experiments/span-v2/reader_with_span.py ../cache/reader-v3.jsonl ../cache/reader-dev-v3.jsonl \
        ../cache/reader-behaviour-v3.jsonl ../cache/span-v4.jsonl ../cache/span-dev-v4.jsonl \
        ../cache/span-beh-v4.jsonl > experiments/span-v2/reader-metrics.json

The span side caches: `build_span_cache` in veracity.training.reader (same format as
experiments/reader-choice/span_side.py), with the span model v2. Selection rule (written before the run): the
variant with the best mean of the three per-task ragtruth:dev AUROCs, unless it meets fewer suite floors than the
shipped variant.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import yaml

from veracity.data.behaviour_suite import read_behaviour_cases
from veracity.training.reader import MIXTURE, evaluate_rows, fit_reader, read_rows, with_span_signals

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("choose", ROOT / "experiments" / "reader-choice" / "choose.py")
choose = importlib.util.module_from_spec(spec)
spec.loader.exec_module(choose)  # type: ignore[union-attr]

RAGTRUTH_HALF = {k: (0.5 if k == "ragtruth" else v * 0.5 / 0.65) for k, v in MIXTURE.items()}
SPAN = ["span_max", "span_mean", "span_max>=0.3", "span_max>=0.5", "span_max>=0.7", "span_max>=0.9"]


def main() -> None:
    train, dev, beh = (read_rows(Path(p)) for p in sys.argv[1:4])
    for rows, side in zip((train, dev, beh), sys.argv[4:7], strict=True):
        with_span_signals(rows, Path(side))
    cases = read_behaviour_cases("all")
    cfg = yaml.safe_load((ROOT / "configs" / "reader-small.yaml").read_text(encoding="utf-8"))
    features, floors = cfg["features"], tuple(cfg["floors"])
    common = {"tau": cfg["tau"], "unit_share": cfg["unit_share"], "single_sources": (), "floor_signals": floors}
    no_nli = [f for f in features if not f.startswith("nli_")]
    variants = {
        "shipped (no span signals)": (features, MIXTURE),
        "span signals added": ([*features, *SPAN], MIXTURE),
        "span signals added, steps only": ([*features, *SPAN[2:]], MIXTURE),
        "span signals, no NLI": ([*no_nli, *SPAN], MIXTURE),
        # added after the first four were seen: RAGTruth's share raised (the span signal is strongest there)
        "span signals added, RAGTruth share 0.5": ([*features, *SPAN], RAGTRUTH_HALF),
        "span signals (more steps) added": ([*features, *SPAN, "span_max>=0.2", "span_max>=0.4", "span_mean>=0.1", "span_mean>=0.2"], MIXTURE),
    }
    out = {"command": " ".join(["python", *sys.argv]), "mixture": MIXTURE, "variants": {}}
    for name, (feats, mixture) in variants.items():
        model, fig = fit_reader(train, feats, mixture, cfg["l2"], **common)
        dev_figures = evaluate_rows(model, dev)
        tasks = [dev_figures.get(f"dev:ragtruth:dev/{t}", {}).get("auroc") for t in ("QA", "Summary", "Data2txt")]
        out["variants"][name] = {
            "threshold": round(model.threshold, 4),
            "ragtruth_dev": choose.ragtruth_overall(model, dev),
            "ragtruth_dev_task_auroc_mean": round(sum(tasks) / 3, 4) if all(tasks) else None,
            "dev": {k: {m: v.get(m) for m in ("auroc", "f1", "accuracy", "ece")} for k, v in dev_figures.items()},
            "behaviour": choose.behaviour(model, beh, cases),
            "weights": fig["weights"],
        }
        print(name, out["variants"][name]["ragtruth_dev"], out["variants"][name]["ragtruth_dev_task_auroc_mean"],
              out["variants"][name]["behaviour"]["floors_met"], file=sys.stderr)  # fmt: skip
    json.dump(out, sys.stdout, indent=1)


if __name__ == "__main__":
    main()

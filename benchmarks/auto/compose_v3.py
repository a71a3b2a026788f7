"""auto with the third choice's routes on a test set, reusing an earlier auto run where the route did not change.

usage: python benchmarks/auto/compose_v3.py DATASET EARLIER_RUN OUT_DIR

A route that is the same detector with the same settings and calibrator gives the same report, so for each example
whose route under the new `auto` (`veracity.detectors.auto.route_of`) is unchanged from the earlier run's
`routed_to`, the earlier prediction row is kept as it is; every other example is predicted again by the new `auto`.
The earlier run must be of the routes that are unchanged (checked: its rows name their route). The metrics are
written by the harness's own summary; metrics.json records this command and how many rows were predicted anew.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from veracity._jsonl import read_rows
from veracity.data.loaders import Example, load_dataset
from veracity.detectors import load_detector
from veracity.detectors.auto import AutoConfig, Route, route_of
from veracity.eval.harness import METRICS, PREDICTIONS, predict_example, summarize

_STAGE3 = Route(detector="verifier", settings={"model": "veracity-nli-small-stage3"}, calibration="shipped:verifier-stage3")
EARLIER_ROUTES = {"qa": Route(detector="litehall"), "dialogue": _STAGE3, "summary": _STAGE3}  # the second choice's


def main() -> None:
    dataset, earlier_dir, out = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    earlier = {str(r["id"]): r for r in read_rows(earlier_dir / PREDICTIONS)}
    config = AutoConfig()
    unchanged = {route for route, before in EARLIER_ROUTES.items() if getattr(config, route) == before}
    out.mkdir(parents=True, exist_ok=True)
    done = {str(r["id"]) for r in read_rows(out / PREDICTIONS)}
    auto = None
    reused = anew = 0
    with (out / PREDICTIONS).open("a", encoding="utf-8") as handle:
        for record in load_dataset(dataset):
            if not isinstance(record, Example) or record.id in done:
                continue
            route = route_of(record.answer, record.question, config.long_form_words)
            row = earlier.get(record.id)
            if route in unchanged and row is not None and row.get("routed_to") == route:
                reused += 1
            else:
                auto = auto or load_detector("auto")
                row = predict_example(auto, record)
                anew += 1
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    result = summarize(out)
    result.update(
        dataset=dataset,
        detector="auto",
        command=f"python benchmarks/auto/compose_v3.py {dataset} {earlier_dir} {out}",
        composed={"reused_from": str(earlier_dir), "unchanged_routes": sorted(unchanged),
                  "rows_reused_this_run": reused, "rows_predicted_this_run": anew},
    )  # fmt: skip
    (out / METRICS).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps({k: result["metrics"].get(k) for k in ("accuracy", "balanced_accuracy", "f1", "auroc", "ece")}))


if __name__ == "__main__":
    main()

"""auto with the consistency checkers on every route (issue 43), reusing an earlier auto run's route reports.

usage: python benchmarks/auto/compose_consistency.py DATASET EARLIER_RUN OUT_DIR

A route that is the same detector with the same settings and calibrator gives the same report; today's `auto` then
adds the consistency checkers to it (`AutoDetector.with_consistency`: findings, and P held at the fused model's
floor). So for each example whose route is unchanged from the earlier run's `routed_to` and is not `fused` (whose
model changed), the earlier row's report is rebuilt from its score, threshold and spans, passed through
`with_consistency`, and written with the new score, verdict and spans; every other example is predicted again by
today's `auto`. metrics.json records this command and how many rows were predicted anew.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from veracity._jsonl import read_rows
from veracity.data.loaders import Example, load_dataset
from veracity.detectors import load_detector
from veracity.detectors.auto import AutoConfig, AutoDetector, Route, route_of
from veracity.detectors.base import as_documents
from veracity.eval.harness import METRICS, PREDICTIONS, predict_example, summarize
from veracity.schema import Report, TextSpan

_STAGE3 = Route(detector="verifier", settings={"model": "veracity-nli-small-stage3"}, calibration="shipped:verifier-stage3")
EARLIER_ROUTES = {  # the fourth choice's routes that are not fused
    "qa": Route(detector="litehall"),
    "dialogue": _STAGE3,
    "claim": Route(detector="verifier", calibration="shipped:claim-verifier"),
    "long_qa": Route(detector="span"),
}


def main() -> None:
    dataset, earlier_dir, out = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    earlier = {str(r["id"]): r for r in read_rows(earlier_dir / PREDICTIONS)}
    config = AutoConfig()
    unchanged = {route for route, before in EARLIER_ROUTES.items() if getattr(config, route) == before}
    out.mkdir(parents=True, exist_ok=True)
    done = {str(r["id"]) for r in read_rows(out / PREDICTIONS)}
    auto = load_detector("auto")
    assert isinstance(auto, AutoDetector)
    reused = anew = changed = 0
    with (out / PREDICTIONS).open("a", encoding="utf-8") as handle:
        for record in load_dataset(dataset):
            if not isinstance(record, Example) or record.id in done:
                continue
            route = route_of(record.answer, record.question, config.long_form_words)
            row = earlier.get(record.id)
            if route in unchanged and row is not None and row.get("routed_to") == route and "error" not in row:
                report = Report.decide(
                    score=row["score"],
                    threshold=row["threshold"],
                    answer=record.answer,
                    question=record.question,
                    detector="auto",
                    hallucinated_spans=[TextSpan.of(record.answer, s, e) for s, e in row.get("spans") or []],
                )
                checked = auto.with_consistency(report, record.answer, as_documents(record.context))
                row = {
                    **row,
                    "score": checked.score,
                    "predicted": int(checked.verdict == "hallucinated"),
                    "spans": [[s.start, s.end] for s in checked.hallucinated_spans],
                }
                changed += int(checked.score != report.score)
                reused += 1
            else:
                row = predict_example(auto, record)
                anew += 1
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    result = summarize(out)
    result.update(
        dataset=dataset,
        detector="auto",
        command=f"python benchmarks/auto/compose_consistency.py {dataset} {earlier_dir} {out}",
        composed={"reused_from": str(earlier_dir), "unchanged_routes": sorted(unchanged),
                  "rows_reused_this_run": reused, "rows_predicted_this_run": anew,
                  "reused_rows_whose_score_the_checkers_changed": changed},
    )  # fmt: skip
    (out / METRICS).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps({k: result["metrics"].get(k) for k in ("accuracy", "balanced_accuracy", "f1", "auroc", "ece")}))


if __name__ == "__main__":
    main()

"""Evidence floors applied after the final calibration map (P = max(P, floor)) against the shipped order, on the dev
and behavioural-suite caches, with the shipped reader model (no refit): a lead for the next session, not shipped.

    python experiments/span-v2/floors_after.py > experiments/span-v2/floors-after-metrics.json
"""
import json, collections
from pathlib import Path
import numpy as np
from sklearn.metrics import roc_auc_score, f1_score
from veracity.training.reader import read_rows, with_span_signals, unit_values, calibration_error
from veracity.detectors.reader.model import ReaderModel
from veracity.detectors.reader import resolve_reader_model
from veracity.data.behaviour_suite import read_behaviour_cases
from veracity.eval.behaviour import Outcome, behaviour_metrics
model = ReaderModel.load(resolve_reader_model("veracity-reader-small"))
def scores(rows, after):
    units, floor, meta = collections.defaultdict(list), collections.defaultdict(float), {}
    for r in rows:
        k=(r["source"], r["example"]); v=unit_values(r); units[k].append(model.read(v).z); floor[k]=max(floor[k], model.floor_of(v)); meta[k]=(r.get("task"), r["answer_label"])
    out={}
    for k,zs in units.items():
        p = model.answer_probability(zs, floor[k])
        if after: p = max(p, floor[k])
        out[k]=(p, meta[k])
    return out
dev = read_rows(Path("../cache/reader-dev-v3.jsonl")); with_span_signals(dev, Path("../cache/span-dev-v4.jsonl"))
beh = read_rows(Path("../cache/reader-behaviour-v3.jsonl")); with_span_signals(beh, Path("../cache/span-beh-v4.jsonl"))
cases = read_behaviour_cases("all")
res={}
for after in (False, True):
    s = scores(dev, after)
    rt = [(p,y) for (src,_),(p,(t,y)) in s.items() if src=="dev:ragtruth:dev"]
    p=np.array([a for a,_ in rt]); y=np.array([b for _,b in rt])
    b = scores(beh, after)
    outcomes={k[1]: Outcome(p_, model.threshold, "hallucinated" if p_>=model.threshold else "faithful") for k,(p_,_) in b.items()}
    m = behaviour_metrics([c for c in cases if c["id"] in outcomes], outcomes)
    res["floors after the final map" if after else "shipped"] = {"ragtruth_dev_auroc": round(roc_auc_score(y,p),4), "f1": round(f1_score(y,p>=model.threshold),4), "ece": round(calibration_error(p,y.astype(float)),4), "suite_floors": m["floors_met"], "absent_by_length": m["summary"]["absent_by_length"]}
print(json.dumps(res, indent=1))

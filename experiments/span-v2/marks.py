"""How should the reader mark a hallucinated answer once the span model runs? Variants read off one ragtruth:dev run of
the reader (its marks, verdicts) and the span model v2 tokens of the same answers (span_sweep.py tokens.jsonl).

    python experiments/span-v2/marks.py ../cache/runs-v4a/ragtruth-dev_reader/predictions.jsonl > experiments/span-v2/marks-metrics.json

Figures: character-level span F1, precision, recall over all 894 answers (RAGTruth reading). Chosen: C at 0.25 (the
span detector's own token threshold).
"""
import json
import sys
from pathlib import Path
from veracity._jsonl import read_rows
pred = {r["id"]: r for r in read_rows(Path(sys.argv[1]))}
tok = {r["id"]: r for r in read_rows(Path("../runs/span-sweep-v2/tokens.jsonl"))}
def runs(t, th=0.25):
    out=[]
    for (s,e),p in zip(t["offsets"], t["probs"]):
        if p>=th:
            if out and s-out[-1][1] <= 1: out[-1][1]=e
            else: out.append([s,e])
    return out
def f1(variant):
    tp=fp=fn=0
    for i,r in pred.items():
        gold=set(); [gold.update(range(s,e)) for s,e in r["gold_spans"]]
        p=set(); [p.update(range(s,e)) for s,e in variant(r, tok[i])]
        tp+=len(gold&p); fp+=len(p-gold); fn+=len(gold-p)
    return round(2*tp/(2*tp+fp+fn),4), round(tp/max(1,tp+fp),3), round(tp/max(1,tp+fn),3)
out = {"command": "python " + " ".join(sys.argv)}
out["A: the reader (flagged units only)"] = f1(lambda r,t: r["spans"])
out["B: the span model alone"] = f1(lambda r,t: runs(t))
out["C: A + the span marks of every unit of a flagged answer"] = f1(lambda r,t: r["spans"] + (runs(t) if r["predicted"] else []))
out["D: the span marks of a flagged answer only"] = f1(lambda r,t: runs(t) if r["predicted"] else [])
for th in (0.15,0.2,0.3):
    out[f"D at token threshold {th}"] = f1(lambda r,t: runs(t,th) if r["predicted"] else [])
    out[f"C at token threshold {th}"] = f1(lambda r,t: r["spans"] + (runs(t,th) if r["predicted"] else []))
print(json.dumps(out, indent=1))

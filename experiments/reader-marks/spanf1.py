"""Span F1 on ragtruth:dev, the marks before (8bd1e31's unit_marks) and after issue 76, from one reading each."""
import sys, json
from collections.abc import Sequence
from veracity.data.loaders import _ragtruth_split_file
from veracity.data import loaders
from pathlib import Path
from veracity.detectors.reader import ReaderDetector
from veracity.detectors.reader.detector import UnitReading
from veracity.eval import metrics as m
from veracity.schema import Document, Finding
from veracity.text.split import merge_ranges

class Old(ReaderDetector):
    @staticmethod
    def unit_marks(answer, reading, findings):
        evidence = list(reading.marks)
        evidence += [(f.span.start, f.span.end) for f in findings
                     if f.relation == "contradicted" and reading.start <= f.span.start < reading.end]
        evidence = ReaderDetector.content_marks(answer, evidence)
        spans = ReaderDetector.content_marks(answer, reading.span_marks)
        if evidence:
            whole = 0.8 * (reading.end - reading.start)
            spans = [(s, e) for s, e in spans if e - s < whole]
        return evidence + spans or [(reading.start, reading.end)]
    @staticmethod
    def span_marks(answer, reading, marks=None, keep=()):
        return ReaderDetector.content_marks(answer, reading.span_marks)

new = ReaderDetector.from_config()
old = Old(new.model, new.settings, new.model_path, new.stages)
limit = int(sys.argv[1]) if len(sys.argv) > 1 else 10**9
counts = {"old": m.PRF(), "new": m.PRF()}
changed = 0
examples = [e for e in _ragtruth_split_file(Path("../shared/data/ragtruth/dev.jsonl.gz")) if hasattr(e, "spans")][:limit]
for k, ex in enumerate(examples):
    docs = [Document(id=f"d{i}", text=t) for i, t in enumerate(ex.context) if t.strip()]
    if not ex.answer.strip() or not docs:
        continue
    readings, findings, _ = new.read(ex.answer, docs, ex.question)
    out = {}
    for name, det in (("old", old), ("new", new)):
        thr = det.threshold
        scored = det.score_units(ex.answer, readings, findings, docs, thr)
        score = det.model.answer_probability(scored.zs, scored.floor)
        marked = list(scored.marked)
        if score >= thr:
            marked += [mk for r, s in zip(readings, scored.sentences) if not s.hallucinated for mk in det.span_marks(ex.answer, r)]
        spans = merge_ranges(marked) if score >= thr else merge_ranges(marked)
        out[name] = (score, spans)
        counts[name] += m.span_overlap(ex.spans, spans)
    assert out["old"][0] == out["new"][0]
    if out["old"][1] != out["new"][1]:
        changed += 1
        if changed <= 25:
            print("CHANGED", ex.id, [ex.answer[s:e] for s, e in out["old"][1]], "->", [ex.answer[s:e] for s, e in out["new"][1]], "gold", [ex.answer[s:e] for s, e in ex.spans], flush=True)
for name, c in counts.items():
    print(name, "P %.4f R %.4f F1 %.4f" % (c.precision(), c.recall(), c.f1()))
print("answers", len(examples), "with changed marks", changed)

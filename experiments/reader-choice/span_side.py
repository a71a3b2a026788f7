"""Side cache: the span model's token probabilities per cached unit (span_max, span_mean)."""

import json, sys, time
from pathlib import Path
from collections import defaultdict
from veracity.detectors.span import SpanConfig, SpanDetector
from veracity.detectors.base import as_documents
from veracity.training.reader_sources import examples_of
from veracity.detectors.reader.signals import span_sentence_signals

cache, out = Path(sys.argv[1]), Path(sys.argv[2])
units = defaultdict(list)
for l in open(cache):
    r = json.loads(l)
    if not r.get("skipped"):
        units[(r["source"], r["example"])].append((r["unit"], r["start"], r["end"]))
sources = sorted({s for s, _ in units})
done = set()
if out.exists():
    for l in open(out):
        try:
            d = json.loads(l)
            done.add((d["source"], d["example"]))
        except ValueError:
            pass
span = SpanDetector.from_config(SpanConfig(model="veracity-span-small", quantize="int8"))
t0 = time.time()
n = 0
with open(out, "a") as h:
    for source in sources:
        want = {e for s, e in units if s == source}
        for ex in examples_of(source, Path("/work/shared/data")):
            if ex.id not in want or (source, ex.id) in done:
                continue
            docs = [d.text for d in as_documents(ex.context)]
            tok = span.token_probabilities(ex.answer, docs, ex.question)
            for unit, start, end in units[(source, ex.id)]:
                probs = [p for (s, e), p in zip(tok.offsets, tok.probs) if start <= s < end]
                h.write(
                    json.dumps({"source": source, "example": ex.id, "unit": unit, **span_sentence_signals(probs)})
                    + "\n"
                )
            want.discard(ex.id)
            n += 1
            if n % 200 == 0:
                print(source, n, f"{n / (time.time() - t0):.1f}/s", flush=True)
            if not want:
                break

"""Which source text should the NLI read a unit against, the lexical choice or the aligner's? ``premise.py [N]``.

For the first N answers (default 450) of the reader's RAGTruth dev selection (``dev:ragtruth:dev``, as its dev cache
reads them), each reader unit is read by the reader's NLI model against four premises:

- ``lexical``: the source sentence sharing its rarest words (``SourceIndex.align``, top 1: what the reader reads),
- ``aligner``: the source clause the aligner (``veracity-aligner-small``) ranks first, clauses written after what they
  are about (``aligned_text``), the unit as written,
- ``aligner-masked``: the same with every value masked in the unit and the clauses (as the aligner was trained),
- ``lexical-top5-aligner``: the lexical top 5, of which the aligner's first.

Writes ``premise.json``: each premise's unit-level AUROC (P(not entailed) and P(contradiction) against the unit's
label: it overlaps a human-marked span), the AUROC of the better of the lexical and each other premise, and how often
the choices agree. Issue 77, item 2 (every consumer on the aligner): measured before building it into the reader.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import numpy as np
from sklearn.metrics import roc_auc_score

from veracity.detectors.base import as_documents
from veracity.detectors.reader import ReaderDetector
from veracity.detectors.reader.detector import reader_sentences
from veracity.detectors.reader.premises import nli_pair
from veracity.models.embedder import SentenceTransformerEmbedder
from veracity.stages.sources import SourceIndex, Sources
from veracity.stages.verify.checkers.masked.frames import placeholder
from veracity.text.about import aligned_text
from veracity.text.values.kinds import sentence_values
from veracity.training.reader import labelled_units
from veracity.training.reader_sources import examples_of

PREMISES = ("lexical", "aligner", "aligner-masked", "lexical-top5-aligner")


def masked(text: str) -> str:
    """``text`` with each value it states written as its kind's other-value placeholder ("[other AMOUNT]")."""
    out, last = [], 0
    for value in sorted(sentence_values(text), key=lambda v: v.start):
        if value.start >= last:
            out += [text[last : value.start], placeholder(value.kind, other=True)]
            last = value.end
    return "".join([*out, text[last:]])


def main(limit: int, data: Path) -> dict[str, object]:
    """The four premises read for the first ``limit`` answers; the figures written to premise.json."""
    reader = ReaderDetector.from_config()
    reader.load_models()
    nli = reader.stages.nli.get()
    aligner = SentenceTransformerEmbedder("veracity-aligner-small")
    rows: list[dict[str, object]] = []
    started = time.perf_counter()
    for n, example in enumerate(examples_of("dev:ragtruth:dev", data)):
        if n >= limit:
            break
        documents = as_documents(example.context)
        units = reader_sentences(example.answer)
        labels = labelled_units(example, units, False)
        sources = Sources(documents)
        clauses = [c for c in sources.clauses if c.text.strip()]
        if labels is None or not clauses:
            continue
        index = SourceIndex([d.text for d in documents], example.question)
        abouts = [sources.about(c.document, c.start) for c in clauses]
        clause_v = np.asarray(aligner.embed([aligned_text(a, c.text) for a, c in zip(abouts, clauses, strict=True)]))
        masked_v = np.asarray(
            aligner.embed([aligned_text(a, masked(c.text)) for a, c in zip(abouts, clauses, strict=True)])
        )
        texts = [example.answer[s:e] for s, e in units]
        unit_v = np.asarray(aligner.embed(texts))
        unit_mv = np.asarray(aligner.embed([masked(t) for t in texts]))
        pairs, meta = [], []
        for k, (text, label) in enumerate(zip(texts, labels, strict=True)):
            top5 = index.align(text, top_k=5, window=0)
            chosen = {
                "lexical": top5[0].text if top5 else "",
                "aligner": clauses[int(np.argmax(clause_v @ unit_v[k]))].text,
                "aligner-masked": clauses[int(np.argmax(masked_v @ unit_mv[k]))].text,
                "lexical-top5-aligner": top5[
                    int(np.argmax(np.asarray(aligner.embed([t.text for t in top5])) @ unit_v[k]))
                ].text
                if top5
                else "",
            }
            pairs += [nli_pair(chosen[p], text, text, index) for p in PREMISES]
            meta.append((label, {p: chosen[p] == chosen["lexical"] for p in PREMISES}))
        scored = nli.score(pairs)
        for j, (label, same) in enumerate(meta):
            read = scored[len(PREMISES) * j : len(PREMISES) * (j + 1)]
            rows.append({"label": label, "same": same,
                         **{p: [float(x) for x in r] for p, r in zip(PREMISES, read, strict=True)}})  # fmt: skip
        if n % 100 == 0:
            print(f"{n} answers, {len(rows)} units, {time.perf_counter() - started:.0f}s", flush=True)
    y = np.array([r["label"] for r in rows])

    def auroc(x: list[float]) -> float:
        return round(float(roc_auc_score(y, x)), 4)

    result: dict[str, object] = {"answers": limit, "units": len(rows), "hallucinated_units": int(y.sum())}
    for p in PREMISES:
        result[p] = {
            "auroc_not_entailed": auroc([1 - r[p][0] for r in rows]),  # type: ignore[index]
            "auroc_contradiction": auroc([r[p][2] for r in rows]),  # type: ignore[index]
            "same_as_lexical": round(float(np.mean([r["same"][p] for r in rows])), 4),  # type: ignore[index]
        }
        if p != "lexical":
            result[p]["auroc_not_entailed_best_of_both"] = auroc([1 - max(r[p][0], r["lexical"][0]) for r in rows])  # type: ignore[index]
    return result


if __name__ == "__main__":
    from veracity.data.loaders import default_data_dir

    out = main(int(sys.argv[1]) if len(sys.argv) > 1 else 450, default_data_dir())
    Path(__file__).with_name("premise.json").write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))

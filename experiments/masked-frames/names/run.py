"""Names attached by masked frames (issue 70, item 3): the name margin, chosen on RAGTruth training data only.

For every answer unit (the reader's units: ``reader_sentences``) of RAGTruth train and a train-upstream sample, each
name's attachment gap (:meth:`MaskedFrameChecker.attachments` with names on, values off) is computed once; then:

* the margin: the smallest m at which name findings (gap > m) fire on at most 0.5% of the faithful units of the
  training data (the procedure of ../run.py, ``choose_margin``);
* at that m: faithful units fired, and hallucinated name units flagged (units overlapping a marked span with a
  PERSON/ORG name inside the span; flagged when the rule fires at a name inside the span), per split;
* the same at a few other margins (the curve), the flagged and fired examples at the chosen m (for reading), and the
  cost (parses and frames per answer).

Reads only ../../../../shared/data/ragtruth/{train,train-upstream}.jsonl.gz; caches vectors under
../../../../cache/masked-frames/names-minilm.npz. Never reads dev, the behaviour suite, benchmarks/frames-heldout/
or experiments/derived-values/frozen/.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from veracity.detectors.reader.signals import reader_sentences
from veracity.models.embedder import SentenceTransformerEmbedder
from veracity.schema import Document
from veracity.stages.sources import AnswerUnits, Sources
from veracity.stages.verify.checkers.masked import MaskedFrameChecker
from veracity.stages.verify.checkers.masked.names import NAME_KINDS, name_values

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
DATA = ROOT.parent / "shared" / "data" / "ragtruth"
CACHE = ROOT.parent / "cache" / "masked-frames" / "names-minilm.npz"
TARGET = 0.005
SAMPLE = int(sys.argv[1]) if len(sys.argv) > 1 else 8  # train-upstream: one source in SAMPLE, by hash
SETTINGS = {"persons and organisations": NAME_KINDS, "persons only": frozenset({"PERSON"})}
"""Which answer names are read (by spaCy's label of the answer's name; source names of both labels compete)."""
CHOSEN = "persons and organisations"
"""The setting the margin is chosen for: the issue's names. "persons only" is measured beside it, not chosen: the
small pipeline labels persons ORG (the issue's own "Cllr Farrow"), so a label is no sound basis to read a name by."""
CURVE = (0.0, 0.025, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2, 0.25, 0.3)


def read_rows(split: str) -> list[dict[str, Any]]:
    """The rows of ``shared/data/ragtruth/<split>.jsonl.gz``."""
    with gzip.open(DATA / f"{split}.jsonl.gz", "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def source_key(row: dict[str, Any]) -> str:
    """The key of a row's sources (RAGTruth rows share them by ``source_id``)."""
    return f"{row.get('task', '')}:{row['source_id']}"


def in_sample(key: str) -> bool:
    """The train-upstream sample: one source in :data:`SAMPLE` by a hash of its key (8: ../run.py's sample)."""
    return int(hashlib.sha1(key.encode("utf-8")).hexdigest()[:8], 16) % SAMPLE == 0


class DiskCachedEmbedder:
    """The project's embedder behind a vector store on disk (by sha1 of the text); counts what it computed."""

    def __init__(self, inner: SentenceTransformerEmbedder, path: Path) -> None:
        self.inner, self.path, self.model_id = inner, path, inner.model_id
        self.index: dict[str, int] = {}
        self.rows: list[np.ndarray] = []
        self.computed, self.seconds = 0, 0.0
        if path.exists():
            data = np.load(path, allow_pickle=False)
            for key, vector in zip(data["keys"].tolist(), data["vectors"], strict=True):
                self.index[key] = len(self.rows)
                self.rows.append(vector)
        self.seeded = len(self.index)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """The vectors of ``texts``, computing only those not stored."""
        keys = [hashlib.sha1(t.encode("utf-8")).hexdigest() for t in texts]
        missing = list(dict.fromkeys((k, t) for k, t in zip(keys, texts, strict=True) if k not in self.index))
        if missing:
            started = time.perf_counter()
            fresh = self.inner.embed([t for _, t in missing])
            self.seconds += time.perf_counter() - started
            self.computed += len(missing)
            for (k, _), v in zip(missing, fresh, strict=True):
                self.index[k] = len(self.rows)
                self.rows.append(v)
        return np.stack([self.rows[self.index[k]] for k in keys]) if keys else np.zeros((0, 384), np.float32)

    def save(self) -> None:
        """Write the store to disk."""
        if not self.rows:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        keys = np.array(sorted(self.index, key=lambda k: self.index[k]))
        np.savez(self.path.with_suffix(".tmp.npz"), vectors=np.stack(self.rows), keys=keys)
        self.path.with_suffix(".tmp.npz").replace(self.path)


def _inside(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    return any(x < end and start < y for x, y in spans)


Row = dict[str, Any]


def unit_records(checker: MaskedFrameChecker, rows: list[Row], embedder: DiskCachedEmbedder) -> list[Row]:
    """Per answer unit: faithful or not, and its largest name gap.

    For a hallucinated unit also whether a name lies inside a marked span, and the largest gap of those names.
    """
    by_source: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_source.setdefault(source_key(row), []).append(row)
    out = []
    for n, group in enumerate(by_source.values()):
        sources = Sources([Document(id=f"c{k}", text=t) for k, t in enumerate(group[0]["context"])])
        for row in group:
            answer, spans = row["answer"], [(s["start"], s["end"]) for s in row.get("spans", [])]
            read = AnswerUnits.of(answer, reader_sentences(answer))
            every = checker.attachments(read, sources)
            # the gap the rule holds to the margin (a name the unit names beside its rival: only as a swap)
            attached = [(a, g) for a, g in zip(every, checker.rule_gaps(read, every), strict=True)
                        if a.value.kind in NAME_KINDS]  # fmt: skip
            for start, end in read.units:
                faithful = not any(a < end and start < b for a, b in spans)
                mine = [(a, g) for a, g in attached if start <= a.value.start < end and g is not None]
                record: dict[str, Any] = {"row": row["id"], "task": row.get("task"), "faithful": faithful}
                for setting, kinds in SETTINGS.items():
                    read_here = [(a, g) for a, g in mine if a.value.kind in kinds]
                    best, gap = max(read_here, key=lambda pair: pair[1], default=(None, None))
                    record[setting] = gap
                    if not faithful:
                        inside = [g for a, g in read_here if _inside(a.value.start, a.value.end, spans)]
                        record[f"{setting} in span"] = max(inside) if inside else None
                    if best is not None and best.other is not None:
                        record[f"{setting} example"] = {
                            "unit": answer[start:end], "name": best.value.text, "frame": best.frame,
                            "gap": round(gap or 0.0, 4), "other": best.other.value.text,
                            "other frame": best.other.frame, "own frame": best.own.frame if best.own else None,
                        }  # fmt: skip
                if not faithful:
                    names = name_values(answer[start:end])
                    for setting, kinds in SETTINGS.items():
                        record[f"{setting} name in span"] = any(
                            _inside(v.start + start, v.end + start, spans) for v in names if v.kind in kinds
                        )
                out.append(record)
        if n % 20 == 19:
            embedder.save()
            print(f"  {n + 1} of {len(by_source)} sources", flush=True)
    return out


def choose_margin(gaps: Sequence[float], total_units: int, target: float) -> float:
    """The smallest m ≥ 0 with the rule (gap > m) firing on at most ``target`` of ``total_units`` (../run.py's)."""
    allowed = math.floor(target * total_units)
    ordered = sorted(gaps, reverse=True)
    return 0.0 if len(ordered) <= allowed else max(0.0, float(ordered[allowed]))


def firing(records: list[dict[str, Any]], setting: str, margin: float) -> dict[str, Any]:
    """The rule at ``margin``: faithful units fired; hallucinated name units flagged (at a name inside the span)."""
    faithful = [r for r in records if r["faithful"]]
    fired = sum(1 for r in faithful if r[setting] is not None and r[setting] > margin)
    name_units = [r for r in records if not r["faithful"] and r[f"{setting} name in span"]]
    comparable = [r for r in name_units if r[f"{setting} in span"] is not None]
    flagged = sum(1 for r in comparable if r[f"{setting} in span"] > margin)
    hallucinated = [r for r in records if not r["faithful"]]
    any_flag = sum(1 for r in hallucinated if r[setting] is not None and r[setting] > margin)
    return {
        "margin": round(margin, 4),
        "faithful_units": len(faithful),
        "faithful_fired": fired,
        "faithful_firing_rate": round(fired / max(1, len(faithful)), 5),
        "hallucinated_units": len(hallucinated),
        "hallucinated_units_fired (anywhere in the unit)": any_flag,
        "hallucinated_name_units": len(name_units),
        "hallucinated_name_units_comparable": len(comparable),
        "hallucinated_name_units_flagged": flagged,
        "name_recall": round(flagged / max(1, len(name_units)), 4),
        "name_recall_comparable": round(flagged / max(1, len(comparable)), 4),
    }


def main() -> None:
    """Measure name gaps on the training data, choose the margin, write metrics.json."""
    started = time.perf_counter()
    embedder = DiskCachedEmbedder(SentenceTransformerEmbedder(), CACHE)
    upstream = [r for r in read_rows("train-upstream") if in_sample(source_key(r))]
    splits = {"train": read_rows("train"), f"train-upstream sample (1/{SAMPLE} of sources)": upstream}
    checker = MaskedFrameChecker(embedder, margin=0.0, kinds=frozenset(), cache_size=10**7, names=True,
                                 name_margin=0.0)  # fmt: skip
    records: dict[str, list[dict[str, Any]]] = {}
    seconds: dict[str, float] = {}
    for name, rows in splits.items():
        t = time.perf_counter()
        records[name] = unit_records(checker, rows, embedder)
        embedder.save()
        seconds[name] = round(time.perf_counter() - t, 1)
        print(f"{name}: {len(rows)} answers, {seconds[name]:.0f}s", flush=True)
    with gzip.open(CACHE.with_name(f"names-records-{SAMPLE}.json.gz"), "wt", encoding="utf-8") as f:
        json.dump(records, f)  # every unit's gaps, to read again without the run
    training = [r for rows in records.values() for r in rows]
    total = sum(1 for r in training if r["faithful"])
    settings: dict[str, dict[str, Any]] = {}
    for setting in SETTINGS:
        gaps = [r[setting] for r in training if r["faithful"] and r[setting] is not None]
        margin = choose_margin(gaps, total, TARGET)
        settings[setting] = {
            "margin": round(margin, 4),
            "training": firing(training, setting, margin),
            **{split: firing(rows, setting, margin) for split, rows in records.items()},
            "curve (training)": [firing(training, setting, m) for m in CURVE],
            "faithful units with a name compared": sum(1 for r in training if r["faithful"] and r[setting] is not None),
        }
    flagged_by = {n: s["training"]["hallucinated_name_units_flagged"] for n, s in settings.items()}
    chosen = CHOSEN  # the names: persons and organisations (the other setting is reported beside it)
    margin = settings[chosen]["margin"]
    fired = [r for r in training if r["faithful"] and r[chosen] is not None and r[chosen] > margin]
    flagged = [r for r in training if not r["faithful"] and r.get(f"{chosen} in span") is not None
               and r[f"{chosen} in span"] > margin]  # fmt: skip
    metrics = {
        "target": TARGET,
        "settings": settings,
        "chosen": {
            "setting": chosen,
            "margin": margin,
            "why": "the smallest margin at which name findings fire on at most 0.5% of the faithful units of the "
            "training data (train + the train-upstream sample), for the issue's names (persons and organisations); "
            "dev is never read",
            "training flagged, each setting at its own margin": flagged_by,
        },
        "hallucinated flagged at the margin (examples)": [r.get(f"{chosen} example") for r in flagged],
        "faithful fired at the margin (first 30 examples)": [r.get(f"{chosen} example") for r in fired[:30]],
        "data": {
            "train answers": len(splits["train"]),
            f"train-upstream sample answers (1/{SAMPLE} of its sources by hash)": len(upstream),
            "vectors read from the cache": embedder.seeded,
            "vectors computed in this run": embedder.computed,
            "seconds embedding": round(embedder.seconds, 1),
            "seconds per split": seconds,
        },
    }
    metrics["run_seconds"] = round(time.perf_counter() - started, 1)
    (HERE / "metrics.json").write_text(json.dumps(metrics, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in metrics.items() if "examples" not in k}, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()

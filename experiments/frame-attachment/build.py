"""Build the items of one data split (answer value frames with their context's same-kind source frames), cached.

``python build.py`` builds every split the run reads, for the frame variant given by ``--clause``/``--mark-others``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import time

from pairs import context_frames, items_of_row, read_rows, source_key
from store import CACHE

SPLITS = {  # name: (dataset, file)
    "ragtruth:train": ("ragtruth", "train"),
    "ragtruth:train-upstream": ("ragtruth", "train-upstream"),
    "ragtruth:dev": ("ragtruth", "dev"),
    "ragbench:train": ("ragbench", "train"),
    "ragbench:dev": ("ragbench", "dev"),
}


def variant_name(clause: bool, mark_others: bool) -> str:
    return ("clause" if clause else "sentence") + ("-marked" if mark_others else "")


def build(split: str, clause: bool = False, mark_others: bool = False) -> dict:
    """``{"items": [...], "sources": {key: [{"frame", "value", "kind"}]}, "units": {...}}`` of a split.

    ``units`` counts the answer units (sentences) per row and which are faithful, so that firing rates can be
    read over every faithful unit, not only those with a value.
    """
    path = CACHE / f"items-{split.replace(':', '-')}-{variant_name(clause, mark_others)}.json.gz"
    if path.exists():
        with gzip.open(path, "rt", encoding="utf-8") as f:
            return json.load(f)
    from pairs import answer_units

    dataset, file = SPLITS[split]
    sources: dict[str, list[dict]] = {}
    frames_of: dict[str, list] = {}
    items, units = [], {}
    started = time.perf_counter()
    for row in read_rows(dataset, file):
        key = source_key(row)
        if key not in frames_of:
            frames_of[key] = context_frames(row, clause, mark_others)
            sources[key] = [
                {"frame": f.frame, "kind": f.value.kind, "value": f.text[f.value.start : f.value.end], "text": f.text}
                for f in frames_of[key]
            ]
        units[row["id"]] = {
            "faithful": [u.faithful for u in answer_units(row)],
            "task": row.get("task") or row.get("subset"),
            "label": row.get("label", 0),
        }
        for item in items_of_row(row, frames_of[key], clause, mark_others):
            items.append({**item.as_json(), "source": key})
    out = {"items": items, "sources": sources, "units": units, "seconds": time.perf_counter() - started}
    CACHE.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt", encoding="utf-8") as f:
        json.dump(out, f)
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--clause", action="store_true")
    parser.add_argument("--mark-others", action="store_true")
    parser.add_argument("splits", nargs="*", default=list(SPLITS))
    args = parser.parse_args()
    for split in args.splits:
        data = build(split, args.clause, args.mark_others)
        print(
            split, len(data["items"]), "items", len(data["sources"]), "sources", f"{data['seconds']:.0f}s", flush=True
        )

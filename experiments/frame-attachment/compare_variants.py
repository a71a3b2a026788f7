"""Which frame variant: sentence or clause, other same-kind values as the same placeholder or marked apart (dev)."""

from __future__ import annotations

import json
import sys

from build import build, variant_name
from evaluate import embedding_matcher, ranking_metrics, score_items, word_overlap_matcher

from models import untuned_store


def compare(split: str = "ragtruth:train") -> dict:
    store = untuned_store()
    out = {}
    for clause in (False, True):
        for marked in (False, True):
            data = build(split, clause, marked)
            items = [i for i in data["items"] if i["faithful"] and i["pos"] and i["neg"]]
            name = variant_name(clause, marked)
            out[name] = {
                "word_overlap": ranking_metrics(score_items(items, data["sources"], word_overlap_matcher))["all"],
                "minilm": ranking_metrics(score_items(items, data["sources"], embedding_matcher(store.embed)))["all"],
            }
            print(name, json.dumps(out[name]), flush=True)
    return out


if __name__ == "__main__":
    compare(*sys.argv[1:])

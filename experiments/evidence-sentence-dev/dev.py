"""Score scored-retriever settings on the sentence-level proxy gold of README.md (488 IRCoT questions, not the 100).

    .venv/bin/python experiments/evidence-sentence-dev/dev.py '[{}, {"top_k": 3}]' > OUT.json

Each setting is a dict of ScoredEvidenceRetriever keyword arguments ({} = the defaults). Embeddings are cached
across settings within one run.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "evidence-dev"))

from dev import CachedEmbedder  # noqa: E402  (the paragraph-level proxy's cache)

from veracity.schema import Sentence, TextSpan  # noqa: E402
from veracity.stages.retrieve.evidence import ScoredEvidenceRetriever  # noqa: E402
from veracity.text.tagging import CorpusSentence, TaggedChunk, tag_sentences  # noqa: E402

DATA = Path("../shared/data/hotpotqa_dev")


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def gold_sentences(contexts: list[dict], answer: str) -> set[tuple[str, int]]:
    """README.md's rule: answer sentences, bridge sentences, else the supporting paragraph's first sentence."""
    supporting = [c for c in contexts if c["is_supporting"]]
    split = {c["title"]: [s.strip() for s in re.split(r"\s{2,}", c["paragraph_text"]) if s.strip()] for c in supporting}
    gold: set[tuple[str, int]] = set()
    for ctx in supporting:
        title, sentences = ctx["title"], split[ctx["title"]]
        others = [_norm(o["title"].split("(")[0]) for o in supporting if o["title"] != title]
        mine = set()
        for i, sentence in enumerate(sentences):
            text = _norm(sentence)
            if _norm(answer) not in ("yes", "no") and _norm(answer) and _norm(answer) in text:
                mine.add(i)
            if any(other and other in text for other in others):
                mine.add(i)
        if not mine and sentences:
            mine.add(0)
        gold |= {(title, i) for i in mine}
    return gold


def load() -> list[tuple[str, TaggedChunk, set[tuple[str, int]]]]:
    held_out = {json.loads(line)["id"] for line in (DATA / "reflexion_distractor_dev_sample_100.jsonl").open()}
    items = []
    for line in (DATA / "ircot_dev_subsampled_500.jsonl").open():
        row = json.loads(line)
        if row["question_id"] in held_out:
            continue
        members = []
        for ctx in row["contexts"]:
            sentences = [s.strip() for s in re.split(r"\s{2,}", ctx["paragraph_text"]) if s.strip()]
            for index, text in enumerate(sentences):
                span = TextSpan(start=0, end=len(text), text=text)
                members.append(CorpusSentence(ctx["title"], Sentence(index=index, span=span), ctx["title"]))
        chunk = TaggedChunk(text=tag_sentences([m.text for m in members]), sentences=tuple(members), n_tokens=0)
        answer = row["answers_objects"][0]["spans"][0]
        claim = f'The answer to "{row["question_text"].strip()}" is: {answer.strip()}'
        items.append((claim, chunk, gold_sentences(row["contexts"], answer)))
    return items


def _prf(picked: set, gold: set) -> tuple[float, float, float]:
    hit = len(picked & gold)
    p = hit / len(picked) if picked else 0.0
    r = hit / len(gold) if gold else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def measure(retriever: ScoredEvidenceRetriever, items) -> dict[str, float]:
    sums = {"all": [0.0, 0.0, 0.0], "main": [0.0, 0.0, 0.0]}
    count = 0
    for claim, chunk, gold in items:
        (ev,) = retriever.retrieve([claim], [chunk])
        key = lambda i: (chunk.sentences[i].document_id, chunk.sentences[i].sentence.index)  # noqa: E731
        main = {key(g.main - 1) for g in ev.groups}
        picked = main | {key(i - 1) for g in ev.groups for i in g.support}
        count += len(picked)
        for name, chosen in (("all", picked), ("main", main)):
            for k, v in enumerate(_prf(chosen, gold)):
                sums[name][k] += v
    n = len(items)
    out: dict[str, float] = {"n": n, "sentences_per_claim": round(count / n, 3)}
    for name, (p, r, f) in sums.items():
        out.update({f"{name}_precision": round(p / n, 4), f"{name}_recall": round(r / n, 4), f"{name}_f1": round(f / n, 4)})
    return out


def main() -> None:
    items = load()
    print(json.dumps({"gold_sentences_per_question": sum(len(g) for *_, g in items) / len(items)}), file=sys.stderr)
    embedder = CachedEmbedder()
    out = []
    for settings in json.loads(sys.argv[1]) if len(sys.argv) > 1 else [{}]:
        out.append({"settings": settings, **measure(ScoredEvidenceRetriever(embedder, **settings), items)})
        print(json.dumps(out[-1]), file=sys.stderr)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

"""Design the scored evidence retriever on HotpotQA questions that are NOT the 100 of the evaluation.

The evaluation (``veracity eval evidence``) uses the 100 reflexion questions with sentence-level supporting facts.
To choose among retriever variants without touching them, this script uses the IRCoT 500 (minus the 12 questions
shared with the 100), whose gold is paragraph-level only: it reports, per variant, paragraph precision (retrieved
sentences that lie in a gold paragraph), paragraph recall (gold paragraphs with at least one retrieved sentence)
and the number of sentences retrieved per claim. Usage:

    .venv/bin/python experiments/evidence-dev/dev.py > experiments/evidence-dev/metrics.json
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import numpy as np

from veracity.models.embedder import SentenceTransformerEmbedder
from veracity.models.pair_scorer import HFPairScorer
from veracity.schema import Sentence, TextSpan
from veracity.stages.retrieve.evidence import ScoredEvidenceRetriever
from veracity.text.tagging import CorpusSentence, TaggedChunk, tag_sentences

DATA = Path("../shared/data/hotpotqa_dev")
VARIANTS = json.loads(sys.argv[1]) if len(sys.argv) > 1 else None


def load() -> list[tuple[str, TaggedChunk, set[str]]]:
    held_out = {json.loads(l)["id"] for l in (DATA / "reflexion_distractor_dev_sample_100.jsonl").open()}
    items = []
    for line in (DATA / "ircot_dev_subsampled_500.jsonl").open():
        row = json.loads(line)
        if row["question_id"] in held_out:
            continue
        members = []
        for ctx in row["contexts"]:
            for index, text in enumerate(s.strip() for s in re.split(r"\s{2,}", ctx["paragraph_text"])):
                if text:
                    members.append(
                        CorpusSentence(
                            ctx["title"],
                            Sentence(index=index, span=TextSpan(start=0, end=len(text), text=text)),
                            ctx["title"],
                        )
                    )
        chunk = TaggedChunk(text=tag_sentences([m.text for m in members]), sentences=tuple(members), n_tokens=0)
        answer = row["answers_objects"][0]["spans"][0]
        claim = f'The answer to "{row["question_text"].strip()}" is: {answer.strip()}'
        gold = {c["title"] for c in row["contexts"] if c["is_supporting"]}
        items.append((claim, chunk, gold))
    return items


def measure(retriever: ScoredEvidenceRetriever, items) -> dict[str, float]:
    p_num = p_den = r_num = r_den = both = 0
    for claim, chunk, gold in items:
        (ev,) = retriever.retrieve([claim], [chunk])
        picked = {g.main - 1 for g in ev.groups} | {i - 1 for g in ev.groups for i in g.support}
        docs = [chunk.sentences[i].document_id for i in picked]
        p_num += sum(d in gold for d in docs)
        p_den += len(docs)
        hit = gold & set(docs)
        r_num += len(hit)
        r_den += len(gold)
        both += len(hit) == len(gold)
    p = p_num / max(1, p_den)
    r = r_num / max(1, r_den)
    return {
        "paragraph_precision": round(p, 4),
        "paragraph_recall": round(r, 4),
        "paragraph_f1": round(2 * p * r / max(1e-9, p + r), 4),
        "both_gold_hit": round(both / len(items), 4),
        "sentences_per_claim": round(p_den / len(items), 3),
        "n": len(items),
    }


class CachedEmbedder:
    """The same MiniLM, each distinct text embedded once across variants."""

    def __init__(self) -> None:
        self.inner = SentenceTransformerEmbedder()
        self.model_id = self.inner.model_id
        self.cache: dict[str, np.ndarray] = {}

    def embed(self, texts):
        new = [t for t in dict.fromkeys(texts) if t not in self.cache]
        if new:
            self.cache.update(zip(new, self.inner.embed(new)))
        return np.stack([self.cache[t] for t in texts])


class CachedScorer:
    """The NLI pair scorer, each distinct pair scored once across variants."""

    def __init__(self, name: str) -> None:
        self.inner = HFPairScorer(name)
        self.model_id = self.inner.model_id
        self.cache: dict[tuple[str, str], np.ndarray] = {}

    def score(self, pairs):
        new = [p for p in dict.fromkeys(pairs) if p not in self.cache]
        if new:
            self.cache.update(zip(new, self.inner.score(new)))
        return np.stack([self.cache[p] for p in pairs])


def main() -> None:
    items = load()
    embedder = CachedEmbedder()
    scorers: dict[str, CachedScorer] = {}
    variants = VARIANTS or [{}]
    out = []
    for v in variants:
        kwargs = dict(v)
        if "relatedness" in kwargs:
            kwargs["relatedness"] = scorers.setdefault(v["relatedness"], CachedScorer(v["relatedness"]))
        out.append({"settings": v, **measure(ScoredEvidenceRetriever(embedder, **kwargs), items)})
        print(json.dumps(out[-1]), file=sys.stderr)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

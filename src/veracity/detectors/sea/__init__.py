"""The ``sea`` detector: Logic-Matters (logic-matters.txt §3, Appendix B and H), training-free and NLI-agnostic.

1. **Long-context segmentation** (§3.3). A text longer than its threshold (T_a for the answer, T_d for each
   document, in tokens) is cut into ``Chunk(X; C)``; a shorter one stays whole. Only the factual answer chunks
   (f(c), :mod:`veracity.text.factual`) are kept: A' = their concatenation; when none is factual the whole answer is
   used and the report says so.
2. **Semantic evidence aggregation** (§3.4): chunk embeddings → the betweenness-ordered merge of
   :func:`veracity.detectors.sea.graph.aggregate_evidence` → clusters D_k, chunks in original order. Deviation: T_t
   defaults to what the NLI model reads (:meth:`SEADetector.cluster_budget`), not the paper's 1,024.
3. **Consistency scoring** (§3.5): r_k = R(D_k, A') (default: the cosine similarity of embeddings, clipped at 0),
   r̃_k = r_k / Σ r_j (uniform when every r_k is 0); H = ``The answer to "{Q}" is: {A'}`` (A' without a
   question); e_k = P(entailment | D_k, H); S = Σ_k r̃_k e_k; hallucinated iff S ≤ T_s.

Relevance models (``relevance_model``): a cross-encoder (r_k = its P(entailment | D_k, A')) or an mxbai-rerank-v2
reranker (:mod:`veracity.models.published.mxbai`), the paper's R. The reranker reads A' as the **query** and D_k as
the **document**: it ranks documents for a query, and the paper ranks evidence by its relevance to the answer (the
paper does not say; this is its natural reading). Its raw score logit("1") − logit("0") can be negative, and
r̃_k = r_k / Σ r_j needs r_k ≥ 0, so ``relevance_transform`` maps it (the paper does not say which it used):
``sigmoid`` (default) = the model's own P(relevant) — the reference reads sigmoid > 0.5 as "relevant" —, positive
and monotone, with no constant to guess; ``raw-clipped`` = max(raw, 0), weight only for clusters the model calls
relevant, in proportion to the logit gap; ``normalize`` = the reference's sigmoid(raw − estimated_max/2), which
gives an undecided cluster (raw 0) almost no weight. ``relevance_format`` says which kind the model is; ``auto``
reads the checkpoint's files: the format its ``veracity-model.json`` names, else a causal LM whose config.json
``_name_or_path`` names a published mxbai-rerank-v2 is a reranker, another causal LM is refused (a chat model has the
same files; say ``mxbai-rerank-v2`` if it is one), and anything else is a cross-encoder.

Presets (``preset``), the paper's configurations (§4.2): ``logic-matters-a`` = HHEM-2.1-Open
(``vectara/hallucination_evaluation_model``) as the NLI model, ``mixedbread-ai/mxbai-rerank-base-v2`` as R and
all-MiniLM-L6-v2 as the embedder, with the paper's T_t = 1,024; ``logic-matters-b`` = the same with
``lytang/MiniCheck-Flan-T5-Large`` as the NLI model. A preset fills ``nli_model``, ``relevance_model``,
``relevance_format``, ``embedder`` and ``cluster_tokens`` wherever they are left at their default values; a value
given beside it wins (e.g. a local folder of HHEM). Changing the preset of a config replaces the models the old
preset filled in. A preset's model that is not installed is named, with the command that downloads it, when the
detector is built; nothing is downloaded.

The report's ``score`` is 1 − S with threshold 1 − T_s, so "hallucinated iff score ≥ threshold" is the paper's
"S ≤ T_s". ``evidence_groups`` lists every cluster (its chunks, r̃_k and e_k) so a user sees which aggregated
evidence decided.

Ablations (Table 8): ``segmentation=False`` keeps every text whole (no f(c) either); ``aggregation=False`` scores
every chunk as its own cluster; ``relevance_weighting=False`` gives every cluster the weight 1/K.

Option beyond the paper: ``pooling="max"`` takes S = max_k e_k instead of the relevance-weighted mean (r̃_k is
still reported). Why: with a short answer, cosine relevance to A' spreads the weight over every cluster that
mentions a name like it, and a right answer supported by one cluster gets a small S; on HotPotQA-Derived dev the
maximum ranked answers better (AUROC 0.688 against 0.602, ``experiments/sea-pooling-dev/``).

Bounds: identical chunks are scored once (duplicates dropped, noted); more than ``max_chunks`` chunks keeps the
``max_chunks`` most similar to A' (noted), so the all-pairs step stays O(N² log N) for N ≤ ``max_chunks``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Self

import numpy as np
from pydantic import ConfigDict, Field, model_validator

from veracity.detectors.base import (
    ConfiguredDetector,
    ModelSettings,
    StageTimer,
    as_documents,
    empty_answer_report,
    scorer_for,
)
from veracity.detectors.sea.graph import aggregate_evidence
from veracity.detectors.verifier import DEFAULT_VERIFIER
from veracity.errors import ModelNotAvailableError
from veracity.models.catalog import CATALOG, resolve_model_path
from veracity.models.embedder import DEFAULT_EMBEDDER, SentenceTransformerEmbedder
from veracity.models.pair_scorer import ENTAILMENT, PairScorer
from veracity.models.published.formats import read_config
from veracity.models.published.mxbai import FORMAT as MXBAI_FORMAT
from veracity.models.published.mxbai import (
    MxbaiReranker,
    declared_reranker,
    published_reranker,
    sigmoid_normalize,
)
from veracity.schema import Details, Document, EvidenceGroup, GroupedChunk, Report, TextSpan
from veracity.text.chunk import chunk_sentences
from veracity.text.factual import is_factual
from veracity.text.split import SentenceSplitter
from veracity.text.tokens import RegexTokenizer

__all__ = ["PRESETS", "SEAConfig", "SEADetector", "missing_preset_models", "relevance_format_of"]

PAPER_CLUSTER_TOKENS = 1024
HHEM = "vectara/hallucination_evaluation_model"
MINICHECK_FT5 = "lytang/MiniCheck-Flan-T5-Large"
MXBAI_BASE = "mixedbread-ai/mxbai-rerank-base-v2"
_CONFIG_A = {
    "nli_model": HHEM,
    "relevance_model": MXBAI_BASE,
    "relevance_format": MXBAI_FORMAT,
    "embedder": "all-MiniLM-L6-v2",
    "cluster_tokens": PAPER_CLUSTER_TOKENS,
}
PRESETS: dict[str, dict[str, Any]] = {
    "logic-matters-a": _CONFIG_A,
    "logic-matters-b": {**_CONFIG_A, "nli_model": MINICHECK_FT5},
}
"""The paper's Config A and B (logic-matters.txt §4.2): the settings each fills in."""
# Downloads a model needs besides its own repository: HHEM's code builds on flan-t5-base's tokenizer and config.
ALSO_NEEDS = {HHEM: ("google/flan-t5-base", "HHEM-2.1-Open reads flan-t5-base's tokenizer and T5 config")}
MODEL_FIELDS = ("nli_model", "relevance_model", "embedder")


class SEAConfig(ModelSettings):
    """Settings of the ``sea`` detector; defaults are the paper's (§4.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    chunk_tokens: int = Field(256, ge=8, description="C: tokens per chunk when a text is cut.")
    answer_threshold: int = Field(512, ge=1, description="T_a: an answer longer than this is segmented.")
    document_threshold: int = Field(512, ge=1, description="T_d: a document longer than this is segmented.")
    cluster_tokens: int | None = Field(
        None,
        ge=1,
        description="T_t: the most tokens a merged cluster may hold. None: what the NLI model reads "
        "(0.7 × its token window, 179 for veracity-nli-small's 256), at most the paper's 1,024.",
    )
    alpha: float = Field(1.0, gt=0, description="α: edges join chunks closer than α × the mean distance.")
    consistency_threshold: float = Field(0.4, ge=0.0, le=1.0, description="T_s: hallucinated iff S ≤ T_s.")
    preset: Literal["logic-matters-a", "logic-matters-b"] | None = Field(
        None,
        description="The paper's Config A (HHEM-2.1-Open + mxbai-rerank-base-v2 + all-MiniLM-L6-v2) or B "
        "(MiniCheck-Flan-T5-Large in place of HHEM): fills the model settings left at their defaults.",
    )
    nli_model: str = Field(DEFAULT_VERIFIER, description="Pair scorer giving e_k.")
    embedder: str = Field(DEFAULT_EMBEDDER, description="Embeds chunks for the graph and for R.")
    relevance_model: str | None = Field(
        None,
        description="R: a cross-encoder (its P(entailment)) or an mxbai-rerank-v2 reranker; None: cosine "
        "similarity of embeddings.",
    )
    relevance_format: Literal["auto", "cross-encoder", "mxbai-rerank-v2"] = Field(
        "auto",
        description="What relevance_model is; auto: read from its files (veracity-model.json's format, else "
        "a causal LM must name a published mxbai-rerank-v2 in config.json's _name_or_path).",
    )
    relevance_transform: Literal["sigmoid", "raw-clipped", "normalize"] = Field(
        "sigmoid",
        description="r_k from a reranker's raw score: sigmoid, max(raw, 0), or sigmoid(raw - estimated_max/2).",
    )
    question_template: str = 'The answer to "{question}" is: {answer}'
    segmentation: bool = True
    aggregation: bool = True
    relevance_weighting: bool = True
    pooling: Literal["weighted", "max"] = Field(
        "weighted", description="S = Σ r̃_k e_k (the paper) or max_k e_k (not in the paper; see the module doc)."
    )
    max_chunks: int = Field(128, ge=1, description="Chunks kept for the graph (the most similar to A').")
    splitter: str = Field("rules", pattern="^(auto|spacy|rules)$")
    embedding_cache: int = Field(
        4096, ge=0, description="Texts whose embeddings are kept between calls (a corpus checked many times)."
    )

    @model_validator(mode="before")
    @classmethod
    def _fill_from_preset(cls, data: Any) -> Any:
        """A preset's values for the settings left out or at their defaults; a value given beside it wins."""
        if not isinstance(data, dict) or data.get("preset") not in PRESETS:
            return data
        filled = dict(data)
        for key, value in PRESETS[data["preset"]].items():
            if key not in data or data[key] == cls.model_fields[key].default:
                filled[key] = value
        return filled


@dataclass(frozen=True)
class _Chunk:
    document: Document
    span: TextSpan
    n_tokens: int
    order: int  # position in the whole context, for "original document order"


class SEADetector(ConfiguredDetector[SEAConfig]):
    """Segmentation → semantic evidence aggregation → relevance-weighted NLI (Logic-Matters)."""

    name = "sea"
    config_class = SEAConfig

    def __init__(
        self,
        scorer: PairScorer,
        embedder: Any,
        settings: SEAConfig | None = None,
        relevance: PairScorer | MxbaiReranker | None = None,
    ) -> None:
        self.scorer = scorer
        self.embedder = embedder
        self.relevance = relevance
        self.settings = settings or SEAConfig()
        self._splitter = SentenceSplitter(self.settings.splitter)  # type: ignore[arg-type]
        self._tokenizer = RegexTokenizer()
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()

    @classmethod
    def settings_from(cls, config: SEAConfig | None, overrides: Mapping[str, Any]) -> SEAConfig:
        """:meth:`ConfiguredDetector.settings_from`, where a new preset replaces the models the old one filled in."""
        base = (config or SEAConfig()).model_dump()
        old = base.get("preset")
        if old in PRESETS and overrides.get("preset", old) != old:
            for key, value in PRESETS[old].items():
                if base[key] == value:
                    base[key] = SEAConfig.model_fields[key].default
        return SEAConfig.model_validate({**base, **overrides})

    @classmethod
    def from_config(cls, config: SEAConfig | None = None, **overrides: Any) -> Self:
        """Build the detector and its models (loaded on first use) from settings.

        Raises:
            ModelNotAvailableError: a preset's model is not installed (every missing one named, with the command
                that downloads it), or ``relevance_format`` is ``auto`` and ``relevance_model`` is a causal LM that
                its config does not name as an mxbai-rerank-v2 reranker.
        """
        settings = cls.settings_from(config, overrides)
        missing = missing_preset_models(settings)
        if missing:
            raise ModelNotAvailableError(_missing_message(settings.preset, missing))
        relevance: PairScorer | MxbaiReranker | None = None
        if settings.relevance_model:
            model = settings.relevance_model
            if relevance_format_of(model, settings.relevance_format) == MXBAI_FORMAT:
                relevance = MxbaiReranker(
                    model, batch_size=settings.batch_size, num_threads=settings.num_threads, device=settings.device
                )
            else:
                relevance = scorer_for(model, settings)
        return cls(
            scorer_for(settings.nli_model, settings),
            SentenceTransformerEmbedder(settings.embedder, device=settings.device, backend=settings.backend),
            settings,
            relevance,
        )

    def _models(self) -> dict[str, str]:
        models = {"nli": self.scorer.model_id, "embedder": self.embedder.model_id}
        if self.relevance is not None:
            models["relevance"] = self.relevance.model_id
        return models

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """Check ``answer`` against the documents of ``context`` (each kept separate, as the paper requires)."""
        documents = as_documents(context)
        settings = self.settings
        threshold = 1.0 - settings.consistency_threshold
        if not answer.strip():
            return empty_answer_report(self, answer, question, threshold, self._models())
        timer = StageTimer()
        notes: list[str] = []
        with timer.stage("segmentation"):
            reassembled = self._reassemble_answer(answer, notes)
            chunks = self._document_chunks(documents, notes)
        with timer.stage("embedding"):
            vectors = self._embed([reassembled, *(self._text(c) for c in chunks)])
            answer_vector, chunk_vectors = vectors[0], vectors[1:]
        if len(chunks) > settings.max_chunks:
            keep = sorted(np.argsort(-(chunk_vectors @ answer_vector))[: settings.max_chunks].tolist())
            notes.append(f"{len(chunks)} chunks: kept the {settings.max_chunks} most similar to the answer")
            chunks, chunk_vectors = [chunks[i] for i in keep], chunk_vectors[keep]
        with timer.stage("graph"):
            if settings.aggregation and len(chunks) > 1:
                clusters = aggregate_evidence(
                    chunk_vectors, [c.n_tokens for c in chunks], settings.alpha, self.cluster_budget()
                ).clusters
            else:
                clusters = [[i] for i in range(len(chunks))]
            texts = ["\n".join(self._text(chunks[i]) for i in cluster) for cluster in clusters]
        hypothesis = (
            settings.question_template.format(question=question.strip(), answer=reassembled.strip())
            if question and question.strip()
            else reassembled
        )
        with timer.stage("relevance"):
            weights = self._weights(clusters, texts, chunk_vectors, answer_vector, reassembled)
        with timer.stage("nli"):
            entailment = self.scorer.score([(text, hypothesis) for text in texts])[:, ENTAILMENT].astype(float)
        pooled = entailment.max() if settings.pooling == "max" else np.dot(weights, entailment)
        consistency = float(np.clip(pooled, 0.0, 1.0))
        score = 1.0 - consistency
        groups = [
            EvidenceGroup(
                chunks=[GroupedChunk(document_id=chunks[i].document.id, span=chunks[i].span) for i in cluster],
                relevance=float(weights[k]),
                entailment=float(entailment[k]),
            )
            for k, cluster in enumerate(clusters)
        ]
        return self.report(
            timer=timer,
            answer=answer,
            question=question,
            score=score,
            threshold=threshold,
            details=Details(evidence_groups=groups),
            models=self._models(),
            notes=notes,
        )

    def cluster_budget(self) -> int:
        """T_t in use: ``cluster_tokens``, else 0.7 × the NLI model's window (at most 1,024, the paper's T_t).

        Why: the paper's T_t = 1,024 suits NLI models that read long inputs; a cluster longer than the model's
        window is cut, and the evidence the merge brought together is lost. Words are about 1.3 model tokens in
        Wikipedia text, and the hypothesis needs room too, hence 0.7.
        """
        if self.settings.cluster_tokens is not None:
            return self.settings.cluster_tokens
        window = getattr(self.scorer, "window_tokens", None)
        return min(PAPER_CLUSTER_TOKENS, int(0.7 * window())) if callable(window) else PAPER_CLUSTER_TOKENS

    def _embed(self, texts: list[str]) -> np.ndarray:
        """Embeddings of ``texts``, reusing those of texts seen in recent calls (LRU, ``embedding_cache`` entries).

        Why: evaluation sets and services check many answers against the same documents, and embedding the
        documents is the largest cost after NLI.
        """
        capacity = self.settings.embedding_cache
        missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
        fresh = dict(zip(missing, self.embedder.embed(missing), strict=True)) if missing else {}
        vectors = np.stack([fresh[t] if t in fresh else self._cache[t] for t in texts])
        if capacity:
            for text, vector in zip(texts, vectors, strict=True):
                self._cache[text] = vector
                self._cache.move_to_end(text)
            while len(self._cache) > capacity:
                self._cache.popitem(last=False)
        return vectors

    def _text(self, chunk: _Chunk) -> str:
        return chunk.span.text

    def _reassemble_answer(self, answer: str, notes: list[str]) -> str:
        """A' (§3.3): the factual chunks of a long answer; a short answer as it is."""
        settings = self.settings
        n_tokens = len(self._tokenizer.token_spans(answer))
        if not settings.segmentation or n_tokens <= settings.answer_threshold:
            return answer.strip()
        sentences = self._splitter.split(answer)
        pieces = chunk_sentences(answer, sentences, self._tokenizer, settings.chunk_tokens)
        factual = [p.text for p in pieces if is_factual(p.text)]
        if not factual:
            notes.append("no answer chunk passed the factual filter f(c): the whole answer is checked")
            return answer.strip()
        if len(factual) < len(pieces):
            notes.append(f"{len(pieces) - len(factual)} of {len(pieces)} answer chunks were not factual (f(c))")
        return " ".join(factual)

    def _document_chunks(self, documents: list[Document], notes: list[str]) -> list[_Chunk]:
        settings = self.settings
        chunks: list[_Chunk] = []
        seen: set[str] = set()
        duplicates = 0
        for document in documents:
            text = document.text
            n_tokens = len(self._tokenizer.token_spans(text))
            if settings.segmentation and n_tokens > settings.document_threshold:
                sentences = self._splitter.split(text)
                pieces = [
                    (c.span, c.n_tokens)
                    for c in chunk_sentences(text, sentences, self._tokenizer, settings.chunk_tokens)
                ]
            else:
                start = len(text) - len(text.lstrip())
                end = len(text.rstrip())
                pieces = [(TextSpan.of(text, start, end), n_tokens)]
            for span, count in pieces:
                key = " ".join(span.text.split()).lower()
                if key in seen:
                    duplicates += 1
                    continue
                seen.add(key)
                chunks.append(_Chunk(document, span, count, len(chunks)))
        if duplicates:
            notes.append(f"{duplicates} duplicate chunk(s) dropped: identical text is scored once")
        return chunks

    def _weights(
        self,
        clusters: list[list[int]],
        texts: list[str],
        chunk_vectors: np.ndarray,
        answer_vector: np.ndarray,
        reassembled: str,
    ) -> np.ndarray:
        """r̃_k: R(D_k, A') normalised to sum 1 (uniform when relevance weighting is off or every r_k is 0)."""
        k = len(clusters)
        if not self.settings.relevance_weighting:
            return np.full(k, 1.0 / k)
        if isinstance(self.relevance, MxbaiReranker):
            relevance = self._reranker_relevance(self.relevance, texts, reassembled)
        elif self.relevance is not None:
            relevance = self.relevance.score([(text, reassembled) for text in texts])[:, ENTAILMENT].astype(float)
        else:
            merged = [i for i, cluster in enumerate(clusters) if len(cluster) > 1]
            cluster_vectors = np.stack([chunk_vectors[c[0]] if len(c) == 1 else answer_vector for c in clusters])
            if merged:
                cluster_vectors[merged] = self._embed([texts[i] for i in merged])
            relevance = np.clip(cluster_vectors @ answer_vector, 0.0, None).astype(float)
        total = float(relevance.sum())
        return relevance / total if total > 0 else np.full(k, 1.0 / k)

    def _reranker_relevance(self, reranker: MxbaiReranker, texts: list[str], reassembled: str) -> np.ndarray:
        """r_k ≥ 0 from the reranker's raw score of (query A', document D_k), by ``relevance_transform``."""
        raw = reranker.predict([reassembled] * len(texts), texts).astype(np.float64)
        transform = self.settings.relevance_transform
        if transform == "raw-clipped":
            return np.clip(raw, 0.0, None)
        if transform == "normalize":
            return sigmoid_normalize(raw.astype(np.float32), reranker.estimated_max).astype(np.float64)
        return 1.0 / (1.0 + np.exp(-raw))


def relevance_format_of(model: str, relevance_format: str) -> str:
    """What ``model`` is as a relevance scorer: ``relevance_format``, or with ``auto`` what its config.json says.

    ``auto``: the folder's ``veracity-model.json`` format when it names one; else a causal LM whose
    ``_name_or_path`` names a published mxbai-rerank-v2 model is that reranker, and any other causal LM is refused
    (a chat model has the same architecture and tokenizer); everything else, including a model not found here (its
    loader names what is missing), is a cross-encoder.

    Raises:
        ModelNotAvailableError: a causal LM whose config does not name a published reranker.
    """
    if relevance_format != "auto":
        return relevance_format
    try:
        path = resolve_model_path(model)
    except ModelNotAvailableError:
        return "cross-encoder"
    if not path.is_dir():
        return "cross-encoder"
    declared = declared_reranker(path)
    if declared is not None:
        return MXBAI_FORMAT if declared else "cross-encoder"
    config = read_config(path)  # {} when there is none
    causal = [str(a) for a in config.get("architectures") or [] if str(a).endswith("ForCausalLM")]
    if not causal:
        return "cross-encoder"
    if published_reranker(config) is not None:
        return MXBAI_FORMAT
    raise ModelNotAvailableError(
        f"relevance_model {model!r} is a {', '.join(causal)} that neither its config.json (_name_or_path "
        f"{config.get('_name_or_path')!r}) nor a veracity-model.json names as a published {MXBAI_FORMAT} "
        f"reranker: a causal LM scores relevance only as one; if it is one, set relevance_format={MXBAI_FORMAT}"
    )


def missing_preset_models(settings: SEAConfig) -> list[tuple[str, str, str]]:
    """The preset's models (those not replaced by a given value) that are not installed: (model, command, why)."""
    if settings.preset is None:
        return []
    preset = PRESETS[settings.preset]
    needed: list[tuple[str, str]] = []
    for key in MODEL_FIELDS:
        model = getattr(settings, key)
        if model == preset[key]:
            needed += [(model, ""), *([ALSO_NEEDS[model]] if model in ALSO_NEEDS else [])]
    missing = []
    for model, why in needed:
        try:
            resolve_model_path(model)
        except ModelNotAvailableError:
            command = CATALOG[model].install if model in CATALOG else f"hf download {model}"
            missing.append((model, command, why))
    return missing


def _missing_message(preset: str | None, missing: list[tuple[str, str, str]]) -> str:
    try:
        from huggingface_hub import constants

        where = f"the Hugging Face cache ({constants.HF_HUB_CACHE})"
    except ImportError:
        where = "the Hugging Face cache"
    lines = [f"  {command}" + (f"   ({why})" if why else "") for _, command, why in missing]
    return (
        f"sea preset {preset!r} needs {len(missing)} model(s) not installed here: "
        f"{', '.join(model for model, _, _ in missing)}. veracity never downloads; it looks in {where} and in "
        "installed packages. On a machine with network run:\n" + "\n".join(lines) + "\n"
        "and copy the cache here, or give local folders (nli_model=, relevance_model=, embedder=)."
    )

"""Answers/s of veracity's published pair scorers against their references' own way of running, same inputs.

Families: ``hhem`` (flan-t5-base encoder + 2-way head), ``minicheck-ft5`` (flan-t5-large), ``minicheck-roberta``
(roberta-large), ``minicheck-deberta`` and ``factcg-deberta`` (deberta-v3-large). Each model has the real architecture's
shape with random weights (no published weights can be had offline; speed does not depend on their values). The
tokenizer is not the real one: a Unigram (T5, DeBERTa-v3) or byte-level BPE (RoBERTa) of ``--tokenizer-vocab``
pieces trained on RAGTruth train texts (tests/models/published/tiny_t5.py), so token counts are close to, not equal
to, the real tokenizers'; the embeddings keep the real row counts.

Each RAGTruth dev answer is split into sentences (nltk's English Punkt, :func:`punkt_sentences`) and every sentence
is scored against the answer's context: one call of each path per answer. veracity's path is
``scorer.score(pairs)`` (every (chunk, sentence) of the answer sorted by length and batched). The reference path is
the reference's code, step by step, on the same loaded model:

- hhem: ``HHEMv2ForSequenceClassification.predict(pairs)``: all pairs of the answer in one padded batch, on
  transformers' ``T5ForTokenClassification`` (what its ``self.t5`` is);
- minicheck-*: ``MiniCheck.score(docs=[context] * k, claims=sentences)``: one (document, claim) at a time, the document
  chunked again for each claim, its chunks in batches of 16;
- factcg-deberta: ``FactCGScore.score(contexts, claims)``: every claim's chunks flattened, batches of 32.

    python benchmarks/published/pair_scorer_speed.py --family hhem --out benchmarks/results/speed_hhem-random \
        [--limit 50]

writes ``metrics.json`` under ``--out``: answers/s both ways, their ratio, p50 ms per answer, the largest score
difference between the two paths, the settings and the command.
"""

from __future__ import annotations

import argparse
import json
import platform
import shlex
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "models" / "published"))
from tiny_t5 import save_deberta_tokenizer, save_roberta_tokenizer, save_t5_tokenizer  # noqa: E402

FLAN_T5_BASE = {"d_model": 768, "d_kv": 64, "d_ff": 2048, "num_layers": 12, "num_heads": 12, "vocab_size": 32128}
FLAN_T5_LARGE = {"d_model": 1024, "d_kv": 64, "d_ff": 2816, "num_layers": 24, "num_heads": 16, "vocab_size": 32128}
ROBERTA_LARGE = {
    "hidden_size": 1024,
    "num_hidden_layers": 24,
    "num_attention_heads": 16,
    "intermediate_size": 4096,
    "vocab_size": 50265,
}
DEBERTA_V3_LARGE = {
    "hidden_size": 1024,
    "num_hidden_layers": 24,
    "num_attention_heads": 16,
    "intermediate_size": 4096,
    "vocab_size": 128100,
}
SHAPES = {
    "hhem": FLAN_T5_BASE,
    "minicheck-ft5": FLAN_T5_LARGE,
    "minicheck-roberta": ROBERTA_LARGE,
    "minicheck-deberta": DEBERTA_V3_LARGE,
    "factcg-deberta": DEBERTA_V3_LARGE,
}
FACTCG_TEMPLATE = (
    '{text_a}\n\nChoose your answer: based on the paragraph above can we conclude that "{text_b}"?\n\n'
    "OPTIONS:\n- Yes\n- No\nI think the answer is "
)
HHEM_PROMPT = "<pad> Determine if the hypothesis is true given the premise?\n\nPremise: {text1}\n\nHypothesis: {text2}"


def ragtruth(split: str, limit: int | None) -> list[tuple[str, str]]:
    """(answer, context) of the first ``limit`` RAGTruth answers of ``split`` that have a context."""
    from veracity.data.loaders import Example, load_dataset

    rows = []
    for record in load_dataset(f"ragtruth:{split}"):
        if isinstance(record, Example) and record.context and record.answer.strip():
            rows.append((record.answer, "\n".join(record.context)))
            if limit is not None and len(rows) == limit:
                break
    return rows


def t5_config(shape: dict[str, int], decoder: bool) -> Any:
    """A flan-t5 config of ``shape`` (gated-gelu, untied head, relative attention)."""
    from transformers import T5Config

    return T5Config(
        **shape,
        num_decoder_layers=shape["num_layers"] if decoder else None,
        feed_forward_proj="gated-gelu",
        relative_attention_num_buckets=32,
        relative_attention_max_distance=128,
        tie_word_embeddings=False,
        pad_token_id=0,
        eos_token_id=1,
        decoder_start_token_id=0,
    )


def build(family: str, folder: Path, texts: list[str], tokenizer_vocab: int) -> None:
    """The family's checkpoint at its real shape with random weights, as its authors publish it, in ``folder``."""
    import torch
    from safetensors.torch import save_file

    torch.manual_seed(0)
    shape = SHAPES[family]
    folder.mkdir(parents=True, exist_ok=True)
    if family == "hhem":
        from veracity.models.published.hhem import TIED_KEY, HHEMModel

        foundation = save_t5_tokenizer(folder / "flan-t5-base", texts, tokenizer_vocab)
        config = t5_config(shape, decoder=False)
        config.save_pretrained(foundation)
        state = {k: v.clone().contiguous() for k, v in HHEMModel(config).state_dict().items() if k != TIED_KEY}
        checkpoint = folder / "hhem"
        checkpoint.mkdir(exist_ok=True)
        save_file(state, str(checkpoint / "model.safetensors"))
        (checkpoint / "config.json").write_text(
            json.dumps(
                {
                    "architectures": ["HHEMv2ForSequenceClassification"],
                    "model_type": "HHEMv2",
                    "id2label": {"0": "hallucinated", "1": "consistent"},
                }
            )
        )
        (checkpoint / "veracity-model.json").write_text(json.dumps({"foundation": "../flan-t5-base"}))
        return
    if family == "minicheck-ft5":
        from transformers import T5ForConditionalGeneration

        save_t5_tokenizer(folder, texts, tokenizer_vocab)
        model = T5ForConditionalGeneration(t5_config(shape, decoder=True))
        with torch.no_grad():  # random logits of the vocabulary are ~±60: softmax of ids 3/209 would be 0 or 1
            model.lm_head.weight.mul_(0.01)
    elif family == "minicheck-roberta":
        from transformers import RobertaConfig, RobertaForSequenceClassification

        save_roberta_tokenizer(folder, texts, tokenizer_vocab)
        model = RobertaForSequenceClassification(
            RobertaConfig(
                **shape,
                max_position_embeddings=514,
                type_vocab_size=1,
                pad_token_id=1,
                bos_token_id=0,
                eos_token_id=2,
                num_labels=2,
            )
        )
    else:
        from transformers import DebertaV2Config, DebertaV2ForSequenceClassification

        save_deberta_tokenizer(folder, texts, tokenizer_vocab)
        model = DebertaV2ForSequenceClassification(
            DebertaV2Config(
                **shape,
                max_position_embeddings=512,
                relative_attention=True,
                position_buckets=256,
                max_relative_positions=-1,
                pos_att_type=["p2c", "c2p"],
                norm_rel_ebd="layer_norm",
                share_att_key=True,
                position_biased_input=False,
                type_vocab_size=0,
                pooler_hidden_size=shape["hidden_size"],
                pooler_dropout=0,
                pooler_hidden_act="gelu",
                hidden_act="gelu",
                layer_norm_eps=1e-7,
                num_labels=2,
                pad_token_id=0,
            )
        )
    model.save_pretrained(folder)
    (folder / "veracity-model.json").write_text(json.dumps({"format": family}))


def hhem_reference(checkpoint: Path) -> Callable[[list[tuple[str, str]]], list[float]]:
    """modeling_hhem_v2.py predict(): one padded batch, token logits at position 0, softmax column 1."""
    import torch
    from safetensors.torch import load_file
    from transformers import AutoTokenizer, T5Config, T5ForTokenClassification

    foundation = checkpoint.parent / "flan-t5-base"
    tokenizer = AutoTokenizer.from_pretrained(foundation)
    model = T5ForTokenClassification(T5Config.from_pretrained(foundation)).eval()
    stored = {k.removeprefix("t5."): v for k, v in load_file(str(checkpoint / "model.safetensors")).items()}
    model.load_state_dict(stored, strict=False)
    model.transformer.encoder.embed_tokens.weight = model.transformer.shared.weight

    def predict(pairs: list[tuple[str, str]]) -> list[float]:
        inputs = tokenizer([HHEM_PROMPT.format(text1=p, text2=h) for p, h in pairs], return_tensors="pt", padding=True)
        with torch.no_grad():
            logits = model(**inputs).logits[:, 0, :]
        return torch.softmax(logits, dim=-1)[:, 1].tolist()

    return predict


def minicheck_reference(
    scorer: Any, split: Callable[[str], list[str]]
) -> Callable[[list[tuple[str, str]]], list[float]]:
    """minicheck/inference.py inference_per_example for each (document, claim), on the scorer's loaded model."""
    import torch

    from veracity.models.published.minicheck import MINICHECK_DEFAULTS

    tokenizer, model = scorer._loaded()
    max_model_len, chunk_size = MINICHECK_DEFAULTS[scorer.format]
    t5 = scorer.format == "minicheck-ft5"

    def one(doc: str, claim: str) -> float:
        text: list[str] = []
        for block in doc.split("\n"):
            text.extend(split(block))
            text.append("\n")
        sentences = text[:-1] or [""]
        chunks, current, count = [], [], 0
        for sentence in sentences:
            n = (
                len(sentence.split())
                if t5
                else len(
                    tokenizer(
                        sentence, padding=False, add_special_tokens=False, max_length=max_model_len, truncation=True
                    )["input_ids"]
                )
            )
            if count + n > chunk_size:
                chunks.append(" ".join(current))
                current, count = [sentence], n
            else:
                current.append(sentence)
                count += n
        if current:
            chunks.append(" ".join(current))
        doc_chunks = [c for c in (c.replace(" \n ", "\n").strip() for c in chunks) if c] or [""]
        texts = [tokenizer.eos_token.join([chunk, claim]) for chunk in doc_chunks]
        probs = []
        for k in range(0, len(texts), 16):
            batch = [("predict: " + t if t5 else t) for t in texts[k : k + 16]]
            inputs = tokenizer(batch, max_length=max_model_len, truncation=True, padding=True, return_tensors="pt")
            with torch.no_grad():
                if t5:
                    start = torch.zeros((inputs["input_ids"].size(0), 1), dtype=torch.long)
                    logits = model(
                        input_ids=inputs["input_ids"], attention_mask=inputs["attention_mask"], decoder_input_ids=start
                    ).logits.squeeze(1)[:, torch.tensor([3, 209])]
                else:
                    logits = model(**inputs).logits
            probs.append(torch.softmax(logits, dim=-1))
        return float(torch.cat(probs)[:, 1].max())

    return lambda pairs: [one(doc, claim) for doc, claim in pairs]


def factcg_reference(scorer: Any, split: Callable[[str], list[str]]) -> Callable[[list[tuple[str, str]]], list[float]]:
    """factcg/inference.py batch_inference on the scorer's model: every claim's chunks flattened, batches of 32."""
    import torch

    from veracity.models.published.minicheck import nltk_word_count

    tokenizer, model = scorer._loaded()
    count = nltk_word_count(split)

    def chunking_src(src: str) -> list[str]:
        chunks, size, chunk = [], 0, ""
        for s in split(src):
            n = count(s)
            if size + n <= 550:
                chunk, size = "\n".join([chunk, s]).strip("\n"), size + n
            else:
                chunks.append(chunk.strip("\n"))
                chunk, size = s, n
        if size > 0:
            chunks.append(chunk.replace(" \n ", "\n").strip("\n").strip())
        return chunks or [""]

    def predict(pairs: list[tuple[str, str]]) -> list[float]:
        premises, hypos, sizes = [], [], []
        for doc, claim in pairs:
            chunks = chunking_src(doc)
            premises += chunks
            hypos += [claim] * len(chunks)
            sizes.append(len(chunks))
        scores = []
        for k in range(0, len(premises), 32):
            texts = [
                FACTCG_TEMPLATE.format(text_a=a, text_b=b)
                for a, b in zip(premises[k : k + 32], hypos[k : k + 32], strict=True)
            ]
            inputs = tokenizer(texts, max_length=2048, truncation="only_first", padding="longest", return_tensors="pt")
            with torch.no_grad():
                scores.append(torch.softmax(model(**inputs).logits, dim=-1)[:, 1])
        return [float(part.max()) for part in torch.split(torch.cat(scores), sizes)]

    return predict


def timed(
    predict: Callable[[list[tuple[str, str]]], Any], answers: list[list[tuple[str, str]]]
) -> tuple[list[float], list[list[float]]]:
    """Milliseconds and scores per answer (the first answer once untimed first: allocations, caches)."""
    predict(answers[0])
    times, scores = [], []
    for pairs in answers:
        start = time.perf_counter()
        out = predict(pairs)
        times.append((time.perf_counter() - start) * 1000.0)
        scores.append([float(x) for x in out])
    return times, scores


def main() -> None:
    """Build the model, time both paths on the same answers, write metrics.json."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--family", required=True, choices=list(SHAPES))
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--limit", type=int, default=50, help="RAGTruth dev answers (default 50).")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=16, help="veracity's inputs per forward pass.")
    parser.add_argument("--tokenizer-vocab", type=int, default=16000)
    parser.add_argument("--model-dir", type=Path, help="reuse (or keep) the built model here.")
    args = parser.parse_args()

    import numpy as np
    import torch
    import transformers

    from veracity.models.published.hhem import HHEMPairScorer
    from veracity.models.published.minicheck import published_scorer, punkt_sentences

    torch.set_num_threads(args.threads)
    split = punkt_sentences()
    rows = ragtruth("dev", args.limit)
    answers = [[(context, s) for s in split(answer)] or [(context, answer)] for answer, context in rows]
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.model_dir or Path(tmp) / args.family
        checkpoint = folder / "hhem" if args.family == "hhem" else folder
        if not (checkpoint / "config.json").is_file():
            texts = [text for answer, context in ragtruth("train", 400) for text in (answer, context)]
            build(args.family, folder, texts, args.tokenizer_vocab)
        options = {"batch_size": args.batch_size, "num_threads": args.threads}
        if args.family == "hhem":
            ours: Any = HHEMPairScorer(str(checkpoint), **options)
            reference = hhem_reference(checkpoint)
        else:
            ours = published_scorer(args.family, str(checkpoint), sentence_splitter=split, **options)
            ours.score(answers[0][:1])  # loads the model the reference path shares
            reference = (factcg_reference if args.family == "factcg-deberta" else minicheck_reference)(ours, split)
        our_times, our_scores = timed(lambda pairs: ours.score(pairs)[:, 0], answers)
        their_times, their_scores = timed(reference, answers)

    difference = max(float(np.max(np.abs(np.subtract(a, b)))) for a, b in zip(our_scores, their_scores, strict=True))
    ours_rate = len(rows) / (sum(our_times) / 1000.0)
    theirs_rate = len(rows) / (sum(their_times) / 1000.0)
    metrics = {
        "family": args.family,
        "answers": len(rows),
        "pairs": sum(len(pairs) for pairs in answers),
        "veracity": {"answers_per_s": round(ours_rate, 4), "p50_ms": round(statistics.median(our_times), 1)},
        "reference": {"answers_per_s": round(theirs_rate, 4), "p50_ms": round(statistics.median(their_times), 1)},
        "ratio": round(ours_rate / theirs_rate, 3),
        "max_abs_score_difference": difference,
        "score_range": [min(min(x) for x in our_scores), max(max(x) for x in our_scores)],
        "model": {**SHAPES[args.family], "weights": "random (transformers' init)", "dtype": "float32"},
        "tokenizer": f"{args.tokenizer_vocab} pieces trained on 400 RAGTruth train answers and their contexts (not "
        "the real vocabulary)",
        "sentences": "nltk Punkt, English parameters",
        "threads": args.threads,
        "batch_size": args.batch_size,
        "reference_path": "step-by-step re-computation of the reference code (see the script docstring)",
        "transformers": transformers.__version__,
        "torch": torch.__version__,
        "platform": platform.platform(),
        "command": shlex.join([Path(sys.executable).name, *sys.argv]),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(metrics, indent=2))


if __name__ == "__main__":
    main()

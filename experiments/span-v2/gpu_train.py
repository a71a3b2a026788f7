"""Train the span model v2's variants side by side on one GPU, score each on `ragtruth:dev`, keep the best.

    python experiments/span-v2/gpu_train.py --data-dir DATA --work DIR --out OUT [--limit N] [--device cuda]

Variants (fixed before the run): the v1 recipe at batch 16 (lr 5e-5, 3 epochs), a higher rate (1e-4, 3 epochs) and
a longer run (5e-5, 5 epochs). Selection rule: the highest character-level span F1 on `ragtruth:dev` (each
variant at its best token threshold of 0.1 … 0.9); the dev figures of all three go to OUT/metrics.json. Only the
chosen model's weights come back (split in parts under 16 MB: `cat model.safetensors.part* > model.safetensors`).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import shutil
import sys
import time
from pathlib import Path

VARIANTS = {
    "lr5e-5-ep3": {"learning_rate": 5e-5, "epochs": 3},
    "lr1e-4-ep3": {"learning_rate": 1e-4, "epochs": 3},
    "lr5e-5-ep5": {"learning_rate": 5e-5, "epochs": 5},
}


def _config(name: str, args: argparse.Namespace):
    from veracity.training import load_yaml_config
    from veracity.training.span import SpanTrainConfig

    overrides = {
        **VARIANTS[name],
        "output_dir": str(args.work / name),
        "data_dir": str(args.data_dir),
        "device": args.device,
        "num_threads": 4,
    }
    if args.limit:
        overrides["limit"] = args.limit
    return load_yaml_config(Path("configs/span-small-v2.yaml"), SpanTrainConfig, overrides)


def _train(name: str, args: argparse.Namespace) -> None:
    from veracity.training.span import train_span_model

    log = open(args.work / f"{name}.log", "a", buffering=1)
    train_span_model(_config(name, args), log=lambda m: print(f"[{name}] {m}", file=log))


def dev_token_probs(model_dir: Path, data_dir: Path, device: str, limit: int | None):
    """Per dev answer: its gold spans and each answer token's (start, end, P(unsupported))."""
    import torch
    from transformers import AutoModelForTokenClassification, AutoTokenizer

    from veracity.data.loaders import Example, load_dataset
    from veracity.models.token_tagger import encode_pairs
    from veracity.text.select import window_inputs

    tokenizer = AutoTokenizer.from_pretrained(str(model_dir))
    model = AutoModelForTokenClassification.from_pretrained(str(model_dir), dtype=torch.float32).to(device).eval()
    count = lambda text: len(tokenizer(text, add_special_tokens=False)["input_ids"])  # noqa: E731
    rows = []
    examples = [r for r in load_dataset("ragtruth:dev", data_dir) if isinstance(r, Example)]
    for ex in examples[:limit] if limit else examples:
        windows = window_inputs(ex.answer, ex.context, ex.question, count, 512, 256)
        tokens = []
        for start in range(0, len(windows), 32):
            chunk = windows[start : start + 32]
            enc = encode_pairs(tokenizer, [(w.context, ex.answer[w.start : w.end]) for w in chunk], 512)
            offsets = enc.pop("answer_offsets")
            with torch.no_grad():
                probs = model(**{k: v.to(device) for k, v in enc.items()}).logits.float().softmax(-1)[..., 1].cpu()
            for w, offs, p in zip(chunk, offsets, probs, strict=True):
                tokens += [(w.start + s, w.start + e, float(q)) for (s, e), q in zip(offs, p.tolist()) if e > s]
        rows.append({"task": ex.task, "label": ex.label, "spans": ex.spans or [], "n": len(ex.answer), "tokens": tokens})
    return rows


def roc_auc_score(labels, scores) -> float:
    """Mann-Whitney AUROC with ties counted half (scikit-learn may not be on the GPU machine)."""
    pos = [s for s, y in zip(scores, labels) if y == 1]
    neg = [s for s, y in zip(scores, labels) if y == 0]
    wins = sum((p > n) + 0.5 * (p == n) for p in pos for n in neg)
    return wins / (len(pos) * len(neg))


def dev_figures(rows) -> dict:
    figures: dict = {"answers": len(rows)}
    best = None
    for t in [round(0.1 * k, 1) for k in range(1, 10)]:
        tp = fp = fn = 0
        for r in rows:
            gold = set()
            for s, e in r["spans"]:
                gold.update(range(s, e))
            pred = set()
            for s, e, p in r["tokens"]:
                if p >= t:
                    pred.update(range(s, e))
            tp += len(gold & pred)
            fp += len(pred - gold)
            fn += len(gold - pred)
        f1 = 2 * tp / max(1, 2 * tp + fp + fn)
        figures[f"span_f1@{t}"] = round(f1, 4)
        if best is None or f1 > best[1]:
            best = (t, f1)
    figures["span_f1"], figures["token_threshold"] = round(best[1], 4), best[0]
    scores = [max((p for *_, p in r["tokens"]), default=0.0) for r in rows]
    labels = [r["label"] for r in rows]
    if len(set(labels)) == 2:
        figures["auroc_max"] = round(roc_auc_score(labels, scores), 4)
    for task in sorted({r["task"] for r in rows if r["task"]}):
        idx = [i for i, r in enumerate(rows) if r["task"] == task]
        ys = [labels[i] for i in idx]
        if len(set(ys)) == 2:
            figures[f"auroc_max_{task}"] = round(roc_auc_score(ys, [scores[i] for i in idx]), 4)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--work", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--limit", type=int)
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.time()
    names = args.variants.split(",")
    context = mp.get_context("spawn")
    procs = [context.Process(target=_train, args=(n, args)) for n in names]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    report: dict = {"command": " ".join(sys.argv), "variants": {}, "train_seconds": round(time.time() - started)}
    for name in names:
        model_dir = args.work / name / "model"
        if not model_dir.exists():
            report["variants"][name] = {"error": "no model (see its log)"}
            continue
        summary = json.loads((args.work / name / "summary.json").read_text())
        figures = dev_figures(dev_token_probs(model_dir, args.data_dir, args.device, args.limit))
        report["variants"][name] = {"figures": figures, "n_answers": summary["n_answers"], "n_windows": summary["n_windows"], "steps": summary["steps"]}
        print(name, figures, flush=True)
    scored = [(v["figures"]["span_f1"], -VARIANTS[n]["epochs"], n) for n, v in report["variants"].items() if "figures" in v]
    chosen = max(scored)[2]
    report["chosen"] = chosen
    report["seconds"] = round(time.time() - started)
    (args.out / "metrics.json").write_text(json.dumps(report, indent=2) + "\n")
    model_dir = args.work / chosen / "model"
    blob = (model_dir / "model.safetensors").read_bytes()
    part = 16_000_000
    for k in range(0, len(blob), part):
        (args.out / f"model.safetensors.part{k // part}").write_bytes(blob[k : k + part])
    for name in ("config.json", "span_model.json"):
        shutil.copy(model_dir / name, args.out / name)
    logs = "".join((args.work / f"{n}.log").read_text()[-3000:] for n in names)
    (args.out / "train.log").write_text(logs)


if __name__ == "__main__":
    main()

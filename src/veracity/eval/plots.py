"""The plots of a result folder, saved small: a run's folder is committed, and its plots should not outweigh it."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from veracity._jsonl import read_rows

__all__ = ["plot_run", "save_figure", "shrink_png"]

PALETTE_COLOURS = 64  # line plots on white use a few dozen colours; a palette PNG is a third of the RGBA one


def shrink_png(data: bytes) -> bytes:
    """``data`` (a PNG) as a palette PNG of at most ``PALETTE_COLOURS`` colours, or unchanged without Pillow."""
    try:
        from PIL import Image
    except ImportError:
        return data
    image = Image.open(io.BytesIO(data)).convert("RGB").quantize(PALETTE_COLOURS, method=Image.Quantize.MEDIANCUT)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return min(out.getvalue(), data, key=len)


def save_figure(figure: Any, path: Path, dpi: int) -> None:
    """Write a matplotlib figure to ``path`` as a small PNG."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    path.write_bytes(shrink_png(buffer.getvalue()))


def plot_run(out_dir: Path, result: dict[str, Any]) -> None:
    """Precision-recall curve and reliability diagram, next to metrics.json (skipped without matplotlib)."""
    rows = [r for r in read_rows(out_dir / "predictions.jsonl") if "score" in r and "error" not in r]
    gold = [int(r["label"]) for r in rows]
    if not rows or len(set(gold)) < 2:
        return
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    scores = [float(r["score"]) for r in rows]
    pairs = sorted(zip(scores, gold, strict=True), key=lambda x: -x[0])
    positives = sum(gold)
    tp = fp = 0
    precision, recall = [], []
    for _, g in pairs:
        tp += g
        fp += 1 - g
        precision.append(tp / (tp + fp))
        recall.append(tp / positives)
    title = f"{result.get('detector')} on {result.get('dataset')}:{result.get('split')}"
    fig, ax = plt.subplots(figsize=(4.5, 4))
    ax.plot(recall, precision)
    ax.set(xlabel="recall", ylabel="precision", xlim=(0, 1), ylim=(0, 1.02), title=title)
    fig.tight_layout()
    save_figure(fig, out_dir / "pr_curve.png", dpi=100)
    plt.close(fig)
    bins = [[0, 0.0, 0.0] for _ in range(10)]
    for s, g in zip(scores, gold, strict=True):
        b = min(int(s * 10), 9)
        bins[b][0] += 1
        bins[b][1] += g
        bins[b][2] += s
    fig, ax = plt.subplots(figsize=(4.5, 4))
    centres = [bs / c for c, _, bs in bins if c]
    observed = [bg / c for c, bg, _ in bins if c]
    ax.plot([0, 1], [0, 1], linestyle="--", color="grey")
    ax.plot(centres, observed, marker="o")
    ax.set(xlabel="mean score in bin", ylabel="fraction hallucinated", xlim=(0, 1), ylim=(0, 1), title=title)
    fig.tight_layout()
    save_figure(fig, out_dir / "reliability.png", dpi=100)
    plt.close(fig)

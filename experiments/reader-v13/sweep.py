"""RAGTruth's share of the reader's training mixture, swept on the cached signals (experiments/reader-v13).

``python experiments/reader-v13/sweep.py`` from the repository root, after configs/reader-small.yaml's caches are
built. Each share s gives RAGTruth s of the total weight and scales every other source's MIXTURE share by
(1 - s) / (1 - 0.35). Writes sweep.json: per share, the out-of-fold RAGTruth training figures (what the rule chooses
by) and the dev caches' figures (read, not chosen by).
"""

import json
from pathlib import Path

import yaml
from sklearn.metrics import roc_auc_score

from veracity.training.reader import MIXTURE, ReaderTrainConfig, cached_rows, fit_configured
from veracity.training.reader_scores import answer_scores, evaluate_rows

SHARES = (0.35, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9)


def mixture_at(share: float) -> dict[str, float]:
    """MIXTURE with RAGTruth at ``share`` and every other source scaled to fill the rest."""
    rest = 1.0 - MIXTURE["ragtruth"]
    return {k: round(share if k == "ragtruth" else v / rest * (1.0 - share), 6) for k, v in MIXTURE.items()}


def main() -> None:
    """Fit at each share and write sweep.json."""
    cfg = ReaderTrainConfig(**yaml.safe_load(Path("configs/reader-small.yaml").read_text()))
    train, dev = cached_rows(cfg), cached_rows(cfg, dev=True)
    ragtruth_dev = [r for r in dev if r["source"] == "dev:ragtruth:dev"]
    out = {}
    for share in SHARES:
        model, figures = fit_configured(train, cfg.model_copy(update={"mixture": mixture_at(share)}))
        oof = figures["per_source"]["ragtruth"]
        scores = list(answer_scores(model, ragtruth_dev).values())
        dev_figures = evaluate_rows(model, dev)
        out[str(share)] = {
            "mixture": mixture_at(share),
            "oof_ragtruth_auroc": oof["answer_auroc_oof"],
            "oof_ragtruth_f1": oof["answer_f1_oof"],
            "oof_ece": figures["ece_oof"],
            "threshold": round(model.threshold, 2),
            "dev_cache_ragtruth_auroc": round(float(roc_auc_score([s[2] for s in scores], [s[1] for s in scores])), 4),
            "dev_cache_auroc": {k: v.get("auroc") for k, v in dev_figures.items()},
        }
        print(share, out[str(share)]["oof_ragtruth_auroc"], out[str(share)]["dev_cache_ragtruth_auroc"], flush=True)
    Path(__file__).with_name("sweep.json").write_text(json.dumps(out, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()

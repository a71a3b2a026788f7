"""The shipped verifiers, veracity-nli-small (the default) and veracity-nli-small-stage3 (its earlier release, kept for
summaries): each is in the repository, loads offline by name, and still scores as its model card says (a regression
guard on the 66 hand-written minimal pairs)."""

import json

import numpy as np
import pytest

from conftest import ROOT
from veracity.models.catalog import CATALOG, resolve_model_path
from veracity.models.pair_scorer import ENTAILMENT, HFPairScorer

WEIGHTS = ROOT / "src" / "veracity" / "models" / "weights"
SHIPPED = ["veracity-nli-small", "veracity-nli-small-stage3"]
LABELS = ["entailment", "neutral", "contradiction"]
# Measured for v2: 71.2% fp32 (benchmarks/results/minimal-pairs_verifier-veracity-nli-small-v2); stage 3 had
# 78.8%. The guard sits well below: a broken export or loader (chance is 33%) falls far below it.
MINIMAL_PAIRS_FLOOR = {"none": 0.55, "int8": 0.55}


@pytest.fixture(scope="module")
def minimal_pairs():
    path = ROOT / "benchmarks" / "fixtures" / "minimal_pairs.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("name", SHIPPED)
def test_it_ships_in_fp16_under_60_mb_with_a_model_card(name):
    assert CATALOG[name].present()
    weights = WEIGHTS / name
    assert resolve_model_path(name) == weights
    size = sum(p.stat().st_size for p in weights.iterdir() if p.is_file())
    assert size <= 60 * 2**20
    config = json.loads((weights / "config.json").read_text(encoding="utf-8"))
    assert config["dtype"] == "float16" or config.get("torch_dtype") == "float16"
    assert [config["id2label"][str(i)] for i in range(3)] == LABELS
    assert (weights / "MODEL_CARD.md").exists()
    # Trained at 256 tokens: scorers read it at that length unless told otherwise.
    assert json.loads((weights / "tokenizer_config.json").read_text(encoding="utf-8"))["model_max_length"] == 256


@pytest.mark.parametrize("name", SHIPPED)
@pytest.mark.parametrize("quantize", ["none", "int8"])
def test_it_loads_offline_and_keeps_its_minimal_pair_accuracy(minimal_pairs, name, quantize):
    scorer = HFPairScorer(name, quantize=quantize)
    probs = scorer.score([(p["premise"], p["hypothesis"]) for p in minimal_pairs])
    np.testing.assert_allclose(probs.sum(axis=1), 1.0, atol=1e-4)
    accuracy = np.mean([LABELS[int(np.argmax(row))] == p["label"] for row, p in zip(probs, minimal_pairs, strict=True)])
    # MODEL_CARD.md reports the measured accuracy; this guards against a broken export or loader.
    assert accuracy >= MINIMAL_PAIRS_FLOOR[quantize]
    kyoto = scorer.score([("The Kyoto Protocol was adopted in Kyoto, Japan, in 1997.",
                           "The Kyoto Protocol was adopted in Japan.")])[0]  # fmt: skip
    assert kyoto[ENTAILMENT] > 0.5

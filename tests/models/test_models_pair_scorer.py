"""PairScorer tests. No NLI model can be installed offline, so these build tiny random-weight cross-encoders
from a config (with MiniLM's real tokenizer) and check the plumbing: label order, heads, batching, order."""

import numpy as np
import pytest
import torch

from conftest import build_tiny_classifier as build_model
from veracity.errors import ConfigError
from veracity.models.pair_scorer import CONTRADICTION, ENTAILMENT, NEUTRAL, HFPairScorer, PairScorer, label_columns

PAIRS = [
    ("Paris is in France.", "Paris is in Germany."),
    ("Kyoto was the capital of Japan for over a thousand years until 1868.", "Kyoto was a capital."),
    ("A", "B"),
    ("The cat sat on the mat. " * 20, "A cat sat."),
    ("Marie Curie was born in Warsaw.", "Marie Curie was born in Poland."),
]


def reference_probs(tokenizer, model, pairs):
    with torch.inference_mode():
        encoded = tokenizer(
            [p for p, _ in pairs],
            [h for _, h in pairs],
            padding=True,
            truncation=True,
            max_length=512,
            return_tensors="pt",
        )
        return model(**encoded).logits


@pytest.fixture(scope="module")
def nli_dir(tmp_path_factory):
    path = tmp_path_factory.mktemp("nli")
    tokenizer, model = build_model(path, {0: "CONTRADICTION", 1: "entailment", 2: "Neutral"})
    return path, tokenizer, model


def test_three_class_head_follows_the_config_label_order(nli_dir):
    path, tokenizer, model = nli_dir
    scorer = HFPairScorer(str(path), batch_size=2)
    assert isinstance(scorer, PairScorer)
    probs = scorer.score(PAIRS)
    assert probs.shape == (len(PAIRS), 3)
    assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-5)
    expected = torch.softmax(reference_probs(tokenizer, model, PAIRS), dim=-1).numpy()
    assert probs[:, ENTAILMENT] == pytest.approx(expected[:, 1], abs=1e-4)
    assert probs[:, NEUTRAL] == pytest.approx(expected[:, 2], abs=1e-4)
    assert probs[:, CONTRADICTION] == pytest.approx(expected[:, 0], abs=1e-4)


def test_length_bucketing_keeps_input_order(nli_dir):
    path, _, _ = nli_dir
    scorer = HFPairScorer(str(path), batch_size=2, num_threads=2)
    together = scorer.score(PAIRS)
    one_by_one = np.vstack([scorer.score([pair]) for pair in PAIRS])
    assert together == pytest.approx(one_by_one, abs=1e-4)


def test_empty_input(nli_dir):
    assert HFPairScorer(str(nli_dir[0])).score([]).shape == (0, 3)


def test_one_logit_consistency_head(tmp_path):
    tokenizer, model = build_model(tmp_path, {0: "consistent"})
    probs = HFPairScorer(str(tmp_path)).score(PAIRS[:2])
    expected = torch.sigmoid(reference_probs(tokenizer, model, PAIRS[:2])[:, 0]).numpy()
    assert probs[:, ENTAILMENT] == pytest.approx(expected, abs=1e-4)
    assert probs[:, NEUTRAL] == pytest.approx(1 - expected, abs=1e-4)
    assert np.all(probs[:, CONTRADICTION] == 0)


def test_uninformative_label_names_need_explicit_names(tmp_path):
    build_model(tmp_path, {0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"})
    with pytest.raises(ConfigError, match="label_names"):
        HFPairScorer(str(tmp_path)).score(PAIRS[:1])
    named = HFPairScorer(str(tmp_path), label_names=["entailment", "neutral", "contradiction"])
    assert named.score(PAIRS[:1]).shape == (1, 3)


@pytest.mark.parametrize(
    ("labels", "columns"),
    [
        (["entailment", "neutral", "contradiction"], [0, 1, 2]),
        (["contradiction", "entailment", "neutral"], [2, 0, 1]),
        (["not_entailment", "entailment"], [1, 0]),
        (["Hallucinated", "Consistent"], [1, 0]),
    ],
)
def test_label_columns(labels, columns):
    assert label_columns(labels) == columns


def test_bad_constructor_arguments():
    with pytest.raises(ConfigError):
        HFPairScorer("x", batch_size=0)
    with pytest.raises(ConfigError):
        HFPairScorer("x", quantize="int4")  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        HFPairScorer("x", quantize="int8", device="cuda")


def test_int8_quantisation_keeps_probabilities_close(nli_dir):
    path, _, _ = nli_dir
    exact = HFPairScorer(str(path)).score(PAIRS)
    quantised = HFPairScorer(str(path), quantize="int8")
    fast = quantised.score(PAIRS)
    assert quantised.config()["quantize"] == "int8"
    np.testing.assert_allclose(fast.sum(axis=1), 1.0, atol=1e-5)
    assert np.abs(fast - exact).max() < 0.05

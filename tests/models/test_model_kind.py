"""A checkpoint of the wrong kind is refused at load, by name, never run with weights initialised at random.

Uses the checkpoints shipped in the package: a token classifier (the span model), a sequence classifier (the
verifier), a plain encoder (the retriever) and the default embedder.
"""

import pytest
from typer.testing import CliRunner

from veracity.cli import app
from veracity.detectors.verifier import VerifierDetector
from veracity.errors import ModelNotAvailableError
from veracity.models.catalog import resolve_model_path
from veracity.models.embedder import SentenceTransformerEmbedder
from veracity.models.pair_scorer import HFPairScorer
from veracity.models.token_tagger import TokenTagger

PAIR = [("Paris is in France.", "Paris is in France.")]


def shipped(name: str) -> str:
    return str(resolve_model_path(name))


def test_a_token_classifier_given_as_the_verifier_is_refused_naming_what_it_lacks():
    with pytest.raises(ModelNotAvailableError) as caught:
        HFPairScorer(shipped("veracity-span-small")).score(PAIR)
    message = str(caught.value)
    assert "veracity-span-small" in message and "BertForTokenClassification" in message
    assert "sequence-classification" in message and "bert.pooler.dense.weight" in message


def test_a_plain_encoder_given_as_the_verifier_is_refused_naming_the_missing_head():
    with pytest.raises(ModelNotAvailableError, match=r"classifier\.bias, classifier\.weight"):
        HFPairScorer("veracity-retriever-small").score(PAIR)


def test_a_sequence_classifier_given_as_the_span_model_is_refused():
    with pytest.raises(ModelNotAvailableError, match="BertForSequenceClassification, not a token-classification"):
        TokenTagger("veracity-nli-small").tag(PAIR)


def test_a_token_classifier_given_as_the_embedder_is_refused_naming_the_new_weights():
    with pytest.raises(ModelNotAvailableError, match=r"lacks 2 weight.*pooler\.dense\.bias, pooler\.dense\.weight"):
        SentenceTransformerEmbedder(shipped("veracity-span-small")).embed(["Paris is in France."])


@pytest.mark.parametrize("name", ["veracity-nli-small", "veracity-nli-small-stage3"])
def test_the_shipped_verifiers_still_load(name):
    probs = HFPairScorer(name).score(PAIR)
    assert probs.shape == (1, 3) and probs[0, 0] > 0.5


def test_the_shipped_span_model_and_embedders_still_load(embedder):
    (window,) = TokenTagger("veracity-span-small").tag(PAIR)
    assert len(window.offsets) == len(window.probs) > 0
    assert embedder.embed(["Paris"]).shape == (1, 384)
    assert SentenceTransformerEmbedder("veracity-retriever-small").embed(["Paris"]).shape[0] == 1


def test_the_verifier_detector_refuses_the_span_model_instead_of_a_verdict():
    detector = VerifierDetector.from_config(model=shipped("veracity-span-small"))
    with pytest.raises(ModelNotAvailableError, match="not a sequence-classification model"):
        detector.detect("Paris is in France.", context=["Paris is in France."])


def test_the_cli_says_so_without_a_traceback():
    args = ["detect", "-d", "verifier", "--set", f"model={shipped('veracity-span-small')}"]
    result = CliRunner().invoke(app, [*args, "--answer", "Paris is in France.", "--context", "Paris is in France."])
    assert result.exit_code != 0 and "HALLUCINATED" not in result.output and "Traceback" not in result.output
    assert "BertForTokenClassification" in result.output

"""HHEM-2.1-Open read as Vectara's remote code reads it, on a tiny random flan-t5-shaped model.

The reference is ``modeling_hhem_v2.py`` of vectara/hallucination_evaluation_model (Hugging Face; not installable, it
runs as remote code): ``HHEMv2ForSequenceClassification.predict`` formats each (premise, hypothesis) with
``HHEMv2Config.prompt``, tokenises the whole list with flan-t5-base's tokenizer (``padding=True``, no truncation),
runs ``T5ForTokenClassification`` (its ``self.t5``), keeps ``logits[:, 0, :]`` and returns ``softmax(-1)[:, 1]``.
:func:`reference_predict` below is that, step by step, on the transformers class the reference wraps.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
import torch
from safetensors.torch import save_file
from tiny_t5 import save_t5_tokenizer, t5_config
from typer.testing import CliRunner

from veracity.detectors import load_detector
from veracity.detectors.base import load_pair_scorer
from veracity.errors import ConfigError, ModelNotAvailableError
from veracity.models.published.formats import published_format
from veracity.models.published.hhem import HHEM_PROMPT, HHEMModel, HHEMPairScorer, checkpoint_keys
from veracity.schema import Report

# configuration_hhem_v2.py, HHEMv2Config.prompt, copied here independently of the module under test.
REFERENCE_PROMPT = (
    "<pad> Determine if the hypothesis is true given the premise?\n\nPremise: {text1}\n\nHypothesis: {text2}"
)

LONG_CONTEXT = " ".join(f"The museum in Kraków sold {n} tickets on day {n}." for n in range(30))
PAIRS = [
    ("Marie Curie won a prize for physics.", "Marie Curie won a prize."),
    ("Marie Curie won a prize for physics.", "Marie Curie never won anything."),
    ("The river opened the bridge in 1932.", "The bridge opened in 1932."),
    ("The committee rejected the proposal on Friday.", "The committee accepted the proposal."),
    ("Zoë visited the old library.", "Zoë visited a library."),
    ("北京大学 studied the ancient manuscript.", "北京大学 studied a manuscript."),
    ("Der Bürgermeister sold über 300 Besucher.", "Der Bürgermeister sold 300."),
    ("A small café built a naïve résumé — again.", "The café built a résumé."),
    ("", "The company reported 12.5 percent of the revenue."),
    ("The company reported 12.5 percent of the revenue.", ""),
    ("", ""),
    (LONG_CONTEXT, "The museum sold 119 tickets on day 119."),
    (LONG_CONTEXT, "The museum sold tickets."),
    ("The patient measured the results of the trial.", " ".join(["The patient measured the results."] * 40)),
    ("Our team built three new branches.", "Our team built {text1} branches {0}."),
    ("Braces {text2} and {} stay as written.", "Braces stay."),
    ("Line one.\n\nLine two after a blank line.\n", "Line two."),
    ("Tabs\tand  double  spaces.", "Tabs and spaces."),
    ("The 2019 report described its first electric car.", "The report described a car."),
    ("The museum in Kraków visited the façade.", "The museum is in Kraków."),
    ("Our team won the proposal after a long debate.", "Our team won after a debate."),
    ("The patient studied the old library in the north.", "The patient studied in the south."),
]


@pytest.fixture(scope="module")
def hhem(tmp_path_factory):
    """A foundation folder (tiny flan-t5-style config + tokenizer) and an HHEM-2 checkpoint saved as published."""
    root = tmp_path_factory.mktemp("hhem")
    foundation = save_t5_tokenizer(root / "flan-t5")
    config = t5_config(vocab_size=230, decoder=False)
    config.save_pretrained(foundation)
    torch.manual_seed(0)
    reference = __import__("transformers").T5ForTokenClassification(config).eval()
    with torch.no_grad():
        reference.classifier.weight.mul_(30.0)  # spread the tiny model's scores so that a wrong reading shows
    # HHEMv2ForSequenceClassification holds it as self.t5; the published file lacks the tied encoder embedding.
    state = {f"t5.{k}": v.contiguous() for k, v in reference.state_dict().items()}
    del state["t5.transformer.encoder.embed_tokens.weight"]
    checkpoint = root / "hhem"
    checkpoint.mkdir()
    save_file(state, str(checkpoint / "model.safetensors"))
    (checkpoint / "config.json").write_text(
        json.dumps(
            {
                "architectures": ["HHEMv2ForSequenceClassification"],
                "auto_map": {"AutoConfig": "configuration_hhem_v2.HHEMv2Config"},
                "model_type": "HHEMv2",
                "id2label": {"0": "hallucinated", "1": "consistent"},
                "torch_dtype": "float32",
            }
        )
    )
    (checkpoint / "veracity-model.json").write_text(json.dumps({"foundation": "../flan-t5"}))
    return {"checkpoint": checkpoint, "foundation": foundation, "reference": reference, "state": state}


def reference_predict(hhem, pairs):
    """modeling_hhem_v2.py predict(): format, tokenise all in one padded batch, token logits at position 0, column 1."""
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(hhem["foundation"])
    pair_dict = [{"text1": pair[0], "text2": pair[1]} for pair in pairs]
    inputs = tokenizer([REFERENCE_PROMPT.format(**pair) for pair in pair_dict], return_tensors="pt", padding=True)
    with torch.no_grad():
        logits = hhem["reference"](**inputs).logits[:, 0, :]
    return torch.softmax(logits, dim=-1)[:, 1].numpy()


def test_the_prompt_is_the_reference_one():
    assert HHEM_PROMPT == REFERENCE_PROMPT


def test_scores_equal_the_reference(hhem):
    expected = reference_predict(hhem, PAIRS)
    got = HHEMPairScorer(str(hhem["checkpoint"]), batch_size=4).score(PAIRS)
    assert got.shape == (len(PAIRS), 3)
    np.testing.assert_allclose(got[:, 0], expected, atol=1e-5, rtol=0)
    np.testing.assert_allclose(got.sum(axis=1), 1.0, atol=1e-6)
    assert np.all(got[:, 2] == 0.0)
    assert expected.std() > 0.05, "the tiny model must tell inputs apart for the comparison to mean something"


def test_one_at_a_time_equals_batched(hhem):
    scorer = HHEMPairScorer(str(hhem["checkpoint"]), batch_size=1)
    singles = np.array([reference_predict(hhem, [pair])[0] for pair in PAIRS[:8]])
    np.testing.assert_allclose(scorer.score(PAIRS[:8])[:, 0], singles, atol=1e-5, rtol=0)


def test_the_long_context_is_read_whole(hhem):
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(hhem["foundation"])
    assert len(tokenizer(REFERENCE_PROMPT.format(text1=LONG_CONTEXT, text2="x")).input_ids) > 512
    cut = HHEMPairScorer(str(hhem["checkpoint"]), max_length=64).score(PAIRS[11:13])
    whole = HHEMPairScorer(str(hhem["checkpoint"])).score(PAIRS[11:13])
    np.testing.assert_allclose(whole[:, 0], reference_predict(hhem, PAIRS[11:13]), atol=1e-5, rtol=0)
    # compared in log space: the tiny model's P(consistent) of these two pairs can be ~1e-14 either way
    assert not np.allclose(np.log(cut[:, 0] + 1e-38), np.log(whole[:, 0] + 1e-38), atol=1e-3)


def test_the_literal_pad_is_token_zero_and_read_at_position_zero(hhem):
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(hhem["foundation"])
    ids = tokenizer([REFERENCE_PROMPT.format(text1="a", text2="b")]).input_ids[0]
    assert ids[0] == 0 and ids[-1] == 1


def test_checkpoint_keys_are_the_published_ones(hhem):
    """The names reference-facts.md §2.2 lists, for this 2-block encoder: exactly what the checkpoint holds."""
    blocks = set()
    for i in range(2):
        block = f"t5.transformer.encoder.block.{i}.layer"
        blocks |= {f"{block}.0.SelfAttention.{m}.weight" for m in "qkvo"}
        blocks |= {f"{block}.0.layer_norm.weight", f"{block}.1.layer_norm.weight"}
        blocks |= {f"{block}.1.DenseReluDense.{m}.weight" for m in ("wi_0", "wi_1", "wo")}
    published = blocks | {
        "t5.transformer.shared.weight",
        "t5.transformer.encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight",
        "t5.transformer.encoder.final_layer_norm.weight",
        "t5.classifier.weight",
        "t5.classifier.bias",
    }
    assert checkpoint_keys(HHEMModel(t5_config(vocab_size=230, decoder=False))) == published
    assert set(hhem["state"]) == published


def test_the_encoder_embedding_is_the_shared_one_after_loading(hhem):
    from veracity.models.published.hhem import foundation_folder, load_hhem

    folder = foundation_folder(hhem["checkpoint"])
    _, model = load_hhem(str(hhem["checkpoint"]), str(folder), "cpu")
    encoder = model.t5.transformer
    assert encoder.encoder.embed_tokens.weight is encoder.shared.weight
    assert torch.equal(encoder.shared.weight, hhem["state"]["t5.transformer.shared.weight"])


def test_recognised_from_its_config_not_its_name(hhem, tmp_path):
    assert published_format(hhem["checkpoint"]) == "hhem"
    assert isinstance(load_pair_scorer(str(hhem["checkpoint"])), HHEMPairScorer)
    assert isinstance(load_pair_scorer(f"hhem:{hhem['checkpoint']}"), HHEMPairScorer)
    named_like_it = tmp_path / "hallucination_evaluation_model"
    named_like_it.mkdir()
    (named_like_it / "config.json").write_text(json.dumps({"model_type": "bert", "architectures": ["BertModel"]}))
    assert published_format(named_like_it) is None
    assert type(load_pair_scorer(str(named_like_it))).__name__ == "HFPairScorer"


def test_a_checkpoint_of_another_kind_is_refused(hhem, tmp_path):
    other = tmp_path / "bert"
    other.mkdir()
    (other / "config.json").write_text(
        json.dumps({"model_type": "bert", "architectures": ["BertForSequenceClassification"]})
    )
    with pytest.raises(ModelNotAvailableError, match="not an HHEM-2 checkpoint"):
        HHEMPairScorer(str(other), foundation=str(hhem["foundation"])).score([("a", "b")])
    # HHEM's config over weights of another model (a T5 seq2seq): the names do not match, nothing loads at random.
    wrong = tmp_path / "wrong"
    wrong.mkdir()
    (wrong / "config.json").write_text((hhem["checkpoint"] / "config.json").read_text())
    seq2seq = __import__("transformers").T5ForConditionalGeneration(t5_config(vocab_size=230, decoder=True))
    save_file({k: v.clone().contiguous() for k, v in seq2seq.state_dict().items()}, str(wrong / "model.safetensors"))
    with pytest.raises(ModelNotAvailableError, match="does not hold HHEM-2's weights"):
        HHEMPairScorer(str(wrong), foundation=str(hhem["foundation"])).score([("a", "b")])
    # A pickled checkpoint is not read.
    pickled = tmp_path / "pickled"
    pickled.mkdir()
    (pickled / "config.json").write_text((hhem["checkpoint"] / "config.json").read_text())
    (pickled / "pytorch_model.bin").write_bytes(b"not read")
    with pytest.raises(ModelNotAvailableError, match=r"no model\.safetensors"):
        HHEMPairScorer(str(pickled), foundation=str(hhem["foundation"])).score([("a", "b")])


def test_without_the_foundation_the_error_says_how_to_get_it(hhem, tmp_path):
    bare = tmp_path / "hhem-alone"
    bare.mkdir()
    for name in ("config.json", "model.safetensors"):
        (bare / name).symlink_to(hhem["checkpoint"] / name)
    with pytest.raises(ModelNotAvailableError, match=r"hf download google/flan-t5-base config\.json") as raised:
        HHEMPairScorer(str(bare)).score([("a", "b")])
    assert "foundation=FOLDER" in str(raised.value) and "veracity-model.json" in str(raised.value)
    # Named explicitly, it loads.
    got = HHEMPairScorer(str(bare), foundation=str(hhem["foundation"])).score(PAIRS[:3])
    np.testing.assert_allclose(got[:, 0], reference_predict(hhem, PAIRS[:3]), atol=1e-5, rtol=0)


def test_settings_outside_the_reference_are_refused_and_nothing_in_gives_nothing_out(hhem):
    with pytest.raises(ConfigError, match="quantize"):
        HHEMPairScorer(str(hhem["checkpoint"]), quantize="int8")
    with pytest.raises(ConfigError, match="backend"):
        HHEMPairScorer(str(hhem["checkpoint"]), backend="onnx")
    assert HHEMPairScorer(str(hhem["checkpoint"])).score([]).shape == (0, 3)
    assert HHEMPairScorer(str(hhem["checkpoint"])).config()["format"] == "hhem"


def test_the_verifier_detector_reads_a_tiny_hhem_end_to_end(hhem):
    answer, context = "Marie Curie won a prize.", "Marie Curie won a prize for physics."
    expected = 1.0 - float(reference_predict(hhem, [(context, answer)])[0])
    detector = load_detector("verifier", calibration="none", model=str(hhem["checkpoint"]), mode="whole")
    report = detector.detect(answer, [context])
    assert report.score == pytest.approx(expected, abs=1e-5)
    # The same through the command line's --set.
    from veracity.cli import app

    result = CliRunner().invoke(
        app,
        [
            "detect",
            "-d",
            "verifier",
            "--set",
            "calibration=none",
            "--set",
            f"model={hhem['checkpoint']}",
            "--set",
            "mode=whole",
            "--answer",
            answer,
            "--context",
            context,
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    assert Report.model_validate_json(result.stdout).score == pytest.approx(expected, abs=1e-5)

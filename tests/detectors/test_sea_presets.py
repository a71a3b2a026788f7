"""The ``sea`` detector with the Logic-Matters presets and an mxbai-rerank-v2 reranker as its relevance scorer R.

The reranker is the tiny random Qwen2 of tests/models/published/tiny_qwen2.py (no published weights can be had
here); the NLI model is the shipped veracity-nli-small, the embedder the real all-MiniLM-L6-v2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from veracity.detectors import load_detector
from veracity.detectors.sea import PRESETS, SEAConfig, SEADetector, relevance_format_of
from veracity.errors import ModelNotAvailableError
from veracity.models.catalog import resolve_model_path
from veracity.models.published.mxbai import MxbaiReranker

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "models" / "published"))  # the tiny model's builder
from tiny_qwen2 import build_reranker

HHEM = "vectara/hallucination_evaluation_model"
MINICHECK = "lytang/MiniCheck-Flan-T5-Large"
MXBAI = "mixedbread-ai/mxbai-rerank-base-v2"
CONTEXT = [
    "Tianjin Quanjian is a football club managed by Fabio Cannavaro since 2017.",
    "Fabio Cannavaro captained the Italy national football team as a defender.",
    "A baguette is a long thin loaf of French bread with a crisp crust.",
]
QUESTION = "What position did the manager of Tianjin Quanjian hold in the Italy team?"
ANSWER = "Cannavaro managed Tianjin Quanjian and captained Italy as defender"


@pytest.fixture(scope="module")
def reranker_folder(tmp_path_factory):
    return build_reranker(tmp_path_factory.mktemp("sea") / "reranker")


@pytest.fixture()
def empty_hf_cache(tmp_path, monkeypatch):
    """A Hugging Face cache with nothing in it: no published model is installed."""
    from huggingface_hub import constants

    cache = tmp_path / "hf-cache"
    cache.mkdir()
    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(cache))
    return cache


def test_the_presets_are_the_papers_configurations():
    a, b = SEAConfig(preset="logic-matters-a"), SEAConfig(preset="logic-matters-b")
    assert (a.nli_model, a.relevance_model, a.relevance_format, a.embedder) == (
        HHEM, MXBAI, "mxbai-rerank-v2", "all-MiniLM-L6-v2"
    )  # fmt: skip
    assert b.nli_model == MINICHECK and b.relevance_model == MXBAI and b.embedder == "all-MiniLM-L6-v2"
    assert a.cluster_tokens == b.cluster_tokens == 1024  # the paper's T_t
    assert SEAConfig.model_validate(a.model_dump()) == a  # the recorded config builds the same detector
    assert set(PRESETS) == {"logic-matters-a", "logic-matters-b"}


def test_a_value_given_beside_a_preset_wins_and_a_new_preset_replaces_the_old_ones_models():
    given = SEADetector.settings_from(None, {"preset": "logic-matters-a", "nli_model": "/models/hhem"})
    assert given.nli_model == "/models/hhem" and given.relevance_model == MXBAI
    # load_detector's path: every default is in the dict it validates, and the preset still fills them
    assert SEADetector.settings_from(None, {"preset": "logic-matters-b"}).nli_model == MINICHECK
    switched = SEADetector.settings_from(SEAConfig(preset="logic-matters-a"), {"preset": "logic-matters-b"})
    assert switched.nli_model == MINICHECK
    kept = SEADetector.settings_from(
        SEAConfig(preset="logic-matters-a", nli_model="/models/hhem"), {"preset": "logic-matters-b"}
    )
    assert kept.nli_model == "/models/hhem"
    dropped = SEADetector.settings_from(SEAConfig(preset="logic-matters-a"), {"preset": None})
    assert dropped == SEAConfig()


def test_a_preset_whose_models_are_missing_names_every_download(empty_hf_cache):
    with pytest.raises(ModelNotAvailableError) as missing:
        load_detector("sea", preset="logic-matters-a")
    message = str(missing.value)
    for command in (f"hf download {HHEM}", "hf download google/flan-t5-base", f"hf download {MXBAI}"):
        assert command in message
    assert str(empty_hf_cache) in message and "never downloads" in message
    assert "all-MiniLM-L6-v2" not in message  # installed here
    with pytest.raises(ModelNotAvailableError) as missing_b:
        load_detector("sea", preset="logic-matters-b")
    assert f"hf download {MINICHECK}" in str(missing_b.value) and "flan-t5-base" not in str(missing_b.value)


def test_a_preset_with_local_folders_in_place_of_its_models_runs(empty_hf_cache, reranker_folder):
    nli = str(resolve_model_path("veracity-nli-small"))
    with pytest.raises(ModelNotAvailableError) as missing:  # the reranker is still the preset's
        load_detector("sea", preset="logic-matters-a", nli_model=nli)
    assert f"hf download {MXBAI}" in str(missing.value) and HHEM not in str(missing.value)
    detector = SEADetector.from_config(preset="logic-matters-a", nli_model=nli, relevance_model=str(reranker_folder))
    assert isinstance(detector.relevance, MxbaiReranker)  # the preset's format: no _name_or_path needed
    report = detector.detect(ANSWER, CONTEXT, QUESTION)
    assert report.config["preset"] == "logic-matters-a" and report.models["relevance"] == str(reranker_folder)
    assert sum(g.relevance for g in report.details.evidence_groups) == pytest.approx(1.0)


@pytest.mark.parametrize("transform", ["sigmoid", "raw-clipped", "normalize"])
def test_the_weights_in_the_report_are_the_rerankers_scores(reranker_folder, transform):
    detector = SEADetector.from_config(
        relevance_model=str(reranker_folder), relevance_format="mxbai-rerank-v2", relevance_transform=transform
    )
    report = detector.detect(ANSWER, CONTEXT, QUESTION)
    groups = report.details.evidence_groups
    assert len(groups) >= 2 and report.models["relevance"] == str(reranker_folder)
    # R(D_k, A'): the answer is the query, each cluster's chunks (joined by newlines) the document
    documents = ["\n".join(c.span.text for c in g.chunks) for g in groups]
    reranker = MxbaiReranker(str(reranker_folder))
    raw = reranker.predict([ANSWER] * len(groups), documents).astype(np.float64)
    r = {
        "sigmoid": 1 / (1 + np.exp(-raw)),
        "raw-clipped": np.clip(raw, 0, None),
        "normalize": 1 / (1 + np.exp(-(raw - reranker.estimated_max / 2))),
    }[transform]
    expected = r / r.sum() if r.sum() > 0 else np.full(len(r), 1 / len(r))
    np.testing.assert_allclose([g.relevance for g in groups], expected, atol=1e-6)
    consistency = sum(g.relevance * g.entailment for g in groups)
    assert report.score == pytest.approx(1.0 - consistency)


def _copy_with(folder: Path, target: Path, config: dict | None = None, manifest: dict | None = None) -> str:
    import shutil

    shutil.copytree(folder, target)
    if config:
        saved = json.loads((target / "config.json").read_text())
        (target / "config.json").write_text(json.dumps({**saved, **config}))
    if manifest:
        (target / "veracity-model.json").write_text(json.dumps(manifest))
    return str(target)


def test_auto_reads_the_reranker_from_its_files_not_its_name(reranker_folder, tmp_path):
    named = _copy_with(reranker_folder, tmp_path / "a", config={"_name_or_path": MXBAI})
    declared = _copy_with(reranker_folder, tmp_path / "b", manifest={"format": "mxbai-rerank-v2"})
    assert relevance_format_of(named, "auto") == relevance_format_of(declared, "auto") == "mxbai-rerank-v2"
    assert isinstance(SEADetector.from_config(relevance_model=named).relevance, MxbaiReranker)
    looks_right = _copy_with(reranker_folder, tmp_path / "mxbai-rerank-base-v2")  # the name alone says nothing
    chat = _copy_with(reranker_folder, tmp_path / "c", config={"_name_or_path": "Qwen/Qwen2.5-0.5B-Instruct"})
    for folder in (looks_right, chat):
        with pytest.raises(ModelNotAvailableError, match="set relevance_format=mxbai-rerank-v2"):
            SEADetector.from_config(relevance_model=folder)
    assert relevance_format_of(str(resolve_model_path("veracity-nli-small")), "auto") == "cross-encoder"
    assert relevance_format_of(looks_right, "mxbai-rerank-v2") == "mxbai-rerank-v2"  # declared: taken as said


def test_a_cross_encoder_declared_a_reranker_is_refused_when_it_would_score():
    detector = SEADetector.from_config(
        relevance_model=str(resolve_model_path("veracity-nli-small")), relevance_format="mxbai-rerank-v2"
    )
    with pytest.raises(ModelNotAvailableError, match="BertForSequenceClassification, not an mxbai-rerank-v2"):
        detector.detect(ANSWER, CONTEXT, QUESTION)

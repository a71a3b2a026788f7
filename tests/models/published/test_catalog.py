"""The published models' table: each found in the local Hugging Face cache by its id, never downloaded."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from veracity.models.published.catalog import PUBLISHED, cached_folder, download_command


def fake_hub_snapshot(cache: Path, hub_id: str) -> Path:
    """A Hugging Face cache entry as `hf download` leaves it: refs/main naming a snapshot folder."""
    repo = cache / f"models--{hub_id.replace('/', '--')}"
    snapshot = repo / "snapshots" / ("0" * 40)
    snapshot.mkdir(parents=True)
    (snapshot / "config.json").write_text("{}", encoding="utf-8")
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("0" * 40, encoding="utf-8")
    return snapshot


def test_every_entry_names_its_family_its_fetch_command_and_its_use():
    assert len({m.hub_id for m in PUBLISHED}) == len(PUBLISHED)
    families = {m.family for m in PUBLISHED}
    assert families == {"lettucedetect", "hhem", "minicheck", "factcg", "mxbai-rerank-v2"}
    for model in PUBLISHED:
        assert download_command(model).startswith(f"hf download {model.hub_id}")
        assert model.hub_id in model.use and "{id}" not in model.use
    hhem = next(m for m in PUBLISHED if m.family == "hhem")
    assert download_command(hhem).endswith("hf download google/flan-t5-base")  # its tokenizer comes from there


def test_a_model_in_the_local_cache_is_found_and_an_absent_one_is_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    import huggingface_hub.constants

    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_CACHE", str(tmp_path))
    snapshot = fake_hub_snapshot(tmp_path, "KRLabsOrg/lettucedect-base-modernbert-en-v1")
    assert cached_folder("KRLabsOrg/lettucedect-base-modernbert-en-v1") == snapshot
    assert cached_folder("vectara/hallucination_evaluation_model") is None


def test_veracity_models_lists_them_marked_present_or_not(tmp_path: Path):
    fake_hub_snapshot(tmp_path, "mixedbread-ai/mxbai-rerank-base-v2")
    env = {"HF_HUB_CACHE": str(tmp_path), "HF_HUB_OFFLINE": "1", "PATH": str(Path(sys.executable).parent)}
    done = subprocess.run(
        [sys.executable, "-m", "veracity", "models", "--format", "json"], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    rows = {row["name"]: row for row in json.loads(done.stdout)}
    assert rows["mixedbread-ai/mxbai-rerank-base-v2"]["available"] is True
    lettuce = rows["KRLabsOrg/lettucedect-base-modernbert-en-v1"]
    assert lettuce["available"] is False
    assert lettuce["install"] == "hf download KRLabsOrg/lettucedect-base-modernbert-en-v1"
    assert "veracity-nli-small" in rows  # the shipped ones are still listed first


def test_veracity_detectors_name_lists_the_published_models_it_reads(tmp_path: Path):
    fake_hub_snapshot(tmp_path, "KRLabsOrg/tinylettuce-ettin-17m-en-v1")
    env = {"HF_HUB_CACHE": str(tmp_path), "HF_HUB_OFFLINE": "1", "PATH": str(Path(sys.executable).parent)}
    command = [sys.executable, "-m", "veracity", "detectors"]
    done = subprocess.run([*command, "span"], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "  KRLabsOrg/tinylettuce-ettin-17m-en-v1  lettucedetect  available" in lines
    assert "  KRLabsOrg/lettucedect-base-modernbert-en-v1  lettucedetect  missing" in lines
    assert "vectara/hallucination_evaluation_model" not in done.stdout  # a pair scorer: not the span model
    sea = subprocess.run([*command, "sea"], capture_output=True, text=True, env=env)
    assert "mixedbread-ai/mxbai-rerank-base-v2  mxbai-rerank-v2  missing" in sea.stdout


def test_a_loader_without_transformers_names_the_install_command(monkeypatch):
    import importlib.util

    from veracity.errors import ModelNotAvailableError
    from veracity.models.catalog import ML_INSTALL, require_transformers

    require_transformers()  # installed here: nothing happens
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "transformers" else real(name, *a)
    )
    with pytest.raises(ModelNotAvailableError, match=f"transformers not installed; run: {re.escape(ML_INSTALL)}"):
        require_transformers()


def test_every_published_model_has_a_place_in_the_reader_preference():
    from veracity.models.published.catalog import READER_PREFERENCE

    for role, order in READER_PREFERENCE.items():
        assert sorted(order) == sorted(m.hub_id for m in PUBLISHED if m.role == role), role

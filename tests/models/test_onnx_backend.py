"""ONNX Runtime backend (issue 46): the shipped encoders give torch's scores, files are exported once per model
content, and a missing or broken file is an error that says what to do.

Real models and real exports (into a temporary cache): the verifier's NLI model, the span model and the default
embedder. The one thing mocked is a machine without torch (``torch_installed``), which cannot exist in this venv;
the light-install test builds such a venv for real.
"""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("onnxruntime", reason="onnxruntime is not installed (pip install 'veracity[onnx]')")

from veracity.errors import BackendError, ModelNotAvailableError
from veracity.models import onnx_backend
from veracity.models.catalog import resolve_model_path
from veracity.models.embedder import SentenceTransformerEmbedder
from veracity.models.pair_scorer import HFPairScorer
from veracity.models.token_tagger import TokenTagger

LONG = " ".join(["Marie Curie was born in Warsaw in 1867 and moved to Paris in 1891."] * 40)  # past 256 tokens
PAIRS = [
    ("Paris is in France.", "Paris is in Germany."),
    ("Paris is in France.", "Paris is in France."),
    (LONG, "She was born in Kraków."),
    ("", "An answer with no context."),
    ("Zürich liegt am Zürichsee; 東京 is Tokyo.", "Tokyo is 東京, and Zürich is on a lake."),
    ("passage 1: The fee is $5.\n\npassage 2: Refunds take 10 days.", "Refunds take ten days and cost $5."),
    ("The company acquired Beta in 2020.", "Beta acquired the company in 2020."),
    ("Users can create projects.", "Users can't create projects."),
    ("A", "B"),
    ("The store opens at 9 am on weekdays.", "The store opens at 9 am every day of the week, including Sunday."),
    ("Water boils at 100 °C at sea level.", "Water boils at 100 degrees Celsius at sea level."),
    ("x " * 300, "y " * 300),  # both sides longer than the window: truncated longest-first
]


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("veracity-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("VERACITY_CACHE", str(folder))
        yield folder


def test_the_verifier_on_onnx_gives_torchs_probabilities(cache):
    torch_scores = HFPairScorer("veracity-nli-small", backend="torch").score(PAIRS)
    onnx_scorer = HFPairScorer("veracity-nli-small", backend="onnx")
    onnx_scores = onnx_scorer.score(PAIRS)
    assert onnx_scorer.runs_on == "onnx" and onnx_scorer._onnx.file.is_relative_to(cache)
    assert np.abs(torch_scores - onnx_scores).max() <= 1e-5
    assert np.allclose(onnx_scores.sum(axis=1), 1.0, atol=1e-5)
    assert onnx_scorer.window_tokens() == 256  # tokenizer_config.json's limit, read without transformers


def test_int8_is_close_to_fp32_and_a_quarter_of_its_size(cache):
    fp32 = HFPairScorer("veracity-nli-small", backend="onnx").score(PAIRS)
    int8_scorer = HFPairScorer("veracity-nli-small", backend="onnx", quantize="int8")
    int8 = int8_scorer.score(PAIRS)
    assert np.abs(fp32 - int8).max() < 0.15  # a different model (int8 weights), not a copy of fp32
    sure = np.sort(fp32, axis=1)[:, -1] - np.sort(fp32, axis=1)[:, -2] > 0.2  # pairs fp32 is sure of
    assert sure.sum() >= 8 and (np.argmax(fp32, axis=1) == np.argmax(int8, axis=1))[sure].all()
    fp32_file = onnx_backend.onnx_file(resolve_model_path("veracity-nli-small"), "sequence")
    weights = [file.with_name(f"{file.name}.data") for file in (int8_scorer._onnx.file, fp32_file)]
    assert weights[0].stat().st_size < weights[1].stat().st_size / 3  # the weights live beside each graph
    assert fp32_file.stat().st_size < weights[1].stat().st_size / 100


def test_the_span_model_on_onnx_gives_torchs_token_probabilities_and_offsets(cache):
    windows = [(context, answer) for context, answer in PAIRS]
    torch_tagger = TokenTagger("veracity-span-small", backend="torch")
    onnx_tagger = TokenTagger("veracity-span-small", backend="onnx")
    for expected, got in zip(torch_tagger.tag(windows), onnx_tagger.tag(windows), strict=True):
        assert expected.offsets == got.offsets
        assert np.abs(expected.probs - got.probs).max() <= 1e-5
    assert all(torch_tagger.count_tokens(t) == onnx_tagger.count_tokens(t) for t in (LONG, PAIRS[4][0], ""))


def test_the_embedder_on_onnx_gives_sentence_transformers_vectors(cache):
    texts = [answer for _, answer in PAIRS] + ["  padded with spaces  ", LONG]
    expected = SentenceTransformerEmbedder(backend="torch", cache_size=0).embed(texts)
    embedder = SentenceTransformerEmbedder(backend="onnx", cache_size=0)
    got = embedder.embed(texts)
    assert got.shape == expected.shape == (len(texts), embedder.dimension)
    assert np.abs(expected - got).max() <= 1e-5


def test_auto_reads_onnx_only_where_the_files_are(cache, tmp_path, monkeypatch):
    nli = resolve_model_path("veracity-nli-small")
    assert onnx_backend.resolve_backend("auto", nli, "sequence", "none") == "onnx"  # exported by the tests above
    monkeypatch.setenv("VERACITY_CACHE", str(tmp_path))  # an empty cache
    assert onnx_backend.resolve_backend("auto", nli, "sequence", "none") == "torch"
    assert HFPairScorer("veracity-nli-small").runs_on == "torch"


def test_files_are_exported_once_per_model_content(cache, tmp_path, monkeypatch):
    nli = resolve_model_path("veracity-nli-small")
    file = onnx_backend.ensure_onnx(nli, "sequence", "none")
    before = file.stat().st_mtime_ns
    assert onnx_backend.ensure_onnx(nli, "sequence", "none") == file and file.stat().st_mtime_ns == before
    changed = tmp_path / "veracity-nli-small"
    shutil.copytree(nli, changed)
    (changed / "config.json").write_text((nli / "config.json").read_text() + "\n", encoding="utf-8")
    assert onnx_backend.export_folder(changed) != onnx_backend.export_folder(nli)  # a changed model: new files
    exports: list[Path] = []
    real_export = onnx_backend._torch_export
    monkeypatch.setattr(onnx_backend, "_torch_export", lambda *a: (exports.append(a[0]), real_export(*a))[1])
    found: list[Path] = []
    threads = [threading.Thread(target=lambda: found.append(onnx_backend.ensure_onnx(changed, "sequence", "none")))]
    threads.append(threading.Thread(target=lambda: found.append(onnx_backend.ensure_onnx(changed, "sequence", "none"))))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(exports) == 1 and len(set(found)) == 1  # two callers at once: one export, one file
    manifest = (found[0].parent / "export.json").read_text(encoding="utf-8")
    assert onnx_backend.model_digest(changed) in manifest and "sequence:none" in manifest


def test_without_torch_missing_files_name_the_command_that_makes_them(tmp_path, monkeypatch):
    monkeypatch.setenv("VERACITY_CACHE", str(tmp_path))
    monkeypatch.setattr(onnx_backend, "torch_installed", lambda: False)  # a machine without torch (mocked)
    nli = resolve_model_path("veracity-nli-small")
    assert onnx_backend.resolve_backend("auto", nli, "sequence", "none") == "onnx"
    with pytest.raises(ModelNotAvailableError, match="veracity export-onnx"):
        HFPairScorer("veracity-nli-small").score(PAIRS[:1])
    with pytest.raises(ModelNotAvailableError, match="torch"):
        onnx_backend.resolve_backend("torch", nli, "sequence", "none")


def test_a_corrupt_file_is_an_error_naming_it_never_a_silent_switch(tmp_path, monkeypatch):
    monkeypatch.setenv("VERACITY_CACHE", str(tmp_path))
    nli = resolve_model_path("veracity-nli-small")
    file = onnx_backend.ensure_onnx(nli, "sequence", "none")
    file.write_bytes(b"not an onnx graph")
    with pytest.raises(BackendError, match=str(file.name)) as caught:
        HFPairScorer("veracity-nli-small", backend="auto").score(PAIRS[:1])
    assert "export-onnx" in str(caught.value)


def test_bad_settings_are_refused():
    with pytest.raises(Exception, match="CPU only"):
        HFPairScorer("veracity-nli-small", backend="onnx", device="cuda")
    with pytest.raises(Exception, match="auto, torch or onnx"):
        onnx_backend.resolve_backend("tensorrt", Path("."), "sequence", "none")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["verifier", "litehall", "fused"])
def test_the_default_routes_detectors_give_the_same_reports_on_either_backend(cache, name):
    """A dozen fixed inputs, each detector once per backend: the same verdicts, scores within 1e-4."""
    from veracity import load_detector

    torch_detector = load_detector(name, backend="torch")
    onnx_detector = load_detector(name, backend="onnx")
    for context, answer in PAIRS:
        if not context.strip():
            continue  # no context is an input error, the same on both
        question = "What does the source say?" if name == "litehall" else None
        expected = torch_detector.detect(answer, [context], question)
        got = onnx_detector.detect(answer, [context], question)
        assert got.verdict == expected.verdict and abs(got.score - expected.score) <= 1e-4, answer
        assert [s.text for s in got.hallucinated_spans] == [s.text for s in expected.hallucinated_spans]


def test_a_content_digest_is_kept_until_a_file_of_the_model_changes(tmp_path, monkeypatch):
    """Issue 68 item 8: a start reads the digest from the cache instead of hashing ~45 MB of weights per model."""
    monkeypatch.setenv("VERACITY_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "model"
    folder.mkdir()
    (folder / "config.json").write_text("{}", encoding="utf-8")
    (folder / "model.safetensors").write_bytes(b"weights")
    digest = onnx_backend.model_digest.__wrapped__  # past the per-process cache: a new process
    first = digest(folder)
    book = tmp_path / "cache" / "onnx" / "digests.json"
    entries = json.loads(book.read_text(encoding="utf-8"))
    assert entries[str(folder.resolve())]["digest"] == first
    entries[str(folder.resolve())]["digest"] = "kept"  # what the book says is what a start reads
    book.write_text(json.dumps(entries), encoding="utf-8")
    assert digest(folder) == "kept"
    (folder / "model.safetensors").write_bytes(b"WEIGHTS")  # same size, new content: hashed again
    changed = digest(folder)
    assert changed not in ("kept", first) and len(changed) == 16
    book.write_text("not json", encoding="utf-8")
    assert digest(folder) == changed  # a broken book is hashing again, never an error


def test_a_preloaded_session_is_the_one_the_encoder_uses(cache):
    """Issue 68 item 8: the session read in the background is the encoder's; nothing is loaded twice."""
    nli = resolve_model_path("veracity-nli-small")
    onnx_backend.ensure_onnx(nli, "sequence", "none")
    misses = onnx_backend._load_session.cache_info().misses
    onnx_backend.preload_encoder(nli, "sequence", "none", num_threads=1)  # a key no other test has loaded
    onnx_backend.preload_encoder(nli, "sequence", "none", num_threads=1)  # a second preload: a no-op
    encoder = onnx_backend.OnnxEncoder(nli, "sequence", "none", num_threads=1)
    assert onnx_backend._load_session.cache_info().misses == misses + 1
    assert encoder.session is onnx_backend._load_session(str(encoder.file), 1)
    scorer = HFPairScorer("veracity-nli-small", backend="onnx", num_threads=1)
    scorer.preload()
    assert np.allclose(scorer.score(PAIRS[:2]), HFPairScorer("veracity-nli-small", backend="onnx").score(PAIRS[:2]))


def test_a_preload_never_exports(tmp_path, monkeypatch):
    monkeypatch.setenv("VERACITY_CACHE", str(tmp_path))  # no files: the first use exports them, not a preload
    before = {t.name for t in threading.enumerate()}
    HFPairScorer("veracity-nli-small", backend="onnx").preload()
    assert "veracity-onnx" not in {t.name for t in threading.enumerate()} - before
    assert not any(tmp_path.rglob("*.onnx"))

import os
import subprocess
import sys

import pytest

import veracity
from veracity.errors import UnknownNameError
from veracity.registry import names, resolve


def test_public_api_is_small_sorted_and_explicit():
    assert veracity.__all__ == sorted(veracity.__all__)
    assert set(veracity.__all__) == {
        "Claim",
        "ClaimVerdict",
        "Detector",
        "Document",
        "Evidence",
        "Label",
        "Report",
        "SentenceScore",
        "TextSpan",
        "VeracityError",
        "load_detector",
    }
    assert not any(name.startswith("_") for name in veracity.__all__)
    for name in veracity.__all__:
        assert getattr(veracity, name) is not None


def test_importing_changes_no_environment_and_loads_no_models():
    code = (
        "import os, sys, json; before = dict(os.environ); import veracity; "
        "print(json.dumps({'env': dict(os.environ) == before, 'torch': 'torch' in sys.modules, "
        "'spacy': 'spacy' in sys.modules}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == '{"env": true, "torch": false, "spacy": false}'


def test_readme_example_works(grounding):
    from veracity import Document

    report = grounding.detect("Paris is in Germany.", context=[Document(id="d1", text="Paris is in France.")])
    assert report.verdict == "hallucinated" and [s.text for s in report.hallucinated_spans] == ["Germany"]


def test_registry_resolves_and_lists():
    assert "grounding" in names("detector")
    assert resolve("llm", "scripted").__module__ == "veracity.models.llm.scripted"
    with pytest.raises(UnknownNameError, match="available: auto, cascade, fused, grounding"):
        resolve("detector", "nope")
    with pytest.raises(UnknownNameError, match="registry kind"):
        names("gizmo")


def test_every_registry_kind_is_pinned():
    """Issue 34 §3: one registry per kind, each read by its loader; what is built in is listed here."""
    assert names("embedder") == ["sentence-transformers"]
    assert names("pair_scorer") == ["grounding", "hf-cross-encoder"]
    assert names("llm") == ["llamacpp", "openai", "scripted", "transformers"]
    from veracity.data.loaders import RAGTRUTH_DATASETS, load_dataset

    assert names("dataset") == sorted([
        "behaviour", "felm", "fever", "fever-symmetric", "grounding", "halueval-dialogue", "halueval-general",
        "halueval-qa", "halueval-qa-closed", "halueval-summarization", "hotpotqa-derived", "jsonl", "nli", "oasis",
        *RAGTRUTH_DATASETS,
    ])  # fmt: skip
    with pytest.raises(UnknownNameError, match="unknown dataset 'nope'"):
        load_dataset("nope:dev")


def test_load_llm_dispatches_through_the_registry_and_its_plug_ins(tmp_path, monkeypatch):
    from importlib.metadata import EntryPoint

    import veracity.registry
    from veracity.errors import InputError
    from veracity.models.llm import load_llm

    replies = tmp_path / "replies.json"
    replies.write_text('["{\\"label\\": \\"faithful\\"}"]')
    scripted = load_llm(f"scripted:{replies}")
    assert scripted.model_id == "scripted:replies.json"
    assert scripted.complete([{"role": "user", "content": "x"}]) == '{"label": "faithful"}'
    with pytest.raises(InputError, match="cannot read replies"):
        load_llm(f"scripted:{tmp_path}/missing.json")
    (tmp_path / "not-a-list.json").write_text('{"a": 1}')
    with pytest.raises(InputError, match="JSON list"):
        load_llm(f"scripted:{tmp_path}/not-a-list.json")
    assert type(load_llm("http://localhost:9/v1")).__name__ == "OpenAICompatibleLLM"
    assert type(load_llm("transformers:smollm2-135m-instruct")).__name__ == "TransformersChat"  # loads on use

    # A plug-in's backend, declared in the `veracity.llm` entry-point group, is reached by its name
    plug_in = EntryPoint("echo", "veracity.models.llm.scripted:from_spec", "veracity.llm")
    real = veracity.registry.entry_points
    monkeypatch.setattr(veracity.registry, "entry_points",
                        lambda group: [plug_in] if group == "veracity.llm" else real(group=group))  # fmt: skip
    assert "echo" in names("llm") and load_llm(f"echo:{replies}").model_id == "scripted:replies.json"


def test_load_detector_is_cheap_until_used():
    detector = veracity.load_detector("grounding", top_k=2)
    assert detector.config()["top_k"] == 2
    assert os.environ.get("VERACITY_SHOULD_NOT_EXIST") is None


@pytest.mark.parametrize("name", ["grounding", "novelty"])
def test_the_library_takes_the_context_forms_batch_and_http_take(name):
    """Issue 33: a plain string, {id, text} objects, strings and Documents all name the same context."""
    from veracity import Document, load_detector
    from veracity.errors import InputError

    detector = load_detector(name)
    text = "Paris is the capital of France."
    forms = [text, [text], {"text": text}, [{"id": "doc-1", "text": text}], [Document(id="doc-1", text=text)]]
    reports = [detector.detect("Paris is the capital of Germany.", form) for form in forms]
    assert len({(r.verdict, round(r.score, 6)) for r in reports}) == 1, [(r.verdict, r.score) for r in reports]
    named = detector.detect("Paris is the capital of Germany.", [{"id": "atlas", "text": text, "title": "Atlas"}])
    assert any(e.document_id == "atlas" for s in named.sentences for e in s.evidence) or name == "novelty"
    for bad in (None, 5, b"bytes", {"id": "x"}, [{"id": "x"}], [3]):
        with pytest.raises(InputError, match="context"):
            detector.detect("Paris is the capital of Germany.", bad)  # type: ignore[arg-type]


def test_settings_are_listed_without_loading_models_and_typos_get_the_closest_name():
    from veracity.detectors import detector_settings, load_detector
    from veracity.errors import ConfigError

    for name in names("detector"):
        listed = {s.name for s in detector_settings(name)}
        assert "calibration" in listed and len(listed) > 1, name
    with pytest.raises(ConfigError) as typo:
        load_detector("oasis", topk=5)
    message = str(typo.value)
    assert "unknown setting 'topk' (did you mean 'top_k'?)" in message and "errors.pydantic.dev" not in message
    with pytest.raises(ConfigError, match=r"setting 'threshold': Input should be less than or equal to 1 \(got 5\)"):
        load_detector("verifier", threshold=5)

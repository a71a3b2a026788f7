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
    assert resolve("llm", "scripted").__name__ == "ScriptedLLM"
    with pytest.raises(UnknownNameError, match="available: auto, cascade, fused, grounding"):
        resolve("detector", "nope")
    with pytest.raises(UnknownNameError, match="registry kind"):
        names("gizmo")


def test_load_detector_is_cheap_until_used():
    detector = veracity.load_detector("grounding", top_k=2)
    assert detector.config()["top_k"] == 2
    assert os.environ.get("VERACITY_SHOULD_NOT_EXIST") is None

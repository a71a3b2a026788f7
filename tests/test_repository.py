"""What the repository itself must stay: results a reader can walk (issue 34 §7)."""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tracked(under: str) -> list[Path]:
    try:
        listed = subprocess.run(["git", "ls-files", "-z", under], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the tracked files cannot be listed")
    return [ROOT / name for name in listed.decode().split("\0") if name]


def test_benchmarks_stay_under_ten_megabytes():
    files = _tracked("benchmarks")
    assert files, "git ls-files found nothing under benchmarks/"
    size = sum(path.stat().st_size for path in files if path.exists())
    assert size < 10_000_000, f"benchmarks/ tracks {size / 1e6:.1f} MB; run `python benchmarks/pack.py` on new results"


def test_committed_predictions_are_packed():
    plain = [p.relative_to(ROOT) for p in _tracked("benchmarks/results") if p.name == "predictions.jsonl"]
    assert not plain, f"pack these with `python benchmarks/pack.py FOLDER`: {plain[:5]}"


def test_tests_mirror_the_package():
    """A test module sits in the folder of the package it tests (runners/: batch, scale; the top: the public API,
    the schema, the layers, the README, the repository)."""
    packages = {p.name for p in (ROOT / "src" / "veracity").iterdir() if (p / "__init__.py").exists()}
    folders = {p.name for p in (ROOT / "tests").iterdir() if p.is_dir() and p.name not in ("fixtures", "__pycache__")}
    assert folders <= packages | {"runners"}, folders - packages
    top = sorted(p.name for p in (ROOT / "tests").glob("test_*.py"))
    assert top == ["test_api.py", "test_layers.py", "test_readme.py", "test_repository.py", "test_schema.py"]

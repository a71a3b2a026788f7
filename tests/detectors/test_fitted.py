"""What the detectors that decide by a fitted model file share: the file's digest, the threshold, the config."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from veracity.detectors.fitted import FittedModelDetector
from veracity.detectors.fused import FusedDetector, resolve_fused_model
from veracity.detectors.reader import ReaderDetector, resolve_reader_model
from veracity.models.digests import file_digest


class ToySettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    model: str = "toy.json"
    threshold: float | None = None


class ToyModel(BaseModel):
    threshold: float = 0.4


class ToyDetector(FittedModelDetector[ToySettings, ToyModel]):
    name = "toy"
    config_class = ToySettings


def test_the_digest_names_the_files_bytes_not_its_path(tmp_path: Path) -> None:
    first = tmp_path / "a" / "toy.json"
    first.parent.mkdir()
    first.write_text('{"threshold": 0.4}', encoding="utf-8")
    second = tmp_path / "b.json"
    shutil.copy(first, second)
    one, two = ToyDetector(ToyModel(), ToySettings(), first), ToyDetector(ToyModel(), ToySettings(), second)
    assert one.model_digest == two.model_digest == hashlib.sha256(first.read_bytes()).hexdigest()[:16]
    assert one.config() == {"model": "toy.json", "threshold": None, "model_sha256": one.model_digest}
    second.write_text('{"threshold": 0.5}', encoding="utf-8")
    assert ToyDetector(ToyModel(), ToySettings(), second).model_digest != one.model_digest


def test_the_threshold_is_the_settings_else_the_models(tmp_path: Path) -> None:
    path = tmp_path / "toy.json"
    path.write_text("{}", encoding="utf-8")
    assert ToyDetector(ToyModel(), ToySettings(), path).threshold == 0.4
    assert ToyDetector(ToyModel(), ToySettings(threshold=0.0), path).threshold == 0.0  # 0 is a threshold, not None


def test_the_reader_and_fused_record_their_model_files_digest_and_threshold() -> None:
    reader = ReaderDetector.from_config(threshold=0.61)
    fused = FusedDetector.from_config(spans="never")
    for detector, path in ((reader, resolve_reader_model("veracity-reader-small")),
                           (fused, resolve_fused_model("veracity-fused-small"))):  # fmt: skip
        assert isinstance(detector, FittedModelDetector)
        assert detector.config()["model_sha256"] == file_digest(path) == file_digest(detector.model_path)
        assert list(detector.config())[:-1] == list(detector.settings.model_dump())
    assert reader.threshold == 0.61
    assert fused.threshold == fused.model.threshold

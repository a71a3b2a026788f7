"""Weights shipped as int8 with a scale per row: packing by hand, and a folder written once as fp32."""

from __future__ import annotations

import numpy as np
import pytest

from veracity.errors import ModelNotAvailableError
from veracity.models.int8_weights import INT8_FILE, MIN_PACKED, materialize, pack, unpack


def test_a_matrix_is_stored_as_int8_with_its_row_scale_and_small_tensors_as_fp16() -> None:
    matrix = np.zeros((2, MIN_PACKED), dtype=np.float32)
    matrix[0, :3] = [1.0, -0.5, 0.25]  # row scale 1.0: 127, -64 (-63.5 rounds to even), 32 (31.75)
    matrix[1, 0] = 0.0  # an all-zero row keeps scale 1 (no division by zero)
    packed = pack({"w": matrix, "bias": np.array([0.1, 0.2], dtype=np.float32)})
    assert packed["w"].dtype == np.int8 and packed["w"][0, :3].tolist() == [127, -64, 32]
    assert packed["w.int8_scale"].tolist() == [1.0, 1.0] and packed["bias"].dtype == np.float16
    restored = unpack(packed)
    assert set(restored) == {"w", "bias"} and restored["w"].dtype == np.float32
    assert np.abs(restored["w"] - matrix).max() <= 0.5 / 127 + 1e-7


def test_materialize_writes_the_fp32_folder_once_and_refuses_a_folder_without_int8_weights(tmp_path) -> None:
    from safetensors.numpy import load_file, save_file

    shipped = tmp_path / "tiny-model"
    (shipped / "1_Pooling").mkdir(parents=True)
    (shipped / "config.json").write_text("{}")
    (shipped / "1_Pooling" / "config.json").write_text("{}")
    rng = np.random.default_rng(0)
    weights = {"w": rng.normal(size=(4, MIN_PACKED)).astype(np.float32)}
    save_file(pack(weights), str(shipped / INT8_FILE))
    first = materialize(shipped, tmp_path / "cache")
    assert (first / "config.json").is_file() and (first / "1_Pooling" / "config.json").is_file()
    assert not (first / INT8_FILE).exists()
    loaded = load_file(str(first / "model.safetensors"))
    assert loaded["w"].dtype == np.float32 and np.abs(loaded["w"] - weights["w"]).max() < 0.05
    mtime = (first / "model.safetensors").stat().st_mtime_ns
    assert materialize(shipped, tmp_path / "cache") == first  # named by the int8 file's digest: not written again
    assert (first / "model.safetensors").stat().st_mtime_ns == mtime
    with pytest.raises(ModelNotAvailableError, match=r"no model\.int8\.safetensors"):
        materialize(tmp_path / "cache", tmp_path / "other")

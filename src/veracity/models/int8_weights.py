"""Model weights shipped as int8 with one scale per row: a MiniLM-L6 in 23 MB, where fp16 takes 45 MB.

A shipped folder holds ``model.int8.safetensors`` in place of ``model.safetensors``: each float matrix of at least
:data:`MIN_PACKED` values (the word embeddings, every linear layer) as int8 ``W_q = round(127 · W / s)`` with
``s = max |W|`` per row stored beside it as ``NAME.int8_scale`` (fp32), and every other tensor (biases, layer norms)
as fp16. :func:`materialize` writes the folder once, dequantised to fp32, into the cache, where every loader reads it
as an ordinary Hugging Face / sentence-transformers folder. Nothing is executed on load (safetensors only).

The rounding moves a MiniLM vector's cosine with its fp32 self by well under 0.001 (the aligner's model card
measures it); the ONNX export quantises again for speed, as it does for every shipped model.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from veracity.errors import ModelNotAvailableError

__all__ = ["INT8_FILE", "MIN_PACKED", "materialize", "pack", "unpack"]

INT8_FILE = "model.int8.safetensors"
MIN_PACKED = 4096
_SCALE = ".int8_scale"


def pack(tensors: dict[str, NDArray[np.floating]]) -> dict[str, NDArray[np.generic]]:
    """Matrices as int8 with a per-row scale, other tensors as fp16.

    >>> w = np.arange(-4096, 4096, dtype=np.float32).reshape(2, 4096)
    >>> packed = pack({"w": w})
    >>> packed["w"].dtype, packed["w.int8_scale"].shape
    (dtype('int8'), (2,))
    >>> float(np.abs(unpack(packed)["w"] - w).max()) <= 4096 / 127 / 2 + 1e-3
    True
    """
    out: dict[str, NDArray[np.generic]] = {}
    for name, value in tensors.items():
        array = np.asarray(value, dtype=np.float32)
        if array.ndim == 2 and array.size >= MIN_PACKED:
            scale = np.abs(array).max(axis=1)
            scale[scale == 0] = 1.0
            out[name] = np.clip(np.rint(array / scale[:, None] * 127.0), -127, 127).astype(np.int8)
            out[name + _SCALE] = scale.astype(np.float32)
        else:
            out[name] = array.astype(np.float16)
    return out


def unpack(tensors: dict[str, NDArray[np.generic]]) -> dict[str, NDArray[np.float32]]:
    """The fp32 tensors of a :func:`pack` result."""
    out: dict[str, NDArray[np.float32]] = {}
    for name, value in tensors.items():
        if name.endswith(_SCALE):
            continue
        scale = tensors.get(name + _SCALE)
        if scale is not None:
            out[name] = (value.astype(np.float32) * (np.asarray(scale, np.float32)[:, None] / 127.0)).astype(np.float32)
        else:
            out[name] = np.asarray(value, dtype=np.float32)
    return out


def materialize(folder: Path, cache: Path) -> Path:
    """The fp32 folder of a shipped int8 ``folder``, written once under ``cache`` (named by the file's digest).

    Raises:
        ModelNotAvailableError: the folder has no int8 weights, or ``safetensors`` is not installed.
    """
    source = folder / INT8_FILE
    if not source.is_file():
        raise ModelNotAvailableError(f"{folder} has no {INT8_FILE}")
    digest = hashlib.sha256(source.read_bytes()).hexdigest()[:16]
    target = cache / f"{folder.name}-{digest}"
    if (target / "model.safetensors").is_file():
        return target
    try:
        from safetensors.numpy import load_file, save_file
    except ImportError as exc:
        raise ModelNotAvailableError("the int8 weights need the safetensors package: pip install safetensors") from exc
    cache.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=cache, prefix=f".{folder.name}-"))
    try:
        shutil.copytree(folder, tmp, dirs_exist_ok=True, ignore=shutil.ignore_patterns(INT8_FILE))
        save_file(unpack(load_file(str(source))), str(tmp / "model.safetensors"))
        if target.exists():  # another process finished first
            shutil.rmtree(tmp)
        else:
            tmp.rename(target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target

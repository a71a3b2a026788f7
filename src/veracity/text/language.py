"""The language of a text, for the models that read English only (py3langid: its model ships in the package)."""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import os
import re
import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

from veracity.text.split import split_sentences

__all__ = [
    "SURE_OF_A_SENTENCE",
    "AnswerLanguages",
    "Language",
    "OtherLanguage",
    "detect_language",
    "preload_identifier",
    "read_languages",
]

_LETTER_WORD = re.compile(r"[^\W\d_]{2,}", re.UNICODE)


@dataclass(frozen=True)
class Language:
    """An ISO 639-1 code and the identifier's probability for it."""

    code: str
    probability: float


_LOAD_LOCK = threading.Lock()
_LOADED: list[Any] = []


def _identifier() -> Any:
    """py3langid's identifier, loaded once per process (a second caller waits for the first)."""
    with _LOAD_LOCK:
        if not _LOADED:
            from py3langid.langid import MODEL_FILE, LanguageIdentifier

            try:
                _LOADED.append(_mapped_identifier(LanguageIdentifier))
            except Exception:  # an unwritable cache, another py3langid layout: its own loader, same answers
                _LOADED.append(LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True))
        return _LOADED[0]


def _mapped_identifier(identifier_class: Any) -> Any:
    """py3langid's identifier over its model's arrays mapped from uncompressed files in veracity's cache.

    Why: its own loader decompresses the whole model (xz) on every start, ~0.8 s and ~100 MB of peak memory; a
    classification reads only the rows of the features a text has (a few hundred of 100,053) and one transition per
    byte, so reading those from uncompressed files costs no start-up time and a few MB. The files are written once
    per py3langid version (atomically, by whichever process comes first), from its own loader's output, so the scores
    are the same.
    """
    import importlib.metadata
    import json
    import tempfile
    from pathlib import Path

    version = importlib.metadata.version("py3langid")
    root = Path(os.environ.get("VERACITY_CACHE") or Path.home() / ".cache" / "veracity")
    folder = root / "langid" / version
    if not (folder / "done").is_file():
        from py3langid.langid import MODEL_DIR, MODEL_FILE, _load_model_file

        ptc, pc, classes, nextmove, row, output = _load_model_file(MODEL_DIR / MODEL_FILE)
        folder.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=folder.parent, prefix=".langid-") as tmp:
            staged = Path(tmp)
            np.save(staged / "ptc.npy", np.ascontiguousarray(ptc))
            np.save(staged / "pc.npy", np.asarray(pc))
            np.save(staged / "nextmove.npy", np.asarray(nextmove))
            text = json.dumps({"classes": list(classes), "row": list(row), "output": list(output)})
            (staged / "tables.json").write_text(text, encoding="utf-8")
            (staged / "done").write_text(version, encoding="utf-8")
            staged.chmod(0o755)  # a temporary folder is owner-only; the cache is shared
            try:
                staged.rename(folder)
            except OSError:  # another process renamed its copy first
                pass
    tables = json.loads((folder / "tables.json").read_text(encoding="utf-8"))
    return identifier_class(
        _RowsOnDisk(folder / "ptc.npy"),
        np.load(folder / "pc.npy"),
        tables["classes"],
        _RowsOnDisk(folder / "nextmove.npy"),
        tables["output"],
        norm_probs=True,
        tk_row=tables["row"],
    )


class _RowsOnDisk:
    """A saved array read row by row from its file (``a[i]``, ``a[indices]``): what py3langid's scoring asks of it.

    Not a memory map: a mapped page brings its whole page-cache folio into the process (36 MB for 50 transitions of
    the DFA here), where a read brings the bytes asked for. Single items (the DFA's transitions, one per byte of text)
    are kept once read, up to ``_ITEMS_KEPT`` of them: texts share most transitions, and a read each cost ~5 µs.
    """

    _ITEMS_KEPT = 1 << 15

    def __init__(self, path: Any) -> None:
        with open(path, "rb") as file:
            major, _ = np.lib.format.read_magic(file)
            read_header = np.lib.format.read_array_header_1_0 if major == 1 else np.lib.format.read_array_header_2_0
            shape, fortran, dtype = read_header(file)
            self._offset = file.tell()
        if fortran:
            raise ValueError(f"{path}: a Fortran-ordered array")
        self._dtype = np.dtype(dtype)
        self._row_bytes = self._dtype.itemsize * int(np.prod(shape[1:], dtype=np.int64))
        self._row_shape = tuple(shape[1:])
        self._fd = os.open(path, os.O_RDONLY)
        self._items: dict[int, Any] = {}

    def _row(self, i: int) -> bytes:
        return os.pread(self._fd, self._row_bytes, self._offset + int(i) * self._row_bytes)

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, np.ndarray):
            rows = b"".join(self._row(i) for i in key.tolist())
            return np.frombuffer(rows, dtype=self._dtype).reshape((len(key), *self._row_shape))
        if not self._row_shape:
            item = self._items.get(key)
            if item is None:
                if len(self._items) >= self._ITEMS_KEPT:
                    self._items.clear()
                item = self._items[key] = np.frombuffer(self._row(key), dtype=self._dtype)[0].item()
            return item
        return np.frombuffer(self._row(key), dtype=self._dtype).reshape(self._row_shape)


def preload_identifier() -> None:
    """Start loading the identifier in a background thread, if it is not loaded yet.

    Loading takes ~0.8 s, mostly xz decompression, which runs without the GIL: started before a detector's own work
    (parsing, a model's forward pass), it is ready when the report is checked, instead of adding to a one-shot check.
    """
    if _LOADED or importlib.util.find_spec("py3langid") is None:
        return

    def load() -> None:
        with contextlib.suppress(Exception):  # the caller's own detect_language reports nothing worse
            _identifier()

    threading.Thread(target=load, name="veracity-langid", daemon=True).start()


def detect_language(text: str, min_words: int = 3, min_probability: float = 0.9) -> Language | None:
    """The language of ``text`` when the identifier is sure of it, else ``None`` (too short, or unsure).

    ``min_words`` words of two or more letters are needed: names and numbers alone say nothing of a language.
    Returns ``None`` too when py3langid is not installed.
    """
    if len(_LETTER_WORD.findall(text)) < min_words:
        return None
    try:
        code, probability = _classified(text)
    except ImportError:
        return None
    return Language(code, probability) if probability >= min_probability else None


@functools.lru_cache(maxsize=256)
def _classified(text: str) -> tuple[str, float]:
    """py3langid's (language, probability) of ``text``, computed once per text.

    The detector, the consistency check and the report guard each ask of the same answer (~3 ms each on a RAG
    answer).
    """
    code, probability = _identifier().classify(text)
    return str(code), float(probability)


SURE_OF_A_SENTENCE = 0.99
"""How sure the identifier must be that one sentence of an answer that reads as English (or as nothing sure) is in
another language before the sentence is set aside. At 0.9, the whole answer's threshold, 2 of 54,682 sentences of
9,136 English answers of several sentences (RAGTruth, HaluEval dialogue and QA, RAGBench dev) read as another
language: a list of mineral names as Latin, Italian book titles as Italian; at 0.99 none did. In an answer that reads
as another language as a whole, a sentence is set aside at 0.9."""


@dataclass(frozen=True)
class OtherLanguage:
    """A sentence of an answer that is not read: its offsets in the answer and the language it reads as."""

    start: int
    end: int
    language: Language


@dataclass(frozen=True)
class AnswerLanguages:
    """What the language gate reads of an answer: the whole's language and the sentences the models cannot read.

    ``nothing_read``: no sentence can be read (``others`` then lists every sentence); else the sentences outside
    ``others`` are read, and none are set aside when ``others`` is empty.
    """

    whole: Language | None
    others: tuple[OtherLanguage, ...]
    nothing_read: bool

    def masked(self, text: str) -> str:
        """``text`` with the sentences set aside blanked out (spaces, line breaks kept): its offsets are ``text``'s."""
        chars = list(text)
        for other in self.others:
            for k in range(other.start, other.end):
                if chars[k] != "\n":
                    chars[k] = " "
        return "".join(chars)


def read_languages(text: str) -> AnswerLanguages:
    """The sentences of ``text`` that models reading English only cannot read, sentence by sentence.

    A sentence is set aside when it surely reads as another language (:data:`SURE_OF_A_SENTENCE`); the rest is read
    when, taken together, it reads as English or (in an answer that does not read as another language as a whole) as
    nothing sure. An answer of one sentence, or none of whose sentences is set aside, is decided as a whole: it is not
    read when it surely reads as another language (``detect_language``'s threshold).
    """
    whole = detect_language(text)
    other_whole = whole is not None and whole.code != "en"
    sentences = split_sentences(text, "rules")
    sure = 0.9 if other_whole else SURE_OF_A_SENTENCE
    readings = [detect_language(s.text, min_probability=sure) for s in sentences] if len(sentences) > 1 else []
    others = tuple(
        OtherLanguage(s.span.start, s.span.end, language)
        for s, language in zip(sentences, readings, strict=False)
        if language is not None and language.code != "en"
    )
    fallback = whole if other_whole else None
    if others:
        aside = {(o.start, o.end) for o in others}
        rest = detect_language(" ".join(s.text for s in sentences if (s.span.start, s.span.end) not in aside))
        english = rest is not None and rest.code == "en"
        if english or (rest is None and not other_whole):
            return AnswerLanguages(whole, others, nothing_read=False)
        fallback = fallback or rest
    if fallback is None:
        return AnswerLanguages(whole, (), nothing_read=False)
    known = {(o.start, o.end): o.language for o in others}
    every = tuple(
        OtherLanguage(s.span.start, s.span.end, known.get((s.span.start, s.span.end), fallback)) for s in sentences
    )
    return AnswerLanguages(whole, every, nothing_read=True)

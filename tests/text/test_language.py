"""The answer's language: py3langid's answers, read from uncompressed files in veracity's cache."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("py3langid", reason="py3langid is not installed (pip install 'veracity[ml]')")

from py3langid.langid import MODEL_FILE, LanguageIdentifier

from veracity.text import language

TEXTS = [
    "Paris is in Germany and that is that.",
    "Die Firma Acme hat im Jahr 2019 das kleine Unternehmen Beta in München gekauft.",
    "Le chat est sur la table de la cuisine.",
    "日本の首都は東京です。",
    "Это тест на русском языке.",
    "ÉCOLE NORMALE SUPÉRIEURE",
    "x" * 3000,
    "",
    "12 345 678",
]


def test_the_cached_model_gives_py3langids_own_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("VERACITY_CACHE", str(tmp_path))
    reference = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    first = language._mapped_identifier(LanguageIdentifier)  # writes the files
    again = language._mapped_identifier(LanguageIdentifier)  # reads them
    assert isinstance(first.nb_ptc, language._RowsOnDisk) and isinstance(again.tk_nextmove, language._RowsOnDisk)
    assert [again.classify(t) for t in TEXTS] == [reference.classify(t) for t in TEXTS]
    assert [first.rank(t)[:3] for t in TEXTS] == [reference.rank(t)[:3] for t in TEXTS]
    folder = next((tmp_path / "langid").iterdir())
    assert (folder / "done").is_file() and not list((tmp_path / "langid").glob(".langid-*"))


def test_detect_language_reads_the_cached_model_and_is_sure_only_when_it_is():
    language._LOADED.clear()
    assert language.detect_language(TEXTS[1]).code == "de"
    assert isinstance(language._identifier().tk_nextmove, language._RowsOnDisk)  # not the xz loader's fallback
    assert language.detect_language("Paris") is None  # too few words to say

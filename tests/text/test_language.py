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


# Issue 68 §5: the language is read sentence by sentence.
GERMAN_SENTENCE = (
    "Die Auszahlung erfolgt anschließend automatisch auf das hinterlegte Bankkonto des Händlers, sofern keine Sperre "
    "vorliegt."
)


def test_a_sentence_in_another_language_is_set_aside_and_the_rest_keeps_its_offsets():
    first, last = "Card payments settle two business days after capture.", "Refunds take five to ten days to appear."
    text = f"{first}\n{GERMAN_SENTENCE} {last}"
    reading = language.read_languages(text)
    assert reading.whole is not None and reading.whole.code == "de"  # the whole answer alone would not be read
    assert not reading.nothing_read and [text[o.start : o.end] for o in reading.others] == [GERMAN_SENTENCE]
    assert reading.others[0].language.code == "de"
    masked = reading.masked(text)
    assert len(masked) == len(text) and masked.startswith(f"{first}\n ") and masked.endswith(f" {last}")
    assert masked.split() == [*first.split(), *last.split()]


@pytest.mark.parametrize(
    "text",
    [
        "Paris is in Germany and that is that. It has been so for a while.",
        # English sentences the identifier reads as another language at p >= 0.9 (Latin, Italian): not set aside
        "A balanced diet gives the body the minerals it needs every day. Essential minerals for health include "
        "calcium, phosphorus, potassium, sodium, chloride, magnesium, iron, zinc, iodine, chromium, copper, "
        "fluoride, molybdenum, manganese, and selenium.",
        "Yes. William Weaver wrote several books like Se una notte d'inverno un viaggiatore, Le cosmicomiche, and  Le "
        "città invisibili. Would you be interested to know more about these?",
    ],
)
def test_an_english_answer_has_no_sentence_set_aside(text: str):
    reading = language.read_languages(text)
    assert reading.others == () and not reading.nothing_read and reading.masked(text) == text


def test_an_answer_with_no_sentence_in_english_is_not_read():
    text = "Die kostenlose Testphase dauert 30 Tage. Danach kostet der Tarif 12 Euro pro Nutzer und Monat. Ja."
    reading = language.read_languages(text)
    assert reading.nothing_read and [o.language.code for o in reading.others] == ["de", "de", "de"]
    assert language.read_languages(GERMAN_SENTENCE).nothing_read  # one sentence: decided as a whole

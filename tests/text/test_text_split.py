import pytest

from veracity.errors import ConfigError
from veracity.text.split import SentenceSplitter

TEXTS = [
    "Marie Curie was born in Warsaw. She moved to Paris in 1891!  Was she happy? Yes.",
    "Dr. Smith met Mr. J. R. R. Tolkien in the U.S. in 1950. They talked, e.g. about trees.",
    "  Leading spaces.\n\nA new paragraph without a full stop\n\n\nAnd another one. ",
    "Kraków’s old town — «Stare Miasto» — is a UNESCO site. 東京 is Tokyo. Émile Zola wrote “J'accuse…!”. Done.",
    "The price rose 3.5% to $1,000.50 on 5 March 1901. It fell later.",
]


@pytest.mark.parametrize("backend", ["rules", "spacy"])
@pytest.mark.parametrize("text", TEXTS)
def test_offsets_slice_back_to_each_sentence(backend, text):
    sentences = SentenceSplitter(backend).split(text)
    assert sentences, "a non-empty text has sentences"
    previous_end = 0
    for i, sentence in enumerate(sentences):
        assert sentence.index == i
        assert text[sentence.span.start : sentence.span.end] == sentence.text
        assert sentence.text == sentence.text.strip() and sentence.text
        assert sentence.span.start >= previous_end
        previous_end = sentence.span.end
    # nothing but whitespace is dropped
    covered = "".join(s.text for s in sentences)
    assert covered.replace(" ", "") == "".join(text.split())


@pytest.mark.parametrize("backend", ["rules", "spacy"])
def test_known_boundaries(backend):
    text = "Marie Curie was born in Warsaw. She moved to Paris in 1891! Was she happy? Yes."
    assert [s.text for s in SentenceSplitter(backend).split(text)] == [
        "Marie Curie was born in Warsaw.",
        "She moved to Paris in 1891!",
        "Was she happy?",
        "Yes.",
    ]


def test_rules_keep_abbreviations_and_initials_inside_a_sentence():
    text = "Dr. Smith met J. R. R. Tolkien in the U.S. in 1950. They talked, e.g. about trees."
    assert [s.text for s in SentenceSplitter("rules").split(text)] == [
        "Dr. Smith met J. R. R. Tolkien in the U.S. in 1950.",
        "They talked, e.g. about trees.",
    ]


@pytest.mark.parametrize("backend", ["rules", "spacy"])
def test_blank_line_always_ends_a_sentence(backend):
    text = "A heading without a stop\n\nThe body starts here. It goes on."
    sentences = [s.text for s in SentenceSplitter(backend).split(text)]
    assert sentences[0] == "A heading without a stop"
    assert "The body starts here." in sentences[1]


@pytest.mark.parametrize("backend", ["rules", "spacy"])
@pytest.mark.parametrize("text", ["", "   ", "\n\n\t"])
def test_empty_text_has_no_sentences(backend, text):
    assert SentenceSplitter(backend).split(text) == []


def test_long_text_is_split_in_blocks_with_exact_offsets(spacy_splitter):
    paragraph = "Paris has 37 bridges over the Seine. Lyon has fewer. " * 700  # > one 50k-char block
    text = paragraph + "\n\n" + paragraph
    sentences = spacy_splitter.split(text)
    assert len(sentences) == 2800
    assert all(text[s.span.start : s.span.end] == s.text for s in sentences)


def test_unknown_backend_is_a_config_error():
    with pytest.raises(ConfigError, match="auto, spacy or rules"):
        SentenceSplitter("nltk")  # type: ignore[arg-type]


@pytest.mark.parametrize("backend", ["rules", "spacy"])
def test_sentences_glued_without_a_space_are_separated(backend):
    text = "It was published in the 19th century.First for Women is a magazine. The U.S.A. is big."
    assert [s.text for s in SentenceSplitter(backend).split(text)][:2] == [
        "It was published in the 19th century.",
        "First for Women is a magazine.",
    ]


def test_merge_ranges_joins_overlapping_and_touching_ranges_in_text_order():
    from veracity.text.split import merge_ranges

    assert merge_ranges([(10, 12), (0, 3), (2, 5), (5, 7), (8, 8)]) == [(0, 7), (8, 8), (10, 12)]
    assert merge_ranges([]) == []


def test_a_units_letter_before_a_full_stop_is_no_initial():
    from veracity.text.split import split_sentences

    text = "The pool is heated to 26 °C, about 79 °F. Your reservation is for a suite."
    assert [s.span.text for s in split_sentences(text, "rules")] == [
        "The pool is heated to 26 °C, about 79 °F.",
        "Your reservation is for a suite.",
    ]
    assert len(list(split_sentences("J. R. R. Tolkien wrote it. It sold well.", "rules"))) == 2

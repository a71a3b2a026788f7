import pytest

from veracity.errors import ConfigError
from veracity.schema import Document
from veracity.text.chunk import chunk_sentences, pack_lengths
from veracity.text.split import SentenceSplitter
from veracity.text.tagging import chunk_corpus, tag_sentences, untag
from veracity.text.tokens import RegexTokenizer, count_tokens

TOKENIZER = RegexTokenizer()
RULES = SentenceSplitter("rules")


@pytest.mark.parametrize(
    ("lengths", "limit", "groups"),
    [
        ([3, 4, 2, 6, 1], 7, [[0, 1], [2], [3, 4]]),  # 3+4 = 7 ≤ 7, +2 > 7; 2+6 > 7; 6+1 = 7
        ([5, 5, 5], 10, [[0, 1], [2]]),
        ([5, 5, 5], 15, [[0, 1, 2]]),  # the whole text fits: one chunk
        ([2, 12, 3], 10, [[0], [1], [2]]),  # an over-long item stands alone
        ([0, 0, 4], 4, [[0, 1, 2]]),
        ([], 4, []),
    ],
)
def test_pack_lengths_is_greedy_maximal(lengths, limit, groups):
    assert pack_lengths(lengths, limit) == groups


def test_pack_lengths_meets_both_boundary_conditions():
    lengths = [7, 1, 3, 9, 2, 2, 5, 8, 1, 1]
    limit = 10
    groups = pack_lengths(lengths, limit)
    flat = [i for g in groups for i in g]
    assert flat == list(range(len(lengths)))
    for group in groups:
        total = sum(lengths[i] for i in group)
        assert total <= limit
        nxt = group[-1] + 1
        if nxt < len(lengths):
            assert total + lengths[nxt] > limit


def test_non_positive_limit_is_rejected():
    with pytest.raises(ConfigError):
        pack_lengths([1], 0)


def test_chunk_sentences_by_hand():
    text = "Ab cd ef. Gh ij. Kl mn op qr st uv."
    sentences = RULES.split(text)
    assert [count_tokens(s.text, TOKENIZER) for s in sentences] == [4, 3, 7]
    chunks = chunk_sentences(text, sentences, TOKENIZER, 7)
    assert [(c.text, c.sentence_indices, c.n_tokens, c.is_piece) for c in chunks] == [
        ("Ab cd ef. Gh ij.", (0, 1), 7, False),
        ("Kl mn op qr st uv.", (2,), 7, False),
    ]


def test_sentence_longer_than_t_is_cut_into_pieces():
    text = "Ab cd ef. Gh ij. Kl mn op qr st uv."
    chunks = chunk_sentences(text, RULES.split(text), TOKENIZER, 5)
    assert [(c.text, c.sentence_indices, c.n_tokens, c.is_piece) for c in chunks] == [
        ("Ab cd ef.", (0,), 4, False),
        ("Gh ij.", (1,), 3, False),
        ("Kl mn op qr st", (2,), 5, True),
        ("uv.", (2,), 2, True),
    ]
    assert all(text[c.span.start : c.span.end] == c.text for c in chunks)


def test_tagging_round_trip():
    tagged = tag_sentences(["First one.", "Second <b>two</b>.", "Third."])
    assert tagged == "<1>First one.</1><2>Second <b>two</b>.</2><3>Third.</3>"
    assert untag(tagged) == {1: "First one.", 2: "Second <b>two</b>.", 3: "Third."}


def test_chunk_corpus_numbers_sentences_and_maps_them_back():
    docs = [
        Document(id="a", text="Alpha one two. Alpha three four five."),
        Document(id="b", text="Beta six. Beta seven eight nine ten eleven twelve."),
    ]
    chunks = chunk_corpus(docs, RULES, TOKENIZER, max_tokens=9)
    # token counts: a0 = 4, a1 = 5, b0 = 3, b1 = 8
    assert [[(s.document_id, s.sentence.index) for s in c.sentences] for c in chunks] == [
        [("a", 0), ("a", 1)],
        [("b", 0)],
        [("b", 1)],
    ]
    assert chunks[0].text == "<1>Alpha one two.</1><2>Alpha three four five.</2>"
    assert all(c.n_tokens <= 9 for c in chunks)
    texts = {d.id: d.text for d in docs}
    for chunk in chunks:
        for number, sentence in untag(chunk.text).items():
            ref = chunk.lookup(number)
            assert ref is not None and ref.text == sentence
            assert texts[ref.document_id][ref.sentence.span.start : ref.sentence.span.end] == sentence


@pytest.mark.parametrize("bad", [0, -1, 3, 99, True, "1", None])
def test_lookup_of_an_index_the_chunk_lacks_is_none(bad):
    chunk = chunk_corpus([Document(id="a", text="One two. Three four.")], RULES, TOKENIZER)[0]
    assert len(chunk.sentences) == 2
    assert chunk.lookup(bad) is None


def test_chunk_corpus_cuts_an_over_long_sentence():
    doc = Document(id="a", text="w " * 25 + "end.")
    chunks = chunk_corpus([doc], RULES, TOKENIZER, max_tokens=10)
    assert [c.n_tokens for c in chunks] == [10, 10, 7]
    for chunk in chunks:
        ref = chunk.lookup(1)
        assert ref is not None and doc.text[ref.sentence.span.start : ref.sentence.span.end] == ref.text


def test_hf_tokenizer_counts_model_tokens():
    from veracity.models.tokenizer import HFTokenizer

    tokenizer = HFTokenizer("all-MiniLM-L6-v2")
    text = "Tokenization of Kraków"
    spans = tokenizer.token_spans(text)
    assert count_tokens(text, tokenizer) == len(spans) > 3  # WordPiece splits the rare words
    assert all(0 <= s < e <= len(text) for s, e in spans)
    assert tokenizer.token_spans("") == []

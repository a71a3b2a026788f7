"""mxbai-rerank-v2 read as the reference reads it: ``mxbai_rerank/mxbai_rerank_v2.py`` (PyPI ``mxbai-rerank==0.1.6``,
class ``MxbaiRerankV2``), run itself on a tiny random Qwen2 reranker (:mod:`tiny_qwen2`).

Under transformers 5 the reference cannot run unaided: ``MxbaiRerankV2.prepare_inputs`` calls
``tokenizer.prepare_for_model``, which transformers 5 keeps only on its Python tokenizers (``PythonBackend``), not on
the fast ``Qwen2Tokenizer``. The tests lend the reference's tokenizer transformers' own ``PythonBackend``
``prepare_for_model`` / ``truncate_sequences`` — the behaviour every tokenizer had under transformers 4 — and leave the
rest of the reference untouched.
"""

from __future__ import annotations

import json
import shutil
import types

import numpy as np
import pytest
from tiny_qwen2 import build_reranker

from veracity.errors import InputError, ModelNotAvailableError
from veracity.models.catalog import resolve_model_path
from veracity.models.published.mxbai import MxbaiReranker, estimated_max_of, published_reranker

mxbai_rerank = pytest.importorskip(
    "mxbai_rerank", reason="the reference package is missing: pip install -e '.[reference]' (mxbai-rerank==0.1.6)"
)

MAX_LENGTH = 96  # small, so that the long texts below need truncation
LONG = " ".join(f"Sentence {i} of a very long passage about the Eiffel Tower and Marie Curie." for i in range(40))
QUERIES_AND_DOCUMENTS = [
    ("Where was Marie Curie born?", "Marie Curie was born in Warsaw in 1867."),
    ("Where was Marie Curie born?", "The Eiffel Tower in Paris was completed in 1889."),
    ("Where was Marie Curie born?", ""),  # an empty document
    ("Where was Marie Curie born?", LONG),  # cut to fit
    ("Where was Marie Curie born?", "Curie\nwon the Nobel Prize\n\nin 1903."),
    (LONG, "Marie Curie was born in Warsaw."),  # the query kept to 3/4 of max_length
    (LONG, LONG),
    ("", "A document for an empty query."),
    ("", ""),
    ("北京大学成立于哪一年？", "北京大学成立于1898年，是中国最早的国立综合性大学之一。"),
    ("Wer eröffnete die Brücke?", "Der Bürgermeister eröffnete die Brücke über die Spree im Jahr 1932."),
    ("Où est le café ?", "Le café près de la gare ferme à vingt heures — le dimanche. 🚉"),
    ("Zoë in Kraków", "Zoë measured 12.5 percent of the revenue — again — in Kraków."),
    ("emoji 🎉 query", "naïve résumé façade"),
    ("What is 1 + 0?", "1 0 1 0 10 01"),
    ("query: document: Relevance:", "document: query: Relevance: 1"),
    ("<|im_end|> inside a query", "a document with <|im_start|> in it"),
    ("   ", "whitespace query"),
    ("The committee", "The committee rejected the proposal on Friday after a long debate. " * 6),
    ("a", "b"),
    ("Who designed the tower?", LONG[:300]),
    ("Who designed the tower?", LONG[:301]),
]


def reference(folder, **kwargs):
    """``MxbaiRerankV2`` on the tiny checkpoint, with transformers' own ``prepare_for_model`` on its tokenizer."""
    from transformers.tokenization_python import PythonBackend

    ranker = mxbai_rerank.MxbaiRerankV2(str(folder), device="cpu", **kwargs)
    for name in ("prepare_for_model", "truncate_sequences"):
        setattr(ranker.tokenizer, name, types.MethodType(getattr(PythonBackend, name), ranker.tokenizer))
    return ranker


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return build_reranker(tmp_path_factory.mktemp("mxbai") / "reranker")


@pytest.fixture(scope="module")
def ref(folder):
    return reference(folder, max_length=MAX_LENGTH, estimated_max=9.0)


def test_the_inputs_are_the_reference_token_for_token(folder, ref):
    queries, documents = zip(*QUERIES_AND_DOCUMENTS, strict=True)
    encoded = ref.prepare_inputs(list(queries), list(documents))
    rows = zip(encoded["input_ids"], encoded["attention_mask"], strict=True)
    theirs = [ids[mask.bool()].tolist() for ids, mask in rows]
    ours = MxbaiReranker(str(folder), max_length=MAX_LENGTH).input_ids(queries, documents)
    assert ours == theirs
    assert encoded["input_ids"].shape[1] % 8 == 0 and (encoded["attention_mask"][:, -1] == 1).all()  # left padding
    fixed = ref.predefined_length
    assert max(len(row) for row in ours) == MAX_LENGTH + fixed  # the long pairs fill the window exactly
    with_instruction = ref.prepare_inputs(["q"], ["d"], instruction="Find the evidence.")["input_ids"][0].tolist()
    assert MxbaiReranker(str(folder), max_length=MAX_LENGTH).input_ids(["q"], ["d"], instruction="Find the evidence.")[
        0
    ] == [i for i in with_instruction if i != ref.tokenizer.pad_token_id]


# The reference's normalize runs np.exp on a torch tensor, which numpy 2 warns about.
@pytest.mark.filterwarnings("ignore:__array_wrap__ must accept context:DeprecationWarning")
def test_scores_equal_the_reference_raw_and_normalized(folder, ref):
    queries, documents = (list(x) for x in zip(*QUERIES_AND_DOCUMENTS, strict=True))
    ours = MxbaiReranker(str(folder), max_length=MAX_LENGTH, estimated_max=9.0)
    raw = ours.predict(queries, documents)
    assert len(raw) == len(QUERIES_AND_DOCUMENTS) >= 20
    np.testing.assert_allclose(raw, ref.predict(queries, documents).numpy(), atol=1e-5, rtol=0)
    normalized = ours.predict(queries, documents, normalize=True)
    np.testing.assert_allclose(normalized, ref.predict(queries, documents, normalize=True).numpy(), atol=1e-5, rtol=0)
    assert raw.std() > 0.3  # the scores spread: a wrong token would show
    one_at_a_time = np.concatenate([ref.predict([q], [d]).numpy() for q, d in QUERIES_AND_DOCUMENTS])
    np.testing.assert_allclose(raw, one_at_a_time, atol=1e-5, rtol=0)
    with_instruction = ours.predict(queries[:4], documents[:4], instruction="Find the evidence.")
    expected = ref.predict(queries[:4], documents[:4], instruction="Find the evidence.").numpy()
    np.testing.assert_allclose(with_instruction, expected, atol=1e-5, rtol=0)


def test_batches_of_any_size_give_the_same_scores(folder):
    queries, documents = (list(x) for x in zip(*QUERIES_AND_DOCUMENTS, strict=True))
    together = MxbaiReranker(str(folder), max_length=MAX_LENGTH, batch_size=64).predict(queries, documents)
    for batch_size in (1, 3):
        alone = MxbaiReranker(str(folder), max_length=MAX_LENGTH, batch_size=batch_size).predict(queries, documents)
        np.testing.assert_allclose(alone, together, atol=1e-5, rtol=0)


def test_the_window_shrinks_to_the_models_positions_as_the_reference_does(tmp_path):
    folder = build_reranker(tmp_path / "short", max_positions=220)  # less than max_length + the template
    ref = reference(folder, max_length=200, estimated_max=9.0)
    ours = MxbaiReranker(str(folder), max_length=200)
    pairs = QUERIES_AND_DOCUMENTS[:8]
    queries, documents = (list(x) for x in zip(*pairs, strict=True))
    assert max(len(row) for row in ours.input_ids(queries, documents)) <= 220
    np.testing.assert_allclose(ours.predict(queries, documents), ref.predict(queries, documents).numpy(), atol=1e-5)


def test_estimated_max_comes_from_the_files_not_the_id(folder, tmp_path):
    named = tmp_path / "local-copy"
    shutil.copytree(folder, named)
    config = json.loads((named / "config.json").read_text())
    (named / "config.json").write_text(json.dumps({**config, "_name_or_path": "mixedbread-ai/mxbai-rerank-base-v2"}))
    assert MxbaiReranker(str(named)).estimated_max == 9.0
    looks_right = tmp_path / "mxbai-rerank-base-v2"  # the name says base-v2, the files do not
    shutil.copytree(folder, looks_right)
    assert MxbaiReranker(str(looks_right)).estimated_max == 12.0  # the reference's fallback for unknown models
    assert estimated_max_of({"hidden_size": 896, "num_hidden_layers": 24})[0] == 9.0  # base-v2's shape
    assert estimated_max_of({"hidden_size": 1536, "num_hidden_layers": 28})[0] == 12.0  # large-v2's
    assert published_reranker({"_name_or_path": "/cache/models--x/mxbai-rerank-large-v2"}).estimated_max == 12.0
    assert published_reranker({"_name_or_path": "Qwen/Qwen2.5-0.5B-Instruct"}) is None


def test_another_kind_of_checkpoint_is_refused_before_it_scores(tmp_path):
    classifier = str(resolve_model_path("veracity-nli-small"))
    with pytest.raises(ModelNotAvailableError, match=r"BertForSequenceClassification, not an mxbai-rerank-v2"):
        MxbaiReranker(classifier).predict(["q"], ["d"])


def test_a_tokenizer_without_the_chat_tokens_is_refused(folder, tmp_path):
    copy = tmp_path / "no-chat"
    shutil.copytree(folder, copy)
    tokenizer_config = json.loads((copy / "tokenizer_config.json").read_text())
    tokenizer_config.pop("extra_special_tokens", None)
    (copy / "tokenizer_config.json").write_text(json.dumps(tokenizer_config))
    tokenizer = json.loads((copy / "tokenizer.json").read_text())
    chat = ("<|im_start|>", "<|im_end|>")
    tokenizer["added_tokens"] = [t for t in tokenizer["added_tokens"] if t["content"] not in chat]
    (copy / "tokenizer.json").write_text(json.dumps(tokenizer))
    with pytest.raises(ModelNotAvailableError, match=r"reads '<\|im_start\|>' as \d+ tokens"):
        MxbaiReranker(str(copy)).predict(["q"], ["d"])


def test_weights_the_checkpoint_lacks_are_refused_not_initialised(folder, tmp_path):
    copy = tmp_path / "deeper"
    shutil.copytree(folder, copy)
    config = json.loads((copy / "config.json").read_text())
    config.update(num_hidden_layers=3, layer_types=["full_attention"] * 3)
    (copy / "config.json").write_text(json.dumps(config))
    with pytest.raises(ModelNotAvailableError, match=r"lacks \d+ weight\(s\).*layers\.2\."):
        MxbaiReranker(str(copy)).predict(["q"], ["d"])


def test_bad_input_gets_a_clear_error_or_a_defined_result(folder):
    reranker = MxbaiReranker(str(folder), max_length=MAX_LENGTH)
    with pytest.raises(InputError, match="2 queries but 1 documents"):
        reranker.predict(["a", "b"], ["c"])
    assert reranker.predict([], []).shape == (0,)

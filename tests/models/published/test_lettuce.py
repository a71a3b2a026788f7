"""LettuceDetect's token classifiers read as the reference reads them: ``lettucedetect`` 0.2.3
(``detectors/transformer.py`` ``TransformerDetector.predict``, ``detectors/prompt_utils.py``, ``prompts/*.txt``,
``datasets/hallucination_dataset.py``), run itself on a tiny random ModernBERT token classifier
(:mod:`tiny_modernbert`) through its public ``HallucinationDetector(method="transformer")``.

The reference-package tests skip, naming the install command, when ``lettucedetect`` is absent; the detector,
recognition and refusal tests run without it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from tiny_modernbert import save_tiny_lettuce

from veracity.detectors import load_detector
from veracity.detectors.span import SpanDetector
from veracity.errors import ConfigError, InputError, ModelNotAvailableError
from veracity.models.catalog import resolve_model_path
from veracity.models.published.lettuce import (
    PASSAGE_WORDS,
    QA_TEMPLATES,
    SUMMARY_TEMPLATES,
    LettuceDetectModel,
    format_prompt,
    is_lettucedetect_checkpoint,
)

TOLERANCE = 1e-5
SMALL = 320  # the English QA template alone is ~200 tokens of the tiny vocabulary: passages overflow this quickly
WINDOW = 4096  # the reference's default
P1 = "The capital of France is Paris. Marie Curie won two Nobel prizes."
P2 = "Café Zürich in Kraków has free Wi-Fi, according to the minutes."
P3 = "北京大学是中国的一所大学。 The river Vistula flows through Warsaw 🙂."
LONG = " ".join(f"Sentence {i}: the Eiffel Tower was built in 1889 by Gustave Eiffel." for i in range(30))
MANY = [f"Passage about item {i}: the committee rejected proposal {i} on Friday after a long debate." for i in range(8)]
ANSWER = "Paris is the capital of France and Marie Curie won three Nobel prizes."
CHUNKED = (MANY, "Which proposals were rejected?", "Proposal 3 and proposal 9 were accepted.", "en", SMALL)
AT_END = ([LONG], "When was the tower built?", "The Eiffel Tower was built in 1889 by Gustave Eiffel.", "en", SMALL)

# (passages, question or None (a summary), answer, language, max_length)
CASES: list[tuple[list[str], str | None, str, str, int]] = [
    ([P1], "What is the capital of France?", ANSWER, "en", WINDOW),
    ([P1, P2, P3], "Where is Café Zürich?", "Café Zürich is in Kraków and has free Wi-Fi.", "en", WINDOW),
    ([P1, "", P2], "Who won the Nobel prizes?", "Marie Curie won two Nobel prizes.", "en", WINDOW),  # empty passage
    ([""], "What is the capital?", "Paris.", "en", WINDOW),  # the only passage is empty
    ([P1], None, "Marie Curie won two Nobel prizes in Paris.", "en", WINDOW),  # a summary
    ([P1, P2], None, "Paris has free Wi-Fi 🙂 and 北京大学 is in Kraków.", "en", WINDOW),  # non-ASCII answer
    ([P3], "北京大学在哪里？", "北京大学是中国的一所大学。", "en", WINDOW),
    ([P1], "What?", "  Paris is the capital.\nMarie Curie   won prizes.  ", "en", WINDOW),  # edge whitespace
    ([P1], "What does ${context} or $num_passages mean? $5", "It costs $5 in ${text}.", "en", WINDOW),
    ([P1], "", "An empty question is still a question.", "en", WINDOW),
    ([P1], "What?", "", "en", WINDOW),  # an empty answer
    ([P1, P2], "Wo ist das Café?", "Das Café Zürich ist in Kraków.", "de", WINDOW),
    ([P1, P2], None, "Le café est à Kraków.", "fr", WINDOW),
    ([P3], "北京大学在哪里？", "北京大学在北京。", "cn", WINDOW),
    ([P1, P2], "Hol van?", "Kraków.", "hu", WINDOW),
    ([P1], None, "Zoë sold a naïve résumé.", "hu", WINDOW),
    ([P2], "¿Dónde?", "En Kraków.", "es", WINDOW),
    ([P1], None, "Parigi.", "it", WINDOW),
    ([P2], "Gdzie?", "W Krakowie.", "pl", WINDOW),
    CHUNKED,
    ([*MANY[:3], "", *MANY[3:6]], "Which?", "Proposal 2 was rejected.", "en", SMALL),  # chunks, an empty passage
    (MANY, None, "The committee rejected every proposal.", "en", 96),  # summary chunks
    ([P1, LONG, P2], "When was the tower built?", "In 1889.", "en", SMALL),  # one passage over the budget: cut
    AT_END,  # the prompt is cut and the answer ends at the window's last position but one ([SEP])
    ([P1], LONG, "The tower was built in 1889.", "en", SMALL),  # the template and answer alone overflow
    (MANY, "Welche?", "Vorschlag 3 wurde abgelehnt.", "de", SMALL),  # chunks of another language's template
]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_tiny_lettuce(tmp_path_factory.mktemp("lettuce") / "checkpoint")


@pytest.fixture(scope="module")
def reference(tiny: Path) -> Any:
    """``reference(lang, max_length)``: the reference package's detector on the tiny checkpoint (built once each)."""
    inference = pytest.importorskip(
        "lettucedetect.models.inference",
        reason="the reference package is missing: pip install -e '.[reference]' (lettucedetect==0.2.3)",
    )
    built: dict[tuple[str, int], Any] = {}

    def get(lang: str, max_length: int) -> Any:
        if (lang, max_length) not in built:
            built[lang, max_length] = inference.HallucinationDetector(
                method="transformer", model_path=str(tiny), max_length=max_length, lang=lang, device="cpu"
            )
        return built[lang, max_length]

    return get


def test_the_templates_are_the_reference_files_byte_for_byte():
    pytest.importorskip("lettucedetect", reason="the reference package is missing: pip install -e '.[reference]'")
    from lettucedetect.detectors.prompt_utils import LANG_TO_PASSAGE, PROMPT_DIR

    assert PASSAGE_WORDS == LANG_TO_PASSAGE
    for lang in LANG_TO_PASSAGE:
        assert QA_TEMPLATES[lang].encode() == (PROMPT_DIR / f"qa_prompt_{lang}.txt").read_bytes(), lang
        assert SUMMARY_TEMPLATES[lang].encode() == (PROMPT_DIR / f"summary_prompt_{lang}.txt").read_bytes(), lang


def test_prompts_and_chunks_are_the_references(tiny: Path, reference: Any):
    from lettucedetect.detectors.prompt_utils import PromptUtils

    for passages, question, answer, lang, max_length in CASES:
        assert format_prompt(passages, question, lang) == PromptUtils.format_context(passages, question, lang)
        detector = reference(lang, max_length).detector
        groups = detector._group_passages_into_chunks(passages, question, answer)  # the reference's own chunking
        expected = [PromptUtils.format_context(group, question, lang) for group in groups]
        assert LettuceDetectModel(str(tiny), lang=lang, max_length=max_length).prompts(passages, question, answer) == (
            expected
        )


def test_chunk_boundaries_are_the_references_at_every_window_size(tiny: Path, reference: Any):
    """Windows of 230 to 479 positions: each passage count and the +1 per newline decide some boundary."""
    from lettucedetect.detectors.prompt_utils import PromptUtils

    detector = reference("en", 230).detector  # its own instance: the loop below changes its window
    passages, question, answer = [*MANY[:4], "", P2, P3, *MANY[4:]], "Which proposals?", "Proposal 3 was rejected."
    groupings = set()
    for max_length in range(230, 480):
        detector.max_length = max_length  # the reference reads its window from this attribute
        expected = [PromptUtils.format_context(g, question, "en") for g in detector._group_passages_into_chunks(
            passages, question, answer)]  # fmt: skip
        mine = LettuceDetectModel(str(tiny), max_length=max_length).prompts(passages, question, answer)
        assert mine == expected, max_length
        groupings.add(len(expected))
    assert len(groupings) >= 5


def test_probabilities_marks_and_spans_equal_the_references(tiny: Path, reference: Any):
    """Every case, read in padded batches per (language, window), against the reference's one-at-a-time predict."""
    chunked = cut = 0
    for key in sorted({(lang, max_length) for *_, lang, max_length in CASES}):
        cases = [c for c in CASES if (c[3], c[4]) == key]
        model = LettuceDetectModel(str(tiny), lang=key[0], max_length=key[1], padding_slack=1.0)
        readings = model.read_many([(passages, question, answer) for passages, question, answer, *_ in cases])
        for (passages, question, answer, *_), reading in zip(cases, readings, strict=True):
            tokens = reference(*key).predict(passages, answer, question, output_format="tokens")
            spans = reference(*key).predict(passages, answer, question, output_format="spans")
            *answer_tokens, separator = tokens  # the reference also lists the trailing [SEP]
            assert separator["token"] == "[SEP]"
            assert len(reading.probs) == len(answer_tokens), answer
            expected = np.array([t["prob"] for t in answer_tokens], dtype=np.float64)
            assert np.abs(reading.probs.astype(np.float64) - expected).max(initial=0.0) <= TOLERANCE, answer
            assert reading.marked == [t["pred"] == 1 for t in answer_tokens], answer
            assert [(s, e, answer[s:e]) for s, e, _ in reading.spans] == [
                (s["start"], s["end"], s["text"]) for s in spans
            ], answer
            assert [c for *_, c in reading.spans] == pytest.approx([s["confidence"] for s in spans], abs=TOLERANCE)
            chunked += reading.chunks > 1
            cut += reading.prompt_tokens_read < reading.prompt_tokens
    assert chunked >= 4 and cut >= 3  # the chunk and truncation paths were exercised, not only the fast path


def test_the_answer_at_the_windows_end_fills_the_window(tiny: Path):
    passages, question, answer, _, max_length = AT_END
    model = LettuceDetectModel(str(tiny), max_length=max_length)
    tokenizer, _ = model._loaded()
    (prompt,) = model.prompts(passages, question, answer)
    encoded = tokenizer(prompt, answer, truncation="only_first", max_length=max_length)
    assert len(encoded["input_ids"]) == max_length  # the prompt lost its end; the answer ends at the last position
    reading = model.read(passages, question, answer)
    assert reading.offsets[-1][1] == len(answer) and reading.prompt_tokens_read == max_length - 3 - len(reading.probs)


def test_batches_give_the_numbers_of_one_at_a_time(tiny: Path):
    items = [(p, q, a) for p, q, a, lang, max_length in CASES if lang == "en" and max_length == SMALL]
    items += [(p, q, a) for p, q, a, lang, max_length in CASES[:8]]
    # padding_slack=1: windows of any lengths share a batch, so that padding is exercised
    batched = LettuceDetectModel(str(tiny), max_length=SMALL, batch_size=8, padding_slack=1.0).read_many(items)
    for item, together in zip(items, batched, strict=True):
        alone = LettuceDetectModel(str(tiny), max_length=SMALL, batch_size=1).read(*item)
        assert np.abs(alone.probs - together.probs).max(initial=0.0) <= TOLERANCE
        assert alone.marked == together.marked
        assert [(s, e) for s, e, _ in alone.spans] == [(s, e) for s, e, _ in together.spans]
        assert [c for *_, c in alone.spans] == pytest.approx([c for *_, c in together.spans], abs=TOLERANCE)


def test_the_span_detector_reads_a_lettucedetect_folder_the_references_way(tiny: Path, reference: Any):
    passages, question, answer = [P1, "", P2], "Who won the Nobel prizes?", ANSWER
    report = load_detector("span", calibration="none", model=str(tiny)).detect(answer, passages, question)
    tokens = reference("en", WINDOW).predict(passages, answer, question, output_format="tokens")[:-1]
    spans = reference("en", WINDOW).predict(passages, answer, question, output_format="spans")
    assert spans and report.verdict == "hallucinated"  # LettuceDetect's answer-level rule: any span
    assert [(s.start, s.end, s.text) for s in report.hallucinated_spans] == [
        (s["start"], s["end"], s["text"]) for s in spans
    ]
    assert report.score == pytest.approx(max(t["prob"] for t in tokens), abs=TOLERANCE)
    assert report.config["reader"] == "lettucedetect" and report.config["threshold"] == 0.5
    assert "answer_tokens" not in report.config and report.models["span"] == str(tiny)
    assert report.sentences and all(s.matches(answer) for s in report.hallucinated_spans)
    strict = SpanDetector.from_config(model=str(tiny), min_confidence=0.9)
    confident = reference("en", WINDOW).predict(passages, answer, question, output_format="spans", min_confidence=0.9)
    assert [(s.start, s.end) for s in strict.detect(answer, passages, question).hallucinated_spans] == [
        (s["start"], s["end"]) for s in confident
    ]


def test_the_span_detector_on_the_tiny_model_end_to_end(tiny: Path):
    """No reference needed: the defaults, the score rule, the chunk and cut notes, fused's signals."""
    from veracity.detectors.fused import answer_signals

    detector = SpanDetector.from_config(model=str(tiny), max_length=SMALL)
    assert (detector.settings.threshold, detector.settings.token_threshold, detector.settings.aggregation) == (
        0.5,
        0.5,
        "max",
    )
    passages, question, answer, *_ = CHUNKED
    tokens = detector.token_probabilities(answer, passages, question)
    report = detector.detect(answer, passages, question)
    assert report.score == pytest.approx(max(tokens.probs)) and report.verdict == (
        "hallucinated" if max(tokens.probs) >= 0.5 else "faithful"
    )
    assert any("chunks" in note for note in report.notes)
    assert (report.verdict == "hallucinated") == bool(report.hallucinated_spans)
    cut = detector.detect(AT_END[2], AT_END[0], AT_END[1])
    assert any("prompt was cut" in note for note in cut.notes)
    assert detector.detect("  ", passages, question).verdict == "not_checked"  # issue 53: a blank reply
    values, spans, signal_tokens = answer_signals(detector, answer, passages, question)
    assert signal_tokens is not None and values["span_max"] == pytest.approx(max(tokens.probs))
    assert spans == detector.spans(answer, tokens)


def test_recognised_from_the_files_not_the_name(tiny: Path, tmp_path: Path):
    assert is_lettucedetect_checkpoint(tiny)
    assert not is_lettucedetect_checkpoint(resolve_model_path("veracity-span-small"))  # has span_model.json
    named = tmp_path / "lettucedect-base-modernbert-en-v1"
    shutil.copytree(tiny, named)
    config = json.loads((named / "config.json").read_text())
    config["id2label"] = {str(i): f"LABEL_{i}" for i in range(5)}
    (named / "config.json").write_text(json.dumps(config))
    assert not is_lettucedetect_checkpoint(named)  # the name says LettuceDetect; the files say a 5-label tagger
    with pytest.raises(ModelNotAvailableError, match=r"ModernBertForTokenClassification \(model_type 'modernbert', 5"):
        SpanDetector.from_config(model=str(named))


def test_a_checkpoint_of_another_kind_is_refused_naming_what_fits(tiny: Path, tmp_path: Path):
    with pytest.raises(ModelNotAvailableError) as caught:
        load_detector("span", model=str(resolve_model_path("veracity-nli-small")))
    message = str(caught.value)
    assert "BertForSequenceClassification" in message and "LettuceDetect" in message and "span_model.json" in message
    forced = SpanDetector.from_config(model=str(resolve_model_path("veracity-nli-small")), reader="lettucedetect")
    with pytest.raises(ModelNotAvailableError, match="not a token-classification model"):
        forced.detect(ANSWER, [P1])
    five = tmp_path / "five"
    save_tiny_lettuce(five, num_labels=5)
    forced = SpanDetector.from_config(model=str(five), reader="lettucedetect")
    with pytest.raises(ModelNotAvailableError, match="5 labels, not a LettuceDetect model"):
        forced.detect(ANSWER, [P1])


def test_bad_settings_and_inputs_have_clear_errors(tiny: Path):
    with pytest.raises(ConfigError, match="does not use lang"):
        SpanDetector.from_config(lang="de")  # veracity-span-small reads with its own windows
    with pytest.raises(ConfigError, match="does not use answer_tokens"):
        SpanDetector.from_config(model=str(tiny), answer_tokens=64)
    with pytest.raises(ConfigError, match="no prompt for language 'xx'; choose one of en, de"):
        SpanDetector.from_config(model=str(tiny), lang="xx")
    with pytest.raises(ConfigError, match="runs on torch"):
        SpanDetector.from_config(model=str(tiny), backend="onnx")
    detector = SpanDetector.from_config(model=str(tiny), max_length=64)
    with pytest.raises(InputError, match=r"the answer has .* tokens .* max_length=64"):
        detector.detect(LONG, [P1])


def test_a_cached_hugging_face_id_resolves_offline(tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """What `huggingface-cli download KRLabsOrg/lettucedect-base-modernbert-en-v1` leaves, read with no network."""
    from huggingface_hub import constants

    repo = tmp_path / "hub" / "models--KRLabsOrg--lettucedect-base-modernbert-en-v1"
    (repo / "refs").mkdir(parents=True)
    (repo / "refs" / "main").write_text("0" * 40)
    shutil.copytree(tiny, repo / "snapshots" / ("0" * 40))
    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(tmp_path / "hub"))
    detector = SpanDetector.from_config(model="KRLabsOrg/lettucedect-base-modernbert-en-v1")
    assert detector.settings.reader == "lettucedetect"
    assert detector.detect(ANSWER, [P1]).models["span"] == "KRLabsOrg/lettucedect-base-modernbert-en-v1"
    with pytest.raises(ModelNotAvailableError, match="hf download KRLabsOrg/lettucedect-large-modernbert-en-v1"):
        SpanDetector.from_config(model="KRLabsOrg/lettucedect-large-modernbert-en-v1")


def test_the_veracity_span_models_settings_are_unchanged():
    """Its config keys (and so its shipped calibrator's fingerprint) are what they were before LettuceDetect models were
    read; the values are the span model v2's (benchmarks/ragtruth/span-sweep.json), its calibrator refit for them."""
    detector = SpanDetector.from_config()
    assert detector.config() == {
        "model": "veracity-span-small", "threshold": 0.0144, "token_threshold": 0.25, "aggregation": "mean",
        "answer_tokens": None, "batch_size": 8, "num_threads": None, "quantize": "none", "device": "cpu",
        "backend": "auto",
    }  # fmt: skip
    assert detector.reads_english_only
    report = load_detector("span").detect("Paris is the capital of France.", ["Paris is the capital of France."])
    assert report.config["calibration"] == "shipped:span.json"


def test_another_languages_prompt_gets_a_verdict_in_that_language(tiny: Path):
    detector = load_detector("span", calibration="none", model=str(tiny), lang="de")
    report = detector.detect("Das Café Zürich ist in Kraków und hat kostenloses WLAN.", [P2], "Wo ist das Café?")
    assert report.verdict in ("hallucinated", "faithful") and report.config["lang"] == "de"
    english = load_detector("span", calibration="none", model=str(tiny))
    assert english.detect("Das Café Zürich ist in Kraków und hat kostenloses WLAN.", [P2]).verdict == "not_checked"


def test_fused_reads_a_lettucedetect_span_model_as_published(tiny: Path):
    """fused's int8 default is for veracity's own span model; a published one keeps its numbers and its 0.5 marks."""
    from veracity import load_detector
    from veracity.detectors.guard import innermost

    fused = load_detector("fused", span_model=str(tiny), spans="always")
    inner = innermost(fused)
    assert inner.span.tagger.quantize == "none" and inner.span.settings.token_threshold == 0.5
    report = fused.detect(
        "Paris is the capital of France.", ["France's capital is Paris."], "What is France's capital?"
    )
    assert report.models["span"] == str(tiny) and report.verdict in ("faithful", "hallucinated")
    assert (
        innermost(load_detector("fused", span_model=str(tiny), quantize="int8")).span.tagger.quantize == "int8"
    )  # asked for: honoured

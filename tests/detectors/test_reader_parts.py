"""The reader's parts, on cases small enough to check by hand: units, alignment, signals, the sign-constrained fit."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from veracity.detectors.reader.model import ReaderModel, fit_platt, fit_sign_constrained
from veracity.detectors.reader.signals import (
    DIRECTIONS,
    copy_share,
    finding_signals,
    lexical_sentence_signals,
    nli_signals,
    reader_sentences,
    value_signals,
)
from veracity.errors import ModelNotAvailableError
from veracity.schema import Finding, TextSpan
from veracity.stages.sources import SourceIndex


def test_units_are_sentences_and_a_long_sentences_clauses() -> None:
    short = "Leave is 6 weeks. It is paid."
    assert [short[s:e] for s, e in reader_sentences(short)] == ["Leave is 6 weeks.", "It is paid."]
    clause = "the employee may carry over up to five days of unused annual leave into the next year"
    long = f"First, {clause}; second, {clause}; third, {clause}."
    units = [long[s:e] for s, e in reader_sentences(long)]
    assert len(units) == 3
    assert units[0].startswith("First,") and units[0].endswith(";")
    assert units[2].startswith("third,")


def test_alignment_finds_the_source_sentence_about_the_same_thing() -> None:
    index = SourceIndex(
        [
            "Primary caregivers receive 18 weeks of paid leave. Secondary caregivers receive 6 weeks of paid leave.",
            "The office is closed on public holidays.",
        ],
        question=None,
    )
    best = index.align("Secondary caregivers get 18 weeks.", top_k=1, window=0)
    assert best[0].text == "Secondary caregivers receive 6 weeks of paid leave."
    assert index.align("Secondary caregivers get 18 weeks.", top_k=1, window=1)[0].text.startswith("Primary")


def test_a_neighbour_that_gives_the_units_value_to_another_thing_stays_out_of_the_window() -> None:
    from veracity.text.mentions import value_mentions

    fares = (
        "Fares and bags. Basic fares include a cabin bag of up to 8 kg. "
        "Plus fares include a checked bag of up to 21 kg."
    )
    index = SourceIndex([fares])
    swap = "A Basic fare comes with a cabin bag of up to 21 kg."
    # by hand: the aligned sentence (Basic) states 8 kg, not the unit's 21 kg; its neighbour (Plus) states 21 kg and
    # the unit does not state 8 kg -> the Plus sentence is another thing's; the title before it stays
    window = index.align(swap, top_k=1, window=1, values=value_mentions(swap))[0].text
    assert window == "Fares and bags. Basic fares include a cabin bag of up to 8 kg."
    assert "21 kg" in index.align(swap, top_k=1, window=1)[0].text  # without the unit's values: the whole window
    both = "A Basic fare comes with a cabin bag of up to 8 kg, a Plus fare with a checked bag of up to 21 kg."
    assert "21 kg" in index.align(both, top_k=1, window=1, values=value_mentions(both))[0].text  # a merge keeps it


def test_copy_share_and_brevity_read_the_unit_against_its_evidence() -> None:
    # content words: secondary, caregivers, get, weeks, 18 -> four of five in the evidence ("get" is not)
    assert copy_share("Secondary caregivers get 18 weeks.", "Secondary caregivers receive 18 weeks of leave.") == 0.8
    assert copy_share("", "anything") == 0.0
    index = SourceIndex(["Kyoto was the capital."])
    assert lexical_sentence_signals("Kyoto.", index)["brevity"] == 1.0
    assert lexical_sentence_signals("Kyoto was the capital during the long Heian period.", index)["brevity"] == 0.8


def test_lexical_signals_count_words_no_source_uses() -> None:
    index = SourceIndex(["Kyoto was the capital during the Heian period."], question="Which city was the capital?")
    values = lexical_sentence_signals("The capital during the Heian period was Tokyo.", index)
    # content words: capital, heian, period, tokyo -> one of four novel, and it is a name inside the sentence
    assert values["novel_share"] == pytest.approx(0.25)
    assert values["novel_any"] == 1.0 and values["novel_name"] == 1.0 and values["novel_many"] == 0.0
    assert lexical_sentence_signals("Kyoto was the capital.", index)["novel_any"] == 0.0


def test_nli_signals_read_support_from_single_sentences_and_the_window_apart() -> None:
    values = nli_signals([[0.2, 0.1, 0.7], [0.6, 0.3, 0.1]], [[0.9, 0.05, 0.05]])
    assert values["nli_not_entailed"] == pytest.approx(0.4)
    assert values["nli_contradiction"] == pytest.approx(0.7)
    assert values["nli_window_not_entailed"] == pytest.approx(0.1)
    # the best-aligned sentence alone (the first), and the window's own reading
    assert values["nli_first_not_entailed"] == pytest.approx(0.8)
    assert values["nli_first_contradiction"] == pytest.approx(0.7)
    assert values["nli_window_alone_not_entailed"] == pytest.approx(0.1)
    assert nli_signals([])["nli_not_entailed"] == 1.0  # no evidence at all reads as unsupported


def test_value_counts_are_capped_so_the_scale_does_not_grow() -> None:
    assert value_signals({"name": 7, "value": 1})["unsupported_name"] == 1.0
    assert value_signals({"name": 7, "value": 1})["unsupported_value"] == 0.5


def test_findings_count_only_inside_their_unit() -> None:
    answer = "Leave is 18 weeks. Pay is full."
    finding = Finding(
        kind="value",
        relation="contradicted",
        span=TextSpan.of(answer, 9, 17),
        source_document="a",
        confidence=0.8,
        explanation="source: 6 weeks",
    )
    assert finding_signals(0, 18, [finding])["conflict"] == 0.8
    assert finding_signals(19, len(answer), [finding])["conflict"] == 0.0


def test_the_fit_cannot_learn_a_wrong_sign() -> None:
    rng = np.random.default_rng(0)
    x = rng.random((400, 2))
    # the first signal counts against a sentence by its declared direction, yet the data say the opposite
    y = (x[:, 0] < 0.5).astype(np.float64)
    w, _, _, _ = fit_sign_constrained(x, y, np.ones(400), [1, 0])
    assert w[0] == pytest.approx(0.0, abs=1e-9)
    w_free, _, _, _ = fit_sign_constrained(x, y, np.ones(400), [0, 0])
    assert w_free[0] < -1.0  # unconstrained, it would have learned the wrong sign


def test_platt_map_is_increasing() -> None:
    z = np.array([-2.0, -1.0, 0.0, 1.0, 2.0, 3.0])
    a, _ = fit_platt(z, np.array([0, 0, 1, 0, 1, 1], dtype=np.float64))
    assert a > 0


def _model(**changes: object) -> ReaderModel:
    base = dict(
        features=("novel_share", "abstention"),
        directions=(1, -1),
        mean=(0.2, 0.05),
        scale=(0.3, 0.2),
        weights=(1.5, -2.0),
        bias=-1.0,
        calibration_a=1.2,
        calibration_b=0.1,
        threshold=0.4,
    )
    base.update(changes)
    return ReaderModel(**base)  # type: ignore[arg-type]


def test_a_model_file_round_trips_and_a_wrong_sign_is_refused(tmp_path) -> None:
    path = tmp_path / "reader_model.json"
    _model().save(path)
    loaded = ReaderModel.load(path)
    assert loaded.read({"novel_share": 0.5}).z == pytest.approx(-1.0 + 1.5 * 0.3 / 0.3)
    assert loaded.top_k == 2  # the sentences each unit is read against alone, as fitted
    raw = json.loads(path.read_text())
    path.write_text(json.dumps({**raw, "top_k": 1}))
    assert ReaderModel.load(path).top_k == 1
    del raw["top_k"]  # a file from before top_k was recorded: it was fitted on two sentences
    path.write_text(json.dumps(raw))
    assert ReaderModel.load(path).top_k == 2
    raw["weights"] = [-1.5, -2.0]
    path.write_text(json.dumps(raw))
    with pytest.raises(ModelNotAvailableError, match="wrong sign"):
        ReaderModel.load(path)


def test_probability_is_monotone_in_every_signal_with_a_direction() -> None:
    model = _model()
    for name, direction in zip(model.features, model.directions, strict=True):
        low = model.probability(model.read({name: 0.0}).z)
        high = model.probability(model.read({name: 1.0}).z)
        assert (high - low) * direction >= 0
    assert math.isclose(model.probability(0.0), 1 / (1 + math.exp(-0.1)))


def test_every_signal_has_a_direction() -> None:
    assert set(DIRECTIONS.values()) <= {-1, 0, 1}
    assert DIRECTIONS["abstention"] == -1 and DIRECTIONS["nli_contradiction"] == 1


def test_the_span_models_context_carries_each_units_conversion_after_its_passage() -> None:
    """ "21 days" for a passage's "3 weeks": the span model reads "3 weeks is 21 days." after that passage, as the
    NLI's premise carries it; a wrong conversion, a sum and an unrelated passage get nothing (issue 70)."""
    from veracity.detectors.reader.detector import UnitReading
    from veracity.detectors.reader.premises import with_bridges
    from veracity.stages.sources import SourceIndex

    texts = ["Books are lent for 3 weeks and DVDs for 1 week.", "Laptops are lent for 4 hours."]

    def context_for(answer: str) -> list[str]:
        index = SourceIndex(texts, None)
        reading = UnitReading(0, len(answer), {}, index.align(answer, top_k=1, window=0), [])
        return with_bridges(list(texts), answer, index, [reading])

    assert context_for("You can keep a book for 21 days.") == [f"{texts[0]} 3 weeks is 21 days.", texts[1]]
    assert context_for("You can keep a book for 28 days.") == texts


def test_a_model_file_keeps_the_aligner_it_weighs_and_how_its_premises_were_written(tmp_path) -> None:
    path = tmp_path / "reader.json"
    _model(aligner="veracity-aligner-small", premise_about=True).save(path)
    loaded = ReaderModel.load(path)
    assert (loaded.aligner, loaded.premise_about) == ("veracity-aligner-small", True)
    _model().save(path)  # a v7 file: no aligner, premises as written
    assert (ReaderModel.load(path).aligner, ReaderModel.load(path).premise_about) == (None, False)


def test_a_premise_is_written_after_what_its_sentence_is_about_only_when_asked() -> None:
    from veracity.detectors.reader.premises import premise_writer
    from veracity.schema import Document
    from veracity.stages.sources import AlignedEvidence, Sources

    page = "Bike hire\n\nCity bikes\nA full day: £25.\n\nElectric bikes\nA full day: £55."
    window = AlignedEvidence("A full day: £55.", 0, 1.0)
    # by hand: plain-text headings have no levels, so the line is about its own heading only
    assert premise_writer(Sources([Document(id="b", text=page)]))(window) == "Electric bikes: A full day: £55."
    markdown = "# Bike hire\n\n## City bikes\nA full day: £25.\n\n## Electric bikes\nA full day: £55."
    written = premise_writer(Sources([Document(id="m", text=markdown)]))(window)
    assert written == "Bike hire, Electric bikes: A full day: £55."
    assert premise_writer(None)(window) == "A full day: £55."
    elsewhere = AlignedEvidence("Not in the page.", 0, 1.0)  # not found as written: read as it is
    assert premise_writer(Sources([Document(id="b", text=page)]))(elsewhere) == "Not in the page."

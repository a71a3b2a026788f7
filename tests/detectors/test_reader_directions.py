"""Each reader signal declares its direction beside the function that computes it, and the shipped model keeps it."""

from __future__ import annotations

from veracity.detectors.reader import resolve_reader_model
from veracity.detectors.reader.model import ReaderModel, feature_direction
from veracity.detectors.reader.signals import (
    ABSTENTION_DIRECTIONS,
    ALIGNED_DIRECTIONS,
    COPY_DIRECTIONS,
    DIRECTIONS,
    FINDING_DIRECTIONS,
    INTERACTION_DIRECTIONS,
    LEXICAL_DIRECTIONS,
    NLI_DIRECTIONS,
    SHAPE_DIRECTIONS,
    SPAN_DIRECTIONS,
    VALUE_DIRECTIONS,
    abstention_signals,
    aligned_signals,
    finding_signals,
    lexical_sentence_signals,
    nli_signals,
    shape_values,
    span_sentence_signals,
    value_signals,
    with_interactions,
)
from veracity.stages.sources import SourceIndex


def test_every_function_declares_exactly_the_signals_it_computes() -> None:
    index = SourceIndex(["Leave is 18 weeks at full pay."], None)
    computed = {
        "lexical": (lexical_sentence_signals("Leave is 6 weeks in Oslo.", index), LEXICAL_DIRECTIONS),
        "values": (value_signals({"name": 1}), VALUE_DIRECTIONS),
        "nli": (nli_signals([[0.2, 0.3, 0.5]], [[0.6, 0.2, 0.2]]), NLI_DIRECTIONS),
        "nli, no evidence": (nli_signals([]), NLI_DIRECTIONS),
        "findings": (finding_signals(0, 10, []), FINDING_DIRECTIONS),
        "span": (span_sentence_signals([0.1, 0.9]), SPAN_DIRECTIONS),
        "aligned": (aligned_signals(0.1), ALIGNED_DIRECTIONS),
        "abstention": (abstention_signals("hedge", False), ABSTENTION_DIRECTIONS),
        "shape": (shape_values(False, 0, True), SHAPE_DIRECTIONS),
    }
    for name, (signals, declared) in computed.items():
        assert set(signals) == set(declared), name
    assert set(COPY_DIRECTIONS) == {"copy_share"}  # copy_share() returns the one value
    interactions = set(with_interactions({})) - {"is_prose"}  # is_prose is 1 - is_record, weighed only in products
    assert set(INTERACTION_DIRECTIONS) == interactions
    assert all(d == 1 for d in INTERACTION_DIRECTIONS.values())


def test_the_tables_gather_into_directions_without_a_signal_twice() -> None:
    tables = [
        LEXICAL_DIRECTIONS,
        COPY_DIRECTIONS,
        VALUE_DIRECTIONS,
        NLI_DIRECTIONS,
        FINDING_DIRECTIONS,
        SPAN_DIRECTIONS,
        ALIGNED_DIRECTIONS,
        ABSTENTION_DIRECTIONS,
        SHAPE_DIRECTIONS,
        INTERACTION_DIRECTIONS,
    ]
    assert sum(len(t) for t in tables) == len(DIRECTIONS)
    assert set(DIRECTIONS.values()) <= {-1, 0, 1}


def test_the_shipped_model_file_records_the_declared_direction_of_each_signal() -> None:
    model = ReaderModel.load(resolve_reader_model("veracity-reader-small"))
    declared = [feature_direction(f, DIRECTIONS) for f in model.features]
    assert list(model.directions[: len(declared)]) == declared

"""The reader is built from stages handed to it: each made on first use, and the ones a caller hands in are used."""

from __future__ import annotations

import pytest

from veracity.detectors.reader import ReaderConfig, ReaderDetector, resolve_reader_model
from veracity.detectors.reader.assembly import Lazy, ReaderStages
from veracity.detectors.reader.model import ReaderModel

LEAVE = (
    "Parental leave. Primary caregivers receive 18 weeks of paid leave at full pay. Secondary caregivers receive 6 "
    "weeks of paid leave at full pay."
)
SWAPPED = "Primary caregivers receive 6 weeks of paid leave at full pay."


@pytest.fixture(scope="module")
def reader() -> ReaderDetector:
    return ReaderDetector.from_config()


def test_building_a_reader_makes_no_stage_and_loading_makes_each() -> None:
    settings = ReaderConfig()
    model = ReaderModel.load(resolve_reader_model(settings.model))
    stages = ReaderStages.of(settings, model)
    detector = ReaderDetector(model, settings, resolve_reader_model(settings.model), stages)
    assert detector.stages is stages
    assert not any(s.loaded for s in (stages.nli, stages.values, stages.checkers, stages.span))
    detector.load_deferred_models()
    assert all(s.loaded for s in (stages.nli, stages.values, stages.checkers, stages.span))
    assert (stages.span.get() is not None) == detector.weighs_span


def test_the_stages_a_caller_hands_in_are_the_ones_read(reader: ReaderDetector) -> None:
    found = reader.detect(SWAPPED, [LEAVE])
    assert [(f.relation, f.span.text) for f in found.details.findings] == [("contradicted", "6 weeks")]
    # a second reader on the same loaded NLI model and value checker, with the consistency checkers left out
    stages = ReaderStages(
        nli=Lazy.made(reader.stages.nli.get()),
        values=reader.stages.values,
        checkers=Lazy.made(None),
        span=reader.stages.span,
    )
    second = ReaderDetector(reader.model, reader.settings, reader.model_path, stages)
    report = second.detect(SWAPPED, [LEAVE])
    assert second.stages.nli.get() is reader.stages.nli.get()
    assert report.details is not None and report.details.findings == []
    assert {s.name: s.value for s in found.details.signals}["conflict"] > 0
    assert {s.name: s.value for s in report.details.signals}["conflict"] == 0.0


def test_a_stage_given_made_is_loaded_and_none_is_a_value() -> None:
    calls: list[int] = []
    lazy = Lazy(lambda: calls.append(1))
    assert not lazy.loaded
    assert lazy.get() is None and lazy.get() is None
    assert calls == [1]  # made once, None kept as what it made
    made = Lazy.made("checker")
    assert made.loaded and made.get() == "checker"

"""The behavioural suite (issue 53 §6): its generator, the scoring functions on hand-checkable inputs, its loader."""

import gzip
import json
import re
import sys
from collections import Counter

import pytest

from veracity.data.behaviour_suite import read_behaviour_cases
from veracity.data.loaders import Example, load_dataset
from veracity.errors import ConfigError, InputError
from veracity.eval.behaviour import (
    Outcome,
    behaviour_metrics,
    case_passes,
    check_floors,
    outcomes_from_rows,
    pass_rates,
    summary_rows,
)


@pytest.fixture(scope="module")
def built(behaviour_generator):
    return behaviour_generator.build()


@pytest.fixture()
def cases_file(built, behaviour_generator, tmp_path, monkeypatch):
    path = tmp_path / "cases.jsonl.gz"
    path.write_bytes(behaviour_generator.gzipped(built[1]))
    monkeypatch.setenv("VERACITY_BEHAVIOUR", str(path))
    return path


def test_the_generator_is_deterministic(behaviour_generator, built):
    _, text = behaviour_generator.build()
    assert text == built[1]
    assert behaviour_generator.gzipped(text) == behaviour_generator.gzipped(
        built[1]
    )  # the same bytes: --check can compare files


def test_the_suite_meets_its_counts(behaviour_generator, built):
    cases = built[0]
    assert len(cases) >= 600
    assert len({c["domain"] for c in cases}) >= 10
    tests = Counter(c["test"] for c in cases)
    assert set(tests) == set(behaviour_generator.TESTS)
    assert all(tests[t] >= 10 for t in behaviour_generator.TESTS)
    assert {c["type"] for c in cases} == {"mft", "inv", "dir"}
    for kind in behaviour_generator.ABSENT_KINDS:  # "caught at every answer length" can be read
        assert {c["length_bucket"] for c in cases if c["test"] == kind} == {"1", "2-3", "4-8"}
    for case in cases:
        assert 1 <= case["sentences"] <= 8
        if not case["test"].startswith("bad-"):  # a passage repeated 50 times is long by design
            assert 1 <= case["passages"] <= 6
            assert case["context_words"] <= 3000
    by_id = {c["id"]: c for c in cases}
    for case in cases:
        if case["type"] == "mft":
            assert case["label"] == (1 if case["test"] in behaviour_generator.ERROR_TESTS else 0)
            assert case["group"] is None
        else:
            assert by_id[case["group"]]["type"] == "mft"
            assert case["expect"] in ("same", "not_lower", "below_threshold")


def test_every_error_case_has_one_error_and_a_faithful_twin(behaviour_generator, built):
    for case in built[0]:
        if case["type"] == "mft" and case["label"] == 1 and case["test"] != "world-knowledge":
            assert case["twin_answer"] and case["twin_answer"] != case["answer"]
            ((start, end),) = case["spans"]
            assert case["answer"][start:end].strip()


def test_the_sample_spans_every_test_with_its_bases(behaviour_generator, built):
    cases = built[0]
    sample = [c for c in cases if c["sample"]]
    assert 40 <= len(sample) <= 80
    assert {c["test"] for c in sample} == set(behaviour_generator.TESTS)
    ids = {c["id"] for c in sample}
    assert all(c["group"] in ids for c in sample if c["group"] is not None)


RELATION_ERRORS = ("swap-sibling-value", "unit-conversion-wrong", "arithmetic-wrong", "record-key-swap",
                   "shared-word-name")  # fmt: skip


def _numbers(text):
    return re.findall(r"\d[\d,.]*\d|\d", text)


def test_the_relation_tests_have_their_counts_lengths_and_sample(behaviour_generator, built):
    # issue 59: the values given to the wrong thing, conversions, arithmetic, records read by key, multi-word names
    cases = built[0]
    assert set(behaviour_generator.RELATION_TESTS) == {*RELATION_ERRORS, "faithful-conversion", "faithful-arithmetic"}
    for test in behaviour_generator.RELATION_TESTS:
        picked = [c for c in cases if c["test"] == test]
        assert 20 <= len(picked) <= 40, test
        assert {c["length_bucket"] for c in picked} == {"1", "2-3", "4-8"}, test
        assert len({c["domain"] for c in picked}) >= 9, test
        assert sum(c["sample"] for c in picked) == 2, test
        assert all(c["type"] == "mft" and c["label"] == (test in RELATION_ERRORS) for c in picked), test


def test_every_relation_error_has_its_faithful_twin_as_a_case(built):
    cases = built[0]
    faithful = {(c["answer"], c["question"], tuple(c["context"])): c for c in cases if c["label"] == 0}
    for case in cases:
        if case["test"] not in RELATION_ERRORS:
            continue
        twin = faithful[(case["twin_answer"], case["question"], tuple(case["context"]))]
        wanted = {"unit-conversion-wrong": "faithful-conversion", "arithmetic-wrong": "faithful-arithmetic"}
        assert twin["test"] == wanted.get(case["test"], "faithful-twin"), case["id"]
        if twin["test"] == "faithful-twin":
            assert twin["twin_of"] == case["test"]


def test_the_relation_errors_are_what_their_tests_say(built):
    for case in built[0]:
        if case["test"] not in RELATION_ERRORS:
            continue
        ((start, end),) = case["spans"]
        wrong = case["answer"][start:end]
        sources = " ".join([*case["context"], case["question"] or ""])
        assert wrong.strip() and case["answer"] != case["twin_answer"], case["id"]
        if case["test"] in ("swap-sibling-value", "record-key-swap"):  # the wrong value is the sources' own
            assert wrong in sources, case["id"]
        if case["test"] == "record-key-swap":  # a record: JSON or key: value lines
            assert any(p.startswith("{") or ("\n" in p and ": " in p) for p in case["context"]), case["id"]
        if case["test"] == "arithmetic-wrong":  # a result stated nowhere
            assert _numbers(wrong) and not any(
                re.search(rf"(?<![\d,.]){re.escape(n)}(?![\d])", sources) for n in _numbers(wrong)
            ), case["id"]
        if case["test"] == "shared-word-name":  # three words, one of them used elsewhere in the sources
            words = wrong.split()
            assert len(words) == 3 and wrong not in sources, case["id"]
            assert sum(re.search(rf"\b{w}\b", sources, re.IGNORECASE) is not None for w in words) == 1, case["id"]


def test_the_conversions_are_right_within_rounding(behaviour_generator):
    cards = sys.modules["behaviour_cards"]
    assert round(cards.fahrenheit(25)) == 77 and round(cards.fahrenheit(-70)) == -94
    assert cards.whole(23 * cards.LB_PER_KG) == "51" and f"{10 / cards.KM_PER_MILE:.1f}" == "6.2"
    assert cards.whole(240 / cards.LITRES_PER_US_GALLON) == "63"
    assert cards.slip(2250) != 2250 and abs(cards.slip(2250) - 2250) / 2250 >= 0.1  # a wrong result is off
    assert cards.day_after((28, 12, 2024), 5) == "2 January 2025"


def test_the_relation_scenes_vary_no_other_case(behaviour_generator, built):
    # made after the variants with generators of their own: the other tests' cases are what they were
    cases = built[0]
    by_id = {c["id"]: c for c in cases}
    from_scene = {c["id"] for c in cases if behaviour_generator.from_scene(c)}
    assert all(c["group"] not in from_scene for c in cases if c["group"] is not None)
    for case in cases:
        if case["id"] in from_scene:
            assert case["test"] in behaviour_generator.RELATION_TESTS or case["twin_of"] in RELATION_ERRORS
        elif case["sample"] and case["test"] == "faithful-twin":
            assert case["twin_of"] not in RELATION_ERRORS
    assert all(by_id[c["group"]]["type"] == "mft" for c in cases if c["group"] is not None)


def test_the_sample_loads_through_the_registered_loader(cases_file, built):
    examples = list(load_dataset("behaviour:sample"))
    assert examples and all(isinstance(e, Example) for e in examples)
    sample = [c for c in built[0] if c["sample"]]
    assert [e.id for e in examples] == [c["id"] for c in sample]
    first = next(e for e in examples if e.task == "bad-empty-passages")
    assert "" in first.context  # bad input reaches the detector as written
    variant = next(e for e in examples if e.group is not None)
    assert variant.group in {e.id for e in examples}
    assert len(list(load_dataset("behaviour"))) == len(built[0])
    assert {e.task for e in load_dataset("behaviour:absent-date")} == {"absent-date"}
    with pytest.raises(ConfigError, match="behaviour splits"):
        read_behaviour_cases("no-such-test")


def test_a_missing_cases_file_says_how_to_generate_it(tmp_path, monkeypatch):
    monkeypatch.setenv("VERACITY_BEHAVIOUR", str(tmp_path / "missing.jsonl.gz"))
    with pytest.raises(InputError, match=r"generate\.py"):
        list(load_dataset("behaviour:sample"))


# A tiny suite whose pass rates can be checked by hand.
CASES = [
    {"id": "e1", "test": "absent-number", "type": "mft", "label": 1, "length_bucket": "1"},
    {"id": "e2", "test": "absent-number", "type": "mft", "label": 1, "length_bucket": "4-8"},
    {"id": "s1", "test": "swap-date", "type": "mft", "label": 1, "length_bucket": "2-3"},
    {"id": "f1", "test": "faithful-hedge", "type": "mft", "label": 0, "length_bucket": "1"},
    {"id": "f2", "test": "faithful-hedge", "type": "mft", "label": 0, "length_bucket": "1"},
    {"id": "i1", "test": "inv-passages-split", "type": "inv", "label": 1, "group": "e1", "expect": "same"},
    {"id": "i2", "test": "inv-passages-split", "type": "inv", "label": 0, "group": "f1", "expect": "same"},
    {"id": "i3", "test": "inv-passages-split", "type": "inv", "label": 0, "group": "gone", "expect": "same"},
    {"id": "d1", "test": "dir-append-unsupported", "type": "dir", "label": 1, "group": "f1", "expect": "not_lower"},
    {"id": "d2", "test": "dir-remove-unsupported", "type": "dir", "label": 0, "group": "e2",
     "expect": "below_threshold"},
]  # fmt: skip
OUTCOMES = {
    "e1": Outcome(0.9, 0.5, "hallucinated"),
    "e2": Outcome(0.2, 0.5, "faithful"),  # missed at 4-8 sentences
    "s1": Outcome(0.7, 0.5, "hallucinated"),
    "f1": Outcome(0.1, 0.5, "faithful"),
    "f2": Outcome(None, None, "not_checked"),  # passes neither way
    "i1": Outcome(0.8, 0.5, "hallucinated"),  # same as e1
    "i2": Outcome(0.6, 0.5, "hallucinated"),  # f1 was faithful
    "i3": Outcome(0.1, 0.5, "faithful"),  # its base was not run: not judged
    "d1": Outcome(0.1 - 1e-12, 0.5, "faithful"),  # equal to f1 within 1e-9: not lower
    "d2": Outcome(0.3, 0.5, "faithful"),
}


def test_pass_rates_by_hand():
    rates = pass_rates(CASES, OUTCOMES)
    assert rates["absent-number"]["rate"] == 0.5
    assert rates["absent-number"]["failed"] == ["e2"]
    assert rates["absent-number"]["by_length"]["1"]["rate"] == 1.0
    assert rates["absent-number"]["by_length"]["4-8"]["rate"] == 0.0
    assert rates["absent-number"]["by_length"]["2-3"] == {"n": 0, "passed": 0, "rate": None, "n_unjudged": 0}
    assert rates["faithful-hedge"]["rate"] == 0.5
    assert rates["faithful-hedge"]["expect"] == "faithful"
    assert rates["inv-passages-split"] == {
        "type": "inv", "expect": "same", "n": 2, "passed": 1, "rate": 0.5, "n_unjudged": 1, "failed": ["i2"],
    }  # fmt: skip
    assert rates["dir-append-unsupported"]["rate"] == 1.0
    assert rates["dir-remove-unsupported"]["rate"] == 1.0


def test_cases_not_run_are_left_out():
    rates = pass_rates(CASES, {"e1": OUTCOMES["e1"]})
    assert rates["absent-number"]["n"] == 1
    assert rates["swap-date"]["n"] == 0 and rates["swap-date"]["rate"] is None


def test_direction_needs_scores():
    case = CASES[8]
    assert case_passes(case, Outcome(0.5, 0.5, "hallucinated"), Outcome(0.6, 0.5, "hallucinated")) is False
    assert case_passes(case, Outcome(None, None, "not_checked"), OUTCOMES["f1"]) is False
    assert case_passes(case, Outcome(0.2, 0.5, "faithful"), None) is None


def test_floors_by_hand():
    rows = {(r["test"], r["length"]): r for r in check_floors(pass_rates(CASES, OUTCOMES))}
    assert rows[("absent-number", "1")]["passed"] is True
    assert rows[("absent-number", "4-8")]["passed"] is False
    assert rows[("absent-number", "2-3")]["passed"] is None  # nothing measured there
    assert rows[("swap-date", None)]["passed"] is True  # 1.0 ≥ 0.60
    assert rows[("swap-date", None)]["floor"] == 0.60
    assert rows[("faithful-hedge", None)]["passed"] is False  # 0.5 < 0.92
    assert rows[("inv-passages-split", None)]["floor"] == 0.98
    assert rows[("dir-append-unsupported", None)]["passed"] is True
    assert check_floors({"swap-date": pass_rates(CASES, OUTCOMES)["swap-date"]}, {"error": 1.01})[0]["passed"] is False


def test_summary_and_metrics_by_hand():
    rates = pass_rates(CASES, OUTCOMES)
    summary = summary_rows(rates)
    assert summary["error_kinds"] == {"absent-number": 0.5, "swap-date": 1.0}
    assert summary["faithful_kinds"] == {"faithful-hedge": 0.5}
    assert summary["absent_by_length"] == {"absent-number": {"1": 1.0, "2-3": None, "4-8": 0.0}}
    assert summary["invariance"] == {"inv-passages-split": 0.5}
    assert summary["by_type"] == {"dir": 1.0, "inv": 0.5, "mft": 3 / 5}
    metrics = behaviour_metrics(CASES, OUTCOMES)
    assert metrics["n_cases"] == 10 and metrics["n_scored"] == 10
    assert (metrics["floors_met"], metrics["floors_measured"]) == (4, 7)
    assert metrics["all_floors_met"] is False
    json.dumps(metrics)  # it goes into metrics.json


def test_outcomes_from_prediction_rows():
    rows = [
        {"id": "a", "score": 0.7, "threshold": 0.5, "predicted": 1},
        {"id": "b", "score": 0.4, "threshold": 0.5, "predicted": 0},
        {"id": "c", "threshold": 0.5, "predicted": 0, "not_checked": True},
        {"id": "d", "error": "InputError: no context"},
    ]
    outcomes = outcomes_from_rows(rows)
    assert outcomes["a"] == Outcome(0.7, 0.5, "hallucinated")
    assert outcomes["b"].verdict == "faithful"
    assert outcomes["c"] == Outcome(None, 0.5, "not_checked")
    assert outcomes["d"].verdict == "error"
    assert outcomes_from_rows(rows, threshold=0.3)["b"] == Outcome(0.4, 0.3, "hallucinated")


def test_the_cases_file_is_what_the_generator_writes(cases_file, built):
    rows = [json.loads(line) for line in gzip.open(cases_file, "rt", encoding="utf-8")]
    assert rows == built[0]


def test_benchmarks_table_holds_every_run_to_todays_floors(tmp_path):
    """A run scored under issue 53's floors (its file says 0.97 and "met") is marked and counted by today's 0.98."""
    from veracity.eval.report import render_behaviour

    def rate(kind: str, expect: str | None, value: float) -> dict:
        return {"type": kind, "expect": expect, "n": 40, "passed": round(40 * value), "rate": value}

    old = {"inv-passages-split": rate("inv", None, 0.975), "faithful-hedge": rate("mft", "faithful", 0.95)}
    new = {**old, "swap-sibling-value": rate("mft", "hallucinated", 0.3)}
    for name, tests in (("a-old", old), ("b-new", new)):
        folder = tmp_path / name
        folder.mkdir()
        stale = {"tests": tests, "floors_met": 2, "floors_measured": 2}  # what an issue-53 run wrote
        (folder / "metrics.json").write_text(json.dumps({"detector": name, "behaviour": stale}), encoding="utf-8")
    lines = render_behaviour([tmp_path / "a-old", tmp_path / "b-new"])
    text = "\n".join(lines)
    assert "a-old 1 of 2, b-new 1 of 3" in text  # 0.975 < 0.98 now; the old run is not held to the new test
    assert "| inv-passages-split | inv | 98 | 97 ✗ | 97 ✗ |" in text  # 97.5 rounded down, never "98 ✗"
    assert "| faithful-hedge | mft | 92 | 95 | 95 |" in text
    assert "| swap-sibling-value | mft | 60 | – | 30 ✗ |" in text

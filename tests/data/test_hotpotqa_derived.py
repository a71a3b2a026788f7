"""HotPotQA-Derived on a hand-written three-question fixture (tests/fixtures/hotpotqa_dev)."""

import json
from collections import Counter

import pytest

from conftest import ROOT
from veracity.data.hotpotqa_derived import build_hotpotqa_derived
from veracity.data.loaders import load_dataset
from veracity.errors import ConfigError, InputError

FIXTURES = ROOT / "tests" / "fixtures"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("hpd")
    stats = build_hotpotqa_derived(FIXTURES, out)
    rows = [json.loads(line) for line in (out / "examples.jsonl").read_text(encoding="utf-8").splitlines()]
    return out, stats, rows


def test_yes_no_questions_are_dropped_and_every_level_has_a_pair(built):
    _, stats, rows = built
    assert stats["counts"]["dropped_yes_no"] == 1 and stats["counts"]["questions"] == 2
    assert Counter((r["level"], r["label"]) for r in rows) == {
        (lv, lb): 2 for lv in ("easy", "medium", "hard") for lb in (0, 1)
    }
    assert all(len(r["documents"]) == 4 for r in rows)  # paragraphs stay separate documents


def test_levels_follow_their_rules(built):
    _, _, rows = built
    wrong = {(r["question_id"], r["level"]): r["answer"] for r in rows if r["label"] == 1}
    # easy: a same-type entity from a distractor paragraph; hard: the one the other gold paragraph supports
    assert wrong[("q-curie", "easy")] in {"Germany", "Berlin", "France", "Lyon"}
    assert wrong[("q-curie", "hard")] == "Paris"
    assert wrong[("q-bridge", "hard")] == "1973"
    # medium: the sentence stating the gold answer, another detail changed, the gold answer kept
    medium = wrong[("q-curie", "medium")]
    assert "Warsaw" in medium and medium != "She was born in Warsaw in 1867 and moved to Paris in 1891."
    for r in rows:
        if r["label"] == 1 and r["level"] != "medium":
            assert r["gold_answer"].lower() not in r["answer"].lower()


def test_the_build_is_deterministic(built, tmp_path):
    out, _, _ = built
    build_hotpotqa_derived(FIXTURES, tmp_path)
    assert (tmp_path / "examples.jsonl").read_bytes() == (out / "examples.jsonl").read_bytes()


def test_the_loader_pairs_each_question_and_level_once(built, monkeypatch):
    out, _, _ = built
    monkeypatch.setenv("VERACITY_HOTPOTQA_DERIVED", str(out))
    examples = list(load_dataset("hotpotqa-derived:all"))
    assert len(examples) == 6 and {e.task for e in examples} == {"easy", "medium", "hard"}
    assert all(len(e.context) == 4 for e in examples)
    assert list(load_dataset("hotpotqa-derived:all")) == examples  # the coin is seeded


def test_missing_build_and_bad_split(tmp_path, monkeypatch):
    monkeypatch.setenv("VERACITY_HOTPOTQA_DERIVED", str(tmp_path / "nowhere"))
    with pytest.raises(InputError, match="build-hotpotqa-derived"):
        list(load_dataset("hotpotqa-derived:test"))
    with pytest.raises(ConfigError):
        list(load_dataset("hotpotqa-derived:train"))
    with pytest.raises(InputError):
        build_hotpotqa_derived(tmp_path, tmp_path / "out")

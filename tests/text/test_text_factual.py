import json

import pytest

from conftest import FIXTURES
from veracity.text.factual import check_factual, is_factual

ROWS = [json.loads(line) for line in (FIXTURES / "factual_sentences.jsonl").read_text(encoding="utf-8").splitlines()]


def test_fixture_is_large_and_balanced_enough():
    assert len(ROWS) >= 40
    assert 0.3 < sum(r["factual"] for r in ROWS) / len(ROWS) < 0.7


def test_f_c_agrees_with_the_hand_labels():
    wrong = [
        (r["text"], r["factual"], check_factual(r["text"]).failed)
        for r in ROWS
        if is_factual(r["text"]) != r["factual"]
    ]
    accuracy = 1 - len(wrong) / len(ROWS)
    assert accuracy >= 0.9, f"accuracy {accuracy:.2f}; disagreements: {wrong}"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Kyoto.", "length"),
        ("Furthermore, however.", "rejection list"),
        ("A great city with 2 million inhabitants and many parks.", "verb presence"),
        ("She likes to read books in the evening.", "named entity"),
        ("When did Marie Curie move to Paris in 1891?", "declarative"),
        ("Visit the Louvre in Paris before noon on Monday.", "declarative"),
        ("I think Paris is the most beautiful city in Europe.", "rejection list"),
    ],
)
def test_each_filter_names_itself(text, reason):
    outcome = check_factual(text)
    assert not outcome.is_factual
    assert outcome.failed is not None and outcome.failed.startswith(reason)


def test_factual_sentence_passes_every_filter():
    assert check_factual("Marie Curie was born in Warsaw in 1867.").failed is None

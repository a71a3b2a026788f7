"""Synthetic in-context edits: each kind on hand-checked sentences, the label invariants, determinism, the CLI."""

import json
import re
from collections import Counter

import pytest
from typer.testing import CliRunner

from conftest import FIXTURES
from veracity.cli import app
from veracity.data.incontext_edits import (
    EDIT_KINDS,
    EditStats,
    antonym_flips,
    context_values,
    edit_examples,
    inflect,
    negations,
    role_reversals,
    value_swaps,
)
from veracity.data.loaders import Example, load_dataset
from veracity.text.parsing import parse
from veracity.text.select import context_segments, json_as_text

SOURCE = FIXTURES / "incontext_edits_source.jsonl"
ACME = Example(
    id="acme",
    question="Who acquired Beta?",
    answer="Acme acquired Beta in 2019.",
    context=["Acme acquired Beta in 2019. Beta was founded in 2011."],
    label=0,
    task="QA",
    group="g-acme",
)


def edited(sentence, edits):
    """Each edit as (edited sentence, edited characters)."""
    return [(e.apply(sentence), e.apply(sentence)[e.span[0] : e.span[1]]) for e in edits]


def test_a_value_swap_takes_a_value_of_the_same_type_from_the_context():
    documents = ACME.context
    values = context_values(documents, context_segments(documents))
    refused = Counter()
    swaps = value_swaps(ACME.answer, parse(ACME.answer), values, refused=refused)
    assert edited(ACME.answer, swaps) == [("Acme acquired Beta in 2011.", "2011")]
    assert swaps[0].original == "2019" and values[swaps[0].source].text == "2011"
    assert refused["value-swap: replacement already in the sentence"] == 1  # "2019" itself


@pytest.mark.parametrize(
    ("sentence", "context", "reason"),
    [
        ("The town has 2,000 people.", "The town has 2000 people. It has 2000 homes.", "same value"),
        ("The base is in the US.", "The base is in the U.S. and has a US flag.", "same value"),
        ("Smith met Jones in Paris.", "Smith met Jones in Paris.", "replacement already in the sentence"),
        ("It weighs 5 kilograms.", "It weighs 5 kilograms, or 11 pounds.", "different unit"),
    ],
)
def test_a_value_swap_is_refused_when_it_would_not_change_the_value(sentence, context, reason):
    values = context_values([context], context_segments([context]))
    refused = Counter()
    swaps = value_swaps(sentence, parse(sentence), values, refused=refused)
    assert not [s for s in swaps if s.replacement.lower().replace(",", "") in {"2000", "u.s.", "us", "11 pounds"}]
    assert refused[f"value-swap: {reason}"] >= 1


def test_role_reversal_swaps_subject_and_object_or_the_passive_agent():
    assert edited(ACME.answer, role_reversals(ACME.answer, parse(ACME.answer))) == [
        ("Beta acquired Acme in 2019.", "Beta acquired Acme")
    ]
    passive = "YouTube was acquired by Google in 2006."
    assert edited(passive, role_reversals(passive, parse(passive))) == [
        ("Google was acquired by YouTube in 2006.", "Google was acquired by YouTube")
    ]
    symmetric = "Smith met Jones in Paris."
    refused = Counter()
    assert role_reversals(symmetric, parse(symmetric), refused) == []
    assert refused["role-reversal: symmetric verb"] >= 1
    common = "The company acquired the startup."
    assert role_reversals(common, parse(common)) == []


@pytest.mark.parametrize(
    ("sentence", "result", "span"),
    [
        ("Acme acquired Beta in 2019.", "Acme did not acquire Beta in 2019.", "did not acquire"),
        ("The app can create files.", "The app cannot create files.", "cannot create"),
        ("The service is available in Canada.", "The service is not available in Canada.", "is not"),
        ("The hotel offers free parking.", "The hotel does not offer free parking.", "does not offer"),
        ("It does not require a subscription.", "It requires a subscription.", "requires"),
        ("The app cannot create files.", "The app can create files.", "can create"),
        ("The shop didn't open on Sunday.", "The shop opened on Sunday.", "opened"),
        ("The service is not available in Canada.", "The service is available in Canada.", "is"),
    ],
)
def test_negation_is_added_to_or_removed_from_the_main_verb(sentence, result, span):
    assert edited(sentence, negations(sentence, parse(sentence))) == [(result, span)]


def test_negation_leaves_questions_and_qualified_negations():
    for sentence in ("Does the app create files?", "The app is not only fast but also cheap."):
        assert negations(sentence, parse(sentence)) == []


@pytest.mark.parametrize(
    ("sentence", "results"),
    [
        ("Sales increased before the merger.", {("Sales decreased before the merger.", "decreased"),
                                                ("Sales increased after the merger.", "after")}),
        ("Prices rise when demand grows.", {("Prices fall when demand grows.", "fall"),
                                            ("Prices rise when demand shrinks.", "shrinks")}),
        ("The store has fewer seats.", {("The store has more seats.", "more")}),
    ],
)  # fmt: skip
def test_antonyms_are_inflected_like_the_word_they_replace(sentence, results):
    assert set(edited(sentence, antonym_flips(sentence, parse(sentence)))) == results


def test_antonyms_are_refused_where_they_would_not_read_as_the_opposite():
    refused = Counter()
    for sentence in ("It falls under the category of cafes.", "The store has more seats and fewer tables."):
        assert antonym_flips(sentence, parse(sentence), refused) == []
    assert refused["antonym: idiom (falls under, grows on)"] == 1
    assert refused["antonym: opposite already in the sentence"] == 2


def test_inflect_regular_irregular_and_doubled_forms():
    assert [inflect("rise", t) for t in ("VB", "VBZ", "VBD", "VBN", "VBG")] == [
        "rise",
        "rises",
        "rose",
        "risen",
        "rising",
    ]
    assert [inflect("stop", t) for t in ("VBD", "VBG")] == ["stopped", "stopping"]
    assert [inflect("carry", t) for t in ("VBZ", "VBD")] == ["carries", "carried"]
    assert inflect("require", "VBZ") == "requires" and inflect("put", "VBD") == "put"


def windows(seeds=range(6), per_answer=2):
    """Every example the fixture's answers give over a few seeds."""
    records = [r for r in load_dataset(f"jsonl:{SOURCE}") if isinstance(r, Example)]
    return [e for seed in seeds for r in records for e in edit_examples(r, seed, per_answer)], records


ID = re.compile(r"edit-(?P<source>.+)-(?P<n>\d+)-(?P<kind>value-swap|role-reversal|negation|antonym|original)")


def test_every_edited_window_differs_from_its_pair_only_in_the_labelled_span():
    examples, records = windows()
    sources = {r.id: r for r in records}
    kinds = Counter()
    for i, example in enumerate(examples):
        match = ID.fullmatch(example.id)
        assert match is not None
        source = sources[match["source"]]
        assert (example.task, example.group, example.question) == (source.task, source.group, source.question)
        read = "\n".join(json_as_text(c) for c in source.context)
        assert 1 <= len(example.context) <= 4 and all(c in read for c in example.context)
        if example.label == 0:
            assert match["kind"] == "original" and not example.spans and example.answer in source.answer
            continue
        kinds[match["kind"]] += 1
        original = examples[i + 1]  # the unedited window follows its edit
        assert original.id == f"edit-{match['source']}-{match['n']}-original" and original.context == example.context
        [(start, end)] = example.spans
        new_text = example.answer[start:end]
        old_end = end - (len(example.answer) - len(original.answer))
        assert new_text.strip() and new_text != original.answer[start:old_end]
        assert example.answer[:start] == original.answer[:start]  # nothing outside the span changes
        assert example.answer[end:] == original.answer[old_end:]
        if match["kind"] == "value-swap":
            assert any(new_text.lower() in c.lower() for c in example.context)
            assert _normal(new_text) != _normal(original.answer[start:old_end])
    assert set(kinds) == set(EDIT_KINDS)


def _normal(text):
    return re.sub(r"\W", "", text.lower())


def test_a_json_record_is_read_as_lines_and_its_keys_are_never_values():
    examples, _ = windows(seeds=range(12))
    record = [e for e in examples if e.task == "Data2txt"]
    assert record and all("{" not in c and ": " in c for e in record for c in e.context)
    swaps = [e for e in record if e.id.endswith("value-swap")]
    assert all(e.answer[slice(*e.spans[0])] not in ("Outdoor Seating", "Wi Fi") for e in swaps)


def test_edits_are_deterministic_and_depend_on_the_seed():
    first, _ = windows(seeds=[3])
    again, _ = windows(seeds=[3])
    assert [e.model_dump() for e in first] == [e.model_dump() for e in again]
    others = [windows(seeds=[seed])[0] for seed in range(6)]
    assert len({json.dumps([e.model_dump() for e in run]) for run in others}) > 1


def test_an_answer_with_nothing_to_edit_yields_nothing():
    stats = EditStats()
    nothing = Example(id="n", answer="Thanks.", context=["Weather report for today."], label=0)
    no_context = Example(id="c", answer="Acme acquired Beta in 2019.", context=[], label=0)
    hallucinated = ACME.model_copy(update={"label": 1, "spans": [(14, 18)]})
    unrelated = Example(id="u", answer="Acme acquired Beta in 2019.", context=["Bananas are yellow fruit."], label=0)
    for example in (nothing, no_context, hallucinated, unrelated):
        assert edit_examples(example, stats=stats) == []
    assert stats.skipped == {"nothing editable": 2, "no context": 1, "not faithful": 1}
    assert stats.refused["sentence: weakly aligned"] == 1 and stats.examples == 0


def test_per_answer_bounds_the_edits_and_each_edit_takes_its_own_sentence():
    source = next(r for r in load_dataset(f"jsonl:{SOURCE}") if isinstance(r, Example) and r.id == "sum-1")
    for seed in range(5):
        one = edit_examples(source, seed, per_answer=1)
        assert len(one) == 2 and [e.label for e in one] == [1, 0]
        many = [e for e in edit_examples(source, seed, per_answer=5) if e.label == 0]
        assert len(many) == len({e.answer for e in many}) <= 3  # three sentences


def test_the_cli_writes_generic_examples_and_prints_the_stats(tmp_path):
    out = tmp_path / "edits" / "train.jsonl"
    args = ["data", "incontext-edits", "--from", f"jsonl:{SOURCE}", "--out", str(out), "--seed", "1"]
    result = CliRunner().invoke(app, [*args, "--per-answer", "2"])
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    assert stats["answers"] == 4 and stats["skipped"]["not faithful"] == 1
    assert stats["skipped"]["nothing editable"] == 1 and stats["edited_answers"] == 3
    rows = list(load_dataset(f"jsonl:{out}"))
    assert all(isinstance(r, Example) for r in rows) and len(rows) == stats["examples"] == 12
    assert sum(stats["edits"].values()) == 6 and Counter(r.label for r in rows) == {0: 6, 1: 6}
    limited = CliRunner().invoke(app, [*args, "--limit", "1", "--out", str(tmp_path / "one.jsonl")])
    assert limited.exit_code == 0 and json.loads(limited.stdout)["answers"] == 1
    missing = CliRunner().invoke(
        app, ["data", "incontext-edits", "--from", "jsonl:/nonexistent.jsonl", "--out", str(out)]
    )
    assert missing.exit_code == 2 and "not found" in missing.output


def test_a_short_span_training_run_reads_the_edits_and_labels_their_tokens(tmp_path):
    from veracity.models.token_tagger import read_span_model_info
    from veracity.training.span import SpanTrainConfig, train_span_model

    edits = tmp_path / "edits.jsonl"
    result = CliRunner().invoke(
        app, ["data", "incontext-edits", "--from", f"jsonl:{SOURCE}", "--out", str(edits), "--seed", "1"]
    )
    assert result.exit_code == 0, result.output
    config = SpanTrainConfig(
        output_dir=tmp_path / "span", datasets=[f"jsonl:{edits}"], max_length=128, answer_tokens=48, epochs=1,
        batch_size=4, checkpoint_every=2,
    )  # fmt: skip
    summary = train_span_model(config, log=lambda _: None)
    assert summary["n_answers"] == 12 and summary["steps"] == 3  # 12 short windows, batch 4
    assert summary["n_windows"] == 12 and summary["n_unsupported_windows"] == 6  # each edit beside its twin
    assert read_span_model_info(tmp_path / "span" / "model") is not None

"""LLM-OASIS data by rules (veracity.data.oasis): windows and edit regions by hand, falsification, records, resume,
derived sets, NEUT triplets with the real verifier, and the `veracity data synth` command.

Runs the real spaCy pipeline and the rules claim extractor.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from typer.testing import CliRunner

from veracity.cli import app
from veracity.data.loaders import Example, load_dataset
from veracity.data.oasis import (
    SynthConfig,
    document_split,
    edit_region,
    falsify,
    neutral_triplets,
    sample_window,
    synthesize,
    write_derived_sets,
)
from veracity.data.oasis_llm import Generation, check_generation, parse_generation
from veracity.errors import ConfigError, LLMOutputError
from veracity.models.llm.scripted import ScriptedLLM
from veracity.schema import Document

CURIE = Document(
    id="curie",
    text=(
        "Marie Curie was born in Warsaw in 1867. She moved to Paris in 1891. "
        "Curie won the Nobel Prize in Physics in 1903. She shared it with Pierre Curie and Henri Becquerel. "
        "In 1911 she won the Nobel Prize in Chemistry. She died in France in 1934."
    ),
)
NILE = Document(
    id="nile",
    text=(
        "The Nile is a river in Africa. It flows north for about 6650 kilometres. "
        "The river passes through Egypt and Sudan. Its water reaches the Mediterranean Sea near Alexandria."
    ),
)


def test_windows_of_k_sentences_with_a_stride_by_hand():
    rng = random.Random(0)
    # 7 sentences, K = 5, s = 1: windows start at 0, 1, 2 -> three of them; asking for 3 gives all three
    assert sample_window(7, 5, 1, rng, count=3) == [(0, 5), (1, 6), (2, 7)]
    assert sample_window(7, 5, 2, rng, count=5) == [(0, 5), (2, 7)]  # starts 0, 2
    assert sample_window(3, 5, 1, rng) == [(0, 3)]  # shorter than K: one window of everything
    assert sample_window(0, 5, 1, rng) == []


def test_edit_region_by_hand():
    assert edit_region("born in 1867.", "born in 1869.") == (11, 12, "9")
    assert edit_region("in Warsaw.", "in Paris.") == (3, 9, "Paris")
    assert edit_region("same", "same") is None
    assert edit_region("ab", "abc") == (2, 2, "c")  # an insertion at the end


def test_falsify_changes_one_fact_and_never_negates():
    from veracity.text.parsing import load_spacy

    nlp = load_spacy()
    text = "Marie Curie was born in Warsaw in 1867."
    pool = {"GPE": ["Warsaw", "Paris", "France"], "PERSON": ["Pierre Curie"]}
    for seed in range(10):
        result = falsify(text, nlp(text), pool, random.Random(seed))
        assert result is not None
        kind, edited = result
        assert edited != text and "not" not in edited.split()
        assert kind in ("entity", "number")
    assert falsify("Rivers flow.", nlp("Rivers flow."), {}, random.Random(0)) is None  # nothing to change


def test_synthesize_writes_valid_records_and_resumes(tmp_path):
    config = SynthConfig(sentences=3)
    stats = synthesize([CURIE, NILE, Document(id="empty", text="   ")], tmp_path, config)
    rows = [json.loads(line) for line in (tmp_path / "records.jsonl").read_text().splitlines()]
    assert stats["records"] == len(rows) == 2 and stats["rejected"] == {"no sentences": 1}
    for row in rows:
        t, u, edit = row["text"], row["unfactual"], row["edit"]
        assert row["factual"] == t and u != t and row["claims"]
        assert u == t[: edit["start"]] + edit["replacement"] + t[edit["end"] :]  # one region differs
        original = row["claims"][row["falsified"]["index"]]
        assert row["falsified"]["claim"] != original
        assert edit["original"] in original and edit["replacement"] in row["falsified"]["claim"]
    again = synthesize([CURIE, NILE, Document(id="more", text="Lyon lies on the Rhone. It had 500000 people.")],
                       tmp_path, config)  # fmt: skip
    assert again["written_this_run"] == 1 and again["records"] == 3
    assert [json.loads(line)["id"] for line in (tmp_path / "records.jsonl").read_text().splitlines()][:2] == [
        r["id"] for r in rows
    ]
    with pytest.raises(ConfigError, match="other settings"):
        synthesize([CURIE], tmp_path, SynthConfig(sentences=4))


def test_the_same_seed_gives_the_same_records(tmp_path):
    a = synthesize([CURIE, NILE], tmp_path / "a", SynthConfig(seed=3))
    b = synthesize([NILE, CURIE], tmp_path / "b", SynthConfig(seed=3))  # another order: per-document draws
    rows_a = sorted((tmp_path / "a" / "records.jsonl").read_text().splitlines())
    rows_b = sorted((tmp_path / "b" / "records.jsonl").read_text().splitlines())
    assert a["records"] == b["records"] and rows_a == rows_b


def test_derived_sets_follow_section_5_3(tmp_path):
    synthesize([CURIE], tmp_path, SynthConfig(sentences=3))
    record = json.loads((tmp_path / "records.jsonl").read_text().splitlines()[0])
    n_claims = len(record["claims"])
    counts = write_derived_sets(tmp_path)
    splits = counts.pop("splits")
    assert counts == {"e2e": 2, "claims": n_claims + 1, "nli": n_claims + 3}
    split = document_split("curie")  # the record's document goes to one split, whole
    other = "train" if split == "test" else "test"
    assert splits[split]["records"] == 1 and splits[other]["records"] == 0
    assert (tmp_path / split / "e2e.jsonl").read_text() == (tmp_path / "e2e.jsonl").read_text()
    assert (tmp_path / other / "e2e.jsonl").read_text() == ""
    checks = [json.loads(line) for line in (tmp_path / "claim-checks.jsonl").read_text().splitlines()]
    assert [c["label"] for c in checks] == [0] * n_claims + [1]
    assert checks[-1]["answer"] == record["falsified"]["claim"] and checks[-1]["context"] == [record["factual"]]
    shares = Counter(document_split(f"doc-{i}") for i in range(2000))
    assert 0.17 < shares["test"] / 2000 < 0.23  # about 20% of documents are held out
    triplets = [json.loads(line) for line in (tmp_path / "nli.jsonl").read_text().splitlines()]
    falsified, original = record["falsified"]["claim"], record["claims"][record["falsified"]["index"]]
    as_tuples = {(t["premise"], t["hypothesis"], t["label"]) for t in triplets}
    assert (record["text"], falsified, "contradiction") in as_tuples
    assert (record["unfactual"], falsified, "entailment") in as_tuples
    assert (record["unfactual"], original, "contradiction") in as_tuples
    examples = [r for r in load_dataset(f"oasis:{tmp_path}") if isinstance(r, Example)]
    assert [e.label for e in examples] == [0, 1] and examples[1].answer == record["unfactual"]
    pairs = list(load_dataset(f"nli:{tmp_path / 'claims.jsonl'}"))
    assert len(pairs) == n_claims + 1


def test_neutral_triplets_pick_the_most_neutral_other_passage_with_the_verifier(tmp_path):
    from veracity.detectors import load_detector

    long_curie = Document(id="curie", text=CURIE.text + " " + NILE.text)  # passages far from the record's window
    synthesize([long_curie], tmp_path, SynthConfig(sentences=2, seed=1))
    verifier = load_detector("verifier")
    triplets = neutral_triplets(tmp_path, {"curie": long_curie}, verifier.score_pairs, passage_words=12)
    record = json.loads((tmp_path / "records.jsonl").read_text().splitlines()[0])
    assert len(triplets) == len(record["claims"]) and all(t["label"] == "neutral" for t in triplets)
    start, end = record["passage"]["start"], record["passage"]["end"]
    for triplet in triplets:  # never the record's own passage
        assert triplet["premise"] not in long_curie.text[start:end]


def test_the_synth_command_writes_records_stats_and_derived_sets(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    rows = [{"id": "curie", "text": CURIE.text}, {"id": "nile", "text": NILE.text}, {"bad": 1}]
    corpus.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["data", "synth", str(corpus), "--out", str(tmp_path / "out"), "--sentences", "3"])
    assert result.exit_code == 0, result.output
    assert "skipped" in result.output and '"records": 2' in result.output
    for name in ("records.jsonl", "stats.json", "e2e.jsonl", "claims.jsonl", "nli.jsonl"):
        assert (tmp_path / "out" / name).exists()
    bad = CliRunner().invoke(app, ["data", "synth", str(corpus), "--out", str(tmp_path / "o2"), "--sentences", "0"])
    assert bad.exit_code == 2 and "sentences" in bad.output


# --- the LLM generator (Table 1) ----------------------------------------------------------------------------------

GOOD = Generation(
    claims=["Marie Curie was born in Warsaw.", "Marie Curie won two Nobel Prizes."],
    original="Marie Curie won two Nobel Prizes.",
    falsified="Marie Curie declined two Nobel Prizes.",
    factual="Born in Warsaw, Marie Curie went on to win two Nobel Prizes.",
    unfactual="Born in Warsaw, Marie Curie went on to decline two Nobel Prizes.",
)


def test_check_generation_accepts_a_local_edit_and_locates_it():
    fields, reason = check_generation(GOOD, SynthConfig(generator="llm"))
    assert reason is None and fields is not None
    assert fields["falsified"] == {"index": 1, "claim": GOOD.falsified, "kind": "llm"}
    edit = fields["edit"]
    assert (edit["original"], edit["replacement"]) == ("win", "decline")
    assert GOOD.factual[edit["start"] : edit["end"]] == "win"


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"claims": []}, "no claims"),
        ({"claims": ["word " * 50, GOOD.original]}, "too long"),
        ({"original": "Marie Curie was a chemist."}, "original is not among the claims"),
        ({"falsified": "Marie Curie won two Nobel prizes"}, "equals its original"),
        ({"falsified": "Marie Curie did not win two Nobel Prizes."}, "negation"),
        ({"unfactual": GOOD.factual}, "equals the factual one"),
        ({"unfactual": "Something else entirely was said here about a decline of two prizes."}, "differs beyond"),
        ({"unfactual": "Born in Krakow, Marie Curie went on to win two Nobel Prizes."}, "not where the falsified"),
    ],
)
def test_check_generation_rejects_with_a_reason(change, reason):
    fields, why = check_generation(Generation(**{**GOOD.__dict__, **change}), SynthConfig(generator="llm"))
    assert fields is None and reason in why


def test_parse_generation_refuses_replies_outside_the_schema():
    with pytest.raises(LLMOutputError):
        parse_generation(["not", "an", "object"])
    with pytest.raises(LLMOutputError):
        parse_generation({"claims": "one", "original_claim": "", "falsified_claim": "", "factual_text": "",
                          "unfactual_text": ""})  # fmt: skip


def test_a_reply_outside_the_schema_is_rejected_and_generation_goes_on(tmp_path):
    good = json.dumps({"claims": GOOD.claims, "original_claim": GOOD.original, "falsified_claim": GOOD.falsified,
                       "factual_text": GOOD.factual, "unfactual_text": GOOD.unfactual})  # fmt: skip
    llm = ScriptedLLM(["not json", "still not json", good])  # the library's scripted backend, not a test double
    stats = synthesize([CURIE, NILE], tmp_path, SynthConfig(generator="llm"), llm=llm)
    assert stats["records"] == 1 and stats["rejected"] == {"the reply does not follow the JSON schema": 1}
    record = json.loads((tmp_path / "records.jsonl").read_text())
    assert record["generator"] == "llm:scripted" and record["factual"] == GOOD.factual
    with pytest.raises(ConfigError, match="needs an LLM"):
        synthesize([CURIE], tmp_path / "x", SynthConfig(generator="llm"))


def test_the_real_small_llm_runs_the_table_1_prompt_end_to_end(tmp_path):
    from veracity.models.llm.llamacpp import LlamaCppLLM

    llm = LlamaCppLLM("smollm2-135m-instruct", n_ctx=2048, n_threads=2)
    stats = synthesize([CURIE], tmp_path, SynthConfig(generator="llm", sentences=2, llm_max_tokens=256), llm=llm)
    assert stats["records"] + sum(stats["rejected"].values()) == 1  # a record, or one rejection with its reason
    assert stats["paraphrase"].startswith("by the LLM")
    for row in (tmp_path / "records.jsonl").read_text().splitlines():
        record = json.loads(row)
        _, reason = check_generation(
            Generation(record["claims"], record["claims"][record["falsified"]["index"]], record["falsified"]["claim"],
                       record["factual"], record["unfactual"]), SynthConfig(generator="llm"))  # fmt: skip
        assert reason is None


def test_each_swap_refusal_rule_on_a_hand_made_example():
    """Issue 35: a replacement that would often leave the "falsified" claim true is refused, and counted."""
    import random
    from collections import Counter

    from veracity.data.perturb import SWAP_REFUSALS, coordination_groups, swap_entity, swap_refusal
    from veracity.text.parsing import load_spacy

    contained, in_claim, coordinated = SWAP_REFUSALS
    assert swap_refusal("Memphis", "Memphis, Tennessee", "Elvis lived in Memphis.") == contained
    assert swap_refusal("New York City", "New York", "She moved to New York City.") == contained
    assert swap_refusal("Tennessee", "Memphis", "It is in Tennessee.\nMemphis is in Tennessee.") == in_claim
    assert swap_refusal("Alice", "Bob", "Alice founded it.", {"bob", "carol"}) == coordinated
    assert swap_refusal("Alice", "Dave", "Alice founded it.", {"bob", "carol"}) is None

    nlp = load_spacy()
    passage = "The company was founded by Steve Jobs, Steve Wozniak and Ronald Wayne in California."
    groups = coordination_groups(nlp(passage))
    assert "steve wozniak" in groups.get("steve jobs", set()) and "ronald wayne" in groups.get("steve jobs", set())

    claim = "The company was founded by Steve Jobs."
    pool = {"PERSON": ["Steve Wozniak", "Ronald Wayne", "Tim Cook"]}
    refusals: Counter[str] = Counter()
    edited = swap_entity(claim, nlp(claim), pool, random.Random(0), claim, groups, refusals)
    assert edited == "The company was founded by Tim Cook."  # the co-founders are refused
    # Steve Wozniak shares "Steve" with the name (the first rule); Ronald Wayne is a co-founder in the passage
    assert refusals == Counter({contained: 1, coordinated: 1})
    sentence = "It is in Tennessee."
    pronoun_claim = "Memphis is in Tennessee."
    counted: Counter[str] = Counter()
    gpe_pool = {"GPE": ["Memphis", "Tennessee", "Nashville"]}
    swapped = swap_entity(sentence, nlp(sentence), gpe_pool, random.Random(0), pronoun_claim, {}, counted)
    assert swapped == "It is in Nashville." and counted[in_claim] == 1 and counted[contained] == 1

"""Synthetic NLI data (each edit on fixed sentences, label balance) and a short real training run."""

import json
import random

import numpy as np
import pytest

from conftest import ROOT
from veracity.data import perturb
from veracity.errors import ConfigError, InputError
from veracity.text.parsing import load_spacy
from veracity.training.nli_data import NLIBuildConfig, _qa_counterexamples, build_nli_dataset, perturbation_examples
from veracity.training.verifier import VerifierTrainConfig, load_pairs, load_train_config, train_verifier

NLP = None


def parse(text):
    global NLP
    NLP = NLP or load_spacy()
    return NLP(text)


def test_drop_clause_keeps_the_main_clause():
    s = "Paris, the capital of France, has 2 million people."
    assert perturb.drop_clause(s, parse(s)) == "Paris has 2 million people."
    s = "The tower (built in 1889) is in Paris."
    assert perturb.drop_clause(s, parse(s)) == "The tower is in Paris."
    s = "Paris has many bridges."
    assert perturb.drop_clause(s, parse(s)) is None


def test_reformat_number_keeps_the_value():
    assert perturb.reformat_number("It opened on 5 March 1901.") == "It opened on March 5, 1901."
    assert perturb.reformat_number("It opened on March 5, 1901.") == "It opened on 5 March 1901."
    assert perturb.reformat_number("It has 120000 seats.") == "It has 120,000 seats."
    assert perturb.reformat_number("It has 12 seats.") is None


def test_conjoin_joins_two_facts():
    assert perturb.conjoin("Paris is in France.", "It has 37 bridges.") == "Paris is in France, and it has 37 bridges."


def test_swap_entity_uses_a_same_type_entity_from_the_document():
    s = "The summit was held in Kyoto in 1997."
    pool = {"GPE": ["Kyoto", "Tokyo"], "PERSON": ["Ann"]}
    assert perturb.swap_entity(s, parse(s), pool, random.Random(0)) == "The summit was held in Tokyo in 1997."
    assert perturb.swap_entity(s, parse(s), {"GPE": ["Kyoto"]}, random.Random(0)) is None


def test_change_number_changes_the_value():
    rng = random.Random(0)
    for s in ("The summit was held in 1997.", "It has 160 members.", "It opened on 5 March 1901."):
        changed = perturb.change_number(s, rng)
        assert changed is not None and changed != s
    assert perturb.change_number("No numbers here.", rng) is None


@pytest.mark.parametrize(
    ("sentence", "flipped"),
    [
        ("Paris is the capital of France.", "Paris is not the capital of France."),
        ("The treaty was not signed in Paris.", "The treaty was signed in Paris."),
        ("She moved to Paris in 1891.", "She did not move to Paris in 1891."),
        ("He isn't French.", "He is French."),
    ],
)
def test_flip_negation(sentence, flipped):
    assert perturb.flip_negation(sentence, parse(sentence)) == flipped


def test_swap_subject_object():
    s = "Apple acquired Beats in 2014."
    assert perturb.swap_subject_object(s, parse(s)) == "Beats acquired Apple in 2014."
    s = "It rains."
    assert perturb.swap_subject_object(s, parse(s)) is None


def test_replace_relation():
    assert perturb.replace_relation("He arrived before noon.", random.Random(0)) == "He arrived after noon."
    assert perturb.replace_relation("Nothing to contrast here.", random.Random(0)) is None


def test_add_detail_adds_what_the_premise_lacks():
    added = perturb.add_detail("She moved to Paris.", {"GPE": ["Lyon"]}, "She moved to Paris.", random.Random(0))
    assert added is not None and added.startswith("She moved to Paris") and added != "She moved to Paris."


def test_perturbation_examples_cover_all_labels_and_keep_provenance():
    sentences = [
        "Marie Curie was born in Warsaw on 7 November 1867.",
        "She moved to Paris in 1891 to study physics.",
        "The 1903 Nobel Prize in Physics was awarded to Henri Becquerel and Pierre Curie.",
        "Becquerel discovered radioactivity in 1896, before the Curies.",
        "Radium was discovered by the Curies in Paris in 1898.",
    ]
    examples = list(perturbation_examples("doc", sentences, "test", random.Random(3)))
    assert {e.label for e in examples} == {"entailment", "neutral", "contradiction"}
    kinds = {e.kind for e in examples}
    assert {"copy", "swap_entity", "change_number", "flip_negation", "add_detail"} <= kinds
    for e in examples:
        assert e.source == "test" and e.doc_id == "doc" and e.hypothesis and e.premise
        if e.kind == "copy":
            assert e.hypothesis in e.premise


def test_atomic_claims_add_short_hypotheses_of_every_label():
    sentences = [
        "The Kyoto Protocol was adopted in Kyoto, Japan, on 11 December 1997, and entered into force in 2005.",
        "Marie Curie, a Polish physicist, won the Nobel Prize in Physics in 1903 with Pierre Curie.",
        "The treaty was signed in Tokyo by 84 countries.",
        "Radium was discovered by the Curies in Paris in 1898.",
    ]
    plain = list(perturbation_examples("doc", sentences, "test", random.Random(1)))
    examples = list(perturbation_examples("doc", sentences, "test", random.Random(1), atomic_claims=True))
    assert not {e.kind for e in plain} & {"atomic_claim", "elsewhere_claim"}
    claims = [e for e in examples if e.kind == "atomic_claim"]
    assert claims and all(e.label == "entailment" for e in claims)
    # An atomic claim is shorter than its sentence and uses only the premise's words.
    for e in claims:
        words = set(e.premise.lower().replace(",", " ").replace(".", " ").split())
        assert set(e.hypothesis.lower().rstrip(".").split()) - words <= {"is", "in"}
    assert any(e.kind.startswith("claim_") and e.label == "contradiction" for e in examples)
    assert all(e.label == "neutral" for e in examples if e.kind == "elsewhere_claim")


def test_qa_counterexamples_break_the_short_answer_cue():
    knowledge = (
        "Awake is a 2007 American thriller film written and directed by Joby Harold. "
        "Samuel Sim is a composer who scored the film Awake."
    )
    question = "What film was written and directed by Joby Harold with music by Samuel Sim?"
    other = "The Dismal Swamp Canal runs along the eastern edge of the Great Dismal Swamp."
    found = {kind: (h, label) for h, label, kind in _qa_counterexamples(
        question, "Awake", knowledge, parse(knowledge), other, random.Random(0))}  # fmt: skip
    stated = f'The answer to "{question}" is: '
    wrong, label = found["short_wrong"]
    assert label == "contradiction" and wrong.startswith(stated)
    assert wrong[len(stated) :] in knowledge and "Awake" not in wrong[len(stated) :]  # present, but not the answer
    assert found["sentence_answer"] == (stated + knowledge.split(". ")[0] + ".", "entailment")
    assert found["other_knowledge"] == (stated + "Awake", "neutral")
    yes_no = list(_qa_counterexamples("Is Nuptse a mountain?", "yes", other, parse(other), None, random.Random(0)))
    assert yes_no == [('The answer to "Is Nuptse a mountain?" is: no', "contradiction", "short_wrong")]


SHARED = ROOT.parent / "shared" / "data"


@pytest.mark.skipif(not SHARED.exists(), reason=f"benchmark data not found at {SHARED}")
def test_builder_balances_labels_and_splits_by_document(tmp_path, embedder):
    config = NLIBuildConfig(
        halueval_records=6, knowledge_paragraphs=6, covid_sentences_per_article=3, covid_articles=2, dev_fraction=0.3
    )
    stats = build_nli_dataset(SHARED, tmp_path, config, embed=embedder.embed)
    train = [json.loads(line) for line in (tmp_path / "train.jsonl").read_text().splitlines()]
    dev = [json.loads(line) for line in (tmp_path / "dev.jsonl").read_text().splitlines()]
    labels = [r["label"] for r in train + dev]
    counts = [labels.count(label) for label in ("entailment", "neutral", "contradiction")]
    # balanced before decontamination: a label may lack exactly the pairs refused as evaluation texts afterwards
    # (since issue 60 the grounding-extra dev rows are evaluation texts too)
    refused = sum(stats["refused_evaluation_overlap"].values())
    assert min(counts) > 0 and max(counts) - min(counts) <= refused
    assert not {r["doc_id"] for r in train} & {r["doc_id"] for r in dev}
    assert stats["train"]["n"] == len(train) and len({(r["premise"], r["hypothesis"]) for r in train}) == len(train)
    assert not any("hotpot" in r["source"] or "fever" in r["source"] for r in train)
    again = tmp_path / "again"
    build_nli_dataset(SHARED, again, config, embed=embedder.embed)
    assert (again / "train.jsonl").read_text() == (tmp_path / "train.jsonl").read_text()  # fixed seed


def write_pairs(path, n):
    rows = []
    for i in range(n):
        rows.append(
            {
                "premise": f"Town {i} has {i + 10} bridges.",
                "hypothesis": f"Town {i} has {i + 10} bridges.",
                "label": "entailment",
            }
        )
        rows.append(
            {
                "premise": f"Town {i} has {i + 10} bridges.",
                "hypothesis": f"Town {i} has no bridges.",
                "label": "contradiction",
            }
        )
        rows.append(
            {
                "premise": f"Town {i} has {i + 10} bridges.",
                "hypothesis": f"Town {i} has a famous zoo.",
                "label": "neutral",
            }
        )
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")


def test_short_training_run_loads_and_scores(tmp_path):
    from veracity.models.pair_scorer import HFPairScorer

    write_pairs(tmp_path / "train.jsonl", 8)
    write_pairs(tmp_path / "dev.jsonl", 2)
    config = VerifierTrainConfig(
        train_file=tmp_path / "train.jsonl",
        dev_file=tmp_path / "dev.jsonl",
        output_dir=tmp_path / "run",
        max_length=32,
        batch_size=8,
        epochs=1,
        eval_every=2,
        checkpoint_every=1,
        seed=1,
    )
    summary = train_verifier(config, log=lambda line: None)
    assert summary["steps"] == 3 and summary["n_train"] == 24 and 0.0 <= summary["best_dev_accuracy"] <= 1.0
    model_dir = tmp_path / "run" / "model"
    assert (model_dir / "model.safetensors").exists()
    assert json.loads((model_dir / "config.json").read_text())["id2label"]["0"] == "entailment"
    assert json.loads((model_dir / "tokenizer_config.json").read_text())["model_max_length"] == 32
    probs = HFPairScorer(str(model_dir)).score([("Town 1 has 11 bridges.", "Town 1 has no bridges.")])
    assert probs.shape == (1, 3) and abs(float(probs.sum()) - 1.0) < 1e-4
    log = [json.loads(line) for line in (tmp_path / "run" / "log.jsonl").read_text().splitlines()]
    assert any("dev_accuracy" in row for row in log)

    # Resume: a longer run continues from the checkpoint instead of starting over.
    longer = config.model_copy(update={"epochs": 2.0})
    resumed = train_verifier(longer, log=lambda line: None)
    assert resumed["steps"] == 6 and resumed["train_seconds_this_run"] < summary["train_seconds_this_run"] * 3

    # Stage 2: training continues from an exported model (fp16 on disk) in fp32.
    assert json.loads((model_dir / "config.json").read_text())["dtype"] == "float16"
    stage2 = config.model_copy(update={"base_model": str(model_dir), "output_dir": tmp_path / "stage2"})
    assert train_verifier(stage2, log=lambda line: None)["train_dtype"] == "float32"


def test_hypothesis_only_blanks_premises(tmp_path):
    write_pairs(tmp_path / "train.jsonl", 1)
    assert {p for p, _, _ in load_pairs(tmp_path / "train.jsonl", hypothesis_only=True)} == {""}


def test_bad_training_inputs(tmp_path):
    with pytest.raises(InputError, match="build-nli"):
        load_pairs(tmp_path / "missing.jsonl")
    (tmp_path / "bad.jsonl").write_text('{"premise": "x"}\n')
    with pytest.raises(InputError, match=r"bad\.jsonl:1"):
        load_pairs(tmp_path / "bad.jsonl")
    (tmp_path / "cfg.yaml").write_text("train_file: a\noutput_dir: b\nlearning_rate: -1\n")
    with pytest.raises(ConfigError, match="invalid training config"):
        load_train_config(tmp_path / "cfg.yaml")
    with pytest.raises(ConfigError, match="cannot read"):
        load_train_config(tmp_path / "nope.yaml")


def test_length_grouped_epoch_order_is_a_permutation_of_similar_length_batches():
    from veracity.training.verifier import _epoch_order

    random.seed(0)
    train = [("x" * n, "h", 0) for n in random.sample(range(1000), 400)]
    order = _epoch_order(train, batch_size=8, group_by_length=True)
    assert sorted(order) == list(range(400))
    batches = [order[k : k + 8] for k in range(0, 400, 8)]
    spread = np.mean([max(len(train[i][0]) for i in b) - min(len(train[i][0]) for i in b) for b in batches])
    random_spread = np.mean(
        [
            max(len(train[i][0]) for i in b) - min(len(train[i][0]) for i in b)
            for b in (_epoch_order(train, 8, False)[k : k + 8] for k in range(0, 400, 8))
        ]
    )
    assert spread < random_spread / 10

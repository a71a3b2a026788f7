"""Human-labelled grounding sources: readers, label mapping, the binary-label loss, the long-premise former,
decontamination, and a short training run on a tiny mixture with binary rows. Every source is read from fixture
rows written here in the shared form, so these tests need no ../shared."""

import gzip
import json

import pytest

from veracity.data.grounding import (
    GROUNDING_SOURCES,
    Decontaminator,
    normalize_text,
    read_grounding,
    select_premise_sentences,
    split_premise,
    training_label,
)
from veracity.data.loaders import NLIPair, load_dataset
from veracity.errors import ConfigError, InputError
from veracity.eval.metrics import nli_metrics
from veracity.training.nli_data import NLIBuildConfig, build_nli_dataset
from veracity.training.nli_grounding import PremiseFormer
from veracity.training.verifier import TARGETS, VerifierTrainConfig, dev_accuracy, load_pairs, nli_loss, train_verifier

PLANTED = "The committee approved the new harbour budget in March."


def write_source(data_dir, name, rows):
    folder = GROUNDING_SOURCES[name].path(data_dir).parent
    folder.mkdir(parents=True, exist_ok=True)
    with gzip.open(folder / f"{name}.jsonl.gz", "wt", encoding="utf-8") as handle:
        for i, row in enumerate(rows):
            handle.write(json.dumps({"id": f"{name}-{i}", "source": name, "split": "train", **row}) + "\n")


@pytest.fixture
def data_dir(tmp_path):
    """A tiny data folder: three grounding sources, the MNLI evaluation sample with one planted text."""
    root = tmp_path / "data"
    towns = [(f"Town {i} has {i + 3} bridges and a river port.", i) for i in range(12)]
    write_source(root, "mnli", [
        *({"premise": p, "hypothesis": f"Town {i} has {i + 3} bridges.", "label": "entailment"} for p, i in towns),
        *({"premise": p, "hypothesis": f"Town {i} has no bridges.", "label": "contradiction"} for p, i in towns),
        *({"premise": p, "hypothesis": f"Town {i} has a famous zoo.", "label": "neutral"} for p, i in towns),
        {"premise": PLANTED, "hypothesis": "A budget was approved.", "label": "entailment"},  # an evaluation text
        {"premise": "Der Hafen ist alt.", "hypothesis": "Der Hafen ist neu.", "label": "contradiction", "lang": "de"},
    ])  # fmt: skip
    write_source(root, "begin", [
        {"premise": "The port opened in 1901.", "hypothesis": "It opened in 1950.", "label": "not_entailment"},
        {"premise": "The port opened in 1901.", "hypothesis": "That sounds fun!", "label": "generic"},
        {"premise": "The museum opened in 1950.", "hypothesis": "The museum dates from 1950.", "label": "entailment",
         "split": "dev"},
    ])  # fmt: skip
    write_source(root, "anli", [{"premise": "A.", "hypothesis": "B.", "label": "neutral", "split": "dev"}])
    (root / "nli").mkdir()
    (root / "nli" / "mnli_matched.tsv").write_text(f"entailment\t{PLANTED.upper()}!\tSomething else entirely here.\n")
    return root


def test_reader_filters_split_and_names_missing_or_unknown_sources(data_dir):
    rows = list(read_grounding(data_dir, "begin"))
    assert len(rows) == 3 and rows[0]["label"] == "not_entailment"
    assert [r["id"] for r in read_grounding(data_dir, "begin", "dev")] == ["begin-2"]
    with pytest.raises(InputError, match="unknown grounding source"):
        list(read_grounding(data_dir, "snli"))
    with pytest.raises(InputError, match=r"wice\.jsonl\.gz"):
        list(read_grounding(data_dir, "wice"))
    assert not GROUNDING_SOURCES["anli"].trainable and not GROUNDING_SOURCES["sick"].trainable


def test_labels_map_onto_training_targets():
    assert training_label("neutral") == "neutral"
    assert training_label("not_entailment") == "not_entailment"
    assert training_label("partially_supported") == "not_entailment"
    assert training_label("generic") is None


def test_harness_reads_a_grounding_split_with_binary_labels(data_dir):
    pairs = list(load_dataset("grounding:begin:train", data_dir))
    assert [p.label for p in pairs if isinstance(p, NLIPair)] == ["not_entailment"]  # generic skipped
    assert len(list(load_dataset("grounding:begin", data_dir))) == 2
    with pytest.raises(ConfigError, match="grounding source"):
        list(load_dataset("grounding:nope:dev", data_dir))
    # A binary gold label is matched by neutral or contradiction, never by entailment.
    metrics = nli_metrics(["not_entailment", "not_entailment", "entailment"], ["neutral", "entailment", "entailment"])
    assert metrics["accuracy"] == pytest.approx(2 / 3)


def test_binary_loss_never_pushes_toward_one_not_entailed_class():
    import torch

    not_entailed = torch.tensor([TARGETS.index("not_entailment")])
    # The loss depends only on P(entailment): moving mass between neutral and contradiction leaves it unchanged.
    a = torch.log(torch.tensor([[0.2, 0.7, 0.1]]))
    b = torch.log(torch.tensor([[0.2, 0.1, 0.7]]))
    assert float(nli_loss(a, not_entailed)) == pytest.approx(float(nli_loss(b, not_entailed)))
    assert float(nli_loss(a, not_entailed)) == pytest.approx(-torch.log(torch.tensor(0.8)).item(), rel=1e-5)
    # At equal neutral and contradiction, the gradient treats them alike and only lowers entailment.
    logits = torch.tensor([[1.0, 0.0, 0.0]], requires_grad=True)
    nli_loss(logits, not_entailed).backward()
    grad = logits.grad[0]
    assert grad[0] > 0 and grad[1] == pytest.approx(float(grad[2])) and grad[1] < 0
    # Trained as "neutral" instead, the same row would push contradiction down.
    logits = torch.tensor([[1.0, 0.0, 0.0]], requires_grad=True)
    nli_loss(logits, torch.tensor([TARGETS.index("neutral")])).backward()
    assert logits.grad[0][2] > 0 > logits.grad[0][1]
    assert dev_accuracy(2, 3) and dev_accuracy(1, 3) and not dev_accuracy(0, 3) and dev_accuracy(1, 1)


def test_premise_selection_by_hand():
    # Sentence 1 (0.9) fits, sentence 2 (0.5) fits, sentence 0 (0.1) does not: document order kept.
    assert select_premise_sentences([0.1, 0.9, 0.5], [5, 6, 6], budget=12) == [1, 2]
    # A long related sentence that does not fit is skipped; a shorter, less related one still enters.
    assert select_premise_sentences([0.9, 0.8, 0.1], [20, 5, 5], budget=12) == [1, 2]
    assert select_premise_sentences([0.1, 0.2], [3, 3], budget=12) == [0, 1]  # everything fits
    with pytest.raises(ValueError):
        select_premise_sentences([0.1], [1, 2], 5)
    assert split_premise("A b. C d.\n\nE f", lambda line: line.split(". ")) == ["A b", "C d.", "E f"]


def test_long_premise_keeps_the_supporting_sentence_in_order(embedder):
    former = PremiseFormer(embedder.embed, "all-MiniLM-L6-v2", max_length=48)
    filler = [f"The weather report for day {i} mentioned light rain over the hills." for i in range(8)]
    support = "The Kyoto Protocol was adopted in Kyoto in 1997."
    premise = " ".join([*filler[:5], support, *filler[5:]])
    shortened = former(premise, "The protocol was adopted in 1997.")
    assert support in shortened and len(shortened) < len(premise) and former.shortened == 1
    assert shortened.index(support) > shortened.index(filler[4]) if filler[4] in shortened else True
    assert former("Short premise.", "Short hypothesis.") == "Short premise."


def test_decontamination_refuses_and_counts_a_planted_duplicate(data_dir, tmp_path, embedder):
    decontaminator = Decontaminator(["The Harbour budget, approved!"])
    assert decontaminator.contaminated("x", "the harbour budget approved") and decontaminator.refused == 1
    assert normalize_text("  Hello,  World! ") == "hello world"

    config = NLIBuildConfig(synthetic=False, grounding={"mnli": 1.0, "begin": 2.0}, grounding_dev_fraction=0.2,
                            tokenizer_model="all-MiniLM-L6-v2")  # fmt: skip
    stats = build_nli_dataset(data_dir, tmp_path / "out", config, embed=embedder.embed)
    train = [json.loads(line) for line in (tmp_path / "out" / "train.jsonl").read_text().splitlines()]
    dev = [json.loads(line) for line in (tmp_path / "out" / "dev.jsonl").read_text().splitlines()]
    assert stats["refused_evaluation_overlap"] == {"mnli": 1}
    assert not any(PLANTED in r["premise"] for r in train + dev)
    assert stats["grounding"]["mnli"]["dropped_not_english"] == 1
    assert stats["grounding"]["begin"]["dropped_label_generic"] == 1
    # Weight 2: the one usable begin train row is in train twice, or held out to dev once (never both).
    begin = [r["label"] for r in train if r["source"] == "begin"], [r["label"] for r in dev if r["source"] == "begin"]
    assert begin in ((["not_entailment"] * 2, []), ([], ["not_entailment"]))
    assert not {(r["premise"], r["hypothesis"]) for r in dev} & {(r["premise"], r["hypothesis"]) for r in train}
    assert stats["train"]["n"] == len(train) > 20
    again = build_nli_dataset(data_dir, tmp_path / "again", config, embed=embedder.embed)
    assert (tmp_path / "again" / "train.jsonl").read_text() == (tmp_path / "out" / "train.jsonl").read_text()
    assert again["train"]["label"] == stats["train"]["label"]

    with pytest.raises(InputError, match="evaluation only"):
        build_nli_dataset(data_dir, tmp_path / "x", NLIBuildConfig(synthetic=False, grounding={"anli": 1.0}))


def test_short_training_run_on_a_mixture_with_binary_rows(data_dir, tmp_path, embedder):
    from veracity.models.pair_scorer import HFPairScorer

    config = NLIBuildConfig(synthetic=False, grounding={"mnli": 1.0, "begin": 1.0}, grounding_dev_fraction=0.25,
                            tokenizer_model="all-MiniLM-L6-v2")  # fmt: skip
    build_nli_dataset(data_dir, tmp_path / "mix", config, embed=embedder.embed)
    sources: list[str] = []
    pairs = load_pairs(tmp_path / "mix" / "dev.jsonl", sources=sources)
    assert len(pairs) == len(sources) > 0
    train = VerifierTrainConfig(
        train_file=tmp_path / "mix" / "train.jsonl", dev_file=tmp_path / "mix" / "dev.jsonl",
        output_dir=tmp_path / "run", max_length=32, batch_size=8, epochs=1, eval_every=2, checkpoint_every=2,
        seed=1, selection="macro_source",
    )  # fmt: skip
    summary = train_verifier(train, log=lambda line: None)
    assert summary["steps"] >= 2 and 0.0 <= summary["best_dev_accuracy"] <= 1.0
    log = [json.loads(line) for line in (tmp_path / "run" / "log.jsonl").read_text().splitlines()]
    assert any("mnli" in row.get("dev", {}) for row in log)
    probs = HFPairScorer(str(tmp_path / "run" / "model")).score([("Town 1 has 4 bridges.", "Town 1 has no bridges.")])
    assert probs.shape == (1, 3) and abs(float(probs.sum()) - 1.0) < 1e-4


def test_own_split_rows_are_checked_by_claim_and_a_supplement_holds_only_what_the_earlier_build_lacks(
    tmp_path, embedder
):
    decontaminator = Decontaminator(["An evaluation premise here."], claims=["A dev claim about the port."])
    assert decontaminator.contaminated("An evaluation premise here.", "anything else at all")
    assert not decontaminator.contaminated("A dev claim about the port.", "a different claim")  # a claim: hypothesis
    assert decontaminator.contaminated("any premise", "a dev claim about the port") and decontaminator.refused == 2

    root = tmp_path / "data"
    shared = "The abstract reports that the vaccine cut infections by half in adults."
    write_source(root, "healthver", [
        *({"premise": f"Study {i} found that drug {i} lowered fever in {i + 20} patients.",
           "hypothesis": f"Drug {i} lowers fever.", "label": "entailment"} for i in range(8)),
        {"premise": shared, "hypothesis": "The vaccine cut infections.", "label": "entailment"},  # shares a premise
        {"premise": "Masks were studied in 2020.", "hypothesis": "Masks cure the virus.", "label": "contradiction"},
        {"premise": shared, "hypothesis": "The vaccine raised infections.", "label": "contradiction", "split": "dev"},
        {"premise": "Another abstract.", "hypothesis": "Masks cure the virus.", "label": "neutral", "split": "dev"},
    ])  # fmt: skip
    base = {"synthetic": False, "grounding": {"healthver": 1.0}, "grounding_dev_fraction": 0.0,
            "tokenizer_model": "all-MiniLM-L6-v2"}  # fmt: skip
    old = build_nli_dataset(root, tmp_path / "old", NLIBuildConfig(**base, own_split_rule="premise_or_claim"),
                            embed=embedder.embed)  # fmt: skip
    assert old["refused_evaluation_overlap"] == {"healthver": 2} and old["train"]["n"] == 8
    new = build_nli_dataset(root, tmp_path / "new", NLIBuildConfig(**base), embed=embedder.embed)
    assert new["refused_evaluation_overlap"] == {"healthver": 1} and new["train"]["n"] == 9  # the shared premise stays
    supplement = build_nli_dataset(
        root, tmp_path / "sup", NLIBuildConfig(**base, exclude_from=tmp_path / "old"), embed=embedder.embed
    )
    rows = [json.loads(line) for line in (tmp_path / "sup" / "train.jsonl").read_text().splitlines()]
    assert [r["hypothesis"] for r in rows] == ["The vaccine cut infections."]
    assert supplement["left_out_in_earlier_build"] == {"healthver": 8}


def test_grounding_rows_are_read_from_an_earlier_build_without_forming_premises_again(data_dir, tmp_path, embedder):
    base = {"synthetic": False, "grounding": {"mnli": 1.0, "begin": 1.0}, "tokenizer_model": "all-MiniLM-L6-v2"}
    first = build_nli_dataset(data_dir, tmp_path / "first", NLIBuildConfig(**base), embed=embedder.embed)
    # A foreign row in the earlier build (another part's source) is not taken as a grounding row.
    with (tmp_path / "first" / "train.jsonl").open("a", encoding="utf-8") as handle:
        handle.write(json.dumps({"premise": "P.", "hypothesis": "H.", "label": "entailment", "source": "edits",
                                 "kind": "original", "doc_id": "x"}) + "\n")  # fmt: skip

    def no_embedding(texts):
        raise AssertionError("premises were formed again")

    again = build_nli_dataset(data_dir, tmp_path / "again", NLIBuildConfig(**base, grounding_from=tmp_path / "first"),
                              embed=no_embedding)  # fmt: skip
    assert again["train"]["source"] == first["train"]["source"] and again["dev"]["n"] == first["dev"]["n"]
    assert again["grounding_from"] == str(tmp_path / "first")
    with pytest.raises(InputError, match="not found"):
        build_nli_dataset(data_dir, tmp_path / "x", NLIBuildConfig(**base, grounding_from=tmp_path / "missing"),
                          embed=no_embedding)  # fmt: skip


def test_a_second_stage_skips_the_rows_the_first_trained_on_and_adds_extra_files(tmp_path):
    from veracity.training.verifier import _training_pairs

    def write(path, hypotheses):
        path.write_text("".join(json.dumps({"premise": "P.", "hypothesis": h, "label": "neutral"}) + "\n"
                                for h in hypotheses))  # fmt: skip

    write(tmp_path / "main.jsonl", [f"h{i}" for i in range(10)])
    write(tmp_path / "extra.jsonl", ["e0", "e1"])
    config = VerifierTrainConfig(train_file=tmp_path / "main.jsonl", output_dir=tmp_path / "run",
                                 skip_train_examples=6, max_train_examples=3,
                                 extra_train_files=[tmp_path / "extra.jsonl"])  # fmt: skip
    assert [h for _, h, _ in _training_pairs(config)] == ["h6", "h7", "h8", "e0", "e1"]
    rest = config.model_copy(update={"max_train_examples": None})
    assert [h for _, h, _ in _training_pairs(rest)] == ["h6", "h7", "h8", "h9", "e0", "e1"]


def test_debiasing_losses_by_hand():
    import math

    import torch

    logits = torch.zeros(2, 3)  # the main model is uniform
    bias = torch.log(torch.tensor([[0.8, 0.1, 0.1], [0.8, 0.1, 0.1]]))
    gold = torch.tensor([0, 3])  # entailment; not_entailment
    poe = nli_loss(logits, gold, bias, "poe")
    # PoE: softmax(log 1/3 + b) = the bias distribution: −(log 0.8 + log 0.2) / 2
    assert float(poe) == pytest.approx(-(math.log(0.8) + math.log(0.2)) / 2, abs=1e-5)
    reweight = nli_loss(logits, gold, bias, "reweight")
    # weights 1 − 0.8 and 1 − 0.2 on the plain losses log 3 and −log(2/3)
    assert float(reweight) == pytest.approx((0.2 * math.log(3) + 0.8 * -math.log(2 / 3)) / 2, abs=1e-5)
    assert float(nli_loss(logits, gold, bias, "none")) == pytest.approx(float(nli_loss(logits, gold)))
    # A confident bias that is right leaves the main model almost no gradient under PoE.
    main = torch.zeros(1, 3, requires_grad=True)
    nli_loss(main, torch.tensor([0]), torch.log(torch.tensor([[0.98, 0.01, 0.01]])), "poe").backward()
    easy = float(main.grad.abs().sum())
    main.grad = None
    nli_loss(main, torch.tensor([0]), torch.log(torch.tensor([[0.01, 0.98, 0.01]])), "poe").backward()
    assert easy < 0.1 * float(main.grad.abs().sum())


def test_a_short_debiased_run_with_a_hypothesis_only_control(data_dir, tmp_path, embedder):
    config = NLIBuildConfig(synthetic=False, grounding={"mnli": 1.0}, grounding_dev_fraction=0.25,
                            tokenizer_model="all-MiniLM-L6-v2")  # fmt: skip
    build_nli_dataset(data_dir, tmp_path / "mix", config, embed=embedder.embed)
    common = {"train_file": tmp_path / "mix" / "train.jsonl", "max_length": 32, "batch_size": 8, "epochs": 1,
              "checkpoint_every": 2, "seed": 1}  # fmt: skip
    train_verifier(VerifierTrainConfig(**common, output_dir=tmp_path / "control", hypothesis_only=True), log=print)
    lines: list[str] = []
    debiased = VerifierTrainConfig(**common, output_dir=tmp_path / "poe", debias="poe",
                                   bias_model=str(tmp_path / "control" / "model"))  # fmt: skip
    summary = train_verifier(debiased, log=lines.append)
    assert summary["steps"] >= 2 and (tmp_path / "poe" / "bias_log_probs.pt").exists()
    assert any("hypothesis-only log-probabilities" in line for line in lines)
    with pytest.raises(ConfigError, match="needs bias_model"):
        train_verifier(debiased.model_copy(update={"bias_model": None, "output_dir": tmp_path / "x"}), log=print)


def test_minimal_pair_sources_are_read_from_grounding_extra_and_their_dev_rows_decontaminate(data_dir):
    from veracity.data.grounding import Decontaminator, evaluation_texts

    write_source(data_dir, "cad-nli", [
        {"premise": "A man plays a red guitar.", "hypothesis": "A man plays a guitar.", "label": "entailment"},
        {"premise": "A man plays a red guitar.", "hypothesis": "A man plays a blue guitar.", "label": "contradiction",
         "split": "dev"},
    ])  # fmt: skip
    assert (data_dir / "grounding-extra" / "cad-nli.jsonl.gz").exists()
    assert [r["label"] for r in read_grounding(data_dir, "cad-nli", "train")] == ["entailment"]
    assert GROUNDING_SOURCES["cad-nli"].trainable and GROUNDING_SOURCES["fm2"].folder == "grounding-extra"
    guard = Decontaminator(evaluation_texts(data_dir))
    assert guard.contaminated("Something else.", "A man plays a blue guitar.")  # a dev row of the new source
    assert not guard.contaminated("Something else.", "A man plays a guitar.")  # its train row is no evaluation text

import json

import pytest

from conftest import FIXTURES, ROOT
from veracity.data.loaders import BadRecord, DatasetSpec, Example, NLIPair, load_dataset
from veracity.errors import ConfigError, InputError, UnknownNameError

SHARED = ROOT.parent / "shared" / "data"
needs_shared = pytest.mark.skipif(not SHARED.exists(), reason=f"benchmark data not found at {SHARED}")


def split(records):
    good = [r for r in records if not isinstance(r, BadRecord)]
    bad = [r for r in records if isinstance(r, BadRecord)]
    return good, bad


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("halueval-qa:test", DatasetSpec("halueval-qa", "test")),
        ("fever-symmetric", DatasetSpec("fever-symmetric")),
        ("jsonl:data/x.jsonl", DatasetSpec("jsonl", None, __import__("pathlib").Path("data/x.jsonl"))),
        ("ragtruth:test", DatasetSpec("ragtruth", "test")),
    ],
)
def test_spec_parsing(text, spec):
    assert DatasetSpec.parse(text) == spec


def test_generic_jsonl_reports_bad_lines_with_numbers():
    good, bad = split(list(load_dataset(f"jsonl:{FIXTURES / 'generic.jsonl'}")))
    assert [e.id for e in good] == ["g1", "g2", "g5"]
    assert good[0].spans == [(12, 19)] and good[0].question == "Where is Paris?"
    assert [b.line for b in bad] == [3, 4]
    assert "not valid JSON" in bad[0].error and "label" in bad[1].error


def test_nli_tsv_and_jsonl():
    good, bad = split(list(load_dataset(f"nli:{FIXTURES / 'pairs.tsv'}")))
    assert [(p.label, p.hypothesis) for p in good] == [
        ("entailment", "A person sleeps ."),
        ("contradiction", "A man runs ."),
    ]
    assert [b.line for b in bad] == [3, 5]
    good, bad = split(list(load_dataset(f"nli:{FIXTURES / 'pairs.jsonl'}")))
    assert all(isinstance(p, NLIPair) for p in good) and len(good) == 2 and [b.line for b in bad] == [3]


def test_fever_pairs_are_binary_and_untokenized():
    good, bad = split(list(load_dataset(f"fever:{FIXTURES / 'fever.jsonl'}")))
    assert [(e.id, e.label) for e in good] == [("1", 0), ("2", 1)]  # NOT ENOUGH INFO dropped
    assert good[0].context == ["Telemundo ( teleˈmundo ) is an American Spanish-language network ."]
    assert [b.line for b in bad] == [4]


def test_ragtruth_official_files():
    good, bad = split(list(load_dataset(f"ragtruth:{FIXTURES / 'ragtruth'}")))
    assert [e.id for e in good] == ["r1", "r2", "r5"]  # train split and bad quality dropped
    qa, summary, data2txt = good
    assert qa.question == "When was the Eiffel Tower built?" and qa.label == 0 and qa.task == "QA"
    assert summary.context == ["The council approved a budget of 3 million dollars on Monday."]
    assert summary.label == 1 and summary.spans == [(33, 42)]
    assert summary.answer[33:42] == "5 million"
    assert json.loads(data2txt.context[0])["city"] == "Lyon" and data2txt.task == "Data2txt"
    assert len(bad) == 1


def test_ragtruth_joined_file(tmp_path):
    sources = {
        json.loads(line)["source_id"]: json.loads(line)
        for line in (FIXTURES / "ragtruth" / "source_info.jsonl").read_text().splitlines()
    }
    joined = tmp_path / "joined.jsonl"
    with joined.open("w") as out:
        for line in (FIXTURES / "ragtruth" / "response.jsonl").read_text().splitlines()[:2]:
            row = json.loads(line)
            row["source_info"] = sources[row["source_id"]]
            out.write(json.dumps(row) + "\n")
    good, _ = split(list(load_dataset(f"ragtruth:{joined}")))
    assert [e.id for e in good] == ["r1", "r2"]


def test_felm_response_label_and_segment_spans():
    good, bad = split(list(load_dataset(f"felm:{FIXTURES / 'felm.jsonl'}")))
    assert [(e.id, e.label) for e in good] == [("0", 1), ("1", 0)]
    assert good[0].spans == [(35, 63)] and good[0].answer[35:63] == "It was first staged in 1900."
    assert good[0].context and good[1].context == []
    assert [b.line for b in bad] == [3]


@needs_shared
def test_halueval_splits_give_two_examples_per_record():
    test = list(load_dataset("halueval-qa:test", SHARED))
    assert len(test) == 2000 and all(isinstance(e, Example) for e in test)
    assert test[0].id == "9000-right" and test[1].id == "9000-hallucinated"
    assert [e.label for e in test[:4]] == [0, 1, 0, 1]
    assert test[0].context and test[0].question
    dev_ids = {e.id for e in load_dataset("halueval-qa:dev", SHARED)}
    assert len(dev_ids) == 2000 and not dev_ids & {e.id for e in test}
    closed = next(iter(load_dataset("halueval-qa-closed:test", SHARED)))
    assert closed.context == [] and closed.answer == test[0].answer


@needs_shared
def test_halueval_dialogue_summarization_and_general():
    dialogue = next(iter(load_dataset("halueval-dialogue:test", SHARED)))
    assert dialogue.question and "[Human]" in dialogue.question and dialogue.context
    summary = next(iter(load_dataset("halueval-summarization:train", SHARED)))
    assert summary.question is None and len(summary.context[0]) > 200 and summary.id == "0-right"
    general = list(load_dataset("halueval-general", SHARED))
    assert len(general) == 4507 and sum(e.label for e in general) == 815


@needs_shared
def test_fever_symmetric():
    full = list(load_dataset("fever-symmetric", SHARED))
    assert len(full) == 956 and {e.label for e in full} == {0, 1}
    assert len(list(load_dataset("fever-symmetric:generated", SHARED))) == 717


def test_missing_data_folder_names_the_path(tmp_path):
    with pytest.raises(InputError, match=str(tmp_path)):
        list(load_dataset("halueval-qa:test", tmp_path))


def test_unknown_names_and_a_missing_path():
    with pytest.raises(UnknownNameError, match="halueval-qa"):
        load_dataset("halueval")
    with pytest.raises(ConfigError, match="made by `veracity data synth`"):
        list(load_dataset("oasis"))
    with pytest.raises(ConfigError, match="splits"):
        list(load_dataset("halueval-qa:validation", FIXTURES))


def test_minimal_pairs_fixture_is_a_valid_nli_set():
    pairs, bad = split(list(load_dataset(f"nli:{ROOT / 'benchmarks' / 'fixtures' / 'minimal_pairs.jsonl'}")))
    assert not bad and len(pairs) >= 60
    assert {p.label for p in pairs} == {"entailment", "neutral", "contradiction"}
    assert len({(p.premise, p.hypothesis) for p in pairs}) == len(pairs)


def test_halueval_loaders_on_a_hand_written_fixture():
    data = FIXTURES  # holds halueval/*.json in the upstream format, written by hand
    good, bad = split(list(load_dataset("halueval-qa:train", data)))
    assert [e.id for e in good] == [
        "0-right",
        "0-hallucinated",
        "1-right",
        "1-hallucinated",
        "2-right",
        "2-hallucinated",
    ]
    assert good[0].context == ["Town 0 lies on the river Elb.It has 2 bridges."] and good[1].label == 1
    assert [b.line for b in bad] == [4]
    assert split(list(load_dataset("halueval-qa:test", data)))[0] == []  # records 9000+ only
    dialogue = next(iter(load_dataset("halueval-dialogue:train", data)))
    assert dialogue.question.startswith("[Human]") and dialogue.context == ["Iron Man stars Robert Downey Jr."]
    summary = list(load_dataset("halueval-summarization:train", data))
    assert summary[1].answer.startswith("The council rejected") and summary[1].question is None
    general = list(load_dataset("halueval-general", data))
    assert [(e.label, e.spans) for e in general] == [(1, [(0, 15)]), (0, None)]


def test_missing_benchmark_data_points_to_the_doc_that_says_where_it_comes_from(tmp_path):
    """Issue 33: from a clone, the message names docs/data.md (which exists), not a file a user does not have."""

    from veracity.data.loaders import load_dataset
    from veracity.errors import InputError

    with pytest.raises(InputError) as missing:
        list(load_dataset("halueval-qa:test", data_dir=tmp_path))
    message = str(missing.value)
    assert "docs/data.md" in message and "../shared" not in message and str(tmp_path) in message
    assert (ROOT / "docs" / "data.md").is_file()

"""The ``auto`` detector: routing by input shape (scripted routes), its settings, and its real default routes.

Scripted routes stand in for detectors where a test needs to see which one was called; the last test builds the
default routes with the real verifier.
"""

from __future__ import annotations

import json

import pytest

from veracity.detectors import load_detector
from veracity.detectors.auto import AutoConfig, AutoDetector, rag_shaped
from veracity.detectors.base import settings_digest
from veracity.detectors.guard import innermost
from veracity.errors import ConfigError, InputError
from veracity.schema import Details, Report, Signal

CONTEXT = ["Marie Curie was born in Warsaw in 1867. She won two Nobel Prizes."]
QUESTION = "Where was Marie Curie born?"
DIALOGUE = "[Human]: Who was Marie Curie? [Assistant]: A physicist. [Human]: Where was she born?"


class FixedDetector:
    """A detector that answers with a fixed score and counts its calls."""

    def __init__(self, name: str, score: float) -> None:
        self.name, self.score, self.calls = name, score, 0
        self.details = Details()

    def config(self):
        return {"route": self.name}

    def detect(self, answer, context, question=None):
        self.calls += 1
        return Report(
            answer=answer,
            question=question,
            verdict="hallucinated" if self.score >= 0.5 else "faithful",
            score=self.score,
            threshold=0.5,
            detector=self.name,
            notes=[f"{self.name} looked"],
            details=self.details,
        )


def scripted() -> tuple[AutoDetector, dict[str, FixedDetector]]:
    routes = {
        "qa": FixedDetector("litehall", 0.9),
        "dialogue": FixedDetector("verifier", 0.2),
        "summary": FixedDetector("sea", 0.7),
        "long_qa": FixedDetector("fused", 0.6),
        "claim": FixedDetector("grounding", 0.8),
    }
    return AutoDetector(routes, AutoConfig(routing="shape")), routes  # type: ignore[arg-type]


def test_the_routes_own_details_are_kept_beside_the_route():
    auto, routes = scripted()
    routes["claim"].details = Details(signals=[Signal(name="novel_share", value=0.4, contribution=1.2)])
    report = auto.detect("She was born in Paris.", CONTEXT, None)
    assert report.details.routed_to == "claim" and [s.name for s in report.details.signals] == ["novel_share"]
    assert report.details.decided_by is None and report.schema_version == 4


@pytest.mark.parametrize(
    ("question", "shape", "verdict"),
    [(QUESTION, "qa", "hallucinated"), (DIALOGUE, "dialogue", "faithful"), (None, "claim", "hallucinated")],
)
def test_each_shape_goes_to_its_own_route(question, shape, verdict):
    auto, routes = scripted()
    report = auto.detect("She was born in Paris.", CONTEXT, question)
    assert report.details.routed_to == shape and report.verdict == verdict and report.detector == "auto"
    assert [r.calls for r in routes.values()] == [int(s == shape) for s in routes]
    assert report.notes == [f"auto: a {shape} input, routed to {routes[shape].name!r}", f"{routes[shape].name} looked"]
    # the route taken and its settings; the others are in auto.config(), named by the digest (issue 44 §11)
    assert set(report.config) == {"route", "detector", "config", "settings_digest"} and report.config["route"] == shape
    assert report.config["config"] == routes[shape].config()
    assert report.config["settings_digest"] == settings_digest(auto.config())


def test_a_long_answer_to_a_question_takes_the_long_form_route():
    auto, routes = scripted()
    long_answer = " ".join(["Marie Curie was born in Warsaw and studied in Paris."] * 3)  # 30 words
    report = auto.detect(long_answer, CONTEXT, QUESTION)
    assert report.details.routed_to == "long_qa" and routes["long_qa"].calls == 1 and routes["qa"].calls == 0
    assert auto.detect(long_answer, CONTEXT, None).details.routed_to == "summary"  # no question, 30 words: a summary
    assert auto.detect(" ".join(long_answer.split()[:29]), CONTEXT, QUESTION).details.routed_to == "qa"
    assert (
        auto.detect(" ".join(long_answer.split()[:29]), CONTEXT, None).details.routed_to == "claim"
    )  # a short statement


def test_a_short_answer_over_retrieved_passages_takes_the_long_form_route():
    auto, _ = scripted()
    short = "Both are good aerobic exercise."
    passages = "passage 1: Cycling is aerobic exercise.\n\npassage 2: Running is aerobic exercise too."
    assert auto.detect(short, [passages], QUESTION).details.routed_to == "long_qa"  # numbered passages
    two = [*CONTEXT, "Pierre Curie was born in Paris in 1859."]
    assert auto.detect(short, two, QUESTION).details.routed_to == "long_qa"  # two documents
    # Issue 53: one passage given twice is one document (as_documents keeps it once): the same route as without it.
    assert auto.detect(short, CONTEXT + CONTEXT, QUESTION).details.routed_to == "qa"
    one_paragraph = ["Cycling is aerobic exercise. See passage 1: above."]
    assert auto.detect(short, one_paragraph, QUESTION).details.routed_to == "qa"
    assert auto.detect(short, [*CONTEXT, "  "], QUESTION).details.routed_to == "qa"  # an empty document is not one
    assert auto.detect(short, [passages], None).details.routed_to == "claim"  # no question: still a claim
    assert rag_shaped(["[1] One.\n[2] Two."]) and not rag_shaped(["[1] One only."]) and not rag_shaped([])


def test_an_empty_answer_is_not_checked_and_reaches_no_route():
    auto, routes = scripted()
    report = auto.detect("   ", CONTEXT, QUESTION)
    assert report.verdict == "not_checked" and report.score is None and report.details.routed_to is None
    assert all(r.calls == 0 for r in routes.values())


def test_no_context_is_an_input_error():
    auto, _ = scripted()
    with pytest.raises(InputError):
        auto.detect("She was born in Paris.", ["  "], QUESTION)


def test_a_missing_route_is_refused():
    with pytest.raises(ValueError, match="summary, long_qa, claim"):
        AutoDetector(
            {"qa": FixedDetector("a", 0.1), "dialogue": FixedDetector("b", 0.1)},  # type: ignore[dict-item]
            AutoConfig(routing="shape"),
        )
    with pytest.raises(ValueError, match="reader"):
        AutoDetector({"qa": FixedDetector("a", 0.1)})  # type: ignore[dict-item]


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"qa": {"detector": "auto"}}, "cannot be the auto detector"),
        ({"qa": {"detector": "verifier", "colour": 1}}, "colour"),
        ({"questions": {}}, "questions"),
    ],
)
def test_bad_settings_are_config_errors(settings, message):
    with pytest.raises(ConfigError, match=message):
        load_detector("auto", **settings)


def test_an_unknown_route_detector_is_named():
    with pytest.raises(Exception, match="no-such-detector"):
        load_detector("auto", routing="shape", summary={"detector": "no-such-detector"})


def test_identical_routes_share_one_detector_and_different_ones_do_not():
    auto = load_detector("auto", routing="shape", qa={"detector": "grounding"}, summary={"detector": "grounding"})
    assert isinstance(innermost(auto), AutoDetector)
    assert auto.routes["qa"] is auto.routes["summary"] and auto.routes["qa"].name == "grounding"
    assert auto.routes["qa"] is not auto.routes["dialogue"]
    assert AutoConfig().dialogue != AutoConfig().summary != AutoConfig().qa


def test_the_default_routes_are_the_dev_choice_with_their_shipped_calibrators():
    import json

    from conftest import ROOT

    choice = json.loads((ROOT / "benchmarks" / "auto" / "choice.json").read_text(encoding="utf-8"))["choice"]
    third = json.loads((ROOT / "benchmarks" / "auto" / "choice-v3.json").read_text(encoding="utf-8"))["routes"]
    names = {
        "litehall": ("litehall", {}),
        "verifier-stage3": ("verifier", {"model": "veracity-nli-small-stage3"}),
        "fused": ("fused", {}),
        "span": ("span", {}),
    }
    for shape in ("qa", "dialogue"):
        route = getattr(AutoConfig(), shape)
        assert (route.detector, route.settings) == names[choice[shape]], shape
    fifth = json.loads((ROOT / "benchmarks" / "auto" / "choice-v5.json").read_text(encoding="utf-8"))["routes"]
    for shape in ("summary", "long_qa"):
        route = getattr(AutoConfig(), shape)
        assert (route.detector, route.settings) == names[fifth[shape]["choice"]], shape
    assert third["summary"]["choice"] == fifth["summary"]["choice"]
    fourth = json.loads((ROOT / "benchmarks" / "auto" / "choice-v4.json").read_text(encoding="utf-8"))["routes"]
    assert AutoConfig().claim.detector == fourth["claim"]["choice"] == "verifier" and not AutoConfig().claim.settings
    auto = load_detector("auto", routing="shape")
    assert auto.config()["qa"]["config"]["calibration"] == "shipped:litehall.json"
    assert auto.config()["dialogue"]["config"]["calibration"] == "shipped:verifier-stage3.json"
    assert auto.config()["long_qa"]["detector"] == "fused" and auto.routes["long_qa"] is auto.routes["summary"]
    assert auto.config()["claim"]["config"]["calibration"] == "shipped:claim-verifier.json"


def test_the_shape_routes_run_the_real_detectors():
    auto = load_detector("auto", routing="shape")
    right = auto.detect("Warsaw.", CONTEXT, QUESTION)
    wrong = auto.detect("She was born in Paris in 1867.", CONTEXT, QUESTION)
    assert right.details.routed_to == "qa" and right.verdict == "faithful"
    assert wrong.verdict == "hallucinated" and wrong.score > right.score
    claim = auto.detect("Marie Curie was born in Warsaw.", CONTEXT)
    assert claim.details.routed_to == "claim" and claim.notes[0].startswith("auto: a claim input")
    assert claim.calibration is not None and claim.calibration.startswith("shipped:claim-verifier.json (summary")
    summary = auto.detect(" ".join(["Marie Curie was born in Warsaw, in the Kingdom of Poland."] * 3), CONTEXT)
    assert summary.details.routed_to == "summary" and summary.notes[0].startswith("auto: a summary input")
    assert summary.config["route"] == "summary" and summary.config["detector"] == AutoConfig().summary.detector
    assert "/" not in json.dumps(summary.config)  # no absolute model path: a model name and a content digest


def test_auto_is_the_default_of_the_library_the_cli_and_the_service(tmp_path):
    import inspect

    from typer.testing import CliRunner

    from veracity.cli import app
    from veracity.detectors import load_detector as loader

    assert inspect.signature(loader).parameters["name"].default == "auto"
    context = tmp_path / "curie.txt"
    context.write_text(CONTEXT[0], encoding="utf-8")
    result = CliRunner().invoke(
        app, ["detect", "--question", QUESTION, "--answer", "Paris.", "--context", str(context), "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    report = Report.model_validate_json(result.stdout)
    assert report.detector == "auto" and report.details.routed_to == "reader" and report.verdict == "hallucinated"
    pytest.importorskip("fastapi", reason="the service extra is not installed")
    from veracity.server.settings import ServiceSettings

    assert ServiceSettings().default_detector == "auto" and ServiceSettings().warm_detectors == ["auto"]


def test_auto_runs_the_consistency_checkers():
    auto = load_detector("auto")
    context = ["The Kyoto Protocol was adopted in Kyoto, Japan, on 11 December 1997."]
    wrong = auto.detect("The Kyoto Protocol was adopted on 11 December 1998.", context)
    assert wrong.details.routed_to == "reader"
    [finding] = wrong.details.findings
    assert finding.kind == "value" and finding.span.text == "11 December 1998"
    assert wrong.verdict == "hallucinated" and any(s.text == "11 December 1998" for s in wrong.hallucinated_spans)
    right = auto.detect("The Kyoto Protocol was adopted on 11 December 1997.", context)
    assert not right.details.findings and right.verdict == "faithful"
    off = load_detector("auto", consistency=False).detect(wrong.answer, context)
    assert not off.details.findings


def test_auto_says_when_the_checkers_did_not_read_the_answer():
    auto = load_detector("auto")
    context = ["Das Kyoto-Protokoll wurde am 11. Dezember 1997 in Kyoto, Japan, angenommen und trat 2005 in Kraft."]
    report = auto.detect("Das Kyoto-Protokoll wurde am 11. Dezember 1998 in Tokio angenommen.", context)
    assert not report.details.findings and any("English only" in n for n in report.notes)


def test_every_input_with_sources_goes_to_the_one_reader_whatever_its_shape():
    auto = load_detector("auto")
    assert isinstance(innermost(auto), AutoDetector) and set(innermost(auto).routes) == {"reader"}
    shapes = [
        ("She was born in Paris in 1867.", CONTEXT, QUESTION),
        ("She was born in Paris in 1867.", [*CONTEXT, "Mount Fuji is 3,776 metres high."], QUESTION),
        ("She was born in Paris in 1867.", CONTEXT, None),
        ("She was born in Paris in 1867.", CONTEXT, DIALOGUE),
    ]
    reports = [auto.detect(answer, context, question) for answer, context, question in shapes]
    assert {r.details.routed_to for r in reports} == {"reader"}
    assert {r.verdict for r in reports} == {"hallucinated"}
    assert all(r.notes[0].startswith("auto: read sentence by sentence") for r in reports)


# One input per row of docs/calibration.md's routing table, keyed by the row's first cell as the doc writes it.
LONG = " ".join(["Marie Curie was born in Warsaw, in the Kingdom of Poland, in 1867."] * 3)
DOC_ROUTING_INPUTS = {
    "a question and a one-line answer over one plain passage": ("She was born in Warsaw.", CONTEXT, QUESTION),
    "a question and an answer of 30 words or more, or a shorter one over RAG-shaped context (two or more documents, "
    "or numbered passages)": ("She was born in Warsaw.", [*CONTEXT, "Mount Fuji is 3,776 metres high."], QUESTION),
    "a reply to conversation turns (`User:`, `[Human]:` … in the question)": ("In Warsaw.", CONTEXT, DIALOGUE),
    "no question, 30 words or more": (LONG, CONTEXT, None),
    "no question, under 30 words": ("Marie Curie was born in Warsaw.", CONTEXT, None),
}


def doc_routing_rows() -> list[list[str]]:
    """The rows of the routing table of docs/calibration.md ("The `auto` detector: the default"), as cells."""
    from conftest import ROOT

    text = (ROOT / "docs" / "calibration.md").read_text(encoding="utf-8")
    section = text[text.index("## The `auto` detector: the default") :]
    header = "| input | `routed_to` (default) | `routed_to` with `routing=shape` |"
    table = section[section.index(header) :].split("\n\n", 1)[0].splitlines()[2:]
    return [[cell.strip() for cell in row.strip().strip("|").split("|")] for row in table]


def test_the_docs_routing_table_is_what_the_reports_say():
    """Issue 68 §6: what docs/calibration.md says the default (and routing=shape) routes each input to is what a
    report of that input says, read from the real detectors."""
    rows = doc_routing_rows()
    assert [row[0] for row in rows] == list(DOC_ROUTING_INPUTS), "a row of the doc's table has no input here"
    default, by_shape = load_detector("auto"), load_detector("auto", routing="shape")
    for label, routed, shaped, route_detector, _ in rows:
        answer, context, question = DOC_ROUTING_INPUTS[label]
        report = default.detect(answer, context, question)
        assert f"`{report.details.routed_to}`" == routed, label
        assert report.notes[0].startswith("auto: read sentence by sentence by 'reader'")
        report = by_shape.detect(answer, context, question)
        assert f"`{report.details.routed_to}`" == shaped, label
        assert route_detector.startswith(f"`{report.config['detector']}`"), label

"""Issue 68 §4: `veracity train fused` writes no model that ranks at or below chance without --force, whatever the
shipped model scores, and the description signals (lengths, a question or not) cannot carry a ranking the evidence
does not make.

The runs are real: 32 labelled answers of a payments API's documentation (tests/fixtures/payments_labelled.jsonl,
written by experiments/fused-description/make_cases.py), as a user writes them: a faithful answer copies a sentence
of the source, a hallucinated one states an invented value, most of them shorter and some without their question.
With the labels inverted, the fit before issue 68 ranked them at 0.91 out of fold (the shipped model: 0.19), so it was
written, and it scored an exact copy of a source sentence 0.89 and an answer with an invented value 0.64: its evidence
weights fell to zero, and the answer's length and the question carried the inversion. The span model is left out
(``use_span_model=false``) to keep the tests quick.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from veracity.calibration import input_shape
from veracity.cli import app
from veracity.detectors.fused import answer_signals
from veracity.detectors.fused.model import FusedModel
from veracity.stages.verify.checkers.frames.consistency import ConsistencyChecker
from veracity.training.fused import FUSED_DIRECTIONS, fit_fused

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "fixtures" / "payments_labelled.jsonl"

# A source none of the cases uses, and two answers to its question: a sentence of it copied, an invented value.
SOURCE = (
    "Card payments cost 2.9% plus $0.30 per successful charge, and international cards add 1.5% to that fee. "
    "Fees are taken from the payment before it reaches your balance. There is no monthly fee on the Starter plan."
)
QUESTION = "What does a card payment cost?"
COPY = "Card payments cost 2.9% plus $0.30 per successful charge, and international cards add 1.5% to that fee."
INVENTED = "Card payments cost 4.9%."


def _train(out: Path, data: Path, *extra: str):
    args = ["train", "fused", "--data", f"jsonl:{data}", "--out", str(out), "--set", "use_span_model=false", *extra]
    return CliRunner().invoke(app, args)


def _probabilities(model: FusedModel) -> tuple[float, float]:
    """P(hallucinated) the model gives the copied sentence and the invented value."""
    checker = ConsistencyChecker()
    out = []
    for answer in (COPY, INVENTED):
        signals, _, _ = answer_signals(None, answer, [SOURCE], QUESTION, checker)
        out.append(model.predict(signals, input_shape(answer, QUESTION)).probability)
    return out[0], out[1]


@pytest.fixture(scope="module")
def inverted(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("payments")
    rows = [json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines()]
    path = folder / "inverted.jsonl"
    path.write_text("".join(json.dumps({**r, "label": 1 - r["label"]}) + "\n" for r in rows), encoding="utf-8")
    return path


def test_a_refit_at_or_below_chance_is_not_written_though_the_shipped_model_ranks_worse(inverted):
    out = inverted.parent / "refused.json"
    refused = _train(out, inverted)
    assert refused.exit_code == 2, refused.output
    assert isinstance(refused.exception, SystemExit) and "Traceback" not in refused.output
    assert "veracity: error: the refitted model was not written: out of fold it ranks your 32 answers at or below " in (
        refused.output
    )
    assert re.search(r"at or below chance \(AUROC 0\.[0-4]\d\d; 0\.5: chance\)", refused.output), refused.output
    # The shipped model ranks these inverted labels worse still, and that no longer lets the refit through.
    assert "whatever veracity-fused-small scores on them (0.188)" in refused.output
    assert "are the labels inverted?" in refused.output and "--force" in refused.output
    assert not out.exists() and not out.with_suffix(".metrics.json").exists()


def test_forced_on_inverted_labels_an_exact_copy_is_not_scored_above_an_invented_value(inverted):
    out = inverted.parent / "forced.json"
    forced = _train(out, inverted, "--force")
    assert forced.exit_code == 0, forced.output
    model = FusedModel.load(out)
    copy, invented = _probabilities(model)
    assert copy <= invented, (copy, invented)  # before issue 68: 0.89 against 0.64
    from veracity.training.fused import DESCRIPTION_SHARE

    assert model.training["warnings"][0].startswith("written with --force: out of fold it ranks your 32 answers at")
    figures = model.training["out_of_fold"]
    assert figures["description_share"] <= DESCRIPTION_SHARE + 1e-6 and figures["description_cap"] == DESCRIPTION_SHARE
    # The evidence weights, held to their signs, fell to zero on inverted labels; the descriptions went with them (a
    # signal that never varies here, is_record, keeps the shipped model's weight: it is the same for every answer).
    weights = dict(zip(model.features, model.coef, strict=True))
    fitted = [f for f in weights if f not in figures["weights_from_prior"]]
    assert max(abs(weights[f]) for f in fitted if FUSED_DIRECTIONS.get(f) == 0) < 1e-3, weights

    # The same answers the right way round: the cap leaves the evidence its say, and the copy scores far below.
    right = _train(inverted.parent / "right.json", CASES)
    assert right.exit_code == 0, right.output
    copy, invented = _probabilities(FusedModel.load(inverted.parent / "right.json"))
    assert copy < 0.2 < 0.8 < invented, (copy, invented)


def _rows(n: int, seed: int) -> list[dict]:
    """Answers whose length says more about the label than their novelty does (a description that could outweigh)."""
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(n):
        label = int(rng.random() < 0.5)
        rows.append({
            "id": f"r{i}", "label": label, "group": f"g{i}", "shape": "qa",
            "signals": {"novelty": float(np.clip(rng.normal(0.3 + 0.1 * label, 0.15), 0, 1)),
                        "answer_words_log": float(rng.normal(3.0 - 0.8 * label, 0.4)),
                        "has_question": float(rng.random() < 0.8)},
        })  # fmt: skip
    return rows


def test_the_descriptions_are_held_at_the_cap():
    from veracity.training.fused import DESCRIPTION_SHARE, description_share

    rows, features = _rows(120, 7), ["novelty", "answer_words_log", "has_question"]
    free, free_figures = fit_fused(rows, features, share=1.0)
    capped, figures = fit_fused(rows, features)
    x = np.array([[r["signals"][f] for f in features] for r in rows])

    def share(model: FusedModel) -> float:
        return description_share((x - np.array(model.mean)) / np.array(model.scale), model.coef, features)

    assert free_figures["description_share"] == pytest.approx(share(free)) and share(free) > 0.7  # length decides
    assert figures["description_share"] == pytest.approx(share(capped)) and share(capped) <= DESCRIPTION_SHARE + 1e-6
    # The descriptions move the log-odds no more than the evidence does in the fit, nor more than the evidence alone
    # separates the labels; here the second binds, and they are held right at it.
    sd, separation = figures["log_odds_sd"], figures["evidence_separation"]
    assert sd["description"] <= min(sd["evidence"], separation) * (1 + 1e-6)
    assert sd["description"] == pytest.approx(min(sd["evidence"], separation), rel=0.01)
    assert capped.coef[0] > 0.0  # the evidence still weighs

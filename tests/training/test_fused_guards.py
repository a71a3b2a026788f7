"""Issue 58 §4: `veracity train fused` on few answers keeps its signs, warns, and does not write a worse model.

The runs are real: the trial file of a user's own 20 labelled answers (tests/fixtures/trial_rag.jsonl), the shipped
model `veracity-fused-small`, the consistency checkers; the span model is left out (``use_span_model=false``) to keep
the tests quick, and its signals' signs are checked on the fit itself.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from veracity.cli import app
from veracity.detectors.fused import resolve_fused_model
from veracity.detectors.fused.model import FusedModel
from veracity.training.fused import (
    FUSED_DIRECTIONS,
    MEASURED_AUROC,
    RELIABLE_ANSWERS,
    fit_fused,
    size_warnings,
)

ROOT = Path(__file__).resolve().parents[2]
TRIAL = ROOT / "tests" / "fixtures" / "trial_rag.jsonl"
RAGTRUTH = ROOT.parent / "shared" / "data" / "ragtruth" / "dev.jsonl.gz"


def _train(out: Path, data: str = f"jsonl:{TRIAL}", *extra: str):
    args = ["train", "fused", "--data", data, "--out", str(out), "--set", "use_span_model=false", *extra]
    return CliRunner().invoke(app, args)


def _evidence_weights(model: FusedModel) -> dict[str, float]:
    return {f: w for f, w in zip(model.features, model.coef, strict=True) if FUSED_DIRECTIONS.get(f) == 1}


@pytest.fixture(scope="module")
def trial_fit(tmp_path_factory):
    out = tmp_path_factory.mktemp("trial") / "fused.json"
    return out, _train(out)


def test_a_fit_on_few_answers_keeps_its_signs_warns_and_stands_beside_the_shipped_model(trial_fit):
    out, result = trial_fit
    assert result.exit_code == 0, result.output
    model = FusedModel.load(out)
    weights = _evidence_weights(model)
    assert {"novelty", "novel_words_log", "novel_bigrams", "conflict_value"} <= set(weights)
    assert all(w >= 0.0 for w in weights.values()), weights  # evidence against an answer only raises P
    # The warning, with the error measured at the nearest size (under 24 answers: the figures at 24, as a bound).
    assert f"warning: fitting on 20 answers: expect an AUROC on new answers of below {MEASURED_AUROC[24][0]:.2f}" in (
        result.output
    )
    assert f"off by up to {MEASURED_AUROC[24][2]:.2f}" in result.output and "experiments/fused-size" in result.output
    # Out-of-fold figures beside the shipped model's on the same answers; both kept in the metrics.
    assert "out of fold on the 20 training answers, beside veracity-fused-small on the same answers:" in result.output
    assert "  AUROC " in result.output
    metrics = json.loads(out.with_suffix(".metrics.json").read_text())
    refit, shipped = metrics["train"]["out_of_fold"]["oof"]["auroc"], metrics["train"]["base"]["figures"]["auroc"]
    assert refit >= shipped  # written: it ranks these answers at least as well as the shipped model
    assert metrics["warnings"] == size_warnings(20) and metrics["train"]["out_of_fold"]["signs"].startswith("kept")


def test_the_same_answers_fitted_with_free_signs_weigh_evidence_the_wrong_way(tmp_path):
    """What the constraint prevents, on these answers: the fit as it was before issue 58."""
    result = _train(tmp_path / "free.json", f"jsonl:{TRIAL}", "--set", "signs=false")
    assert result.exit_code == 0, result.output
    weights = _evidence_weights(FusedModel.load(tmp_path / "free.json"))
    assert min(weights.values()) < 0.0, weights


def test_a_refit_worse_than_the_base_on_the_same_answers_is_written_only_with_force(trial_fit, tmp_path):
    base, _ = trial_fit  # fitted on these very answers: in-sample, it ranks them better than any refit out of fold
    out = tmp_path / "worse.json"
    refused = _train(out, f"jsonl:{TRIAL}", "--set", f"base={base}")
    assert refused.exit_code == 2, refused.output
    assert isinstance(refused.exception, SystemExit) and "Traceback" not in refused.output
    assert "veracity: error: the refitted model was not written: out of fold it ranks your 20 answers worse than" in (
        refused.output
    )
    assert "so its figure is in-sample" in refused.output and "--force" in refused.output
    assert not out.exists() and not out.with_suffix(".metrics.json").exists()
    forced = _train(out, f"jsonl:{TRIAL}", "--set", f"base={base}", "--force")
    assert forced.exit_code == 0, forced.output
    assert FusedModel.load(out).features and json.loads(out.with_suffix(".metrics.json").read_text())["config"]["force"]


@pytest.mark.skipif(not RAGTRUTH.exists(), reason="needs ../shared/data/ragtruth (the shared data folder)")
def test_24_answers_of_the_shipped_models_own_domain_do_not_replace_it(tmp_path):
    out = tmp_path / "ragtruth24.json"
    result = _train(out, "ragtruth:dev@24")
    assert result.exit_code == 2, result.output
    assert "worse than the model veracity-fused-small does (AUROC" in result.output
    assert "fits on fewer than 400 are unreliable" in result.output and not out.exists()


def _rows(n: int, seed: int, conflict: float = 0.0) -> list[dict]:
    """Evidence: novelty and its bigram twin (they move together), a span reading near noise; a checker that never
    fires."""
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(n):
        label = int(rng.random() < 0.4)
        novelty = float(np.clip(rng.normal(0.25 + 0.3 * label, 0.12), 0, 1))
        rows.append({
            "id": f"r{i}", "label": label, "group": f"g{i}", "shape": "qa",
            "signals": {"novelty": novelty, "novel_bigrams": float(np.clip(novelty + rng.normal(0, 0.05), 0, 1)),
                        "span_max": float(np.clip(rng.normal(0.3 + 0.05 * label, 0.2), 0, 1)),
                        "answer_words_log": float(rng.normal(3, 0.5)), "conflict_value": conflict},
        })  # fmt: skip
    return rows


def test_fit_keeps_signs_and_takes_what_the_answers_cannot_weigh_from_the_shipped_model():
    features = ["novelty", "novel_bigrams", "span_max", "answer_words_log", "conflict_value"]
    rows = _rows(24, 3)
    _, free_figures = fit_fused(rows, features, signs=False)
    kept, _ = fit_fused(rows, features)
    assert min(free_figures["weights"][f] for f in ("novelty", "novel_bigrams", "span_max")) < 0  # span_max: -0.33
    assert all(w >= 0 for f, w in zip(kept.features, kept.coef, strict=True) if FUSED_DIRECTIONS[f] == 1)

    shipped = FusedModel.load(resolve_fused_model("veracity-fused-small"))
    with_prior, figures = fit_fused(rows, features, prior=shipped)
    j, k = features.index("conflict_value"), shipped.features.index("conflict_value")
    assert kept.coef[j] == 0.0  # never fired here: without a prior it weighs nothing
    assert shipped.coef[k] > 0 and with_prior.coef[j] == pytest.approx(shipped.coef[k])  # the shipped weight, scale
    assert (with_prior.mean[j], with_prior.scale[j]) == (shipped.mean[k], shipped.scale[k])
    assert figures["weights_from_prior"] == {"conflict_value": pytest.approx(shipped.coef[k])}
    assert with_prior.conflict_floors == shipped.conflict_floors  # no checker fired here: the shipped floors
    # The training answers score as the fit made them; an answer with a conflict scores higher than without.
    for row in rows[:5]:
        assert with_prior.predict(row["signals"], "qa").raw == pytest.approx(kept.predict(row["signals"], "qa").raw)
    clean = rows[0]["signals"]
    assert with_prior.predict({**clean, "conflict_value": 1.0}, "qa").raw > with_prior.predict(clean, "qa").raw

    # A prior weight of the wrong sign is held at zero (the shipped fit has one on conflict_share).
    share = shipped.coef[shipped.features.index("conflict_share")]
    assert share < 0
    held, _ = fit_fused([{**r, "signals": {**r["signals"], "conflict_share": 0.0}} for r in rows],
                        [*features, "conflict_share"], prior=shipped)  # fmt: skip
    assert held.coef[-1] == 0.0


def test_the_warning_figures_are_the_measured_ones():
    metrics = json.loads((ROOT / "experiments" / "fused-size" / "metrics.json").read_text())
    table = {int(n): (v["dev_auroc_mean"], v["dev_auroc_p10"], v["oof_error_p90"]) for n, v in metrics["table"].items()}
    assert table == MEASURED_AUROC and metrics["reliable_n"] == RELIABLE_ANSWERS
    assert size_warnings(RELIABLE_ANSWERS) == [] and len(size_warnings(RELIABLE_ANSWERS - 1)) == 1
    assert "about 0.81, 0.80 or worse in 1 fit of 10" in size_warnings(250)[0]  # the figures at 200 answers

"""The behavioural suite's scores (issue 53 §6): pass rates per test, summary rows, and the floors.

The suite (``benchmarks/behaviour/``, read by :func:`veracity.data.behaviour_suite.read_behaviour_cases`) is
CheckList-style (Ribeiro et al., ACL 2020). Each case names its ``test`` and its ``type``:

- ``mft`` (minimum functionality): one error kind (``label`` 1) or one faithful kind (``label`` 0); a case passes
  when the verdict matches its label (``not_checked`` matches neither);
- ``inv`` (invariance, bad input included): a variant of the base case named by ``group``; it passes when its verdict
  is the base case's;
- ``dir`` (direction): ``expect`` ``not_lower``: the variant's P(hallucinated) is at least the base case's (less
  1e-9); ``below_threshold``: the variant (its only unsupported sentence removed) is judged faithful.

The functions here are pure: they take the cases and one :class:`Outcome` per case id (from a run's prediction rows,
:func:`outcomes_from_rows`). :func:`score_run` reads an eval run folder and the cases for ``veracity eval``.

Example:
    >>> cases = [{"id": "a", "test": "absent-number", "type": "mft", "label": 1, "length_bucket": "1"}]
    >>> pass_rates(cases, {"a": Outcome(0.9, 0.5, "hallucinated")})["absent-number"]["rate"]
    1.0
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from veracity._jsonl import read_rows
from veracity.data.behaviour_suite import read_behaviour_cases

__all__ = [
    "FLOORS",
    "LENGTH_BUCKETS",
    "TEST_FLOORS",
    "Outcome",
    "behaviour_metrics",
    "case_passes",
    "check_floors",
    "floor_family",
    "outcomes_from_rows",
    "pass_rates",
    "score_run",
    "summary_rows",
]

Verdict = Literal["hallucinated", "faithful", "not_checked", "error"]
Case = Mapping[str, Any]

LENGTH_BUCKETS = ("1", "2-3", "4-8")
ABSENT_PREFIX = "absent-"  # the absent name / number / date tests, held to their floor at every answer length
TOLERANCE = 1e-9

FLOORS: dict[str, float] = {
    "invariance": 0.98,  # each inv test (bad input included): same verdict as the base case
    "direction": 1.0,  # each dir test
    "absent": 1.0,  # absent name / number / date, at every answer length
    "error": 0.60,  # every other error kind
    "faithful": 0.92,  # every faithful kind
}
"""Issue 59's floors for the behavioural suite (issue 53's were 0.97 invariance, 0.95 absent, 0.90 faithful)."""

TEST_FLOORS: dict[str, float] = {
    "dir-append-supported": 0.95,  # issue 76 §3: a supported detail joined inside an error sentence
}
"""Floors of single tests that their issue set apart from their family's."""


@dataclass(frozen=True)
class Outcome:
    """What a detector said about one case: the parts of its Report the suite reads."""

    score: float | None
    threshold: float | None
    verdict: Verdict


def outcomes_from_rows(rows: Iterable[Mapping[str, Any]], threshold: float | None = None) -> dict[str, Outcome]:
    """One outcome per prediction row of ``veracity eval`` (``predictions.jsonl``), by case id.

    Args:
        rows: the rows; an ``error`` row gives the verdict ``error``, a ``not_checked`` one ``not_checked``.
        threshold: a fitted threshold that replaces the rows' own (a run calibrated on another split).
    """
    outcomes = {}
    for row in rows:
        case_id = str(row.get("id"))
        if "error" in row:
            outcomes[case_id] = Outcome(None, None, "error")
            continue
        score = None if row.get("not_checked") or row.get("score") is None else float(row["score"])
        limit = threshold if threshold is not None else row.get("threshold")
        verdict: Verdict
        if row.get("not_checked"):
            verdict = "not_checked"
        elif threshold is not None and score is not None:
            verdict = "hallucinated" if score >= threshold else "faithful"
        else:
            verdict = "hallucinated" if int(row.get("predicted", 0)) == 1 else "faithful"
        outcomes[case_id] = Outcome(score, float(limit) if limit is not None else None, verdict)
    return outcomes


def case_passes(case: Case, outcome: Outcome, base: Outcome | None) -> bool | None:
    """Whether one case passes its test; None when it cannot be judged (a variant whose base case was not run)."""
    kind = case["type"]
    if kind == "mft":
        wanted = "hallucinated" if int(case["label"]) == 1 else "faithful"
        return outcome.verdict == wanted
    expect = case.get("expect") or "same"
    if expect == "below_threshold":
        return outcome.verdict == "faithful"
    if base is None:
        return None
    if expect == "same":
        return outcome.verdict != "error" and outcome.verdict == base.verdict
    if expect == "not_lower":
        if outcome.score is None or base.score is None:
            return False
        return outcome.score >= base.score - TOLERANCE
    raise ValueError(f"case {case.get('id')}: unknown expectation {expect!r}")


def _tally(judged: Sequence[tuple[Case, bool]], unjudged: int = 0) -> dict[str, Any]:
    n = len(judged)
    passed = sum(ok for _, ok in judged)
    return {
        "n": n,
        "passed": passed,
        "rate": passed / n if n else None,
        "n_unjudged": unjudged,
        "failed": [str(case["id"]) for case, ok in judged if not ok][:20],
    }


def pass_rates(cases: Iterable[Case], outcomes: Mapping[str, Outcome]) -> dict[str, dict[str, Any]]:
    """Per test, in the cases' order: its type and expectation, how many cases were judged, passed, and the rate.

    Cases without an outcome (not run, e.g. under ``--limit``) are left out; a variant whose base case has no outcome
    counts in ``n_unjudged``. Minimum-functionality tests also get ``by_length``: the same per answer-length bucket.
    """
    judged: dict[str, list[tuple[Case, bool]]] = {}
    unjudged: dict[str, int] = {}
    first: dict[str, Case] = {}
    for case in cases:
        test = str(case["test"])
        first.setdefault(test, case)
        judged.setdefault(test, [])
        outcome = outcomes.get(str(case["id"]))
        if outcome is None:
            continue
        base = outcomes.get(str(case["group"])) if case.get("group") is not None else None
        ok = case_passes(case, outcome, base)
        if ok is None:
            unjudged[test] = unjudged.get(test, 0) + 1
        else:
            judged[test].append((case, ok))
    rates: dict[str, dict[str, Any]] = {}
    for test, rows in judged.items():
        case = first[test]
        expect = case.get("expect") or ("hallucinated" if int(case["label"]) == 1 else "faithful")
        rates[test] = {"type": case["type"], "expect": expect, **_tally(rows, unjudged.get(test, 0))}
        if case["type"] == "mft":
            rates[test]["by_length"] = {
                bucket: {k: v for k, v in _tally([r for r in rows if r[0].get("length_bucket") == bucket]).items()
                         if k != "failed"}
                for bucket in LENGTH_BUCKETS
            }  # fmt: skip
    return rates


def floor_family(test: str, rate: Mapping[str, Any]) -> str:
    """The floor family of a test: invariance, direction, absent, error or faithful."""
    if rate["type"] == "inv":
        return "invariance"
    if rate["type"] == "dir":
        return "direction"
    if rate["expect"] == "faithful":
        return "faithful"
    return "absent" if test.startswith(ABSENT_PREFIX) else "error"


def summary_rows(rates: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The rows a table shows: the rate per kind and per test, and the absent-value kinds per answer length.

    Returns:
        ``error_kinds``, ``faithful_kinds``, ``invariance``, ``direction`` (test -> rate), ``absent_by_length``
        (test -> bucket -> rate) and ``by_type`` (mft / inv / dir -> the share of all their cases passed).
    """
    out: dict[str, Any] = {"error_kinds": {}, "faithful_kinds": {}, "invariance": {}, "direction": {}}
    family = {"absent": "error_kinds", "error": "error_kinds", "faithful": "faithful_kinds",
              "invariance": "invariance", "direction": "direction"}  # fmt: skip
    for test, rate in rates.items():
        out[family[floor_family(test, rate)]][test] = rate["rate"]
    out["absent_by_length"] = {
        test: {bucket: rate["by_length"][bucket]["rate"] for bucket in LENGTH_BUCKETS}
        for test, rate in rates.items()
        if floor_family(test, rate) == "absent"
    }
    by_type: dict[str, list[int]] = {}
    for rate in rates.values():
        tally = by_type.setdefault(str(rate["type"]), [0, 0])
        tally[0] += int(rate["passed"])
        tally[1] += int(rate["n"])
    out["by_type"] = {kind: (passed / n if n else None) for kind, (passed, n) in sorted(by_type.items())}
    return out


def check_floors(
    rates: Mapping[str, Mapping[str, Any]], floors: Mapping[str, float] | None = None
) -> list[dict[str, Any]]:
    """Each floor of the suite, measured: one per test, one per answer length for the absent-value tests.

    Returns:
        Rows ``{"test", "length", "family", "floor", "rate", "n", "passed"}``; ``passed`` is None where no case of
        the row was judged (nothing measured, nothing met).
    """
    floors = {**FLOORS, **(floors or {})}
    rows = []
    for test, rate in rates.items():
        family = floor_family(test, rate)
        parts = (
            [(bucket, rate["by_length"][bucket]) for bucket in LENGTH_BUCKETS] if family == "absent" else [(None, rate)]
        )
        floor = TEST_FLOORS.get(test, floors[family])
        for length, part in parts:
            value = part["rate"]
            rows.append({
                "test": test,
                "length": length,
                "family": family,
                "floor": floor,
                "rate": value,
                "n": part["n"],
                "passed": None if value is None else value >= floor - TOLERANCE,
            })  # fmt: skip
    return rows


def behaviour_metrics(cases: Sequence[Case], outcomes: Mapping[str, Outcome]) -> dict[str, Any]:
    """Everything the suite reports for one run: rates per test, summary rows, floors, and how many are met."""
    rates = pass_rates(cases, outcomes)
    floors = check_floors(rates)
    measured = [row for row in floors if row["passed"] is not None]
    return {
        "n_cases": len(cases),
        "n_scored": sum(str(case["id"]) in outcomes for case in cases),
        "tests": rates,
        "summary": summary_rows(rates),
        "floors": floors,
        "floors_met": sum(bool(row["passed"]) for row in measured),
        "floors_measured": len(measured),
        "all_floors_met": bool(measured) and all(row["passed"] for row in measured),
    }


def score_run(out_dir: Path, split: str | None = None) -> dict[str, Any]:
    """The behaviour metrics of a ``veracity eval`` run folder on the suite (its predictions.jsonl).

    The threshold is the run's: a fitted one from its ``metrics.json`` (``calibration.threshold``) when there is one,
    else each row's own.

    Raises:
        InputError: the cases file is missing.
    """
    threshold = None
    metrics_path = out_dir / "metrics.json"
    if metrics_path.exists():
        metrics = json.loads(metrics_path.read_text(encoding="utf-8"))
        threshold = (metrics.get("calibration") or {}).get("threshold")
    outcomes = outcomes_from_rows(read_rows(out_dir / "predictions.jsonl"), threshold)
    return behaviour_metrics(read_behaviour_cases(split), outcomes)

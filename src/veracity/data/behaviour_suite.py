"""The behavioural suite's cases (issue 53 §6) as a dataset: ``behaviour[:all|sample|TEST]``.

``benchmarks/behaviour/generate.py`` writes the cases (generated, not tracked); each keeps every field the suite's
scoring reads (test, type, group, expect, length bucket …). :func:`read_behaviour_cases` returns them as written;
the dataset loader yields them as :class:`~veracity.data.loaders.Example` with the test as ``task`` and the base case
of an invariance or direction variant as ``group``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from veracity.data.loaders import BadRecord, DatasetSpec, Example, Record, jsonl_rows, validation_summary
from veracity.errors import ConfigError, InputError

__all__ = ["BEHAVIOUR_SPLITS", "behaviour_cases_path", "load_behaviour", "read_behaviour_cases"]

BEHAVIOUR_SPLITS = ("all", "sample")


def behaviour_cases_path() -> Path:
    """Where the cases are: ``$VERACITY_BEHAVIOUR``, else ``benchmarks/behaviour/cases.jsonl.gz``.

    The default is relative to the working directory: run from the repository root.
    """
    return Path(os.environ.get("VERACITY_BEHAVIOUR") or Path("benchmarks") / "behaviour" / "cases.jsonl.gz")


def read_behaviour_cases(split: str | None = None) -> list[dict[str, Any]]:
    """The suite's cases as written, every field kept.

    Args:
        split: ``all`` (or None), ``sample`` (the fast subset: every test, each variant with its base case), or
            one test's name (``absent-number``, ``inv-passages-split`` …).

    Raises:
        InputError: the cases file is missing (the message says how to generate it).
        ConfigError: ``split`` is neither a split nor a test of the suite.
    """
    path = behaviour_cases_path()
    if not path.exists():
        raise InputError(
            f"the behavioural suite is not generated at {path}; run `python benchmarks/behaviour/generate.py` from "
            "the repository root (or set VERACITY_BEHAVIOUR to the cases file)"
        )
    cases = [row for _, row in jsonl_rows(path) if isinstance(row, dict)]
    if split in (None, "all"):
        return cases
    if split == "sample":
        return [c for c in cases if c.get("sample")]
    picked = [c for c in cases if c.get("test") == split]
    if not picked:
        tests = sorted({str(c.get("test")) for c in cases})
        raise ConfigError(f"behaviour splits are {', '.join(BEHAVIOUR_SPLITS)} or a test ({', '.join(tests)})")
    return picked


def load_behaviour(spec: DatasetSpec, data_dir: Path) -> Iterator[Record]:
    """The dataset loader of ``behaviour[:SPLIT]`` (``data_dir`` is unused: the cases live in the repository)."""
    for line, case in enumerate(read_behaviour_cases(spec.split), start=1):
        try:
            yield Example(
                id=str(case["id"]),
                question=case.get("question"),
                answer=case["answer"],
                context=[str(p) for p in case["context"]],  # empty and repeated passages kept: bad-input tests
                label=case["label"],
                spans=[(int(a), int(b)) for a, b in case["spans"]] if case.get("spans") is not None else None,
                task=case["test"],
                group=case.get("group"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            yield BadRecord(line, f"case {line}: missing or bad field ({validation_summary(exc)})")

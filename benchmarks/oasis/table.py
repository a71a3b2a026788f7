"""docs/oasis.md's tables and the McNemar tests, from the committed result folders; nothing typed by hand.

    python benchmarks/oasis/table.py --write docs/oasis.md --out benchmarks/results/oasis-mcnemar_table

Reads the ``oasis-claims_*`` and ``oasis-e2e_*`` eval folders, ``oasis-retriever_recall``,
``oasis-rules_covid-halueval`` and ``knowledge-index_default``. There are two generated sets: the clean-label one
(issue 35, benchmarks/oasis/labels_v2.sh), whose runs carry the variant ``v2``, and the earlier one
(benchmarks/oasis/run.sh), whose runs do not. McNemar's test compares ``oasis`` with every other run of the same set
on the examples both scored (``veracity.eval.metrics.mcnemar``); the results go to ``--out``. Fills the
``<!-- oasis:NAME -->`` blocks of ``--write`` (``claims``, ``kinds``, ``e2e`` for the clean set, the same names with
``-v1`` for the earlier one); a block whose inputs are not here (the records of a set) is left as it is.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))
from live import write_metrics

from veracity._jsonl import read_rows
from veracity.eval import metrics as m

RESULTS = Path(__file__).resolve().parents[1] / "results"
FLOORS = {"claims": (0.85, 0.93), "e2e": (0.65, 0.75), "recall@30": (0.85, 0.95), "p95_ms": (50.0, 10.0)}


def _load(folder: Path) -> dict[str, Any] | None:
    path = folder / "metrics.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def _correct(folder: Path) -> dict[str, bool]:
    rows = read_rows(folder / "predictions.jsonl")
    return {str(r["id"]): r["predicted"] == r["label"] for r in rows if "error" not in r}


def is_clean_set(name: str) -> bool:
    """Whether run ``name`` (``oasis-v2``, ``oasis-paper-v2``, ``oasis-v2-nee``) is on the clean-label set."""
    return "v2" in name.split("-")


def runs_of(results: Path, prefix: str, clean: bool) -> dict[str, Path]:
    """The result folders ``PREFIX_NAME`` of one generated set, by NAME."""
    folders = sorted(results.glob(f"{prefix}*"))
    runs = {p.name.removeprefix(prefix): p for p in folders if (p / "metrics.json").exists()}
    return {name: p for name, p in runs.items() if is_clean_set(name) == clean}


def detector_table(
    results: Path, prefix: str, floor: tuple[float, float], clean: bool
) -> tuple[list[str], dict[str, Any]]:
    """Balanced accuracy and more per run of one set, McNemar of oasis (``oasis-v2`` on the clean set) against each."""
    runs = runs_of(results, prefix, clean)
    reference = "oasis-v2" if clean else "oasis"
    lines = [
        f"| run | balanced accuracy (floor {floor[0]:.0%}, goal {floor[1]:.0%}) | accuracy on unfactual | on factual "
        f"| F1 | AUROC | n | ms / example (mean) | McNemar against `{reference}` | result folder |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    tests: dict[str, Any] = {}
    base = _correct(runs[reference]) if reference in runs else None
    for name, folder in runs.items():
        metrics = _load(folder) or {}
        scores = metrics.get("metrics", {})
        latency = (metrics.get("latency_ms") or {}).get("mean")
        versus = "—"
        if base is not None and name != reference:
            mine = _correct(folder)
            shared = sorted(set(base) & set(mine))
            test = m.mcnemar([base[i] for i in shared], [mine[i] for i in shared])
            tests[name] = {"n_shared": len(shared), **test}
            versus = f"p = {test['p_value']:.2g} (n = {len(shared)})"
        auroc = scores.get("auroc")
        lines.append(
            f"| `{name}` | {scores.get('balanced_accuracy', float('nan')):.3f} | "
            f"{scores.get('acc_hallucinated', float('nan')):.3f} | {scores.get('acc_faithful', float('nan')):.3f} | "
            f"{scores.get('f1', float('nan')):.3f} | {'—' if auroc is None else f'{auroc:.3f}'} | "
            f"{metrics.get('n', '—')} | {'—' if latency is None else f'{latency:.0f}'} | {versus} | `{folder.name}` |"
        )
    return lines, tests


def recall_table(results: Path) -> list[str]:
    """Recall@k before and after retriever training, and BM25 on the same corpus."""
    metrics = _load(results / "oasis-retriever_recall")
    if metrics is None:
        return ["(not measured yet: `benchmarks/oasis/run.sh retriever`)"]
    held = metrics["held_out"]
    lines = [
        f"{held['queries']:,} claims of {held['records']} records of held-out documents, against "
        f"{metrics['corpus']['passages']:,} passages (`oasis-retriever_recall`):",
        "",
        "| retriever | R@1 | R@5 | R@10 | R@30 |",
        "|---|---|---|---|---|",
    ]
    for name, row in metrics["results"].items():
        label = {"base": "all-MiniLM-L6-v2 (base)", "trained": "trained (configs/retriever-oasis.yaml)"}.get(name, name)
        lines.append(f"| {label} | " + " | ".join(f"{row[f'recall@{k}']:.3f}" for k in (1, 5, 10, 30)) + " |")
    lines.append("")
    lines.append(f"Ship rule (Recall@10 above the base embedder's): {'met' if metrics['ships'] else 'not met'}.")
    return lines


def kinds_table(results: Path, records_path: Path, clean: bool) -> tuple[list[str], dict[str, Any]] | None:
    """Per run, the share of falsified claims caught, by the kind of edit (entity swap, number or date change).

    None when the set's records (which hold each edit's kind) are not at ``records_path``.
    """
    if not records_path.exists():
        return None
    kind = {r["id"]: r["falsified"]["kind"] for r in read_rows(records_path)}
    lines = ["| run | entity swaps caught | number / date changes caught |", "|---|---|---|"]
    found: dict[str, Any] = {}
    for name, folder in runs_of(results, "oasis-claims_", clean).items():
        counts: dict[str, list[int]] = {}
        for row in read_rows(folder / "predictions.jsonl"):
            if row["label"] == 1 and "error" not in row:
                caught = counts.setdefault(kind.get(row["id"].rsplit(":", 1)[0], "?"), [0, 0])
                caught[0] += int(row["predicted"] == 1)
                caught[1] += 1
        found[name] = {k: {"caught": c, "of": n} for k, (c, n) in counts.items()}
        cells = [f"{counts[k][0]}/{counts[k][1]} ({counts[k][0] / counts[k][1]:.0%})" if k in counts else "—"
                 for k in ("entity", "number")]  # fmt: skip
        lines.append(f"| `{name}` | {cells[0]} | {cells[1]} |")
    return lines, found


def tuned_table(models: Path) -> list[str]:
    """The OASIS-tuned verifier against v2.1 on v2.1's dev pairs (the ship rule), per source."""
    tuned = _load(models / "selection" / "oasis" / "tuned")
    base = _load(models / "selection" / "v2.1" / "v2.1")
    if tuned is None or base is None:
        return ["(not measured yet)"]
    a, b = base["accuracy"], tuned["accuracy"]
    lines = ["| dev pairs (v2.1's) | v2.1 | OASIS-tuned |", "|---|---|---|"]
    for key in ["macro_source", "all", *sorted(k for k in a if k not in ("macro_source", "all"))]:
        if key in b:
            lines.append(f"| {key} | {a[key]:.3f} | {b[key]:.3f} |")
    ships = b["macro_source"] >= a["macro_source"]
    lines += ["", f"Ship rule: {'met' if ships else 'not met'} (`benchmarks/models/veracity-nli-small/selection/"
              f"oasis/tuned`, by `{tuned['command']}`). {'It replaces v2.1.' if ships else 'v2.1 stays.'}"]  # fmt: skip
    return lines


def main() -> None:
    """Print the blocks, or write them into a document; write the McNemar tests."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument("--write", type=Path)
    parser.add_argument("--out", type=Path)
    parser.add_argument(
        "--records", type=Path, default=Path("../runs/oasis-rules-v2/data/records.jsonl"), help="the clean set's"
    )
    parser.add_argument("--records-v1", type=Path, default=Path("../runs/oasis-rules/data/records.jsonl"))
    args = parser.parse_args()
    blocks: dict[str, str] = {}
    tests: dict[str, Any] = {}
    # A set's records may be gone (they are data, outside the repository): its counts are kept from the last run.
    earlier = (_load(args.out) or {}) if args.out is not None else {}
    earlier_caught = earlier.get("falsified_claims_caught_by_edit_kind", {})
    caught: dict[str, Any] = {}
    sets = ((True, "", "set-v2", args.records), (False, "-v1", "set-v1", args.records_v1))
    for clean, suffix, set_key, records in sets:
        claims, tests[f"claim_checks{suffix}"] = detector_table(args.results, "oasis-claims_", FLOORS["claims"], clean)
        e2e, tests[f"e2e{suffix}"] = detector_table(args.results, "oasis-e2e_", FLOORS["e2e"], clean)
        blocks[f"claims{suffix}"] = "\n".join(claims)
        blocks[f"e2e{suffix}"] = "\n".join(e2e)
        kinds = kinds_table(args.results, records, clean)
        if kinds is None:
            print(f"{records} is not here: the kinds{suffix} block stays as it is", file=sys.stderr)
            if earlier_caught.get(set_key):
                caught[set_key] = earlier_caught[set_key]
        else:
            blocks[f"kinds{suffix}"] = "\n".join(kinds[0])
            caught[set_key] = kinds[1]
    blocks["tuned"] = "\n".join(tuned_table(args.results.parent / "models" / "veracity-nli-small"))
    blocks["recall"] = "\n".join(recall_table(args.results))
    if args.out is not None:
        write_metrics(
            args.out,
            {
                "sets": {
                    "claim_checks, e2e, set-v2": "the clean-label set (issue 35)",
                    "claim_checks-v1, e2e-v1, set-v1": "the earlier set",
                },
                "mcnemar_against_oasis": tests,
                "falsified_claims_caught_by_edit_kind": caught,
            },
        )
    if args.write is None:
        print("\n\n".join(blocks.values()))
        return
    text = args.write.read_text(encoding="utf-8")
    for name, body in blocks.items():
        pattern = re.compile(rf"(<!-- oasis:{name} -->\n)(?:.*?\n)?(<!-- /oasis:{name} -->)", re.S)
        if not pattern.search(text):
            raise SystemExit(f"{args.write} has no <!-- oasis:{name} --> block")
        text = pattern.sub(lambda match, body=body: match.group(1) + body + "\n" + match.group(2), text)
    args.write.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()

"""LEAP's tables (Tables 2, 4 and 5 of the paper) from the committed runs on the 60 HaluEval test ids.

Reads the metrics.json and predictions.jsonl of each run folder that exists under benchmarks/results/ and prints
markdown for docs/leap.md: accuracy, F1 and accuracy on hallucinated / faithful samples (Table 5), per-task
accuracy, mean latency and LLM calls per example (Table 4), tool calls, revisions and fallbacks, and McNemar's test
of LEAP against each baseline on the examples both runs scored. A run still in progress is shown with its n.

    python benchmarks/leap/table.py
"""

from __future__ import annotations

import json
from pathlib import Path

from veracity.eval.harness import compare_runs

RESULTS = Path(__file__).resolve().parents[1] / "results"
MAIN = ["leap-halueval60_leap", "leap-halueval60_verifier", "leap-halueval60_litehall"]
ABLATIONS = [
    "leap-halueval60_leap-no-correction",
    "leap-halueval60_leap-no-dynamic-strategy",
    "leap-halueval60_leap-no-reflection-retrieval",
    "leap-halueval60_leap-no-memory-retrieval",
    "leap-halueval60_leap-no-tools",
]
TASKS = ("qa", "dialogue", "summarization")


def pct(value: float | None) -> str:
    """A share as a percentage with one decimal, or a dash when there is none."""
    return "–" if value is None else f"{100 * value:.1f}"


def row(name: str) -> str | None:
    """The table row of run folder ``name``, or None when it has no metrics yet."""
    folder = RESULTS / name
    if not (folder / "metrics.json").exists():
        return None
    metrics = json.loads((folder / "metrics.json").read_text(encoding="utf-8"))
    scores = metrics["metrics"]
    by_task = scores.get("by_task", {})
    agent = metrics.get("agent") or {}
    latency = (metrics.get("latency_ms") or {}).get("mean")
    cells = [
        f"[{name}](../benchmarks/results/{name})",
        str(metrics["n"]),
        pct(scores.get("accuracy")),
        pct(scores.get("f1")),
        pct(scores.get("acc_hallucinated")),
        pct(scores.get("acc_faithful")),
        *(pct(by_task.get(t, {}).get("accuracy")) for t in TASKS),
        "–" if latency is None else f"{latency / 1000:.1f}",
        f"{agent['llm_calls_mean']:.1f}" if agent else "–",
        f"{agent['tool_calls_mean']:.1f}" if agent else "–",
        pct(agent.get("revised_share")) if agent else "–",
        pct(agent.get("fallback_share")) if agent else "–",
    ]
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    """Print the table, the McNemar lines and the tool / stop counts."""
    header = (
        "| run | n | accuracy | F1 | acc. hallucinated | acc. faithful | qa | dialogue | summarization "
        "| mean latency (s) | LLM calls | tool calls | revised % | fallback % |"
    )
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    for name in MAIN + ABLATIONS:
        line = row(name)
        if line:
            print(line)
    leap = RESULTS / MAIN[0]
    print()
    for baseline in MAIN[1:] + ABLATIONS:
        other = RESULTS / baseline
        if not (leap / "metrics.json").exists() or not (other / "metrics.json").exists():
            continue
        result = compare_runs(other, leap)
        test = result["mcnemar"]
        print(
            f"- LEAP vs {baseline}: {result['n_shared']} shared examples; LEAP right where it is wrong "
            f"{test['c']}, the reverse {test['b']}; McNemar p = {test['p_value']:.3g}"
        )
    tools = json.loads((leap / "metrics.json").read_text()).get("agent", {}) if (leap / "metrics.json").exists() else {}
    if tools:
        print(f"\nLEAP tool calls by name (totals): {json.dumps(tools.get('tool_calls_by_name', {}))}")
        print(f"How the agents stopped: {json.dumps(tools.get('stopped_by', {}))}")


if __name__ == "__main__":
    main()

"""The backends table (issue 46): the default on ragtruth:dev on torch fp32 / torch int8 / ONNX fp32 / ONNX int8.

Reads the four full runs and the speed runs that `benchmarks/onnx/run.sh` makes (and the HaluEval dev pairs of
`halueval_parity.sh`), compares each run's verdicts and
scores with torch fp32's row by row, and writes `benchmarks/onnx/metrics.json` (which `veracity eval report` puts in
BENCHMARKS.md) and the table on standard output.

    python benchmarks/onnx/table.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from veracity._jsonl import read_rows

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results"
VARIANTS = {
    "torch fp32": "ragtruth-dev_auto-torch-fp32",
    "torch int8": "ragtruth-dev_auto-torch-int8",
    "ONNX fp32": "ragtruth-dev_auto-onnx-fp32",
    "ONNX int8": "ragtruth-dev_auto-onnx-int8",
}
SPEED = {
    "default: ONNX, span model int8 on flagged answers (first 200)": "ragtruth-dev-speed_auto-onnx-int8",
    "the same, cold: loading spaCy and langid counted (first 200)": "ragtruth-dev-speed_auto-onnx-int8-cold",
    "default with the span model fp32 (first 200)": "ragtruth-dev-speed_auto-onnx",
    "default with the span model int8 on every answer (first 200)": "ragtruth-dev-speed_auto-onnx-int8-every-answer",
    "span model alone, ONNX (first 200)": "ragtruth-dev-speed_span-onnx",
    "span model alone, ONNX int8 (first 200)": "ragtruth-dev-speed_span-onnx-int8",
}


def run(folder: str) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    path = RESULTS / folder
    metrics = json.loads((path / "metrics.json").read_text(encoding="utf-8"))
    rows = {row["id"]: row for row in read_rows(path / "predictions.jsonl")}
    return metrics, rows


def main() -> None:
    reference_metrics, reference = run(VARIANTS["torch fp32"])
    table: list[dict[str, Any]] = []
    for label, folder in VARIANTS.items():
        metrics, rows = run(folder)
        shared = [i for i in reference if i in rows]
        same = sum(rows[i]["predicted"] == reference[i]["predicted"] for i in shared)
        table.append(
            {
                "backend": label,
                "run": folder,
                "n": metrics["n"],
                "answers_per_s": round(metrics["throughput_per_s"], 2),
                "latency_ms_p50": metrics["latency_ms"]["p50"],
                "latency_ms_p95": metrics["latency_ms"]["p95"],
                "peak_rss_mb": round(metrics["peak_rss_mb"], 1),
                "auroc": round(metrics["metrics"]["auroc"], 4),
                "f1": round(metrics["metrics"]["f1"], 4),
                "span_f1": round(metrics["metrics"].get("span_f1", float("nan")), 4),
                "verdicts_as_torch_fp32": round(same / len(shared), 4) if shared else None,
                "max_score_difference": round(max(abs(rows[i]["score"] - reference[i]["score"]) for i in shared), 6),
            }
        )
    speed = {}
    for label, folder in SPEED.items():
        if (RESULTS / folder / "metrics.json").exists():
            metrics = json.loads((RESULTS / folder / "metrics.json").read_text(encoding="utf-8"))
            speed[label] = {"run": folder, "answers_per_s": round(metrics["throughput_per_s"], 2),
                            "latency_ms_p50": metrics["latency_ms"]["p50"], "peak_rss_mb": metrics["peak_rss_mb"],
                            "warm_up_s": metrics.get("warm_up_s")}  # fmt: skip
    parity = {}
    for part in ("qa", "dialogue", "summarization"):
        pair = [RESULTS / f"halueval-{part}-dev_auto-{b}-300" for b in ("torch", "onnx")]
        if all((p / "metrics.json").exists() for p in pair):
            (m_torch, r_torch), (m_onnx, r_onnx) = run(pair[0].name), run(pair[1].name)
            shared = [i for i in r_torch if i in r_onnx]
            parity[f"halueval-{part}:dev (first 300)"] = {
                "runs": [p.name for p in pair],
                "verdicts_same": round(sum(r_torch[i]["predicted"] == r_onnx[i]["predicted"] for i in shared)
                                       / len(shared), 4),
                "auroc_torch": round(m_torch["metrics"]["auroc"], 4),
                "auroc_onnx": round(m_onnx["metrics"]["auroc"], 4),
                "max_score_difference": round(max(abs(r_torch[i]["score"] - r_onnx[i]["score"]) for i in shared), 6),
            }  # fmt: skip
    service = {}
    for label in ("torch", "onnx"):
        path = RESULTS / f"service-load_auto-{label}" / "metrics.json"
        if path.exists():
            metrics = json.loads(path.read_text(encoding="utf-8"))
            service[label] = {k: metrics[k] for k in ("clients", "answered", "throughput_per_s", "latency_p50_ms",
                                                      "latency_p95_ms", "server_errors")}  # fmt: skip
            service[label]["run"] = f"service-load_auto-{label}"
    oneshot_path = RESULTS / "speed_detect-oneshot" / "metrics.json"
    oneshot = json.loads(oneshot_path.read_text(encoding="utf-8")) if oneshot_path.exists() else None
    out = {
        "command": "python benchmarks/onnx/table.py",
        "runs_by": "benchmarks/onnx/run.sh",
        "backends": table,
        "speed_first_200": speed,
        "service_4_clients": service,
        "halueval_dev_parity": parity,
        "oneshot": oneshot and {k: oneshot[k] for k in ("detect", "version", "heavy_modules_imported_by_detect")},
    }
    (ROOT / "benchmarks" / "onnx" / "metrics.json").write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    print("| backend | answers/s | p50 / p95 ms | peak RSS MB | AUROC % | F1 % | verdicts as torch fp32 % |")
    print("|---|---|---|---|---|---|---|")
    for row in table:
        print(f"| {row['backend']} | {row['answers_per_s']:.1f} | {row['latency_ms_p50']:.0f} / "
              f"{row['latency_ms_p95']:.0f} | {row['peak_rss_mb']:.0f} | {100 * row['auroc']:.1f} | "
              f"{100 * row['f1']:.1f} | {100 * row['verdicts_as_torch_fp32']:.1f} |")  # fmt: skip
    for label, row in speed.items():
        print(f"{label}: {row['answers_per_s']:.1f} answers/s")


if __name__ == "__main__":
    main()

"""metrics.json's "end_to_end": the cell reading beside the row reading, as shipped and with masked_frames=structured.

    python experiments/aligner-tables/summary.py [RUNS]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUNS = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("../cache/runs")
SETS = ("library", "marina", "registrar", "vet", "energy", "driving", "ski", "cowork", "museum")


def predictions(path: Path) -> dict[str, tuple[int, int]]:
    rows = [json.loads(line) for line in (path / "predictions.jsonl").open(encoding="utf-8")]
    return {str(r["id"]): (r["label"], r["predicted"]) for r in rows}


def counts(rows: dict[str, tuple[int, int]]) -> dict[str, int]:
    return {"errors": sum(label == 1 for label, _ in rows.values()),
            "caught": sum(label == 1 and said == 1 for label, said in rows.values()),
            "faithful": sum(label == 0 for label, _ in rows.values()),
            "passed": sum(label == 0 and said == 0 for label, said in rows.values())}  # fmt: skip


def read(which: str, setting: str, names: tuple[str, ...]) -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    for name in names:
        out |= {f"{name}:{k}": v for k, v in predictions(RUNS / f"at-{which}-{name}-{setting}").items()}
    return out


def main() -> None:
    result: dict = {"command": "bash experiments/aligner-tables/endtoend.sh"}
    for setting in ("false", "structured", "true"):
        for group, names in (("nine_development_sets", SETS), ("incontext", ("incontext",))):
            before, now = read("before", setting, names), read("now", setting, names)
            result[f"{group}:masked_frames={setting}"] = {
                "row reading (f3c9b79)": counts(before),
                "cell reading": counts(now),
                "changed": {k: {"label": now[k][0], "before": before[k][1], "now": now[k][1]}
                            for k in sorted(now) if now[k][1] != before[k][1]},  # fmt: skip
            }
    path = HERE / "metrics.json"
    metrics = json.loads(path.read_text()) if path.exists() else {}
    metrics["end_to_end"] = result
    path.write_text(json.dumps(metrics, indent=1) + "\n")
    for key, value in result.items():
        if key != "command":
            print(key, value["row reading (f3c9b79)"], value["cell reading"], len(value["changed"]), "changed")


if __name__ == "__main__":
    main()

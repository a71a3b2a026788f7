"""The LEAP evaluation sample: 20 HaluEval test records of each of qa, dialogue and summarization (seed 0).

For each task, 20 distinct test rows are drawn with random.Random(f"0:{task}"); the i-th drawn row contributes its
right answer when i is even and its hallucinated answer when i is odd, so each task is balanced (10 / 10).
Writes the ids to benchmarks/leap/test60-ids.json (committed) and the examples to ../runs/leap/test60.jsonl (the
data is not copied into the repository); the first 30 of the interleaved list (10 per task) are the ablation ids.

    python benchmarks/leap/test60.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from veracity.data.loaders import Example, load_dataset

HERE = Path(__file__).resolve().parent
OUT = HERE.parents[1].parent / "runs" / "leap" / "test60.jsonl"
PER_TASK, SEED = 20, 0


def main() -> None:
    """Draw the 60 records and write their ids and the examples (the module docstring says where)."""
    by_task = []
    for task in ("qa", "dialogue", "summarization"):
        rows: dict[str, dict[int, Example]] = {}
        for record in load_dataset(f"halueval-{task}:test"):
            if isinstance(record, Example):
                rows.setdefault(record.id.partition("-")[0], {})[record.label] = record
        names = random.Random(f"{SEED}:{task}").sample(sorted(rows, key=int), PER_TASK)
        picked = [rows[name][i % 2] for i, name in enumerate(names)]
        by_task.append([e.model_copy(update={"id": f"{task}:{e.id}"}) for e in picked])
    examples = [task[i] for i in range(PER_TASK) for task in by_task]  # interleaved: qa, dialogue, summarization
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("".join(e.model_dump_json() + "\n" for e in examples), encoding="utf-8")
    ids = [e.id for e in examples]
    (HERE / "test60-ids.json").write_text(json.dumps({"ids": ids, "ablation_ids": ids[:30]}, indent=1) + "\n")
    print(f"{len(examples)} examples -> {OUT}")


if __name__ == "__main__":
    main()

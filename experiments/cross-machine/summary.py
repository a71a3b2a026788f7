"""metrics.json of the cross-machine spread: each setting's scores against the shipped one's on this machine."""

from __future__ import annotations

import json
import platform
from pathlib import Path

RUNS = Path(__file__).parent / "runs"
REFERENCE = "onnx-int8"


def read(folder: Path, name: str) -> dict[str, dict]:
    return {row["id"]: row for row in map(json.loads, (folder / f"{name}.jsonl").read_text().splitlines())}


def spread(folder: Path) -> dict:
    """Each setting of ``folder`` against its shipped setting (onnx-int8 on this CPU)."""
    reference = read(folder, REFERENCE)
    settings = {}
    for path in sorted(folder.glob("*.jsonl")):
        name = path.stem
        rows = read(folder, name)
        shared = [k for k in reference if k in rows]
        if not shared:
            continue  # a run that wrote nothing yet
        answer = [abs(rows[k]["p"] - reference[k]["p"]) for k in shared]
        sentence = [abs(a - b) for k in shared for a, b in zip(rows[k]["sentences"], reference[k]["sentences"])
                    if a is not None and b is not None]
        settings[name] = {
            "answers": len(shared),
            "max_abs_diff_answer_p": max(answer),
            "mean_abs_diff_answer_p": sum(answer) / len(answer),
            "max_abs_diff_sentence_p": max(sentence) if sentence else None,
            "verdicts_changed": sum(rows[k]["verdict"] != reference[k]["verdict"] for k in shared),
            "printed_p_changed": sum(f"{rows[k]['p']:.2f}" != f"{reference[k]['p']:.2f}" for k in shared),
            "readme_example_p": rows["curie"]["p"],
        }
    return settings


def main() -> None:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    flags = Path("/proc/cpuinfo").read_text()
    out = {
        "reference": REFERENCE,
        "machine": {"cpu": cpu, "avx512_vnni": "avx512_vnni" in flags, "avx2": " avx2" in flags,
                    "emulated": "haswell-*: qemu-x86_64 -cpu Haswell (AVX2, no AVX-512, no VNNI)"},
        "weights": {folder.name: spread(folder) for folder in sorted(RUNS.iterdir()) if folder.is_dir()},
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

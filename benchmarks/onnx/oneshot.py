"""A one-shot `veracity detect` (the README's Paris example, the default detector), timed as a user runs it.

Issue 46's floors: ≤ 2.0 s wall and ≤ 300 MB peak RSS, `veracity --version` ≤ 0.5 s. One warm-up run (warm disk
cache), then ``--runs`` timed runs of each command; peak RSS from the kernel (``/usr/bin/time`` style, via
``resource`` on the child); and which heavy modules the detect path leaves loaded (``sys.modules`` at its end).

    python benchmarks/onnx/oneshot.py --out benchmarks/results/speed_detect-oneshot
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

PARIS = ["detect", "--answer", "Paris is in Germany.", "--context", "Paris is in France."]
HEAVY = ("torch", "transformers", "sentence_transformers", "scipy", "sklearn")


def timed(command: list[str]) -> tuple[float, float, int]:
    """Wall seconds, peak RSS (MB) and exit code of one run of ``command`` in a child process."""
    start = time.perf_counter()
    pid = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).pid
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def imported_heavy() -> list[str]:
    """The heavy modules loaded once a one-shot detect is done (in ``sys.modules``; a blocked attempt is not)."""
    code = (
        "import sys\nfrom veracity.cli import app\nsys.argv = ['veracity', *sys.argv[1:]]\n"
        "try:\n    app()\nexcept SystemExit:\n    pass\n"
        f"print([m for m in {HEAVY!r} if m in sys.modules])"
    )
    done = subprocess.run([sys.executable, "-c", code, *PARIS], capture_output=True, text=True)
    return list(ast.literal_eval(done.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    veracity = shutil.which("veracity")
    if veracity is None:
        raise SystemExit("veracity is not on PATH (activate the venv)")
    results: dict[str, dict[str, object]] = {}
    for name, command in {"detect": [veracity, *PARIS], "version": [veracity, "--version"]}.items():
        timed(command)  # warm the disk cache
        runs = [timed(command) for _ in range(args.runs)]
        if any(code not in (0, 1) for _, _, code in runs):
            raise SystemExit(f"{name} failed: exit codes {[code for _, _, code in runs]}")
        walls = [wall for wall, _, _ in runs]
        results[name] = {
            "command": " ".join(["veracity", *command[1:]]),
            "wall_s_median": round(statistics.median(walls), 3),
            "wall_s_max": round(max(walls), 3),
            "wall_s": [round(w, 3) for w in walls],
            "peak_rss_mb_max": round(max(rss for _, rss, _ in runs), 1),
        }
    metrics = {
        "measured": "one-shot veracity detect (README's Paris example, default detector) and veracity --version",
        "runs": args.runs,
        **results,
        "heavy_modules_imported_by_detect": imported_heavy(),
        "floors": {"detect_wall_s": 2.0, "detect_peak_rss_mb": 300, "version_wall_s": 0.5},
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "command": "python benchmarks/onnx/oneshot.py --out " + str(args.out),
        "max_child_rss_mb": round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(metrics, indent=2))


if __name__ == "__main__":
    main()

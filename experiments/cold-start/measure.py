"""One-shot `veracity detect` of two commits, timed in the same run on the same machine (issue 68, item 8).

    python experiments/cold-start/measure.py --old 6cbf84b --new HEAD --runs 9 --out experiments/cold-start/metrics.json

Each commit's ``src`` is unpacked with ``git archive`` into a temporary folder and run with ``PYTHONPATH`` pointing at
it (the venv's packages, models and ONNX files are shared; ``--new worktree`` times the working tree's ``src``
instead). A folder of its own lets Python write its bytecode there, as it does in a user's install: this script
removes ``PYTHONDONTWRITEBYTECODE`` from the children's environment (set where this was first measured, it made every
start compile veracity's sources again, 0.3-0.7 s) and runs each command once, untimed, before timing it.

Three inputs, each the default detector's one-shot check as a user types it: the README's one-line Paris example,
``make run``'s two-sentence Curie example (``examples/curie``) and a payments-API answer of four sentences over three
passages (``examples/payments``). The two commits run alternately — round *i* runs the old one first when *i* is even
— so a machine whose load drifts (other jobs on its two cores) weighs on both alike; medians are reported. Then
``phases.py`` times the parts of a one-shot check of the three-passage answer in one process, for each commit,
alternately as well; and each commit's JSON report of each input is compared (scores equal to 1e-6).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
ENV = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}


def case_arguments(folder: str) -> list[str]:
    """``detect``'s arguments for an example folder: its question, answer and every other ``.txt``, sorted.

    Paths are from the repository root, where every command runs.
    """
    arguments = ["--question", f"@{folder}/question.txt", "--answer", f"@{folder}/answer.txt"]
    for passage in sorted((ROOT / folder).glob("*.txt")):
        if passage.name not in ("answer.txt", "question.txt"):
            arguments += ["--context", f"{folder}/{passage.name}"]
    return arguments


CASES: dict[str, list[str]] = {
    "paris": ["--answer", "Paris is in Germany.", "--context", "Paris is in France."],
    "curie": case_arguments("examples/curie"),
    "payments": case_arguments("examples/payments"),
}


def unpack(revision: str, into: Path) -> tuple[Path, str]:
    """``src`` of ``revision`` unpacked under ``into`` (``worktree``: the working tree's ``src``); and its commit."""
    if revision == "worktree":
        head = git("rev-parse", "--short", "HEAD")
        return ROOT / "src", f"{head} + working tree"
    if Path(revision, "src").is_dir():  # a checkout elsewhere, as it is
        return Path(revision, "src").resolve(), f"the folder {revision}"
    commit = git("rev-parse", "--short", revision)
    folder = into / commit
    folder.mkdir(parents=True)
    # piped from git to tar, never through this process: a child's peak RSS starts at its parent's size at fork
    archive = subprocess.Popen(["git", "-C", str(ROOT), "archive", commit, "src"], stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", str(folder)], stdin=archive.stdout, check=True)
    if archive.wait() != 0:
        raise SystemExit(f"git archive {commit} failed")
    return folder / "src", commit


def git(*arguments: str) -> str:
    """A git command's output, in this repository."""
    done = subprocess.run(["git", "-C", str(ROOT), *arguments], check=True, capture_output=True, text=True)
    return done.stdout.strip()


def environment(src: Path) -> dict[str, str]:
    """The children's environment: this one, offline, bytecode written, ``src`` first on the path."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
    return {**env, **ENV, "PYTHONPATH": str(src)}


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds (user + system, all threads), peak RSS (MB) and exit code of one run."""
    start = time.perf_counter()
    child = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def summary(values: list[float]) -> dict[str, Any]:
    """Median, min, max and every value, rounded."""
    return {
        "median": round(statistics.median(values), 3),
        "min": round(min(values), 3),
        "max": round(max(values), 3),
        "runs": [round(v, 3) for v in values],
    }


def differences(old: Any, new: Any, path: str = "") -> list[str]:
    """Where two JSON reports differ: numbers by more than 1e-6, other values at all (stage timings ignored).

    A field only one of them has (one the newer schema added) is no difference: :func:`added_fields` lists those.
    """
    if isinstance(old, dict) and isinstance(new, dict):
        found: list[str] = []
        for key in sorted(set(old) & set(new)):
            if not key.startswith("timings"):
                found += differences(old[key], new[key], f"{path}/{key}")
        return found
    if isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            return [f"{path}: {len(old)} against {len(new)} items"]
        return [d for i, (a, b) in enumerate(zip(old, new, strict=True)) for d in differences(a, b, f"{path}/{i}")]
    numbers = (int, float)
    if isinstance(old, numbers) and isinstance(new, numbers) and not isinstance(old, bool):
        return [] if math.isclose(old, new, rel_tol=0.0, abs_tol=1e-6) else [f"{path}: {old} against {new}"]
    return [] if old == new else [f"{path}: {old!r} against {new!r}"]


def added_fields(old: Any, new: Any, path: str = "") -> list[str]:
    """The fields one report has and the other has not (``+`` the new one's, ``-`` the old one's)."""
    if isinstance(old, dict) and isinstance(new, dict):
        found = [f"+{path}/{k}" for k in sorted(set(new) - set(old))] + [
            f"-{path}/{k}" for k in sorted(set(old) - set(new))
        ]
        return found + [d for k in sorted(set(old) & set(new)) for d in added_fields(old[k], new[k], f"{path}/{k}")]
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return sorted({d for a, b in zip(old, new, strict=True) for d in added_fields(a, b, path + "/*")})
    return []


def main() -> None:
    """Time both commits on every input, then their phases; write the metrics file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", default="6cbf84b")
    parser.add_argument("--new", default="HEAD", help="a revision, 'worktree' (this checkout's src) or a folder")
    parser.add_argument("--runs", type=int, default=9, help="timed runs of each command, per commit")
    parser.add_argument("--phase-runs", type=int, default=5)
    parser.add_argument("--out", type=Path, default=HERE / "metrics.json")
    args = parser.parse_args()
    python = sys.executable
    with tempfile.TemporaryDirectory(prefix="cold-start-") as tmp:
        trees = dict(zip(("old", "new"), (unpack(r, Path(tmp)) for r in (args.old, args.new)), strict=True))
        envs = {name: environment(src) for name, (src, _) in trees.items()}
        for name, (src, _) in trees.items():  # PYTHONPATH must win over the venv's editable install
            where = [python, "-c", "import veracity; print(veracity.__file__)"]
            found = subprocess.run(where, env=envs[name], capture_output=True, text=True).stdout.strip()
            if not found.startswith(str(src)):
                raise SystemExit(f"{name}: veracity is imported from {found}, not from {src}")
        load_before = os.getloadavg()
        interpreter: list[float] = []
        cases: dict[str, Any] = {}
        equal: dict[str, list[str]] = {}
        fields: dict[str, list[str]] = {}
        for case, arguments in CASES.items():
            command = [python, "-m", "veracity", "detect", *arguments]
            reports = {}
            for name in trees:  # untimed: writes the bytecode, warms the page cache, and keeps the report
                done = subprocess.run(
                    [*command, "--format", "json"], env=envs[name], cwd=ROOT, capture_output=True, text=True
                )
                if done.returncode not in (0, 1):
                    raise SystemExit(f"{name} {case} failed ({done.returncode}): {done.stderr[-2000:]}")
                reports[name] = json.loads(done.stdout)
            equal[case] = differences(reports["old"], reports["new"])
            fields[case] = added_fields(reports["old"], reports["new"])
            walls: dict[str, list[float]] = {"old": [], "new": []}
            cpus: dict[str, list[float]] = {"old": [], "new": []}
            peaks: dict[str, list[float]] = {"old": [], "new": []}
            for round_ in range(args.runs):
                order = ("old", "new") if round_ % 2 == 0 else ("new", "old")
                for name in order:
                    wall, cpu, peak, code = timed(command, envs[name])
                    if code not in (0, 1):
                        raise SystemExit(f"{name} {case} exited {code}")
                    walls[name].append(wall)
                    cpus[name].append(cpu)
                    peaks[name].append(peak)
                interpreter.append(timed([python, "-c", "pass"], envs["new"])[0])
            cases[case] = {
                "command": "veracity detect " + " ".join(a if " " not in a else repr(a) for a in arguments),
                "verdict": reports["new"]["verdict"],
                **{
                    n: {
                        "wall_s": summary(walls[n]),
                        "cpu_s": summary(cpus[n]),
                        "peak_rss_mb_max": round(max(peaks[n]), 1),
                    }
                    for n in trees
                },
                "new_over_old_wall": round(statistics.median(walls["new"]) / statistics.median(walls["old"]), 3),
                "new_over_old_cpu": round(statistics.median(cpus["new"]) / statistics.median(cpus["old"]), 3),
            }
            print(case, {n: cases[case][n]["wall_s"]["median"] for n in trees}, file=sys.stderr)
        phases: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
        phase_cpu: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
        heavy: dict[str, list[str]] = {}
        script = [python, str(HERE / "phases.py"), "examples/payments"]
        for round_ in range(args.phase_runs):
            for name in ("old", "new") if round_ % 2 == 0 else ("new", "old"):
                done = subprocess.run(script, env=envs[name], cwd=ROOT, capture_output=True, text=True, check=True)
                found = json.loads(done.stdout)
                heavy[name] = found["heavy_modules"]
                for phase, seconds in found["phases"].items():
                    phases[name].setdefault(phase, []).append(seconds)
                    phase_cpu[name].setdefault(phase, []).append(found["cpu"][phase])
        load_after = os.getloadavg()
    breakdown = {
        name: {phase: round(statistics.median(values), 3) for phase, values in found.items()}
        for name, found in phases.items()
    }
    breakdown_cpu = {
        name: {phase: round(statistics.median(values), 3) for phase, values in found.items()}
        for name, found in phase_cpu.items()
    }
    metrics = {
        "measured": "one-shot `veracity detect` (default detector, ONNX files exported), old and new commit "
        "alternately in one run on one machine; medians",
        "commits": {name: commit for name, (_, commit) in trees.items()},
        "runs": args.runs,
        "cases": cases,
        "reports_equal_to_1e-6": {case: not found for case, found in equal.items()},
        "report_differences": {case: found[:10] for case, found in equal.items() if found},
        "report_fields_only_in_one": {case: found for case, found in fields.items() if found},
        "interpreter_start_s": summary(interpreter)["median"],
        "heavy_modules_imported": heavy,
        "phases_payments_s": {
            "runs": args.phase_runs,
            "what": "phases.py: each part of a one-shot check in one process, one after the other; median wall "
            "seconds of each, and the process's CPU seconds in it (every thread's: a background load counts where "
            "the main thread was)",
            "wall": breakdown,
            "cpu": breakdown_cpu,
        },
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "processor": platform.processor() or platform.machine(),
            "load_average_1min_before_after": [round(load_before[0], 2), round(load_after[0], 2)],
        },
        "command": "python experiments/cold-start/measure.py " + " ".join(sys.argv[1:]),
    }
    args.out.write_text(json.dumps(metrics, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(metrics, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()

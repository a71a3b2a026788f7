"""Pack result folders before committing them: predictions as ``predictions.jsonl.gz``, plots as palette PNGs.

    python benchmarks/pack.py                       # every folder under benchmarks/results/
    python benchmarks/pack.py benchmarks/results/X  # only these
    python benchmarks/pack.py --rows-only           # repack every folder's predictions, plots untouched

Every reader (``veracity eval report`` / ``compare``, calibration, the tables under benchmarks/) takes the packed
file, and ``veracity eval`` resuming into a packed folder unpacks it first. Latencies are rounded to 0.1 ms, as the
harness now writes them (finer digits are timer noise and were most of the packed size), and so are the stages'
``timings_ms``; nothing else in a row changes. ``--rows-only`` repacks the predictions of already packed folders
(rounding them) and leaves their plots as they are. Plots are re-encoded with the harness's own `shrink_png`. A packed predictions file byte for byte equal to
another folder's (a `-calibrated` run re-read from the same predictions) is replaced by a pointer to it,
`predictions.jsonl.same-as`, which every reader follows (`veracity._jsonl.linked_path`).
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

from veracity._jsonl import linked_path, pack_rows
from veracity.eval.plots import shrink_png

RESULTS = Path(__file__).resolve().parent / "results"


def round_latencies(path: Path) -> None:
    """Rewrite ``path`` with each row's ``latency_ms`` to 0.1 ms; lines that are not JSON objects stay as they are."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            lines.append(line)
            continue
        timings = row.get("timings_ms") if isinstance(row, dict) else None
        if isinstance(row, dict) and (isinstance(row.get("latency_ms"), float) or isinstance(timings, dict)):
            if isinstance(row.get("latency_ms"), float):
                row["latency_ms"] = round(row["latency_ms"], 1)
            if isinstance(timings, dict):  # each stage's time, the same noise
                row["timings_ms"] = {k: round(v, 1) if isinstance(v, float) else v for k, v in timings.items()}
            line = json.dumps(row, ensure_ascii=False)
        lines.append(line)
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def pack_folder(folder: Path) -> tuple[int, int]:
    """Pack ``folder`` (and its sub-folders); returns its size in bytes before and after."""
    before = after = 0
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        before += path.stat().st_size
        if path.name == "predictions.jsonl":
            round_latencies(path)
            path = pack_rows(path)
        elif path.suffix == ".png":
            path.write_bytes(shrink_png(path.read_bytes()))
        after += path.stat().st_size
    return before, after


def link_duplicates(folders: list[Path]) -> int:
    """Replace each packed predictions file equal to an earlier-named folder's by a pointer; returns the bytes saved.

    The kept copy is the one whose folder name sorts first among all result folders, so a rerun links the same way.
    """
    kept: dict[bytes, Path] = {}
    for packed in sorted(RESULTS.glob("*/predictions.jsonl.gz")):
        kept.setdefault(packed.read_bytes(), packed)
    saved = 0
    for folder in folders:
        packed = folder / "predictions.jsonl.gz"
        if not packed.exists():
            continue
        original = kept.get(packed.read_bytes())
        if original is not None and original.resolve() != packed.resolve():
            plain = folder / "predictions.jsonl"
            linked_path(plain).write_text(f"../{original.parent.name}/predictions.jsonl\n", encoding="utf-8")
            saved += packed.stat().st_size
            packed.unlink()
    return saved


def repack_rows(folder: Path) -> tuple[int, int]:
    """Round the latencies of ``folder``'s packed predictions in place (plots untouched); sizes before and after."""
    packed = folder / "predictions.jsonl.gz"
    if not packed.exists():
        return 0, 0
    before = packed.stat().st_size
    plain = folder / "predictions.jsonl"
    plain.write_bytes(gzip.decompress(packed.read_bytes()))
    round_latencies(plain)
    return before, pack_rows(plain).stat().st_size


def main(argv: list[str]) -> int:
    """Pack the folders named in ``argv`` (default: every result folder); prints the sizes."""
    rows_only = "--rows-only" in argv
    argv = [a for a in argv if a != "--rows-only"]
    folders = [Path(a) for a in argv] or sorted(p for p in RESULTS.iterdir() if p.is_dir())
    total_before = total_after = 0
    for folder in folders:
        if not folder.is_dir():
            print(f"not a folder: {folder}", file=sys.stderr)
            return 2
        before, after = repack_rows(folder) if rows_only else pack_folder(folder)
        total_before, total_after = total_before + before, total_after + after
    saved = link_duplicates(folders)
    print(f"{len(folders)} folders: {total_before / 1e6:.1f} MB -> {(total_after - saved) / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

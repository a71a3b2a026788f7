"""The Ray engine (veracity.scale): the same rows as the local runner, in order, resumable, and an actor killed mid-run.

The Ray tests start a real local Ray cluster (2 CPUs) and run the real shipped verifier in its actors. They skip
when Ray is not installed (`pip install 'veracity[ray]'`; `make test` installs it). The chunk planning and the
missing-Ray error need no cluster.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import FIXTURES, has_ray, needs_ray
from veracity.batch import iter_records, parse_record, run_batch
from veracity.cli import app
from veracity.detectors import load_detector
from veracity.errors import ConfigError, InputError
from veracity.scale import plan_chunks, read_chunk, start_ray, stop_ray

GENERIC = f"jsonl:{FIXTURES / 'generic.jsonl'}"


def town_records(n: int) -> list[dict[str, object]]:
    """``n`` question-answering records, half of them with a wrong count (the verifier's kind of check)."""
    records = []
    for i in range(n):
        bridges = i % 7 + 2
        claimed = bridges if i % 2 == 0 else bridges + 5
        records.append(
            {
                "id": f"town-{i}",
                "question": f"How many bridges has Town {i}?",
                "answer": f"Town {i} has {claimed} bridges.",
                "context": [f"Town {i} lies on the river Elb. It has {bridges} bridges and a market."],
            }
        )
    return records


def write_jsonl(path: Path, rows: list[object], extra_lines: dict[int, bytes] | None = None) -> Path:
    """``rows`` as JSONL; ``extra_lines`` puts raw lines (bad records, blank lines) before the given row index."""
    with path.open("wb") as out:
        for index, row in enumerate(rows):
            if extra_lines and index in extra_lines:
                out.write(extra_lines[index] + b"\n")
            out.write(json.dumps(row).encode() + b"\n")
    return path


def without_timings(value: object) -> object:
    if isinstance(value, dict):
        return {k: without_timings(v) for k, v in value.items() if k not in ("timings_ms", "latency_ms")}
    if isinstance(value, list):
        return [without_timings(v) for v in value]
    return value


# "The same rows" (docs/scale.md): every field equal, numbers to 1e-6. An actor runs torch with as many threads as it
# has CPUs, and float32 sums in another thread count differ in their last bits (0.1245160698890686 locally against
# 0.12451612949371338 on Ray, on a machine with more cores than an actor); verdicts, spans and order do not.
SCORE_TOLERANCE = 1e-6


def row_differences(a: object, b: object) -> list[str]:
    """Where rows ``a`` and ``b`` differ: numbers by more than the tolerance, anything else at all (not timings)."""
    return _differences(without_timings(a), without_timings(b), "")


def _differences(a: object, b: object, where: str) -> list[str]:
    numbers = (int, float)
    if isinstance(a, numbers) and isinstance(b, numbers) and not isinstance(a, bool) and not isinstance(b, bool):
        return [] if abs(a - b) <= SCORE_TOLERANCE else [f"{where}: {a!r} != {b!r}"]
    if isinstance(a, dict) and isinstance(b, dict):
        if a.keys() != b.keys():
            return [f"{where}: keys {sorted(a)} != {sorted(b)}"]
        return [d for key in a for d in _differences(a[key], b[key], f"{where}.{key}")]
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return [f"{where}: {len(a)} items != {len(b)}"]
        return [d for i, (x, y) in enumerate(zip(a, b, strict=True)) for d in _differences(x, y, f"{where}[{i}]")]
    return [] if a == b and type(a) is type(b) else [f"{where}: {a!r} != {b!r}"]


def read_jsonl(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# --- no cluster needed ---------------------------------------------------------------------------------------------


def test_chunks_cover_every_record_with_the_local_runners_line_numbers(tmp_path):
    extra = {0: b"", 2: b"{not json", 3: b"   ", 5: b"\xff\xfe bad utf-8", 7: b'{"answer": 1, "context": "x"}'}
    path = write_jsonl(tmp_path / "in.jsonl", town_records(9), extra)
    with path.open("ab") as out:
        out.write(b'{"id": "crlf", "answer": "A.", "context": "B."}\r\n')  # no newline after the last line either
        out.write(b'{"id": "last", "answer": "A.", "context": "B."}')
    local = [(r.line, r.id, r.problem) for r in iter_records(path)]
    for size in (1, 2, 3, 4, 100):
        chunks, total = plan_chunks(path, size)
        assert total == len(local)
        assert all(len(read_chunk(chunk)) <= size for chunk in chunks)
        read = [parse_record(raw, line) for chunk in chunks for line, raw in read_chunk(chunk)]
        assert [(r.line, r.id, r.problem) for r in read] == local, size


def test_an_empty_input_has_no_chunks_and_a_missing_one_is_an_input_error(tmp_path):
    (tmp_path / "empty.jsonl").write_text("\n\n", encoding="utf-8")
    assert plan_chunks(tmp_path / "empty.jsonl") == ([], 0)
    with pytest.raises(Exception, match="cannot read"):
        plan_chunks(tmp_path / "missing.jsonl")


def test_parquet_rows_become_records_numbered_across_files_and_row_groups(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet", reason="pyarrow comes with veracity[ray]")
    import pyarrow as pa

    folder = tmp_path / "parquet"
    folder.mkdir()
    rows = town_records(7)
    pq.write_table(pa.Table.from_pylist(rows[:5]), folder / "a.parquet", row_group_size=2)
    pq.write_table(pa.Table.from_pylist(rows[5:]), folder / "b.parquet")
    chunks, total = plan_chunks(folder)
    assert total == 7 and [c.row_group for c in chunks] == [0, 1, 2, 0]
    read = [(line, json.loads(raw)) for chunk in chunks for line, raw in read_chunk(chunk)]
    assert [line for line, _ in read] == list(range(1, 8))
    assert [row for _, row in read] == rows
    (tmp_path / "fake.parquet").write_text("not parquet", encoding="utf-8")
    with pytest.raises(Exception, match=r"cannot read .* as Parquet"):
        plan_chunks(tmp_path / "fake.parquet")


def test_the_same_rows_means_every_field_equal_and_scores_to_1e_6():
    local = {"id": "g2", "predicted": 0, "raw_score": 0.1245160698890686, "spans": [], "latency_ms": 40.1}
    on_ray = {**local, "raw_score": 0.12451612949371338, "latency_ms": 95.0}  # the pair seen on one machine
    assert row_differences([local], [on_ray]) == []
    assert row_differences(local, {**local, "raw_score": 0.1245}) == [".raw_score: 0.1245160698890686 != 0.1245"]
    assert row_differences(local, {**local, "predicted": 1}) and row_differences(local, {**local, "spans": [[0, 5]]})
    assert row_differences(local, {**local, "predicted": False}) and row_differences(local, {**local, "id": "g3"})


def test_engine_ray_without_ray_fails_at_once_with_the_install_command(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # an import of ray now raises ImportError
    path = write_jsonl(tmp_path / "in.jsonl", town_records(2))
    started = time.perf_counter()
    result = CliRunner().invoke(
        app, ["detect", "--input", str(path), "--output", str(tmp_path / "o.jsonl"), "--engine", "ray"]
    )
    assert result.exit_code == 2
    assert "pip install 'veracity[ray]'" in result.output
    assert time.perf_counter() - started < 5 and not (tmp_path / "o.jsonl").exists()
    result = CliRunner().invoke(app, ["eval", "--dataset", GENERIC, "--out", str(tmp_path / "e"), "--engine", "ray"])
    assert result.exit_code == 2 and "pip install 'veracity[ray]'" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--engine", "spark"], "--engine must be one of local, ray"),
        (["--engine", "ray", "--workers", "0"], "workers"),
        (["--engine", "ray", "--batch-size", "0"], "batch_size"),
        (["--engine", "ray", "--server", "http://127.0.0.1:1"], "cannot be used with --server"),
        (["--engine", "ray", "--address", "ray://127.0.0.1:1"], "cannot start or reach the Ray cluster"),
    ],
)
def test_bad_engine_options_are_refused_before_anything_runs(tmp_path, args, message):
    if "ray" in args and not has_ray():
        pytest.skip("Ray is not installed")
    path = write_jsonl(tmp_path / "in.jsonl", town_records(2))
    result = CliRunner().invoke(app, ["detect", "--input", str(path), "--output", str(tmp_path / "o.jsonl"), *args])
    assert result.exit_code == 2 and message in result.output
    assert not (tmp_path / "o.jsonl").exists()


def test_gpu_actors_run_the_models_on_cuda_unless_a_device_is_chosen():
    from veracity.scale import RaySettings, actor_settings

    assert actor_settings("verifier", {}, RaySettings()) == {}
    assert actor_settings("verifier", {"mode": "chunked"}, RaySettings(gpus_per_worker=1)) == {
        "mode": "chunked",
        "device": "cuda",
    }
    assert actor_settings("grounding", {"device": "cuda:1"}, RaySettings(gpus_per_worker=0.5)) == {"device": "cuda:1"}
    with pytest.raises(ConfigError, match="device"):
        actor_settings("verifier", {"device": "gpu0"}, RaySettings())
    with pytest.raises(ConfigError, match="unknown detector"):
        actor_settings("no-such-detector", {}, RaySettings())


# --- on a local Ray cluster ----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ray_cluster():
    """One local cluster for the module (each job still starts its own actors, which load the verifier)."""
    if not has_ray():
        pytest.skip("Ray is not installed: pip install 'veracity[ray]'")
    import ray

    start_ray(ray, num_cpus=2, include_dashboard=False, logging_level="WARNING", object_store_memory=256 << 20)
    yield ray
    stop_ray(ray)


@needs_ray
def test_ray_batch_of_20_records_with_2_workers_equals_the_local_runner_and_resumes(tmp_path, ray_cluster):
    from veracity.scale import RaySettings, run_batch_ray

    extra = {3: b"{not json", 11: b"", 12: b'{"id": "no-answer", "context": "x"}'}
    path = write_jsonl(tmp_path / "in.jsonl", town_records(20), extra)
    local_out = tmp_path / "local.jsonl"
    local = run_batch(load_detector("verifier"), path, local_out, progress=False)
    assert (local.ok, local.failed) == (20, 2)

    # Resume: the first 7 reports are already written (and one interrupted half line after them).
    ray_out = tmp_path / "ray.jsonl"
    done = read_jsonl(local_out)
    kept = [row for row in done if "report" in row][:7]
    ray_out.write_text("".join(json.dumps(r) + "\n" for r in kept) + '{"id": "town-9", "li', encoding="utf-8")
    errors: list[str] = []
    counts = run_batch_ray(
        "verifier", {}, path, ray_out, RaySettings(workers=2, batch_size=3), on_error=errors.append, progress=False
    )
    assert (counts.ok, counts.failed, counts.skipped) == (13, 2, 7)
    assert len(errors) == 2 and "not valid JSON" in errors[0] and "'answer' must be a string" in errors[1]
    rows = read_jsonl(ray_out)[7:]  # every line whole: the interrupted one was cut before appending
    expected = [row for row in done if row not in kept]
    assert [r["id"] for r in rows] == [r["id"] for r in expected]  # input order, no duplicates
    assert row_differences(rows, expected) == []  # labels, spans, evidence the same; scores to 1e-6


@needs_ray
def test_ray_batch_whose_records_share_an_id_reports_each_once_after_an_interruption(tmp_path, ray_cluster):
    """Issue 68 §1: the Ray engine knows a record by its line, as the local runner does; a resume skips exactly the
    lines done, and one over an output of another input is refused before the cluster runs anything."""
    from veracity.scale import RaySettings, run_batch_ray

    context = "The Growth plan allows 250 requests per second in live mode."
    records = [
        {"id": "a1", "answer": f"The Growth plan allows {n} requests per second in live mode.", "context": context}
        for n in (250, 900, 250, 900)
    ]
    path = write_jsonl(tmp_path / "dup.jsonl", records, {2: b"{broken"})
    out = tmp_path / "out.jsonl"
    settings = RaySettings(workers=1, batch_size=2)
    first = run_batch_ray("grounding", {}, path, out, settings, progress=False)
    assert (first.ok, first.failed) == (4, 1)
    whole = read_jsonl(out)
    assert "error" in whole[2]
    out.write_text(json.dumps(whole[0]) + "\n" + json.dumps(whole[2]) + "\n", encoding="utf-8")  # interrupted
    resumed = run_batch_ray("grounding", {}, path, out, settings, progress=False)
    assert (resumed.ok, resumed.failed, resumed.skipped) == (3, 1, 1)  # the failed line 3 was tried again
    rows = read_jsonl(out)
    assert sorted(r["line"] for r in rows) == [1, 2, 3, 4, 5]
    by_line = {r["line"]: r.get("report", {}).get("verdict") for r in rows}
    assert by_line == {1: "faithful", 2: "hallucinated", 3: None, 4: "faithful", 5: "hallucinated"}
    path.write_text("".join(json.dumps(r) + "\n" for r in reversed(records)), encoding="utf-8")
    with pytest.raises(InputError, match="was written from another input"):
        run_batch_ray("grounding", {}, path, out, settings, progress=False)


@needs_ray
def test_eval_on_ray_writes_the_same_predictions_as_the_local_harness(tmp_path, ray_cluster):
    local = CliRunner().invoke(app, ["eval", "--dataset", GENERIC, "--out", str(tmp_path / "local"), "-d", "verifier"])
    assert local.exit_code == 0, local.output
    on_ray = CliRunner().invoke(
        app,
        ["eval", "--dataset", GENERIC, "--out", str(tmp_path / "ray"), "-d", "verifier", "--engine", "ray"],
    )
    assert on_ray.exit_code == 0, on_ray.output
    a, b = read_jsonl(tmp_path / "local" / "predictions.jsonl"), read_jsonl(tmp_path / "ray" / "predictions.jsonl")
    assert len(a) == 3 and [row["id"] for row in a] == [row["id"] for row in b]
    assert row_differences(a, b) == []  # verdicts, spans, shapes the same; scores to 1e-6
    metrics = json.loads((tmp_path / "ray" / "metrics.json").read_text(encoding="utf-8"))
    assert metrics["n"] == 3 and metrics["engine"] == "ray"


class _FlakyRay:
    """A stand-in for the ``ray`` module whose first ``init`` fails, as a real head's GCS start did once in CI
    (a real Ray cannot be made to miss its port-file wait on demand)."""

    def __init__(self, failures: int) -> None:
        self.failures, self.calls = failures, []

    def init(self, **options: object) -> None:
        self.calls.append("init")
        if self.failures:
            self.failures -= 1
            raise RuntimeError("Timed out waiting for file /tmp/ray/session_x/gcs_server_port_y")

    def shutdown(self, *, wait_for_processes: bool = False) -> None:
        self.calls.append("shutdown")


def test_start_ray_tries_a_local_start_once_more_and_a_remote_cluster_once():
    flaky = _FlakyRay(failures=1)
    start_ray(flaky, num_cpus=2)
    assert flaky.calls == ["init", "shutdown", "init"]
    twice = _FlakyRay(failures=2)
    with pytest.raises(RuntimeError, match="gcs_server_port"):
        start_ray(twice, num_cpus=2)
    assert twice.calls == ["init", "shutdown", "init", "shutdown"]
    remote = _FlakyRay(failures=1)
    with pytest.raises(RuntimeError):
        start_ray(remote, address="ray://10.0.0.1:10001")
    assert remote.calls == ["init", "shutdown"]

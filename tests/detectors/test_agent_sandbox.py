"""The agent's calculator and code sandbox (LEAP Table 11): real subprocesses, nothing mocked."""

from __future__ import annotations

import socket
import threading

import pytest

from veracity.detectors.leap.sandbox import SandboxLimits, calculator, run_code
from veracity.errors import InputError

FAST = SandboxLimits(cpu_seconds=2, wall_seconds=4.0)


def test_calculator_evaluates_arithmetic_by_hand():
    assert calculator("2 + 3 * 4") == 14.0
    assert calculator("(1,200 - 200) * 15%") == 150.0
    assert calculator("sqrt(16) + abs(-2) + max(1, 5)") == 11.0
    assert calculator("-2 ** 2") == -4.0
    assert calculator("7 // 2 + 7 % 2") == 4.0


@pytest.mark.parametrize(
    "formula",
    ["", "__import__('os').system('ls')", "x + 1", "(1).__class__", "open('/etc/passwd')", "9 ** 9 ** 9",
     "1 / 0", "10 ** 400", "[1, 2]", "lambda: 1", "1 +"],
)  # fmt: skip
def test_calculator_refuses_anything_but_arithmetic_with_a_clear_error(formula):
    with pytest.raises(InputError):
        calculator(formula)


def test_a_snippet_runs_and_its_output_comes_back():
    result = run_code("import math\nprint(sum(range(10)), round(math.pi, 2))", FAST)
    assert (result.ok, result.reason, result.stdout.strip()) == (True, "ok", "45 3.14")
    assert run_code("open('note.txt', 'w').write('x')\nprint(open('note.txt').read())", FAST).stdout.strip() == "x"
    failed = run_code("1 / 0", FAST)
    assert (failed.ok, failed.reason) == (False, "error") and "ZeroDivisionError" in failed.stderr


def test_an_infinite_loop_is_stopped_by_the_cpu_limit():
    result = run_code("while True:\n    pass", FAST)
    assert not result.ok and result.reason in ("killed", "timeout")


def test_a_sleeping_snippet_is_stopped_by_the_wall_clock():
    result = run_code("import time\ntime.sleep(60)", SandboxLimits(wall_seconds=1.0))
    assert (result.ok, result.reason) == (False, "timeout")


def test_a_fork_bomb_fails_at_its_first_fork():
    for code in (
        "import os\nwhile True:\n    os.fork()",
        "import multiprocessing as m\nm.Process(target=print).start()",
    ):
        result = run_code(code, FAST)
        assert not result.ok and result.reason in ("refused", "killed")


def test_files_outside_the_sandbox_cannot_be_read_or_written(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("the user's data")
    for code in (
        "print(open('/etc/passwd').read())",
        "print(open('../../../../../../etc/passwd').read())",
        f"print(open({str(secret)!r}).read())",
        f"open({str(tmp_path / 'planted.txt')!r}, 'w').write('x')",
        f"import os\nos.open({str(tmp_path / 'planted2.txt')!r}, os.O_WRONLY | os.O_CREAT)",
    ):
        result = run_code(code, FAST)
        assert (result.ok, result.reason) == (False, "refused"), code
        assert "the user's data" not in result.stdout and "root:" not in result.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["secret.txt"]


def test_a_socket_connection_fails_even_to_a_listening_local_server():
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    accepted: list[object] = []
    server.settimeout(3)

    def accept() -> None:
        try:
            accepted.append(server.accept())
        except OSError:
            pass

    thread = threading.Thread(target=accept)
    thread.start()
    port = server.getsockname()[1]
    result = run_code(f"import socket\nsocket.create_connection(('127.0.0.1', {port}), timeout=2)", FAST)
    thread.join()
    server.close()
    assert not result.ok and result.reason == "refused"
    assert accepted == []


def test_subprocesses_shell_and_ctypes_are_refused():
    for code in ("import os\nos.system('true')", "import subprocess\nsubprocess.run(['true'])", "import ctypes"):
        result = run_code(code, FAST)
        assert (result.ok, result.reason) == (False, "refused"), code


def test_memory_and_output_are_bounded():
    result = run_code("x = bytearray(4 * 1024 ** 3)", FAST)
    assert not result.ok and result.reason == "killed"
    loud = run_code("print('x' * 1_000_000)", SandboxLimits(output_bytes=1000))
    assert loud.ok and len(loud.stdout) < 1100 and loud.stdout.endswith("[output cut]")


def test_empty_code_is_a_clear_error():
    with pytest.raises(InputError):
        run_code("   ")

"""Safe evaluation for the agent's tools: an arithmetic evaluator and a code sandbox (LEAP, Table 11).

``calculator(formula)`` walks the formula's syntax tree and evaluates only numbers, arithmetic operators and a short
list of math functions; it never calls ``eval``. Exponents and factorials are bounded, so ``9**9**9`` is an error,
not a hang.

``run_code(code)`` runs a Python snippet in a separate process, with these layers, each enough on its own against a
careless snippet and together against a hostile one:

1. resource limits (``setrlimit``): CPU seconds, address space, output file size, open files, and no new processes
   (``RLIMIT_NPROC`` = 0 stops a fork bomb at its first fork);
2. a wall-clock timeout, after which the process group is killed;
3. a fresh temporary working directory, an empty environment and Python's isolated mode (``-I``: no user
   site-packages, no ``PYTHON*`` variables);
4. an audit hook installed before the snippet runs (PEP 578), which refuses sockets, subprocesses, ``os.system``,
   forks, ``ctypes``, and any ``open`` of a path outside the temporary directory (reading the interpreter's own
   library is allowed, so imports work);
5. where the kernel allows unprivileged user namespaces, a private network namespace with no interfaces
   (``unshare --user --net``), so even a bypass of the hook finds no network.

A snippet that breaks a rule fails with a reason; the caller's process is never affected.
"""

from __future__ import annotations

import ast
import functools
import math
import operator
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from veracity.errors import InputError

__all__ = ["CodeResult", "SandboxLimits", "calculator", "run_code"]

_MAX_EXPONENT = 10_000
_MAX_MAGNITUDE = 1e300
_MAX_FORMULA = 2_000

_BINARY: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
}
_UNARY: dict[type[ast.unaryop], Callable[[Any], Any]] = {ast.UAdd: operator.pos, ast.USub: operator.neg}
_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "abs": abs,
    "round": round,
    "min": min,
    "max": max,
    "sqrt": math.sqrt,
    "log": math.log,
    "log10": math.log10,
    "exp": math.exp,
    "floor": math.floor,
    "ceil": math.ceil,
    "sin": math.sin,
    "cos": math.cos,
    "tan": math.tan,
}
_CONSTANTS = {"pi": math.pi, "e": math.e}


def calculator(formula: str) -> float:
    """The value of an arithmetic ``formula`` (LEAP Table 11: ``calculator(formula: str) -> float``).

    Numbers, ``+ - * / // % **``, parentheses, ``pi``, ``e``, and the functions abs, round, min, max, sqrt, log,
    log10, exp, floor, ceil, sin, cos, tan. Thousands separators ("1,200") and a percent sign with no operand after
    it ("15%" = 0.15) are read as people write them; "7 % 2" is the remainder.

    Raises:
        InputError: anything else (names, attributes, calls of other functions), a division by zero, an exponent
            above 10,000, a result that is not finite, or a formula over 2,000 characters.

    Example::

        >>> calculator("(1,200 - 200) * 15% + sqrt(16)")
        154.0
    """
    if not formula.strip():
        raise InputError("the formula is empty")
    if len(formula) > _MAX_FORMULA:
        raise InputError(f"the formula is longer than {_MAX_FORMULA} characters")
    text = _people_notation(formula.strip())
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as exc:
        raise InputError(f"not an arithmetic formula: {formula!r}") from exc
    try:
        value = _evaluate(tree.body)
    except ZeroDivisionError as exc:
        raise InputError("division by zero") from exc
    except (OverflowError, ValueError, TypeError) as exc:
        raise InputError(f"cannot evaluate {formula!r}: {exc}") from exc
    result = float(value)
    if not math.isfinite(result):
        raise InputError(f"{formula!r} has no finite value")
    return result


def _people_notation(text: str) -> str:
    import re

    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    # "15%" is a percentage where no operand follows the sign; "7 % 2" stays the remainder.
    return re.sub(r"(\d+(?:\.\d+)?)\s*%(?!\s*[\w(.])", r"(\1/100)", text)


def _evaluate(node: ast.AST) -> Any:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.Name) and node.id in _CONSTANTS:
        return _CONSTANTS[node.id]
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = _evaluate(node.left), _evaluate(node.right)
        if isinstance(node.op, ast.Pow) and abs(right) > _MAX_EXPONENT:
            raise ValueError(f"exponent {right} is above {_MAX_EXPONENT}")
        value = _BINARY[type(node.op)](left, right)
        if isinstance(value, complex) or abs(value) > _MAX_MAGNITUDE:
            raise ValueError("the result is out of range")
        return value
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        return _UNARY[type(node.op)](_evaluate(node.operand))
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _FUNCTIONS
        and not node.keywords
        and 0 < len(node.args) <= 8
    ):
        return _FUNCTIONS[node.func.id](*(_evaluate(arg) for arg in node.args))
    raise ValueError(f"{type(node).__name__} is not allowed in a formula")


@dataclass(frozen=True)
class SandboxLimits:
    """What a snippet may use."""

    cpu_seconds: int = 5
    wall_seconds: float = 10.0
    memory_bytes: int = 512 * 2**20
    output_bytes: int = 64 * 2**10
    file_bytes: int = 1 * 2**20


@dataclass(frozen=True)
class CodeResult:
    """How a snippet ended: ``ok`` iff it exited with status 0 within its limits."""

    ok: bool
    stdout: str
    stderr: str
    reason: str  # "ok", "error", "timeout", "killed" (a resource limit), "refused" (a sandbox rule)
    exit_code: int | None


# Runs inside the sandboxed interpreter before the snippet. The audit hook cannot be removed once added.
_PRELUDE = r"""
import os, sys
_ROOT = os.path.realpath(os.getcwd())
_READABLE = tuple({os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)})
_BLOCKED = ("socket.", "subprocess.", "os.system", "os.exec", "os.spawn", "os.posix_spawn", "os.fork",
            "os.forkpty", "ctypes.", "pty.", "os.kill", "os.killpg", "signal.pthread_kill", "webbrowser.")
def _hook(event, args):
    if event.startswith(_BLOCKED) or (event == "import" and args and args[0] in ("ctypes", "_ctypes")):
        raise PermissionError(f"sandbox: {event} is not allowed")
    if event == "open" and args and isinstance(args[0], (str, bytes)):
        path = os.path.realpath(os.fsdecode(args[0]))
        mode = args[1] if len(args) > 1 else None
        flags = args[2] if len(args) > 2 and isinstance(args[2], int) else 0
        writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or bool(
            flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC))
        if path == _ROOT or path.startswith(_ROOT + os.sep):
            return
        if not writing and path.startswith(_READABLE):
            return
        raise PermissionError(f"sandbox: opening {path} is not allowed")
    if event in ("os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.chmod", "os.symlink", "os.link",
                 "shutil.rmtree", "os.truncate") and args and isinstance(args[0], (str, bytes)):
        path = os.path.realpath(os.fsdecode(args[0]))
        if not (path == _ROOT or path.startswith(_ROOT + os.sep)):
            raise PermissionError(f"sandbox: {event} outside the sandbox is not allowed")
sys.addaudithook(_hook)
del _hook
_code = open("snippet.py", encoding="utf-8").read()
exec(compile(_code, "<snippet>", "exec"), {"__name__": "__main__"})
"""


@functools.cache
def _network_isolation() -> list[str]:
    """``unshare --user --net`` when it works here (a private network namespace), else nothing."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return []
    try:
        done = subprocess.run(
            [unshare, "--user", "--net", "--map-root-user", "true"], capture_output=True, timeout=5, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return []
    return [unshare, "--user", "--net", "--map-root-user"] if done.returncode == 0 else []


def _limit_child(limits: SandboxLimits) -> Callable[[], None]:
    def apply() -> None:
        import resource

        os.setsid()
        resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds))
        resource.setrlimit(resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes))
        resource.setrlimit(resource.RLIMIT_FSIZE, (limits.file_bytes, limits.file_bytes))
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        # No new processes: `unshare` and Python replace themselves (exec) and never fork, so a fork bomb's first
        # fork fails.
        resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))

    return apply


def run_code(code: str, limits: SandboxLimits | None = None) -> CodeResult:
    """Run a Python snippet in the sandbox described in the module docstring (LEAP Table 11: ``code_interpreter``).

    Never raises for what the snippet does: an exception, a limit or a refused operation is a result with
    ``ok=False`` and a reason. The temporary directory is removed afterwards.

    Raises:
        InputError: the snippet is empty or not text.
    """
    if not isinstance(code, str) or not code.strip():
        raise InputError("the code is empty")
    limits = limits or SandboxLimits()
    with tempfile.TemporaryDirectory(prefix="veracity-sandbox-") as folder:
        with open(os.path.join(folder, "snippet.py"), "w", encoding="utf-8") as handle:
            handle.write(code)
        command = [*_network_isolation(), sys.executable, "-I", "-S", "-c", _PRELUDE]
        try:
            process = subprocess.Popen(
                command,
                cwd=folder,
                env={"PATH": "/usr/bin:/bin", "HOME": folder, "TMPDIR": folder, "PYTHONDONTWRITEBYTECODE": "1"},
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                preexec_fn=_limit_child(limits),  # a fresh process group and the limits, before exec
            )
        except OSError as exc:
            return CodeResult(False, "", f"the sandbox could not start: {exc}", "error", None)
        try:
            out, err = process.communicate(timeout=limits.wall_seconds)
        except subprocess.TimeoutExpired:
            _kill_group(process)
            out, err = process.communicate()
            return CodeResult(False, _clip(out, limits), _clip(err, limits), "timeout", None)
        stdout, stderr = _clip(out, limits), _clip(err, limits)
        code_ = process.returncode
        if code_ == 0:
            return CodeResult(True, stdout, stderr, "ok", 0)
        if "sandbox:" in stderr and "PermissionError" in stderr:
            reason = "refused"
        elif code_ < 0 or "MemoryError" in stderr or "BlockingIOError" in stderr:
            reason = "killed"
        else:
            reason = "error"
        return CodeResult(False, stdout, stderr, reason, code_)


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        process.kill()


def _clip(data: bytes, limits: SandboxLimits) -> str:
    text = data[: limits.output_bytes].decode("utf-8", errors="replace")
    return text + ("\n[output cut]" if len(data) > limits.output_bytes else "")

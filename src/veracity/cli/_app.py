"""The application, its shared options and helpers: input reading, ``--set`` parsing, one error-to-exit wrapper."""

from __future__ import annotations

import functools
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, ParamSpec, TypeVar

import typer

from veracity.errors import ConfigError, InputError, VeracityError
from veracity.models.llm.llamacpp import DEFAULT_LOCAL_LLM

if TYPE_CHECKING:
    pass

P = ParamSpec("P")
R = TypeVar("R")

# Set by a one-shot `detect` once its report is out: `veracity.cli.main` may then end the process without teardown.
fast_exit = False

app = typer.Typer(
    name="veracity",
    help="Detect hallucinations in LLM answers against the documents they should rest on.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Help texts are plain: with markup on, "veracity[ray]" lost its "[ray]".
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def handle_errors(command: Callable[P, R]) -> Callable[P, R]:
    """The one place a library error becomes ``veracity: error: MESSAGE`` on stderr and exit status 2."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except VeracityError as exc:
            raise error_exit(str(exc)) from exc

    return run


def _version(value: bool) -> None:
    if value:
        from veracity import __version__

        typer.echo(f"veracity {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", "-V", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Detect hallucinations in LLM answers against the documents they should rest on."""


OutputFormat = Literal["json", "text"]


# Scale-out options, shared by `detect --input` and `eval` (docs/scale.md).
EngineOption = Annotated[str, typer.Option(help="local (this process) or ray (a Ray cluster; veracity[ray]).")]


AddressOption = Annotated[
    str | None, typer.Option(help="--engine ray: auto, ray://HOST:PORT, or none to start a local cluster.")
]


WorkersOption = Annotated[int, typer.Option(help="--engine ray: actors, each loading the detector once.")]


BatchSizeOption = Annotated[int, typer.Option(help="--engine ray: records per actor call.")]


CpusOption = Annotated[float, typer.Option(help="--engine ray: CPUs per actor (its torch threads).")]


GpusOption = Annotated[float, typer.Option(help="--engine ray: GPUs per actor (> 0 runs models on CUDA).")]


def ray_settings_of(engine: str, address: str | None, workers: int, batch_size: int, cpus: float, gpus: float) -> Any:
    """The Ray settings of ``--engine ray`` (None for the local engine); Ray's absence fails here, at once."""
    check_choice("engine", engine, ("local", "ray"))
    if engine == "local":
        return None
    from pydantic import ValidationError

    from veracity.scale import RaySettings, import_ray

    import_ray()
    try:
        return RaySettings(
            # "none" on the command line is the library's None: start a local cluster for the job
            address=None if address is None or address.lower() == "none" else address,
            workers=workers,
            batch_size=batch_size,
            cpus_per_worker=cpus,
            gpus_per_worker=gpus,
        )
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise ConfigError(f"bad --engine ray option: {problems}") from exc


def error_exit(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"veracity: error: {message}", err=True)
    return typer.Exit(code)


def read_text(value: str, option: str | None = None) -> str:
    """A text argument (``--answer``, ``--question``, ``--claim``): ``@PATH``, ``-`` (standard input) or the text.

    Anything but ``@PATH`` and ``-`` is the text itself: never looked up as a path, whatever its length or characters.

    Raises:
        InputError: the ``@`` file is missing, unreadable or not UTF-8 (the message names ``option`` if given).
    """
    if value == "-":
        return _decode(sys.stdin.buffer.read(), "standard input")
    if value.startswith("@"):
        return _read_named(Path(value[1:]), option, AT_FILE_HINT)
    return value


# A value that looks like a file name: one word (no space, no line break) ending in a suffix with a letter in it,
# such as ``notes.txt`` or ``docs/fee.md``. `--context` reads it as a file, so a mistyped path is an error.
FILE_NAME = re.compile(r"[\w./~-]+\.(?=[A-Za-z0-9]{0,4}[A-Za-z])[A-Za-z0-9]{1,5}")

# The longest value looked up as a path (Linux's PATH_MAX): anything longer is text.
PATH_MAX = 4096

AT_FILE_HINT = "a value starting with @ names a file; text that starts with @ can be given on standard input (-)"


def existing_file(value: str) -> Path | None:
    """The file ``value`` names when it names an existing one, else None; never raises.

    A value that cannot be a path — empty, holding a line break or a NUL, longer than :data:`PATH_MAX` bytes, or a
    name the system refuses (too long a component) — is not looked up at all, or its lookup's error means "no file".
    """
    if not value or "\n" in value or "\0" in value:
        return None
    try:
        if len(os.fsencode(value)) > PATH_MAX:
            return None
        path = Path(value)
        return path if path.is_file() else None
    except (OSError, ValueError):  # ENAMETOOLONG and kin; a name that does not encode
        return None


def looks_like_file_name(value: str) -> bool:
    """Whether ``value`` is one word ending in a file suffix (:data:`FILE_NAME`), the way a path is written."""
    return len(value) <= PATH_MAX and FILE_NAME.fullmatch(value) is not None


def read_text_or_file(value: str, option: str) -> tuple[str, Path | None]:
    """A value of an option that takes a file or text (``--context``): its text, and the file it was read from.

    The rule, in this order:

    1. ``-`` is standard input;
    2. ``@FILE`` is that file, which must exist;
    3. a value naming an existing file is that file;
    4. a value that looks like a file name (one word with a suffix, such as ``doc.txt``: :func:`looks_like_file_name`)
       but names no file is an error, not text: a mistyped path must not become the passage checked against;
    5. anything else is the text itself, whatever its length or characters (spaces, line breaks, 5,000 characters):
       it is never stat'ed as a path.

    Raises:
        InputError: an ``@FILE`` or a file-like name that names no readable file, or a file that is not UTF-8.
    """
    if value == "-":
        return _decode(sys.stdin.buffer.read(), "standard input"), None
    if value.startswith("@"):
        return _read_named(Path(value[1:]), option, AT_FILE_HINT), Path(value[1:])
    found = existing_file(value)
    if found is not None:
        return _read_named(found, option, None), found
    if looks_like_file_name(value):
        hint = (
            "a value that looks like a file name is read as a file; to give such a text itself, put it in a file "
            "(@FILE) or on standard input (-)"
        )
        return _read_named(Path(value), option, hint), Path(value)
    return value, None


def check_one_stdin(values: dict[str, list[str]]) -> None:
    """At most one value among the options in ``values`` may be ``-``: standard input can be read once.

    Raises:
        InputError: two values are ``-``.
    """
    readers = [option for option, given in values.items() for value in given if value == "-"]
    if len(readers) > 1:
        raise InputError(f"standard input (-) can be read once, but {' and '.join(readers)} both ask for it")


def _read_named(path: Path, option: str | None, hint: str | None) -> str:
    """:func:`read_file`, its error naming the option and, for a missing file, how the value was read."""
    try:
        return read_file(path)
    except InputError as exc:
        message = f"{option}: {exc}" if option else str(exc)
        if hint and not os.path.exists(path):  # os.path: a name too long is "missing", not an OSError
            message += f" ({hint})"
        raise InputError(message) from exc


def read_file(path: Path) -> str:
    """A UTF-8 text file's contents.

    Raises:
        InputError: the file is missing, unreadable or not UTF-8.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from exc
    return _decode(data, str(path))


def _decode(data: bytes, where: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{where} is not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start}); convert it first, "
            "e.g. `iconv -f latin1 -t utf-8`"
        ) from exc


def parse_settings(items: list[str] | None) -> dict[str, Any]:
    """``key=value`` pairs; values are parsed as JSON when they can be (``top_k=5``, ``flag=true``).

    Raises:
        InputError: an item has no ``=``.
    """
    settings: dict[str, Any] = {}
    for item in items or []:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise InputError(f"--set expects key=value, got {item!r}")
        try:
            settings[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            settings[key.strip()] = raw
    return settings


LLM_HELP = "LLM of the llm stages: catalog name, .gguf path, or an OpenAI-compatible base URL."


DEFAULT_LLM = DEFAULT_LOCAL_LLM


def check_choice(option: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ConfigError(f"--{option} must be one of {', '.join(choices)}, not {value!r}")


def llm_of_spec(spec: str) -> Any:
    from veracity.models.llm import load_llm

    return load_llm(spec)

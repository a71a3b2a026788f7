"""The application, its shared options and helpers: input reading, ``--set`` parsing, one error-to-exit wrapper."""

from __future__ import annotations

import functools
import json
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
            raise _fail(str(exc)) from exc

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


def _ray_settings(engine: str, address: str | None, workers: int, batch_size: int, cpus: float, gpus: float) -> Any:
    """The Ray settings of ``--engine ray`` (None for the local engine); Ray's absence fails here, at once."""
    _check_choice("engine", engine, ("local", "ray"))
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


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"veracity: error: {message}", err=True)
    return typer.Exit(code)


def read_text(value: str) -> str:
    """A text argument: ``@PATH`` reads a file, ``-`` reads standard input, anything else is the text itself.

    Raises:
        InputError: the file is missing or not UTF-8.
    """
    if value == "-":
        return _decode(sys.stdin.buffer.read(), "standard input")
    if value.startswith("@"):
        return read_file(Path(value[1:]))
    return value


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


def _check_choice(option: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ConfigError(f"--{option} must be one of {', '.join(choices)}, not {value!r}")


def _load_llm(spec: str) -> Any:
    from veracity.models.llm import load_llm

    return load_llm(spec)

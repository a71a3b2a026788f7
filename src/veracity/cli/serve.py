"""``veracity serve``: the HTTP service."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from veracity.errors import InputError, VeracityError
from veracity.registry import DEFAULT_DETECTOR

if TYPE_CHECKING:
    pass

from veracity.cli._app import app, error_exit, handle_errors, parse_settings


@app.command()
@handle_errors
def serve(
    host: Annotated[str, typer.Option(help="Address to bind. Anything but loopback requires API keys.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port.")] = 8000,
    data_dir: Annotated[
        Path | None, typer.Option(help="Jobs database folder (default $VERACITY_DATA_DIR or ~/.local/share/veracity).")
    ] = None,
    api_keys_file: Annotated[
        Path | None,
        typer.Option(help="API keys, one per line (or sha256:HEX); $VERACITY_API_KEYS adds comma-separated keys."),
    ] = None,
    detector: Annotated[str, typer.Option("--detector", "-d", help="Default detector of requests.")] = DEFAULT_DETECTOR,
    settings: Annotated[
        list[str] | None, typer.Option("--set", help="Service setting key=value (see docs/service.md); repeatable.")
    ] = None,
    index: Annotated[
        list[str] | None,
        typer.Option("--index", help="NAME=DIR: a knowledge index requests may name (open domain); repeatable."),
    ] = None,
) -> None:
    """Run the HTTP service: /v1/detect, batch jobs, the web page at /, /metrics (docs/service.md)."""
    try:
        import uvicorn

        from veracity.server.app import create_app
        from veracity.server.security import load_key_hashes
        from veracity.server.settings import ServiceSettings
    except ImportError as exc:
        raise error_exit(f"the service needs its extra: pip install 'veracity[serve]' ({exc.name} is missing)") from exc
    try:
        values: dict[str, Any] = {"host": host, "port": port, "default_detector": detector, **parse_settings(settings)}
        if data_dir is not None:
            values["data_dir"] = data_dir
        values["api_key_hashes"] = load_key_hashes(api_keys_file)
        values.setdefault("warm_detectors", [detector])
        for item in index or []:
            name, sep, folder = item.partition("=")
            if not sep or not name or not folder:
                raise InputError(f"--index takes NAME=DIR, got {item!r}")
            if not (Path(folder).expanduser() / "manifest.json").exists():
                raise InputError(
                    f"--index {name}: no knowledge index in {folder} (build one with `veracity index build`)"
                )
            values.setdefault("indexes", {})[name] = Path(folder).expanduser().resolve()
        service = ServiceSettings.model_validate(values)
    except (VeracityError, ValueError) as exc:
        raise error_exit(str(exc)) from exc
    if service.requires_keys and not service.api_key_hashes:
        raise error_exit(
            f"--host {host} accepts connections from other machines: give API keys (--api-keys-file or "
            "$VERACITY_API_KEYS), or bind to 127.0.0.1"
        )
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    typer.echo(f"veracity serving on http://{host}:{port} (data in {service.data_dir})", err=True)
    uvicorn.run(create_app(service), host=host, port=port, log_level="info", server_header=False)
